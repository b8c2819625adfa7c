//! The board: [`Square`]s `a1` to `f6`, the two [`Side`]s, and the 6×6 board of pieces as
//! two bit planes. Rules: `docs/rules/gyges.md`, "Board and pieces".

use std::fmt;

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

    /// The rank (1–6) of the side's home row; the opponent's is its goal row.
    pub(crate) const fn home_rank(self) -> u8 {
        match self {
            Side::South => 1,
            Side::North => 6,
        }
    }
}

/// The player's name, `South` or `North`.
impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "South",
            Side::North => "North",
        })
    }
}

/// The pieces on the board, unchecked: two bit planes, `lo` holding bit 0 of each piece's
/// value and `hi` bit 1, so a value is read with two shifts and the occupancy is `lo | hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Board {
    lo: u64,
    hi: u64,
}

impl Board {
    /// No pieces.
    pub(crate) const EMPTY: Board = Board { lo: 0, hi: 0 };

    /// The occupied squares.
    #[inline]
    pub(crate) const fn occupied(&self) -> u64 {
        self.lo | self.hi
    }

    /// The value (1–3) on square `index`, 0 if empty.
    #[inline]
    pub(crate) const fn value_at(&self, index: usize) -> u8 {
        (((self.lo >> index) & 1) | (((self.hi >> index) & 1) << 1)) as u8
    }

    /// The squares holding a piece of `value` (1–3).
    #[inline]
    pub(crate) const fn holding(&self, value: u8) -> u64 {
        match value {
            1 => self.lo & !self.hi,
            2 => self.hi & !self.lo,
            _ => self.lo & self.hi,
        }
    }

    /// Puts a piece of `value` (1–3) on the empty square `index`.
    #[inline]
    pub(crate) fn put(&mut self, index: usize, value: u8) {
        let bit = 1u64 << index;
        self.lo |= bit * u64::from(value & 1);
        self.hi |= bit * u64::from(value >> 1);
    }

    /// Takes the piece off square `index` and returns its value (0 if there was none).
    #[inline]
    pub(crate) fn take(&mut self, index: usize) -> u8 {
        let value = self.value_at(index);
        let keep = !(1u64 << index);
        self.lo &= keep;
        self.hi &= keep;
        value
    }

    /// The value on each square, index `rank * 6 + file`, 0 for empty.
    pub(crate) fn cells(&self) -> [u8; 36] {
        std::array::from_fn(|i| self.value_at(i))
    }
}
