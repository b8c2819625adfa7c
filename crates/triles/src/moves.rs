//! What a player or chance does: an [`Action`] (a placement, `draw`, `pass`, the wedge
//! gift, or a chance outcome), why a placement is refused ([`Violation`]), and the stable
//! the rule ids every refusal names ([`crate::breach`]). Uses `tileset` and `board`. Rules:
//! `docs/rules/triles.md` ("A turn", "Rewards", "Rule ids").

use std::fmt;

use trio_core::{Breach, Seat};

use crate::board::{Cell, Edge, Placement};
use crate::breach;
use crate::tileset::{Colour, TileId};

/// A decision of a player or an outcome of chance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `A@3,-1,2`.
    Place(Placement),
    /// `draw`: no placement is possible; take a tile and end the turn.
    Draw,
    /// `pass`: nothing is possible (empty pool, or an owed extra placement that cannot be
    /// made).
    Pass,
    /// `give K`: the wedge gift.
    Give(TileId),
    /// `give -`: the wedge gift declined.
    Decline,
    /// Chance, `draw:K`: tile K comes out of the pool (dealt, laid as the starting tile,
    /// drawn, or turned up as the next tile in `open-pool`).
    Tile(TileId),
    /// Chance, `black:1`: this seat plays black.
    Black(Seat),
    /// Chance, `first:B`: this colour moves first.
    First(Colour),
}

const _: () = assert!(std::mem::size_of::<Action>() == 8);

/// Why a placement is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The game is not waiting for a placement (a chance event, a gift to choose, or over).
    NotPlacing,
    NotYourTile {
        colour: Colour,
        tile: String,
    },
    Rotation(u8),
    CellOccupied(Cell),
    NotAdjacent(Cell),
    /// The tile's terminal on cell edge `edge` (at `slot` when edges carry more than one
    /// terminal) has colour `tile`, the neighbour's facing terminal `neighbour`.
    ColourMismatch {
        edge: Edge,
        slot: Option<u8>,
        tile: Colour,
        neighbour: Colour,
    },
    /// Rule 2: no terminal of the mover's colour meets a placed tile.
    ExtendsNoOwnLine(Colour),
    /// Rule 3.
    MakesOwnDot(Colour),
    /// Rule 4.
    ClosesOwnLine(Colour),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::NotPlacing => f.write_str("no placement is expected now"),
            Violation::NotYourTile { colour, tile } => write!(f, "{colour} has no tile {tile} in hand"),
            Violation::Rotation(r) => write!(f, "rotation {r} must be 0, 1 or 2"),
            Violation::CellOccupied(c) => write!(f, "cell {c} is occupied"),
            Violation::NotAdjacent(c) => write!(f, "cell {c} shares no edge with a placed tile"),
            Violation::ColourMismatch { edge, slot, tile, neighbour } => write!(
                f,
                "colour mismatch on edge {edge}{}: the tile shows {tile}, the neighbour {neighbour}",
                slot.map(|s| format!(" slot {s}")).unwrap_or_default()
            ),
            Violation::ExtendsNoOwnLine(c) => write!(f, "extends no {c} line (rule 2)"),
            Violation::MakesOwnDot(c) => write!(f, "makes a {c} dot (rule 3)"),
            Violation::ClosesOwnLine(c) => write!(f, "closes a {c} line (rule 4)"),
        }
    }
}

impl std::error::Error for Violation {}

impl Violation {
    /// The stable id of the rule this breaks (`docs/rules/triles.md`, "Rule ids").
    pub fn rule(&self) -> &'static str {
        match self {
            Violation::NotPlacing => breach::GIVE_FIRST,
            Violation::NotYourTile { .. } => breach::NOT_IN_HAND,
            Violation::Rotation(_) => breach::ROTATION,
            Violation::CellOccupied(_) => breach::CELL_TAKEN,
            Violation::NotAdjacent(_) => breach::NOT_ADJACENT,
            Violation::ColourMismatch { .. } => breach::EDGE_MATCH,
            Violation::ExtendsNoOwnLine(_) => breach::EXTEND_OWN_LINE,
            Violation::MakesOwnDot(_) => breach::OWN_DOT,
            Violation::ClosesOwnLine(_) => breach::CLOSE_OWN_LINE,
        }
    }

    /// The rule id, the data the message speaks of, and the message.
    pub fn breach(&self) -> Breach {
        let breach = Breach::new(self.rule(), self.to_string());
        match self {
            Violation::NotPlacing => breach,
            Violation::NotYourTile { colour, tile } => {
                breach.with("colour", colour).with("tile", tile)
            }
            Violation::Rotation(r) => breach.with("rotation", r),
            Violation::CellOccupied(c) | Violation::NotAdjacent(c) => breach.with("cell", c),
            Violation::ColourMismatch {
                edge,
                slot,
                tile,
                neighbour,
            } => {
                let breach = breach
                    .with("edge", edge)
                    .with("tile_colour", tile)
                    .with("neighbour_colour", neighbour);
                match slot {
                    Some(s) => breach.with("slot", s),
                    None => breach,
                }
            }
            Violation::ExtendsNoOwnLine(c)
            | Violation::MakesOwnDot(c)
            | Violation::ClosesOwnLine(c) => breach.with("colour", c),
        }
    }
}
