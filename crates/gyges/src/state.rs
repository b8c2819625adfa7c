//! Positions and game states: the unchecked [`Setup`] that parsers and fixtures write
//! down, its checked conversion into a [`Position`] (reporting every reason a board cannot
//! be one), the [`State`] of a game in progress (position, plies, repetition history)
//! and how a game [`End`]s. Rules: `docs/rules/gyges.md`, "Positions" and "Which boards
//! are positions".

use std::fmt;

use thiserror::Error;

use crate::board::{Board, Side, Square, RANK_1, RANK_6};
use crate::moves::Move;

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

/// A board and a side to move as written down, not yet checked: what the notation reads
/// and fixtures build. [`State::from_setup`] (or [`Position::from_setup`]) makes it a position or says why it is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The value on each square, index `rank * 6 + file` (a1 = 0), 0 for empty.
    pub cells: [u8; 36],
    pub side: Side,
}

/// One reason a [`Setup`] is not a Gygès position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupFault {
    #[error("square {square} holds {value}; pieces are 1, 2 or 3")]
    BadValue { square: Square, value: u8 },
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

/// Why a [`Setup`] is not a Gygès position: every reason found, in board order (bad
/// values first), never none. The message joins them with `; `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", .faults.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct SetupError {
    pub faults: Vec<SetupFault>,
}

/// Every reason `setup` is not a position; empty when it is one.
fn faults(setup: &Setup) -> Vec<SetupFault> {
    let mut faults = Vec::new();
    let mut counts = [0u32; 4];
    let mut occupied = 0u64;
    for (index, &value) in setup.cells.iter().enumerate() {
        match value {
            0 => {}
            1..=3 => {
                counts[usize::from(value)] += 1;
                occupied |= 1 << index;
            }
            _ => faults.push(SetupFault::BadValue {
                square: Square::from_index(index as u8).expect("36 cells"),
                value,
            }),
        }
    }
    let counts = [counts[1], counts[2], counts[3]];
    match occupied.count_ones() {
        0 => {}
        6 => {
            let set_up = match occupied {
                RANK_1 => Some(Side::South),
                RANK_6 => Some(Side::North),
                _ => None,
            };
            match set_up {
                Some(side) if counts == [2, 2, 2] => {
                    if side == setup.side {
                        faults.push(SetupFault::AlreadySetUp(side));
                    }
                }
                _ => faults.push(SetupFault::HalfSetup),
            }
        }
        n @ (11 | 12) => {
            // With 11 pieces one value has lost a piece: 3 of it are expected.
            let short = (n == 11).then(|| counts.iter().position(|&c| c == 3));
            for (value, &count) in (1u8..).zip(&counts) {
                let expected = match short {
                    Some(Some(i)) if i + 1 == usize::from(value) => 3,
                    _ => 4,
                };
                if count != expected {
                    faults.push(SetupFault::ValueCount {
                        value,
                        count,
                        expected,
                    });
                }
            }
        }
        n => faults.push(SetupFault::PieceCount(n)),
    }
    faults
}

/// A Gygès position: where the pieces stand and who is to move, checked.
///
/// Besides positions in play (12 pieces), a position may be in setup (no pieces, or one
/// home row set up) or won (11 pieces: the side *not* to move has just left the board with
/// the 12th). The hash is kept up to date by every change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    hash: u64,
    side: Side,
}

const _: () = assert!(std::mem::size_of::<Position>() == 32);

impl Position {
    /// The position `setup` writes down, or every reason it is none.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let faults = faults(setup);
        if !faults.is_empty() {
            return Err(SetupError { faults });
        }
        let mut pos = Position::empty().with_side_to_move(setup.side);
        for (index, &value) in setup.cells.iter().enumerate() {
            if value != 0 {
                pos.put(index, value);
            }
        }
        Ok(pos)
    }

    /// The position before setup: an empty board, South to move.
    pub const fn empty() -> Position {
        Position {
            board: Board::EMPTY,
            hash: 0,
            side: Side::South,
        }
    }

    /// A checked position from the value on each square (index `rank * 6 + file`, 0 for
    /// empty) and the side to move: [`Position::from_setup`] of a [`Setup`].
    pub fn from_cells(cells: &[u8; 36], side: Side) -> Result<Position, SetupError> {
        Position::from_setup(&Setup {
            cells: *cells,
            side,
        })
    }

    /// The position written down as a [`Setup`]; converting it back gives this position.
    pub fn setup(&self) -> Setup {
        Setup {
            cells: self.cells(),
            side: self.side,
        }
    }

    fn put(&mut self, index: usize, value: u8) {
        self.board.put(index, value);
        self.hash ^= ZOBRIST[index][value as usize - 1];
    }

    fn take(&mut self, index: usize) -> u8 {
        let value = self.board.take(index);
        self.hash ^= ZOBRIST[index][value as usize - 1];
        value
    }

    /// The value (1–3) on square `index`, 0 if empty.
    #[inline]
    pub(crate) const fn value_at(&self, index: usize) -> u8 {
        self.board.value_at(index)
    }

    /// The squares holding a piece of `value` (1–3).
    #[inline]
    pub(crate) const fn holding(&self, value: u8) -> u64 {
        self.board.holding(value)
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
        self.board.cells()
    }

    /// The side whose turn it is.
    pub const fn side_to_move(&self) -> Side {
        self.side
    }

    /// The occupied squares as a bitboard (bit `rank * 6 + file`).
    #[inline]
    pub const fn occupied(&self) -> u64 {
        self.board.occupied()
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

/// A game in progress: the position plus what repetition and the ply limit need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    position: Position,
    /// Plies played since setup ended.
    plies: u32,
    /// Hashes of the positions since setup ended, the current one last.
    history: Vec<u64>,
}

impl State {
    /// A game starting at `position` with no history.
    pub fn new(position: Position) -> State {
        let history = if position.is_setup() {
            Vec::new()
        } else {
            vec![position.hash()]
        };
        State {
            position,
            plies: 0,
            history,
        }
    }

    /// A game starting at the position `setup` writes down, or every reason it is none.
    pub fn from_setup(setup: &Setup) -> Result<State, SetupError> {
        Position::from_setup(setup).map(State::new)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Plies played since setup ended.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// How many times the current position has occurred (same side to move).
    pub fn occurrences(&self) -> usize {
        let now = self.position.hash();
        self.history.iter().filter(|&&h| h == now).count()
    }

    /// Plays `mv` without checking it.
    pub(crate) fn apply(&mut self, mv: Move) {
        let setup = matches!(mv, Move::Setup(_));
        self.position = self.position.make_move(mv);
        if !setup {
            self.plies += 1;
        }
        if !self.position.is_setup() {
            self.history.push(self.position.hash());
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The winner left the board across the opponent's edge.
    Goal { winner: Side },
    /// The side to move had no legal move and lost.
    NoMove { loser: Side },
    /// The position occurred for the third time with the same side to move.
    Repetition,
    /// The ply limit was reached.
    PlyLimit,
}

impl End {
    /// The winning side, `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            End::Goal { winner } => Some(winner),
            End::NoMove { loser } => Some(loser.opponent()),
            End::Repetition | End::PlyLimit => None,
        }
    }
}

/// The end as a sentence: `South has left the board and wins`, `draw: ply limit reached`.
impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Goal { winner } => write!(f, "{winner} has left the board and wins"),
            End::NoMove { loser } => {
                write!(f, "{loser} has no legal move; {} wins", loser.opponent())
            }
            End::Repetition => f.write_str("draw: third repetition"),
            End::PlyLimit => f.write_str("draw: ply limit reached"),
        }
    }
}
