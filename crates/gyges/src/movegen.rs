//! Move generation: the movement [`Variant`]s, setup orders, and piece moves with bounces
//! and replacements, each outcome (start, end, drop) or (start, goal) listed once. Also the
//! fast counters the engine needs ([`move_count`], [`mobility`], [`has_goal_move`],
//! [`perft`]) and what a rule breach needs to know about one piece. Rules:
//! `docs/rules/gyges.md`, "Turn", "Moves are outcomes" and "Variant `official`".

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{Side, Square, FULL};
use crate::moves::{Move, MoveList, SetupOrder};
use crate::state::Position;

/// Which movement rule is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// The seed's rule: a piece never stands on a square twice in one move.
    #[default]
    Seed,
    /// The rule book's rule as the `gyges` crate implements it: a border between two squares
    /// is not crossed twice, and a piece bounced on is not landed on again.
    Official,
}

/// The variant's name, `seed` or `official`.
impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Seed => "seed",
            Variant::Official => "official",
        })
    }
}

/// A variant name that is neither `seed` nor `official`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown variant {0:?} (expected seed or official)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "seed" => Ok(Variant::Seed),
            "official" => Ok(Variant::Official),
            _ => Err(UnknownVariant(s.to_owned())),
        }
    }
}

/// One way to walk a segment of 1–3 steps from a square, without stepping straight back.
#[derive(Clone, Copy)]
struct Path {
    /// Squares stepped through before the last step: they must be empty.
    mid: u64,
    /// `mid` plus the end square when it is on the board: what the piece stands on.
    walk: u64,
    /// Borders between squares crossed (30 east-west, then 30 north-south).
    borders: u64,
    /// The end square, or [`EXIT_NORTH`] / [`EXIT_SOUTH`] when the last step leaves the board.
    end: u8,
    /// Each step's square in order (the last may be an exit): for [`route`] alone.
    steps: [u8; 3],
}

const EXIT_NORTH: u8 = 36;
const EXIT_SOUTH: u8 = 37;
/// Lists are padded to a multiple of this many paths with paths that end nowhere (no end
/// bit: never reached, never landed on), so that the pass over a list in [`Reach::walk`]
/// runs in whole vector steps, without a scalar loop for the rest.
const PATH_GROUP: usize = 4;
/// Room for every path: at most 4 + 12 + 36 from each of the 36 squares, each list padded
/// by at most 3, and at most 36 in one list (so a list's paths fit the bits of a `u64`).
const PATH_CAP: usize = 36 * (52 + 3 * (PATH_GROUP - 1));

/// Every path of every length from every square, one array per field so that a whole
/// list is filtered in one branch-free pass.
struct PathTable {
    mid: [u64; PATH_CAP],
    walk: [u64; PATH_CAP],
    borders: [u64; PATH_CAP],
    /// The end square as a bit; bit 36 or 37 for an exit across the north or south edge.
    end_bit: [u64; PATH_CAP],
    /// `(first, count)` into the arrays for `[length - 1][square]`.
    ranges: [[(u16, u16); 36]; 3],
    /// `[length - 1][square][end]`: the paths of that list that end on `end`, as bits
    /// (bit `i` for the list's `i`-th path), to find the paths that land on a piece.
    ending: [[[u64; 36]; 36]; 3],
}

static PATHS: PathTable = build_paths();

