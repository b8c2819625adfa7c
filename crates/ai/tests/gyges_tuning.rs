//! Self-play for tuning the Gygès evaluation, run by hand (ignored in CI): each candidate
//! set of weights plays the tuned weights from the same seeded setups, each setup twice
//! with sides swapped, at a fixed node budget so that results do not depend on the
//! machine. What was tried and found: `docs/gyges-engine.md`.
//!
//! ```text
//! TUNE_GAMES=40 TUNE_NODES=20000 TUNE_VARIANT=official \
//!   cargo test --release -p trio-ai --test gyges_tuning -- --ignored --nocapture
//! ```

use trio_ai::gyges::{GygesEngine, SearchLimit, Weights};
use trio_ai::{wilson_interval, AlphaBetaBot, Z_95};
use trio_core::{rng, Bot, Game, Seat};
use trio_gyges::{GameState, Gyges, Move, SetupOrder, Side, Variant};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The candidates tried against [`Weights::TUNED`], each a change of one idea.
fn candidates() -> Vec<(&'static str, Weights)> {
    let t = Weights::TUNED;
    let first_guess = Weights {
        mobility: 1,
        square: 2,
        unique_square: 2,
        piece: [30, 12, 6],
        unique_piece: [60, 20, 8],
        home_row: 8,
        threat: 40,
        tempo: 10,
    };
    vec![
        ("first guess", first_guess),
        (
            "mobility only",
            Weights {
                home_row: 0,
                threat: 0,
                ..t
            },
        ),
        (
            "home row x3",
            Weights {
                home_row: 3 * t.home_row,
                ..t
            },
        ),
        (
            "threat x3",
            Weights {
                threat: 3 * t.threat,
                ..t
            },
        ),
        (
            "small square control",
            Weights {
                square: 1,
                unique_square: 1,
                ..t
            },
        ),
        ("no tempo", Weights { tempo: 0, ..t }),
    ]
}

/// Plays one game from `setup` with `south` and `north`; the winner, `None` for a draw.
fn play(
    game: &Gyges,
    setup: &GameState,
    south: &mut AlphaBetaBot,
    north: &mut AlphaBetaBot,
) -> Option<Side> {
    let mut state = setup.clone();
    let mut rng = rng::seeded(0);
    south.reset();
    north.reset();
    loop {
        if let Some(end) = game.end(&state) {
            return end.winner();
        }
        let side = state.position().side_to_move();
        let bot = if side == Side::South {
            &mut *south
        } else {
            &mut *north
        };
        let mv = bot
            .choose(game, &state, Seat(side.index() as u8), &mut rng)
            .expect("a move");
        game.play(&mut state, &mv).expect("a legal move");
    }
}

#[test]
#[ignore = "self-play for tuning: minutes"]
fn tune_evaluation_weights() {
    let games: usize = env("TUNE_GAMES", 40);
    let nodes: u64 = env("TUNE_NODES", 20_000);
    let variant: Variant = env("TUNE_VARIANT", Variant::Official);
    let only: String = env("TUNE_ONLY", String::new());
    let game = Gyges::new(variant);
    let limit = SearchLimit::nodes(nodes);
    let bot =
        |w: Weights| AlphaBetaBot::with_engine(GygesEngine::new(variant).with_weights(w), limit);
    for (name, weights) in candidates()
        .into_iter()
        .filter(|(n, _)| only.is_empty() || n.contains(&only))
    {
        let (mut wins, mut draws) = (0usize, 0usize);
        for g in 0..games {
            let mut rng = rng::seeded(rng::sub_seed(99, (g / 2) as u64));
            let mut setup = game.new_game();
            for _ in 0..2 {
                let order = SetupOrder::random(&mut rng);
                game.play(&mut setup, &Move::Setup(order)).expect("a setup");
            }
            let (mut cand, mut base) = (bot(weights), bot(Weights::TUNED));
            let cand_side = if g % 2 == 0 { Side::South } else { Side::North };
            let winner = if cand_side == Side::South {
                play(&game, &setup, &mut cand, &mut base)
            } else {
                play(&game, &setup, &mut base, &mut cand)
            };
            match winner {
                None => draws += 1,
                Some(w) if w == cand_side => wins += 1,
                Some(_) => {}
            }
        }
        let score = wins as f64 + draws as f64 / 2.0;
        let i = wilson_interval(score, games, Z_95);
        println!(
            "{name}: +{wins} ={draws} -{} of {games} against tuned, score {:.3} [{:.3}, {:.3}] ({variant}, {nodes} nodes a move)",
            games - wins - draws,
            score / games as f64,
            i.low,
            i.high
        );
    }
}
