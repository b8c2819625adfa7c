//! A Gygès alpha-beta engine: [`GygesEngine`] searches a position or a game in progress
//! within a [`SearchLimit`]; [`AlphaBetaBot`] seats it at a table. Written against
//! `trio_gyges` directly, not the generic [`trio_core::Game`], for speed and for the
//! game's own tactics (an exit now, an exit threatened). Both variants are played. Design
//! and tuning: `docs/gyges-engine.md`.

mod bot;
mod config;
mod evaluation;
pub mod network;
mod ordering;
mod score;
mod search;
pub mod setup_book;
mod summaries;
pub mod texel;
mod transposition_table;

pub use bot::AlphaBetaBot;
pub use config::{SearchParams, Weights, SETUP_DEPTH};
pub use evaluation::{SideTerms, Summarised, Terms};
pub use score::{is_decisive, loss_in, plies_to_end, win_in, Score, DRAW, WIN};
pub use search::{GygesEngine, SearchLimit, SearchResult};
