//! Golden playthroughs of Triles, written by the one driver in `trio_core::golden`: seeded
//! games action by action with both seats' views and the spectator's as JSON. Any change
//! of behaviour shows in review; the files double as fixtures for the browser UI. After an
//! intended change, regenerate with `TRIO_BLESS=1 cargo test -p trio-triles --test golden`.

use trio_core::golden;
use trio_triles::{Options, Triles, Variant, Variants};

fn check(name: &str, game: &Triles, seed: u64) -> String {
    let path = format!("{}/tests/golden/{name}.jsonl", env!("CARGO_MANIFEST_DIR"));
    golden::check_playthrough(game, None, seed, usize::MAX, &path)
}

#[test]
fn a_whole_seeded_game_is_unchanged() {
    let text = check("seed7", &Triles::default(), 7);
    assert!(text.lines().last().unwrap().contains("\"result\""));
}

#[test]
fn an_open_hands_game_is_unchanged() {
    let options = Options {
        variants: Variants::default().with(Variant::OpenHands),
        ..Options::default()
    };
    check("open-hands-seed3", &Triles::new(options), 3);
}
