//! Moves of a pawn (docs/rules/orbit.md, "Move"): exactly N steps, N being the pawns on
//! the mover's orbit; the board's reach tables give the ends of all such paths, so one
//! destination is one move however many paths lead there. Then the position decides:
//! never onto one's own colour, captures with every relocation field, protection.

use crate::board::{Board, Field};
use crate::rules::{Action, Move, OrbitState, Place, NO_FIELD};

/// Appends the moves of the colour to move, sorted: by start field, then end field
/// (home last), then relocation field.
pub(crate) fn moves(board: &Board, state: &OrbitState, out: &mut Vec<Action>) {
    let me = state.to_move.index();
    let all = state.occupied();
    let own = state.occ[me];
    let protected = state.protected_mask();
    let mut pawns = own;
    while pawns != 0 {
        // Bits are taken lowest first as one-bit sets: testing them needs no shift.
        let from_bit = pawns & pawns.wrapping_neg();
        pawns ^= from_bit;
        let from = Field(from_bit.trailing_zeros() as u8);
        let steps = state.on_orbit[board.orbit_of(from) - 1] as usize;
        let reach = board.reach(from, steps);
        // A protected pawn can neither capture nor be captured.
        let blocked = own
            | if protected & from_bit != 0 {
                all
            } else {
                protected
            };
        let mut ends = reach.fields & !blocked;
        while ends != 0 {
            let to_bit = ends & ends.wrapping_neg();
            ends ^= to_bit;
            let to = Place::Field(Field(to_bit.trailing_zeros() as u8));
            if all & to_bit == 0 {
                out.push(Action::Move(Move {
                    from,
                    to,
                    relocate: None,
                }));
            } else {
                // Fields are judged after the move: `from` is empty, `to` is taken.
                let after = (all ^ from_bit) | to_bit;
                relocations(board, to_bit, after, |place| {
                    out.push(Action::Move(Move {
                        from,
                        to,
                        relocate: Some(place),
                    }));
                });
            }
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

/// Calls `each` with every place a pawn captured on the field `at` (a one-bit set) may
/// be put: the empty fields of the next inner orbit, or of the nearest inner orbit
/// further in that has one, or else the centre (always the centre from orbit 1).
fn relocations(board: &Board, at: u128, occupied: u128, mut each: impl FnMut(Place)) {
    let orbit = board.orbit_of(Field(at.trailing_zeros() as u8));
    for inner in (1..orbit).rev() {
        let mut empty = board.mask(inner) & !occupied;
        if empty != 0 {
            while empty != 0 {
                each(Place::Field(Field(empty.trailing_zeros() as u8)));
                empty &= empty - 1;
            }
            return;
        }
    }
    each(Place::Centre);
}

/// The empty fields of orbit 1, where an even roll may put a centre pawn.
pub(crate) fn entries(board: &Board, state: &OrbitState, out: &mut Vec<Action>) {
    let mut empty = board.mask(1) & !state.occupied();
    while empty != 0 {
        out.push(Action::Enter(Field(empty.trailing_zeros() as u8)));
        empty &= empty - 1;
    }
}

impl OrbitState {
    /// Fields holding a protected pawn.
    pub(crate) fn protected_mask(&self) -> u128 {
        self.protected
            .iter()
            .filter(|&&f| f != NO_FIELD)
            .fold(0, |m, &f| m | 1 << f)
    }
}
