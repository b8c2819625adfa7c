//! Lines, tracked incrementally: a union-find over the terminals on the table in which
//! each line's root keeps its count of open ends, of closed ends and its shape (path,
//! loop or dot). Finding a root is one array read (the smaller line is relabelled on a
//! merge), so judging a placement ([`Lines::evaluate`]) reads only the lines it touches
//! and never rescans the table. See `docs/rules/triles.md` ("Lines, ends, dots, loops").

use crate::tileset::{Colour, Kind, Terminal, TileSet, TileType, MAX_TERMINALS};

/// What a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A path with two ends, open or closed.
    Path,
    /// Closed on itself: a cycle through arcs, or two semicircles meeting.
    Loop,
    /// Two caps meeting, at least one a half-dot.
    Dot,
}

/// One line on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub colour: Colour,
    pub shape: Shape,
    /// Ends facing an empty cell.
    pub open_ends: u8,
    /// Ends at the inner side of a cap (a dot has two).
    pub closed_ends: u8,
    /// The terminals on it as (placement index, terminal index), sorted.
    pub terminals: Vec<(usize, usize)>,
}

/// Dots, loops and closed lines a placement creates, per colour (indexed by
/// [`Colour::index`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LineEffects {
    pub dots: [u8; 2],
    pub loops: [u8; 2],
    pub closed: [u8; 2],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Lines {
    per_tile: usize,
    /// Per terminal.
    terminal: Vec<Terminal>,
    root: Vec<u16>,
    /// The next terminal of the same line, in a circular list.
    next: Vec<u16>,
    /// Valid at roots.
    size: Vec<u16>,
    open: Vec<u8>,
    closed: Vec<u8>,
    shape: Vec<Shape>,
}

impl Lines {
    pub fn new(set: &TileSet) -> Self {
        let capacity = set.total_tiles() * set.terminals_per_tile();
        Self {
            per_tile: set.terminals_per_tile(),
            terminal: Vec::with_capacity(capacity),
            root: Vec::with_capacity(capacity),
            next: Vec::with_capacity(capacity),
            size: Vec::with_capacity(capacity),
            open: Vec::with_capacity(capacity),
            closed: Vec::with_capacity(capacity),
            shape: Vec::with_capacity(capacity),
        }
    }

    /// Adds a new tile's terminals, each facing an empty cell, joined by its arcs.
    /// Returns the id of its terminal 0.
    pub fn add_tile(&mut self, tile: &TileType) -> usize {
        let base = self.root.len();
        for (j, t) in tile.terminals().iter().enumerate() {
            let id = (base + j) as u16;
            self.terminal.push(*t);
            self.root.push(id);
            self.next.push(id);
            self.size.push(1);
            self.open.push(1);
            self.closed.push(u8::from(t.kind.is_cap()));
            self.shape.push(Shape::Path);
        }
        for &[a, b] in tile.arcs() {
            let (ra, rb) = (base + usize::from(a), base + usize::from(b));
            let r = self.union(ra, rb);
            self.open[r] = 2;
        }
        base
    }

