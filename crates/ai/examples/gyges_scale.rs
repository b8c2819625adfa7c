//! Fits the curve that turns the Gygès engine's score into an expected score for game
//! review (`GygesJudge::SCALE`, docs/review.md): self-play games of the level-3 engine
//! from setups drawn by seed, every position after the setups scored as the review's
//! judge scores it (20 000 nodes, a fresh table), and the scale of the logistic curve 1 / (1 + e^(-s / scale)) chosen to make the
//! games' results likeliest. Prints the fit, its log-likelihood per position next to a few
//! other scales, and the share of positions already decided by force.
//!
//! `cargo run --release -p trio-ai --example gyges_scale -- [GAMES]` (default 60).

use trio_ai::gyges::{plies_to_end, SearchLimit};
use trio_ai::{gyges_bot_for_level, play_game_from};
use trio_core::{rng, Game, Turn};
use trio_gyges::{Gyges, Move, SetupOrder};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map_or(60, |n| n.parse().expect("a number of games"));
    let game = Gyges::default();
    // (score of the side to move, its result) for every undecided position.
    let mut samples: Vec<(f64, f64)> = Vec::new();
    let mut decided = 0usize;
    for seed in 0..games {
        let mut draw = rng::seeded(seed);
        let mut start = game.new_game();
        while start.position().is_setup() {
            game.apply(&mut start, &Move::Setup(SetupOrder::random(&mut draw)));
        }
        let bots = vec![gyges_bot_for_level(3), gyges_bot_for_level(3)];
        let played = play_game_from(&game, bots, seed, start.clone()).expect("a game");
        let mut state = start;
        for action in &played.actions {
            if let Turn::Seat(mover) = game.turn(&state) {
                let mut engine = trio_ai::GygesEngine::new(game.variant());
                if let Some(result) = engine.search(&game, &state, SearchLimit::nodes(20_000)) {
                    if plies_to_end(result.score).is_some() {
                        decided += 1;
                    } else {
                        samples.push((f64::from(result.score), played.outcome.score(mover)));
                    }
                }
            }
            game.apply(&mut state, action);
        }
    }
    let likelihood = |scale: f64| {
        samples
            .iter()
            .map(|&(s, r)| {
                let p = (1.0 / (1.0 + (-s / scale).exp())).clamp(1e-9, 1.0 - 1e-9);
                r * p.ln() + (1.0 - r) * (1.0 - p).ln()
            })
            .sum::<f64>()
            / samples.len() as f64
    };
    let best = (1..=400)
        .map(|k| f64::from(k) * 5.0)
        .max_by(|a, b| likelihood(*a).total_cmp(&likelihood(*b)))
        .expect("scales to try");
    println!(
        "{games} games, {} undecided positions, {decided} decided by force",
        samples.len()
    );
    println!(
        "best scale {best}: log-likelihood {:.4} per position",
        likelihood(best)
    );
    for scale in [20.0, 40.0, 60.0, 100.0, 250.0] {
        println!("  scale {scale}: {:.4}", likelihood(scale));
    }
}
