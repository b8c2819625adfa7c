//! Confidence intervals for match results: how sure a score from a few hundred games is;
//! for games played in pairs, the pentanomial tally and the sequential test (SPRT) that
//! engine projects (fishtest, OpenBench) prove a change with.

/// The normal quantile for a two-sided 95% interval.
pub const Z_95: f64 = 1.959_963_984_540_054;

/// A closed interval `[low, high]` within `[0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

impl Interval {
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// The Wilson score interval for a proportion: `successes` out of `trials`, at the normal
/// quantile `z` ([`Z_95`] for 95%).
///
/// Successes may be fractional, a draw counting half: treating the score as a proportion
/// then overstates its variance, so the interval errs on the wide side. Unlike the plain
/// normal approximation it stays inside `[0, 1]` and does not shrink to a point when every
/// game is won. No trials give the whole of `[0, 1]`.
pub fn wilson_interval(successes: f64, trials: usize, z: f64) -> Interval {
    if trials == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
        };
    }
    let n = trials as f64;
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The expected score of a side `elo` logistic Elo points stronger: `1 / (1 + 10^(−elo/400))`.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference a mean score stands for; ±∞ at a score of 1 or 0.
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The results of games played in pairs, one start with the seats swapped: how many pairs
/// scored 0, ½, 1, 1½ and 2 for the first agent (`counts[k]` pairs scored `k/2`).
///
/// The two games of a pair share a start, so their results are correlated (a start good
/// for one seat gives one win to each side). The variance of a pair's score takes that in;
/// treating the games as independent overstates it and widens the interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [usize; 5],
}

/// Pairs added to the tally's two extremes before its mean and variance are taken:
/// half a pair scoring 0 and half scoring 2, the widest a pair can vary.
///
/// Fishtest adds 0.001 pairs to each empty category, enough for its thousands of pairs;
/// our matches are often tens of pairs and one-sided, where that leaves a run of equal
/// pairs (every pair won, or two draws at the ply limit) almost no variance and the test
/// decides after one pair. One pseudo pair keeps a few equal pairs from deciding and
/// changes the result of hundreds of pairs by well under 1%.
const PRIOR_PAIRS: f64 = 1.0;

impl Pentanomial {
    /// Tallies `scores`, the first agent's score in each game (0, ½ or 1 in two-seat
    /// games), taken two by two; an odd last game is left out.
    pub fn from_games(scores: &[f64]) -> Pentanomial {
        let mut tally = Pentanomial::default();
        for pair in scores.chunks_exact(2) {
            let halves = ((pair[0] + pair[1]) * 2.0).round().clamp(0.0, 4.0);
            tally.counts[halves as usize] += 1;
        }
        tally
    }

    pub fn pairs(&self) -> usize {
        self.counts.iter().sum()
    }

    /// The categories' weights with the [`PRIOR_PAIRS`] added, and their total.
    fn regularized(&self) -> ([f64; 5], f64) {
        let mut weights = self.counts.map(|c| c as f64);
        weights[0] += PRIOR_PAIRS / 2.0;
        weights[4] += PRIOR_PAIRS / 2.0;
        (weights, weights.iter().sum())
    }

    /// The mean score a game, in `[0, 1]`.
    pub fn score(&self) -> f64 {
        let total: usize = (0..5).map(|k| k * self.counts[k]).sum();
        total as f64 / (4 * self.pairs()).max(1) as f64
    }

    /// The mean and variance of a pair's score halved (a pair scoring `k/2` counts
    /// `k/4`, in `[0, 1]` like a game's), with the [`PRIOR_PAIRS`].
    fn moments(&self) -> (f64, f64) {
        let (weights, n) = self.regularized();
        let mean = (0..5).map(|k| weights[k] * k as f64 / 4.0).sum::<f64>() / n;
        let variance = (0..5)
            .map(|k| weights[k] * (k as f64 / 4.0 - mean).powi(2))
            .sum::<f64>()
            / n;
        (mean, variance)
    }

    /// An interval on the mean score from the variance of the pairs, `mean ± z·σ/√pairs`
    /// (normal approximation, `σ²` with one pseudo pair, half scoring 0 and half 2),
    /// within `[0, 1]`. No pairs give the whole of `[0, 1]`.
    pub fn interval(&self, z: f64) -> Interval {
        if self.pairs() == 0 {
            return Interval {
                low: 0.0,
                high: 1.0,
            };
        }
        let (_, variance) = self.moments();
        let half = z * (variance / self.pairs() as f64).sqrt();
        let score = self.score();
        Interval {
            low: (score - half).max(0.0),
            high: (score + half).min(1.0),
        }
    }
}

/// A sequential probability ratio test of `H0: elo = elo0` against `H1: elo = elo1`
/// (logistic Elo of the first agent over the second) on pairs of games, as fishtest and
/// OpenBench run it: after every pair the log-likelihood ratio is compared with Wald's
/// bounds `ln(β/(1−α))` and `ln((1−β)/α)`. Below the first H0 is accepted (the change is
/// not `elo1` better), above the second H1; in between the test goes on. `α` is the chance
/// of accepting H1 when H0 holds, `β` of accepting H0 when H1 holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where an [`Sprt`] stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// The LLR is at or below the lower bound.
    H0,
    /// The LLR is at or above the upper bound.
    H1,
    /// Between the bounds: more pairs are needed.
    Continue,
}

