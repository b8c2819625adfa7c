//! Move generation (docs/rules/orbit.md, "Move", and the entry after an even roll): a
//! pawn moves exactly N steps, N being the pawns on the mover's orbit; the board's reach
//! tables give the ends of all such paths, so one destination is one move however many
//! paths lead there. Then the position decides: never onto one's own colour, captures
//! with every relocation field, protection. The moves to those ends are listed once per
//! board ([`MoveTable`]), each list in the row of its start field and step count, and
//! copied from there for a pawn none of whose ends holds a pawn, the common case.
//! Random play draws one move by its index in that list without writing the list
//! ([`Counted`]): the common pawns' moves are counted by their rows, the others' by
//! their ends holding a pawn, and only the drawn move is made.

use std::fmt;

use crate::board::{Board, Field, MAX_FIELDS, MAX_STEPS};
use crate::moves::{Action, Move, Place};
use crate::state::{pawns_per_player, State};

/// The most pawns one colour has: four, with two players.
const MAX_PAWNS: usize = pawns_per_player(2);

/// Moves kept in each [`Row`]: a pawn's list is copied this many at a time.
const CHUNK: usize = 8;

/// The reach of one start field and step count, and the moves to it.
#[derive(Clone, Copy, Debug)]
struct Row {
    /// Fields off the final orbit that paths end on.
    fields: u128,
    /// The first moves of the list (a move to each of `fields`, then home if
    /// reachable), then `Pass` to fill the chunk: the list is copied from the row
    /// itself, with no second lookup.
    first: [Action; CHUNK],
    /// The length of the list; lists longer than a chunk (few) go on in
    /// [`MoveTable::rest`] from `rest`.
    len: u32,
    rest: u32,
    /// Whether some path enters the final orbit with its last step.
    home: bool,
}

impl Row {
    /// The move at `index` (below `len`) of the list.
    #[inline]
    fn get(&self, table: &MoveTable, index: usize) -> Action {
        match self.first.get(index) {
            Some(&action) => action,
            None => table.rest[self.rest as usize + index - CHUNK],
        }
    }

    const EMPTY: Row = Row {
        fields: 0,
        first: [Action::Pass; CHUNK],
        len: 0,
        rest: 0,
        home: false,
    };
}

/// For every start field and step count, the list of moves a pawn has when no pawn
/// stands on any of its ends — most pawns in play, as the ends are few. The list only
/// depends on the board, so move generation copies it instead of building it.
pub(crate) struct MoveTable {
    /// `rows[field][steps]`; the row of field [`MAX_FIELDS`] is empty, for absent pawns.
    rows: Box<[[Row; MAX_STEPS + 1]; MAX_FIELDS + 1]>,
    /// The moves of long lists after their first chunk.
    rest: Vec<Action>,
}

impl MoveTable {
    pub(crate) fn new(board: &Board) -> Self {
        let mut rows: Box<[[Row; MAX_STEPS + 1]; MAX_FIELDS + 1]> =
            vec![[Row::EMPTY; MAX_STEPS + 1]; MAX_FIELDS + 1]
                .into_boxed_slice()
                .try_into()
                .expect("a vector of MAX_FIELDS + 1 rows");
        let mut rest = Vec::new();
        let mut list = Vec::new();
        for f in 0..board.field_count() {
            let from = Field(f as u8);
            for (steps, row) in rows[f].iter_mut().enumerate() {
                let reach = board.reach(from, steps);
                list.clear();
                push_quiet(&mut list, from, reach.fields);
                if reach.home {
                    list.push(home(from));
                }
                let mut first = [Action::Pass; CHUNK];
                let head = list.len().min(CHUNK);
                first[..head].copy_from_slice(&list[..head]);
                *row = Row {
                    fields: reach.fields,
                    first,
                    len: list.len() as u32,
                    rest: rest.len() as u32,
                    home: reach.home,
                };
                rest.extend_from_slice(&list[head..]);
            }
        }
        Self { rows, rest }
    }

