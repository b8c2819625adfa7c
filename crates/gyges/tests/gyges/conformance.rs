//! The shared conformance suite of `trio_core` over random games, with Gygès invariants.

use trio_core::conformance::{random_games, Config};
use trio_core::{Game, Turn};
use trio_gyges::{End, Gyges, State, Variant};

/// Piece count by phase, the game ends only as the rules say, and the turn alternates.
fn invariants(game: &Gyges, state: &State) {
    let pos = state.position();
    let pieces = pos.occupied().count_ones();
    match game.end(state) {
        Some(End::Goal { winner }) => {
            assert_eq!(pieces, 11);
            assert_eq!(winner, pos.side_to_move().opponent());
        }
        Some(End::PlyLimit) => assert!(state.plies() >= game.ply_limit()),
        Some(End::Repetition) => assert!(state.occurrences() >= 3),
        Some(End::NoMove { .. }) | None => {
            assert!(pieces == 12 || (pos.is_setup() && (pieces == 0 || pieces == 6)));
        }
    }
    if let Turn::Seat(seat) = game.turn(state) {
        assert_eq!(seat.index(), pos.side_to_move().index());
    }
}

#[test]
fn random_games_seed_variant() {
    let game = Gyges::new(Variant::Seed);
    let config = Config {
        games: 40,
        seed: 11,
        max_plies: 400,
        played_per_state: 4,
    };
    let report = random_games(&game, &config, invariants);
    assert_eq!(report.games, 40);
    assert!(report.wins.iter().sum::<usize>() > 0, "{report:?}");
}

#[test]
fn random_games_official_variant_with_a_short_ply_limit() {
    let game = Gyges::new(Variant::Official).with_ply_limit(30);
    let config = Config {
        games: 40,
        seed: 12,
        max_plies: 40,
        played_per_state: 4,
    };
    let report = random_games(&game, &config, invariants);
    assert_eq!(report.games, 40);
}
