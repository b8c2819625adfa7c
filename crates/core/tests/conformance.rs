//! The conformance suite and perft on Race (tests/common), a tiny game with every feature
//! of the interface.

mod common;

use common::{Action, Race};
use trio_core::conformance::{random_games, Config};
use trio_core::perft::perft;
use trio_core::{Breach, Game};

#[test]
fn a_correct_game_passes_and_is_exercised() {
    let report = random_games(&Race::CORRECT, &Config::default(), |_, s| {
        assert!(s.total <= 7, "total overshoots by at most one");
    });
    assert_eq!(report.games, 50);
    assert!(
        report.chance_events >= 150,
        "two deals and coins in every game"
    );
    assert!(
        report.wins.iter().all(|&w| w > 5),
        "both seats win sometimes: {:?}",
        report.wins
    );
}

#[test]
#[should_panic(expected = "must look the same")]
fn a_determinize_that_contradicts_the_view_is_caught() {
    let careless = Race {
        careless: true,
        ..Race::CORRECT
    };
    random_games(&careless, &Config::default(), |_, _| {});
}

#[test]
#[should_panic(expected = "the decision drawn at 0")]
fn a_draw_by_index_that_is_not_the_listed_decision_is_caught() {
    let misdraws = Race {
        misdraws: true,
        ..Race::CORRECT
    };
    random_games(&misdraws, &Config::default(), |_, _| {});
}

#[test]
fn perft_counts_decisions_and_chance_outcomes() {
    let game = Race::CORRECT;
    let start = game.new_game();
    // Two deals of two cards each, then two additions.
    assert_eq!(perft(&game, &start, 1), 2);
    assert_eq!(perft(&game, &start, 2), 4);
    assert_eq!(perft(&game, &start, 3), 8);
    // From a total of 5 every addition ends the game: no line lasts 2 plies.
    let near_end = game.parse_position("0 1 5 0 move").unwrap();
    assert_eq!(perft(&game, &near_end, 1), 2);
    assert_eq!(perft(&game, &near_end, 2), 0);
    assert_eq!(perft(&game, &near_end, 3), 0);
}

#[test]
fn play_refuses_what_is_not_legal() {
    let game = Race::CORRECT;
    let mut s = game.parse_position("0 1 2 0 move").unwrap();
    let err = game.play(&mut s, &Action::Add(3)).unwrap_err();
    assert_eq!(err.action, "add 3");
    assert_eq!(err.breach.rule, Breach::NOT_LEGAL);
    assert_eq!(
        s,
        game.parse_position("0 1 2 0 move").unwrap(),
        "state untouched"
    );
    game.play(&mut s, &Action::Add(2)).unwrap();
    assert!(
        game.play(&mut s, &Action::Add(1)).is_err(),
        "a coin is due, not a decision"
    );
}