    /// The row of the pawn on `from`, [`MAX_FIELDS`] for none.
    #[inline]
    fn row(&self, from: usize, steps: usize) -> &Row {
        &self.rows[from.min(MAX_FIELDS)][steps.min(MAX_STEPS)]
    }
}

impl fmt::Debug for MoveTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveTable")
            .field("long_list_moves", &self.rest.len())
            .finish()
    }
}

/// Appends the moves of the colour to move, sorted: by start field, then end field
/// (home last), then relocation field.
pub(crate) fn moves(board: &Board, table: &MoveTable, state: &State, out: &mut Vec<Action>) {
    let all = state.occupied();
    for (from, row) in pawn_rows(board, table, state) {
        // Most pawns have no pawn on any end: their list is the table's.
        if row.fields & all == 0 {
            copy_list(table, row, out);
        } else {
            push_blocked(board, state, Field(from), row, all, out);
        }
    }
}

/// The start field and table row of each pawn of the colour to move, in field order.
/// The lookups are a chain of dependent loads: done together, before any move is
/// listed, they overlap instead of each waiting. Always four pawns whatever the pawns
/// on the board, absent ones reading the empty row, whose list is empty: a loop of
/// fixed length over them has no exit to mispredict.
#[inline(always)]
fn pawn_rows<'t>(board: &Board, table: &'t MoveTable, state: &State) -> [(u8, &'t Row); MAX_PAWNS] {
    let mut rest = state.occ[state.to_move.index()];
    std::array::from_fn(|_| {
        let from = rest.trailing_zeros() as u8;
        rest &= rest.wrapping_sub(1);
        let steps = state.on_orbit[board.orbit_index(Field(from))];
        (from, table.row(from as usize, steps as usize))
    })
}

/// The moves of the colour to move counted, so that one is drawn by its index in the
/// list [`moves`] writes without writing the list: a pawn none of whose ends holds a
/// pawn is only looked up, its moves being its row's; the others' moves are counted,
/// and only the drawn one is made. Kept small: it lives across the draw.
pub(crate) struct Counted<'t> {
    rows: [&'t Row; MAX_PAWNS],
    from: [u8; MAX_PAWNS],
    /// Where each pawn's moves start in the whole list.
    starts: [u32; MAX_PAWNS],
    len: u32,
    /// Bit `k` for pawn `k` if some end of it holds a pawn.
    blocked: u8,
}

impl<'t> Counted<'t> {
    #[inline(always)]
    pub(crate) fn new(board: &Board, table: &'t MoveTable, state: &State) -> Self {
        let all = state.occupied();
        let pawns = pawn_rows(board, table, state);
        let (mut starts, mut len, mut blocked) = ([0; MAX_PAWNS], 0, 0);
        for (k, &(from, row)) in pawns.iter().enumerate() {
            starts[k] = len;
            len += if row.fields & all == 0 {
                row.len
            } else {
                blocked |= 1 << k;
                count_blocked(board, state, Field(from), row, all)
            };
        }
        Self {
            rows: pawns.map(|(_, row)| row),
            from: pawns.map(|(from, _)| from),
            starts,
            len,
            blocked,
        }
    }

    /// How many moves there are.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.len as usize
    }

    /// The move at `index` (below [`Self::len`]) of the list [`moves`] writes, in the
    /// `state` counted.
    #[inline(always)]
    pub(crate) fn get(
        &self,
        board: &Board,
        table: &MoveTable,
        state: &State,
        index: usize,
    ) -> Action {
        let index = index as u32;
        // The pawn whose moves hold the index: counted, not searched, so there is no
        // exit to mispredict.
        let pawn = self.starts[1..]
            .iter()
            .map(|&start| usize::from(index >= start))
            .sum::<usize>();
        let at = index - self.starts[pawn];
        let row = self.rows[pawn];
        if self.blocked & (1 << pawn) == 0 {
            row.get(table, at as usize)
        } else {
            let from = Field(self.from[pawn]);
            pick_blocked(board, table, state, from, row, state.occupied(), at)
        }
    }
}

