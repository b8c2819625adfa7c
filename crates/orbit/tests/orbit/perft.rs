//! Runs every `*.perft` file in this folder with `trio_core::perft::check_file` (format
//! in that module's docs): positions of any player count on the classic board, and an
//! `options` line `turn_limit=N` for a game stopped after N turns.

use trio_core::perft::{check_file, perft};
use trio_orbit::{Options, Orbit};

/// The most nodes a count may have to be checked here: all of them, today.
const NODE_LIMIT: u64 = 1_000_000;

fn game(options: Option<&str>) -> Orbit {
    let mut built = Options::default();
    for option in options.unwrap_or("").split_whitespace() {
        match option.split_once('=') {
            Some(("turn_limit", n)) => built.turn_limit = n.parse().expect("a turn limit"),
            _ => panic!("unknown perft option {option:?}"),
        }
    }
    Orbit::new(built).expect("valid options")
}

#[test]
fn perft_files() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("perft") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        checked += check_file(&text, NODE_LIMIT, game, perft);
    }
    assert_eq!(checked, 27);
}
