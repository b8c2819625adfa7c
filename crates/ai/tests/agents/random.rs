//! The random bot: legal and uniform.

use trio_ai::RandomBot;
use trio_core::{rng, Bot, Game, Seat};

use crate::toys::TicTacToe;

#[test]
fn plays_every_legal_move_about_equally() {
    let game = TicTacToe;
    let view = game.view(&game.new_game(), Seat(0));
    let mut counts = [0usize; 9];
    for seed in 0..900 {
        let cell = RandomBot
            .choose(&game, &view, Seat(0), &mut rng::seeded(seed))
            .unwrap();
        counts[usize::from(cell)] += 1;
    }
    // 100 expected each, standard deviation about 9.4.
    assert!(
        counts.iter().all(|&n| (60..=140).contains(&n)),
        "{counts:?}"
    );
}

#[test]
fn picks_only_free_cells() {
    // x o x
    // x o o
    // . x .      o to move: only 6 and 8 are free
    let game = TicTacToe;
    let board = game.parse_position("xoxxoo.x.").unwrap();
    for seed in 0..50 {
        let cell = RandomBot
            .choose(&game, &board, Seat(1), &mut rng::seeded(seed))
            .unwrap();
        assert!(cell == 6 || cell == 8, "{cell}");
    }
}
