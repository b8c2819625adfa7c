//! Complete random 2-player games on the classic board, one core: the throughput of
//! move generation and the turn flow as a rollout-based search would use them.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use trio_core::rng;
use trio_orbit::{Options, Orbit};

#[path = "common/playout.rs"]
mod common;

fn playouts(c: &mut Criterion) {
    let game = Orbit::new(Options::default()).expect("default options");
    let mut rng = rng::seeded(1);
    let mut legal = Vec::with_capacity(64);
    let mut group = c.benchmark_group("orbit");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random_game_2p", |b| {
        b.iter(|| common::playout(&game, &mut rng, &mut legal))
    });
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
