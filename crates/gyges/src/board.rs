//! Squares, sides, setup orders and the Gygès [`Position`]: the 6×6 board as two bit planes
//! plus the side to move and an incrementally kept Zobrist hash.
//! Rules: `docs/rules/gyges.md`.

use thiserror::Error;

use crate::movegen::Move;

/// All 36 squares as a bitboard (bit `rank * 6 + file`, a1 = bit 0).
pub(crate) const FULL: u64 = (1 << 36) - 1;
/// Rank 1, South's home row.
pub(crate) const RANK_1: u64 = 0b11_1111;
/// Rank 6, North's home row.
pub(crate) const RANK_6: u64 = RANK_1 << 30;

/// A square of the board, `a1` to `f6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a … 5 = f) and `rank` (0 = rank 1 … 5 = rank 6).
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 6 && rank < 6 {
            Some(Square(rank * 6 + file))
        } else {
            None
        }
    }

    /// The square with index `rank * 6 + file` (a1 = 0, f6 = 35).
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 36 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// `rank * 6 + file`: a1 = 0, f1 = 5, a2 = 6 … f6 = 35.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file a … 5 for file f.
    pub const fn file(self) -> u8 {
        self.0 % 6
    }

    /// 0 for rank 1 … 5 for rank 6.
    pub const fn rank(self) -> u8 {
        self.0 / 6
    }

    /// The square as a bitboard: bit [`Square::index`].
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The squares of a bitboard, a1 first.
    pub(crate) fn iter(bits: u64) -> impl Iterator<Item = Square> {
        let mut rest = bits;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let sq = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                Square(sq)
            })
        })
    }
}

/// A player: South sits at rank 1 and moves first, North sits at rank 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Side {
    #[default]
    South,
    North,
}

impl Side {
    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North (the seat numbers of [`trio_core::Seat`]).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's home row as a bitboard.
    pub(crate) const fn home_row(self) -> u64 {
        match self {
            Side::South => RANK_1,
            Side::North => RANK_6,
        }
    }
}

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

/// Zobrist keys: one per (square, value) and one for North to move.
const ZOBRIST: [[u64; 3]; 36] = {
    let mut keys = [[0u64; 3]; 36];
    let mut state = 0x6779_6765_735f_7a6fu64;
    let mut sq = 0;
    while sq < 36 {
        let mut v = 0;
        while v < 3 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            keys[sq][v] = splitmix(state);
            v += 1;
        }
        sq += 1;
    }
    keys
};
const ZOBRIST_NORTH: u64 = splitmix(0x4e6f_7274_6820_746f);

const fn splitmix(seed: u64) -> u64 {
    let mut z = seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Why a board cannot be a Gygès position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error("square {square} holds {value}; pieces are 1, 2 or 3")]
    BadValue { square: usize, value: u8 },
    #[error("the board has {0} pieces; a position has 0 or 6 (setup), 12 (play) or 11 (won)")]
    PieceCount(u32),
    #[error("there are {count} pieces of value {value}; expected {expected}")]
    ValueCount {
        value: u8,
        count: u32,
        expected: u32,
    },
    #[error("six pieces must fill one home row, two of each value, and nothing else")]
    HalfSetup,
    #[error("{0} has already set up, so it cannot be to move")]
    AlreadySetUp(Side),
}

/// A Gygès position: where the pieces stand and who is to move.
///
/// The board is two bit planes (`lo` holds bit 0 of each piece's value, `hi` bit 1), so
/// a value is read with two shifts and the occupancy is `lo | hi`. Besides positions in
/// play (12 pieces), a position may be in setup (no pieces, or one home row set up) or
/// won (11 pieces: the side *not* to move has just left the board with the 12th).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    lo: u64,
    hi: u64,
    hash: u64,
    side: Side,
}

const _: () = assert!(std::mem::size_of::<Position>() == 32);

impl Position {
    /// The position before setup: an empty board, South to move.
    pub const fn empty() -> Position {
        Position {
            lo: 0,
            hi: 0,
            hash: 0,
            side: Side::South,
        }
    }

    /// A checked position from the value on each square (index `rank * 6 + file`, 0 for
    /// empty) and the side to move.
    pub fn from_cells(cells: &[u8; 36], side: Side) -> Result<Position, PositionError> {
        let mut pos = Position {
            side,
            ..Position::empty()
        };
        if side == Side::North {
            pos.hash = ZOBRIST_NORTH;
        }
        for (index, &value) in cells.iter().enumerate() {
            match value {
                0 => {}
                1..=3 => pos.put(index, value),
                _ => {
                    return Err(PositionError::BadValue {
                        square: index,
                        value,
                    })
                }
            }
        }
        pos.validate()?;
        Ok(pos)
    }

