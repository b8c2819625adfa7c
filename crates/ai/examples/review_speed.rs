//! How long a game review takes (docs/review.md, "How long it takes"): games of each kind
//! played by level 2 against level 3 from fixed seeds, each reviewed on `THREADS` threads
//! by the judge `trio analyse` uses at `--level LEVEL` (default 6, the judge of people and
//! of the top level), timed.
//!
//! `cargo run --release -p trio-ai --example review_speed -- [LEVEL] [GAMES] [THREADS]`

use std::time::Instant;

use trio_ai::review::{review_on, GygesJudge, Judge};
use trio_ai::{gyges_bot_for_level, gyges_judge_limit, orbit_bot_for_level, orbit_judge};
use trio_ai::{play_game, triles_bot_for_level, triles_judge};
use trio_core::{Bot, Game, Turn};

fn timed<G: Game>(
    name: &str,
    game: &G,
    bots: impl Fn() -> Vec<Box<dyn Bot<G>>>,
    judge: &mut dyn Judge<G>,
    games: u64,
    threads: usize,
) {
    for seed in 0..games {
        let played = play_game(game, bots(), seed).expect("a game");
        let mut state = game.new_game();
        let mut decisions = 0;
        for a in &played.actions {
            if matches!(game.turn(&state), Turn::Seat(_)) {
                decisions += 1;
            }
            game.apply(&mut state, a);
        }
        let started = Instant::now();
        let r = review_on(
            game,
            &game.new_game(),
            &played.actions,
            None,
            judge,
            threads,
            &mut |_, _| {},
        );
        let took = started.elapsed().as_secs_f64();
        println!(
            "{name} seed {seed}: {} actions, {decisions} decisions, {:.2} s ({:.3} s a decision)",
            r.steps.len(),
            took,
            took / f64::from(decisions.max(1))
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let level: u8 = args.next().map_or(6, |l| l.parse().expect("a level"));
    let games: u64 = args
        .next()
        .map_or(3, |n| n.parse().expect("a number of games"));
    let threads: usize = args
        .next()
        .map_or(2, |n| n.parse().expect("a number of threads"));
    timed(
        "gyges",
        &trio_gyges::Gyges::default(),
        || vec![gyges_bot_for_level(2), gyges_bot_for_level(3)],
        &mut GygesJudge::new(gyges_judge_limit(level)),
        games,
        threads,
    );
    timed(
        "triles",
        &trio_triles::Triles::default(),
        || vec![triles_bot_for_level(2), triles_bot_for_level(3)],
        &mut triles_judge(level),
        games,
        threads,
    );
    timed(
        "orbit",
        &trio_orbit::Orbit::default(),
        || vec![orbit_bot_for_level(2), orbit_bot_for_level(3)],
        &mut orbit_judge(level),
        games,
        threads,
    );
}
