//! Complete random games per second on one core: from `new_game`, a random legal action
//! at each decision and a sampled outcome at each chance event, until the end.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::seq::IndexedRandom;
use trio_core::{rng, Game, Turn};
use trio_triles::{Options, Triles, Variant, Variants};

fn random_game(
    game: &Triles,
    rng: &mut rng::GameRng,
    legal: &mut Vec<trio_triles::Action>,
) -> usize {
    let mut state = game.new_game();
    let mut outcomes = Vec::new();
    let mut plies = 0;
    loop {
        let action = match game.turn(&state) {
            Turn::Over => return plies,
            Turn::Chance => {
                game.chance_outcomes(&state, &mut outcomes);
                let (action, _) = outcomes
                    .choose_weighted(rng, |(_, p)| *p)
                    .expect("a chance event has outcomes");
                *action
            }
            Turn::Seat(_) => {
                game.legal_actions(&state, legal);
                *legal.choose(rng).expect("a seat to move has an action")
            }
        };
        game.apply(&mut state, &action);
        plies += 1;
    }
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("triles");
    group.throughput(Throughput::Elements(1));
    for (name, variants) in [
        ("random_game", Variants::default()),
        (
            "random_game_own_dots",
            Variants::default().with(Variant::OwnDots),
        ),
    ] {
        let game = Triles::new(Options {
            variants,
            ..Options::default()
        });
        let mut rng = rng::seeded(1);
        let mut legal = Vec::new();
        group.bench_function(name, |b| {
            b.iter(|| random_game(&game, &mut rng, &mut legal))
        });
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
