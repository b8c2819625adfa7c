//! Runs every count of `tests/positions.perft` whose node count is within the limit.

use trio_core::perft::perft;
use trio_core::Game;
use trio_triles::Triles;

/// Counts above this are skipped so the suite stays fast.
const NODE_LIMIT: u64 = 20_000;

#[test]
fn perft_counts_match() {
    let game = Triles::default();
    let mut state = None;
    let mut id = String::new();
    let mut checked = 0;
    for line in include_str!("positions.perft").lines().map(str::trim) {
        if let Some(name) = line.strip_prefix("id ") {
            id = name.to_owned();
        } else if let Some(text) = line.strip_prefix("position ") {
            state = Some(
                game.parse_position(text)
                    .unwrap_or_else(|e| panic!("{id}: {e}")),
            );
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').expect("perft <depth> <nodes>");
            let (depth, nodes): (u32, u64) = (depth.parse().unwrap(), nodes.parse().unwrap());
            if nodes > NODE_LIMIT {
                continue;
            }
            let state = state.as_ref().expect("a position before its counts");
            assert_eq!(perft(&game, state, depth), nodes, "{id} perft {depth}");
            checked += 1;
        }
    }
    assert!(checked >= 12, "only {checked} counts checked");
}