const fn build_paths() -> PathTable {
    let mut table = PathTable {
        mid: [0; PATH_CAP],
        walk: [0; PATH_CAP],
        borders: [0; PATH_CAP],
        end_bit: [0; PATH_CAP],
        ranges: [[(0, 0); 36]; 3],
        ending: [[[0; 36]; 36]; 3],
    };
    let mut n = 0;
    let mut len = 1;
    while len <= 3 {
        let mut from = 0;
        while from < 36 {
            let first = n;
            // Every sequence of `len` directions, read as a base-4 number.
            let mut code = 0;
            while code < 1 << (2 * len) {
                if let Some(path) = trace(from, code, len) {
                    if path.end < 36 {
                        table.ending[len - 1][from as usize][path.end as usize] |= 1 << (n - first);
                    }
                    table.mid[n] = path.mid;
                    table.walk[n] = path.walk;
                    table.borders[n] = path.borders;
                    table.end_bit[n] = 1 << path.end;
                    n += 1;
                }
                code += 1;
            }
            // The padding: no end bit, nothing to cross.
            while (n - first) % PATH_GROUP != 0 {
                n += 1;
            }
            assert!(n - first <= 64, "a list's paths must fit the bits of a u64");
            table.ranges[len - 1][from as usize] = (first as u16, (n - first) as u16);
            from += 1;
        }
        len += 1;
    }
    table
}

/// The walk from `from` along the directions in `code` (two bits per step: 0 north,
/// 1 east, 2 south, 3 west), if it stays on the board except for a last step across the
/// north or south edge, and never steps straight back.
const fn trace(from: u8, code: usize, len: usize) -> Option<Path> {
    let mut path = Path {
        mid: 0,
        walk: 0,
        borders: 0,
        end: from,
        steps: [0; 3],
    };
    let mut at = from;
    let mut came_from = u8::MAX;
    let mut step = 0;
    while step < len {
        let last = step + 1 == len;
        let (file, rank) = (at % 6, at / 6);
        let (next, border) = match (code >> (2 * step)) & 3 {
            0 if rank == 5 => {
                if !last {
                    return None;
                }
                (EXIT_NORTH, 0)
            }
            2 if rank == 0 => {
                if !last {
                    return None;
                }
                (EXIT_SOUTH, 0)
            }
            0 => (at + 6, 30 + at),
            2 => (at - 6, 30 + at - 6),
            1 if file < 5 => (at + 1, rank * 5 + file),
            3 if file > 0 => (at - 1, rank * 5 + file - 1),
            _ => return None,
        };
        if next == came_from {
            return None;
        }
        path.mid = path.walk;
        path.end = next;
        path.steps[step] = next;
        if next < 36 {
            path.walk |= 1 << next;
            path.borders |= 1 << border;
        }
        came_from = at;
        at = next;
        step += 1;
    }
    Some(path)
}

/// Where one piece can get to, found by walking every path.
struct Reach<'a> {
    pos: &'a Position,
    /// The board with the moving piece lifted off its start square.
    occ: u64,
    /// The exit that wins for the mover, as its end bit.
    goal_exit: u64,
    /// Empty squares the piece can end on.
    ends: u64,
    /// Occupied squares the piece can end a segment on (to replace or bounce).
    targets: u64,
    goal: bool,
    /// Stop as soon as the goal is reachable.
    goal_only: bool,
    /// Bounces allowed in one move: `u8::MAX` for the rules' unlimited chains, fewer to
    /// find the shortest chain that reaches an outcome ([`fewest_bounces`]).
    max_bounces: u8,
}

