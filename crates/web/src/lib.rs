//! The trio engines for a web page. A page's Web Worker loads this crate built for
//! WebAssembly (`scripts/wasm`) and asks it questions as JSON: the position a game starts
//! from, the legal moves and who is to move, the position after a move, what the engine
//! finds within a node budget, and the AI level's move. Games are named by spec strings
//! (`gyges(variant=official)`, `orbit(players=3)`), so every game, option and variant of
//! the catalog is there.
//!
//! [`answer`] is the whole interface; [`exports`] carries it over WebAssembly's C ABI: the
//! page writes a request into one shared buffer and reads the answer from it
//! (`crates/server/ui/engine.js`). A plain ABI rather than `wasm-bindgen`: one function of
//! text in and text out needs no generated glue, and the build needs no tool beyond the
//! compiler and the linker.
//!
//! The same requests answered natively give the same answers: searches are budgeted in
//! nodes or simulations and seeded, never timed (the browser's WebAssembly has no clock
//! the standard library can read; a search is stopped by ending its worker).

pub mod exports;

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use trio_catalog::{AnyGame, CatalogError};
use trio_core::Turn;

/// One question, as the page sends it: `{"op": "node", "spec": "gyges"}`.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "lowercase", deny_unknown_fields)]
enum Request {
    /// A position (the game's start when `position` is absent): who moves and the moves.
    Node {
        spec: String,
        position: Option<String>,
    },
    /// The position after `action`, with who moves and the moves there.
    Play {
        spec: String,
        position: String,
        action: String,
    },
    /// What the strongest search finds for the seat to move within `nodes` nodes (Gygès)
    /// or simulations (MCTS).
    Analyse {
        spec: String,
        position: String,
        nodes: u64,
        #[serde(default = "first_seed")]
        seed: u64,
    },
    /// The move the AI at `level` (1–5) would play, as the server's hint gives it.
    Hint {
        spec: String,
        position: String,
        level: u8,
        #[serde(default = "first_seed")]
        seed: u64,
    },
}

/// The seed a search uses when none is asked for: the one `trio hint` uses.
fn first_seed() -> u64 {
    1
}

/// A position as a board needs it.
#[derive(Debug, Serialize)]
struct Node {
    position: String,
    /// The seat to move; `None` at a chance event or once the game is over.
    to_move: Option<usize>,
    /// Whether chance acts next (a roll, a draw): `moves` are then its outcomes.
    chance: bool,
    /// The mover's legal moves, or the chance outcomes with their probabilities, in the
    /// game's order.
    moves: Vec<Choice>,
    /// Once over, each seat's rank (0 the best, ties share a rank).
    ranks: Option<Vec<u8>>,
    /// The board as text, as a spectator sees it: nothing hidden is shown.
    diagram: String,
}

#[derive(Debug, Serialize)]
struct Choice {
    action: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    probability: Option<f64>,
}

/// Answers one request, given as JSON: `{"ok": …}` with what was asked, or
/// `{"error": "…"}` saying why not (a request that does not read, a spec, position or move
/// the game refuses).
pub fn answer(request: &str) -> String {
    let reply = match serde_json::from_str::<Request>(request) {
        Ok(request) => respond(request).map_err(|e| e.to_string()),
        Err(e) => Err(format!("bad request: {e}")),
    };
    match reply {
        Ok(value) => json!({ "ok": value }),
        Err(message) => json!({ "error": message }),
    }
    .to_string()
}

fn respond(request: Request) -> Result<Value, CatalogError> {
    Ok(match request {
        Request::Node { spec, position } => {
            let game = game(&spec)?;
            let position = position.unwrap_or_else(|| game.start_position());
            json!(node(game.as_ref(), position)?)
        }
        Request::Play {
            spec,
            position,
            action,
        } => {
            let game = game(&spec)?;
            let next = game.play(&position, &action)?;
            json!(node(game.as_ref(), next)?)
        }
        Request::Analyse {
            spec,
            position,
            nodes,
            seed,
        } => json!(game(&spec)?.analyse(&position, nodes, seed)?),
        Request::Hint {
            spec,
            position,
            level,
            seed,
        } => {
            let hint = game(&spec)?.hint(&position, level, seed)?;
            json!({ "action": hint.action, "parts": hint.parts, "evaluation": hint.evaluation })
        }
    })
}

