//! The terminal diagram of a view: the triangular table in ASCII, each placed tile with
//! its type, its coordinates and its terminals (colour and kind) beside each edge, the
//! free cells next to the table dotted with their coordinates; then the hands, the pool,
//! whose turn it is and what is owed. What the game knows besides the view comes in a
//! [`Context`]. Uses `tileset`, `board`, `view` and `notation`. Rules:
//! `docs/rules/triles.md`.

use std::collections::{HashMap, VecDeque};
use std::fmt::Write;

use crate::board::{Cell, Edge, Placement};
use crate::state::Tiles;
use crate::tileset::{Colour, TileSet, TileType, MAX_TERMINALS};
use crate::view::{Context, View};

/// A character grid drawn on, then printed.
struct Canvas {
    rows: Vec<Vec<char>>,
}

impl Canvas {
    fn put(&mut self, row: usize, col: usize, c: char) {
        if let Some(slot) = self.rows.get_mut(row).and_then(|r| r.get_mut(col)) {
            *slot = c;
        }
    }

    fn text(&mut self, row: usize, col: usize, s: &str) {
        for (i, c) in s.chars().enumerate() {
            self.put(row, col + i, c);
        }
    }

    fn get(&self, row: usize, col: usize) -> Option<char> {
        self.rows.get(row).and_then(|r| r.get(col)).copied()
    }

    /// Writes `s` centred in the columns `from..to` (cut to fit); returns where it starts.
    fn centred(&mut self, row: usize, from: usize, to: usize, s: &str) -> usize {
        let width = to.saturating_sub(from);
        let s: String = s.chars().take(width).collect();
        let at = from + (width - s.chars().count()) / 2;
        self.text(row, at, &s);
        at
    }
}

/// Cell geometry on the canvas: each row of cells is `h` lines high and each cell `2h`
/// columns wide, neighbours overlapping by half.
struct Frame {
    h: usize,
    x_min: i32,
    y_max: i32,
}

impl Frame {
    /// The cell's leftmost column and its first line.
    fn origin(&self, cell: Cell) -> (usize, usize) {
        let col = (i32::from(cell.x) - self.x_min) as usize * self.h;
        let row = (self.y_max - i32::from(cell.y)) as usize * self.h + 1;
        (col, row)
    }

    /// Draws the outline of `cell` with `slash`, `backslash` and `flat` characters.
    fn outline(&self, canvas: &mut Canvas, cell: Cell, chars: [char; 3]) {
        let (c0, r0) = self.origin(cell);
        let h = self.h;
        let [slash, backslash, flat] = chars;
        for i in 0..h {
            if cell.points_up() {
                canvas.put(r0 + i, c0 + h - 1 - i, slash);
                canvas.put(r0 + i, c0 + h + i, backslash);
            } else {
                canvas.put(r0 + i, c0 + i, backslash);
                canvas.put(r0 + i, c0 + 2 * h - 1 - i, slash);
            }
        }
        let flat_row = if cell.points_up() { r0 + h - 1 } else { r0 - 1 };
        for col in c0 + 1..c0 + 2 * h - 1 {
            canvas.put(flat_row, col, flat);
        }
    }

    /// The interior columns of line `i` of `cell`.
    fn interior(&self, cell: Cell, i: usize) -> (usize, usize) {
        let (c0, _) = self.origin(cell);
        let h = self.h;
        if cell.points_up() {
            (c0 + h - i, c0 + h + i)
        } else {
            (c0 + i + 1, c0 + 2 * h - 1 - i)
        }
    }

