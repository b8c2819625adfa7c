//! The table: cells `(x, y)` of the triangular grid, pointing up when `x + y` is even,
//! their edges `L`, `R`, `V`, the clockwise edge orders `[L, R, V]` (up) and `[R, L, V]`
//! (down), and rotation: terminal `j` of a tile with rotation `r` lies on cell edge
//! `order[(j / k + r) mod 3]`, slot `j mod k`. A [`Placement`] is a tile laid on a cell;
//! the [`Board`] keeps the placements in order, which cell holds which, the frontier of
//! empty cells next to them, and the lines. Uses `tileset` and `lines`. Rules:
//! `docs/rules/triles.md` ("Grid, rotation, notation").

use std::fmt;

use arrayvec::ArrayVec;

use crate::lines::{Lines, Pieces};
use crate::tileset::{Colour, Kind, TileId, TileSet, MAX_TERMINALS, MAX_TERMINALS_PER_EDGE};

/// A cell of the triangular grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub x: i16,
    pub y: i16,
}

impl Cell {
    pub const fn new(x: i16, y: i16) -> Self {
        Self { x, y }
    }

    /// Up cells have a flat bottom (edge `V` below), down cells a flat top.
    pub const fn points_up(self) -> bool {
        (self.x as i32 + self.y as i32) % 2 == 0
    }

    /// The cell across `edge`.
    pub const fn neighbour(self, edge: Edge) -> Cell {
        match edge {
            Edge::L => Cell::new(self.x - 1, self.y),
            Edge::R => Cell::new(self.x + 1, self.y),
            Edge::V if self.points_up() => Cell::new(self.x, self.y - 1),
            Edge::V => Cell::new(self.x, self.y + 1),
        }
    }

    /// The edges in clockwise order.
    pub const fn edge_order(self) -> [Edge; 3] {
        if self.points_up() {
            [Edge::L, Edge::R, Edge::V]
        } else {
            [Edge::R, Edge::L, Edge::V]
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A cell edge, named after the neighbour across it: left, right, or the vertical
/// neighbour across the flat side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    L,
    R,
    V,
}

impl Edge {
    pub const ALL: [Edge; 3] = [Edge::L, Edge::R, Edge::V];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The same edge seen from the neighbour's side.
    pub const fn opposite(self) -> Edge {
        match self {
            Edge::L => Edge::R,
            Edge::R => Edge::L,
            Edge::V => Edge::V,
        }
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Edge::L => "L",
            Edge::R => "R",
            Edge::V => "V",
        })
    }
}

/// A tile type laid on a cell with a rotation (0, 1 or 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub tile: TileId,
    pub cell: Cell,
    pub rotation: u8,
}

const _: () = assert!(std::mem::size_of::<Placement>() == 6);

/// Where a tile type's terminals land for one cell orientation and rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    /// Bit `4 * edge + slot` is set where the terminal there is white.
    pub white: u16,
    /// The tile's terminal index at each cell edge and slot.
    pub terminal: [[u8; MAX_TERMINALS_PER_EDGE]; 3],
}

/// The layouts of every tile type, orientation and rotation, computed once per game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Geometry {
    k: usize,
    /// Indexed by `(type * 2 + down) * 3 + rotation`.
    layouts: Vec<Layout>,
    /// Per type.
    pieces: Vec<Pieces>,
    /// Indexed by `[down][4 * edge + slot][white]`: per rotation, a bit per tile type
    /// (by [`TileId::index`]) whose terminal there has that colour, so that listing
    /// placements skips the colour clashes without judging them one by one.
    colours: [[[[u64; 3]; 2]; MAX_TERMINALS]; 2],
    /// The same by [`Kind::index`] instead of colour.
    kinds: [[[[u64; 3]; 3]; MAX_TERMINALS]; 2],
}

impl Geometry {
    pub fn new(set: &TileSet) -> Self {
        let k = set.terminals_per_edge();
        let mut layouts = Vec::with_capacity(set.types().len() * 6);
        let mut colours = [[[[0; 3]; 2]; MAX_TERMINALS]; 2];
        let mut kinds = [[[[0; 3]; 3]; MAX_TERMINALS]; 2];
        for (type_index, tile) in set.types().iter().enumerate() {
            for up in [true, false] {
                let order = Cell::new(0, i16::from(!up)).edge_order();
                for r in 0..3 {
                    let mut layout = Layout {
                        white: 0,
                        terminal: [[0; MAX_TERMINALS_PER_EDGE]; 3],
                    };
                    for (j, t) in tile.terminals().iter().enumerate() {
                        let edge = order[(j / k + r) % 3].index();
                        let slot = j % k;
                        layout.terminal[edge][slot] = j as u8;
                        if t.colour == Colour::White {
                            layout.white |= 1 << (4 * edge + slot);
                        }
                        let white = usize::from(t.colour == Colour::White);
                        colours[usize::from(!up)][4 * edge + slot][white][r] |= 1 << type_index;
                        kinds[usize::from(!up)][4 * edge + slot][t.kind.index()][r] |=
                            1 << type_index;
                    }
                    layouts.push(layout);
                }
            }
        }
        Self {
            k,
            layouts,
            pieces: set.types().iter().map(Pieces::new).collect(),
            colours,
            kinds,
        }
    }

