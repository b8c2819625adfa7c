//! Strength levels 1–5 for people to choose from: search budgets in iterations, so a
//! level plays the same on any machine. The table is in `docs/ai.md`.

use std::ops::RangeInclusive;

use trio_core::{Bot, Game};

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
}