    /// Writes a placed tile's type, coordinates and terminal labels (`k` terminals of two
    /// characters per edge); returns where each edge's label starts (line, column).
    fn label(
        &self,
        canvas: &mut Canvas,
        cell: Cell,
        name: &str,
        edges: [String; 3],
    ) -> [(usize, usize); 3] {
        let (_, r0) = self.origin(cell);
        let h = self.h;
        let [l, r, v] = edges;
        // Lines from the flat side: V labels, L and R labels (with room between them for
        // a line joining them), coordinates, type.
        let lines: [usize; 4] = if cell.points_up() {
            [h - 1, h - 2, h - 3, h - 4]
        } else {
            [0, 1, 2, 3]
        };
        let (from, to) = self.interior(cell, lines[0]);
        let (from, to) = if cell.points_up() {
            (from + 1, to - 1)
        } else {
            (from, to)
        };
        let v_at = canvas.centred(r0 + lines[0], from, to, &v);
        let (from, to) = self.interior(cell, lines[1]);
        let r_at = to.saturating_sub(r.chars().count());
        canvas.text(r0 + lines[1], from, &l);
        canvas.text(r0 + lines[1], r_at, &r);
        let (from, to) = self.interior(cell, lines[2]);
        canvas.centred(r0 + lines[2], from, to, &format!("{},{}", cell.x, cell.y));
        let (from, to) = self.interior(cell, lines[3]);
        canvas.centred(r0 + lines[3], from, to, name);
        // Indexed by `Edge::index`: L, R, V.
        [
            (r0 + lines[1], from_of(self.interior(cell, lines[1]))),
            (r0 + lines[1], r_at),
            (r0 + lines[0], v_at),
        ]
    }

    /// Whether line `row`, column `col` lies inside `cell` (not on its outline).
    fn inside(&self, cell: Cell, row: usize, col: usize) -> bool {
        let (_, r0) = self.origin(cell);
        let Some(i) = row.checked_sub(r0).filter(|&i| i < self.h) else {
            return false;
        };
        let (from, to) = self.interior(cell, i);
        (from..to).contains(&col)
    }
}

fn from_of((from, _): (usize, usize)) -> usize {
    from
}

/// The character a line of `colour` is drawn with.
fn stroke(colour: Colour) -> char {
    match colour {
        Colour::Black => '●',
        Colour::White => '○',
    }
}

/// Draws `tile`'s arcs on `cell` as strokes between its terminal labels, through free
/// space inside the cell (blank or the flat edge's `_`): a shortest path from next to
/// one end's label to next to the other's. An arc with no free path is left undrawn
/// (its labels still say it all).
fn draw_arcs(
    canvas: &mut Canvas,
    frame: &Frame,
    cell: Cell,
    tile: &TileType,
    at: &dyn Fn(usize) -> (usize, usize),
) {
    for &[a, b] in tile.arcs() {
        let (a, b) = (usize::from(a), usize::from(b));
        let free = |canvas: &Canvas, row: usize, col: usize| {
            frame.inside(cell, row, col) && matches!(canvas.get(row, col), Some(' ' | '_'))
        };
        // The cells beside, above or below a terminal's two characters.
        let touching = |j: usize, row: usize, col: usize| {
            let (r, c) = at(j);
            (row == r && (col + 1 == c || col == c + 2))
                || ((row + 1 == r || row == r + 1) && (c..c + 2).contains(&col))
        };
        // Each reached cell with the one it was reached from (itself for a start).
        let mut before: HashMap<(usize, usize), (usize, usize)> = HashMap::new();
        let mut queue = VecDeque::new();
        let (r, c) = at(a);
        for row in r.saturating_sub(1)..=r + 1 {
            for col in c.saturating_sub(1)..=c + 2 {
                if touching(a, row, col) && free(canvas, row, col) {
                    before.insert((row, col), (row, col));
                    queue.push_back((row, col));
                }
            }
        }
        let mut end = None;
        while let Some((row, col)) = queue.pop_front() {
            if touching(b, row, col) {
                end = Some((row, col));
                break;
            }
            let steps = [(0, 1), (0, -1), (1, 0), (-1, 0)];
            for (dr, dc) in steps {
                let (Some(nr), Some(nc)) = (row.checked_add_signed(dr), col.checked_add_signed(dc))
                else {
                    continue;
                };
                if free(canvas, nr, nc) && !before.contains_key(&(nr, nc)) {
                    before.insert((nr, nc), (row, col));
                    queue.push_back((nr, nc));
                }
            }
        }
        let glyph = stroke(tile.terminals()[a].colour);
        let mut cursor = end;
        while let Some((row, col)) = cursor {
            canvas.put(row, col, glyph);
            let back = before[&(row, col)];
            cursor = (back != (row, col)).then_some(back);
        }
    }
}

