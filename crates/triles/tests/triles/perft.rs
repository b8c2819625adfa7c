//! Runs every count of `tests/positions.perft` (the format of `trio_core::perft`) whose
//! node count is within the limit. `print_counts` (ignored) prints each case's counts as
//! this engine finds them, for new cases:
//! `cargo test -p trio-triles --test perft -- --ignored --nocapture`.

use trio_core::perft::{check_file, perft, read_file};
use trio_core::Game;
use trio_triles::{Options, Triles, Variant, Variants};

/// Counts above this are skipped so the suite stays fast.
const NODE_LIMIT: u64 = 20_000;

const FILE: &str = include_str!("../positions.perft");

/// The game of an `options` line: variant names separated by spaces.
fn game(options: Option<&str>) -> Triles {
    let variants = options
        .unwrap_or("")
        .split_whitespace()
        .map(|name| name.parse::<Variant>().unwrap_or_else(|e| panic!("{e}")))
        .fold(Variants::default(), Variants::with);
    Triles::new(Options {
        variants,
        ..Options::default()
    })
}

#[test]
fn perft_counts_match() {
    let checked = check_file(FILE, NODE_LIMIT, game, perft);
    assert!(checked >= 15, "only {checked} counts checked");
}

#[test]
#[ignore = "prints counts for new cases"]
fn print_counts() {
    for case in read_file(FILE).unwrap() {
        let g = game(case.options.as_deref());
        let state = g.parse_position(&case.position).unwrap();
        for depth in 1..=4 {
            println!("{} perft {depth} {}", case.id, perft(&g, &state, depth));
        }
    }
}
