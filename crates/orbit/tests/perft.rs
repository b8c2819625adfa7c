//! Runs every `*.perft` file in this folder: each `position` line is followed by
//! `perft <depth> <count>` lines, checked with `trio_core::perft` (a chance outcome
//! counts as a ply, like a decision). Positions of any player count, classic board.

use trio_core::perft::perft;
use trio_core::Game;
use trio_orbit::Orbit;

#[test]
fn perft_files() {
    let game = Orbit::default();
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("perft") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut state = None;
        for line in text.lines().map(str::trim) {
            if let Some(position) = line.strip_prefix("position ") {
                state = Some(game.parse_position(position).unwrap());
            } else if let Some(rest) = line.strip_prefix("perft ") {
                let (depth, count) = rest.split_once(' ').unwrap();
                let state = state.as_ref().expect("a position before its counts");
                let found = perft(&game, state, depth.parse().unwrap());
                assert_eq!(
                    found,
                    count.parse::<u64>().unwrap(),
                    "{}: {line}",
                    path.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 0);
}