fn terminals_on(cx: &Context, p: Placement, edge: Edge) -> String {
    let set = cx.set;
    let layout = cx.geometry.layout(p.tile, p.cell.points_up(), p.rotation);
    let tile = set.tile(p.tile);
    (0..set.terminals_per_edge())
        .map(|slot| tile.terminals()[usize::from(layout.terminal[edge.index()][slot])].to_string())
        .collect()
}

/// The cells to draw: the placed ones and the free cells next to them.
fn free_cells(board: &[Placement]) -> Vec<Cell> {
    let mut free = Vec::new();
    for p in board {
        for edge in Edge::ALL {
            let n = p.cell.neighbour(edge);
            if !board.iter().any(|q| q.cell == n) && !free.contains(&n) {
                free.push(n);
            }
        }
    }
    free
}

fn board(cx: &Context, placements: &[Placement]) -> String {
    let k = cx.set.terminals_per_edge();
    let h = 4 + 2 * k;
    let free = free_cells(placements);
    let all = placements
        .iter()
        .map(|p| p.cell)
        .chain(free.iter().copied());
    let (mut x_min, mut x_max, mut y_min, mut y_max) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
    for c in all {
        x_min = x_min.min(i32::from(c.x));
        x_max = x_max.max(i32::from(c.x));
        y_min = y_min.min(i32::from(c.y));
        y_max = y_max.max(i32::from(c.y));
    }
    let frame = Frame { h, x_min, y_max };
    let width = (x_max - x_min) as usize * h + 2 * h;
    let height = (y_max - y_min + 1) as usize * h + 1;
    let mut canvas = Canvas {
        rows: vec![vec![' '; width]; height],
    };
    for &cell in &free {
        frame.outline(&mut canvas, cell, ['.', '.', '.']);
        let (_, r0) = frame.origin(cell);
        let line = if cell.points_up() { h - 2 } else { 1 };
        let (from, to) = frame.interior(cell, line);
        canvas.centred(r0 + line, from, to, &format!("{},{}", cell.x, cell.y));
    }
    for &p in placements {
        frame.outline(&mut canvas, p.cell, ['/', '\\', '_']);
    }
    let set = cx.set;
    let mut starts = Vec::with_capacity(placements.len());
    for &p in placements {
        let edges = Edge::ALL.map(|e| terminals_on(cx, p, e));
        starts.push(frame.label(&mut canvas, p.cell, set.name(p.tile), edges));
    }
    // Lines last, so that they go round every label.
    for (&p, start) in placements.iter().zip(&starts) {
        let layout = cx.geometry.layout(p.tile, p.cell.points_up(), p.rotation);
        let mut place = [(0, 0); MAX_TERMINALS];
        for edge in Edge::ALL {
            for slot in 0..k {
                let j = usize::from(layout.terminal[edge.index()][slot]);
                let (row, col) = start[edge.index()];
                place[j] = (row, col + 2 * slot);
            }
        }
        draw_arcs(&mut canvas, &frame, p.cell, set.tile(p.tile), &|j| place[j]);
    }
    let mut out = String::new();
    for row in canvas.rows {
        let line: String = row.into_iter().collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A tile type as the hands list it: its terminals clockwise (edges split by `|` when
/// they carry more than one), then each arc as the stroke of its colour and the
/// terminals it joins: `Ba Ba Ws ●0-1`.
fn tile_text(set: &TileSet, tile: &TileType) -> String {
    let k = set.terminals_per_edge();
    let edges: Vec<String> = tile
        .terminals()
        .chunks(k)
        .map(|edge| {
            edge.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut text = edges.join(if k > 1 { " | " } else { " " });
    for &[a, b] in tile.arcs() {
        let colour = tile.terminals()[usize::from(a)].colour;
        let _ = write!(text, " {}{a}-{b}", stroke(colour));
    }
    text
}

/// A hand, at most about 80 characters a line.
fn tile_list(set: &TileSet, tiles: &Tiles) -> String {
    if tiles.is_empty() {
        return "none".to_owned();
    }
    let mut out = String::new();
    let mut width = 0;
    for (t, n) in tiles.iter() {
        let item = format!("{}x{n} ({})", set.name(t), tile_text(set, set.tile(t)));
        let len = item.chars().count();
        if width > 0 && width + 2 + len > 80 {
            out.push_str("\n  ");
            width = 2;
        } else if width > 0 {
            out.push_str("  ");
            width += 2;
        }
        out.push_str(&item);
        width += len;
    }
    out
}

pub(crate) fn draw(cx: &Context, view: &View) -> String {
    let set = cx.set;
    let mut out = String::new();
    if view.placements().is_empty() {
        out.push_str("(no tile on the table yet)\n");
    } else {
        out.push_str(&board(cx, view.placements()));
        out.push_str("edges: B/W colour, a arc end, s semicircle, d half-dot (slots clockwise); ");
        out.push_str("lines: ● black, ○ white; dotted: free cells\n");
        out.push_str("TYPE@X,Y,R puts tile edge e (terminals listed clockwise) on cell edge ");
        out.push_str("[L,R,V][(e+R)%3] of an up cell, [R,L,V][(e+R)%3] of a down cell\n");
        out.push_str("hands: terminals clockwise from 0, then the lines inside the tile ");
        out.push_str("(●0-1: a black line joins terminals 0 and 1)\n");
    }
    let me = view.colour();
    let name = |c: Colour| {
        if Some(c) == me {
            format!("{c} (you)")
        } else {
            c.to_string()
        }
    };
    match (view.seat(), me) {
        (Some(seat), Some(c)) => {
            let hand = view.hand().expect("a seat has a hand");
            let _ = writeln!(out, "you: {seat} playing {c}");
            let _ = writeln!(out, "your hand ({}): {}", hand.len(), tile_list(set, hand));
            let them = c.opponent();
            match view.opponent_hand() {
                Some(h) => {
                    let _ = writeln!(out, "{them}'s hand ({}): {}", h.len(), tile_list(set, h));
                }
                None => {
                    let _ = writeln!(out, "{them}'s hand: {} tiles", view.opponent_hand_size());
                }
            }
        }
        (Some(seat), None) => {
            let _ = writeln!(out, "you: {seat}; colours not drawn yet");
        }
        (None, _) => {
            let _ = writeln!(out, "you: a spectator");
            for c in Colour::ALL {
                match view.hand_of(c) {
                    Some(h) => {
                        let _ = writeln!(out, "{c}'s hand ({}): {}", h.len(), tile_list(set, h));
                    }
                    None => {
                        let _ = writeln!(out, "{c}'s hand: {} tiles", view.hand_size(c));
                    }
                }
            }
        }
    }
    let next = view
        .table()
        .next
        .map(|t| format!(", next: {}", set.name(t)))
        .unwrap_or_default();
    let _ = writeln!(out, "pool: {} tiles{next}", view.pool_size());
    let mut status = Vec::new();
    if let Some(w) = view.winner() {
        status.push(format!("{} wins", name(w)));
    } else if view.table().passes >= 2 {
        status.push("over: both passed".to_owned());
    } else if view.placements().is_empty() {
        status.push("setting up: colours, first mover, the deal, the starting tile".to_owned());
    } else if let Some(c) = view.table().to_move {
        status.push(format!("{} to move", name(c)));
        if view.table().gift_pending {
            status.push("wedge: give a tile (give K) or decline (give -)".to_owned());
        }
        if view.table().extra > 0 {
            status.push(format!("{} extra placement(s) owed", view.table().extra));
        }
        let open_pool = cx.variants.contains(&"open-pool");
        let reveal = open_pool && view.table().next.is_none() && view.pool_size() > 0;
        if reveal && !view.placements().is_empty() {
            status.push("the next pool tile is to be turned up".to_owned());
        }
        for &(c, n) in &view.table().draws {
            status.push(format!("{} draws {n}", name(c)));
        }
        if view.table().passes == 1 {
            status.push("the last turn began with a pass".to_owned());
        }
    }
    let _ = writeln!(out, "{}", status.join("; "));
    out
}
