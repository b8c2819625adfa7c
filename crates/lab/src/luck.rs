//! How much of a game is luck, measured two ways (docs/lab.md, "Luck and skill").
//!
//! **The skill ladder and its coin-flip share** ([`SkillShare`]). Rungs of agents of
//! growing budget (random, ai:1, ai:2, …) each play the rung below, seats rotating, and
//! the top plays the weakest. Each rung's score against the one below is Ludii's skill
//! trace; Bradley–Terry ratings are fitted to every pairing ([`stats::bradley_terry`]).
//! The **coin-flip share** `p` follows Duersch, Lambrecht & Oechssler (2020): the share
//! of results that would have to be replaced by coin flips for the top rung's score
//! against the weakest to fall from what a game of pure skill gives (`s_skill = 1`: the
//! stronger always wins) to the observed `s`. With `s = (1 − p)·s_skill + p/2`,
//! `p = 2(1 − s)`, and its interval is that of `s` carried over. It is read off the top
//! pairing played directly, not off the fitted spread: chance caps *every* pairing near
//! `1 − p/2`, so ratings chained up the ladder would add the steps and overstate the gap
//! (the fitted prediction for the top pairing is shown beside the observed score).
//!
//! **The deal's effect φ** ([`DealEffect`]): with `--duplicate` each seed is played
//! twice, the seats swapped (as duplicate bridge replays a deal); φ is the correlation of
//! the first seat's score in the two games of a seed — the share of a result's variance
//! the deal (the chance sequence) decides — with a bootstrap interval.

use rand::Rng;
use trio_core::rng;

use crate::figures::Summary;
use crate::sim::GameLine;
use crate::stats::{self, Estimate, PairResult};

/// Resamples of a bootstrap interval.
const RESAMPLES: usize = 1000;

/// The figure of the upper rung's score in a pairing's summary (agent 1 of the lineup
/// `upper, lower`).
pub const UPPER_SCORE: &str = "agent.1.score";

/// The games of rung `upper` against rung `lower`, summarized.
#[derive(Clone, Debug)]
pub struct Pairing {
    pub upper: usize,
    pub lower: usize,
    pub summary: Summary,
    pub lines: Vec<GameLine>,
}

impl Pairing {
    /// The upper rung's score with its 95% interval: Wilson's, a draw counting half a
    /// success, so that it stays within `[0, 1]` and keeps a width at a score of 1 (where
    /// the coin-flip share is read).
    pub fn score(&self) -> Estimate {
        let scores = self.scores();
        let sum: f64 = scores.iter().sum();
        let i = stats::wilson_interval(sum, scores.len(), stats::Z_95);
        Estimate {
            value: sum / scores.len() as f64,
            low: i.low,
            high: i.high,
        }
    }

    fn scores(&self) -> &[f64] {
        self.summary
            .figure(UPPER_SCORE)
            .and_then(|f| f.values.as_deref())
            .unwrap_or_default()
    }
}

/// The pairings a ladder of `rungs` plays: each rung against the one below, then, with
/// three rungs or more, the top against the weakest.
pub fn pairings(rungs: usize) -> Vec<(usize, usize)> {
    let mut pairs: Vec<(usize, usize)> = (1..rungs).map(|k| (k, k - 1)).collect();
    if rungs > 2 {
        pairs.push((rungs - 1, 0));
    }
    pairs
}

/// What a skill ladder found of one spec.
#[derive(Clone, Debug)]
pub struct SkillShare {
    /// The rungs, weakest first.
    pub rungs: Vec<String>,
    /// In [`pairings`]' order.
    pub pairings: Vec<Pairing>,
    /// Each rung's Bradley–Terry rating in Elo points, the weakest at 0, with a 95%
    /// bootstrap interval (games resampled within each pairing).
    pub ratings: Vec<Estimate>,
    /// The top rung's score against the weakest that the ratings predict.
    pub predicted_top: f64,
    /// The coin-flip share with its 95% interval (the module docs).
    pub coin_flips: Estimate,
}