/// Appends the listed moves of `row`, none of which ends on a pawn: a whole chunk,
/// then the surplus cut off, which costs less than a loop over the moves with an exit
/// that is mispredicted. Longer lists are rare.
#[inline(always)]
fn copy_list(table: &MoveTable, row: &Row, out: &mut Vec<Action>) {
    let len = row.len as usize;
    let keep = out.len() + len;
    out.extend_from_slice(&row.first);
    if len > CHUNK {
        let at = row.rest as usize;
        out.extend_from_slice(&table.rest[at..at + len - CHUNK]);
    }
    out.truncate(keep);
}

/// Appends the moves of the pawn on `from`, some of whose ends hold a pawn: the empty
/// ends below each capture, then the capture with each of its relocations, and the
/// empty ends above; home last.
#[inline(never)]
fn push_blocked(
    board: &Board,
    state: &State,
    from: Field,
    row: &Row,
    all: u128,
    out: &mut Vec<Action>,
) {
    let ends = open_ends(state, from, row, all);
    let mut quiet = ends & !all;
    let mut captures = ends & all;
    while captures != 0 {
        let bit = captures & captures.wrapping_neg();
        captures ^= bit;
        let below = quiet & (bit - 1);
        push_quiet(out, from, below);
        quiet ^= below;
        let at = field_of(bit);
        match relocation(board, state, from, at, all) {
            None => out.push(capture(from, at, Place::Centre)),
            Some(r) => push_each(out, r.fields, |field| {
                capture(from, at, Place::Field(field))
            }),
        }
    }
    push_quiet(out, from, quiet);
    if row.home {
        out.push(home(from));
    }
}

/// How many moves [`push_blocked`] appends. They are the row's, each end that holds a
/// pawn giving instead its captures (one per relocation field, or one to the centre),
/// or nothing where the pawn may not go: counted without a loop over the moves (and
/// its mispredicted exit) and without counting bits (in software here), as drawing a
/// move needs only the count of most pawns.
#[inline(never)]
fn count_blocked(board: &Board, state: &State, from: Field, row: &Row, all: u128) -> u32 {
    let open = open_ends(state, from, row, all);
    let mut count = row.len;
    let mut occupied = row.fields & all;
    while occupied != 0 {
        let bit = occupied & occupied.wrapping_neg();
        occupied ^= bit;
        count = count - 1 + end_captures(board, state, from, bit, open, all).0;
    }
    count
}

/// The move at `index` (below [`count_blocked`]) of those [`push_blocked`] appends,
/// made alone: a move to an empty end or home is the row's, shifted by the moves that
/// the ends before it holding a pawn give instead of one.
#[inline(never)]
fn pick_blocked(
    board: &Board,
    table: &MoveTable,
    state: &State,
    from: Field,
    row: &Row,
    all: u128,
    index: u32,
) -> Action {
    let open = open_ends(state, from, row, all);
    // The index in this list less the index in the row's, past the ends seen.
    let mut shift = 0i64;
    let mut occupied = row.fields & all;
    while occupied != 0 {
        let bit = occupied & occupied.wrapping_neg();
        occupied ^= bit;
        // Where the end's moves start in this list.
        let start = i64::from((row.fields & (bit - 1)).count_ones()) + shift;
        let at = i64::from(index) - start;
        if at < 0 {
            break;
        }
        let (count, relocation) = end_captures(board, state, from, bit, open, all);
        if at < i64::from(count) {
            let relocate = relocation.map_or(Place::Centre, |r| {
                Place::Field(nth_field(r.fields, at as u32))
            });
            return capture(from, field_of(bit), relocate);
        }
        shift += i64::from(count) - 1;
    }
    row.get(table, (i64::from(index) - shift) as usize)
}

/// The moves of the pawn on `from` to the end `bit` (a one-bit set), which holds a
/// pawn, where `open` (from [`open_ends`]) are the ends it may go to: how many
/// captures, and where the captured pawn may be put.
#[inline(always)]
fn end_captures(
    board: &Board,
    state: &State,
    from: Field,
    bit: u128,
    open: u128,
    all: u128,
) -> (u32, Option<Relocation>) {
    if open & bit == 0 {
        return (0, None);
    }
    let relocation = relocation(board, state, from, field_of(bit), all);
    (relocation.map_or(1, |r| r.count), relocation)
}