impl Reach<'_> {
    /// Walks segments of `len` steps from `at`. `stood` holds the squares stood on so far
    /// (seed rule), `crossed` the borders crossed and `bounced` the pieces bounced on
    /// (official rule).
    fn walk<const OFFICIAL: bool>(
        &mut self,
        at: usize,
        len: u8,
        stood: u64,
        crossed: u64,
        bounced: u64,
        bounces: u8,
    ) {
        let (first, count) = PATHS.ranges[len as usize - 1][at];
        let range = first as usize..first as usize + count as usize;
        let (mid, walk) = (&PATHS.mid[range.clone()], &PATHS.walk[range.clone()]);
        let (borders, end_bit) = (&PATHS.borders[range.clone()], &PATHS.end_bit[range]);
        let (restrict, used) = if OFFICIAL {
            (borders, crossed)
        } else {
            (walk, stood)
        };
        let occ = self.occ;
        let open = |i: usize| (mid[i] & occ) | (restrict[i] & used) == 0;
        // One pass without branches over the whole list: where the open paths end.
        let mut reached = 0u64;
        for ((&m, &r), &end) in mid.iter().zip(restrict).zip(end_bit) {
            let open = (m & occ) | (r & used) == 0;
            reached |= end & u64::from(open).wrapping_neg();
        }
        self.ends |= reached & FULL & !occ;
        let landed = reached & occ & !bounced;
        self.targets |= landed;
        if reached & self.goal_exit != 0 {
            self.goal = true;
            if self.goal_only {
                return;
            }
        }
        if bounces >= self.max_bounces {
            return;
        }
        // Each open path onto a piece that may be landed on bounces: found from the few
        // squares landed on rather than by marking paths in the pass above.
        for end in Square::iter(landed) {
            let end = end.index();
            let value = self.pos.value_at(end);
            let mut paths = PATHS.ending[len as usize - 1][at][end];
            while paths != 0 {
                let i = paths.trailing_zeros() as usize;
                paths &= paths - 1;
                if !open(i) {
                    continue;
                }
                self.walk::<OFFICIAL>(
                    end,
                    value,
                    stood | walk[i],
                    crossed | borders[i],
                    bounced | end_bit[i],
                    bounces + 1,
                );
                if self.goal && self.goal_only {
                    return;
                }
            }
        }
    }
}

/// Everything one piece of the active row can do.
struct PieceMoves {
    from: Square,
    value: u8,
    /// Empty squares to end on (the start square excluded: that would change nothing).
    ends: u64,
    /// Pieces that can be replaced.
    targets: u64,
    goal: bool,
    /// Squares a replaced piece may be dropped on.
    drops: u64,
}

fn reach(pos: &Position, variant: Variant, from: Square, goal_only: bool) -> Reach<'_> {
    reach_within(pos, variant, from, goal_only, u8::MAX)
}

fn reach_within(
    pos: &Position,
    variant: Variant,
    from: Square,
    goal_only: bool,
    max_bounces: u8,
) -> Reach<'_> {
    let side = pos.side_to_move();
    let mut r = Reach {
        pos,
        occ: pos.occupied() & !from.bit(),
        goal_exit: match side {
            Side::South => 1 << EXIT_NORTH,
            Side::North => 1 << EXIT_SOUTH,
        },
        ends: 0,
        targets: 0,
        goal: false,
        goal_only,
        max_bounces,
    };
    let value = pos.value_at(from.index());
    match variant {
        Variant::Seed => r.walk::<false>(from.index(), value, from.bit(), 0, 0, 0),
        Variant::Official => r.walk::<true>(from.index(), value, 0, 0, 0, 0),
    }
    r
}

/// The fewest bounces with which a legal piece move `mv` reaches its outcome (its end
/// square, the piece it replaces, or the goal): 0 for a plain move, `None` for a setup
/// or a move the piece cannot make. For the lab's bounce-chain counts.
pub(crate) fn fewest_bounces(pos: &Position, variant: Variant, mv: Move) -> Option<u8> {
    let from = mv.from()?;
    // Eleven other pieces: no chain is longer.
    (0..12).find(|&max| {
        let r = reach_within(pos, variant, from, false, max);
        match mv {
            Move::Step { to, .. } => r.ends & to.bit() != 0,
            Move::Replace { to, .. } => r.targets & to.bit() != 0,
            Move::Goal { .. } => r.goal,
            Move::Setup(_) => false,
        }
    })
}

/// The way a piece move goes, for a page to draw it: the squares the piece passes in
/// order, its start first and its end last (for a move to the goal, the square it leaves
/// the board from), and the squares of the pieces it bounced on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Route {
    pub squares: Vec<Square>,
    pub bounces: Vec<Square>,
}

