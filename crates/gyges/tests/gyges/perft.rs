//! Runs `start.perft` with `trio_core::perft::check_file`: the fast perft against the
//! file, and at small depths the generic perft through the `Game` trait and the plain
//! generator of `common`.

use crate::common::plain_perft;
use trio_core::perft::{check_file, read_file};
use trio_core::Game;
use trio_gyges::{perft, Gyges, Move, MoveList, Position, Variant};

/// Counts above this many nodes are skipped unless `GYGES_PERFT_NODES` raises it.
const NODE_LIMIT: u64 = 3_000_000;

/// Counts the slow counters check: every depth-2 count of the file (229,218 at most) and
/// no depth-3 one (2,284,560 at least); `slow_counters_check_depths_1_and_2` holds it.
const SLOW_LIMIT: u64 = 300_000;

const FILE: &str = include_str!("../start.perft");

/// The game of a case's `options` line: its variant.
fn game(options: Option<&str>) -> Gyges {
    Gyges::new(options.map_or(Variant::Seed, |v| v.parse().unwrap()))
}

fn fast(game: &Gyges, state: &<Gyges as Game>::State, depth: u32) -> u64 {
    perft(state.position(), game.variant(), depth)
}

#[test]
fn perft_file() {
    let limit = std::env::var("GYGES_PERFT_NODES").map_or(NODE_LIMIT, |v| v.parse().unwrap());
    let checked = check_file(FILE, limit, game, fast);
    assert!(checked >= 34, "only {checked} counts under the node limit");
}

#[test]
fn perft_file_through_the_game_trait() {
    check_file(FILE, SLOW_LIMIT, game, trio_core::perft::perft);
}

#[test]
fn perft_file_by_the_plain_generator() {
    check_file(FILE, SLOW_LIMIT, game, |game, state, depth| {
        plain_perft(state.position(), game.variant(), depth)
    });
}

#[test]
fn slow_counters_check_depths_1_and_2() {
    let cases = read_file(FILE).unwrap();
    let counts = || cases.iter().flat_map(|c| c.counts.iter());
    assert!(counts().all(|&(depth, n)| (depth <= 2) == (n <= SLOW_LIMIT)));
    assert_eq!(counts().filter(|(depth, _)| *depth <= 2).count(), 32);
}

#[test]
fn divide_sums_to_perft() {
    let start: Position = "321123/....../....../....../....../123321 S"
        .parse()
        .unwrap();
    let split = trio_gyges::divide(&start, Variant::Seed, 2);
    assert_eq!(split.len(), 170);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 44842);
}

// Exactly N plies: South's a1 can leave the board (a bounce chain, see
// `rules.rs::bounce_chain_into_a_win`). The win counts at depth 1 and ends its line,
// which then counts 0 at depth 2.
//
//   6  . 3 3 2 2 1
//   5  2 . . . . .
//   4  . . . . 2 3
//   3  . . . . . .
//   2  3 1 1 . . .
//   1  1 . . . . .
//      a b c d e f
#[test]
fn a_line_that_ends_early_counts_0() {
    let pos: Position = ".33221/2...../....23/....../311.../1..... S"
        .parse()
        .unwrap();
    for variant in [Variant::Seed, Variant::Official] {
        let mut list = MoveList::new();
        trio_gyges::generate_moves(&pos, variant, &mut list);
        let goal = Move::Goal {
            from: "a1".parse().unwrap(),
        };
        assert!(list.contains(&goal));
        assert_eq!(perft(&pos, variant, 1), list.len() as u64);
        let won = pos.make_move(goal);
        assert_eq!((perft(&won, variant, 0), perft(&won, variant, 1)), (1, 0));
        let split = trio_gyges::divide(&pos, variant, 2);
        assert_eq!(split.iter().find(|(mv, _)| *mv == goal).unwrap().1, 0);
        let others: u64 = list
            .iter()
            .filter(|&&mv| mv != goal)
            .map(|&mv| perft(&pos.make_move(mv), variant, 1))
            .sum();
        assert_eq!(perft(&pos, variant, 2), others);
        let game = Gyges::new(variant);
        let state = game.parse_position(&pos.to_string()).unwrap();
        assert_eq!(trio_core::perft::perft(&game, &state, 2), others);
    }
}
