//! Texel's method for the evaluation weights: positions from played games, each labelled
//! with the game's result for the side to move, and the weights chosen so that
//! `1 / (1 + e^(-eval / K))` predicts those results best (least mean squared error).
//! K is fitted first with the current weights, then the weights by local search at that K
//! (each weight moved up or down by a step while that lowers the error, the step halved
//! when none does). The evaluation is linear in its [`Terms`], so every position's terms
//! are counted once. Run by `scripts/texel` (the `gyges_texel` example); results in
//! `docs/gyges-engine.md`.

use rayon::prelude::*;
use trio_core::{rng, Game, Outcome, Seat, Turn};
use trio_gyges::{has_goal_move, Gyges, Move, Position, SetupOrder, State, Variant};

use super::bot::AlphaBetaBot;
use super::config::Weights;
use super::evaluation::Terms;
use super::search::SearchLimit;
use crate::runner::play_game_from;

/// A position in play and the result of its game for the side to move: 1, ½ or 0.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub position: Position,
    pub result: f64,
}

impl Sample {
    /// `position result`, e.g. `..3.../.12.3./..1.2./3....2/.1.2../..3..1 S 0.5`.
    pub fn to_line(&self) -> String {
        format!("{} {}", self.position, self.result)
    }

    /// A line written by [`Sample::to_line`].
    pub fn from_line(line: &str) -> Result<Sample, String> {
        let (position, result) = line
            .trim()
            .rsplit_once(' ')
            .ok_or_else(|| format!("{line:?} is not `position result`"))?;
        let position: Position = position
            .parse()
            .map_err(|e| format!("{position:?} is not a position: {e}"))?;
        let result: f64 = result
            .parse()
            .ok()
            .filter(|r| [0.0, 0.5, 1.0].contains(r))
            .ok_or_else(|| format!("{result:?} is not a result 0, 0.5 or 1"))?;
        Ok(Sample { position, result })
    }
}

/// The positions of a game worth labelling, each with the game's result for its side to
/// move: those after setup where the side to move has moves but cannot leave the board
/// (the search scores those as wins without evaluating).
pub fn game_samples(
    game: &Gyges,
    start: State,
    actions: &[Move],
    outcome: &Outcome,
) -> Vec<Sample> {
    let mut samples = Vec::new();
    let mut state = start;
    for action in actions {
        let pos = *state.position();
        if let Turn::Seat(mover) = game.turn(&state) {
            if !pos.is_setup() && !has_goal_move(&pos, game.variant()) {
                samples.push(Sample {
                    position: pos,
                    result: outcome.score(mover),
                });
            }
        }
        game.apply(&mut state, action);
    }
    samples
}

/// What self-play gave: the positions and how South did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SelfPlay {
    pub samples: Vec<Sample>,
    /// South's score in each game: with the same engine on both sides, the seat effect.
    pub south_scores: Vec<f64>,
}

/// Self-play of the engine with `weights` at `nodes` a move from `games` setups drawn
/// at random from `seed` (game `i` from `rng::sub_seed(seed, i)`), on `threads` threads
/// (0: one per core): every game's [`game_samples`].
pub fn self_play(
    game: &Gyges,
    weights: Weights,
    nodes: u64,
    games: u64,
    seed: u64,
    threads: usize,
) -> SelfPlay {
    let play = |i: u64| -> Option<(Vec<Sample>, f64)> {
        let game_seed = rng::sub_seed(seed, i);
        let mut draw = rng::seeded(game_seed);
        let mut start = game.new_game();
        while start.position().is_setup() {
            game.apply(&mut start, &Move::Setup(SetupOrder::random(&mut draw)));
        }
        let bot = || -> Box<dyn trio_core::Bot<Gyges>> {
            let engine = super::GygesEngine::new(game.variant()).with_weights(weights);
            Box::new(AlphaBetaBot::with_engine(engine, SearchLimit::nodes(nodes)))
        };
        // The engine plays only legal moves; a game that failed would teach nothing.
        let record = play_game_from(game, vec![bot(), bot()], game_seed, start.clone()).ok()?;
        let south = record.outcome.score(Seat(0));
        Some((
            game_samples(game, start, &record.actions, &record.outcome),
            south,
        ))
    };
    let games: Vec<(Vec<Sample>, f64)> =
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| (0..games).into_par_iter().filter_map(play).collect()),
            Err(_) => (0..games).filter_map(play).collect(),
        };
    let mut result = SelfPlay::default();
    for (samples, south) in games {
        result.samples.extend(samples);
        result.south_scores.push(south);
    }
    result
}