    pub fn k(&self) -> usize {
        self.k
    }

    pub fn pieces(&self, tile: TileId) -> &Pieces {
        &self.pieces[tile.index()]
    }

    pub fn layout(&self, tile: TileId, up: bool, rotation: u8) -> &Layout {
        &self.layouts[(tile.index() * 2 + usize::from(!up)) * 3 + usize::from(rotation)]
    }

    /// Per rotation, a bit per tile type (by [`TileId::index`]) whose colours match
    /// `facing` on every slot a placed neighbour faces, on a cell pointing up or not.
    pub fn colour_fits(&self, facing: &Facing, up: bool) -> [u64; 3] {
        let per_slot = &self.colours[usize::from(!up)];
        let mut fits = [u64::MAX; 3];
        let mut mask = facing.mask;
        while mask != 0 {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let white = usize::from(facing.white >> bit & 1);
            for (fit, types) in fits.iter_mut().zip(per_slot[bit][white]) {
                *fit &= types;
            }
        }
        fits
    }

    /// Per rotation, a bit per tile type whose terminal of the kind `kind` lies at
    /// `4 * edge + slot` of a cell pointing up or not.
    pub fn kind_at(&self, up: bool, bit: usize, kind: Kind) -> [u64; 3] {
        self.kinds[usize::from(!up)][bit][kind.index()]
    }
}

/// What a free cell's placed neighbours show it, kept up to date as tiles are laid so
/// that listing placements builds nothing per cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Facing {
    /// Bit `4 * edge + slot` set where a placed tile faces the cell.
    pub mask: u16,
    /// Bit set where that facing terminal is white.
    pub white: u16,
    pub neighbours: u8,
    /// Each occupied (edge, slot) of the cell with the terminal id facing it.
    pub terminals: ArrayVec<(u8, u8, u16), MAX_TERMINALS>,
}

impl Facing {
    /// Rule 2 depends on the cell alone, since colours must match: some facing terminal
    /// has the mover's colour.
    pub fn offers(&self, mover: Colour) -> bool {
        let own = match mover {
            Colour::White => self.white,
            Colour::Black => !self.white,
        };
        own & self.mask != 0
    }
}

/// The table: placed tiles, the cells they hold, the frontier and the lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// Coordinates run from `-offset` to `offset`: a connected group of n tiles around
    /// (0, 0) never reaches past n + 1.
    offset: i32,
    side: i32,
    /// Per cell: 0 when empty, else the placement's index + 1.
    cells: Vec<u8>,
    /// Per cell: 0 when not in the frontier, else its index in `frontier` + 1.
    frontier_pos: Vec<u16>,
    frontier: Vec<Cell>,
    /// Parallel to `frontier`.
    facing: Vec<Facing>,
    placements: Vec<Placement>,
    pub lines: Lines,
}

impl Board {
    pub fn new(set: &TileSet) -> Self {
        let offset = set.total_tiles() as i32 + 2;
        let side = 2 * offset + 1;
        let cells = (side * side) as usize;
        Self {
            offset,
            side,
            cells: vec![0; cells],
            frontier_pos: vec![0; cells],
            frontier: Vec::with_capacity(2 * set.total_tiles() + 2),
            facing: Vec::with_capacity(2 * set.total_tiles() + 2),
            placements: Vec::with_capacity(set.total_tiles()),
            lines: Lines::new(set),
        }
    }

    fn index(&self, cell: Cell) -> Option<usize> {
        let (x, y) = (
            i32::from(cell.x) + self.offset,
            i32::from(cell.y) + self.offset,
        );
        ((0..self.side).contains(&x) && (0..self.side).contains(&y))
            .then(|| (y * self.side + x) as usize)
    }

    /// Whether the cell lies on the board's (large) grid at all.
    pub fn contains(&self, cell: Cell) -> bool {
        self.index(cell).is_some()
    }

    /// The index of the placement on `cell`, if any.
    pub fn placed_at(&self, cell: Cell) -> Option<usize> {
        let i = self.index(cell)?;
        self.cells[i].checked_sub(1).map(usize::from)
    }

    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// Empty cells sharing an edge with a placed tile.
    pub fn frontier(&self) -> &[Cell] {
        &self.frontier
    }

    /// What the placed neighbours of each frontier cell show it, in frontier order.
    pub fn frontier_facing(&self) -> &[Facing] {
        &self.facing
    }

