//! Strength levels 1–5 for people to choose from: search budgets in iterations, so a
//! level plays the same on any machine. The table is in `docs/ai.md`.

use std::ops::RangeInclusive;

use trio_core::{Bot, Game};
use trio_gyges::Gyges;

use crate::gyges::{AlphaBetaBot, SearchLimit as GygesLimit};
use crate::{MctsBot, MctsConfig, SearchLimit};

/// The levels [`level_config`] knows.
pub const LEVELS: RangeInclusive<u8> = 1..=5;

/// The levels a review's judge searches at (`docs/review.md`): the players' levels and a
/// sixth, the top level with [`TOP_JUDGE_FACTOR`] times its search, so that the strongest
/// players too are judged by something stronger than themselves.
pub const JUDGE_LEVELS: RangeInclusive<u8> = 1..=6;

/// How many times the top level's budget judge level 6 searches.
pub const TOP_JUDGE_FACTOR: u64 = 2;
// Judging the top level with its own budget would be no margin at all.
const _: () = assert!(TOP_JUDGE_FACTOR >= 2);

/// The budget of judge `level` (see [`JUDGE_LEVELS`]) from a game's budgets of levels
/// 1–5; levels outside are taken as the nearest one.
pub fn judge_budget(levels: [u64; 5], level: u8) -> u64 {
    match level.clamp(*JUDGE_LEVELS.start(), *JUDGE_LEVELS.end()) {
        6 => levels[4] * TOP_JUDGE_FACTOR,
        level => levels[usize::from(level) - 1],
    }
}

/// The lowest level whose generic MCTS budget ([`level_config`]) is at least
/// `iterations`, or the top level: what a plain MCTS player of that budget is judged as.
pub fn level_for_iterations(iterations: u32) -> u8 {
    LEVEL_ITERATIONS
        .iter()
        .position(|&n| n >= iterations)
        .map_or(*LEVELS.end(), |i| i as u8 + 1)
}

/// Iterations per move of each level: level 1 barely looks past its next move, each
/// further level searches four to six times more.
const LEVEL_ITERATIONS: [u32; 5] = [24, 200, 1_000, 5_000, 25_000];

/// The MCTS settings of a level; levels outside [`LEVELS`] are taken as the nearest one.
pub fn level_config(level: u8) -> MctsConfig {
    let index = usize::from(level.clamp(*LEVELS.start(), *LEVELS.end()) - 1);
    MctsConfig::new(SearchLimit::Iterations(LEVEL_ITERATIONS[index]))
}

/// A bot playing `game` at `level` (see [`level_config`]).
pub fn bot_for_level<G: Game>(level: u8) -> Box<dyn Bot<G>> {
    Box::new(MctsBot::<G>::new(level_config(level)))
}

/// Node budgets of the Gygès alpha-beta engine at levels 2–5 (level 1 is MCTS level 1):
/// each about five to ten times the one below; level 5 takes about a second a move.
const GYGES_LEVEL_NODES: [u64; 4] = [2_000, 20_000, 100_000, 500_000];

/// How many of the setup book's best orders Gygès levels 2–5 draw their setups from:
/// the weaker levels vary, the top level plays the best.
const GYGES_LEVEL_BOOK_TOP: [usize; 4] = [30, 10, 3, 1];

/// The search budget of Gygès level 2–5, or `None` for level 1 (MCTS).
pub fn gyges_level_limit(level: u8) -> Option<GygesLimit> {
    let level = level.clamp(*LEVELS.start(), *LEVELS.end());
    (level > 1).then(|| GygesLimit::nodes(GYGES_LEVEL_NODES[usize::from(level) - 2]))
}

/// The search budget of Gygès judge `level` (1–6, [`JUDGE_LEVELS`]): the engine at that
/// level's nodes, level 1 (whose bot is MCTS) at level 2's.
pub fn gyges_judge_limit(level: u8) -> GygesLimit {
    let mut nodes = [0; 5];
    nodes[1..].copy_from_slice(&GYGES_LEVEL_NODES);
    GygesLimit::nodes(judge_budget(nodes, level.max(2)))
}

/// A Gygès bot at `level`: the alpha-beta engine from level 2 up, whose sure tactics
/// would be too much for a beginner at level 1, setting up from the setup book.
pub fn gyges_bot_for_level(level: u8) -> Box<dyn Bot<Gyges>> {
    match gyges_level_limit(level) {
        Some(limit) => {
            let top = GYGES_LEVEL_BOOK_TOP[usize::from(level.clamp(2, *LEVELS.end())) - 2];
            Box::new(AlphaBetaBot::new(limit).with_setup_book(top))
        }
        None => bot_for_level(level),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_and_clamp() {
        let budget = |level| match level_config(level).limit {
            SearchLimit::Iterations(n) => n,
            SearchLimit::Time(_) => panic!("levels are counted in iterations"),
        };
        assert!(LEVELS
            .clone()
            .zip(LEVELS.clone().skip(1))
            .all(|(a, b)| budget(a) < budget(b)));
        assert_eq!(budget(0), budget(1));
        assert_eq!(budget(9), budget(5));
    }

    #[test]
    fn gyges_levels_use_the_engine_from_level_two() {
        assert_eq!(gyges_bot_for_level(1).name(), "mcts:24");
        assert_eq!(gyges_bot_for_level(2).name(), "alphabeta:2000n");
        assert_eq!(gyges_bot_for_level(5).name(), "alphabeta:500000n");
        let nodes = |l| gyges_level_limit(l).and_then(|limit| limit.nodes).unwrap();
        assert!((2..5).all(|l| nodes(l) < nodes(l + 1)));
    }

    #[test]
    fn the_top_judge_searches_more_than_the_top_level() {
        let judge = |l| gyges_judge_limit(l).nodes.unwrap();
        assert_eq!(judge(1), judge(2));
        assert_eq!(Some(judge(5)), gyges_level_limit(5).and_then(|l| l.nodes));
        assert_eq!(judge(6), TOP_JUDGE_FACTOR * judge(5));
        assert_eq!(judge_budget([1, 2, 3, 4, 5], 3), 3);
        assert_eq!(judge_budget([1, 2, 3, 4, 5], 9), 5 * TOP_JUDGE_FACTOR);
        assert_eq!(level_for_iterations(1), 1);
        assert_eq!(level_for_iterations(1_000), 3);
        assert_eq!(level_for_iterations(1_001), 4);
        assert_eq!(level_for_iterations(10_000_000), 5);
    }
}
