//! Plays a fixed series of random 2-player games on the classic board, the games of the
//! `playouts` bench, and prints how many turns and actions they took: the workload to
//! profile (`valgrind --tool=callgrind`) and to compare versions on, since a version that
//! keeps the rules plays exactly the same games from the same seed. Time it with the
//! shell's `time` (user CPU time, which the other loads on the machine change less than
//! wall time).
//!
//! `cargo run --release -p trio-orbit --example random_games -- [GAMES] [SEED]`
//! (default 1,000 games, seed 1).

use std::process::ExitCode;

use trio_core::rng;
use trio_orbit::{Options, Orbit};

#[path = "../benches/common/playout.rs"]
mod common;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Ok(games), Ok(seed)) = (
        args.next().map_or(Ok(1_000), |a| a.parse::<u64>()),
        args.next().map_or(Ok(1), |a| a.parse::<u64>()),
    ) else {
        eprintln!("usage: random_games [GAMES] [SEED]");
        return ExitCode::FAILURE;
    };
    let game = Orbit::new(Options::default()).expect("default options");
    let mut rng = rng::seeded(seed);
    let mut legal = Vec::with_capacity(64);
    let (mut turns, mut actions) = (0u64, 0u64);
    for _ in 0..games {
        let (t, a) = common::playout(&game, &mut rng, &mut legal);
        turns += u64::from(t);
        actions += a;
    }
    println!("{games} games, {turns} turns, {actions} actions");
    ExitCode::SUCCESS
}
