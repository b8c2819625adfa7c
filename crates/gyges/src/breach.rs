//! The rules an illegal move can break: their stable ids (`docs/rules/gyges.md`, "Rule
//! ids"), as [`trio_core::Breach`] names them, and which one a move breaks.

use trio_core::Breach;

use crate::board::{Side, Square};
use crate::movegen::{drop_squares, reachable, segment_ends, Variant};
use crate::moves::Move;
use crate::state::Position;

/// Setup: no piece moves before both sides have set up.
pub const SETUP_PHASE: &str = "gyges.setup-phase";
/// Setup: a side sets up once, while its home row is empty.
pub const SETUP_OVER: &str = "gyges.setup-over";
/// There is no piece on the start square.
pub const NO_PIECE: &str = "gyges.no-piece";
/// Only a piece of the mover's active row moves.
pub const ACTIVE_ROW: &str = "gyges.active-row";
/// A piece of value v moves exactly v steps, and no bounce reaches the end.
pub const EXACT_STEPS: &str = "gyges.exact-steps";
/// The end is v steps away but every path there is blocked, and no bounce reaches it.
pub const NO_PATH: &str = "gyges.no-path";
/// A plain move cannot end on a piece: it bounces or replaces it.
pub const END_OCCUPIED: &str = "gyges.end-occupied";
/// Only a piece landed on is replaced.
pub const REPLACE_TARGET: &str = "gyges.replace-target";
/// The displaced piece goes to an empty square.
pub const DROP_EMPTY: &str = "gyges.drop-empty";
/// The drop square is not nearer to the opponent than all other pieces.
pub const DROP_BOUND: &str = "gyges.drop-bound";
/// Ruling: a move must change the board.
pub const CHANGE_BOARD: &str = "gyges.change-board";
/// A piece leaves the board only across the opponent's edge, from its back row.
pub const GOAL_ONLY_FROM_BACK_ROW: &str = "gyges.goal-only-from-back-row";

/// Every id above, in the order of the table.
pub const ALL: &[&str] = &[
    SETUP_PHASE,
    SETUP_OVER,
    NO_PIECE,
    ACTIVE_ROW,
    EXACT_STEPS,
    NO_PATH,
    END_OCCUPIED,
    REPLACE_TARGET,
    DROP_EMPTY,
    DROP_BOUND,
    CHANGE_BOARD,
    GOAL_ONLY_FROM_BACK_ROW,
];

/// Which rule of `docs/rules/gyges.md` forbids `mv` in `pos` (a position whose game goes
/// on), `None` if it is legal there. The ids are listed under "Rule ids" in that file.
pub(crate) fn breach(pos: &Position, variant: Variant, mv: Move) -> Option<Breach> {
    let side = pos.side_to_move();
    let from = match mv {
        Move::Setup(_) if pos.is_setup() => return None,
        Move::Setup(_) => {
            return Some(
                Breach::new(SETUP_OVER, format!("{side} has already set up")).with("side", side),
            )
        }
        _ if pos.is_setup() => {
            return Some(
                Breach::new(
                    SETUP_PHASE,
                    format!("no piece moves before both sides have set up; {side} is to set up"),
                )
                .with("side", side),
            )
        }
        Move::Step { from, .. } | Move::Replace { from, .. } | Move::Goal { from } => from,
    };
    let Some(value) = pos.piece_at(from) else {
        return Some(
            Breach::new(NO_PIECE, format!("there is no piece on {from}")).with("square", from),
        );
    };
    let row = pos.active_rank(side).expect("pieces on the board");
    if from.rank() + 1 != row {
        return Some(
            Breach::new(
                ACTIVE_ROW,
                format!("{from} is not on {side}'s active row (rank {row})"),
            )
            .with("piece", from)
            .with("side", side)
            .with("row", row),
        );
    }
    let (ends, targets, goal) = reachable(pos, variant, from);
    // The end square (or piece landed on) is not reached: too far or too near, or blocked.
    let unreached = |to: Square| {
        let breach = if segment_ends(from, value) & to.bit() == 0 {
            let steps = if value == 1 { "step" } else { "steps" };
            Breach::new(
                EXACT_STEPS,
                format!(
                    "a {value} moves exactly {value} {steps}, and {to} is not {value} {steps} \
                     from {from}, nor can a bounce reach it"
                ),
            )
        } else {
            Breach::new(
                NO_PATH,
                format!("every path of {value} steps from {from} to {to} is blocked, and no bounce leads there"),
            )
        };
        breach
            .with("piece", from)
            .with("value", value)
            .with("to", to)
    };
    let unchanged =
        || Breach::new(CHANGE_BOARD, "the move leaves the board as it was").with("piece", from);
    match mv {
        Move::Setup(_) => unreachable!("handled above"),
        Move::Goal { .. } if goal => None,
        Move::Goal { .. } => {
            let edge = side.opponent();
            let rank = edge.home_rank();
            Some(
                Breach::new(
                    GOAL_ONLY_FROM_BACK_ROW,
                    format!("the piece on {from} cannot leave the board: a piece leaves only across {edge}'s edge, with the last step of a segment taken from rank {rank}"),
                )
                .with("piece", from)
                .with("rank", rank),
            )
        }
        Move::Step { to, .. } if to == from => Some(unchanged()),
        Move::Step { to, .. } if pos.piece_at(to).is_some() => Some(
            Breach::new(
                END_OCCUPIED,
                format!(
                    "{to} holds a piece: a move ending there replaces it ({from}-{to}=<square>)"
                ),
            )
            .with("piece", from)
            .with("to", to),
        ),
        Move::Step { to, .. } => (ends & to.bit() == 0).then(|| unreached(to)),
        Move::Replace { to, drop, .. } => {
            if to == from || pos.piece_at(to).is_none() {
                return Some(
                    Breach::new(
                        REPLACE_TARGET,
                        format!("there is no piece on {to} to replace"),
                    )
                    .with("to", to),
                );
            }
            if targets & to.bit() == 0 {
                return Some(unreached(to));
            }
            if drop == to || (drop != from && pos.piece_at(drop).is_some()) {
                return Some(
                    Breach::new(
                        DROP_EMPTY,
                        format!(
                            "the displaced piece goes to an empty square, and {drop} is not empty"
                        ),
                    )
                    .with("drop", drop),
                );
            }
            if drop_squares(pos, from) & drop.bit() == 0 {
                let others = pos.occupied() & !from.bit();
                let (toward, bound, limit) = match side {
                    Side::South => (
                        Side::North,
                        (63 - others.leading_zeros()) / 6 + 1,
                        "or below",
                    ),
                    Side::North => (Side::South, others.trailing_zeros() / 6 + 1, "or above"),
                };
                return Some(
                    Breach::new(
                        DROP_BOUND,
                        format!("{drop} is nearer to {toward} than every other piece: the displaced piece goes on rank {bound} {limit}"),
                    )
                    .with("drop", drop)
                    .with("side", side)
                    .with("rank", bound),
                );
            }
            if drop == from && pos.piece_at(to) == Some(value) {
                return Some(unchanged());
            }
            None
        }
    }
}