/// Where the threat weight is in [`to_vector`]'s order: held fixed by the fit, whose quiet
/// positions ([`data`]) have no threat.
pub const THREAT: usize = 10;

/// The names of the fitted weights, in [`to_vector`]'s order.
pub const WEIGHT_NAMES: [&str; 12] = [
    "mobility",
    "square",
    "unique_square",
    "piece[1]",
    "piece[2]",
    "piece[3]",
    "unique_piece[1]",
    "unique_piece[2]",
    "unique_piece[3]",
    "home_row",
    "threat",
    "tempo",
];

/// A position's terms as numbers that the weights (in [`to_vector`]'s order) multiply:
/// the side to move's count minus the opponent's, the threat and the tempo as 1 or 0.
pub fn features(terms: &Terms) -> [f64; 12] {
    let (u, t) = (&terms.us, &terms.them);
    let d = |a: i32, b: i32| f64::from(a - b);
    [
        d(u.moves, t.moves) / f64::from(Weights::MOBILITY_DIVISOR),
        d(u.squares, t.squares),
        d(u.unique_squares, t.unique_squares),
        d(u.pieces[0], t.pieces[0]),
        d(u.pieces[1], t.pieces[1]),
        d(u.pieces[2], t.pieces[2]),
        d(u.unique_pieces[0], t.unique_pieces[0]),
        d(u.unique_pieces[1], t.unique_pieces[1]),
        d(u.unique_pieces[2], t.unique_pieces[2]),
        d(u.home_row, t.home_row),
        if terms.threatened { -1.0 } else { 0.0 },
        1.0,
    ]
}

/// The weights as a vector, in [`WEIGHT_NAMES`]' order.
pub fn to_vector(w: &Weights) -> [i32; 12] {
    [
        w.mobility,
        w.square,
        w.unique_square,
        w.piece[0],
        w.piece[1],
        w.piece[2],
        w.unique_piece[0],
        w.unique_piece[1],
        w.unique_piece[2],
        w.home_row,
        w.threat,
        w.tempo,
    ]
}

/// The weights of a vector in [`WEIGHT_NAMES`]' order.
pub fn from_vector(v: &[i32; 12]) -> Weights {
    Weights {
        mobility: v[0],
        square: v[1],
        unique_square: v[2],
        piece: [v[3], v[4], v[5]],
        unique_piece: [v[6], v[7], v[8]],
        home_row: v[9],
        threat: v[10],
        tempo: v[11],
    }
}

/// The quiet samples as (features, result): those whose side to move is not threatened
/// with an exit. The search never evaluates a threatened position as it would a quiet
/// one (it searches on, or scores it lost when no move stops the exit), so such
/// positions would only teach the threat weight what a lost position is worth.
pub fn data(samples: &[Sample], variant: Variant) -> Vec<([f64; 12], f64)> {
    samples
        .par_iter()
        .filter_map(|s| {
            let terms = Terms::of(&s.position, variant).filter(|t| !t.threatened)?;
            Some((features(&terms), s.result))
        })
        .collect()
}

/// Mean squared error of `1 / (1 + e^(-eval / k))` against the results.
pub fn error(data: &[([f64; 12], f64)], weights: &[i32; 12], k: f64) -> f64 {
    if data.is_empty() {
        return 0.0;
    }
    let total: f64 = data
        .par_iter()
        .map(|(f, result)| {
            let eval: f64 = f.iter().zip(weights).map(|(f, &w)| f * f64::from(w)).sum();
            let predicted = 1.0 / (1.0 + (-eval / k).exp());
            (result - predicted).powi(2)
        })
        .sum();
    total / data.len() as f64
}

