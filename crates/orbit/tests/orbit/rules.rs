//! One hand-built position per rule and ruling of docs/rules/orbit.md. Boards are
//! drawn in the comments as `orbit: field=pawn`; lines of the classic board join field
//! i of orbits k and k+1 when i = k (mod 3).

use trio_core::{Game, Outcome, Turn};
use trio_orbit::{Board, Options, Orbit, State};

const FUNNEL: &str = include_str!("../boards/funnel.toml");

fn classic(players: usize) -> Orbit {
    Orbit::new(Options {
        players,
        ..Options::default()
    })
    .unwrap()
}

fn funnel() -> Orbit {
    Orbit::new(Options {
        board: Board::from_toml(FUNNEL).unwrap(),
        ..Options::default()
    })
    .unwrap()
}

fn at(game: &Orbit, text: &str) -> State {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(game: &Orbit, text: &str) -> Vec<String> {
    let state = at(game, text);
    let mut actions = Vec::new();
    game.legal_actions(&state, &mut actions);
    actions
        .iter()
        .map(|a| game.format_action(&state, a))
        .collect()
}

/// Plays `actions` from `text` and returns the position reached.
fn after(game: &Orbit, text: &str, actions: &[&str]) -> String {
    let mut state = at(game, text);
    for written in actions {
        let action = game.parse_action(&state, written).unwrap();
        game.play(&mut state, &action)
            .unwrap_or_else(|e| panic!("{written}: {e}"));
    }
    game.format_position(&state)
}

#[test]
fn exactly_as_many_steps_as_pawns_on_the_orbit() {
    // orbit 4: 0=r          one pawn: 1 step
    // orbit 1: 0=r 5=g 7=g  three pawns: 3 steps, whatever their colour
    let game = classic(2);
    assert_eq!(
        legal(&game, "rg r r:C,C,1.0,4.0/g:C,C,1.5,1.7 -"),
        [
            "roll",
            "move 1.0-1.3",
            "move 1.0-1.9",
            "move 1.0-2.0",
            "move 1.0-2.2",
            "move 1.0-2.10",
            "move 4.0-3.0",
            "move 4.0-4.1",
            "move 4.0-4.11",
        ]
    );
}

#[test]
fn never_onto_own_colour_and_capture_from_orbit_one_goes_to_the_centre() {
    // orbit 1: 0=r 3=r 6=g   3 steps: 1.0-1.3 and 1.3-1.0 end on red
    let game = classic(2);
    let text = "rg r r:C,C,1.0,1.3/g:C,C,C,1.6 -";
    assert_eq!(
        legal(&game, text),
        [
            "roll",
            "move 1.0-1.9",
            "move 1.0-2.0",
            "move 1.0-2.2",
            "move 1.0-2.10",
            "move 1.3-1.6>C",
            "move 1.3-2.1",
            "move 1.3-2.3",
            "move 1.3-2.5",
        ]
    );
    // Sent back to the centre: not protected.
    assert_eq!(
        after(&game, text, &["move 1.3-1.6>C"]),
        "rg g r:C,C,1.0,1.6/g:C,C,C,C - turn=1"
    );
}

#[test]
fn pawns_are_passed_over() {
    // orbit 1: 0=r 1=g 2=g   1.0-1.1-1.2-1.3 goes over both green pawns
    let game = classic(2);
    assert_eq!(
        legal(&game, "rg r r:C,C,C,1.0/g:C,C,1.1,1.2 -"),
        [
            "roll",
            "move 1.0-1.3",
            "move 1.0-1.9",
            "move 1.0-2.0",
            "move 1.0-2.2",
            "move 1.0-2.10"
        ]
    );
}

#[test]
fn arriving_on_the_final_orbit_is_home() {
    // orbit 6: 2=r 4=r, 2 steps: 6.2-6.3-7.3 and 6.4-6.3-7.3 both go home.
    let game = classic(2);
    let text = "rg r r:C,C,6.2,6.4/g:C,C,C,1.0 -";
    assert_eq!(
        legal(&game, text),
        [
            "roll",
            "move 6.2-5.1",
            "move 6.2-5.3",
            "move 6.2-6.0",
            "move 6.2-H",
            "move 6.4-5.5",
            "move 6.4-6.6",
            "move 6.4-H",
        ]
    );
    assert_eq!(
        after(&game, text, &["move 6.4-H"]),
        "rg g r:C,C,6.2,H/g:C,C,C,1.0 - turn=1"
    );
}

#[test]
fn the_final_orbit_is_entered_only_with_the_last_step() {
    // orbit 6: 3=r 8=g, 2 steps: 6.3-7.3 is one step, and the path may not go on
    // along orbit 7, so 6.3 cannot go home this turn.
    let game = classic(2);
    assert_eq!(
        legal(&game, "rg r r:C,C,C,6.3/g:C,C,C,6.8 -"),
        ["roll", "move 6.3-5.2", "move 6.3-6.1", "move 6.3-6.5"]
    );
}

#[test]
fn a_capture_offers_every_empty_field_of_the_next_inner_orbit() {
    // orbit 4: 0=g
    // orbit 3: 0=r   1 step; 3.0 itself is empty after the move and may be chosen
    let game = classic(2);
    let text = "rg r r:C,C,C,3.0/g:C,C,C,4.0 -";
    let mut expected = vec![
        "roll".to_owned(),
        "move 3.0-3.1".into(),
        "move 3.0-3.11".into(),
    ];
    expected.extend((0..12).map(|i| format!("move 3.0-4.0>3.{i}")));
    assert_eq!(legal(&game, text), expected);
    assert_eq!(
        after(&game, text, &["move 3.0-4.0>3.0"]),
        "rg g r:C,C,C,4.0/g:C,C,C,3.0 3.0@r turn=1"
    );
    assert_eq!(
        after(&game, text, &["move 3.0-4.0>3.7"]),
        "rg g r:C,C,C,4.0/g:C,C,C,3.7 3.7@r turn=1"
    );
}

#[test]
fn full_inner_orbits_send_the_captured_pawn_further_in() {
    // funnel board:
    // orbit 3: 0=r 2=g
    // orbit 2: 0=r 1=g   full
    // orbit 1: 0=r 1=g   full, so captures on orbits 2 and 3 go to the centre
    let game = funnel();
    assert_eq!(
        legal(&game, "rg r r:C,1.0,2.0,3.0/g:C,1.1,2.1,3.2 -"),
        [
            "roll",
            "move 1.0-2.1>1.0",
            "move 2.0-1.1>C",
            "move 2.0-3.1",
            "move 2.0-3.3",
            "move 2.0-H",
            "move 3.0-2.1>C",
            "move 3.0-3.2>C",
        ]
    );
    // orbit 1: 0=r, 1 empty: a capture on orbit 3 skips the full orbit 2.
    assert_eq!(
        legal(&game, "rg r r:C,1.0,2.0,3.0/g:C,C,2.1,3.2 -"),
        [
            "roll",
            "move 1.0-1.1",
            "move 2.0-1.1",
            "move 2.0-3.1",
            "move 2.0-3.3",
            "move 2.0-H",
            "move 3.0-2.1>1.1",
            "move 3.0-3.2>1.1",
        ]
    );
}

#[test]
fn a_protected_pawn_cannot_be_captured() {
    // orbit 4: 0=g (protected until red's turn ends)
    // orbit 3: 0=r
    let game = classic(2);
    assert_eq!(
        legal(&game, "rg r r:C,C,C,3.0/g:C,C,C,4.0 4.0@r"),
        ["roll", "move 3.0-3.1", "move 3.0-3.11"]
    );
}

#[test]
fn a_protected_pawn_cannot_capture() {
    // orbit 4: 0=g (protected), orbit 3: 0=r: 4.0-3.0 would capture.
    let game = classic(2);
    assert_eq!(
        legal(&game, "rg g r:C,C,C,3.0/g:C,C,C,4.0 4.0@r"),
        ["roll", "move 4.0-4.1", "move 4.0-4.11"]
    );
}

#[test]
fn protection_follows_the_pawn_and_ends_with_the_capturers_next_turn() {
    let game = classic(2);
    let start = "rg r r:C,C,C,3.0/g:C,C,C,4.0 -";
    let captured = after(&game, start, &["move 3.0-4.0>3.5"]);
    assert_eq!(captured, "rg g r:C,C,C,4.0/g:C,C,C,3.5 3.5@r turn=1");
    let moved = after(&game, &captured, &["move 3.5-3.4"]);
    assert_eq!(moved, "rg r r:C,C,C,4.0/g:C,C,C,3.4 3.4@r turn=2");
    // Still protected while red's next turn runs, gone once it has ended.
    assert_eq!(
        after(&game, &moved, &["roll"]),
        "rg r? r:C,C,C,4.0/g:C,C,C,3.4 3.4@r turn=2"
    );
    assert_eq!(
        after(&game, &moved, &["roll", "die 5"]),
        "rg g r:C,C,C,4.0/g:C,C,C,3.4 - turn=3"
    );
}

#[test]
fn several_pawns_protected_at_once_each_until_its_capturer() {
    // 3 players: green pawn on 3.2 protected by red's capture, blue pawn on 2.7 by
    // green's. Red's turn ends only red's.
    let game = classic(3);
    let text = "rgb r r:C,C,1.0/g:C,C,3.2/b:C,C,2.7 2.7@g,3.2@r";
    assert_eq!(
        after(&game, text, &["move 1.0-1.1"]),
        "rgb g r:C,C,1.1/g:C,C,3.2/b:C,C,2.7 2.7@g turn=1"
    );
}

#[test]
fn protection_ends_when_the_pawn_goes_home() {
    let game = classic(2);
    let text = "rg g r:C,C,C,1.0/g:C,C,C,6.3 6.3@r";
    assert_eq!(
        after(&game, text, &["move 6.3-H"]),
        "rg r r:C,C,C,1.0/g:C,C,C,H - turn=1"
    );
}

#[test]
fn without_pawns_on_the_orbits_a_player_must_roll() {
    let game = classic(2);
    assert_eq!(legal(&game, "rg r r:C,C,C,C/g:C,C,C,1.0 -"), ["roll"]);
}

#[test]
fn without_pawns_in_the_centre_a_player_cannot_roll() {
    // orbit 2: 0=r, 1 step
    let game = classic(2);
    let text = "rg r r:2.0,H,H,H/g:C,C,C,1.0 -";
    assert_eq!(legal(&game, text), ["move 2.0-2.1", "move 2.0-2.11"]);
    let mut state = at(&game, text);
    let roll = game.parse_action(&state, "roll").unwrap();
    assert!(game.play(&mut state, &roll).is_err());
}

#[test]
fn even_roll_enters_a_pawn_on_a_chosen_empty_field_of_orbit_one() {
    let game = classic(2);
    let text = "rg r r:C,C,C,C/g:C,C,C,1.0 -";
    let rolled = after(&game, text, &["roll", "die 4"]);
    assert_eq!(rolled, "rg r+ r:C,C,C,C/g:C,C,C,1.0 -");
    let entries = legal(&game, &rolled);
    assert_eq!(entries.len(), 11);
    assert!(!entries.contains(&"enter 1.0".to_owned()));
    assert_eq!(
        after(&game, &rolled, &["enter 1.5"]),
        "rg g r:C,C,C,1.5/g:C,C,C,1.0 - turn=1"
    );
    assert_eq!(
        after(&game, text, &["roll", "die 3"]),
        "rg g r:C,C,C,C/g:C,C,C,1.0 - turn=1"
    );
}

#[test]
fn the_die_is_a_chance_event_with_six_faces() {
    let game = classic(2);
    let state = at(&game, "rg r? r:C,C,C,C/g:C,C,C,C -");
    assert_eq!(game.turn(&state), Turn::Chance);
    let mut outcomes = Vec::new();
    game.chance_outcomes(&state, &mut outcomes);
    let written: Vec<String> = outcomes
        .iter()
        .map(|(a, _)| game.format_action(&state, a))
        .collect();
    assert_eq!(
        written,
        ["die 1", "die 2", "die 3", "die 4", "die 5", "die 6"]
    );
    assert!(outcomes.iter().all(|(_, p)| (p - 1.0 / 6.0).abs() < 1e-12));
}

#[test]
fn an_even_roll_with_orbit_one_full_ends_the_turn() {
    // funnel board, orbit 1: 0=r 1=g — no empty field.
    let game = funnel();
    assert_eq!(
        after(
            &game,
            "rg r r:C,1.0,2.0,3.0/g:C,1.1,2.1,3.2 -",
            &["roll", "die 2"]
        ),
        "rg g r:C,1.0,2.0,3.0/g:C,1.1,2.1,3.2 - turn=1"
    );
}

#[test]
fn a_player_without_centre_pawns_or_moves_passes() {
    // funnel board: red's only pawn, 1.0, is protected, so it cannot capture on 2.1 or
    // 3.0, the only ends of its 2-step paths.
    let game = funnel();
    let text = "rg r r:1.0,H,H,H/g:C,1.1,2.1,3.0 1.0@g";
    assert_eq!(legal(&game, text), ["pass"]);
    assert_eq!(
        after(&game, text, &["pass"]),
        "rg g r:1.0,H,H,H/g:C,1.1,2.1,3.0 1.0@g turn=1"
    );
}

#[test]
fn the_turn_order_is_drawn_or_given() {
    let drawn = classic(2);
    let start = drawn.new_game();
    assert_eq!(drawn.format_position(&start), "? ? r:C,C,C,C/g:C,C,C,C -");
    let mut outcomes = Vec::new();
    drawn.chance_outcomes(&start, &mut outcomes);
    let orders: Vec<String> = outcomes
        .iter()
        .map(|(a, _)| drawn.format_action(&start, a))
        .collect();
    assert_eq!(orders, ["order rg", "order gr"]);
    assert_eq!(
        after(&drawn, "? ? r:C,C,C,C/g:C,C,C,C -", &["order gr"]),
        "gr g g:C,C,C,C/r:C,C,C,C -"
    );
    let four = Orbit::new(Options {
        players: 4,
        ..Options::default()
    })
    .unwrap();
    let mut outcomes = Vec::new();
    four.chance_outcomes(&four.new_game(), &mut outcomes);
    assert_eq!(outcomes.len(), 24);

    use trio_orbit::Colour::{Blue, Green, Red};
    let given = Orbit::new(Options {
        players: 3,
        order: Some(vec![Blue, Red, Green]),
        ..Options::default()
    })
    .unwrap();
    assert_eq!(
        given.format_position(&given.new_game()),
        "brg b b:C,C,C/r:C,C,C/g:C,C,C -"
    );
}

#[test]
fn finished_players_are_skipped_and_three_players_are_ranked_in_full() {
    let game = classic(3);
    // Red is home; after blue comes green.
    let text = "rgb b r:H,H,H/g:C,C,6.3/b:C,C,1.0 - finished=r";
    assert_eq!(
        after(&game, text, &["roll", "die 1"]),
        "rgb g r:H,H,H/g:C,C,6.3/b:C,C,1.0 - turn=1 finished=r"
    );
    // Green finishes second; blue, the only one left, is last.
    let text = "rgb g r:H,H,H/g:6.3,H,H/b:C,C,1.0 - finished=r";
    let over = after(&game, text, &["move 6.3-H"]);
    assert_eq!(over, "rgb - r:H,H,H/g:H,H,H/b:C,C,1.0 - turn=1 finished=rg");
    let state = at(&game, &over);
    assert_eq!(game.turn(&state), Turn::Over);
    assert_eq!(
        game.outcome(&state),
        Some(Outcome::from_ranks(vec![0, 1, 2]))
    );
}

#[test]
fn two_players_end_when_the_first_is_home() {
    let game = classic(2);
    let over = after(&game, "rg g r:C,C,1.0,H/g:6.3,H,H,H -", &["move 6.3-H"]);
    assert_eq!(over, "rg - r:C,C,1.0,H/g:H,H,H,H - turn=1 finished=g");
    assert_eq!(
        game.outcome(&at(&game, &over)),
        Some(Outcome::from_ranks(vec![1, 0]))
    );
}

#[test]
fn at_the_turn_limit_pawns_home_then_orbits_rank_the_unfinished() {
    let game = Orbit::new(Options {
        players: 3,
        turn_limit: 10,
        ..Options::default()
    })
    .unwrap();
    // Red and green have one pawn home each; green's others stand further out.
    let over = after(
        &game,
        "rgb r r:C,1.0,H/g:C,2.0,H/b:C,C,C - turn=9",
        &["roll", "die 1"],
    );
    assert_eq!(over, "rgb - r:C,1.0,H/g:C,2.0,H/b:C,C,C - turn=10");
    assert_eq!(
        game.outcome(&at(&game, &over)),
        Some(Outcome::from_ranks(vec![1, 0, 2]))
    );
    // Equal home and equal orbit sums share a place.
    let tied = after(
        &game,
        "rgb r r:C,2.0,H/g:C,2.5,H/b:C,C,1.0 - turn=9",
        &["roll", "die 1"],
    );
    assert_eq!(
        game.outcome(&at(&game, &tied)),
        Some(Outcome::from_ranks(vec![0, 0, 2]))
    );
}

#[test]
fn bad_positions_are_refused_with_a_reason() {
    let game = classic(2);
    for (text, reason) in [
        ("rg r r:C,C,C/g:C,C,C,C -", "red has 3 pawns"),
        ("rg r r:C,C,C,1.0/g:C,C,C,1.0 -", "two pawns on 1.0"),
        ("rg r r:C,C,C,7.2/g:C,C,C,C -", "final orbit"),
        ("rg r r:C,C,C,8.0/g:C,C,C,C -", "not on the board"),
        ("gr r r:C,C,C,C/g:C,C,C,C -", "pawn groups"),
        (
            "? - r:H,H/g:H,H/b:H,H/y:H,H/r:H,H - finished=rgbyr",
            "pawn groups",
        ),
        ("rg r r:C,C,C,1.0/g:C,C,C,C 1.0@r", "cannot protect"),
        (
            "rg r+ r:1.0,H,H,H/g:C,C,C,C -",
            "without a pawn in the centre",
        ),
        ("rg r r:C,C,C,C/g:C,C,C,C", "4 fields"),
        ("rg - r:C,C,C,C/g:C,C,C,C -", "not over"),
    ] {
        let error = game.parse_position(text).unwrap_err().to_string();
        assert!(error.contains(reason), "{text}: {error}");
    }
}

#[test]
fn the_drawing_shows_orbits_lines_counts_and_protection() {
    let game = classic(2);
    let drawing = game.draw(&at(&game, "rg r+ r:C,C,1.3,2.5/g:C,C,2.9,H 2.9@r turn=4"));
    let lines: Vec<&str> = drawing.lines().collect();
    assert_eq!(lines[0], "Na orbicie on classic · order rg · turn 5");
    assert_eq!(
        lines[1],
        "red rolled an even number: choose an empty field of orbit 1"
    );
    assert_eq!(lines[3], "  7  home: red 0 · green 1");
    // Lines between orbits 1 and 2 join fields 1, 4, 7 and 10.
    assert_eq!(
        lines[14],
        "            |           |           |           |"
    );
    assert_eq!(
        lines[13],
        "  2     .   .   .   .   .   r   .   .   .  g*   .   ."
    );
    assert_eq!(
        lines[15],
        "  1     .   .   .   r   .   .   .   .   .   .   .   ."
    );
    assert_eq!(lines[16], "  C  centre: red 2 · green 2");
    assert_eq!(
        lines[17],
        "protected: the green pawn on 2.9 until red's turn ends"
    );
}

#[test]
fn a_setup_reports_every_reason_it_fails() {
    use trio_orbit::notation::{Coord, Setup};
    use trio_orbit::Colour::Red;
    use trio_orbit::{FieldError, SetupFault};
    // Red has 3 pawns, two pawns stand on 1.0, 8.0 is off the board, and 2.0 is empty.
    let setup: Setup = "rg r r:C,C,1.0/g:C,C,1.0,8.0 2.0@r".parse().unwrap();
    let c = |orbit, field| Coord { orbit, field };
    let error = State::from_setup(&setup, &classic(2)).unwrap_err();
    assert_eq!(
        error.faults,
        [
            SetupFault::PawnCount {
                colour: Red,
                found: 3,
                players: 2,
                each: 4
            },
            SetupFault::TwoPawns(c(1, 0)),
            SetupFault::Field(FieldError::NotOnBoard(c(8, 0))),
            SetupFault::ProtectedEmpty(c(2, 0)),
        ]
    );
    assert_eq!(
        error.to_string(),
        "red has 3 pawns; with 2 players each has 4; two pawns on 1.0; \
         field 8.0 is not on the board; protected field 2.0 holds no pawn"
    );
}

#[test]
fn legal_actions_are_listed_in_the_documented_order() {
    // docs/rules/orbit.md, "Notation": roll first, entries by field number, moves by
    // start field, end field (home last), relocation; `1.2` before `1.10`, orbit 1
    // before orbit 2 — numeric order, not the order of the written strings.
    let game = classic(2);
    let entries: Vec<String> = (1..12).map(|i| format!("enter 1.{i}")).collect();
    assert_eq!(legal(&game, "rg r+ r:C,C,C,C/g:C,C,C,1.0 -"), entries);
    // orbit 1: 2=r 10=r, two steps each.
    assert_eq!(
        legal(&game, "rg r r:C,C,1.2,1.10/g:C,C,C,C -"),
        [
            "roll",
            "move 1.2-1.0",
            "move 1.2-1.4",
            "move 1.2-2.1",
            "move 1.10-1.0",
            "move 1.10-1.8",
            "move 1.10-2.9",
            "move 1.10-2.11",
        ]
    );
}

#[test]
fn a_colour_that_is_not_playing_is_named_as_such() {
    // Red and green play; blue and yellow have no pawns in this game.
    let game = classic(2);
    for (text, reason) in [
        (
            "rg r r:C,C,C,1.0/g:C,C,C,1.4 1.4@b",
            "1.4@b: blue is not playing in this game",
        ),
        (
            "rg y r:C,C,C,1.0/g:C,C,C,1.4 -",
            "yellow is not playing in this game",
        ),
        (
            "rg - r:C,C,C,1.0/g:C,C,C,1.4 - finished=b",
            "finished=b: blue is not playing in this game",
        ),
    ] {
        let error = game.parse_position(text).unwrap_err().to_string();
        assert!(error.contains(reason), "{text}: {error}");
        assert!(!error.contains("cannot protect"), "{text}: {error}");
    }
    // A finished colour is playing, but no longer acts.
    let game = classic(3);
    let error = game
        .parse_position("rgb r r:H,H,H/g:C,C,6.3/b:C,C,1.0 - finished=r")
        .unwrap_err()
        .to_string();
    assert!(error.contains("red has finished"), "{error}");
}

#[test]
fn the_drawing_says_what_the_player_can_do_now() {
    let status = |game: &Orbit, text: &str| {
        let drawing = game.draw(&at(game, text));
        drawing.lines().nth(1).unwrap().to_owned()
    };
    let game = classic(2);
    // All pawns in the centre: rolling is all there is.
    assert_eq!(
        status(&game, "rg r r:C,C,C,C/g:C,C,C,1.0 -"),
        "red to move: roll the die"
    );
    // Pawns in the centre and on the orbits.
    assert_eq!(
        status(&game, "rg g r:C,C,C,C/g:C,C,C,1.0 -"),
        "green to move: roll the die or move a pawn"
    );
    // No pawn in the centre.
    assert_eq!(
        status(&game, "rg r r:2.0,H,H,H/g:C,C,C,1.0 -"),
        "red to move: move a pawn"
    );
    // funnel board: red's only pawn is protected and every end holds a pawn.
    assert_eq!(
        status(&funnel(), "rg r r:1.0,H,H,H/g:C,1.1,2.1,3.0 1.0@g"),
        "red to move: no roll and no move possible, so pass"
    );
}

#[test]
fn positions_that_do_not_read_and_that_cannot_occur_are_told_apart() {
    use trio_core::{Game, NotationError};
    let game = classic(2);
    let syntax = game.parse_position("nonsense").unwrap_err();
    assert!(matches!(syntax, NotationError::Syntax(_)), "{syntax:?}");
    let impossible = game.parse_position("rg r r:C,C,C/g:C,C,C,C -").unwrap_err();
    let NotationError::Impossible(cause) = &impossible else {
        panic!("{impossible:?}");
    };
    let setup = cause
        .downcast_ref::<trio_orbit::SetupError>()
        .expect("a setup error");
    assert!(!setup.faults.is_empty());
    assert_eq!(impossible.to_string(), setup.to_string());
}
