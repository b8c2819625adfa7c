//! Gygès engine speed, and its search signature ([`trio_ai::bench::gyges_bench`], also
//! printed by `trio bench`): a fixed-depth search of a few positions from a fresh engine,
//! whose total node count is printed first.

use criterion::{criterion_group, criterion_main, Criterion};
use trio_ai::bench::{gyges_bench, gyges_search, GYGES_POSITIONS};

fn benches(c: &mut Criterion) {
    let bench = gyges_bench();
    println!(
        "gyges search signature: {} nodes ({:.0} nodes/s)",
        bench.signature,
        bench.nodes_per_second()
    );
    // Timed one ply shallower than the signature, so that a sample takes milliseconds.
    for (i, &(p, v, d)) in GYGES_POSITIONS.iter().enumerate() {
        let d = d - 1;
        c.bench_function(&format!("gyges search {i} d{d}"), |b| {
            b.iter(|| gyges_search(p, v, d))
        });
    }
}

criterion_group!(gyges, benches);
criterion_main!(gyges);
