//! Triles: triangular tiles laid edge to edge, black and white lines, dots, loops and
//! wedges, hidden hands and a pool (rules in `docs/rules/triles.md`, tile-set files in
//! `docs/rules/triles-tilesets.md`).
//!
//! [`Triles`] implements [`trio_core::Game`]. Tile sets are data ([`TileSet`]); the
//! default 52-tile set is built in. Lines are tracked incrementally, so judging a
//! placement ([`Triles::effects`]) never rescans the table.

mod draw;
mod grid;
mod lines;
mod movegen;
pub mod notation;
mod rules;
mod tileset;

pub use grid::{Cell, Edge, Placement};
pub use lines::{Line, Shape};
pub use movegen::{Effects, Violation};
pub use rules::{
    Action, Options, Tiles, Triles, TrilesState, TrilesView, UnknownVariant, Variant, Variants,
    HAND_SIZE,
};
pub use tileset::{
    Colour, Kind, Terminal, TileId, TileSet, TileSetError, TileType, MAX_TERMINALS_PER_EDGE,
    MAX_TILES, MAX_TYPES,
};

/// The state type of [`Triles`].
pub type State = TrilesState;
/// The view type of [`Triles`].
pub type View = TrilesView;
