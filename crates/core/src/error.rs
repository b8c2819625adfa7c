//! The two ways an action or position can be refused: it is not written correctly
//! (a [`NotationError`]), or it is written correctly but the rules forbid it here
//! (an [`IllegalAction`]).

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

/// A well-formed action the rules do not allow in this state.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("illegal action {action}: {reason}")]
pub struct IllegalAction {
    /// The refused action, in the game's notation.
    pub action: String,
    pub reason: String,
}
