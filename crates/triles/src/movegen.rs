//! Placements: which tile, cell and rotation the mover may lay (colours match on every
//! shared edge; rule 2, extend an own line; rule 3, no own dot; rule 4, close no own
//! line), what each would create ([`Effects`]), and which [`Violation`] a refused one
//! is. Candidate cells come from the board's frontier; lines are judged by
//! [`Lines::evaluate`](crate::lines::Lines::evaluate) without touching the table. Uses
//! `tileset`, `lines`, `board` and `moves`. Rules: `docs/rules/triles.md` ("A turn").

use std::fmt;

use crate::board::{Board, Cell, Edge, Facing, Geometry, Layout, Placement};
use crate::lines::LineEffects;
use crate::moves::Violation;
use crate::tileset::{Colour, Kind, TileId, MAX_TERMINALS};

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
        let effects = self.line_effects(ctx, layout, tile);
        let m = self.mover.index();
        if effects.dots[m] > 0 && !self.own_dots {
            return Err(Violation::MakesOwnDot(self.mover));
        }
        if effects.closed[m] > 0 {
            return Err(Violation::ClosesOwnLine(self.mover));
        }
        Ok(effects)
    }

    /// What laying `tile` with `layout`, its colours matching `ctx`, would create.
    fn line_effects(&self, ctx: &Facing, layout: &Layout, tile: TileId) -> Effects {
        let pieces = self.geometry.pieces(tile);
        let meeting = |&(edge, slot, t): &(u8, u8, u16)| {
            (layout.terminal[usize::from(edge)][usize::from(slot)], t)
        };
        let lines = &self.board.lines;
        let LineEffects {
            dots,
            loops,
            closed,
        } = match ctx.terminals.as_slice() {
            // Most cells face one terminal: no meetings to gather.
            [one] => {
                let (j, t) = meeting(one);
                lines.evaluate_one(pieces, usize::from(j), usize::from(t))
            }
            many => {
                let mut meetings = [(0u8, 0u16); MAX_TERMINALS];
                for (m, facing) in meetings.iter_mut().zip(many) {
                    *m = meeting(facing);
                }
                lines.evaluate(pieces, &meetings[..many.len()])
            }
        };
        Effects {
            dots,
            loops,
            closed,
            neighbours: ctx.neighbours,
        }
    }

    /// Rules 3 and 4 (the `own-dots` variant lifts rule 3): [`Self::judge`]'s verdict
    /// on a placement whose colours match, without naming the rule it breaks.
    fn allows(&self, effects: &Effects) -> bool {
        let m = self.mover.index();
        (effects.dots[m] == 0 || self.own_dots) && effects.closed[m] == 0
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
    /// holds, a bit each by [`TileId::index`]), with what it creates: by cell, then type
    /// in set order, then rotation.
    pub fn placements(&self, hand: u64, mut found: impl FnMut(Placement, Effects)) {
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
            // Only the (type, rotation) whose colours match are judged by their lines.
            let fits = self.geometry.colour_fits(ctx, up);
            if let [(edge, slot, t)] = *ctx.terminals.as_slice() {
                self.single_meeting(cell, ctx, fits, hand, (edge, slot, t), &mut found);
                continue;
            }
            each_fit(fits.map(|f| f & hand), |tile, rotation| {
                let layout = self.geometry.layout(tile, up, rotation);
                let effects = self.line_effects(ctx, layout, tile);
                if self.allows(&effects) {
                    let placement = Placement {
                        tile,
                        cell,
                        rotation,
                    };
                    found(placement, effects);
                }
            });
        }
    }

    /// [`Self::placements`] on a cell that a single terminal `t` faces, at `edge` and
    /// `slot`, where `fits` are the types whose colours match: what a placement creates
    /// depends only on the kind of the tile's terminal meeting `t`, so each kind is judged
    /// once and the legal (type, rotation) are found by their masks.
    fn single_meeting(
        &self,
        cell: Cell,
        ctx: &Facing,
        fits: [u64; 3],
        hand: u64,
        (edge, slot, t): (u8, u8, u16),
        found: &mut impl FnMut(Placement, Effects),
    ) {
        let up = cell.points_up();
        let bit = 4 * usize::from(edge) + usize::from(slot);
        let colour = if ctx.white & 1 << bit != 0 {
            Colour::White
        } else {
            Colour::Black
        };
        let mut legal = [0u64; 3];
        let mut by_kind = [Effects::default(); 3];
        for kind in Kind::ALL {
            let LineEffects {
                dots,
                loops,
                closed,
            } = self.board.lines.evaluate_end(kind, colour, usize::from(t));
            let effects = Effects {
                dots,
                loops,
                closed,
                neighbours: ctx.neighbours,
            };
            if self.allows(&effects) {
                let of_kind = self.geometry.kind_at(up, bit, kind);
                for (l, k) in legal.iter_mut().zip(of_kind) {
                    *l |= k;
                }
            }
            by_kind[kind.index()] = effects;
        }
        for (l, f) in legal.iter_mut().zip(fits) {
            *l &= f & hand;
        }
        each_fit(legal, |tile, rotation| {
            let layout = self.geometry.layout(tile, up, rotation);
            let j = layout.terminal[usize::from(edge)][usize::from(slot)];
            let kind = self.geometry.pieces(tile).kind(usize::from(j));
            let placement = Placement {
                tile,
                cell,
                rotation,
            };
            found(placement, by_kind[kind.index()]);
        });
    }
}

/// Calls `each` for every (type, rotation) that `masks` (the types allowed at each
/// rotation, a bit each by [`TileId::index`]) hold: by type in set order, then rotation,
/// the order placements are listed in.
fn each_fit(masks: [u64; 3], mut each: impl FnMut(TileId, u8)) {
    let mut types = masks[0] | masks[1] | masks[2];
    while types != 0 {
        let tile = TileId(types.trailing_zeros() as u8);
        types &= types - 1;
        for rotation in 0..3u8 {
            if masks[usize::from(rotation)] & 1 << tile.index() != 0 {
                each(tile, rotation);
            }
        }
    }
}

/// Whether laying `placement` on `board` fits physically: on an empty cell next to a
/// placed tile (or the first tile anywhere), colours matching on every shared edge. Used
/// to replay a written board, which does not say who laid which tile.
pub(crate) fn fits(
    geometry: &Geometry,
    board: &Board,
    placement: Placement,
) -> Result<(), Violation> {
    if board.placements().is_empty() {
        return Ok(());
    }
    // Fit does not depend on the mover: judge as black and ignore the rules about
    // lines (rules 2 to 4).
    let judge = Judge {
        geometry,
        board,
        mover: Colour::Black,
        own_dots: true,
    };
    match judge.check(placement) {
        Ok(_)
        | Err(Violation::ExtendsNoOwnLine(_))
        | Err(Violation::MakesOwnDot(_))
        | Err(Violation::ClosesOwnLine(_)) => Ok(()),
        Err(e) => Err(e),
    }
}
