//! Placements: which tile, cell and rotation the mover may lay (colours match on every
//! shared edge; rule 2, extend an own line; rule 3, no own dot; rule 4, close no own
//! line), what each would create ([`Effects`]), and why a refused one breaks the rules
//! ([`Violation`]). Candidate cells come from the board's frontier; lines are judged by
//! [`Lines::evaluate`](crate::lines::Lines::evaluate) without touching the table. See
//! `docs/rules/triles.md` ("A turn").

use std::fmt;

use arrayvec::ArrayVec;
use trio_core::Breach;

use crate::grid::{Board, Cell, Edge, Facing, Geometry, Placement};
use crate::lines::LineEffects;
use crate::rule;
use crate::tileset::{Colour, TileId, MAX_TERMINALS, MAX_TYPES};

/// What a legal placement creates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Dots created, per colour ([`Colour::index`]).
    pub dots: [u8; 2],
    /// Loops created, per colour.
    pub loops: [u8; 2],
    /// Lines closed (paths with both ends closed), per colour.
    pub closed: [u8; 2],
    /// Placed tiles the new tile shares an edge with.
    pub neighbours: u8,
}

impl Effects {
    /// Shares edges with two or more placed tiles: the mover may give a tile away.
    pub fn is_wedge(&self) -> bool {
        self.neighbours >= 2
    }

    pub fn dots(&self, colour: Colour) -> u8 {
        self.dots[colour.index()]
    }

    pub fn loops(&self, colour: Colour) -> u8 {
        self.loops[colour.index()]
    }

    pub fn closed(&self, colour: Colour) -> u8 {
        self.closed[colour.index()]
    }
}

impl fmt::Display for Effects {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        for colour in Colour::ALL {
            for (n, what) in [
                (self.dots(colour), "dot"),
                (self.loops(colour), "loop"),
                (self.closed(colour), "closed line"),
            ] {
                if n > 0 {
                    let s = if n == 1 { "" } else { "s" };
                    parts.push(format!("{n} {colour} {what}{s}"));
                }
            }
        }
        if self.is_wedge() {
            parts.push(format!("a wedge ({} neighbours)", self.neighbours));
        }
        if parts.is_empty() {
            f.write_str("no dots, loops, closed lines or wedge")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

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

/// The rules' view of one decision: who places, on which board.
pub(crate) struct Judge<'a> {
    pub geometry: &'a Geometry,
    pub board: &'a Board,
    pub mover: Colour,
    /// The `own-dots` variant lifts rule 3.
    pub own_dots: bool,
}

impl Judge<'_> {
    /// Judges laying `tile` with `rotation` on a cell that points up or not, whose
    /// neighbours show it `ctx` and offer the mover a line (rule 2, checked by the caller).
    fn judge(
        &self,
        ctx: &Facing,
        up: bool,
        tile: TileId,
        rotation: u8,
    ) -> Result<Effects, Violation> {
        let layout = self.geometry.layout(tile, up, rotation);
        let clash = (layout.white ^ ctx.white) & ctx.mask;
        if clash != 0 {
            let bit = clash.trailing_zeros() as usize;
            let (tile, neighbour) = if layout.white & (1 << bit) != 0 {
                (Colour::White, Colour::Black)
            } else {
                (Colour::Black, Colour::White)
            };
            return Err(Violation::ColourMismatch {
                edge: Edge::ALL[bit / 4],
                slot: (self.geometry.k() > 1).then_some((bit % 4) as u8),
                tile,
                neighbour,
            });
        }
        let mut meetings = [(0u8, 0u16); MAX_TERMINALS];
        for (m, &(edge, slot, t)) in meetings.iter_mut().zip(&ctx.terminals) {
            *m = (layout.terminal[usize::from(edge)][usize::from(slot)], t);
        }
        let LineEffects {
            dots,
            loops,
            closed,
        } = self
            .board
            .lines
            .evaluate(self.geometry.pieces(tile), &meetings[..ctx.terminals.len()]);
        let m = self.mover.index();
        if dots[m] > 0 && !self.own_dots {
            return Err(Violation::MakesOwnDot(self.mover));
        }
        if closed[m] > 0 {
            return Err(Violation::ClosesOwnLine(self.mover));
        }
        Ok(Effects {
            dots,
            loops,
            closed,
            neighbours: ctx.neighbours,
        })
    }

    /// Judges one placement of a tile the mover holds (checked by the caller).
    pub fn check(&self, placement: Placement) -> Result<Effects, Violation> {
        if placement.rotation > 2 {
            return Err(Violation::Rotation(placement.rotation));
        }
        let cell = placement.cell;
        if !self.board.contains(cell) {
            return Err(Violation::NotAdjacent(cell));
        }
        if self.board.placed_at(cell).is_some() {
            return Err(Violation::CellOccupied(cell));
        }
        let Some(ctx) = self.board.facing(cell) else {
            return Err(Violation::NotAdjacent(cell));
        };
        let up = cell.points_up();
        let tile = placement.tile;
        match self.judge(ctx, up, tile, placement.rotation) {
            Err(e @ Violation::ColourMismatch { .. }) => Err(e),
            _ if !ctx.offers(self.mover) => Err(Violation::ExtendsNoOwnLine(self.mover)),
            result => result,
        }
    }

    /// Calls `found` for every legal placement of a tile from `hand` (the types the mover
    /// holds), each (type, cell, rotation) once.
    pub fn placements(&self, hand: impl Iterator<Item = TileId>, mut found: impl FnMut(Placement)) {
        let hand: ArrayVec<TileId, MAX_TYPES> = hand.collect();
        let cells = self
            .board
            .frontier()
            .iter()
            .zip(self.board.frontier_facing());
        for (&cell, ctx) in cells {
            if !ctx.offers(self.mover) {
                continue;
            }
            let up = cell.points_up();
            for &tile in &hand {
                for rotation in 0..3 {
                    if self.judge(ctx, up, tile, rotation).is_ok() {
                        found(Placement {
                            tile,
                            cell,
                            rotation,
                        });
                    }
                }
            }
        }
    }
}
