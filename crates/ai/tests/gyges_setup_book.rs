//! Is the setup book worth having? Run by hand (ignored in CI): the engine setting up from
//! the book (its `BOOK_TOP` best orders) against the same engine setting up without it
//! (South at random, North by a shallow search), official variant, `BOOK_NODES` a move,
//! each seed played twice with the seats swapped, until an SPRT of `BOOK_ELO0,BOOK_ELO1`
//! (α = β = 0.05) decides. Results: `docs/gyges-engine.md`.
//!
//! ```text
//! BOOK_NODES=500000 BOOK_TOP=1 BOOK_ELO0=0 BOOK_ELO1=20 BOOK_THREADS=1 \
//!   cargo test --release -p trio-ai --test gyges_setup_book -- --ignored --nocapture
//! ```

use trio_ai::gyges::SearchLimit;
use trio_ai::{paired_schedule, run_schedule, AlphaBetaBot, Pentanomial, Sprt, SprtVerdict, Z_95};
use trio_core::{rng, Bot};
use trio_gyges::{Gyges, Variant};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore = "a long match, run by hand"]
fn the_setup_book_against_none() {
    let nodes: u64 = env("BOOK_NODES", 500_000);
    let top: usize = env("BOOK_TOP", 1);
    let seed: u64 = env("BOOK_SEED", 2026);
    let threads: usize = env("BOOK_THREADS", 1);
    let max_pairs: usize = env("BOOK_PAIRS", 2000);
    let sprt = Sprt {
        elo0: env("BOOK_ELO0", 0.0),
        elo1: env("BOOK_ELO1", 20.0),
        alpha: 0.05,
        beta: 0.05,
    };
    let game = Gyges::new(Variant::Official);
    let starts: Vec<(u64, Option<trio_gyges::State>)> = (0..max_pairs)
        .map(|k| (rng::sub_seed(seed, k as u64), None))
        .collect();
    let schedule = paired_schedule(&starts, 2);
    let limit = SearchLimit::nodes(nodes);
    let summary = run_schedule(
        &game,
        || -> Vec<Box<dyn Bot<Gyges>>> {
            vec![
                Box::new(AlphaBetaBot::new(limit).with_setup_book(top)),
                Box::new(AlphaBetaBot::new(limit)),
            ]
        },
        &schedule,
        threads,
        |done, index, record| {
            println!(
                "game {index} ({done} done): {:?} {:?}",
                record.notation.get(..2),
                record.outcome
            )
        },
        |scores| {
            if scores.len() % 2 != 0 {
                return false;
            }
            let tally = Pentanomial::from_games(scores);
            let verdict = sprt.verdict(&tally);
            println!(
                "{} pairs {:?}: LLR {:.2} {:?}",
                tally.pairs(),
                tally.counts,
                sprt.llr(&tally),
                verdict
            );
            verdict != SprtVerdict::Continue
        },
    )
    .expect("the engine plays legal moves");
    let tally = summary.pentanomial();
    let i = tally.interval(Z_95);
    println!(
        "book top {top} against none, {nodes} nodes a move: pairs {:?}, score {:.3} [{:.3}, {:.3}], LLR {:.2} ({:?}, bounds {:?})",
        tally.counts,
        tally.score(),
        i.low,
        i.high,
        sprt.llr(&tally),
        sprt.verdict(&tally),
        sprt.bounds()
    );
}
