//! Golden playthroughs of Gygès, written by the one driver in `trio_core::golden`: seeded
//! games action by action with both seats' views and the spectator's as JSON. Any change
//! of behaviour shows in review; the files double as fixtures for the browser UI. After an
//! intended change, regenerate with `TRIO_BLESS=1 cargo test -p trio-gyges --test golden`.

use trio_core::golden;
use trio_gyges::{Gyges, Variant};

fn check(name: &str, game: &Gyges, start: Option<&str>, seed: u64, limit: usize) -> String {
    let path = format!("{}/tests/golden/{name}.jsonl", env!("CARGO_MANIFEST_DIR"));
    golden::check_playthrough(game, start, seed, limit, &path)
}

#[test]
fn the_opening_of_a_seeded_game_is_unchanged() {
    check("seed5-opening", &Gyges::new(Variant::Seed), None, 5, 40);
}

#[test]
fn moves_from_the_middle_of_an_official_game_are_unchanged() {
    check(
        "official-middle",
        &Gyges::new(Variant::Official),
        Some("12.212/3..13./1.3.23/....../....../...... N"),
        9,
        30,
    );
}