fn node(game: &dyn AnyGame, position: String) -> Result<Node, CatalogError> {
    let turn = game.turn(&position)?;
    let moves = game
        .moves(&position)?
        .into_iter()
        .map(|(action, probability)| Choice {
            action,
            probability,
        })
        .collect();
    let ranks = game.outcome(&position)?.map(|o| o.ranks().to_vec());
    let diagram = game.diagram(&position, None)?;
    Ok(Node {
        diagram,
        to_move: match turn {
            Turn::Seat(seat) => Some(seat.index()),
            Turn::Chance | Turn::Over => None,
        },
        chance: turn == Turn::Chance,
        moves,
        ranks,
        position,
    })
}

/// The game a spec names, built once: a page asks about the same game again and again.
fn game(spec: &str) -> Result<Arc<dyn AnyGame>, CatalogError> {
    thread_local! {
        static GAMES: RefCell<HashMap<String, Arc<dyn AnyGame>>> = RefCell::new(HashMap::new());
    }
    if let Some(game) = GAMES.with(|games| games.borrow().get(spec).cloned()) {
        return Ok(game);
    }
    let game = trio_catalog::game(spec)?;
    GAMES.with(|games| {
        games
            .borrow_mut()
            .insert(spec.to_owned(), Arc::clone(&game))
    });
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(request: Value) -> Value {
        let reply: Value = serde_json::from_str(&answer(&request.to_string())).unwrap();
        reply
            .get("ok")
            .cloned()
            .unwrap_or_else(|| panic!("{reply}"))
    }

    fn error(request: &str) -> String {
        let reply: Value = serde_json::from_str(&answer(request)).unwrap();
        reply["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{reply}"))
            .to_owned()
    }

    #[test]
    fn every_game_starts_and_takes_its_first_move() {
        for spec in ["gyges", "gyges(variant=seed)", "triles", "orbit(players=3)"] {
            let start = ok(json!({ "op": "node", "spec": spec }));
            let first = start["moves"][0]["action"].as_str().unwrap().to_owned();
            let next = ok(json!({
                "op": "play", "spec": spec,
                "position": start["position"], "action": first,
            }));
            assert_ne!(next["position"], start["position"], "{spec}");
            assert!(next["ranks"].is_null(), "{spec}");
        }
    }

    #[test]
    fn a_chance_event_lists_its_outcomes_with_probabilities() {
        let start = ok(json!({ "op": "node", "spec": "orbit" }));
        // Na orbicie starts with a roll of the die.
        assert_eq!(start["chance"], true);
        assert!(start["to_move"].is_null());
        let total: f64 = start["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["probability"].as_f64().unwrap())
            .sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
    }

    #[test]
    fn the_analysis_is_the_catalogs() {
        let game = trio_catalog::game("gyges").unwrap();
        let mut position = game.start_position();
        for setup in ["setup 123321", "setup 321123"] {
            position = game.play(&position, setup).unwrap();
        }
        let native = game.analyse(&position, 3_000, 1).unwrap();
        let web = ok(json!({
            "op": "analyse", "spec": "gyges", "position": position, "nodes": 3_000,
        }));
        assert_eq!(web, serde_json::to_value(&native).unwrap());
        assert_eq!(web["line"][0], web["best"]);
    }

    #[test]
    fn refusals_say_why() {
        assert!(error("{").starts_with("bad request"));
        assert!(error(r#"{"op": "node", "spec": "chess"}"#).contains("chess"));
        let illegal = error(
            r#"{"op": "play", "spec": "gyges", "position": "321123/....../....../....../....../123321 S", "action": "a1-a6"}"#,
        );
        assert!(!illegal.is_empty());
    }
}
