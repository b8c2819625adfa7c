//! What a player or chance does: an [`Action`] (a placement, `draw`, `pass`, the wedge
//! gift, or a chance outcome), why a placement is refused ([`Violation`]), and the stable
//! [`rule`] ids every refusal names. Uses `tileset` and `board`. Rules:
//! `docs/rules/triles.md` ("A turn", "Rewards", "Rule ids").

use std::fmt;

use trio_core::{Breach, Seat};

use crate::board::{Cell, Edge, Placement};
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
            Violation::NotPlacing => rule::GIVE_FIRST,
            Violation::NotYourTile { .. } => rule::NOT_IN_HAND,
            Violation::Rotation(_) => rule::ROTATION,
            Violation::CellOccupied(_) => rule::CELL_TAKEN,
            Violation::NotAdjacent(_) => rule::NOT_ADJACENT,
            Violation::ColourMismatch { .. } => rule::EDGE_MATCH,
            Violation::ExtendsNoOwnLine(_) => rule::EXTEND_OWN_LINE,
            Violation::MakesOwnDot(_) => rule::OWN_DOT,
            Violation::ClosesOwnLine(_) => rule::CLOSE_OWN_LINE,
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

/// The stable ids of the rules an illegal decision can break, as [`trio_core::Breach`]
/// names them; each is explained in `docs/rules/triles.md` ("Rule ids").
pub mod rule {
    /// A placement or gift of a tile the mover does not hold.
    pub const NOT_IN_HAND: &str = "triles.not-in-hand";
    /// A rotation other than 0, 1 or 2.
    pub const ROTATION: &str = "triles.rotation";
    /// A placement on a cell that holds a tile.
    pub const CELL_TAKEN: &str = "triles.cell-taken";
    /// A placement on a cell that shares no edge with a placed tile.
    pub const NOT_ADJACENT: &str = "triles.not-adjacent";
    /// Rule 1: colours match on every shared edge.
    pub const EDGE_MATCH: &str = "triles.edge-match";
    /// Rule 2: the placement extends a line of the mover's colour.
    pub const EXTEND_OWN_LINE: &str = "triles.extend-own-line";
    /// Rule 3: no dot of the mover's colour.
    pub const OWN_DOT: &str = "triles.own-dot";
    /// Rule 4: no line of the mover's colour closed.
    pub const CLOSE_OWN_LINE: &str = "triles.close-own-line";
    /// `draw` while a placement is possible.
    pub const DRAW_ONLY_WHEN_STUCK: &str = "triles.draw-only-when-stuck";
    /// Ruling: with an empty pool the mover passes instead of drawing.
    pub const EMPTY_POOL_PASS: &str = "triles.empty-pool-pass";
    /// Ruling: an owed extra placement that cannot be made is passed, without a draw.
    pub const OWED_PLACEMENT_PASS: &str = "triles.owed-placement-pass";
    /// `pass` while a placement is possible.
    pub const PASS_ONLY_WHEN_STUCK: &str = "triles.pass-only-when-stuck";
    /// `pass` at the start of a turn while the pool has tiles: the mover draws.
    pub const PASS_ONLY_WHEN_POOL_EMPTY: &str = "triles.pass-only-when-pool-empty";
    /// Reward 3 comes before anything else: the wedge gift is chosen first.
    pub const GIVE_FIRST: &str = "triles.give-first";
    /// `give` without a wedge to reward.
    pub const GIVE_ONLY_AFTER_WEDGE: &str = "triles.give-only-after-wedge";
    /// A chance outcome (`draw:K`, `black:1`, `first:B`) played as a decision.
    pub const CHANCE_ONLY: &str = "triles.chance-only";

    /// Every id above.
    pub const ALL: [&str; 16] = [
        NOT_IN_HAND,
        ROTATION,
        CELL_TAKEN,
        NOT_ADJACENT,
        EDGE_MATCH,
        EXTEND_OWN_LINE,
        OWN_DOT,
        CLOSE_OWN_LINE,
        DRAW_ONLY_WHEN_STUCK,
        EMPTY_POOL_PASS,
        OWED_PLACEMENT_PASS,
        PASS_ONLY_WHEN_STUCK,
        PASS_ONLY_WHEN_POOL_EMPTY,
        GIVE_FIRST,
        GIVE_ONLY_AFTER_WEDGE,
        CHANCE_ONLY,
    ];
}
