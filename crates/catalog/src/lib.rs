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
//! - [`Encoding`] numbers each game's actions and writes its views as tensors, for
//!   learning frameworks (the Python package, `docs/python.md`).

mod agent;
mod any;
mod definitions;
mod encoding;
mod error;
mod games;
mod kinds;
mod spec;
mod ugi;

pub use agent::{default_judge_level, level_anchors, AgentError, AgentSpec, LEVELS};
pub use any::{
    build, build_with, record_game, AnyGame, BotThought, BotTurn, HintJob, LegalMoves, Live,
    MatchPlan, ShownAction,
};
pub use definitions::{Definitions, MAX_DEFINITION_BYTES};
pub use encoding::Encoding;
pub use error::CatalogError;
pub use games::{Analysis, CatalogGame, Hint, KindVisitor};
pub use kinds::{GameKind, KindInfo, KINDS};
pub use spec::{excerpt, GameSpec, SpecError, MAX_SPEC_LEN};
pub use ugi::UgiBot;

/// Parses and builds a spec in one step.
pub fn game(spec: &str) -> Result<std::sync::Arc<dyn AnyGame>, CatalogError> {
    build(&spec.parse()?)
}
