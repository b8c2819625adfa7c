//! What can happen in a turn (docs/rules/orbit.md, "A turn: exactly one action" and
//! "Notation"): the decisions of a player and the outcomes of chance, as [`Action`]s;
//! a pawn move with its end and, for a capture, where the captured pawn is put.

use crate::board::Field;
use crate::state::TurnOrder;

/// Where a pawn is, or goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    Centre,
    Field(Field),
    Home,
}

/// A pawn move: its start and end (a field, or home), and for a capture where the
/// captured pawn is put (a field, or the centre).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: Field,
    pub to: Place,
    pub relocate: Option<Place>,
}

/// A decision of a player or an outcome of chance.
///
/// The derived order is the order of legal action lists (docs/rules/orbit.md,
/// "Notation"): `roll` first, then entries by field, then moves by start field, end
/// field (home last) and relocation field, then `pass`; fields in numeric order (`1.2`
/// before `1.10`, orbit 1 before orbit 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Chance: the turn order drawn at the start (`order gr`).
    Order(TurnOrder),
    /// Roll the die (`roll`).
    Roll,
    /// Chance: the face the die shows, 1–6 (`die 4`).
    Die(u8),
    /// After an even roll: put a centre pawn on this empty field of orbit 1 (`enter 1.5`).
    Enter(Field),
    /// `move 3.7-4.7`, `move 3.7-4.7>3.2`, `move 6.3-H`.
    Move(Move),
    /// Nothing else is possible (`pass`).
    Pass,
}

const _: () = assert!(std::mem::size_of::<Action>() <= 8);
