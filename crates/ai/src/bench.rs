//! The search signature of every engine, as Stockfish's `bench` gives one: each engine
//! searches a fixed set of positions of its game with a fixed budget, and the total of
//! its nodes is the signature. It depends on the code alone, not on the machine or its
//! load, so a change of the number means the search itself changed; the time taken gives
//! the speed. `trio bench` prints them; a test in `crates/trio` pins the signatures.
//!
//! - Gygès, the alpha-beta engine: four positions searched to depth 3 by fresh engines
//!   ([`GYGES_POSITIONS`]); nodes are every node entered, leaves included.
//! - Triles and Na orbicie, MCTS at level 3 with the game's own evaluator: four positions
//!   each, reached from seeded deals and random plies, searched once with the bot's rng
//!   seeded. An iteration budget fixes the iterations, so the tree's node count seldom
//!   moves; the signature adds the visits of the move chosen at each position, which any
//!   change of selection, rollout or evaluation shifts.

use std::time::{Duration, Instant};

use rand::Rng;
use trio_core::{rng, Bot, Game, Turn};
use trio_gyges::{Position, Variant};
use trio_orbit::Orbit;
use trio_triles::Triles;

use crate::gyges::{GygesEngine, SearchLimit as GygesLimit};
use crate::{orbit_mcts_for_level, triles_mcts_for_level, Evaluator, MctsBot, SearchLimit};

/// Gygès positions with the variant and depth each is searched to.
pub const GYGES_POSITIONS: [(&str, Variant, u32); 4] = [
    (
        "321123/....../....../....../....../123321 S",
        Variant::Seed,
        3,
    ),
    (
        "132231/....../....../....../....../213312 S",
        Variant::Official,
        3,
    ),
    (
        "..3.../.12.3./..1.2./3....2/.1.2../..3..1 S",
        Variant::Seed,
        3,
    ),
    (
        "3..1.2/..2.../.1..3./2...1./..3..1/2..3.. N",
        Variant::Official,
        3,
    ),
];

/// The MCTS level of the Triles and Na orbicie benches.
const MCTS_LEVEL: u8 = 3;

/// Seeds of the deals the MCTS benches search from, and the random plies played after.
const MCTS_SEEDS: [u64; 4] = [1, 2, 3, 4];
const MCTS_RANDOM_PLIES: [usize; 4] = [0, 4, 10, 20];

/// One engine's bench.
#[derive(Clone, Debug, PartialEq)]
pub struct Bench {
    /// `gyges alpha-beta depth 3`.
    pub engine: String,
    pub positions: usize,
    /// Nodes searched in all positions together.
    pub nodes: u64,
    /// The number to compare: the nodes, plus for MCTS the chosen moves' visits.
    pub signature: u64,
    pub time: Duration,
}

impl Bench {
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// Every engine's bench, Gygès first.
pub fn bench_all() -> Vec<Bench> {
    vec![gyges_bench(), triles_bench(), orbit_bench()]
}

/// The alpha-beta engine on [`GYGES_POSITIONS`].
pub fn gyges_bench() -> Bench {
    let start = Instant::now();
    let nodes: u64 = GYGES_POSITIONS
        .iter()
        .map(|&(pos, variant, depth)| gyges_search(pos, variant, depth))
        .sum();
    Bench {
        engine: "gyges alpha-beta, depth 3".to_owned(),
        positions: GYGES_POSITIONS.len(),
        nodes,
        signature: nodes,
        time: start.elapsed(),
    }
}

/// The nodes a fresh engine searches in `pos` to `depth`.
pub fn gyges_search(pos: &str, variant: Variant, depth: u32) -> u64 {
    let pos: Position = pos.parse().expect("a valid bench position");
    GygesEngine::new(variant)
        .search_position(&pos, GygesLimit::depth(depth))
        .map_or(0, |r| r.nodes)
}

pub fn triles_bench() -> Bench {
    mcts_bench(
        &Triles::default(),
        || triles_mcts_for_level(MCTS_LEVEL),
        "triles",
    )
}

pub fn orbit_bench() -> Bench {
    mcts_bench(
        &Orbit::default(),
        || orbit_mcts_for_level(MCTS_LEVEL),
        "orbit",
    )
}

fn mcts_bench<G: Game, E: Evaluator<G>>(
    game: &G,
    make_bot: impl Fn() -> MctsBot<G, E>,
    title: &str,
) -> Bench {
    let positions: Vec<G::State> = MCTS_SEEDS
        .iter()
        .zip(MCTS_RANDOM_PLIES)
        .map(|(&seed, plies)| bench_position(game, seed, plies))
        .collect();
    let mut nodes = 0;
    let mut visits = 0;
    let mut iterations = 0;
    let start = Instant::now();
    for (state, &seed) in positions.iter().zip(&MCTS_SEEDS) {
        let Turn::Seat(seat) = game.turn(state) else {
            panic!("a bench position of {title} is to be played by a seat");
        };
        let mut bot = make_bot();
        if let SearchLimit::Iterations(n) = bot.config().limit {
            iterations = n;
        }
        bot.choose(game, &game.view(state, seat), seat, &mut rng::seeded(seed));
        let report = bot
            .last_search()
            .expect("bench positions have a choice to make");
        nodes += report.nodes as u64;
        visits += u64::from(report.visits);
    }
    Bench {
        engine: format!("{title} MCTS level {MCTS_LEVEL}, {iterations} iterations"),
        positions: positions.len(),
        nodes,
        signature: nodes + visits,
        time: start.elapsed(),
    }
}

/// The state after chance dealt from `seed` and `plies` random decisions, stopped at a
/// seat to move with more than one choice.
fn bench_position<G: Game>(game: &G, seed: u64, plies: usize) -> G::State {
    let mut rng = rng::seeded(seed);
    let mut state = game.new_game();
    let mut played = 0;
    let mut legal = Vec::new();
    loop {
        match game.turn(&state) {
            Turn::Chance => {
                let outcome = game.sample_chance(&state, &mut rng);
                game.apply(&mut state, &outcome);
            }
            Turn::Seat(_) => {
                game.legal_actions(&state, &mut legal);
                if played >= plies && legal.len() > 1 {
                    return state;
                }
                let action = legal[rng.random_range(0..legal.len())].clone();
                game.apply(&mut state, &action);
                played += 1;
            }
            Turn::Over => panic!("a bench game ended before its position"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The signatures of today's engines. A change of search, ordering, evaluation,
    /// rollouts or of a level's settings changes them: if the change is meant, run
    /// `trio bench`, put its numbers here and in docs/ai.md (and docs/gyges-engine.md for
    /// Gygès), and say in the commit why the search changed.
    #[test]
    fn signatures_are_unchanged() {
        assert_eq!(gyges_bench().signature, 213_046, "the Gygès search changed");
        assert_eq!(triles_bench().signature, 4_950, "the Triles search changed");
        assert_eq!(
            orbit_bench().signature,
            1_003,
            "the Na orbicie search changed"
        );
    }

    #[test]
    fn a_bench_repeats_itself() {
        let (a, b) = (orbit_bench(), orbit_bench());
        assert_eq!((a.nodes, a.signature), (b.nodes, b.signature));
        assert_eq!(a.positions, MCTS_SEEDS.len());
    }
}
