//! Move generation (docs/rules/orbit.md, "Move", and the entry after an even roll): a
//! pawn moves exactly N steps, N being the pawns on the mover's orbit; the board's reach
//! tables give the ends of all such paths, so one destination is one move however many
//! paths lead there. Then the position decides: never onto one's own colour, captures
//! with every relocation field, protection. The moves to those ends are listed once per
//! board ([`MoveTable`]), each list in the row of its start field and step count, and
//! copied from there for a pawn none of whose ends holds a pawn, the common case.

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
    // The table lookups of all pawns first, then the moves: the lookups are a chain of
    // dependent loads, and done together they overlap instead of each waiting. Four
    // pawns whatever the pawns on the board, absent ones reading the empty row, whose
    // list is empty: a loop of fixed length has no exit to mispredict.
    let mut rest = state.occ[state.to_move.index()];
    let pawns: [(u8, &Row); MAX_PAWNS] = std::array::from_fn(|_| {
        let from = rest.trailing_zeros() as u8;
        rest &= rest.wrapping_sub(1);
        let steps = state.on_orbit[board.orbit_index(Field(from))];
        (from, table.row(from as usize, steps as usize))
    });
    for (from, row) in pawns {
        // Most pawns have no pawn on any end: their list is the table's.
        if row.fields & all == 0 {
            copy_list(table, row, out);
        } else {
            push_blocked(board, state, Field(from), row, all, out);
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

/// Appends the moves of the pawn on `from`, some of whose ends hold a pawn: never onto
/// its own colour, captures with their relocations, protection.
#[inline(never)]
fn push_blocked(
    board: &Board,
    state: &State,
    from: Field,
    row: &Row,
    all: u128,
    out: &mut Vec<Action>,
) {
    let own = state.occ[state.to_move.index()];
    let protected = state.protected_mask();
    // A protected pawn can neither capture nor be captured: a protected mover is
    // blocked by every pawn. Selected without a test, which is mispredicted.
    let mover_protected = 0u128.wrapping_sub((protected >> from.0) & 1);
    let blocked = own | protected | (all & mover_protected);
    let ends = row.fields & !blocked;
    if ends & all == 0 {
        push_quiet(out, from, ends);
    } else {
        push_with_captures(board, out, from.bit(), ends, all);
    }
    if row.home {
        out.push(home(from));
    }
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
    push_each(out, ends, |to| {
        Action::Move(Move {
            from,
            to: Place::Field(to),
            relocate: None,
        })
    });
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

/// Appends the moves from the field `from_bit` (a one-bit set) to each field of `ends`,
/// some of which hold an opponent's pawn, in field order: the empty fields below each
/// capture, then the capture with each of its relocations, and the empty fields above.
#[inline(always)]
fn push_with_captures(board: &Board, out: &mut Vec<Action>, from_bit: u128, ends: u128, all: u128) {
    let from = field_of(from_bit);
    let mut quiet = ends & !all;
    let mut captures = ends & all;
    while captures != 0 {
        let at = captures & captures.wrapping_neg();
        captures ^= at;
        let below = quiet & (at - 1);
        push_quiet(out, from, below);
        quiet ^= below;
        let to = Place::Field(field_of(at));
        let capture = |relocate| {
            Action::Move(Move {
                from,
                to,
                relocate: Some(relocate),
            })
        };
        match relocation_fields(board, from_bit, at, all) {
            0 => out.push(capture(Place::Centre)),
            empty => push_each(out, empty, |field| capture(Place::Field(field))),
        }
    }
    push_quiet(out, from, quiet);
}

/// Where a pawn captured on `at` by the pawn from `from` (one-bit sets) may be put: the
/// empty fields of the next inner orbit, or of the nearest inner orbit further in that
/// has one; none means the centre (always so from orbit 1). Fields are judged after the
/// move: `from` is empty, `at` is taken.
pub(crate) fn relocation_fields(board: &Board, from: u128, at: u128, all: u128) -> u128 {
    let after = (all ^ from) | at;
    let orbit = board.orbit_of(field_of(at));
    (1..orbit)
        .rev()
        .map(|inner| board.mask(inner) & !after)
        .find(|&empty| empty != 0)
        .unwrap_or(0)
}

fn field_of(bit: u128) -> Field {
    Field(bit.trailing_zeros() as u8)
}

/// The empty fields of orbit 1, where an even roll may put a centre pawn.
pub(crate) fn entries(board: &Board, state: &State, out: &mut Vec<Action>) {
    push_each(out, board.mask(1) & !state.occupied(), Action::Enter);
}
