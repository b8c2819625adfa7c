//! The rules an illegal decision can break: their stable ids (docs/rules/orbit.md, "Rule
//! ids"), as [`trio_core::Breach`] names them, and which one a decision breaks.

use trio_core::Breach;

use crate::board::{Board, Field};
use crate::movegen;
use crate::moves::{Action, Move, Place};
use crate::state::{Phase, State};

/// Ruling: the die roll and the drawn turn order are chance events; no player chooses them.
pub const CHANCE_EVENT: &str = "orbit.chance-event";
/// Ruling: an even roll must be used: with an empty orbit-1 field the player enters.
pub const MUST_ENTER: &str = "orbit.must-enter";
/// An even roll puts a centre pawn on an empty field of orbit 1.
pub const ENTER_FIELD: &str = "orbit.enter-field";
/// A pawn enters only after an even roll.
pub const ENTER_NEEDS_EVEN: &str = "orbit.enter-needs-even";
/// Roll only while the player has a pawn in the centre.
pub const ROLL_NEEDS_CENTRE_PAWN: &str = "orbit.roll-needs-centre-pawn";
/// Ruling: pass only with no possible roll or move.
pub const PASS_ONLY_WHEN_STUCK: &str = "orbit.pass-only-when-stuck";
/// A move moves one of the mover's pawns.
pub const OWN_PAWN: &str = "orbit.own-pawn";
/// The path never visits a field twice.
pub const NO_REVISIT: &str = "orbit.no-revisit";
/// The final orbit is entered only by the last step.
pub const FINAL_ORBIT_LAST_STEP: &str = "orbit.final-orbit-last-step";
/// Exactly N steps, N the pawns on the mover's orbit.
pub const EXACT_STEPS: &str = "orbit.exact-steps";
/// A move never ends on a pawn of the mover's colour.
pub const NOT_ONTO_OWN: &str = "orbit.not-onto-own";
/// A protected pawn can be neither captured nor capture.
pub const PROTECTED: &str = "orbit.protected";
/// The captured pawn goes to an empty field of an inner orbit (or the centre).
pub const RELOCATION_FIELD: &str = "orbit.relocation-field";
/// Only a capture says where a captured pawn goes.
pub const NOTHING_CAPTURED: &str = "orbit.nothing-captured";

/// Every id above, in the order of the table.
pub const ALL: &[&str] = &[
    CHANCE_EVENT,
    MUST_ENTER,
    ENTER_FIELD,
    ENTER_NEEDS_EVEN,
    ROLL_NEEDS_CENTRE_PAWN,
    PASS_ONLY_WHEN_STUCK,
    OWN_PAWN,
    NO_REVISIT,
    FINAL_ORBIT_LAST_STEP,
    EXACT_STEPS,
    NOT_ONTO_OWN,
    PROTECTED,
    RELOCATION_FIELD,
    NOTHING_CAPTURED,
];

/// Which rule an illegal decision breaks (docs/rules/orbit.md, "Rule ids"). Only called
/// for decisions already found illegal, so the checks can be slow and plain.
pub(crate) fn breach(board: &Board, state: &State, action: &Action) -> Option<Breach> {
    let me = state.to_move;
    let coord = |f: Field| board.coord(f).to_string();
    match (state.phase, action) {
        (_, Action::Order(_) | Action::Die(_)) => Some(Breach::new(
            CHANCE_EVENT,
            "the turn order and the die are drawn, no player chooses them",
        )),
        (Phase::Enter, Action::Enter(field)) => Some(
            Breach::new(
                ENTER_FIELD,
                format!(
                    "an even roll puts a pawn on an empty field of orbit 1, not on {}",
                    coord(*field)
                ),
            )
            .with("field", coord(*field)),
        ),
        (Phase::Enter, _) => Some(
            Breach::new(
                MUST_ENTER,
                format!("{me} rolled an even number and must now enter a pawn on orbit 1"),
            )
            .with("colour", me),
        ),
        (_, Action::Enter(_)) => Some(Breach::new(
            ENTER_NEEDS_EVEN,
            "a pawn enters orbit 1 only right after an even roll",
        )),
        (_, Action::Roll) => Some(
            Breach::new(
                ROLL_NEEDS_CENTRE_PAWN,
                format!("{me} has no pawn in the centre, so it cannot roll"),
            )
            .with("colour", me),
        ),
        (_, Action::Pass) => Some(
            Breach::new(
                PASS_ONLY_WHEN_STUCK,
                format!("{me} can roll or move, so it cannot pass"),
            )
            .with("colour", me),
        ),
        (_, Action::Move(m)) => move_breach(board, state, m),
    }
}

