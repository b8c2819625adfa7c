//! Runs `start.perft`: the fast perft against the file, and at small depths against the
//! plain generator and against `trio_core::perft` through the `Game` trait.

mod common;

use common::{plain_perft, read_perft_file};
use trio_core::Game;
use trio_gyges::{perft, Gyges};

/// Counts above this many nodes are skipped unless `GYGES_PERFT_NODES` raises it.
const NODE_LIMIT: u64 = 3_000_000;

#[test]
fn perft_file() {
    let limit = std::env::var("GYGES_PERFT_NODES").map_or(NODE_LIMIT, |v| v.parse().unwrap());
    let cases = read_perft_file(include_str!("start.perft"));
    assert!(cases.len() >= 10);
    let mut checked = 0;
    for case in &cases {
        let game = Gyges::new(case.variant);
        let state = game.parse_position(&case.position.to_string()).unwrap();
        for &(depth, nodes) in &case.counts {
            if nodes > limit {
                continue;
            }
            let id = &case.id;
            assert_eq!(
                perft(&case.position, case.variant, depth),
                nodes,
                "{id} depth {depth}"
            );
            if depth <= 2 {
                let by_trait = trio_core::perft::perft(&game, &state, depth);
                assert_eq!(by_trait, nodes, "{id} depth {depth} through the Game trait");
                let plain = plain_perft(&case.position, case.variant, depth);
                assert_eq!(plain, nodes, "{id} depth {depth} by the plain generator");
            }
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} counts under the node limit");
}

#[test]
fn divide_sums_to_perft() {
    let cases = read_perft_file(include_str!("start.perft"));
    let start = cases.iter().find(|c| c.id == "start").unwrap();
    let split = trio_gyges::divide(&start.position, start.variant, 2);
    assert_eq!(split.len(), 170);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 44842);
}