impl SkillShare {
    /// The ladder's findings from its pairings' games; `seed` seeds the bootstrap.
    pub fn of(rungs: Vec<String>, pairings: Vec<Pairing>, seed: u64) -> Self {
        let fit = |totals: &[(f64, f64)]| {
            let results: Vec<PairResult> = pairings
                .iter()
                .zip(totals)
                .map(|(p, &(score, games))| PairResult {
                    a: p.upper,
                    b: p.lower,
                    score,
                    games,
                })
                .collect();
            stats::bradley_terry(rungs.len(), &results)
        };
        let totals: Vec<(f64, f64)> = pairings
            .iter()
            .map(|p| (p.scores().iter().sum(), p.scores().len() as f64))
            .collect();
        let ratings = fit(&totals);
        let mut rng = rng::seeded(seed);
        let mut resampled = vec![Vec::with_capacity(RESAMPLES); rungs.len()];
        for _ in 0..RESAMPLES {
            let totals: Vec<(f64, f64)> = pairings
                .iter()
                .map(|p| {
                    let s = p.scores();
                    let sum = (0..s.len()).map(|_| s[rng.random_range(0..s.len())]).sum();
                    (sum, s.len() as f64)
                })
                .collect();
            for (r, x) in resampled.iter_mut().zip(fit(&totals)) {
                r.push(x);
            }
        }
        let ratings = ratings
            .iter()
            .zip(&mut resampled)
            .map(|(&value, r)| {
                let (low, high) = stats::percentile_interval(r, 0.95);
                Estimate { value, low, high }
            })
            .collect::<Vec<_>>();
        let top = pairings.last().map_or(
            Estimate {
                value: f64::NAN,
                low: f64::NAN,
                high: f64::NAN,
            },
            Pairing::score,
        );
        let gap = ratings.last().map_or(0.0, |r| r.value) - ratings[0].value;
        Self {
            predicted_top: trio_ai::elo_to_score(gap),
            coin_flips: coin_flip_share(&top),
            rungs,
            pairings,
            ratings,
        }
    }

    /// The pairing of the top rung against the weakest, which the coin-flip share reads.
    pub fn top(&self) -> Option<&Pairing> {
        self.pairings.last()
    }
}

/// The coin-flip share of a top rung's score `s` against the weakest: `2(1 − s)` within
/// `[0, 1]`, its interval carried over from the score's.
pub fn coin_flip_share(score: &Estimate) -> Estimate {
    let p = |s: f64| (2.0 * (1.0 - s)).clamp(0.0, 1.0);
    let value = p(score.value);
    // `min`/`max`: a bound that rounding put a hair inside the value (Wilson's at a
    // score of 1) still holds it.
    Estimate {
        value,
        low: p(score.high).min(value),
        high: p(score.low).max(value),
    }
}

/// What the duplicate games found of one spec: the deal's effect.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DealEffect {
    /// Seeds played both ways.
    pub pairs: usize,
    /// φ: the correlation of the first seat's score in the two games of a seed, with a
    /// 95% bootstrap interval (pairs resampled).
    pub phi: Estimate,
    /// The spread of the deal's advantage to a seat, in score: `√cov`, signed as the
    /// covariance, with its bootstrap interval.
    pub spread: Estimate,
}

