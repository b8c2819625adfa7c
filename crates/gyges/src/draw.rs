//! Pictures of a Gygès game for people: the terminal diagram (the board with file letters
//! and rank numbers, South at the bottom, the side to move and its active row marked) and
//! the view as JSON for a browser (shape in `docs/views.md`, "Gygès"). The rules give what
//! they decide in a [`Shown`]. Rules: `docs/rules/gyges.md`.

use std::fmt::Write;

use serde_json::{json, Value};

use crate::board::{Side, Square};
use crate::movegen::Variant;
use crate::moves::Move;
use crate::state::{End, State};

/// A state with what the rules say about it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shown<'a> {
    pub state: &'a State,
    pub variant: Variant,
    /// The ply that draws, 0 for none.
    pub ply_limit: u32,
    /// The occurrence of a position that draws.
    pub draw_occurrence: usize,
    pub end: Option<End>,
}

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

/// The view as JSON, `moves` being the legal moves of the side to move.
pub(crate) fn json(shown: &Shown, moves: &[Move]) -> Value {
    let state = shown.state;
    let pos = state.position();
    let phase = match shown.end {
        Some(_) => "over",
        None if pos.is_setup() => "setup",
        None => "play",
    };
    let squares: serde_json::Map<String, Value> = (0..36u8)
        .map(|index| {
            let sq = Square::from_index(index).expect("on the board");
            (sq.to_string(), json!(pos.piece_at(sq)))
        })
        .collect();
    let active = |side: Side| match pos.is_setup() {
        true => Value::Null,
        false => json!(pos.active_rank(side)),
    };
    let result = shown.end.map(|end| {
        let how = match end {
            End::Goal { .. } => "goal",
            End::NoMove { .. } => "no-move",
            End::Repetition => "repetition",
            End::PlyLimit => "ply-limit",
        };
        json!({
            "end": how,
            "winner": end.winner().map(|side| side.to_string()),
            "text": end.to_string(),
        })
    });
    json!({
        "game": "gyges",
        "variant": shown.variant.to_string(),
        "position": pos.to_string(),
        "seats": [Side::South.to_string(), Side::North.to_string()],
        "phase": phase,
        "to_move": shown.end.is_none().then(|| pos.side_to_move().to_string()),
        "squares": squares,
        "active_rows": { "South": active(Side::South), "North": active(Side::North) },
        "ply": state.plies(),
        "ply_limit": (shown.ply_limit != 0).then_some(shown.ply_limit),
        "occurrences": state.occurrences(),
        "occurrence_limit": shown.draw_occurrence,
        "legal_moves": moves.iter().map(Move::to_string).collect::<Vec<_>>(),
        "result": result,
    })
}
