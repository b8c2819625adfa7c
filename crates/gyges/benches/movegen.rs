//! Move generation and perft(3) on fixed positions, and perft(4) from the official start
//! `321123/....../....../....../....../321123 S`, ours beside `gyges_ref` (the `gyges`
//! crate 2.0.0) on the same positions in the `official` variant it implements.
//!
//! Run with `cargo bench -p trio-gyges --bench movegen -- --warm-up-time 1 --measurement-time 3`
//! (perft(4) alone: `-- perft4`; it takes minutes, each run counting 5,480,249,918 lines).

// `gyges_ref`'s move generator is an `unsafe fn`.
#![allow(unsafe_code)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gyges_ref::{BoardState, GenMoves, MoveGen, NoQuit, Player};
use trio_gyges::{generate_moves, move_count, perft, MoveList, Position, Side, Variant};

/// The start after `setup 123321` / `setup 321123`, and positions from random playouts.
const POSITIONS: [(&str, &str); 4] = [
    ("start", "321123/....../....../....../....../123321 S"),
    ("opening", "1.2123/....3./....3./....../....../213.21 S"),
    ("midgame", "....../31...2/21..3./1..21./..32.3/...... S"),
    (
        "midgame-north",
        "....../31...2/21..3./1..21./..32.3/...... N",
    ),
];

fn to_ref(pos: &Position) -> (BoardState, Player) {
    let rows: Vec<String> = pos
        .cells()
        .chunks(6)
        .map(|row| row.iter().map(|v| char::from(b'0' + v)).collect())
        .collect();
    let player = match pos.side_to_move() {
        Side::South => Player::One,
        Side::North => Player::Two,
    };
    (BoardState::from(rows.join("/").as_str()), player)
}

fn ref_moves(gen: &mut MoveGen, board: &mut BoardState, player: Player) -> Vec<gyges_ref::Move> {
    let mut raw = unsafe { gen.gen::<GenMoves, NoQuit>(board, player) }.move_list;
    raw.moves(board)
}

/// `gyges_ref` has no perft; this one counts the decoded moves at the last ply (its
/// `GenMoveCount` weighs each replacement target as 25 moves, so it is not a count). As
/// ours, it counts lines of exactly `depth` plies: a win before the last ply counts 0.
fn ref_perft(gen: &mut MoveGen, board: &mut BoardState, player: Player, depth: u32) -> u64 {
    let moves = ref_moves(gen, board, player);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            if mv.is_win() {
                return 0;
            }
            board.make_move(mv);
            let n = ref_perft(gen, board, player.other(), depth - 1);
            board.unmake_move(mv);
            n
        })
        .sum()
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    for (name, text) in POSITIONS {
        let pos: Position = text.parse().unwrap();
        let mut list = MoveList::new();
        group.bench_function(format!("{name}/ours-seed"), |b| {
            b.iter(|| generate_moves(black_box(&pos), Variant::Seed, &mut list))
        });
        group.bench_function(format!("{name}/ours-official"), |b| {
            b.iter(|| generate_moves(black_box(&pos), Variant::Official, &mut list))
        });
        group.bench_function(format!("{name}/ours-official-count"), |b| {
            b.iter(|| move_count(black_box(&pos), Variant::Official))
        });
        let (mut board, player) = to_ref(&pos);
        let mut gen = MoveGen::default();
        group.bench_function(format!("{name}/gyges_ref"), |b| {
            b.iter(|| ref_moves(&mut gen, black_box(&mut board), player))
        });
        group.bench_function(format!("{name}/gyges_ref-encoded"), |b| {
            b.iter(|| unsafe { gen.gen::<GenMoves, NoQuit>(black_box(&mut board), player) })
        });
    }
    group.finish();
}

fn perft3(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft3");
    group.sample_size(10);
    for (name, text) in &POSITIONS {
        let pos: Position = text.parse().unwrap();
        group.throughput(Throughput::Elements(perft(&pos, Variant::Seed, 3)));
        group.bench_function(format!("{name}/ours-seed"), |b| {
            b.iter(|| perft(black_box(&pos), Variant::Seed, 3))
        });
        let nodes = perft(&pos, Variant::Official, 3);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/ours-official"), |b| {
            b.iter(|| perft(black_box(&pos), Variant::Official, 3))
        });
        let (mut board, player) = to_ref(&pos);
        let mut gen = MoveGen::default();
        assert_eq!(ref_perft(&mut gen, &mut board, player, 3), nodes);
        group.bench_function(format!("{name}/gyges_ref"), |b| {
            b.iter(|| ref_perft(&mut gen, black_box(&mut board), player, 3))
        });
    }
    group.finish();
}

/// perft(4) from the official start, the figure compared with `gyges_ref` in
/// docs/rules/gyges.md: 16,360,280 leaves counted, 56,352 positions listed.
fn perft4(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft4");
    group.sample_size(10);
    let pos: Position = "321123/....../....../....../....../321123 S"
        .parse()
        .unwrap();
    let nodes = perft(&pos, Variant::Official, 4);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("official-start/ours", |b| {
        b.iter(|| perft(black_box(&pos), Variant::Official, 4))
    });
    let (mut board, player) = to_ref(&pos);
    let mut gen = MoveGen::default();
    assert_eq!(ref_perft(&mut gen, &mut board, player, 4), nodes);
    group.bench_function("official-start/gyges_ref", |b| {
        b.iter(|| ref_perft(&mut gen, black_box(&mut board), player, 4))
    });
    group.finish();
}

criterion_group!(benches, movegen, perft3, perft4);
criterion_main!(benches);