    fn validate(&self) -> Result<(), PositionError> {
        let occ = self.occupied();
        let count = |value: u8| (self.plane(value)).count_ones();
        let counts = [count(1), count(2), count(3)];
        match occ.count_ones() {
            0 => Ok(()),
            6 => {
                let set_up = if occ == RANK_1 {
                    Side::South
                } else if occ == RANK_6 {
                    Side::North
                } else {
                    return Err(PositionError::HalfSetup);
                };
                if counts != [2, 2, 2] {
                    return Err(PositionError::HalfSetup);
                }
                if set_up == self.side {
                    return Err(PositionError::AlreadySetUp(set_up));
                }
                Ok(())
            }
            n @ (11 | 12) => {
                for (value, &c) in (1u8..).zip(&counts) {
                    let short = u32::from(n == 11 && c == 3);
                    if c != 4 && short == 0 {
                        return Err(PositionError::ValueCount {
                            value,
                            count: c,
                            expected: 4,
                        });
                    }
                }
                Ok(())
            }
            n => Err(PositionError::PieceCount(n)),
        }
    }

    /// Squares holding exactly `value` (1–3).
    fn plane(&self, value: u8) -> u64 {
        match value {
            1 => self.lo & !self.hi,
            2 => self.hi & !self.lo,
            _ => self.lo & self.hi,
        }
    }

    fn put(&mut self, index: usize, value: u8) {
        let bit = 1u64 << index;
        if value & 1 != 0 {
            self.lo |= bit;
        }
        if value & 2 != 0 {
            self.hi |= bit;
        }
        self.hash ^= ZOBRIST[index][value as usize - 1];
    }

    fn take(&mut self, index: usize) -> u8 {
        let value = self.value_at(index);
        let keep = !(1u64 << index);
        self.lo &= keep;
        self.hi &= keep;
        self.hash ^= ZOBRIST[index][value as usize - 1];
        value
    }

    /// The value (1–3) on square `index`, 0 if empty.
    #[inline]
    pub(crate) fn value_at(&self, index: usize) -> u8 {
        (((self.lo >> index) & 1) | (((self.hi >> index) & 1) << 1)) as u8
    }

    /// The value of the piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<u8> {
        match self.value_at(sq.index()) {
            0 => None,
            v => Some(v),
        }
    }

    /// The value on each square, index `rank * 6 + file`, 0 for empty.
    pub fn cells(&self) -> [u8; 36] {
        std::array::from_fn(|i| self.value_at(i))
    }

    /// The side whose turn it is.
    pub const fn side_to_move(&self) -> Side {
        self.side
    }

    /// The occupied squares as a bitboard (bit `rank * 6 + file`).
    #[inline]
    pub const fn occupied(&self) -> u64 {
        self.lo | self.hi
    }

    /// Zobrist hash of the board and the side to move, for repetition and transposition
    /// tables. Kept up to date by [`Position::make_move`].
    #[inline]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// True until both sides have set up (fewer than 11 pieces on the board).
    pub const fn is_setup(&self) -> bool {
        self.occupied().count_ones() < 11
    }

    /// The side that has won by leaving the board: with 11 pieces left, the side that moved
    /// last, i.e. the one not to move.
    pub const fn winner(&self) -> Option<Side> {
        if self.occupied().count_ones() == 11 {
            Some(self.side.opponent())
        } else {
            None
        }
    }

    /// The rank (1–6) of `side`'s active row: the occupied row nearest to it.
    pub const fn active_rank(&self, side: Side) -> Option<u8> {
        let occ = self.occupied();
        if occ == 0 {
            return None;
        }
        Some(match side {
            Side::South => occ.trailing_zeros() / 6 + 1,
            Side::North => (63 - occ.leading_zeros()) / 6 + 1,
        } as u8)
    }

    /// The same board with `side` to move: what the engine asks when it looks at the
    /// opponent's options. Only meaningful once setup is over.
    #[inline]
    pub fn with_side_to_move(&self, side: Side) -> Position {
        let mut pos = *self;
        if side != self.side {
            pos.side = side;
            pos.hash ^= ZOBRIST_NORTH;
        }
        pos
    }

    /// The position after `mv`, which must be legal here (unchecked: the fast path for
    /// search; [`crate::Gyges`]'s `play` checks).
    #[inline]
    pub fn make_move(&self, mv: Move) -> Position {
        let mut next = *self;
        match mv {
            Move::Setup(order) => {
                let first = match self.side {
                    Side::South => 0,
                    Side::North => 30,
                };
                for (file, value) in order.values().into_iter().enumerate() {
                    next.put(first + file, value);
                }
            }
            Move::Step { from, to } => {
                let value = next.take(from.index());
                next.put(to.index(), value);
            }
            Move::Replace { from, to, drop } => {
                let value = next.take(from.index());
                let displaced = next.take(to.index());
                next.put(to.index(), value);
                next.put(drop.index(), displaced);
            }
            Move::Goal { from } => {
                next.take(from.index());
            }
        }
        next.side = self.side.opponent();
        next.hash ^= ZOBRIST_NORTH;
        next
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::empty()
    }
}
