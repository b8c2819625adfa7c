//! What a seat sees of a Gygès game, [`View`] (everything: there is no hidden
//! information), and the view as JSON for a browser (shape in `docs/views.md`, "Gygès").
//! The rules give what they decide in a [`Shown`].

use serde_json::{json, Value};

use crate::board::{Side, Square};
use crate::movegen::{route, Variant};
use crate::moves::Move;
use crate::state::{End, Position, State};

/// What a seat sees: everything (perfect information).
pub type View = State;

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

/// An action's parts, the JSON of [`trio_core::Game::action_parts`], `action` being played
/// from `pos`: a piece move with the way it goes ([`route`]).
pub(crate) fn action_parts(pos: &Position, variant: Variant, action: &Move) -> Value {
    let (from, to, drop) = match *action {
        Move::Setup(order) => return json!({"kind": "setup", "values": order.to_string()}),
        Move::Step { from, to } => (from, to.to_string(), None),
        Move::Replace { from, to, drop } => (from, to.to_string(), Some(drop.to_string())),
        Move::Goal { from } => (from, "G".to_owned(), None),
    };
    let names = |squares: Vec<Square>| squares.iter().map(Square::to_string).collect::<Vec<_>>();
    let (path, bounces) = match route(pos, variant, *action) {
        Some(route) => (json!(names(route.squares)), json!(names(route.bounces))),
        None => (Value::Null, Value::Null),
    };
    json!({"kind": "move", "from": from.to_string(), "to": to, "drop": drop,
        "path": path, "bounces": bounces})
}
