//! Na orbicie ("In Orbit"), rules in docs/rules/orbit.md: 2–4 players race their
//! pawns from the centre out over concentric orbits, each move exactly as many steps
//! as pawns stand on the mover's orbit. Boards are data (docs/rules/orbit-boards.md);
//! the die and the drawn turn order are chance events; perfect information.

mod board;
mod draw;
mod movegen;
pub mod notation;
mod rules;

pub use board::{Board, BoardError, Field, CLASSIC_TOML, MAX_FIELDS, MAX_NEIGHBOURS, MAX_ORBITS};
pub use rules::{
    pawns_per_player, Action, Colour, Move, Options, OptionsError, Orbit, OrbitState, OrderError,
    Phase, Place, TurnOrder, DEFAULT_TURN_LIMIT,
};

/// The state of a game of Na orbicie.
pub type State = OrbitState;
/// What a seat sees: everything (perfect information).
pub type View = OrbitState;
