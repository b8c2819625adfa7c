//! MCTS speed on the toy games of the tests: one search of 1 000 iterations from a
//! position of each, on one tree so the time is per core.

use criterion::{criterion_group, criterion_main, Criterion};
use trio_ai::{MctsBot, MctsConfig, SearchLimit};
use trio_core::{rng, Bot, Game, Seat};

#[allow(unused_imports, dead_code)] // The toys export what the tests need, more than this bench.
#[path = "../tests/agents/toys/mod.rs"]
mod toys;

use toys::{Cards, Claims, Guess, Pig, TicTacToe};

const ITERATIONS: u32 = 1_000;

fn search<G: Game>(c: &mut Criterion, game: &G, position: &str, seat: Seat) {
    let state = game.parse_position(position).expect("a valid position");
    let view = game.view(&state, seat);
    let config = MctsConfig {
        trees: 1,
        ..MctsConfig::new(SearchLimit::Iterations(ITERATIONS))
    };
    c.bench_function(&format!("mcts {ITERATIONS} {}", game.name()), |b| {
        b.iter(|| MctsBot::<G>::new(config).choose(game, &view, seat, &mut rng::seeded(1)))
    });
}

fn benches(c: &mut Criterion) {
    search(c, &TicTacToe, ".........", Seat(0));
    search(c, &Pig, "0 0 3 1 decide", Seat(0));
    search(c, &Cards, "259JK/147TQ 368 - 1 0-0", Seat(0));
    let claims = Claims::new(3, vec![6, 5, 4, 4, 3, 3, 2, 1, 1]);
    search(c, &claims, ".........", Seat(0));
    search(c, &Guess, "start", Seat(0));
}

criterion_group!(mcts, benches);
criterion_main!(mcts);
