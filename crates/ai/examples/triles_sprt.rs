//! Paired Triles matches with an SPRT between search settings `trio match` cannot name
//! (docs/ai.md, "Triles"): the same paired schedule, pentanomial tally and [`Sprt`] as
//! `trio match --sprt`, with agents written
//!
//! - `triles:N`: the Triles levels' bot ([`TrilesBot`]: Triles rollouts, the opponent's
//!   hand inferred from its plays) with N iterations a move; `triles:N:K` with each
//!   rollout placement the best of K drawn ([`TrilesRollout::candidates`], 1: uniform);
//! - `uniform:N` (or `uniform:N:K`): the same search with the opponent's hand drawn
//!   uniformly from the unseen tiles ([`Game::determinize`]), as before the inference;
//! - `plain:N`: plain MCTS, uniformly random rollouts (`trio match`'s `mcts:N`).
//!
//! Start `k` is a new game seeded `sub_seed(SEED, k)`, played twice with the seats
//! swapped. Progress goes to standard error every 10 pairs, the result to standard output.
//!
//! `cargo run --release -p trio-ai --example triles_sprt -- A B ELO0 ELO1 [SEED] [PAIRS] [THREADS]`
//!
//! With `opening AGENT [DEALS]` it plays instead AGENT's first move in the new games of
//! seeds 1, 2, … (4 by default) and prints each move and its visits: run under
//! `/usr/bin/time`, the user time divided by the deals is the CPU time of an opening move.

use std::sync::atomic::{AtomicUsize, Ordering};

use trio_ai::{
    paired_schedule, run_schedule, MctsBot, MctsConfig, Pentanomial, SearchLimit, Sprt,
    SprtVerdict, TrilesBot, TrilesRollout,
};
use trio_core::{rng, Bot, Game, Turn};
use trio_triles::Triles;

fn agent(spec: &str) -> Box<dyn Bot<Triles>> {
    let mut parts = spec.split(':');
    let kind = parts.next().unwrap_or_default();
    let number =
        |text: Option<&str>, default| text.map_or(default, |n| n.parse().expect("a number"));
    let n = number(parts.next(), 1_000);
    let candidates = number(parts.next(), TrilesRollout::CANDIDATES as u32);
    let config = MctsConfig::new(SearchLimit::Iterations(n));
    let triles = || {
        let mut rollout = TrilesRollout::default();
        rollout.candidates = candidates as usize;
        MctsBot::with_evaluator(config, rollout)
    };
    match kind {
        "triles" => Box::new(TrilesBot::new(triles())),
        "uniform" => Box::new(triles()),
        "plain" => Box::new(MctsBot::<Triles>::new(config)),
        _ => panic!("unknown agent kind {kind:?} (triles, uniform or plain)"),
    }
}

/// AGENT's first move in each of `deals` new games.
fn openings(spec: &str, deals: u64) {
    let game = Triles::default();
    for seed in 1..=deals {
        let mut rng = rng::seeded(seed);
        let mut state = game.new_game();
        while game.turn(&state) == Turn::Chance {
            let outcome = game.sample_chance(&state, &mut rng);
            game.apply(&mut state, &outcome);
        }
        let Turn::Seat(seat) = game.turn(&state) else {
            panic!("a dealt game is to be played by a seat");
        };
        let mut bot = agent(spec);
        let action = bot
            .choose(&game, &game.view(&state, seat), seat, &mut rng)
            .expect("a move");
        println!("seed {seed}: {}", game.format_action(&state, &action));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("opening") {
        let agent = args.get(1).map_or("triles:40000", String::as_str);
        openings(agent, args.get(2).map_or(4, |d| d.parse().expect("DEALS")));
        return;
    }
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let (a, b) = (arg(0, "triles:1000"), arg(1, "plain:1000"));
    let sprt = Sprt {
        elo0: arg(2, "0").parse().expect("ELO0"),
        elo1: arg(3, "20").parse().expect("ELO1"),
        alpha: 0.05,
        beta: 0.05,
    };
    let seed: u64 = arg(4, "1").parse().expect("SEED");
    let pairs: usize = arg(5, "2000").parse().expect("PAIRS");
    let threads: usize = arg(6, "1").parse().expect("THREADS");
    // Fail on a bad agent before any game.
    agent(&a);
    agent(&b);
    let game = Triles::default();
    let starts: Vec<(u64, Option<_>)> = (0..pairs as u64)
        .map(|k| (rng::sub_seed(seed, k), None))
        .collect();
    let schedule = paired_schedule(&starts, 2);
    let shown = AtomicUsize::new(0);
    let summary = run_schedule(
        &game,
        || vec![agent(&a), agent(&b)],
        &schedule,
        threads,
        |_, _, _| {},
        |scores| {
            let tally = Pentanomial::from_games(scores);
            let verdict = sprt.verdict(&tally);
            if tally.pairs() >= shown.load(Ordering::Relaxed) + 10 {
                shown.store(tally.pairs(), Ordering::Relaxed);
                let interval = tally.interval(trio_ai::Z_95);
                eprintln!(
                    "{} pairs {:?}, score {:.3} [{:.3}, {:.3}], LLR {:.2}",
                    tally.pairs(),
                    tally.counts,
                    tally.score(),
                    interval.low,
                    interval.high,
                    sprt.llr(&tally)
                );
            }
            scores.len() % 2 == 0 && verdict != SprtVerdict::Continue
        },
    )
    .expect("the games play");
    let tally = summary.pentanomial();
    let interval = tally.interval(trio_ai::Z_95);
    let (lower, upper) = sprt.bounds();
    println!(
        "A = {a}, B = {b}, seed {seed}: {} pairs scoring 0, ½, 1, 1½, 2 for A: {:?}; A's score {:.3} [{:.3}, {:.3}]",
        tally.pairs(),
        tally.counts,
        tally.score(),
        interval.low,
        interval.high
    );
    println!(
        "SPRT elo0 {}, elo1 {}: LLR {:.2} ({lower:.2}, {upper:.2}), {:?}",
        sprt.elo0,
        sprt.elo1,
        sprt.llr(&tally),
        sprt.verdict(&tally)
    );
}