/// The K between 1 and 10 000 with the least [`error`] for `weights` (golden-section search
/// on its logarithm; the error has one minimum in K).
pub fn fit_k(data: &[([f64; 12], f64)], weights: &[i32; 12]) -> f64 {
    let at = |x: f64| error(data, weights, x.exp());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0f64, 10_000f64.ln());
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let (mut fa, mut fb) = (at(a), at(b));
    while hi - lo > 1e-4 {
        if fa < fb {
            hi = b;
            (b, fb) = (a, fa);
            a = hi - ratio * (hi - lo);
            fa = at(a);
        } else {
            lo = a;
            (a, fa) = (b, fb);
            b = lo + ratio * (hi - lo);
            fb = at(b);
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Texel's local search from `start` at `k`: each weight not in `frozen` is moved by ±step
/// while that lowers the error; when no move does, the step is halved, from `first_step`
/// down to 1. `on_pass` sees the step, the weights and the error after each pass.
pub fn fit_weights(
    data: &[([f64; 12], f64)],
    start: &[i32; 12],
    k: f64,
    first_step: i32,
    frozen: &[usize],
    on_pass: &mut dyn FnMut(i32, &[i32; 12], f64),
) -> [i32; 12] {
    let mut best = *start;
    let mut best_error = error(data, &best, k);
    let mut step = first_step.max(1);
    loop {
        let mut improved = false;
        for i in (0..best.len()).filter(|i| !frozen.contains(i)) {
            for delta in [step, -step] {
                let mut trial = best;
                trial[i] += delta;
                let e = error(data, &trial, k);
                if e < best_error {
                    (best, best_error) = (trial, e);
                    improved = true;
                    break;
                }
            }
        }
        on_pass(step, &best, best_error);
        if !improved {
            if step == 1 {
                return best;
            }
            step /= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gyges::evaluation::Evaluation;

    #[test]
    fn features_times_weights_are_the_evaluation() {
        // The fit works on features; it is only right if they add up to the search's score
        // (up to the rounding of the mobility division).
        let pos: Position = "..3.../.12.3./..1.2./3....2/.1.2../..3..1 S"
            .parse()
            .unwrap();
        let w = Weights {
            mobility: 8,
            square: 2,
            unique_square: 3,
            piece: [30, 12, 6],
            unique_piece: [60, 20, 8],
            home_row: 8,
            threat: 40,
            tempo: 10,
        };
        for variant in [Variant::Seed, Variant::Official] {
            let terms = Terms::of(&pos, variant).unwrap();
            let linear: f64 = features(&terms)
                .iter()
                .zip(to_vector(&w))
                .map(|(f, w)| f * f64::from(w))
                .sum();
            let eval = Evaluation {
                weights: &w,
                network: None,
            };
            let score = f64::from(eval.of(&pos, variant).score);
            assert!((linear - score).abs() <= 1.0, "{linear} against {score}");
        }
        assert_eq!(from_vector(&to_vector(&w)), w);
    }

    #[test]
    fn samples_round_trip_and_bad_lines_are_refused() {
        let pos: Position = "..3.../.12.3./..1.2./3....2/.1.2../..3..1 S"
            .parse()
            .unwrap();
        let s = Sample {
            position: pos,
            result: 0.5,
        };
        assert_eq!(Sample::from_line(&s.to_line()), Ok(s));
        assert!(Sample::from_line("nonsense").is_err());
        assert!(Sample::from_line(&format!("{pos} 0.7")).is_err());
    }

    #[test]
    fn the_fit_finds_the_weights_that_made_the_results() {
        // Results drawn from a known curve are fitted back: K first with the true weights,
        // then the weights from a wrong start.
        let truth = [3, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0];
        let mut draw = rng::seeded(7);
        let data: Vec<([f64; 12], f64)> = (0..4000)
            .map(|_| {
                use rand::Rng;
                let mut f = [0.0; 12];
                f[0] = draw.random_range(-40.0..40.0);
                f[9] = f64::from(draw.random_range(-4..=4));
                let eval = 3.0 * f[0] + 5.0 * f[9];
                let p = 1.0 / (1.0 + (-eval / 50.0).exp());
                (f, if draw.random_bool(p) { 1.0 } else { 0.0 })
            })
            .collect();
        let k = fit_k(&data, &truth);
        assert!((35.0..70.0).contains(&k), "K {k}");
        let start = [1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0];
        let fitted = fit_weights(
            &data,
            &start,
            k,
            4,
            &[1, 2, 3, 4, 5, 6, 7, 8, 10, 11],
            &mut |_, _, _| {},
        );
        assert!((2..=4).contains(&fitted[0]), "{fitted:?}");
        assert!((3..=7).contains(&fitted[9]), "{fitted:?}");
        assert!(error(&data, &fitted, k) < error(&data, &start, k));
    }
}
