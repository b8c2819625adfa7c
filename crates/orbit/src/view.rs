//! What a seat sees of Na orbicie, [`View`] (everything: perfect information), and the
//! view as JSON for a browser (docs/views.md, "Na orbicie"). The rules give what the
//! player to move can do in [`Choices`].

use serde_json::{json, Value};
use trio_core::Outcome;

use crate::board::Board;
use crate::moves::{Action, Place};
use crate::state::{Colour, Phase, State};

/// What a seat sees: everything (perfect information).
pub type View = State;

/// What the player to move can do now, found by the rules and passed in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Choices {
    pub roll: bool,
    pub enter: bool,
    pub moves: bool,
    pub pass: bool,
}

impl Choices {
    /// The verbs of the actions possible now, in the order of the notation.
    fn verbs(self) -> Vec<&'static str> {
        [
            (self.roll, "roll"),
            (self.enter, "enter"),
            (self.moves, "move"),
            (self.pass, "pass"),
        ]
        .into_iter()
        .filter_map(|(can, verb)| can.then_some(verb))
        .collect()
    }
}

/// The board's orbits (fields, whether a ring), innermost first, the last the final
/// orbit, and its lines written as in a board file, inner field first.
fn geometry(board: &Board) -> Value {
    let orbits: Vec<Value> = (1..=board.orbits())
        .map(|k| json!({"fields": board.fields_on(k), "ring": board.is_ring(k)}))
        .collect();
    let lines: Vec<String> = board
        .lines()
        .iter()
        .map(|&(a, b)| format!("{}-{}", board.coord(a), board.coord(b)))
        .collect();
    json!({"orbits": orbits, "lines": lines})
}

/// The view as JSON (docs/views.md, "Na orbicie"): the board's geometry (so that a page
/// draws any board) and what changes during a game, places in the game's notation.
pub(crate) fn view_json(
    board: &Board,
    state: &State,
    choices: Choices,
    outcome: Option<&Outcome>,
    turn_limit: u32,
) -> Value {
    let place = |colour: Colour| outcome.map(|o| o.rank(colour.seat()) + 1);
    let seats: Vec<Value> = state
        .order()
        .iter()
        .map(|&c| {
            json!({
                "seat": c.seat().index(),
                "name": c.name(),
                "colour": c.name(),
                "centre": state.centre(c),
                "home": state.home(c),
                "finished": state.finished().iter().position(|&f| f == c).map(|i| i + 1),
                "place": place(c),
            })
        })
        .collect();
    let protected = state.protected();
    let mut pawns = Vec::new();
    for &c in state.order() {
        let pawn = |at: String, until: Option<Colour>| json!({"colour": c.name(), "at": at, "protected_until": until.map(Colour::name)});
        pawns.extend((0..state.centre(c)).map(|_| pawn("C".to_owned(), None)));
        pawns.extend(state.fields(c).map(|f| {
            let until = protected.iter().find(|&&(p, _)| p == f).map(|&(_, u)| u);
            pawn(board.coord(f).to_string(), until)
        }));
        pawns.extend((0..state.home(c)).map(|_| pawn("H".to_owned(), None)));
    }
    let (phase, die) = match state.phase() {
        Phase::Draw => ("order-draw", Value::Null),
        Phase::Act => ("act", Value::Null),
        Phase::Die => ("die-rolling", json!("rolling")),
        Phase::Enter => ("enter", json!("even")),
        Phase::Over => ("over", Value::Null),
    };
    let result = outcome.map(|o| {
        let mut ranking: Vec<Value> = Vec::new();
        let mut places: Vec<u8> = o.ranks().to_vec();
        places.sort_unstable();
        places.dedup();
        for rank in places {
            let colours: Vec<&str> = state
                .order()
                .iter()
                .filter(|c| o.rank(c.seat()) == rank)
                .map(|c| c.name())
                .collect();
            ranking.push(json!({"place": rank + 1, "colours": colours}));
        }
        json!({
            "winner": o.winner().and_then(Colour::from_seat).map(Colour::name),
            "ranking": ranking,
            "turn_limit_reached": state.turns() >= turn_limit,
        })
    });
    json!({
        "game": "orbit",
        "board": board.name(),
        "geometry": geometry(board),
        "seats": seats,
        "to_move": state.to_move().map(Colour::name),
        "phase": phase,
        "can": choices.verbs(),
        "die": die,
        "pawns": pawns,
        "turns": state.turns(),
        "turn_limit": turn_limit,
        "result": result,
    })
}

/// An action's parts, the JSON of [`trio_core::Game::action_parts`].
pub fn action_parts(board: &Board, action: &Action) -> Value {
    let place = |p: Place| match p {
        Place::Centre => "C".to_owned(),
        Place::Home => "H".to_owned(),
        Place::Field(f) => board.coord(f).to_string(),
    };
    match *action {
        // A roll is public; the order of play is drawn in the view.
        Action::Die(face) => json!({"kind": "die", "face": face}),
        Action::Order(_) => json!({"kind": "chance"}),
        Action::Roll => json!({"kind": "roll"}),
        Action::Enter(f) => json!({"kind": "enter", "at": board.coord(f).to_string()}),
        Action::Move(m) => json!({"kind": "move", "from": board.coord(m.from).to_string(),
            "to": place(m.to), "relocate": m.relocate.map(place)}),
        Action::Pass => json!({"kind": "pass"}),
    }
}
