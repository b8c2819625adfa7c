//! The terminal diagram of a Gygès game: the board with file letters and rank numbers,
//! South at the bottom (or North, turned round), the side to move and its active row
//! marked. The rules give what they decide in a [`Shown`]. Rules: `docs/rules/gyges.md`.

use std::fmt::Write;

use crate::view::Shown;

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
/// The board with South at the bottom, or turned round (`flipped`): North at the bottom,
/// files from f to a, as North sees it across the table.
pub(crate) fn diagram(shown: &Shown, flipped: bool) -> String {
    let state = shown.state;
    let pos = state.position();
    let side = pos.side_to_move();
    let active = if pos.is_setup() {
        None
    } else {
        pos.active_rank(side)
    };
    let cells = pos.cells();
    let (top, bottom, files) = if flipped {
        ("South", "North", "f e d c b a")
    } else {
        ("North", "South", "a b c d e f")
    };
    let ranks: Vec<u8> = if flipped {
        (1..=6).collect()
    } else {
        (1..=6).rev().collect()
    };
    let mut out = String::new();
    let _ = writeln!(out, "         {top}\n    {files}");
    for rank in ranks {
        let mut row = cells[usize::from(rank - 1) * 6..usize::from(rank) * 6].to_vec();
        if flipped {
            row.reverse();
        }
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
    let _ = writeln!(out, "    {files}\n         {bottom}");
    let limit = match shown.ply_limit {
        0 => String::new(),
        n => format!(" of {n}"),
    };
    let _ = match shown.end {
        None if pos.is_setup() => write!(out, "{side} to set up"),
        None => write!(out, "{side} to move (ply {}{limit})", state.plies()),
        Some(end) => write!(out, "{end}"),
    };
    out
}
