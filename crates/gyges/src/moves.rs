//! The [`Move`] type: a setup ([`SetupOrder`]) or a piece move identified by its outcome,
//! and the stack-allocated [`MoveList`]. Rules: `docs/rules/gyges.md`, "Setup" and
//! "Moves are outcomes"; the notation is in `notation.rs`.

use arrayvec::ArrayVec;

use crate::board::Square;

/// The order in which a side places its six pieces on its home row: the values for
/// files a..f, two of each of 1, 2 and 3 (90 orders). Packed two bits per file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SetupOrder(u16);

impl SetupOrder {
    /// The order with these values for files a..f, if they are two 1s, two 2s and two 3s.
    pub const fn from_values(values: [u8; 6]) -> Option<SetupOrder> {
        let mut counts = [0u8; 4];
        let mut packed = 0u16;
        let mut file = 0;
        while file < 6 {
            let v = values[file];
            if v < 1 || v > 3 {
                return None;
            }
            counts[v as usize] += 1;
            packed |= (v as u16) << (2 * file);
            file += 1;
        }
        if counts[1] == 2 && counts[2] == 2 && counts[3] == 2 {
            Some(SetupOrder(packed))
        } else {
            None
        }
    }

    /// The values for files a..f.
    pub const fn values(self) -> [u8; 6] {
        let mut values = [0u8; 6];
        let mut file = 0;
        while file < 6 {
            values[file] = ((self.0 >> (2 * file)) & 3) as u8;
            file += 1;
        }
        values
    }

    /// All 90 orders, in increasing order of their digits read from file a.
    pub fn all() -> &'static [SetupOrder; 90] {
        &ALL_SETUP_ORDERS
    }

    /// One of the 90 orders, uniformly at random: for players with no reason to prefer one.
    pub fn random<R: rand::Rng + ?Sized>(rng: &mut R) -> SetupOrder {
        ALL_SETUP_ORDERS[rng.random_range(0..ALL_SETUP_ORDERS.len())]
    }
}

const ALL_SETUP_ORDERS: [SetupOrder; 90] = {
    let mut orders = [SetupOrder(0); 90];
    let mut n = 0;
    // Every six-digit string over 1..3 read as a base-3 number, in increasing order.
    let mut code = 0;
    while code < 729 {
        let mut values = [0u8; 6];
        let mut rest = code;
        let mut file = 6;
        while file > 0 {
            file -= 1;
            values[file] = (rest % 3) as u8 + 1;
            rest /= 3;
        }
        if let Some(order) = SetupOrder::from_values(values) {
            orders[n] = order;
            n += 1;
        }
        code += 1;
    }
    assert!(n == 90);
    orders
};

/// A move: a setup, or a piece move identified by its outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The side to move places its six pieces on its home row (`setup 123321`).
    Setup(SetupOrder),
    /// The piece on `from` ends on the empty square `to` (`b1-d3`).
    Step { from: Square, to: Square },
    /// The piece on `from` ends on the piece at `to`, which is put on `drop` (`b1-d3=e2`).
    Replace {
        from: Square,
        to: Square,
        drop: Square,
    },
    /// The piece on `from` leaves the board across the opponent's edge and wins (`b1-G`).
    Goal { from: Square },
}

const _: () = assert!(std::mem::size_of::<Move>() == 4);

impl Move {
    /// The square the moving piece starts from; `None` for a setup.
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Setup(_) => None,
            Move::Step { from, .. } | Move::Replace { from, .. } | Move::Goal { from } => {
                Some(from)
            }
        }
    }
}

/// The most moves a position can have: per start (at most 6) 11 pieces to replace times
/// 25 drop squares, plus 25 squares to end on and the goal.
pub const MAX_MOVES: usize = 6 * (11 * 25 + 25 + 1);

/// A move list that lives on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
