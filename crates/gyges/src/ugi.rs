//! The notation of the Universal Gyges Interface (UGI), the line protocol of the public
//! engine `gyges_engine` 1.1.0, syntax only: boards (`321123/000000/…/321123`, 36 values
//! 0–3, rank 1 first) and moves (`1|14`, `0|1|14`, `2|37`), read and written with typed
//! errors, and the mirroring that lets an engine that always moves for South play North.
//! Whether a board is a position and a move legal is for [`crate::Position::from_setup`]
//! and the rules to say. Protocol: `docs/ugi.md`; rules: `docs/rules/gyges.md`.
//!
//! Squares are numbered 0–35 from a1 along each rank, rank 1 first; leaving the board is a
//! move to the mover's goal, 37 for South (beyond rank 6) and 36 for North (beyond rank 1).
//!
//! ```
//! use trio_gyges::{ugi, Move, Side};
//!
//! let mv: Move = "b1-c3".parse().unwrap();
//! assert_eq!(ugi::format_move(mv, Side::South), "1|14");
//! assert_eq!(ugi::parse_move("1|14", Side::South), Ok(mv));
//! assert_eq!(ugi::parse_move("2|37", Side::South), Ok("c1-G".parse().unwrap()));
//! ```

use thiserror::Error;

use crate::board::{Side, Square};
use crate::moves::Move;

/// The board of `setpos start`: 3 2 1 1 2 3 on both home rows.
pub const START: &str = "321123/000000/000000/000000/000000/321123";

/// What `gyges_engine` answers when it has no move worth playing.
pub const NULL_MOVE: &str = "100|100|100";

/// Text that is not UGI notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UgiError {
    #[error("{cell:?} in board {board:?} is not a digit 0-3")]
    BadCell { cell: char, board: String },
    #[error("board {board:?} has {count} squares, not 36")]
    SquareCount { board: String, count: usize },
    #[error("{part:?} in move {text:?} is not a square number")]
    NotANumber { part: String, text: String },
    #[error("square {number} in move {text:?} is not on the board (0-35)")]
    OffBoard { number: u8, text: String },
    #[error("move {0:?} is not start|end or start|end|drop")]
    NotAMove(String),
}

/// The number a move of `side` leaving the board goes to: 37 for South (beyond rank 6),
/// 36 for North (beyond rank 1).
pub const fn goal(side: Side) -> u8 {
    match side {
        Side::South => 37,
        Side::North => 36,
    }
}

/// A move of `side` in UGI notation: `start|end`, `start|end|drop` or `start|goal`. UGI
/// has no setup moves; a setup is written as in our notation (`setup 123321`).
pub fn format_move(mv: Move, side: Side) -> String {
    let n = |sq: Square| sq.index();
    match mv {
        Move::Step { from, to } => format!("{}|{}", n(from), n(to)),
        Move::Replace { from, to, drop } => format!("{}|{}|{}", n(from), n(to), n(drop)),
        Move::Goal { from } => format!("{}|{}", n(from), goal(side)),
        Move::Setup(order) => format!("setup {order}"),
    }
}

/// Reads a UGI move of `side`: `start|end` is a step, or leaves the board when `end` is
/// `side`'s goal; `start|end|drop` a replacement.
pub fn parse_move(text: &str, side: Side) -> Result<Move, UgiError> {
    let numbers: Vec<u8> = text
        .split('|')
        .map(|part| {
            part.parse::<u8>().map_err(|_| UgiError::NotANumber {
                part: part.to_owned(),
                text: text.to_owned(),
            })
        })
        .collect::<Result<_, _>>()?;
    let square = |number: u8| {
        Square::from_index(number).ok_or_else(|| UgiError::OffBoard {
            number,
            text: text.to_owned(),
        })
    };
    match numbers[..] {
        [from, to] if to == goal(side) => Ok(Move::Goal {
            from: square(from)?,
        }),
        [from, to] => Ok(Move::Step {
            from: square(from)?,
            to: square(to)?,
        }),
        [from, to, drop] => Ok(Move::Replace {
            from: square(from)?,
            to: square(to)?,
            drop: square(drop)?,
        }),
        _ => Err(UgiError::NotAMove(text.to_owned())),
    }
}

/// Reads a board: 36 values 0–3 (0 empty), rank 1 first; `/` may appear anywhere and is
/// ignored. The cells are indexed like [`Square::index`].
pub fn parse_board(text: &str) -> Result<[u8; 36], UgiError> {
    let cells: Vec<u8> = text
        .chars()
        .filter(|&c| c != '/')
        .map(|c| match c {
            '0'..='3' => Ok(c as u8 - b'0'),
            _ => Err(UgiError::BadCell {
                cell: c,
                board: text.to_owned(),
            }),
        })
        .collect::<Result<_, _>>()?;
    let count = cells.len();
    cells.try_into().map_err(|_| UgiError::SquareCount {
        board: text.to_owned(),
        count,
    })
}

/// Writes a board as six groups of six digits, rank 1 first (`321123/000000/…`).
pub fn format_board(cells: &[u8; 36]) -> String {
    let ranks: Vec<String> = cells
        .chunks(6)
        .map(|rank| rank.iter().map(u8::to_string).collect())
        .collect();
    ranks.join("/")
}

/// The square on the same file and the mirrored rank (rank 1 ↔ rank 6).
pub fn mirror_square(sq: Square) -> Square {
    Square::new(sq.file(), 5 - sq.rank()).expect("a mirrored square is on the board")
}

/// The board seen from the other side: rank 1 ↔ rank 6, files kept.
pub fn mirror_board(cells: &[u8; 36]) -> [u8; 36] {
    std::array::from_fn(|i| cells[(5 - i / 6) * 6 + i % 6])
}

/// `mv` seen from the other side of the board.
pub fn mirror_move(mv: Move) -> Move {
    match mv {
        Move::Step { from, to } => Move::Step {
            from: mirror_square(from),
            to: mirror_square(to),
        },
        Move::Replace { from, to, drop } => Move::Replace {
            from: mirror_square(from),
            to: mirror_square(to),
            drop: mirror_square(drop),
        },
        Move::Goal { from } => Move::Goal {
            from: mirror_square(from),
        },
        Move::Setup(order) => Move::Setup(order),
    }
}
