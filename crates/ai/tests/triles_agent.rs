//! The Triles bots: the search with [`TrilesRollout`] takes the obvious reward, plays for
//! its own seat and beats random play, seeing only its view.

use trio_ai::{run_match, MctsBot, MctsConfig, RandomBot, SearchLimit, TrilesRollout};
use trio_core::{rng, Bot, Game};
use trio_triles::{Action, Triles};

/// MCTS with the Triles rollouts on a small budget.
fn search() -> MctsBot<Triles, TrilesRollout> {
    let config = MctsConfig::new(SearchLimit::Iterations(250));
    MctsBot::with_evaluator(config, TrilesRollout::default())
}

#[test]
fn takes_the_loop_from_its_view() {
    // The start tile C (Wa Wa Bs) shows a black semicircle across its bottom edge. Black
    // holds A, B and O; only O (Bs Bs Ws) turned to meet it makes a black loop, and with
    // it an extra placement:
    //
    //        /\
    //       /C \
    //      /____\   <- Bs
    //      \ ?? /
    //       \  /
    //        \/
    let game = Triles::default();
    let state = game
        .parse_position(
            "C@0,0,0 | B:A1B1O1 | W:D2 | pool:A8B8C8D7E1F1G1H1I1J1K1L1M1N1P1Q1R1S1T1 | B",
        )
        .unwrap();
    let seat = state.seat_of(trio_triles::Colour::Black).unwrap();
    let o = game.tile_set().id("O").unwrap();
    for seed in 0..4 {
        let mut bot = search();
        let view = game.view(&state, seat);
        let action = bot.choose(&game, &view, seat, &mut rng::seeded(seed));
        assert!(
            matches!(action, Some(Action::Place(p)) if p.tile == o),
            "seed {seed}: {action:?}"
        );
        let value = bot.last_search().unwrap().value;
        assert!(value > 0.6, "seed {seed}: expected score {value}");
    }
}

#[test]
fn beats_random_play() {
    let game = Triles::default();
    let make = || -> Vec<Box<dyn Bot<Triles>>> { vec![Box::new(search()), Box::new(RandomBot)] };
    let summary = run_match(&game, make, 30, 11, 0, |_, _, _| {}).unwrap();
    // About 0.9 in longer matches, taking both seats in turn; a search playing for the
    // wrong seat would lose.
    assert!(summary.agents[0].score() > 0.75, "{summary}");
}
