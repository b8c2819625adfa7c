//! The terminal diagram of a view (docs/rules/orbit.md): one row per orbit, outermost on
//! top, with the pawns on their fields (`r`, `g*` for a protected pawn), the lines between
//! orbits drawn as `|` between the rows, and the centre and home counts per colour.

use std::fmt::Write;

use crate::board::{Board, Coord};
use crate::state::{Colour, Phase, State};
use crate::view::Choices;

const CELL: usize = 4;

pub(crate) fn draw(board: &Board, state: &State, choices: Choices) -> String {
    let mut out = String::new();
    let order: String = state.order().iter().map(|c| c.letter()).collect();
    let _ = writeln!(
        out,
        "Na orbicie on {} · order {order} · turn {}",
        board.name(),
        state.turns() + 1
    );
    let _ = writeln!(out, "{}", status(state, choices));

    let widest = (1..=board.orbits())
        .map(|k| board.fields_on(k))
        .max()
        .unwrap_or(0);
    let header: String = (0..widest).map(|i| format!("{i:>CELL$}")).collect();
    let _ = writeln!(out, "     {header}");
    let counts = |count: fn(&State, Colour) -> usize| {
        let parts: Vec<String> = state
            .order()
            .iter()
            .map(|&c| format!("{} {}", c.name(), count(state, c)))
            .collect();
        parts.join(" · ")
    };
    let last = board.final_orbit();
    let _ = writeln!(out, "{last:>3}  home: {}", counts(State::home));
    let protected = state.protected();
    for k in (1..last).rev() {
        let _ = writeln!(out, "{}", lines_between(board, k));
        let mut row = format!("{k:>3}  ");
        for i in 0..board.fields_on(k) {
            let field = board
                .field(Coord {
                    orbit: k as u8,
                    field: i as u8,
                })
                .expect("on board");
            let cell = match state.pawn_at(field) {
                Some(c) if protected.iter().any(|&(f, _)| f == field) => format!("{}*", c.letter()),
                Some(c) => c.letter().to_string(),
                None => ".".to_owned(),
            };
            let _ = write!(row, "{cell:>CELL$}");
        }
        let _ = writeln!(out, "{}", row.trim_end());
    }
    let _ = writeln!(out, "  C  centre: {}", counts(State::centre));
    for (field, until) in protected {
        let owner = state.pawn_at(field).map_or("?", Colour::name);
        let _ = writeln!(
            out,
            "protected: the {owner} pawn on {} until {until}'s turn ends",
            board.coord(field)
        );
    }
    out
}

/// What the state waits for, and what the player to move can do now.
fn status(state: &State, choices: Choices) -> String {
    let me = state.to_move().map_or("", Colour::name);
    match state.phase() {
        Phase::Draw => "the turn order is being drawn".to_owned(),
        Phase::Act => {
            let can = match (choices.roll, choices.moves) {
                (true, true) => "roll the die or move a pawn",
                (true, false) => "roll the die",
                (false, true) => "move a pawn",
                (false, false) => "no roll and no move possible, so pass",
            };
            format!("{me} to move: {can}")
        }
        Phase::Die => format!("{me} has rolled: the die is falling"),
        Phase::Enter => format!("{me} rolled an even number: choose an empty field of orbit 1"),
        Phase::Over => {
            let finished: Vec<&str> = state.finished().iter().map(|c| c.name()).collect();
            if finished.is_empty() {
                "game over at the turn limit".to_owned()
            } else {
                format!("game over; finished: {}", finished.join(", "))
            }
        }
    }
}

/// The row between orbit `k` and orbit `k + 1`: a `|` under each field of orbit `k`
/// with a line to the same-numbered field outwards; other lines are listed by name.
fn lines_between(board: &Board, k: usize) -> String {
    let mut marks = vec![' '; board.fields_on(k).max(board.fields_on(k + 1)) * CELL];
    let mut crooked = Vec::new();
    for &(inner, outer) in board.lines() {
        if board.orbit_of(inner) != k {
            continue;
        }
        let (a, b) = (board.coord(inner), board.coord(outer));
        if a.field == b.field {
            marks[a.field as usize * CELL + CELL - 1] = '|';
        } else {
            crooked.push(format!("{a}-{b}"));
        }
    }
    let mut row: String = "     ".chars().chain(marks).collect();
    if !crooked.is_empty() {
        let _ = write!(row, "  lines {}", crooked.join(" "));
    }
    row.trim_end().to_owned()
}
