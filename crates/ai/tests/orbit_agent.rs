//! The Na orbicie agent in whole games: its levels beat random play with 2, 3 and 4
//! players, and the search never plays an illegal action (the match runner checks).
//! Also the self-play harness its settings were chosen with, run by hand (ignored):
//!
//! ```text
//! TUNE_A=400:24:0.2:4:0.2:30:0.002:0.5:2:0.5 TUNE_B=400:24:0.2:4:0.2:30:0:0.5:2:0.5 TUNE_GAMES=60 \
//!   cargo test --release -p trio-ai --test orbit_agent -- --ignored --nocapture
//! ```
//!
//! An agent is `iterations:rollout_plies:rollout_noise:scale:lead_weight:lead_scale:decay:tempo:
//! entry_cost:C`, or
//! `level:N`, or `random`; `TUNE_B` fills every seat but the first (`TUNE_PLAYERS`).

use std::time::Instant;

use trio_ai::{
    orbit_bot_for_level, run_match, MatchSummary, MctsBot, MctsConfig, OrbitEvaluator, OrbitParams,
    RandomBot, SearchLimit,
};
use trio_core::Bot;
use trio_orbit::{Options, Orbit};

fn game(players: usize) -> Orbit {
    Orbit::new(Options {
        players,
        ..Options::default()
    })
    .unwrap()
}

/// `a` in the first seat, `b` in every other, seats rotating, four games.
fn four_games(
    players: usize,
    a: fn() -> Box<dyn Bot<Orbit>>,
    b: fn() -> Box<dyn Bot<Orbit>>,
) -> MatchSummary {
    run_match(
        &game(players),
        || {
            let mut bots = vec![a()];
            bots.extend((1..players).map(|_| b()));
            bots
        },
        4,
        3,
        1,
        |_, _, _| {},
    )
    .unwrap()
}

#[test]
fn level_two_beats_random_with_any_number_of_players() {
    for players in 2..=4 {
        let summary = four_games(players, || orbit_bot_for_level(2), || Box::new(RandomBot));
        // Random play wanders back and forth; level 2 is first every time.
        assert_eq!(summary.agents[0].wins, 4, "{players} players:\n{summary}");
    }
}

#[test]
fn level_three_beats_level_one() {
    let summary = four_games(2, || orbit_bot_for_level(3), || orbit_bot_for_level(1));
    assert!(summary.agents[0].wins >= 3, "{summary}");
}

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn agent(spec: &str) -> Box<dyn Bot<Orbit>> {
    if spec == "random" {
        return Box::new(RandomBot);
    }
    if let Some(level) = spec.strip_prefix("level:") {
        return orbit_bot_for_level(level.parse().expect("a level"));
    }
    let v: Vec<f64> = spec
        .split(':')
        .map(|x| x.parse().expect("a number"))
        .collect();
    let [iterations, plies, noise, scale, lead_weight, lead_scale, decay, tempo, entry_cost, c] =
        v[..]
    else {
        panic!("{spec:?}: expected 10 numbers separated by ':'");
    };
    let config = MctsConfig {
        exploration: c,
        ..MctsConfig::new(SearchLimit::Iterations(iterations as u32))
    };
    let params = OrbitParams {
        rollout_plies: plies as usize,
        rollout_noise: noise,
        scale,
        lead_weight,
        lead_scale,
        decay,
        tempo,
        entry_cost,
    };
    Box::new(MctsBot::with_evaluator(config, OrbitEvaluator::new(params)))
}

#[test]
#[ignore = "self-play for tuning, run by hand"]
fn tune() {
    let a = std::env::var("TUNE_A").expect("TUNE_A names the first agent");
    let b = std::env::var("TUNE_B").expect("TUNE_B names the other agents");
    let players = env("TUNE_PLAYERS", 2);
    let start = Instant::now();
    let summary = run_match(
        &game(players),
        || {
            let mut bots = vec![agent(&a)];
            bots.extend((1..players).map(|_| agent(&b)));
            bots
        },
        env("TUNE_GAMES", 40),
        env("TUNE_SEED", 1),
        1,
        |_, _, _| {},
    )
    .unwrap();
    println!(
        "A = {a}, B = {b}, {players} players\n{summary}\n{:.1} s",
        start.elapsed().as_secs_f64()
    );
}
