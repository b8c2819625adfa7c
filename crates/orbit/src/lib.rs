//! Na orbicie ("In Orbit"), rules in docs/rules/orbit.md: 2–4 players race their
//! pawns from the centre out over concentric orbits, each move exactly as many steps
//! as pawns stand on the mover's orbit. Boards are data (docs/rules/orbit-boards.md);
//! the die and the drawn turn order are chance events; perfect information.
//!
//! Modules from the bottom up, each importing only those before it: `board` (fields,
//! board files, path tables), `state` (colours, turn orders, positions and their checked
//! construction from a [`Setup`]), `moves` (actions), `movegen`, [`notation`] (text),
//! `view` (what a seat sees and its JSON), `diagram` (the terminal diagram), `options`
//! (the game's options as a table and their checked construction), `rules` (the turn
//! flow, `impl Game`), and below it [`breach`] (the rule ids and which one an illegal
//! decision breaks) and [`events`] (the lab's event names).

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
mod view;

pub use board::{
    Board, BoardError, Coord, Field, FieldError, CLASSIC_TOML, MAX_FIELDS, MAX_NEIGHBOURS,
    MAX_ORBITS,
};
pub use moves::{Action, Move, Place};
pub use options::{Options, OptionsError, DEFAULT_TURN_LIMIT, OPTIONS};
pub use rules::Orbit;
pub use state::{
    pawns_per_player, Colour, OrderError, Phase, Setup, SetupError, SetupFault, State, TurnOrder,
};
pub use view::View;