    /// What the placed neighbours of `cell` show it, if it is in the frontier.
    pub fn facing(&self, cell: Cell) -> Option<&Facing> {
        let pos = self.frontier_pos[self.index(cell)?];
        pos.checked_sub(1).map(|p| &self.facing[usize::from(p)])
    }

    /// Lays a tile whose placement was checked: updates cells, frontier and lines.
    pub fn place(&mut self, set: &TileSet, geometry: &Geometry, placement: Placement) {
        let index = self.placements.len();
        let cell = placement.cell;
        let i = self
            .index(cell)
            .expect("checked placements lie on the grid");
        self.cells[i] = index as u8 + 1;
        self.remove_frontier(i);
        self.placements.push(placement);
        let layout = geometry.layout(placement.tile, cell.points_up(), placement.rotation);
        let base = self.lines.add_tile(set.tile(placement.tile));
        let tile = set.tile(placement.tile);
        let k = geometry.k();
        for edge in Edge::ALL {
            let other = cell.neighbour(edge);
            let Some(o) = self.index(other) else { continue };
            let theirs_edge = edge.opposite().index();
            match self.cells[o].checked_sub(1) {
                None => {
                    // The free cell's slot s on this edge meets our slot k - 1 - s.
                    let f = self.add_frontier(other, o);
                    let facing = &mut self.facing[f];
                    facing.neighbours += 1;
                    for slot in 0..k {
                        let j = usize::from(layout.terminal[edge.index()][k - 1 - slot]);
                        let bit = 1 << (4 * theirs_edge + slot);
                        facing.mask |= bit;
                        if tile.terminals()[j].colour == Colour::White {
                            facing.white |= bit;
                        }
                        facing
                            .terminals
                            .push((theirs_edge as u8, slot as u8, (base + j) as u16));
                    }
                }
                Some(n) => {
                    let theirs = self.placements[usize::from(n)];
                    let their_layout =
                        geometry.layout(theirs.tile, other.points_up(), theirs.rotation);
                    let their_base = usize::from(n) * 3 * k;
                    for slot in 0..k {
                        let mine = base + usize::from(layout.terminal[edge.index()][slot]);
                        let facing = their_layout.terminal[theirs_edge][k - 1 - slot];
                        self.lines.meet(mine, their_base + usize::from(facing));
                    }
                }
            }
        }
    }

    /// Adds `cell` (grid index `i`) to the frontier if new; returns its position there.
    fn add_frontier(&mut self, cell: Cell, i: usize) -> usize {
        if self.frontier_pos[i] == 0 {
            self.frontier.push(cell);
            self.facing.push(Facing::default());
            self.frontier_pos[i] = self.frontier.len() as u16;
        }
        usize::from(self.frontier_pos[i] - 1)
    }

    fn remove_frontier(&mut self, i: usize) {
        let pos = self.frontier_pos[i];
        if pos == 0 {
            return;
        }
        self.frontier_pos[i] = 0;
        let pos = usize::from(pos - 1);
        self.frontier.swap_remove(pos);
        self.facing.swap_remove(pos);
        if let Some(&moved) = self.frontier.get(pos) {
            let m = self.index(moved).expect("frontier cells lie on the grid");
            self.frontier_pos[m] = pos as u16 + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_and_orientation() {
        let up = Cell::new(0, 0);
        assert!(up.points_up());
        assert_eq!(up.neighbour(Edge::V), Cell::new(0, -1));
        let down = Cell::new(1, 0);
        assert!(!down.points_up());
        assert_eq!(down.neighbour(Edge::V), Cell::new(1, 1));
        assert_eq!(Cell::new(-1, 0).neighbour(Edge::R), up);
        // Across V an up cell meets a down cell, whose V leads back.
        assert_eq!(up.neighbour(Edge::V).neighbour(Edge::V), up);
    }

    #[test]
    fn rotation_moves_terminals_clockwise() {
        let set = TileSet::default_set();
        let g = Geometry::new(&set);
        let a = set.id("A").unwrap(); // Ba Ba Ws: the white terminal is number 2
        let white_edge = |up: bool, r: u8| {
            let l = g.layout(a, up, r);
            Edge::ALL
                .into_iter()
                .find(|e| l.white & (1 << (4 * e.index())) != 0)
                .unwrap()
        };
        // Up order [L, R, V]: terminal 2 on order[(2 + r) % 3].
        assert_eq!(white_edge(true, 0), Edge::V);
        assert_eq!(white_edge(true, 1), Edge::L);
        assert_eq!(white_edge(true, 2), Edge::R);
        // Down order [R, L, V].
        assert_eq!(white_edge(false, 0), Edge::V);
        assert_eq!(white_edge(false, 1), Edge::R);
        assert_eq!(white_edge(false, 2), Edge::L);
    }
}
