//! Moves of a pawn (docs/rules/orbit.md, "Move"): exactly N steps, N being the pawns on
//! the mover's orbit; the board's reach tables give the ends of all such paths, so one
//! destination is one move however many paths lead there. Then the position decides:
//! never onto one's own colour, captures with every relocation field, protection.

use crate::board::{Board, Field, Reach};
use crate::rules::{pawns_per_player, Action, Move, OrbitState, Place, NO_FIELD};

/// The most pawns one colour has: four, with two players.
const MAX_PAWNS: usize = pawns_per_player(2);

/// Appends the moves of the colour to move, sorted: by start field, then end field
/// (home last), then relocation field.
pub(crate) fn moves(board: &Board, state: &OrbitState, out: &mut Vec<Action>) {
    let me = state.to_move.index();
    let all = state.occupied();
    let own = state.occ[me];
    let protected = state.protected_mask();
    // The table lookups of all pawns first, then the moves: the lookups are a chain of
    // dependent loads, and done together they overlap instead of each waiting.
    let mut pawns = [(Field(0), Reach::default()); MAX_PAWNS];
    let mut count = 0;
    let mut rest = own;
    while rest != 0 && count < pawns.len() {
        let from = Field(rest.trailing_zeros() as u8);
        rest &= rest - 1;
        pawns[count] = (
            from,
            board.reach(from, state.on_orbit[board.orbit_index(from)] as usize),
        );
        count += 1;
    }
    for &(from, reach) in &pawns[..count] {
        // A protected pawn can neither capture nor be captured.
        let blocked = if protected == 0 {
            own
        } else if protected & from.bit() != 0 {
            all
        } else {
            own | protected
        };
        let ends = reach.fields & !blocked;
        if ends & all == 0 {
            push_quiet(out, from, ends);
        } else {
            push_with_captures(board, out, from.bit(), ends, all);
        }
        if reach.home {
            out.push(Action::Move(Move {
                from,
                to: Place::Home,
                relocate: None,
            }));
        }
    }
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
#[inline(never)]
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
fn relocation_fields(board: &Board, from: u128, at: u128, all: u128) -> u128 {
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
pub(crate) fn entries(board: &Board, state: &OrbitState, out: &mut Vec<Action>) {
    push_each(out, board.mask(1) & !state.occupied(), Action::Enter);
}

impl OrbitState {
    /// Fields holding a protected pawn.
    #[inline]
    pub(crate) fn protected_mask(&self) -> u128 {
        // Most positions protect nothing: one comparison instead of four shifts.
        if self.protected == [NO_FIELD; 4] {
            return 0;
        }
        self.protected
            .iter()
            .filter(|&&f| f != NO_FIELD)
            .fold(0, |m, &f| m | 1 << f)
    }
}
