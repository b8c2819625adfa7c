//! The notation: the spec's example position, every action and chance outcome written
//! and read back, specific messages for malformed text, and parsers that never panic.

use proptest::prelude::*;
use trio_core::{Game, Seat};
use trio_triles::{notation, Action, Cell, Colour, Placement, State, TileId, Triles};

#[test]
fn spec_example_position_reads_and_writes_back() {
    let g = Triles::default();
    let text = "C@0,0,0 A@0,-1,2 | B:A2B2C2D1 | W:A1B2C1D2E1J1 | \
                pool:A5B5C5D6F1G1H1I1K1L1M1N1O1P1Q1R1S1T1 | W";
    let s = g.parse_position(text).unwrap();
    assert_eq!(g.format_position(&s), text);
    assert_eq!(s.table().to_move, Some(Colour::White));
    assert_eq!(s.table().black, Some(Seat(0)));
    assert_eq!(s.hand(Colour::Black).len(), 7);
}

#[test]
fn actions_read_and_write_back() {
    let g = Triles::default();
    let s = g.new_game();
    let a = TileId(0);
    let k = g.tile_set().id("K").unwrap();
    let cases = [
        (
            Action::Place(Placement {
                tile: a,
                cell: Cell::new(3, -1),
                rotation: 2,
            }),
            "A@3,-1,2",
        ),
        (Action::Draw, "draw"),
        (Action::Pass, "pass"),
        (Action::Give(k), "give K"),
        (Action::Decline, "give -"),
        (Action::Tile(k), "draw:K"),
        (Action::Black(Seat(1)), "black:2"),
        (Action::First(Colour::White), "first:W"),
    ];
    for (action, text) in cases {
        assert_eq!(g.format_action(&s, &action), text);
        assert_eq!(g.parse_action(&s, text), Ok(action));
    }
}

#[test]
fn malformed_actions_say_what_is_wrong() {
    let g = Triles::default();
    let s = g.new_game();
    let cases = [
        ("X@0,0,0", "unknown tile type \"X\""),
        ("A@0,0,3", "rotation \"3\" in \"A@0,0,3\" must be 0, 1 or 2"),
        ("A@0,z,1", "coordinate \"z\" in \"A@0,z,1\" is not a number"),
        // Found by a user: a number too large was "not a number".
        (
            "C@32768,0,0",
            "coordinate 32768 in \"C@32768,0,0\" is out of range: cells run from -32768 to 32767",
        ),
        (
            "C@0,-40000,0",
            "coordinate -40000 in \"C@0,-40000,0\" is out of range: cells run from -32768 to 32767",
        ),
        ("A@0,0", "\"A@0,0\" is not TYPE@X,Y,ROTATION"),
        ("give Z", "unknown tile type \"Z\""),
        ("black:3", "seat \"3\" must be 1 or 2"),
        ("first:G", "colour \"G\" must be B or W"),
        (
            "jump",
            "unknown action \"jump\" (TYPE@X,Y,ROTATION, draw, pass, give TYPE, give -)",
        ),
    ];
    for (text, message) in cases {
        assert_eq!(
            g.parse_action(&s, text).unwrap_err().to_string(),
            message,
            "{text}"
        );
    }
}

#[test]
fn malformed_positions_say_what_is_wrong() {
    let g = Triles::default();
    let full = "A9B9C9D9E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1";
    let cases = [
        ("- | B:- | W:- | pool:-".to_owned(), "a position has 5 fields separated by |, not 4: \"- | B:- | W:- | pool:-\""),
        (format!("- | B:- | W:- | pool:{full} | X"), "to-move \"X\" must be B, W or ?"),
        (format!("- | B:- | W:- | pool:{full} | ? bonus:1"), "unknown tag \"bonus:1\" (extra:N, give, drawing:W1, passes:N, black:N)"),
        (format!("- | B:- | W:- | pool:{full} | ? passes:3"), "\"passes:3\" needs a number from 1 to 2"),
        (format!("- | B:A | W:- | pool:{full} | B"), "tile A needs a count from 1 to 255 in \"A\""),
        (format!("- | B:A1A1 | W:- | pool:{full} | B"), "tile A is listed twice in \"A1A1\""),
        ("A@1,0,0 | B:- | W:- | pool:A8B9C9D9E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B".to_owned(), "the starting tile A@1,0,0 must lie on 0,0 with rotation 0; both hands are empty"),
        ("A@0,0,0 C@1,0,0 | B:A8 | W:B8 | pool:B1C8D9E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B".to_owned(), "C@1,0,0 does not fit: colour mismatch on edge L: the tile shows white, the neighbour black"),
        ("A@0,0,0 A@3,0,0 | B:A7 | W:B8 | pool:B1C9D9E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B".to_owned(), "A@3,0,0 does not fit: cell 3,0 shares no edge with a placed tile"),
        ("A@0,0,0 | B:A7 | W:B8 | pool:B1C9D9E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B".to_owned(), "tile A: 8 in the position, the set has 9"),
        (format!("- | B:- | W:- | pool:{full} | B extra:1"), "nothing can be owed before the starting tile is laid"),
    ];
    for (text, message) in cases {
        let e = g.parse_position(&text).expect_err(&text);
        assert_eq!(e.to_string(), message, "{text}");
    }
}

/// The checked conversion names every reason, not only the first.
#[test]
fn a_setup_that_is_no_position_says_every_reason() {
    let g = Triles::default();
    let text = "A@0,0,0 C@1,0,0 | B:A8 | W:B8 | \
                pool:B1C8D9E1F1G1H1I1J1L1M1N1O1P1Q1R1S1T1 next:K | B drawing:W1";
    let setup = notation::parse_setup(g.tile_set(), text).unwrap();
    let faults = State::from_setup(&setup, &g).unwrap_err().faults;
    let messages: Vec<String> = faults.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "C@1,0,0 does not fit: colour mismatch on edge L: the tile shows white, the neighbour black",
            "next: is only shown in the open-pool variant",
            "an owed draw would already have taken the next tile",
        ][..],
        "{messages:?}"
    );
}

proptest! {
    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}") {
        let g = Triles::default();
        let s = g.new_game();
        let _ = g.parse_action(&s, &text);
        let _ = g.parse_position(&text);
    }

    #[test]
    fn near_positions_never_panic(text in "[A-T0-9@,| :BW?a-z-]{0,90}") {
        let g = Triles::default();
        let _ = g.parse_position(&text);
    }
}

#[test]
fn positions_that_do_not_read_and_that_cannot_occur_are_told_apart() {
    use trio_core::{Game, NotationError};
    let game = Triles::default();
    let syntax = game.parse_position("nonsense").unwrap_err();
    assert!(matches!(syntax, NotationError::Syntax(_)), "{syntax:?}");
    let impossible = game
        .parse_position("- | B:- | W:- | pool:- | B")
        .unwrap_err();
    let NotationError::Impossible(cause) = &impossible else {
        panic!("{impossible:?}");
    };
    let setup = cause
        .downcast_ref::<trio_triles::SetupError>()
        .expect("a setup error");
    assert!(!setup.faults.is_empty());
    assert_eq!(impossible.to_string(), setup.to_string());
}
