//! The catalog: every trio game named as data, and one face over games of every kind.
//!
//! - [`KINDS`] is the one table of the games: name, title, seats and the options each game
//!   crate declares ([`trio_core::options`]); [`GameKind::visit`] is the one place where a
//!   kind becomes its game type, for code written once for every [`CatalogGame`].
//! - A [`GameSpec`] names a game with its options as a string that reads back the same
//!   (`gyges(variant=official)`, `orbit(players=3,order=rgb)`), serde-friendly so that a
//!   JSON request and a database row rebuild a game the same way.
//! - [`build`] turns a spec into an [`AnyGame`], an object-safe face over any
//!   [`trio_core::Game`]: one map can hold games of all kinds, and [`AnyGame::start`]
//!   gives a [`Live`] game driven by the core referee.
//! - An [`AgentSpec`] names who plays a seat: `human`, `random`, `ai:1`–`ai:5`, `mcts:N`,
//!   `ugi:<command>`; each game keeps its own table of levels.

mod agent;
mod any;
mod definitions;
mod games;
mod kinds;
mod spec;
mod ugi;

use thiserror::Error;
use trio_ai::MatchError;
use trio_core::{Cause, NotationError, PlayError, ReplayError, Seat};

pub use agent::{AgentError, AgentSpec, LEVELS};
pub use any::{
    build, build_with, record_game, AnyGame, BotThought, BotTurn, HintJob, LegalMoves, Live,
    MatchPlan, ShownAction,
};
pub use definitions::{Definitions, MAX_DEFINITION_BYTES};
pub use games::{CatalogGame, Hint};
pub use kinds::{GameKind, KindInfo, KindVisitor, KINDS};
pub use spec::{excerpt, GameSpec, SpecError, MAX_SPEC_LEN};
pub use ugi::UgiBot;

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
    /// The referee refused a seat's bot.
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

/// Parses and builds a spec in one step.
pub fn game(spec: &str) -> Result<std::sync::Arc<dyn AnyGame>, CatalogError> {
    build(&spec.parse()?)
}