/// One way the legal piece move `mv` goes, with the fewest bounces; `None` for a setup or
/// a move the piece cannot make. Walks the same segments as move generation does
/// ([`trace`]), one direction code at a time, keeping the squares.
pub(crate) fn route(pos: &Position, variant: Variant, mv: Move) -> Option<Route> {
    let from = mv.from()?;
    let bounces = fewest_bounces(pos, variant, mv)?;
    let mut seeker = Seeker {
        pos,
        official: variant == Variant::Official,
        occ: pos.occupied() & !from.bit(),
        end: match mv {
            Move::Step { to, .. } | Move::Replace { to, .. } => to.index() as u8,
            Move::Goal { .. } => match pos.side_to_move() {
                Side::South => EXIT_NORTH,
                Side::North => EXIT_SOUTH,
            },
            Move::Setup(_) => return None,
        },
        max_bounces: bounces,
        route: Route {
            squares: vec![from],
            bounces: Vec::new(),
        },
    };
    let stood = if seeker.official { 0 } else { from.bit() };
    let value = pos.value_at(from.index());
    seeker
        .seek(from.index() as u8, value, stood, 0, 0)
        .then_some(seeker.route)
}

/// The search of [`route`]: the walk of [`Reach::walk`] one path at a time.
struct Seeker<'a> {
    pos: &'a Position,
    official: bool,
    /// The board with the moving piece lifted off its start square.
    occ: u64,
    /// The square (or exit) the move ends on.
    end: u8,
    max_bounces: u8,
    route: Route,
}

impl Seeker<'_> {
    /// Whether a segment of `len` steps from `at` (and the bounces after it) reaches the
    /// end, the way there left in `route` when it does.
    fn seek(&mut self, at: u8, len: u8, stood: u64, crossed: u64, bounced: u64) -> bool {
        for code in 0..1usize << (2 * len) {
            let Some(path) = trace(at, code, len as usize) else {
                continue;
            };
            let (restrict, used) = match self.official {
                true => (path.borders, crossed),
                false => (path.walk, stood),
            };
            if (path.mid & self.occ) | (restrict & used) != 0 {
                continue;
            }
            let landable = path.end < 36 && self.occ & !bounced & (1 << path.end) != 0;
            let ends_here = path.end == self.end
                && (path.end >= 36 || landable || self.occ & (1 << path.end) == 0);
            let bounce =
                !ends_here && landable && self.route.bounces.len() < usize::from(self.max_bounces);
            if !ends_here && !bounce {
                continue;
            }
            let before = self.route.squares.len();
            let on_board = path.steps[..len as usize].iter().filter(|&&s| s < 36);
            self.route
                .squares
                .extend(on_board.map(|&s| Square::from_index(s).expect("on the board")));
            if ends_here {
                return true;
            }
            let end = Square::from_index(path.end).expect("on the board");
            self.route.bounces.push(end);
            let value = self.pos.value_at(end.index());
            let bit = 1 << path.end;
            if self.seek(
                path.end,
                value,
                stood | path.walk,
                crossed | path.borders,
                bounced | bit,
            ) {
                return true;
            }
            self.route.bounces.pop();
            self.route.squares.truncate(before);
        }
        false
    }
}

/// Where the piece on `from` can get to with the side to move's rules: empty squares it
/// can end on (its start square excluded), pieces it can land on, and whether it can
/// leave the board across the opponent's edge. For [`crate::Gyges`]'s rule breaches.
pub(crate) fn reachable(pos: &Position, variant: Variant, from: Square) -> (u64, u64, bool) {
    let r = reach(pos, variant, from, false);
    (r.ends & !from.bit(), r.targets, r.goal)
}

/// The squares one segment of `len` steps from `from` can end on over an empty board:
/// where a piece of value `len` goes when nothing stands in its way.
pub(crate) fn segment_ends(from: Square, len: u8) -> u64 {
    let (first, count) = PATHS.ranges[usize::from(len) - 1][from.index()];
    let range = first as usize..first as usize + count as usize;
    PATHS.end_bit[range].iter().fold(0, |all, &bit| all | bit) & FULL
}

/// The active-row squares of the side to move (none once the game is won or in setup).
fn starts(pos: &Position) -> u64 {
    if pos.occupied().count_ones() != 12 {
        return 0;
    }
    let row = u64::from(pos.active_rank(pos.side_to_move()).unwrap_or(1) - 1);
    pos.occupied() & (0b11_1111 << (6 * row))
}

