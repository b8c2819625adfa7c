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

// Each module uses only those above it: board ← moves ← state ← movegen ← rules; notation,
// view and diagram sit beside them (notation: board, moves, state; view: the same and
// movegen; diagram: view), ugi (board, moves), breach (the rule ids, and which one a move
// breaks: board, moves, state, movegen), events and options (movegen) below rules.
mod board;
pub mod breach;
mod diagram;
pub mod events;
mod movegen;
mod moves;
pub mod notation;
mod options;
mod rules;
mod state;
pub mod ugi;
mod view;

pub use board::{Side, Square};
pub use movegen::{
    divide, generate_moves, has_goal_move, mobility, mobility_unless_goal, move_count, perft,
    Mobility, UnknownVariant, Variant,
};
pub use moves::{Move, MoveList, SetupOrder, MAX_MOVES};
pub use options::{Options, OptionsError, DEFAULT_PLY_LIMIT, OPTIONS};
pub use rules::Gyges;
pub use state::{End, Position, Setup, SetupError, SetupFault, State};
pub use view::View;
