//! The terminal diagram of a Gygès game: the board with file letters and rank numbers,
//! South at the bottom, the side to move and its active row marked.
//! Rules: `docs/rules/gyges.md`.

use std::fmt::Write;

use crate::rules::{End, GameState, Gyges};

/// The board as a few lines of text, e.g. after setup:
///
/// ```text
///          North
///     a b c d e f
///  6  3 2 1 1 2 3  6
///  5  . . . . . .  5
///  4  . . . . . .  4
///  3  . . . . . .  3
///  2  . . . . . .  2
///  1  1 2 3 3 2 1  1  < active row
///     a b c d e f
///          South
/// South to move (ply 0 of 300)
/// ```
pub(crate) fn diagram(game: &Gyges, state: &GameState) -> String {
    let pos = state.position();
    let side = pos.side_to_move();
    let active = if pos.is_setup() {
        None
    } else {
        pos.active_rank(side)
    };
    let cells = pos.cells();
    let mut out = String::new();
    out.push_str("         North\n    a b c d e f\n");
    for rank in (1..=6u8).rev() {
        let row = &cells[usize::from(rank - 1) * 6..usize::from(rank) * 6];
        let squares: Vec<String> = row
            .iter()
            .map(|&v| {
                if v == 0 {
                    ".".to_owned()
                } else {
                    v.to_string()
                }
            })
            .collect();
        let mark = if active == Some(rank) {
            "  < active row"
        } else {
            ""
        };
        let _ = writeln!(out, " {rank}  {}  {rank}{mark}", squares.join(" "));
    }
    out.push_str("    a b c d e f\n         South\n");
    let limit = match game.ply_limit() {
        0 => String::new(),
        n => format!(" of {n}"),
    };
    let _ = match game.end(state) {
        None if pos.is_setup() => write!(out, "{side} to set up"),
        None => write!(out, "{side} to move (ply {}{limit})", state.plies()),
        Some(End::Goal { winner }) => write!(out, "{winner} has left the board and wins"),
        Some(End::NoMove { loser }) => {
            write!(out, "{loser} has no legal move; {} wins", loser.opponent())
        }
        Some(End::Repetition) => write!(out, "draw: third repetition"),
        Some(End::PlyLimit) => write!(out, "draw: ply limit reached"),
    };
    out
}
