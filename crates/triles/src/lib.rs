//! Triles: triangular tiles laid edge to edge, black and white lines, dots, loops and
//! wedges, hidden hands and a pool (rules in `docs/rules/triles.md`, tile-set files in
//! `docs/rules/triles-tilesets.md`).
//!
//! [`Triles`] implements [`trio_core::Game`]. Tile sets are data ([`TileSet`]); the
//! default 52-tile set is built in. Lines are tracked incrementally, so judging a
//! placement ([`Triles::effects`]) never rescans the table.

// Each module uses only those above it: tileset ← lines ← board ← moves ← movegen ←
// state ← view ← rules; notation (tileset, board, moves, state) and diagram (the same,
// view and notation) sit beside them, below rules, and options (tileset) below rules.
// breach (the rule ids, which moves and rules name) and events (the lab's event names)
// use none.
mod board;
pub mod breach;
mod diagram;
pub mod events;
mod lines;
mod movegen;
mod moves;
pub mod notation;
mod options;
mod rules;
mod state;
mod tileset;
mod view;

pub use board::{Cell, Edge, Placement};
pub use lines::{Line, Shape};
pub use movegen::Effects;
pub use moves::{Action, Violation};
pub use options::{Options, OptionsError, UnknownVariant, Variant, Variants, OPTIONS};
pub use rules::Triles;
pub use state::{Draws, Setup, SetupError, SetupFault, State, Table, Tiles};
pub use tileset::{
    Colour, Kind, Terminal, TileId, TileSet, TileSetError, TileType, HAND_SIZE,
    MAX_TERMINALS_PER_EDGE, MAX_TILES, MAX_TYPES,
};
pub use view::View;