/// Why a pawn move is illegal: the first rule of the spec's "Move" it breaks.
fn move_breach(board: &Board, state: &State, m: &Move) -> Option<Breach> {
    let me = state.to_move;
    let coord = |f: Field| board.coord(f).to_string();
    let from = coord(m.from);
    let to = match m.to {
        Place::Field(f) => coord(f),
        Place::Home => "H".to_owned(),
        Place::Centre => "C".to_owned(),
    };
    if state.occ[me.index()] & m.from.bit() == 0 {
        return Some(
            Breach::new(OWN_PAWN, format!("{me} has no pawn on {from}"))
                .with("colour", me)
                .with("from", &from),
        );
    }
    let orbit = board.orbit_of(m.from);
    let steps = state.on_orbit[orbit - 1] as usize;
    let reach = board.reach(m.from, steps);
    let reached = match m.to {
        Place::Field(f) => reach.fields & f.bit() != 0,
        Place::Home => reach.home,
        Place::Centre => false,
    };
    if !reached {
        let path = |rule: &str, message: String| {
            Breach::new(rule, message)
                .with("from", &from)
                .with("to", &to)
                .with("steps", steps)
        };
        let ends = |(fields, home): (u128, bool)| match m.to {
            Place::Field(f) => fields & f.bit() != 0,
            Place::Home => home,
            Place::Centre => false,
        };
        return Some(if ends(walk_ends(board, m.from, steps, Walk::Revisiting)) {
            path(
                NO_REVISIT,
                format!("every {steps}-step path from {from} to {to} visits a field twice"),
            )
        } else if ends(walk_ends(board, m.from, steps, Walk::ThroughFinal)) {
            path(
                FINAL_ORBIT_LAST_STEP,
                format!(
                    "a path enters the final orbit only with its last step; {from} to {to} in {steps} steps crosses it"
                ),
            )
        } else {
            let unit = if steps == 1 { "step" } else { "steps" };
            path(
                EXACT_STEPS,
                format!(
                    "a pawn on orbit {orbit} moves exactly {steps} {unit}, one per pawn there; {to} is not {steps} {unit} from {from}"
                ),
            )
            .with("orbit", orbit)
        });
    }
    let victim = match m.to {
        Place::Field(f) => state.pawn_at(f).map(|c| (f, c)),
        Place::Home | Place::Centre => None,
    };
    let Some((at, victim)) = victim else {
        return m.relocate.map(|_| {
            Breach::new(
                NOTHING_CAPTURED,
                format!("{to} holds no pawn to capture, so nothing is put back"),
            )
            .with("to", &to)
        });
    };
    if victim == me {
        return Some(
            Breach::new(
                NOT_ONTO_OWN,
                format!("{to} holds a {me} pawn: a move never ends on its own colour"),
            )
            .with("to", &to)
            .with("colour", me),
        );
    }
    let protected = state.protected_mask();
    if protected & (at.bit() | m.from.bit()) != 0 {
        let (field, message) = if protected & at.bit() != 0 {
            (
                &to,
                format!("the {victim} pawn on {to} is protected and cannot be captured"),
            )
        } else {
            (
                &from,
                format!("the {me} pawn on {from} is protected and cannot capture"),
            )
        };
        return Some(Breach::new(PROTECTED, message).with("field", field));
    }
    let (where_, ok) = match movegen::relocation(board, state, m.from, at, state.occupied()) {
        Some(r) => (
            format!("an empty field of orbit {}", r.orbit),
            matches!(m.relocate, Some(Place::Field(f)) if r.fields & f.bit() != 0),
        ),
        None => (
            "the centre (C)".to_owned(),
            m.relocate == Some(Place::Centre),
        ),
    };
    (!ok).then(|| {
        let put = match m.relocate {
            Some(Place::Field(f)) => coord(f),
            Some(Place::Centre) => "C".to_owned(),
            Some(Place::Home) => "H".to_owned(),
            None => "-".to_owned(),
        };
        Breach::new(
            RELOCATION_FIELD,
            match m.relocate {
                None => {
                    format!("capturing on {to} must say where the {victim} pawn goes: {where_}")
                }
                Some(_) => {
                    format!("the {victim} pawn captured on {to} goes to {where_}, not {put}")
                }
            },
        )
        .with("to", &to)
        .with("relocate", put)
        .with("allowed", where_)
    })
}

/// How [`walk_ends`] bends the rules of a path, to tell which one a move breaks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// Fields may be visited twice; the final orbit only with the last step.
    Revisiting,
    /// No field twice, but the final orbit may be crossed.
    ThroughFinal,
}

/// Where paths of exactly `steps` steps from `from` end when one path rule is lifted:
/// the fields off the final orbit, and whether some path ends on it (home).
fn walk_ends(board: &Board, from: Field, steps: usize, walk: Walk) -> (u128, bool) {
    let last = board.final_orbit();
    match walk {
        Walk::Revisiting => {
            let mut at = from.bit();
            let mut home = false;
            for step in 1..=steps {
                let mut next = 0u128;
                for f in (0..board.field_count()).filter(|&f| at >> f & 1 != 0) {
                    for &n in board.neighbours(Field(f as u8)) {
                        if board.orbit_of(n) == last {
                            home |= step == steps;
                        } else {
                            next |= n.bit();
                        }
                    }
                }
                at = next;
            }
            (at, home)
        }
        Walk::ThroughFinal => {
            fn go(board: &Board, at: Field, left: usize, seen: u128, out: &mut (u128, bool)) {
                if left == 0 {
                    if board.orbit_of(at) == board.final_orbit() {
                        out.1 = true;
                    } else {
                        out.0 |= at.bit();
                    }
                    return;
                }
                for &n in board.neighbours(at) {
                    if seen & n.bit() == 0 {
                        go(board, n, left - 1, seen | n.bit(), out);
                    }
                }
            }
            let mut out = (0, false);
            go(board, from, steps, from.bit(), &mut out);
            out
        }
    }
}