/// The ends of `row` that the pawn on `from` may move to: never onto its own colour,
/// nor onto a protected pawn, nor onto any pawn if it is protected itself.
#[inline(always)]
fn open_ends(state: &State, from: Field, row: &Row, all: u128) -> u128 {
    let own = state.occ[state.to_move.index()];
    let protected = state.protected_mask();
    // A protected pawn can neither capture nor be captured: a protected mover is
    // blocked by every pawn. Selected without a test, which is mispredicted.
    let mover_protected = 0u128.wrapping_sub((protected >> from.0) & 1);
    let blocked = own | protected | (all & mover_protected);
    row.fields & !blocked
}

/// The field of the `n`-th bit of `set` (which has more than `n`).
#[inline(always)]
fn nth_field(mut set: u128, n: u32) -> Field {
    for _ in 0..n {
        set &= set - 1;
    }
    field_of(set)
}

fn quiet(from: Field, to: Field) -> Action {
    Action::Move(Move {
        from,
        to: Place::Field(to),
        relocate: None,
    })
}

fn capture(from: Field, at: Field, relocate: Place) -> Action {
    Action::Move(Move {
        from,
        to: Place::Field(at),
        relocate: Some(relocate),
    })
}

fn home(from: Field) -> Action {
    Action::Move(Move {
        from,
        to: Place::Home,
        relocate: None,
    })
}

/// Appends a move from `from` to each field of `ends`, all of them empty.
#[inline(always)]
fn push_quiet(out: &mut Vec<Action>, from: Field, ends: u128) {
    push_each(out, ends, |to| quiet(from, to));
}

/// Appends `make(field)` for each field of `set`, in field order. The loop runs on
/// 64-bit halves, cheaper than on `u128`, and this is where most of the time goes.
#[inline(always)]
fn push_each(out: &mut Vec<Action>, set: u128, make: impl Fn(Field) -> Action) {
    for (first, mut half) in [(0, set as u64), (64, (set >> 64) as u64)] {
        while half != 0 {
            let field = Field(first + half.trailing_zeros() as u8);
            half &= half - 1;
            out.push(make(field));
        }
    }
}

/// Where a pawn captured on `at` by the pawn from `from` may be put: the empty fields
/// of the next inner orbit, or of the nearest inner orbit further in that has one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Relocation {
    pub(crate) orbit: usize,
    pub(crate) fields: u128,
    /// How many `fields` are.
    pub(crate) count: u32,
}

/// The [`Relocation`] of a pawn captured on `at` by the pawn from `from`; none means
/// the centre (always so from orbit 1). Fields are judged after the move: `from` is
/// empty, `at` is taken; `all` is the occupied fields before it. The orbit is found
/// from the pawn counts per orbit, without counting bits.
#[inline(always)]
pub(crate) fn relocation(
    board: &Board,
    state: &State,
    from: Field,
    at: Field,
    all: u128,
) -> Option<Relocation> {
    let from_orbit = board.orbit_of(from);
    let (orbit, count) = (1..board.orbit_of(at))
        .rev()
        .map(|inner| {
            let pawns = u32::from(state.on_orbit[inner - 1]) - u32::from(inner == from_orbit);
            (inner, board.fields_on(inner) as u32 - pawns)
        })
        .find(|&(_, empty)| empty != 0)?;
    let after = (all ^ from.bit()) | at.bit();
    Some(Relocation {
        orbit,
        fields: board.mask(orbit) & !after,
        count,
    })
}

fn field_of(bit: u128) -> Field {
    Field(bit.trailing_zeros() as u8)
}

/// The empty fields of orbit 1, where an even roll may put a centre pawn.
pub(crate) fn entries(board: &Board, state: &State, out: &mut Vec<Action>) {
    push_each(out, board.mask(1) & !state.occupied(), Action::Enter);
}
