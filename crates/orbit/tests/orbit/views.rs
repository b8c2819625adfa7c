//! Facts, spectators' views and views as JSON: the examples of docs/views.md ("Na
//! orbicie") are what `view_json` writes, and the JSON follows the state through a game.

use serde_json::Value;
use trio_core::{Facts, Game, Seat};
use trio_orbit::{Board, Colour, Options, Orbit};

fn game(players: usize) -> Orbit {
    Orbit::new(Options {
        players,
        ..Options::default()
    })
    .unwrap()
}

fn json_of(game: &Orbit, position: &str) -> Value {
    let state = game
        .parse_position(position)
        .unwrap_or_else(|e| panic!("{position}: {e}"));
    game.view_json(&game.public_view(&state))
}

/// The examples of the Na orbicie section of docs/views.md: each position (the first
/// backquoted text of a line starting `Example, `) and the JSON block after it.
fn documented_examples() -> Vec<(String, Value)> {
    let doc = include_str!("../../../../docs/views.md");
    let section = doc
        .split("\n## Na orbicie")
        .nth(1)
        .expect("docs/views.md has a Na orbicie section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let mut examples = Vec::new();
    let mut position = None;
    let mut block: Option<String> = None;
    for line in section.lines() {
        if let Some(rest) = line.strip_prefix("Example, `") {
            position = rest.split('`').next().map(str::to_owned);
        } else if line == "```json" {
            block = Some(String::new());
        } else if line == "```" {
            let text = block.take().expect("a json block");
            let value = serde_json::from_str(&text).expect("the example is JSON");
            examples.push((position.take().expect("a position before its JSON"), value));
        } else if let Some(text) = block.as_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    examples
}

#[test]
fn the_documented_examples_are_what_view_json_writes() {
    let examples = documented_examples();
    assert_eq!(examples.len(), 2);
    for (position, expected) in examples {
        let players = position.split(' ').next().unwrap().len();
        assert_eq!(json_of(&game(players), &position), expected, "{position}");
    }
}

#[test]
fn the_json_says_what_is_possible_and_who_acts() {
    let game = game(2);
    let draw = json_of(&game, "? ? r:C,C,C,C/g:C,C,C,C -");
    assert_eq!(draw["phase"], "order-draw");
    assert_eq!(draw["to_move"], Value::Null);
    assert_eq!(draw["can"], serde_json::json!([]));

    // orbit 1: 0=r 3=r 6=g — red can roll and move.
    let act = json_of(&game, "rg r r:C,C,1.0,1.3/g:C,C,C,1.6 -");
    assert_eq!(act["phase"], "act");
    assert_eq!(act["can"], serde_json::json!(["roll", "move"]));
    assert_eq!(act["die"], Value::Null);

    let rolling = json_of(&game, "rg r? r:C,C,1.0,1.3/g:C,C,C,1.6 -");
    assert_eq!(rolling["phase"], "die-rolling");
    assert_eq!(rolling["to_move"], "red");
    assert_eq!(rolling["die"], "rolling");

    // Red has no pawn in the centre: it cannot roll, only move.
    let stuck = json_of(&game, "rg r r:2.0,H,H,H/g:C,C,C,1.0 -");
    assert_eq!(stuck["can"], serde_json::json!(["move"]));
}

#[test]
fn at_the_turn_limit_the_result_says_so_and_equal_players_share() {
    let game = Orbit::new(Options {
        players: 3,
        turn_limit: 10,
        ..Options::default()
    })
    .unwrap();
    // Red and green: one pawn home and one on orbit 2 each; blue all in the centre.
    let json = json_of(&game, "rgb - r:C,2.0,H/g:C,2.5,H/b:C,C,1.0 - turn=10");
    assert_eq!(
        json["result"],
        serde_json::json!({
            "winner": null,
            "ranking": [
                {"place": 1, "colours": ["red", "green"]},
                {"place": 3, "colours": ["blue"]},
            ],
            "turn_limit_reached": true,
        })
    );
    assert_eq!(json["seats"][1]["place"], 1);
}

#[test]
fn facts_and_spectators() {
    let drawn = game(3);
    assert_eq!(
        drawn.facts(),
        Facts {
            seats: 2..=4,
            chance: true,
            hidden_information: false,
            seat_views: false,
            // 2,000 turns of roll, die and enter, and the draw of the order.
            longest_game: 6_001,
        }
    );
    let given = Orbit::new(Options {
        order: Some(vec![Colour::Green, Colour::Red]),
        turn_limit: 5,
        ..Options::default()
    })
    .unwrap();
    assert_eq!(given.facts().longest_game, 15);
    let state = drawn.new_game();
    assert_eq!(drawn.public_view(&state), drawn.view(&state, Seat(1)));
}

/// A page draws any board from the view: the funnel board's arcs, ring and lines.
#[test]
fn the_view_carries_the_board_geometry() {
    let board = Board::from_toml(include_str!("../boards/funnel.toml")).unwrap();
    let game = Orbit::new(Options {
        board,
        ..Options::default()
    })
    .unwrap();
    let view = game.view_json(&game.public_view(&game.new_game()));
    assert_eq!(
        view["geometry"],
        serde_json::json!({
            "orbits": [
                {"fields": 2, "ring": false},
                {"fields": 2, "ring": false},
                {"fields": 4, "ring": true},
                {"fields": 4, "ring": true},
            ],
            "lines": ["1.0-2.0", "2.0-3.0", "3.0-4.0", "3.2-4.2"],
        })
    );
}
