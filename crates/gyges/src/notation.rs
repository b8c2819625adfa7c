//! Gygès notation, syntax only: squares (`b1`), moves (`setup 123321`, `b1-d3`,
//! `b1-d3=e2`, `b1-G`) and positions (`321123/....../....../....../....../123321 S`, rank
//! 6 first), read with [`FromStr`] and written with [`fmt::Display`]. Reading a position
//! builds a [`Setup`]; whether it is a position is the checked conversion's to say
//! ([`Position::from_setup`]), and whether a move is legal the rules'. Rules:
//! `docs/rules/gyges.md`, "Moves are outcomes" and "Positions".

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{Side, Square};
use crate::moves::{Move, SetupOrder};
use crate::state::{Position, Setup, SetupError};

/// Text that is not Gygès notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("{0:?} is not a square (a1 to f6)")]
    NotASquare(String),
    #[error("file {0} does not exist")]
    NoSuchFile(char),
    #[error("rank {0} does not exist")]
    NoSuchRank(char),
    #[error("{0:?} is not a move (setup 123321, b1-d3, b1-d3=e2 or b1-G)")]
    NotAMove(String),
    #[error("setup {0:?} needs two each of 1, 2 and 3, for files a to f")]
    BadSetup(String),
    #[error("{0:?} is not a position (six rows separated by /, then S or N)")]
    NotAPosition(String),
    #[error("the position has {0} rows; expected 6")]
    RowCount(usize),
    #[error("row {rank} has {len} squares")]
    RowLength { rank: usize, len: usize },
    #[error("{cell:?} on row {rank} is not a piece (1-3) or an empty square (.)")]
    BadCell { rank: usize, cell: char },
    #[error("side to move {0:?} is not S or N")]
    BadSide(String),
}

/// Why text is not a position: it is not written as one, or the board it writes cannot
/// occur in a game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePositionError {
    #[error(transparent)]
    Syntax(#[from] ParseError),
    #[error(transparent)]
    Impossible(#[from] SetupError),
}

/// Every square's name, by [`Square::index`].
const SQUARE_NAMES: [&str; 36] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "a2", "b2", "c2", "d2", "e2", "f2", "a3", "b3", "c3", "d3",
    "e3", "f3", "a4", "b4", "c4", "d4", "e4", "f4", "a5", "b5", "c5", "d5", "e5", "f5", "a6", "b6",
    "c6", "d6", "e6", "f6",
];

impl Square {
    /// The square's name, `a1` to `f6`, without formatting (a page's legal moves name
    /// thousands of squares).
    pub const fn name(self) -> &'static str {
        SQUARE_NAMES[self.index()]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Square {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParseError::NotASquare(s.to_owned()));
        };
        if !file.is_ascii_lowercase() || !rank.is_ascii_digit() {
            return Err(ParseError::NotASquare(s.to_owned()));
        }
        if file > 'f' {
            return Err(ParseError::NoSuchFile(file));
        }
        if !('1'..='6').contains(&rank) {
            return Err(ParseError::NoSuchRank(rank));
        }
        Ok(Square::new(file as u8 - b'a', rank as u8 - b'1').expect("checked above"))
    }
}

impl fmt::Display for SetupOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.values().iter().try_for_each(|v| write!(f, "{v}"))
    }
}

impl FromStr for SetupOrder {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseError::BadSetup(s.to_owned());
        let digits: Vec<u8> = s.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        let values: [u8; 6] = digits.try_into().map_err(|_| bad())?;
        SetupOrder::from_values(values).ok_or_else(bad)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Setup(order) => write!(f, "setup {order}"),
            Move::Step { from, to } => write!(f, "{from}-{to}"),
            Move::Replace { from, to, drop } => write!(f, "{from}-{to}={drop}"),
            Move::Goal { from } => write!(f, "{from}-G"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        if let Some(order) = text.strip_prefix("setup") {
            return Ok(Move::Setup(order.trim().parse()?));
        }
        let Some((from, rest)) = text.split_once('-') else {
            return Err(ParseError::NotAMove(s.to_owned()));
        };
        let from = from.parse()?;
        if rest == "G" {
            return Ok(Move::Goal { from });
        }
        Ok(match rest.split_once('=') {
            Some((to, drop)) => Move::Replace {
                from,
                to: to.parse()?,
                drop: drop.parse()?,
            },
            None => Move::Step {
                from,
                to: rest.parse()?,
            },
        })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.setup())
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Position::from_setup(&s.parse::<Setup>()?)?)
    }
}

/// Written like a position; a cell that is no piece value is written `?`.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells = self.cells;
        for rank in (0..6).rev() {
            for &value in &cells[rank * 6..rank * 6 + 6] {
                let c = match value {
                    0 => '.',
                    1..=3 => char::from(b'0' + value),
                    _ => '?',
                };
                write!(f, "{c}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = match self.side {
            Side::South => 'S',
            Side::North => 'N',
        };
        write!(f, " {side}")
    }
}

impl FromStr for Setup {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut parts = s.split_whitespace();
        let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(ParseError::NotAPosition(s.to_owned()));
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 6 {
            return Err(ParseError::RowCount(rows.len()));
        }
        let mut cells = [0u8; 36];
        for (row, text) in rows.iter().enumerate() {
            let rank = 6 - row;
            let len = text.chars().count();
            if len != 6 {
                return Err(ParseError::RowLength { rank, len });
            }
            for (file, cell) in text.chars().enumerate() {
                cells[(rank - 1) * 6 + file] = match cell {
                    '.' => 0,
                    '1'..='3' => cell as u8 - b'0',
                    _ => return Err(ParseError::BadCell { rank, cell }),
                };
            }
        }
        let side = match side {
            "S" => Side::South,
            "N" => Side::North,
            _ => return Err(ParseError::BadSide(side.to_owned())),
        };
        Ok(Setup { cells, side })
    }
}
