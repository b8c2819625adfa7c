//! Agents for the trio games. Written against [`trio_core::Game`] alone, for every game: a
//! random mover, Monte Carlo tree search that handles chance, hidden information and 2–4
//! seats, the strength levels offered to people, and a match runner to measure them (see
//! `docs/ai.md`). For Gygès alone, an alpha-beta engine ([`gyges`]).

mod evaluator;
pub mod gyges;
mod levels;
mod mcts;
mod node;
mod random;
mod runner;
mod stats;

pub use evaluator::{Evaluator, Heuristic, RandomRollout, NEUTRAL_REWARD};
pub use gyges::{AlphaBetaBot, GygesEngine};
pub use levels::{bot_for_level, gyges_bot_for_level, gyges_level_limit, level_config, LEVELS};
pub use mcts::{MctsBot, MctsConfig, SearchLimit, SearchReport};
pub use random::RandomBot;
pub use runner::{play_game, run_match, AgentSummary, GameRecord, MatchError, MatchSummary};
pub use stats::{wilson_interval, Interval, Z_95};