    /// Two terminals on a shared edge meet: their ends join.
    pub fn meet(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.root_of(a), self.root_of(b));
        if ra == rb {
            self.open[ra] -= 2;
            self.shape[ra] = Shape::Loop;
            return;
        }
        let (open, closed) = (
            self.open[ra] + self.open[rb] - 2,
            self.closed[ra] + self.closed[rb],
        );
        let r = self.union(ra, rb);
        self.open[r] = open;
        self.closed[r] = closed;
        if let Some(shape) = cap_pair(self.terminal[a].kind, self.terminal[b].kind) {
            self.shape[r] = shape;
            if shape == Shape::Loop {
                self.closed[r] = 0;
            }
        }
    }

    /// Merges the lines of two roots, relabelling the smaller; returns the new root.
    fn union(&mut self, ra: usize, rb: usize) -> usize {
        let (big, small) = if self.size[ra] >= self.size[rb] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        let mut t = small;
        loop {
            self.root[t] = big as u16;
            t = usize::from(self.next[t]);
            if t == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.size[big] += self.size[small];
        big
    }

    pub fn root_of(&self, terminal: usize) -> usize {
        usize::from(self.root[terminal])
    }

    /// What laying a tile (its `pieces`) with these meetings (its terminal index, the
    /// terminal id it meets) would create, without changing anything.
    // Not inlined: its scratch arrays would burden the frame of the one-meeting case.
    #[inline(never)]
    pub fn evaluate(&self, pieces: &Pieces, meetings: &[(u8, u16)]) -> LineEffects {
        if let [(j, old)] = *meetings {
            return self.evaluate_one(pieces, usize::from(j), usize::from(old));
        }
        // Local nodes: 0..MAX_TERMINALS are the new tile's pieces (an arc, named by its
        // lower end, or a cap); then one node per distinct line met.
        const N: usize = 2 * MAX_TERMINALS;
        let mut parent: [u8; N] = std::array::from_fn(|i| i as u8);
        let mut open = [0i16; N];
        let mut closed = [0u8; N];
        open[..MAX_TERMINALS].copy_from_slice(&pieces.open);
        closed[..MAX_TERMINALS].copy_from_slice(&pieces.closed);
        let mut cycle = [false; N];
        let mut caps: [Option<Shape>; N] = [None; N];
        let mut roots = [0u16; MAX_TERMINALS];
        let mut seen = 0;
        fn find(parent: &[u8; N], mut n: usize) -> usize {
            while usize::from(parent[n]) != n {
                n = usize::from(parent[n]);
            }
            n
        }
        for &(j, old) in meetings {
            let j = usize::from(j);
            let root = self.root[usize::from(old)];
            let node = match roots[..seen].iter().position(|&r| r == root) {
                Some(i) => MAX_TERMINALS + i,
                None => {
                    let n = MAX_TERMINALS + seen;
                    roots[seen] = root;
                    seen += 1;
                    open[n] = i16::from(self.open[usize::from(root)]);
                    closed[n] = self.closed[usize::from(root)];
                    n
                }
            };
            let a = find(&parent, usize::from(pieces.piece[j]));
            let b = find(&parent, node);
            if a == b {
                cycle[a] = true;
                open[a] -= 2;
            } else {
                parent[b] = a as u8;
                open[a] += open[b] - 2;
                closed[a] += closed[b];
                cycle[a] |= cycle[b];
            }
            if let Some(shape) = cap_pair(pieces.kind[j], self.terminal[usize::from(old)].kind) {
                caps[a] = Some(shape);
            }
        }
        let mut effects = LineEffects::default();
        for &p in &pieces.heads[..pieces.count] {
            let p = usize::from(p);
            if find(&parent, p) != p {
                continue;
            }
            let c = pieces.colour[p].index();
            match caps[p] {
                Some(Shape::Dot) => effects.dots[c] += 1,
                Some(_) => effects.loops[c] += 1,
                None if cycle[p] => effects.loops[c] += 1,
                None if open[p] == 0 => effects.closed[c] += 1,
                None => {}
            }
        }
        effects
    }

    /// [`Self::evaluate`] for the common case of a single meeting.
    pub fn evaluate_one(&self, pieces: &Pieces, j: usize, old: usize) -> LineEffects {
        let p = usize::from(pieces.piece[j]);
        self.evaluate_end(pieces.kind[j], pieces.colour[p], old)
    }

    /// What a new tile's terminal of `kind` and `colour` creates when it alone meets
    /// terminal `old`: no cycle can form and only one line changes.
    pub fn evaluate_end(&self, kind: Kind, colour: Colour, old: usize) -> LineEffects {
        let mut effects = LineEffects::default();
        let c = colour.index();
        match cap_pair(kind, self.terminal[old].kind) {
            Some(Shape::Dot) => effects.dots[c] += 1,
            Some(_) => effects.loops[c] += 1,
            None => {
                // A cap's piece has one open end, an arc's two (a tile set's arcs join
                // two arc ends); the meeting closes two.
                let piece_open = if kind.is_cap() { 1 } else { 2 };
                let root = self.root_of(old);
                if piece_open + u16::from(self.open[root]) == 2 {
                    effects.closed[c] += 1;
                }
            }
        }
        effects
    }

    /// Every line on the table, for tests and tools (not used in play).
    pub fn lines(&self) -> Vec<Line> {
        let mut lines = Vec::new();
        for r in 0..self.root.len() {
            if self.root_of(r) != r {
                continue;
            }
            let mut terminals = Vec::with_capacity(usize::from(self.size[r]));
            let mut t = r;
            loop {
                terminals.push((t / self.per_tile, t % self.per_tile));
                t = usize::from(self.next[t]);
                if t == r {
                    break;
                }
            }
            terminals.sort_unstable();
            lines.push(Line {
                colour: self.terminal[r].colour,
                shape: self.shape[r],
                open_ends: self.open[r],
                closed_ends: self.closed[r],
                terminals,
            });
        }
        lines
    }
}

/// A tile type cut into pieces, the parts of lines inside it: each arc (named by its lower
/// end) and each cap. Computed once per game for [`Lines::evaluate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pieces {
    /// The piece of each terminal.
    piece: [u8; MAX_TERMINALS],
    /// The pieces' names, `count` of them.
    heads: [u8; MAX_TERMINALS],
    count: usize,
    /// Per piece: open ends (each terminal faces an empty cell at first), closed ends.
    open: [i16; MAX_TERMINALS],
    closed: [u8; MAX_TERMINALS],
    colour: [Colour; MAX_TERMINALS],
    /// Per terminal.
    kind: [Kind; MAX_TERMINALS],
}

impl Pieces {
    /// The kind of terminal `j`.
    pub fn kind(&self, j: usize) -> Kind {
        self.kind[j]
    }

    pub fn new(tile: &TileType) -> Self {
        let mut pieces = Pieces {
            piece: [0; MAX_TERMINALS],
            heads: [0; MAX_TERMINALS],
            count: 0,
            open: [0; MAX_TERMINALS],
            closed: [0; MAX_TERMINALS],
            colour: [Colour::Black; MAX_TERMINALS],
            kind: [Kind::Arc; MAX_TERMINALS],
        };
        for (j, t) in tile.terminals().iter().enumerate() {
            let p = tile.partner(j).map_or(j, |q| q.min(j));
            pieces.piece[j] = p as u8;
            if p == j {
                pieces.heads[pieces.count] = j as u8;
                pieces.count += 1;
            }
            pieces.open[p] += 1;
            pieces.closed[p] += u8::from(t.kind.is_cap());
            pieces.colour[p] = t.colour;
            pieces.kind[j] = t.kind;
        }
        pieces
    }
}

/// The shape two meeting terminals make when both are caps: two semicircles are the
/// smallest loop, a half-dot makes a dot.
fn cap_pair(a: Kind, b: Kind) -> Option<Shape> {
    match (a, b) {
        (Kind::Semicircle, Kind::Semicircle) => Some(Shape::Loop),
        _ if a.is_cap() && b.is_cap() => Some(Shape::Dot),
        _ => None,
    }
}
