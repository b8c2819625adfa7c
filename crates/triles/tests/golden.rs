//! A golden playthrough: a seeded random game written out (each position, the number of
//! legal actions or chance outcomes, the action taken) and compared with
//! `tests/golden/seed7.txt`, so any change of behaviour shows in review. After an
//! intended change, regenerate with `TRILES_BLESS=1 cargo test -p trio-triles --test golden`.

use std::fmt::Write;

use rand::seq::IndexedRandom;
use trio_core::{rng, Game, Turn};
use trio_triles::Triles;

fn playthrough(game: &Triles, seed: u64) -> String {
    let mut rng = rng::seeded(seed);
    let mut state = game.new_game();
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    let mut out = String::new();
    loop {
        writeln!(out, "{}", game.format_position(&state)).unwrap();
        let action = match game.turn(&state) {
            Turn::Over => {
                writeln!(out, "outcome {:?}", game.outcome(&state).unwrap().ranks()).unwrap();
                return out;
            }
            Turn::Chance => {
                game.chance_outcomes(&state, &mut chance);
                write!(out, "  chance {} outcomes", chance.len()).unwrap();
                game.sample_chance(&state, &mut rng)
            }
            Turn::Seat(seat) => {
                game.legal_actions(&state, &mut legal);
                write!(out, "  {seat} {} legal", legal.len()).unwrap();
                *legal.choose(&mut rng).unwrap()
            }
        };
        writeln!(out, ": {}", game.format_action(&state, &action)).unwrap();
        game.apply(&mut state, &action);
    }
}

#[test]
fn seeded_game_matches_the_golden_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/seed7.txt");
    let text = playthrough(&Triles::default(), 7);
    if std::env::var_os("TRILES_BLESS").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let golden = std::fs::read_to_string(path).unwrap();
    assert!(
        golden == text,
        "the seed-7 game changed; diff against {path}:\n{text}"
    );
}
