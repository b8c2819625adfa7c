//! Strength levels 1–5 for people to choose from: search budgets in iterations, so a
//! level plays the same on any machine. The table is in `docs/ai.md`.

use std::ops::RangeInclusive;

use trio_core::{Bot, Game};
use trio_gyges::Gyges;

use crate::gyges::{AlphaBetaBot, SearchLimit as GygesLimit};
use crate::{MctsBot, MctsConfig, SearchLimit};

/// The levels [`level_config`] knows.
pub const LEVELS: RangeInclusive<u8> = 1..=5;

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
}