/// The squares a displaced piece may be dropped on when the mover's piece has left
/// `from`: empty squares no nearer to the opponent than every other piece.
pub(crate) fn drop_squares(pos: &Position, from: Square) -> u64 {
    let others = pos.occupied() & !from.bit();
    let allowed = match pos.side_to_move() {
        Side::South => {
            let top = (63 - others.leading_zeros()) / 6;
            FULL >> (6 * (5 - top))
        }
        Side::North => {
            let bottom = others.trailing_zeros() / 6;
            FULL & !((1u64 << (6 * bottom)) - 1)
        }
    };
    allowed & !others
}

fn piece_moves(pos: &Position, variant: Variant, from: Square) -> PieceMoves {
    PieceMoves::of(pos, from, &reach(pos, variant, from, false))
}

impl PieceMoves {
    /// The moves of the piece on `from`, whose whole reach `r` is.
    fn of(pos: &Position, from: Square, r: &Reach) -> PieceMoves {
        PieceMoves {
            from,
            value: pos.value_at(from.index()),
            ends: r.ends & !from.bit(),
            targets: r.targets,
            goal: r.goal,
            drops: if r.targets != 0 {
                drop_squares(pos, from)
            } else {
                0
            },
        }
    }
}

impl PieceMoves {
    /// Whether dropping the piece from `target` back on the start square leaves the board
    /// as it was (same values swapped): that outcome is not a move.
    fn unchanged_drop(&self, pos: &Position, target: Square) -> bool {
        self.unchanged_targets(pos) & target.bit() != 0
    }

    /// The targets of [`Self::unchanged_drop`], all at once.
    #[inline]
    fn unchanged_targets(&self, pos: &Position) -> u64 {
        if self.drops & self.from.bit() != 0 {
            self.targets & pos.holding(self.value)
        } else {
            0
        }
    }

    /// Targets that some move replaces: all of them, unless the start square is the only
    /// drop square and the target has the mover's value.
    #[inline]
    fn replaceable(&self, pos: &Position) -> u64 {
        match self.drops {
            0 => 0,
            d if d == self.from.bit() => self.targets & !self.unchanged_targets(pos),
            _ => self.targets,
        }
    }

    /// The number of moves: each end, the goal, and a replacement for each target and
    /// drop square but the unchanged ones. Counted without a loop over the targets.
    #[inline]
    fn count(&self, pos: &Position) -> usize {
        let replaces = self.targets.count_ones() * self.drops.count_ones()
            - self.unchanged_targets(pos).count_ones();
        (self.ends.count_ones() + u32::from(self.goal) + replaces) as usize
    }
}

/// Appends the legal moves of the side to move to `out` (cleared first): the 90 setup
/// orders while its home row is still to be set up, else every distinct outcome of
/// moving one piece of its active row. Empty when the game is won or the mover is stuck.
/// Ignores repetition and the ply limit, which need the game's history (see
/// [`crate::Gyges`]).
pub fn generate_moves(pos: &Position, variant: Variant, out: &mut MoveList) {
    out.clear();
    if pos.is_setup() {
        if pos.occupied() & pos.side_to_move().home_row() == 0 {
            out.extend(SetupOrder::all().iter().map(|&o| Move::Setup(o)));
        }
        return;
    }
    for from in Square::iter(starts(pos)) {
        let pm = piece_moves(pos, variant, from);
        if pm.goal {
            out.push(Move::Goal { from });
        }
        for to in Square::iter(pm.ends) {
            out.push(Move::Step { from, to });
        }
        for to in Square::iter(pm.targets) {
            let skip = if pm.unchanged_drop(pos, to) {
                from.bit()
            } else {
                0
            };
            for drop in Square::iter(pm.drops & !skip) {
                out.push(Move::Replace { from, to, drop });
            }
        }
    }
}

