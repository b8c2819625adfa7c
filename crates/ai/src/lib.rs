//! Agents for the trio games. Written against [`trio_core::Game`] alone, for every game: a
//! random mover, Monte Carlo tree search that handles chance, hidden information and 2–4
//! seats, the strength levels offered to people, and a match runner to measure them (see
//! `docs/ai.md`). For Gygès alone, an alpha-beta engine ([`gyges`]).

pub mod bench;
mod evaluator;
pub mod gyges;
mod levels;
mod mcts;
mod node;
mod orbit;
mod random;
pub mod review;
mod runner;
mod stats;
mod triles;

pub use evaluator::{Evaluator, Heuristic, Playout, PlayoutCap, RandomRollout, NEUTRAL_REWARD};
pub use gyges::{AlphaBetaBot, GygesEngine};
pub use levels::{
    bot_for_level, gyges_bot_for_level, gyges_judge_limit, gyges_level_limit, judge_budget,
    level_config, level_for_iterations, JUDGE_LEVELS, LEVELS, TOP_JUDGE_FACTOR,
};
pub use mcts::{Appraisal, MctsBot, MctsConfig, SearchLimit, SearchReport};
pub use orbit::{
    orbit_bot_for_level, orbit_judge, orbit_level_config, orbit_mcts_for_level, OrbitBot,
    OrbitEvaluator, OrbitParams,
};
pub use random::RandomBot;
pub use runner::{
    paired_schedule, play_game, play_game_from, rotating_schedule, run_match, run_schedule,
    AgentSummary, GameRecord, MatchError, MatchSummary, ScheduledGame,
};
pub use stats::{
    elo_to_score, score_to_elo, wilson_interval, Interval, Pentanomial, Sprt, SprtVerdict, Z_95,
};
pub use triles::{
    burdens, hand_value, triles_bot_for_level, triles_judge, triles_mcts_for_level, TrilesBot,
    TrilesRollout, TRILES_LEVEL_ITERATIONS,
};
