//! Complete random 2-player games on the classic board, one core: the throughput of
//! move generation and the turn flow as a rollout-based search would use them.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::Rng;
use trio_core::{rng, Game, Turn};
use trio_orbit::{Action, Options, Orbit};

/// Plays one random game (uniform among legal actions, fair die) and returns its turns.
fn playout(game: &Orbit, rng: &mut rng::GameRng, legal: &mut Vec<Action>) -> u32 {
    let mut state = game.new_game();
    loop {
        let action = match game.turn(&state) {
            Turn::Over => return state.turns(),
            Turn::Chance => match state.phase() {
                trio_orbit::Phase::Die => Action::Die(rng.random_range(1..=6)),
                _ => game.sample_chance(&state, rng),
            },
            Turn::Seat(_) => {
                game.legal_actions(&state, legal);
                legal[rng.random_range(0..legal.len())]
            }
        };
        game.apply(&mut state, &action);
    }
}

fn playouts(c: &mut Criterion) {
    let game = Orbit::new(Options::default()).expect("default options");
    let mut rng = rng::seeded(1);
    let mut legal = Vec::with_capacity(64);
    let mut group = c.benchmark_group("orbit");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_game_2p", |b| {
        b.iter(|| playout(&game, &mut rng, &mut legal))
    });
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
