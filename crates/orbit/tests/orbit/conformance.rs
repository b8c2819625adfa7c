//! Random playouts: the shared conformance suite with Na orbicie's invariants, and
//! property tests that pawns are conserved and positions round-trip.

use proptest::prelude::*;
use trio_core::conformance::{random_games, Config};
use trio_core::{rng, Game, Turn};
use trio_orbit::{pawns_per_player, Colour, Options, Orbit, Phase, State};

fn game(players: usize) -> Orbit {
    Orbit::new(Options {
        players,
        ..Options::default()
    })
    .unwrap()
}

/// Each colour in play has all its pawns somewhere; no other colour has any.
fn pawns_conserved(state: &State) {
    let each = pawns_per_player(state.players());
    for colour in Colour::ALL {
        let count = state.centre(colour) + state.fields(colour).count() + state.home(colour);
        let expected = if state.order().contains(&colour) {
            each
        } else {
            0
        };
        assert_eq!(count, expected, "{colour} pawns");
    }
}

fn invariants(game: &Orbit, state: &State) {
    pawns_conserved(state);
    let board = game.board();
    for colour in Colour::ALL {
        for field in state.fields(colour) {
            assert!(
                board.orbit_of(field) < board.final_orbit(),
                "a pawn stands on the final orbit"
            );
        }
    }
    // Protection lapses at the capturer's turn end, so a protected pawn never belongs
    // to the colour that protects it, and finished players protect nothing.
    for (field, until) in state.protected() {
        assert_ne!(state.pawn_at(field), Some(until));
        assert!(!state.finished().contains(&until));
    }
    assert!(state.turns() <= game.turn_limit());
    // Legal actions are listed sorted (roll, then moves by start, end, relocation).
    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    assert!(legal.windows(2).all(|w| w[0] < w[1]), "unsorted: {legal:?}");
}

#[test]
fn conformance_two_three_four_players() {
    for players in 2..=4 {
        let game = game(players);
        let config = Config {
            games: 12,
            seed: players as u64,
            max_plies: 8_000,
            ..Config::default()
        };
        let report = random_games(&game, &config, invariants);
        assert_eq!(report.games, 12);
        assert!(report.chance_events > 0);
    }
}

/// Plays a random game from the start, handing every state to `visit`.
fn playout(game: &Orbit, seed: u64, mut visit: impl FnMut(&State)) {
    let mut rng = rng::seeded(seed);
    let mut state = game.new_game();
    let mut legal = Vec::new();
    loop {
        visit(&state);
        let action = match game.turn(&state) {
            Turn::Over => break,
            Turn::Chance => game.sample_chance(&state, &mut rng),
            Turn::Seat(_) => {
                game.legal_actions(&state, &mut legal);
                legal[rand::Rng::random_range(&mut rng, 0..legal.len())]
            }
        };
        game.apply(&mut state, &action);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn pawns_are_conserved(seed in any::<u64>(), players in 2usize..=4) {
        playout(&game(players), seed, pawns_conserved);
    }

    #[test]
    fn positions_round_trip(seed in any::<u64>(), players in 2usize..=4) {
        let game = game(players);
        playout(&game, seed, |state| {
            let text = game.format_position(state);
            let back = game.parse_position(&text).unwrap();
            assert_eq!(&back, state, "{text}");
        });
    }

    #[test]
    fn games_end_ranked(seed in any::<u64>(), players in 2usize..=4) {
        let game = game(players);
        let mut last = None;
        playout(&game, seed, |state| last = Some(state.clone()));
        let last = last.unwrap();
        prop_assert_eq!(last.phase(), Phase::Over);
        prop_assert_eq!(game.outcome(&last).unwrap().seats(), players);
    }
}

proptest! {
    #[test]
    fn parsers_never_panic(text in "[ -~]{0,40}", pieces in prop::collection::vec(
        prop::sample::select(vec!["rg", "rgb", "r", "g+", "b?", "?", "-", " ", "/", ":", ",",
            "C", "H", "1.3", "2.5", "7.0", "@r", "turn=", "9", "finished=", "r:", "g:"]), 0..16)) {
        let game = game(2);
        let state = game.new_game();
        let _ = game.parse_position(&text);
        let _ = game.parse_action(&state, &text);
        let _ = game.parse_position(&pieces.concat());
    }
}
