//! Views: what a seat and a spectator see, the game's facts, views as JSON
//! (`docs/views.md`, "Triles"), which must never name a tile the viewer may not see, and
//! undo, which must never show one either.

use crate::common::{play, state};
use serde_json::json;
use trio_core::{Game, Referee, Seat, Step, Turn};
use trio_triles::{Action, Colour, Options, Triles, Variant, Variants};

fn with(variants: &[Variant]) -> Triles {
    Triles::new(Options {
        variants: variants.iter().fold(Variants::default(), |v, &x| v.with(x)),
        ..Options::default()
    })
}

/// Every key and string of `json`, split into words of letters.
fn words(json: &serde_json::Value) -> Vec<String> {
    let text = json.to_string();
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// K on the table; black holds A and E, white C and D, types seen nowhere else.
#[test]
fn json_never_names_a_hidden_tile() {
    let g = Triles::default();
    let s = state(&g, "K@0,0,0", "A1E1", "C1D1", "B");
    let black = g.view_json(&g.view(&s, Seat(0)));
    let white = g.view_json(&g.view(&s, Seat(1)));
    let spectator = g.view_json(&g.public_view(&s));
    for (json, hidden) in [
        (&black, ["C", "D"].as_slice()),
        (&white, &["A", "E"]),
        (&spectator, &["A", "C", "D", "E"]),
    ] {
        let words = words(json);
        for tile in hidden {
            assert!(!words.iter().any(|w| w == tile), "{tile} in {json}");
        }
        assert!(words.iter().any(|w| w == "K"), "the table is shown: {json}");
    }
    assert_eq!(black["hand"], json!({"A": 1, "E": 1}));
    assert_eq!(white["hand"], json!({"C": 1, "D": 1}));
    assert_eq!(spectator["hand"], json!(null));
    assert_eq!(black["players"][1]["hand"], json!(null));
    assert_eq!(black["players"][1]["hand_size"], json!(2));
    assert_eq!(spectator["players"][0]["hand"], json!(null));
}

#[test]
fn open_hands_shows_both_hands_to_everyone() {
    let g = with(&[Variant::OpenHands]);
    let s = state(&g, "K@0,0,0", "A1E1", "C1D1", "B");
    let black = g.view_json(&g.view(&s, Seat(0)));
    assert_eq!(black["players"][1]["hand"], json!({"C": 1, "D": 1}));
    let spectator = g.view(&s, Seat(0));
    assert_eq!(spectator.opponent_hand(), Some(s.hand(Colour::White)));
    let public = g.public_view(&s);
    assert_eq!(public.hand(), None);
    assert_eq!(public.hand_of(Colour::Black), Some(s.hand(Colour::Black)));
    let json = g.view_json(&public);
    assert_eq!(json["players"][0]["hand"], json!({"A": 1, "E": 1}));
    assert_eq!(json["hand"], json!(null));
}

#[test]
fn facts_hidden_information_only_without_open_hands() {
    let basic = Triles::default().facts();
    assert_eq!(basic.seats, 2..=2);
    assert!(basic.chance && basic.hidden_information);
    // 52 tiles: 19 setup chances, 35 later draws, 51 placements (each with a gift and an
    // owed pass), 35 draw decisions, 51 + 35 + 2 turns begun with a pass.
    assert_eq!(basic.longest_game, 19 + 35 + 3 * 51 + 35 + (51 + 35 + 2));
    assert!(!with(&[Variant::OpenHands]).facts().hidden_information);
    assert!(
        !with(&[Variant::OpenHands, Variant::OpenPool])
            .facts()
            .hidden_information
    );
    assert!(with(&[Variant::OpenPool]).facts().hidden_information);
}

/// The example of `docs/views.md` ("Triles"): black's view after the ring closes (a loop and a
/// wedge), with the gift and an extra placement owed.
#[test]
fn json_of_the_documented_example() {
    let g = Triles::new(Options {
        black: Some(Seat(0)),
        first: Some(Colour::Black),
        ..Options::default()
    });
    let ring = "A@0,0,0 A@1,0,1 A@1,1,2 A@0,1,0 A@-1,1,1 C@0,-1,2";
    let mut s = state(&g, ring, "A2B1D1", "C1D1", "B");
    play(&g, &mut s, "A@-1,0,2");
    let json = g.view_json(&g.view(&s, Seat(0)));
    let doc = include_str!("../../../../docs/views.md");
    let section = doc.split("## Triles").nth(1).expect("a Triles section");
    let example = section
        .split("```json")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let expected: serde_json::Value = serde_json::from_str(example).unwrap();
    assert_eq!(
        json,
        expected,
        "{}",
        serde_json::to_string_pretty(&json).unwrap()
    );
}

#[test]
fn spectator_diagram_shows_hand_sizes_only() {
    let g = Triles::default();
    let s = state(&g, "K@0,0,0", "A1E1", "C1D1", "B");
    let text = g.draw(&g.public_view(&s));
    assert!(text.contains("you: a spectator"), "{text}");
    assert!(text.contains("black's hand: 2 tiles"), "{text}");
    assert!(!text.contains("Ba Ba Ws"), "{text}");
}

/// A seat takes back its own move, never the answer after it: that tile came from a hand
/// the seat cannot see, and undoing it again and again would show the hand tile by tile.
/// With `open-hands` nothing is hidden and the answer goes back with the move.
#[test]
fn undo_never_takes_back_a_tile_from_a_hidden_hand() {
    for (game, open) in [
        (Triles::default(), false),
        (with(&[Variant::OpenHands]), true),
    ] {
        let mut referee = Referee::new(game, 5);
        let Ok(Step::Await(person)) = referee.run() else {
            panic!("the deal ends with a seat to move")
        };
        let other = Seat(1 - person.0);
        let first = referee.legal_actions()[0];
        referee.submit(person, first, None).unwrap();
        assert_eq!(referee.undo_depth(person), Ok(1), "its own move goes back");
        assert_eq!(
            referee.turn(),
            Turn::Seat(other),
            "seed 5: no reward, no draw"
        );
        let answer = referee.legal_actions()[0];
        assert!(matches!(answer, Action::Place(_)), "{answer:?}");
        referee.submit(other, answer, None).unwrap();
        assert_eq!(referee.undo_depth(other), Ok(1));
        if open {
            assert_eq!(referee.undo_depth(person), Ok(2));
        } else {
            let error = referee.undo(person).unwrap_err();
            assert_eq!(error.code(), "no-undo");
            assert!(
                error
                    .to_string()
                    .contains("laid a tile from a hand you cannot see"),
                "{error}"
            );
            assert_eq!(
                referee.history().len(),
                2 + 2 * 8 + 1 + 2,
                "nothing went back"
            );
        }
    }
}
