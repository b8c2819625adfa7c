//! What a seat sees of a Gygès game, [`View`] (everything: there is no hidden
//! information), and the view as JSON for a browser (shape in `docs/views.md`, "Gygès").
//! The rules give what they decide in a [`Shown`].

use std::collections::HashMap;

use serde::Serialize;
use serde_json::value::RawValue;
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

/// The view as JSON.
pub(crate) fn json(shown: &Shown) -> Value {
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
        "result": result,
    })
}

/// An action's parts, the JSON of [`trio_core::Game::action_parts`], `action` being played
/// from `pos`: a piece move with the way it goes ([`route`]).
pub(crate) fn action_parts(pos: &Position, variant: Variant, action: &Move) -> Value {
    let way = way(pos, variant, *action);
    serde_json::to_value(parts(action, way.as_ref())).expect("parts serialize")
}

/// The parts of each of `actions`, legal from `pos`, as one JSON array
/// ([`trio_core::Game::actions_parts`]): one route for a piece and its end square however
/// many drops a replacement there has.
pub(crate) fn actions_parts(pos: &Position, variant: Variant, actions: &[Move]) -> Box<RawValue> {
    let mut ways = HashMap::new();
    for action in actions {
        if let Some(key) = way_key(action) {
            ways.entry(key)
                .or_insert_with(|| way(pos, variant, *action));
        }
    }
    let parts: Vec<Parts> = actions
        .iter()
        .map(|action| {
            let way = way_key(action).and_then(|key| ways[&key].as_ref());
            parts(action, way)
        })
        .collect();
    serde_json::value::to_raw_value(&parts).expect("parts serialize")
}

/// What an action's parts say, in the order of `docs/api.md`, "Legal moves".
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Parts<'a> {
    Setup {
        values: String,
    },
    Move {
        from: &'static str,
        /// The end square, or `G` for the goal.
        to: &'static str,
        drop: Option<&'static str>,
        path: Option<&'a [&'static str]>,
        bounces: Option<&'a [&'static str]>,
    },
}

/// A [`route`] by square names.
struct Way {
    path: Vec<&'static str>,
    bounces: Vec<&'static str>,
}

fn way(pos: &Position, variant: Variant, action: Move) -> Option<Way> {
    let names = |squares: Vec<Square>| squares.into_iter().map(Square::name).collect();
    route(pos, variant, action).map(|route| Way {
        path: names(route.squares),
        bounces: names(route.bounces),
    })
}

/// Where a piece move starts and ends, which is all its route depends on; `None` for a
/// setup.
fn way_key(action: &Move) -> Option<(Square, &'static str)> {
    match *action {
        Move::Setup(_) => None,
        Move::Step { from, to } | Move::Replace { from, to, .. } => Some((from, to.name())),
        Move::Goal { from } => Some((from, "G")),
    }
}

fn parts<'a>(action: &Move, way: Option<&'a Way>) -> Parts<'a> {
    let (from, to, drop) = match *action {
        Move::Setup(order) => {
            return Parts::Setup {
                values: order.to_string(),
            }
        }
        Move::Step { from, to } => (from, to.name(), None),
        Move::Replace { from, to, drop } => (from, to.name(), Some(drop.name())),
        Move::Goal { from } => (from, "G", None),
    };
    Parts::Move {
        from: from.name(),
        to,
        drop,
        path: way.map(|way| way.path.as_slice()),
        bounces: way.map(|way| way.bounces.as_slice()),
    }
}