impl Sprt {
    /// `(lower, upper)`: `ln(β/(1−α))`, `ln((1−β)/α)`; ±2.944 at α = β = 0.05.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 over H0 given `tally`, in the generalized SPRT's
    /// normal approximation (fishtest's `LLR_alt2`): with `s₀`, `s₁` the scores `elo0` and
    /// `elo1` stand for, `μ` and `σ²` the mean and variance of a pair's halved score (with
    /// one pseudo pair, half scoring 0 and half 2) and `N` the pairs,
    /// `LLR = N·(s₁ − s₀)·(2μ − s₀ − s₁) / (2σ²)`.
    pub fn llr(&self, tally: &Pentanomial) -> f64 {
        if tally.pairs() == 0 {
            return 0.0;
        }
        let (s0, s1) = (elo_to_score(self.elo0), elo_to_score(self.elo1));
        let (mean, variance) = tally.moments();
        tally.pairs() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    pub fn verdict(&self, tally: &Pentanomial) -> SprtVerdict {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::H1
        } else if llr <= lower {
            SprtVerdict::H0
        } else {
            SprtVerdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn half_of_ten() {
        // Reference values from the closed form: 0.5 ± 0.2634.
        let i = wilson_interval(5.0, 10, Z_95);
        assert!(close(i.low, 0.2366) && close(i.high, 0.7634), "{i:?}");
    }

    #[test]
    fn all_or_nothing_keeps_a_width() {
        let none = wilson_interval(0.0, 10, Z_95);
        assert!(close(none.low, 0.0) && close(none.high, 0.2775), "{none:?}");
        let all = wilson_interval(10.0, 10, Z_95);
        assert!(close(all.low, 0.7225) && close(all.high, 1.0), "{all:?}");
    }

    #[test]
    fn narrows_with_more_games() {
        let few = wilson_interval(60.0, 100, Z_95);
        let many = wilson_interval(600.0, 1000, Z_95);
        assert!(many.high - many.low < few.high - few.low);
        assert!(few.contains(0.6) && many.contains(0.6));
        assert!(
            !many.contains(0.5),
            "600 of 1000 is clearly above even: {many:?}"
        );
    }

    #[test]
    fn no_games_says_nothing() {
        assert_eq!(
            wilson_interval(0.0, 0, Z_95),
            Interval {
                low: 0.0,
                high: 1.0
            }
        );
    }

    #[test]
    fn elo_and_score_convert_both_ways() {
        assert!(close(elo_to_score(0.0), 0.5));
        // 100 Elo: 1 / (1 + 10^(−1/4)) = 0.640065.
        assert!((elo_to_score(100.0) - 0.640_065).abs() < 1e-6);
        assert!((score_to_elo(elo_to_score(-35.0)) + 35.0).abs() < 1e-9);
    }

    #[test]
    fn pairs_are_tallied_by_their_score() {
        let tally = Pentanomial::from_games(&[1.0, 0.0, 1.0, 1.0, 0.5, 0.0, 0.5, 1.0, 0.0]);
        // 1 + 0, 1 + 1, ½ + 0, ½ + 1; the odd last game is no pair.
        assert_eq!(tally.counts, [0, 1, 1, 1, 1]);
        assert_eq!(tally.pairs(), 4);
        assert!(close(tally.score(), 0.625));
    }

    // The expected values below were computed apart from this code, by a few lines of
    // Python applying the formulas of the doc comments, and by hand for the first: with
    // the prior pair the weights are [2.5, 8, 20, 15, 5.5] over 51, μ = 28.75/51 =
    // 0.563725, σ² = 19.4375/51 − μ² = 0.063341, s₁ = 1/(1 + 10^(−5/400)) = 0.507195,
    // LLR = 50 · 0.007195 · (2μ − 1.007195) / (2σ²) = 0.34150.
    #[test]
    fn llr_matches_worked_values() {
        let sprt = |elo0, elo1| Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        };
        let cases = [
            ([2, 8, 20, 15, 5], 0.0, 5.0, 0.341_505),
            ([5, 10, 20, 10, 5], 0.0, 10.0, -0.065_978),
            ([0, 0, 3, 0, 7], 0.0, 50.0, 2.504_982),
            ([10, 40, 100, 60, 20], -3.0, 3.0, 1.463_784),
            // One pair of two draws says next to nothing; four won pairs are not yet
            // proof of 100 Elo, five are.
            ([0, 0, 1, 0, 0], 0.0, 100.0, -0.078_473),
            ([0, 0, 0, 0, 4], 0.0, 100.0, 2.054_084),
            ([0, 0, 0, 0, 5], 0.0, 100.0, 3.177_904),
        ];
        for (counts, elo0, elo1, expected) in cases {
            let llr = sprt(elo0, elo1).llr(&Pentanomial { counts });
            assert!((llr - expected).abs() < 1e-5, "{counts:?}: {llr}");
        }
        let (lower, upper) = sprt(0.0, 5.0).bounds();
        assert!((lower + 2.944_439).abs() < 1e-6 && (upper - 2.944_439).abs() < 1e-6);
        assert_eq!(
            sprt(0.0, 100.0).verdict(&Pentanomial {
                counts: [0, 0, 0, 0, 5]
            }),
            SprtVerdict::H1
        );
        assert_eq!(
            sprt(0.0, 5.0).verdict(&Pentanomial {
                counts: [2, 8, 20, 15, 5]
            }),
            SprtVerdict::Continue
        );
        assert_eq!(sprt(0.0, 5.0).llr(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn the_pair_interval_uses_the_pairs_variance() {
        let tally = Pentanomial {
            counts: [2, 8, 20, 15, 5],
        };
        // 0.565 ± 1.96 · √(0.063341 / 50).
        let i = tally.interval(Z_95);
        assert!(close(i.low, 0.4952) && close(i.high, 0.6348), "{i:?}");
        // The same 100 games as independent ones: Wilson's interval is wider.
        let wilson = wilson_interval(56.5, 100, Z_95);
        assert!(wilson.high - wilson.low > i.high - i.low);
    }
}
