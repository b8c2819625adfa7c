//! Self-play for tuning the Gygès engine, run by hand (ignored in CI): each candidate
//! (evaluation weights and search settings) plays the tuned engine from the same seeded
//! setups, each setup twice with sides swapped, at a fixed node budget so that results
//! do not depend on the machine — or, with `TUNE_MS`, at a fixed time per move, which
//! weighs a change's cost in speed too. What was tried and found: `docs/gyges-engine.md`.
//!
//! ```text
//! TUNE_GAMES=40 TUNE_NODES=20000 TUNE_VARIANT=official TUNE_ONLY=reductions \
//!   cargo test --release -p trio-ai --test gyges_tuning -- --ignored --nocapture
//! ```

use std::time::Duration;

use trio_ai::gyges::{GygesEngine, SearchLimit, SearchParams, Weights};
use trio_ai::{wilson_interval, AlphaBetaBot, Z_95};
use trio_core::{rng, Bot, Game, Seat};
use trio_gyges::{Gyges, Move, SetupOrder, Side, State, Variant};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// An engine setting to play: evaluation weights and search settings.
type Setting = (Weights, SearchParams);

/// The candidates tried against the tuned setting, each a change of one idea.
fn candidates() -> Vec<(&'static str, Setting)> {
    let t = Weights::TUNED;
    let p = SearchParams::TUNED;
    let first_guess = Weights {
        mobility: 8,
        square: 2,
        unique_square: 2,
        piece: [30, 12, 6],
        unique_piece: [60, 20, 8],
        home_row: 8,
        threat: 40,
        tempo: 10,
    };
    let weights = |name, w| (name, (w, p));
    let search = |name, params| (name, (t, params));
    vec![
        weights("first guess", first_guess),
        weights(
            "mobility only",
            Weights {
                home_row: 0,
                threat: 0,
                ..t
            },
        ),
        weights(
            "home row x3",
            Weights {
                home_row: 3 * t.home_row,
                ..t
            },
        ),
        weights(
            "threat x3",
            Weights {
                threat: 3 * t.threat,
                ..t
            },
        ),
        weights(
            "small square control",
            Weights {
                square: 1,
                unique_square: 1,
                ..t
            },
        ),
        weights("no tempo", Weights { tempo: 0, ..t }),
        // `gyges_engine`'s evaluation in our units (its move count is 8 of ours): unique
        // control of pieces [500, 100, 50] and of squares 10, both times 3.
        weights(
            "like gyges_engine",
            Weights {
                unique_square: 4,
                unique_piece: [187, 37, 19],
                ..t
            },
        ),
        weights(
            "half like gyges_engine",
            Weights {
                unique_square: 2,
                unique_piece: [94, 19, 9],
                ..t
            },
        ),
        search(
            "no reductions",
            SearchParams {
                reduce_from_depth: None,
                ..p
            },
        ),
        search(
            "reductions after 8 moves",
            SearchParams {
                full_width_moves: 8,
                ..p
            },
        ),
        search(
            "threats first",
            SearchParams {
                threats_first: true,
                ..p
            },
        ),
        search(
            "threats first, extension 4",
            SearchParams {
                threats_first: true,
                threat_extension_plies: 4,
                ..p
            },
        ),
        search(
            "no threat probe",
            SearchParams {
                threat_probe: false,
                ..p
            },
        ),
        search(
            "reductions by 2 after 16 moves",
            SearchParams {
                reduce_twice_after: Some(16),
                ..p
            },
        ),
        search(
            "reductions by 2 after 48 moves",
            SearchParams {
                reduce_twice_after: Some(48),
                ..p
            },
        ),
        search(
            "reductions from depth 3",
            SearchParams {
                reduce_from_depth: Some(3),
                ..p
            },
        ),
    ]
}

/// Plays one game from `setup` with `south` and `north`; the winner, `None` for a draw.
fn play(
    game: &Gyges,
    setup: &State,
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
fn tune_engine() {
    let games: usize = env("TUNE_GAMES", 40);
    let nodes: u64 = env("TUNE_NODES", 20_000);
    let variant: Variant = env("TUNE_VARIANT", Variant::Official);
    let only: String = env("TUNE_ONLY", String::new());
    let game = Gyges::new(variant);
    let limit = match env("TUNE_MS", 0u64) {
        0 => SearchLimit::nodes(nodes),
        ms => SearchLimit::time(Duration::from_millis(ms)),
    };
    let bot = |(w, p): Setting| {
        AlphaBetaBot::with_engine(
            GygesEngine::new(variant).with_weights(w).with_params(p),
            limit,
        )
    };
    let budget = AlphaBetaBot::new(limit).name();
    for (name, setting) in candidates()
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
            let (mut cand, mut base) = (bot(setting), bot((Weights::TUNED, SearchParams::TUNED)));
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
            "{name}: +{wins} ={draws} -{} of {games} against tuned, score {:.3} [{:.3}, {:.3}] ({variant}, {} a move)",
            games - wins - draws,
            score / games as f64,
            i.low,
            i.high,
            budget.trim_start_matches("alphabeta:")
        );
    }
}