/// The deal's effect from `main` games and their swapped `twins` (matched by index);
/// `None` below three pairs or when a side never varies. `seed` seeds the bootstrap.
pub fn deal_effect(main: &[GameLine], twins: &[GameLine], seed: u64) -> Option<DealEffect> {
    let at: std::collections::HashMap<usize, f64> =
        twins.iter().map(|l| (l.game, l.score(0))).collect();
    let pairs: Vec<(f64, f64)> = main
        .iter()
        .filter_map(|l| Some((l.score(0), *at.get(&l.game)?)))
        .collect();
    let n = pairs.len();
    if n < 3 {
        return None;
    }
    let moments = |idx: &mut dyn Iterator<Item = usize>| {
        let (mut sx, mut sy, mut sxx, mut syy, mut sxy, mut k) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        for i in idx {
            let (x, y) = pairs[i];
            sx += x;
            sy += y;
            sxx += x * x;
            syy += y * y;
            sxy += x * y;
            k += 1.0;
        }
        let cov = sxy / k - sx * sy / (k * k);
        let (vx, vy) = (sxx / k - (sx / k).powi(2), syy / k - (sy / k).powi(2));
        (cov / (vx * vy).sqrt(), cov.signum() * cov.abs().sqrt())
    };
    let (phi, spread) = moments(&mut (0..n));
    if !phi.is_finite() {
        return None;
    }
    let mut rng = rng::seeded(seed);
    let (mut phis, mut spreads) = (Vec::new(), Vec::new());
    for _ in 0..RESAMPLES {
        let mut draw = (0..n).map(|_| rng.random_range(0..n));
        let (p, s) = moments(&mut draw);
        if p.is_finite() {
            phis.push(p);
            spreads.push(s);
        }
    }
    let interval = |value: f64, draws: &mut Vec<f64>| {
        let (low, high) = stats::percentile_interval(draws, 0.95);
        Estimate { value, low, high }
    };
    Some(DealEffect {
        pairs: n,
        phi: interval(phi, &mut phis),
        spread: interval(spread, &mut spreads),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures;
    use crate::sim::Part;

    /// A game of `agents` (upper first) with the lineup rotated by `index`, won by
    /// `upper_wins` for the upper rung.
    fn line(index: usize, agents: [&str; 2], upper_wins: bool) -> GameLine {
        // The upper rung sits at seat `index mod 2`.
        let upper_at_0 = index % 2 == 0;
        let ranks = if upper_wins == upper_at_0 {
            [0, 1]
        } else {
            [1, 0]
        };
        GameLine::toy(index, agents, ranks, Part::Skill)
    }

    /// A ladder of four rungs on the toy game of coin-flip share `p`: with chance `p` a
    /// game's result is a fair coin, otherwise the higher rung wins.
    fn toy_ladder(p: f64, games: usize, seed: u64) -> SkillShare {
        let names = ["random", "ai:1", "ai:2", "ai:3"];
        let mut rng = rng::seeded(seed);
        let pairings = pairings(names.len())
            .into_iter()
            .map(|(upper, lower)| {
                let lines: Vec<GameLine> = (0..games)
                    .map(|i| {
                        let wins = if rng.random::<f64>() < p {
                            rng.random::<bool>()
                        } else {
                            true
                        };
                        line(i, [names[upper], names[lower]], wins)
                    })
                    .collect();
                let seats = ["one".to_owned(), "two".to_owned()];
                Pairing {
                    upper,
                    lower,
                    summary: figures::summarize("toy", &seats, &[], &lines),
                    lines,
                }
            })
            .collect();
        SkillShare::of(names.map(str::to_owned).to_vec(), pairings, seed)
    }

    #[test]
    fn the_coin_flip_share_of_a_toy_game_is_recovered() {
        for (p, seed) in [(0.0, 1), (0.1, 2), (0.4, 3), (0.75, 4), (1.0, 5)] {
            let ladder = toy_ladder(p, 400, seed);
            let c = ladder.coin_flips;
            assert!(c.contains(p), "p {p}: {c:?}");
            assert!(c.high - c.low < 0.25, "p {p}: {c:?}");
        }
        // Wide apart, the estimates tell the games apart.
        let (low, high) = (toy_ladder(0.1, 400, 6), toy_ladder(0.75, 400, 7));
        assert!(low.coin_flips.high < high.coin_flips.low);
    }

    #[test]
    fn chained_ratings_overstate_a_lucky_games_top_pairing() {
        // Every pairing scores about 1 − p/2 = 0.8: the three steps add up in the
        // ratings, which then predict the top far above what it scores against random.
        let ladder = toy_ladder(0.4, 400, 8);
        let top = ladder.top().unwrap().score();
        assert!(top.contains(0.8), "{top:?}");
        assert!(
            ladder.predicted_top > top.high,
            "{} vs {top:?}",
            ladder.predicted_top
        );
        let r = &ladder.ratings;
        assert_eq!(r[0].value, 0.0);
        assert!(r.windows(2).all(|w| w[1].value > w[0].value), "{r:?}");
        assert!(r.iter().all(|e| e.low <= e.value && e.value <= e.high));
    }

    /// Pairs of games of a toy where the deal decides the first seat's result with chance
    /// `d` (both games of a seed alike), and a fair coin decides otherwise.
    fn duplicates(d: f64, n: usize, seed: u64) -> (Vec<GameLine>, Vec<GameLine>) {
        let mut rng = rng::seeded(seed);
        let (mut main, mut twins) = (Vec::new(), Vec::new());
        for i in 0..n {
            let dealt = rng.random::<bool>();
            let result = |rng: &mut rng::GameRng| {
                if rng.random::<f64>() < d {
                    dealt
                } else {
                    rng.random::<bool>()
                }
            };
            // `line` puts agent 0 at seat 0 in even games: seat 0 wins when it does.
            main.push(line(2 * i, ["a", "b"], result(&mut rng)));
            let mut twin = line(2 * i, ["a", "b"], result(&mut rng));
            twin.game = 2 * i;
            twins.push(twin);
        }
        (main, twins)
    }

    #[test]
    fn the_deals_effect_is_the_correlation_of_a_seeds_two_games() {
        // Both results follow the deal with chance d each: their correlation is d².
        for (d, seed) in [(0.0, 1), (0.5, 2), (0.9, 3)] {
            let (main, twins) = duplicates(d, 2000, seed);
            let e = deal_effect(&main, &twins, seed).unwrap();
            assert_eq!(e.pairs, 2000);
            assert!(e.phi.contains(d * d), "d {d}: {e:?}");
            assert!(e.phi.high - e.phi.low < 0.12, "{e:?}");
        }
        assert!(deal_effect(&[], &[], 1).is_none());
    }
}
