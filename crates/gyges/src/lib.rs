//! Gygès rules: setup as moves, move generation with bounces and replacements for the
//! seed's rule and the `official` border rule, outcomes (leaving the board, no legal move,
//! threefold repetition, ply limit), notation and a terminal diagram.
//!
//! The rules as implemented, with every ruling and the test that covers it, are in
//! `docs/rules/gyges.md`.
//!
//! ```
//! use trio_gyges::{generate_moves, perft, MoveList, Position, Variant};
//!
//! let pos: Position = "321123/....../....../....../....../123321 S".parse().unwrap();
//! let mut moves = MoveList::new();
//! generate_moves(&pos, Variant::Seed, &mut moves);
//! assert_eq!(moves.len() as u64, perft(&pos, Variant::Seed, 1));
//! ```

#![forbid(unsafe_code)]

mod board;
mod draw;
mod movegen;
pub mod notation;
mod rules;

pub use board::{Position, PositionError, SetupOrder, Side, Square};
pub use movegen::{
    divide, generate_moves, has_goal_move, mobility, move_count, perft, Mobility, Move, MoveList,
    MAX_MOVES,
};
pub use rules::{End, GameState, Gyges, UnknownVariant, Variant, DEFAULT_PLY_LIMIT};
