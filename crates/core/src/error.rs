//! The ways an action or position can be refused: it is not written correctly
//! (a [`NotationError`]), or it is written correctly but the rules forbid it here
//! (an [`IllegalAction`], carrying the [`Breach`] of a named rule).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;
use thiserror::Error;

/// The game's own error inside a [`NotationError`], kept typed: match the variant and
/// `downcast_ref` it (to a game's `SetupError`, say).
pub type Cause = Arc<dyn std::error::Error + Send + Sync>;

/// Text a game cannot read. The message is the game's own error's: what is wrong and
/// where, in short lowercase words (`"rank 7 does not exist"`).
#[derive(Clone, Debug, Error)]
pub enum NotationError {
    /// The text does not follow the notation.
    #[error(transparent)]
    Syntax(Cause),
    /// The text writes a position, but one that cannot occur: the cause is the game's
    /// setup error, listing every reason.
    #[error(transparent)]
    Impossible(Cause),
}

impl NotationError {
    /// A syntax error said in words, for games without an error type of their own.
    pub fn new(message: impl Into<String>) -> Self {
        Self::Syntax(Arc::from(Box::<dyn std::error::Error + Send + Sync>::from(
            message.into(),
        )))
    }

    /// A syntax error of the game's own type.
    pub fn syntax(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Syntax(Arc::new(error))
    }

    /// A position that reads but cannot occur, with the game's setup error.
    pub fn impossible(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Impossible(Arc::new(error))
    }

    /// The game's own error.
    pub fn cause(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        match self {
            Self::Syntax(cause) | Self::Impossible(cause) => cause.as_ref(),
        }
    }
}

/// Equal when of the same kind with the same message: the causes' types differ by game.
impl PartialEq for NotationError {
    fn eq(&self, other: &Self) -> bool {
        let kind = |e: &Self| matches!(e, Self::Impossible(_));
        kind(self) == kind(other) && self.to_string() == other.to_string()
    }
}

impl Eq for NotationError {}

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
