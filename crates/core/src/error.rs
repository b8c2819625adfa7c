//! The ways an action or position can be refused: it is not written correctly
//! (a [`NotationError`]), or it is written correctly but the rules forbid it here
//! (an [`IllegalAction`], carrying the [`Breach`] of a named rule).

use std::collections::BTreeMap;

use serde::Serialize;
use thiserror::Error;

/// Text that does not follow a game's notation. The message says what is wrong and
/// where, in short lowercase words (`"rank 7 does not exist"`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct NotationError {
    pub message: String,
}

impl NotationError {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

/// Which rule an action breaks: a stable id naming a rule or ruling of `docs/rules/`
/// (`gyges.exact-steps`, `triles.edge-match`), its arguments, and an English sentence.
///
/// The id and arguments are for programs (the browser shows the sentence in the page's
/// language from them); the message is for people reading English.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Breach {
    pub rule: String,
    pub args: BTreeMap<String, String>,
    pub message: String,
}

impl Breach {
    /// The rule id every game falls back on when it cannot say more.
    pub const NOT_LEGAL: &'static str = "core.not-legal";
    /// Acting after the end.
    pub const GAME_OVER: &'static str = "core.game-over";
    /// A chance outcome the pending event cannot have.
    pub const IMPOSSIBLE_CHANCE: &'static str = "core.impossible-chance";

    pub fn new(rule: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            rule: rule.into(),
            args: BTreeMap::new(),
            message: message.into(),
        }
    }

    /// Adds an argument the message speaks of (`piece`, `steps`), for translations.
    pub fn with(mut self, name: &str, value: impl ToString) -> Self {
        self.args.insert(name.to_owned(), value.to_string());
        self
    }
}

/// A well-formed action the rules do not allow in this state.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal action {action}: {}", breach.message)]
pub struct IllegalAction {
    /// The refused action, in the game's notation.
    pub action: String,
    pub breach: Breach,
}
