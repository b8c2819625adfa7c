//! Gygès engine speed, and its search signature: a fixed-depth search of a few positions
//! from a fresh engine, whose total node count is printed first. The count depends on the
//! code alone (not the machine), so a change to it means the search itself changed.

use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use trio_ai::gyges::{GygesEngine, SearchLimit};
use trio_gyges::{Position, Variant};

/// Positions with the depth each is searched to.
const POSITIONS: [(&str, Variant, u32); 4] = [
    (
        "321123/....../....../....../....../123321 S",
        Variant::Seed,
        3,
    ),
    (
        "132231/....../....../....../....../213312 S",
        Variant::Official,
        3,
    ),
    (
        "..3.../.12.3./..1.2./3....2/.1.2../..3..1 S",
        Variant::Seed,
        3,
    ),
    (
        "3..1.2/..2.../.1..3./2...1./..3..1/2..3.. N",
        Variant::Official,
        3,
    ),
];

fn search(pos: &str, variant: Variant, depth: u32) -> u64 {
    let pos: Position = pos.parse().expect("a valid position");
    let mut engine = GygesEngine::new(variant);
    engine
        .search_position(&pos, SearchLimit::depth(depth))
        .map_or(0, |r| r.nodes)
}

fn signature() {
    let start = Instant::now();
    let nodes: u64 = POSITIONS.iter().map(|&(p, v, d)| search(p, v, d)).sum();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "gyges search signature: {nodes} nodes ({:.0} nodes/s)",
        nodes as f64 / secs
    );
}

fn benches(c: &mut Criterion) {
    signature();
    // Timed one ply shallower than the signature, so that a sample takes milliseconds.
    for (i, &(p, v, d)) in POSITIONS.iter().enumerate() {
        let d = d - 1;
        c.bench_function(&format!("gyges search {i} d{d}"), |b| {
            b.iter(|| search(p, v, d))
        });
    }
}

criterion_group!(gyges, benches);
criterion_main!(gyges);
