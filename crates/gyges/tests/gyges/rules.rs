//! One hand-built position per rule and ruling of `docs/rules/gyges.md`. Boards are drawn
//! with rank 6 at the top, as the position notation writes them.

use std::collections::BTreeSet;

use trio_core::conformance::assert_documented;
use trio_core::{Game, Outcome, Seat, Turn};
use trio_gyges::{
    breach, generate_moves, has_goal_move, End, Gyges, Move, MoveList, Position, Side, State,
    Variant, DEFAULT_PLY_LIMIT,
};

const BOTH: [Variant; 2] = [Variant::Seed, Variant::Official];

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(text: &str, variant: Variant) -> BTreeSet<String> {
    let position = pos(text);
    assert!(
        position.winner().is_none(),
        "{text} has 11 pieces: the game is over"
    );
    let mut list = MoveList::new();
    generate_moves(&position, variant, &mut list);
    list.iter().map(Move::to_string).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Plays `line` with `play`, panicking on a refused move.
fn play_line(game: &Gyges, state: &mut State, line: &[&str]) {
    for text in line {
        let mv = game.parse_action(state, text).unwrap();
        game.play(state, &mv).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn setup_is_two_real_moves_south_first() {
    let game = Gyges::new(Variant::Seed);
    let mut state = game.new_game();
    let mut list = Vec::new();
    game.legal_actions(&state, &mut list);
    assert_eq!(list.len(), 90);
    assert_eq!(list.iter().collect::<BTreeSet<_>>().len(), 90);
    assert_eq!(game.turn(&state), Turn::Seat(Seat(0)));

    play_line(&game, &mut state, &["setup 123321"]);
    assert_eq!(
        state.position().to_string(),
        "....../....../....../....../....../123321 N"
    );
    game.legal_actions(&state, &mut list);
    assert_eq!(list.len(), 90, "North now places its six pieces");
    // South cannot set up twice, and no piece moves while North has not set up.
    assert!(game
        .play(&mut state.clone(), &"a1-a2".parse().unwrap())
        .is_err());

    play_line(&game, &mut state, &["setup 321123"]);
    assert_eq!(
        state.position().to_string(),
        "321123/....../....../....../....../123321 S"
    );
    assert_eq!(
        state.plies(),
        0,
        "setup moves are not counted towards the ply limit"
    );
    game.legal_actions(&state, &mut list);
    assert!(list.iter().all(|m| !matches!(m, Move::Setup(_))));
    assert!(game
        .play(&mut state, &"setup 123321".parse().unwrap())
        .is_err());
}

#[test]
fn setup_needs_an_empty_home_row() {
    // North has set up first; South still holds its six pieces.
    let north_first = "123321/....../....../....../....../...... S";
    assert_eq!(moves(north_first, Variant::Seed).len(), 90);
    assert!(moves(north_first, Variant::Seed).contains("setup 112233"));
    // A side that has set up cannot be the one to move.
    assert!("....../....../....../....../....../123321 S"
        .parse::<Position>()
        .is_err());
}

// The active row: South's is the lowest occupied rank, North's the highest.
//
//   6  . . . . . .
//   5  3 3 2 1 . .   <- North's active row
//   4  . . . . . .
//   3  2 2 1 1 3 3
//   2  . . 1 2 . .   <- South's active row
//   1  . . . . . .
//      a b c d e f
#[test]
fn only_the_active_row_moves() {
    for variant in BOTH {
        let south = moves("....../3321../....../221133/..12../...... S", variant);
        assert!(!south.is_empty());
        assert!(
            south
                .iter()
                .all(|m| m.starts_with("c2") || m.starts_with("d2")),
            "{south:?}"
        );
        let north = moves("....../3321../....../221133/..12../...... N", variant);
        assert!(!north.is_empty());
        assert!(
            north
                .iter()
                .all(|m| m.ends_with('G') || m.as_bytes()[1] == b'5'),
            "{north:?}"
        );
    }
}

// Exact step counts: the lone piece on a1 moves exactly its value, turning as it likes.
// With value 3 it can reach a2 and b1 by going round (a1-b1-b2-a2, a1-a2-b2-b1).
//
//   6  3 3 3 3 2 2   (the value-1 case; the others swap a1 with a rank-6 piece)
//   5  2 2 1 1 1 .
//   4  . . . . . .
//   3  . . . . . .
//   2  . . . . . .
//   1  1 . . . . .
//      a b c d e f
#[test]
fn a_piece_moves_exactly_its_value() {
    for variant in BOTH {
        assert_eq!(
            moves("333322/22111./....../....../....../1..... S", variant),
            set(&["a1-a2", "a1-b1"])
        );
        assert_eq!(
            moves("333312/22111./....../....../....../2..... S", variant),
            set(&["a1-a3", "a1-b2", "a1-c1"])
        );
        assert_eq!(
            moves("133322/22111./....../....../....../3..... S", variant),
            set(&["a1-a4", "a1-b3", "a1-c2", "a1-d1", "a1-a2", "a1-b1"])
        );
    }
}

// A bounce chain into a win: a1 (1) lands on a2 (3), bounces a3-a4-a5 onto a5 (2),
// bounces a6 and leaves the board with its last step.
//
//   6  . 3 3 2 2 1
//   5  2 . . . . .
//   4  . . . . 2 3
//   3  . . . . . .
//   2  3 1 1 . . .
//   1  1 . . . . .
//      a b c d e f
#[test]
fn bounce_chain_into_a_win() {
    let text = ".33221/2...../....23/....../311.../1..... S";
    for variant in BOTH {
        let list = moves(text, variant);
        assert!(list.contains("a1-G"), "{list:?}");
        assert!(
            list.contains("a1-a2=c1"),
            "replacing the first piece instead"
        );
        assert!(has_goal_move(&pos(text), variant));
    }
    let game = Gyges::new(Variant::Seed);
    let mut state = game.parse_position(text).unwrap();
    play_line(&game, &mut state, &["a1-G"]);
    assert_eq!(
        state.position().to_string(),
        ".33221/2...../....23/....../311.../...... N"
    );
    assert_eq!(
        game.end(&state),
        Some(End::Goal {
            winner: Side::South
        })
    );
    assert_eq!(game.outcome(&state), Some(Outcome::win(Seat(0), 2)));
    assert_eq!(game.turn(&state), Turn::Over);
}

// Leaving the board needs exactly one step left, on the opponent's back row. c4 (1)
// lands on c5: worth 2 it goes c6 and out; worth 3 it would be on c6 with two steps
// left, and both ways along rank 6 are blocked, so it cannot leave.
//
//   6  3 3 . 3 3 2         6  3 3 . 3 2 2
//   5  2 2 2 1 1 1         5  2 2 3 1 1 1
//   4  . . 1 . . .         4  . . 1 . . .
//   (rows 3-1 empty)       (rows 3-1 empty)
#[test]
fn leaving_only_with_the_exact_last_step() {
    for variant in BOTH {
        let two = "33.332/222111/..1.../....../....../...... S";
        assert!(moves(two, variant).contains("c4-G"));
        let three = "33.322/223111/..1.../....../....../...... S";
        assert!(!moves(three, variant).iter().any(|m| m.ends_with('G')));
        assert!(!has_goal_move(&pos(three), variant));
    }
}

// Only across the opponent's edge: the mirror of the board above, North to move, leaves
// across rank 1; South, on its own back row, never leaves across its own edge.
#[test]
fn leaving_only_across_the_opponents_edge() {
    let mirrored = "....../....../....../..1.../222111/33.332";
    for variant in BOTH {
        assert!(moves(&format!("{mirrored} N"), variant).contains("c3-G"));
        let south = pos(&format!("{mirrored} S"));
        assert!(!moves(&south.to_string(), variant)
            .iter()
            .any(|m| m.ends_with('G')));
        assert!(!has_goal_move(&south, variant));
    }
    // The lone a1 piece of `a_piece_moves_exactly_its_value` is at the south-west corner:
    // neither the south nor the west edge is a way out.
    assert!(
        !moves("333322/22111./....../....../....../1..... S", Variant::Seed)
            .iter()
            .any(|m| m.ends_with('G'))
    );
}

// No square twice, the start square included (seed), against the official rule that
// lets the piece pass its start square again. b1 (2) goes c1-c2 onto c2 (3), then
// b2-b1-a1: through its own start square.
//
//   6  1 1 2 2 3 3
//   5  1 1 . . . 3
//   4  . . . . . .
//   3  . . . . . .
//   2  2 . 3 . . .
//   1  . 2 . . . .
//      a b c d e f
#[test]
fn the_start_square_is_passed_only_in_official() {
    let text = "112233/11...3/....../....../2.3.../.2.... S";
    assert!(!pos(text).is_setup() && pos(text).winner().is_none());
    assert!(!moves(text, Variant::Seed).contains("b1-a1"));
    assert!(moves(text, Variant::Official).contains("b1-a1"));
    // Ending on the start square would change nothing: not a move in either variant.
    assert!(!moves(text, Variant::Official).contains("b1-b1"));
}

// Official: no border twice. b1 (1) lands on b2 (3); the only way on to a2 would be
// b2-b1-a1-a2, crossing the b1|b2 border again (b2-b3-a3-a2 is blocked by a3).
//
//   6  2 1 2 2 3 3
//   5  1 1 2 . . .
//   4  . . . . . .
//   3  3 . . . . .
//   2  . 3 . . . .
//   1  . 1 . . . .
//      a b c d e f
#[test]
fn official_never_crosses_a_border_twice() {
    let text = "212233/112.../....../3...../.3..../.1.... S";
    for variant in BOTH {
        assert!(!moves(text, variant).contains("b1-a2"), "{variant}");
    }
}

// The drop restriction. South's a1 (1) replaces a2 (2): the displaced 2 may go to any
// empty square no higher than the highest other piece (rank 4), the start square a1
// included. North mirrored: no lower than the lowest other piece (rank 3).
//
//   6  . . . . . .
//   5  . . . . . .
//   4  1 . . . . 2
//   3  3 3 3 2 1 1
//   2  2 . . . 2 3
//   1  1 . . . . .
//      a b c d e f
#[test]
fn drops_are_not_nearer_the_opponent_than_all_other_pieces() {
    for variant in BOTH {
        let south = moves("....../....../1....2/333211/2...23/1..... S", variant);
        for ok in ["a1-a2=b4", "a1-a2=e4", "a1-a2=b1", "a1-a2=a1"] {
            assert!(south.contains(ok), "{ok}");
        }
        let replaces = || south.iter().filter(|m| m.contains('='));
        assert!(
            !replaces().any(|m| m.ends_with('5') || m.ends_with('6')),
            "{south:?}"
        );

        let north = moves("1...../2...23/333211/1....2/....../...... N", variant);
        for ok in ["a6-a5=b3", "a6-a5=e3", "a6-a5=b6", "a6-a5=a6"] {
            assert!(north.contains(ok), "{ok}");
        }
        let replaces = || north.iter().filter(|m| m.contains('='));
        assert!(
            !replaces().any(|m| m.ends_with('2') || m.ends_with('1')),
            "{north:?}"
        );
    }
}

// The moving piece counts among the "other pieces" where it ends: a1 (3) walks up to
// a4 and replaces the only piece of rank 4; standing there, it keeps rank 4 open.
//
//   6  . . . . . .
//   5  . . . . . .
//   4  1 . . . . .
//   3  . 3 3 2 2 1
//   2  . 3 2 2 1 1
//   1  3 . . . . .
//      a b c d e f
#[test]
fn the_moved_piece_bounds_the_drop_where_it_stands() {
    for variant in BOTH {
        let list = moves("....../....../1...../.33221/.32211/3..... S", variant);
        assert!(list.contains("a1-a4=b4"));
        assert!(list.contains("a1-a4=a1"));
        assert!(!list.contains("a1-a4=b5"));
    }
}

// A move must change the board: a1 (1) replacing a2 (1) and dropping it back on a1
// leaves every square as it was. (Board as in the drop test with a2 and a4 swapped.)
// a1-a2=b1 is listed beside a1-b1: both give the same board, but a move is identified by
// its start, end and drop squares.
#[test]
fn a_move_must_change_the_board() {
    for variant in BOTH {
        let list = moves("....../....../2....2/333211/1...23/1..... S", variant);
        assert!(!list.contains("a1-a2=a1"));
        assert!(list.contains("a1-a2=b1") && list.contains("a1-b1"));
    }
}

// No legal move loses: South's three pieces on rank 1 are walled in by rank 2.
//
//   6  . . . . . .
//   5  . . . . . .
//   4  1 3 . . . .
//   3  . . . . . 1
//   2  2 2 2 2 1 1
//   1  3 . 3 . 3 .
//      a b c d e f
#[test]
fn no_legal_move_loses() {
    for variant in BOTH {
        let game = Gyges::new(variant);
        let state = game
            .parse_position("....../....../13..../.....1/222211/3.3.3. S")
            .unwrap();
        assert_eq!(game.end(&state), Some(End::NoMove { loser: Side::South }));
        assert_eq!(game.outcome(&state), Some(Outcome::win(Seat(1), 2)));
        let mut list = Vec::new();
        game.legal_actions(&state, &mut list);
        assert!(list.is_empty());
    }
}

// Threefold repetition: a1 and f6 shuttle back and forth; the start position comes back
// a second time after four plies and a third time after eight, which is a draw.
//
//   6  3 3 3 3 . 1
//   5  2 2 2 2 1 1
//   4  . . . . . .
//   3  . . . . . .
//   2  . . . . . .
//   1  1 . . . . .
//      a b c d e f
#[test]
fn third_occurrence_is_a_draw() {
    let game = Gyges::new(Variant::Seed);
    let mut state = game
        .parse_position("3333.1/222211/....../....../....../1..... S")
        .unwrap();
    let shuttle = ["a1-b1", "f6-e6", "b1-a1", "e6-f6"];
    play_line(&game, &mut state, &shuttle);
    assert_eq!(state.occurrences(), 2);
    play_line(&game, &mut state, &shuttle[..3]);
    assert_eq!(game.turn(&state), Turn::Seat(Seat(1)));
    play_line(&game, &mut state, &shuttle[3..]);
    assert_eq!(state.occurrences(), 3);
    assert_eq!(game.end(&state), Some(End::Repetition));
    assert_eq!(game.outcome(&state), Some(Outcome::draw(2)));
}

#[test]
fn the_ply_limit_draws() {
    assert_eq!(Gyges::new(Variant::Seed).ply_limit(), DEFAULT_PLY_LIMIT);
    assert_eq!(DEFAULT_PLY_LIMIT, 300);
    let game = Gyges::new(Variant::Seed).with_ply_limit(4);
    let mut state = game
        .parse_position("3333.1/222211/....../....../....../1..... S")
        .unwrap();
    play_line(&game, &mut state, &["a1-b1", "f6-e6", "b1-c1"]);
    assert_eq!(game.end(&state), None);
    play_line(&game, &mut state, &["e6-f6"]);
    assert_eq!(state.plies(), 4);
    assert_eq!(game.end(&state), Some(End::PlyLimit));
    assert_eq!(game.outcome(&state), Some(Outcome::draw(2)));
    // Without a limit the same line goes on.
    let unlimited = game.with_ply_limit(0);
    assert_eq!(unlimited.end(&state), None);
}

#[test]
fn a_refused_move_leaves_the_state_alone() {
    let game = Gyges::new(Variant::Seed);
    let mut state = game
        .parse_position("3333.1/222211/....../....../....../1..... S")
        .unwrap();
    let before = state.clone();
    let err = game
        .play(&mut state, &"a1-a3".parse().unwrap())
        .unwrap_err();
    assert_eq!(err.action, "a1-a3");
    assert_eq!(state, before);
}

#[test]
fn the_diagram_shows_the_board_and_the_side_to_move() {
    let game = Gyges::new(Variant::Seed);
    let state = game
        .parse_position("321123/....../....../....../....../123321 N")
        .unwrap();
    let text = game.draw(&state);
    assert!(text.contains(" 6  3 2 1 1 2 3  6  < active row"), "{text}");
    assert!(text.contains(" 1  1 2 3 3 2 1  1\n"), "{text}");
    assert!(text.contains("North to move"), "{text}");
    assert!(game.draw(&game.new_game()).contains("South to set up"));
}

/// The rule id `play` gives for `text` in `position` (or in a new game when `None`).
fn rule_broken(position: Option<&str>, text: &str) -> String {
    let game = Gyges::new(Variant::Seed);
    let mut state = match position {
        Some(p) => game.parse_position(p).unwrap(),
        None => game.new_game(),
    };
    let mv = game.parse_action(&state, text).unwrap();
    let err = game.play(&mut state, &mv).unwrap_err();
    assert_eq!(err.action, text);
    assert!(!err.breach.message.is_empty());
    err.breach.rule
}

const START: &str = "321123/....../....../....../....../123321 S";

// Each rule id of `docs/rules/gyges.md` ("Rule ids"), produced by a move that breaks it.
//
//   6  3 3 3 3 2 2
//   5  2 1 1 . . .
//   4  . . . . . .
//   3  . . . . . .
//   2  1 . . . . .
//   1  2 1 . . . .   <- South's active row: a1 (2) is walled in by a2 and b1
//      a b c d e f
#[test]
fn every_illegal_move_names_the_rule_it_breaks() {
    let walled = Some("333322/211.../....../....../1...../21.... S");
    let start = Some(START);
    let cases = [
        (None, "a1-a2", "gyges.setup-phase"),
        (start, "setup 123321", "gyges.setup-over"),
        (start, "a2-a3", "gyges.no-piece"),
        (walled, "a5-a4", "gyges.active-row"),
        // A 2 goes exactly two steps: a4 is three away, a3 two but behind a2.
        (walled, "a1-a4", "gyges.exact-steps"),
        (walled, "a1-a3", "gyges.no-path"),
        (walled, "a1-c1", "gyges.no-path"),
        (start, "a1-a3", "gyges.exact-steps"),
        // b1 (1) lands on a1: it bounces or replaces, it does not end there.
        (walled, "b1-a1", "gyges.end-occupied"),
        (walled, "b1-b2=c1", "gyges.replace-target"),
        (walled, "b1-b1=c1", "gyges.replace-target"),
        (walled, "b1-a1=a2", "gyges.drop-empty"),
        (walled, "b1-a1=a1", "gyges.drop-empty"),
        (start, "a1-G", "gyges.goal-only-from-back-row"),
        (start, "a1-a1", "gyges.change-board"),
    ];
    for (position, text, rule) in cases {
        assert_eq!(rule_broken(position, text), rule, "{text} in {position:?}");
    }
    // The boards of the drop tests: a1 (1) replaces a2 (2), whose piece may go no higher
    // than rank 4; with a2 worth 1, dropping it back on a1 changes nothing.
    let drop = Some("....../....../1....2/333211/2...23/1..... S");
    assert_eq!(rule_broken(drop, "a1-a2=a5"), "gyges.drop-bound");
    let same = Some("....../....../2....2/333211/1...23/1..... S");
    assert_eq!(rule_broken(same, "a1-a2=a1"), "gyges.change-board");
}

#[test]
fn a_breach_carries_its_arguments_and_a_sentence() {
    let game = Gyges::new(Variant::Seed);
    let mut state = game
        .parse_position("333322/211.../....../....../1...../21.... S")
        .unwrap();
    let err = game
        .play(&mut state, &"a1-a4".parse().unwrap())
        .unwrap_err();
    let args: Vec<(&str, &str)> = err
        .breach
        .args
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(args, [("piece", "a1"), ("to", "a4"), ("value", "2")]);
    assert_eq!(
        err.to_string(),
        "illegal action a1-a4: a 2 moves exactly 2 steps, and a4 is not 2 steps from a1, nor can a bounce reach it"
    );

    let mut drop = game
        .parse_position("....../....../1....2/333211/2...23/1..... S")
        .unwrap();
    let err = game
        .play(&mut drop, &"a1-a2=a5".parse().unwrap())
        .unwrap_err();
    assert_eq!(err.breach.args["rank"], "4");
    assert_eq!(err.breach.args["side"], "South");

    // After the end, every move breaks the same rule.
    let mut over = game
        .parse_position(".33221/2...../....23/....../311.../...... N")
        .unwrap();
    let err = game.play(&mut over, &"b6-b5".parse().unwrap()).unwrap_err();
    assert_eq!(err.breach.rule, trio_core::Breach::GAME_OVER);
}

#[test]
fn the_view_as_json() {
    let game = Gyges::new(Variant::Seed);
    let state = game
        .parse_position("333322/211.../....../....../1...../21.... S")
        .unwrap();
    let json = game.view_json(&game.public_view(&state));
    assert_eq!(json["phase"], "play");
    assert_eq!(json["to_move"], "South");
    assert_eq!(json["seats"], serde_json::json!(["South", "North"]));
    assert_eq!(json["squares"]["a1"], 2);
    assert_eq!(json["squares"]["f1"], serde_json::Value::Null);
    assert_eq!(json["squares"].as_object().unwrap().len(), 36);
    assert_eq!(json["active_rows"]["South"], 1);
    assert_eq!(json["active_rows"]["North"], 6);
    assert_eq!(json["ply_limit"], 300);
    assert_eq!(json["occurrences"], 1);
    assert_eq!(json["result"], serde_json::Value::Null);

    let setup = game.view_json(&game.new_game());
    assert_eq!(setup["phase"], "setup");
    assert_eq!(setup["active_rows"]["South"], serde_json::Value::Null);

    let won = game
        .parse_position(".33221/2...../....23/....../311.../...... N")
        .unwrap();
    let json = game.view_json(&won);
    assert_eq!(json["phase"], "over");
    assert_eq!(json["to_move"], serde_json::Value::Null);
    assert_eq!(json["result"]["end"], "goal");
    assert_eq!(json["result"]["winner"], "South");
    let unlimited = game.with_ply_limit(0);
    assert_eq!(
        unlimited.view_json(&state)["ply_limit"],
        serde_json::Value::Null
    );
}

#[test]
fn a_moves_parts_say_the_way_it_goes() {
    // The bounce chain of the rules: a1 onto the 3 on a2, three steps onto the 2 on a5, off
    // the board beyond a6.
    for variant in BOTH {
        let game = Gyges::new(variant);
        let state = game
            .parse_position(".33221/2...../....23/....../311.../1..... S")
            .unwrap();
        let parts = |mv: &str| game.action_parts(&state, &mv.parse().unwrap());
        assert_eq!(
            parts("a1-G"),
            serde_json::json!({"kind": "move", "from": "a1", "to": "G", "drop": null,
                "path": ["a1", "a2", "a3", "a4", "a5", "a6"], "bounces": ["a2", "a5"]})
        );
        // Replacing at once: one step, no bounce.
        let replace = parts("a1-a2=c1");
        assert_eq!(replace["path"], serde_json::json!(["a1", "a2"]));
        assert_eq!(replace["bounces"], serde_json::json!([]));
        assert_eq!(replace["drop"], "c1");
        let setup = game.action_parts(&game.new_game(), &"setup 123321".parse().unwrap());
        assert_eq!(
            setup,
            serde_json::json!({"kind": "setup", "values": "123321"})
        );
    }
}

#[test]
fn facts() {
    let facts = Gyges::new(Variant::Seed).facts();
    assert_eq!(facts.seats, 2..=2);
    assert!(!facts.chance && !facts.hidden_information);
    assert_eq!(facts.longest_game, 302, "two setup moves and 300 plies");
}

#[test]
fn the_rule_ids_are_the_documented_ones() {
    let doc = include_str!("../../../../docs/rules/gyges.md");
    assert_documented(breach::ALL, doc, "## Rule ids", "gyges.");
}
