//! The catalog's error: why it could not do what was asked, from a spec that does not read
//! to a record that does not replay.

use thiserror::Error;
use trio_ai::MatchError;
use trio_core::{Cause, NotationError, PlayError, ReplayError, Seat};

use crate::agent::AgentError;
use crate::spec::{GameSpec, SpecError};

/// Why the catalog could not do what was asked. Variants whose message already says the
/// wrapped error's keep it as data rather than as a `source`, so a printed error chain
/// does not say it twice.
#[derive(Clone, Debug, Error)]
pub enum CatalogError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// Options the game refuses: the game's own `OptionsError`.
    #[error(transparent)]
    Options(Cause),
    #[error("the record is of {recorded}, not {expected}")]
    OtherGame {
        recorded: GameSpec,
        expected: GameSpec,
    },
    #[error("{path}: {reason}")]
    Definition { path: String, reason: String },
    #[error("the record's definition files are not the ones this {spec} game was built with")]
    OtherDefinitions { spec: GameSpec },
    #[error("bad position: {}", trio_core::shorten(&.0.to_string(), 300))]
    Position(NotationError),
    #[error("{spec} has {seats} seats; {given} were given")]
    SeatCount {
        spec: GameSpec,
        seats: usize,
        given: usize,
    },
    #[error("{game} has no {seat}")]
    NoSuchSeat { game: &'static str, seat: Seat },
    /// The referee refused a seat's bot, or the rules an action.
    #[error(transparent)]
    Seat(#[from] PlayError),
    #[error(transparent)]
    Agent(#[from] AgentError),
    #[error("no seat is to move in this position")]
    NoMover,
    #[error("the record does not replay: {0}")]
    Replay(ReplayError),
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A line of a book of starts is neither a seed nor a position of the game.
    #[error("book line {line}: {reason}")]
    Book { line: usize, reason: String },
}

impl CatalogError {
    /// Options a game refuses, with the game's own error.
    pub fn options(error: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self::Options(std::sync::Arc::new(error))
    }
}