/// What the side to move's active row can do, summed over its pieces without listing
/// the moves: what an evaluation needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mobility {
    /// The number of legal moves ([`generate_moves`]' list length).
    pub moves: usize,
    /// Empty squares some move ends on.
    pub ends: u64,
    /// Pieces some move replaces.
    pub targets: u64,
    /// Whether a move leaves the board and wins.
    pub goal: bool,
}

/// The [`Mobility`] of the side to move, once setup is over (all zero before).
pub fn mobility(pos: &Position, variant: Variant) -> Mobility {
    let mut m = Mobility::default();
    if pos.is_setup() {
        return m;
    }
    for from in Square::iter(starts(pos)) {
        m.add(pos, &piece_moves(pos, variant, from));
    }
    m
}

/// The [`Mobility`] of the side to move, or `None` if it can leave the board: then found
/// as soon as [`has_goal_move`] finds it, and otherwise at the cost of [`mobility`]
/// alone, where asking both would walk every path twice. All zero in setup, as
/// [`mobility`].
pub fn mobility_unless_goal(pos: &Position, variant: Variant) -> Option<Mobility> {
    let mut m = Mobility::default();
    if pos.is_setup() {
        return Some(m);
    }
    for from in Square::iter(starts(pos)) {
        let r = reach(pos, variant, from, true);
        if r.goal {
            return None;
        }
        // No goal: the walk did not stop early, so `r` is the piece's whole reach.
        m.add(pos, &PieceMoves::of(pos, from, &r));
    }
    Some(m)
}

impl Mobility {
    fn add(&mut self, pos: &Position, pm: &PieceMoves) {
        self.moves += pm.count(pos);
        self.ends |= pm.ends;
        self.goal |= pm.goal;
        self.targets |= pm.replaceable(pos);
    }
}

/// The number of legal moves, as [`generate_moves`] would list them, without listing them.
pub fn move_count(pos: &Position, variant: Variant) -> usize {
    if pos.is_setup() {
        return if pos.occupied() & pos.side_to_move().home_row() == 0 {
            90
        } else {
            0
        };
    }
    Square::iter(starts(pos))
        .map(|from| piece_moves(pos, variant, from).count(pos))
        .sum()
}

/// Whether the side to move has a legal move; stops at the first piece that has one.
pub(crate) fn has_moves(pos: &Position, variant: Variant) -> bool {
    if pos.is_setup() {
        return pos.occupied() & pos.side_to_move().home_row() == 0;
    }
    Square::iter(starts(pos)).any(|from| piece_moves(pos, variant, from).count(pos) > 0)
}

/// Whether the side to move can leave the board across the opponent's edge now (a
/// winning move). Stops at the first path found.
pub fn has_goal_move(pos: &Position, variant: Variant) -> bool {
    Square::iter(starts(pos)).any(|from| reach(pos, variant, from, true).goal)
}

/// Number of move sequences of exactly `depth` plies from `pos`: a line that ends the game
/// earlier (a win, or a side left without a move) counts 0, as in chess perft and
/// [`trio_core::perft::perft`]. The last ply is counted without being played. Repetition
/// and the ply limit are not applied, so this equals [`trio_core::perft::perft`] on a
/// fresh game state up to depth 4 (below the ply limit): a third occurrence takes at least
/// four plies (two pieces going and coming back), and a line that ends on its last ply
/// counts all the same.
pub fn perft(pos: &Position, variant: Variant, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.winner().is_some() {
        return 0;
    }
    if depth == 1 {
        return move_count(pos, variant) as u64;
    }
    let mut list = MoveList::new();
    generate_moves(pos, variant, &mut list);
    list.iter()
        .map(|&mv| perft(&pos.make_move(mv), variant, depth - 1))
        .sum()
}

/// [`perft`] split by first move, in the order [`generate_moves`] lists them.
pub fn divide(pos: &Position, variant: Variant, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    generate_moves(pos, variant, &mut list);
    list.iter()
        .map(|&mv| {
            (
                mv,
                perft(&pos.make_move(mv), variant, depth.saturating_sub(1)),
            )
        })
        .collect()
}
