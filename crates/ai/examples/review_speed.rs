//! How long a game review takes (docs/review.md, "How long it takes"): games of each kind
//! played by level 2 against level 3 from fixed seeds, each reviewed on this thread by the
//! judge `trio analyse` uses at `--level` (default 3), timed.
//!
//! `cargo run --release -p trio-ai --example review_speed -- [LEVEL] [GAMES]`

use std::time::Instant;

use trio_ai::review::{review, GygesJudge, Judge};
use trio_ai::{gyges_bot_for_level, gyges_level_limit, orbit_bot_for_level, orbit_mcts_for_level};
use trio_ai::{play_game, triles_bot_for_level, triles_mcts_for_level};
use trio_core::{Bot, Game, Turn};

fn timed<G: Game>(
    name: &str,
    game: &G,
    bots: impl Fn() -> Vec<Box<dyn Bot<G>>>,
    judge: &mut dyn Judge<G>,
    games: u64,
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
        let r = review(
            game,
            &game.new_game(),
            &played.actions,
            None,
            judge,
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
    let level: u8 = args.next().map_or(3, |l| l.parse().expect("a level"));
    let games: u64 = args
        .next()
        .map_or(3, |n| n.parse().expect("a number of games"));
    let limit = gyges_level_limit(level.max(2)).expect("levels 2-5 have a budget");
    timed(
        "gyges",
        &trio_gyges::Gyges::default(),
        || vec![gyges_bot_for_level(2), gyges_bot_for_level(3)],
        &mut GygesJudge::new(limit),
        games,
    );
    timed(
        "triles",
        &trio_triles::Triles::default(),
        || vec![triles_bot_for_level(2), triles_bot_for_level(3)],
        &mut triles_mcts_for_level(level),
        games,
    );
    timed(
        "orbit",
        &trio_orbit::Orbit::default(),
        || vec![orbit_bot_for_level(2), orbit_bot_for_level(3)],
        &mut orbit_mcts_for_level(level),
        games,
    );
}
