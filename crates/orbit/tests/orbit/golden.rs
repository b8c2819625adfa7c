//! Golden playthroughs of Na orbicie, written by the one driver in `trio_core::golden`:
//! seeded games action by action with every seat's view and the spectator's as JSON. Any
//! change of behaviour shows in review; the files double as fixtures for the browser UI.
//! After an intended change, regenerate with
//! `TRIO_BLESS=1 cargo test -p trio-orbit --test golden`.

use trio_core::golden;
use trio_orbit::{Options, Orbit};

fn check(name: &str, game: &Orbit, start: Option<&str>, seed: u64, limit: usize) -> String {
    let path = format!("{}/tests/golden/{name}.jsonl", env!("CARGO_MANIFEST_DIR"));
    golden::check_playthrough(game, start, seed, limit, &path)
}

#[test]
fn the_opening_of_a_three_player_game_is_unchanged() {
    let game = Orbit::new(Options {
        players: 3,
        ..Options::default()
    })
    .unwrap();
    check("three-players-seed4-opening", &game, None, 4, 40);
}

#[test]
fn a_race_to_the_end_is_unchanged() {
    let text = check(
        "endgame-seed2",
        &Orbit::default(),
        Some("rg r r:5.1,6.2,H,H/g:4.3,6.5,H,H -"),
        2,
        usize::MAX,
    );
    assert!(text.lines().last().unwrap().contains("\"result\""));
}
