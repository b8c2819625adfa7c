//! Helpers shared by the Triles tests: positions written with the pool worked out, and
//! actions played through the checked path.

// Each test crate uses a part of these.

use trio_core::Game;
use trio_triles::{notation, State, Tiles, Triles};

/// A position string from the board, the hands and the last field; the pool holds the
/// rest of the set.
pub fn position(game: &Triles, board: &str, black: &str, white: &str, tail: &str) -> String {
    let set = game.tile_set();
    let mut pool = Tiles::full(set);
    for p in board.split_whitespace() {
        assert!(
            pool.remove(notation::parse_placement(set, p).unwrap().tile),
            "{p}"
        );
    }
    for hand in [black, white] {
        for (t, n) in notation::parse_tiles(set, hand).unwrap().iter() {
            for _ in 0..n {
                assert!(pool.remove(t), "too many {}", set.name(t));
            }
        }
    }
    format!(
        "{board} | B:{black} | W:{white} | pool:{} | {tail}",
        notation::format_tiles(set, &pool)
    )
}

pub fn state(game: &Triles, board: &str, black: &str, white: &str, tail: &str) -> State {
    let text = position(game, board, black, white, tail);
    game.parse_position(&text)
        .unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Plays `action` through the checked path, panicking with the reason if refused.
pub fn play(game: &Triles, state: &mut State, action: &str) {
    let a = game
        .parse_action(state, action)
        .unwrap_or_else(|e| panic!("{action}: {e}"));
    game.play(state, &a)
        .unwrap_or_else(|e| panic!("{e} in {}", game.format_position(state)));
}

/// The legal actions, written.
pub fn legal(game: &Triles, state: &State) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(state, &mut out);
    out.iter().map(|a| game.format_action(state, a)).collect()
}

/// The part of the position string after the pool.
pub fn tail(game: &Triles, state: &State) -> String {
    let text = game.format_position(state);
    text.rsplit(" | ").next().unwrap().to_owned()
}
