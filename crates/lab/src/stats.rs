//! The statistics of the lab: proportions and means with intervals, differences between
//! two samples with theirs, and the sequential plan of `--until-clear`.
//!
//! - A proportion (a seat's wins, draws, games in which a rule came into play) gets the
//!   Wilson score interval ([`trio_ai::wilson_interval`]), which stays inside `[0, 1]`
//!   and keeps a width at 0 or all.
//! - A difference of two proportions gets Newcombe's hybrid score interval (his method
//!   10), built from the two Wilson intervals: it behaves well near 0 and 1 where the
//!   plain Wald interval does not.
//! - A mean (game length, events per game) gets `mean ± z·s/√n` and a difference of two
//!   means Welch's `Δ ± z·√(s²ₐ/nₐ + s²ᵦ/nᵦ)`: normal approximations, good for the
//!   hundreds of games the lab plays, poor for a handful.
//! - A constant sample (every game the same: an event that never happens) would get a
//!   zero-width interval, claiming certainty that a few hundred games cannot give. Its
//!   spread is floored at the width Wilson's interval gives a share seen 0 times in `n`,
//!   `z²/(n + z²)` (about the rule of three's `3/n`): a departure too rare to be seen in
//!   `n` games may still be there.
//! - Many differences shown at once ([`holm`]): at 95% one in twenty looks clear by
//!   chance, so the report marks a difference `clear` only when it survives Holm's
//!   step-down correction over every difference it shows.
//!
//! [`SequentialPlan`]: looking at the data after every batch and stopping once an
//! interval separates from zero would, at a fixed 95%, claim a difference far more often
//! than 5% of the time. The plan fixes the number of looks `K` in advance (the cap
//! divided by the batch) and the number of comparisons `m`, and makes every interval at
//! level `1 − α/(K·m)` (Bonferroni): the chance that any look claims a difference that
//! is not there is then at most `α`. Conservative, and simple to state.

use serde::Serialize;
pub use trio_ai::{wilson_interval, Interval, Z_95};

/// A value with an interval around it. Infinite bounds mean "nothing can be said yet"
/// (a mean of fewer than two values).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

impl Estimate {
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }

    /// The interval lies wholly on one side of zero: a difference is shown.
    pub fn excludes_zero(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }
}

/// The standard normal quantile Φ⁻¹(p), for `0 < p < 1` (Acklam's rational
/// approximation, relative error below 1.2·10⁻⁹).
pub fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] = [
        7.784_695_709_041_462e-3,
        3.224_671_290_700_398e-1,
        2.445_134_137_142_996,
        3.754_408_661_907_416,
    ];
    const LOW: f64 = 0.02425;
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    let tail = |q: f64| {
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    if p < LOW {
        tail((-2.0 * p.ln()).sqrt())
    } else if p > 1.0 - LOW {
        -tail((-2.0 * (1.0 - p).ln()).sqrt())
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// The normal quantile of a two-sided interval at `confidence` (0.95 gives 1.96).
pub fn z_for(confidence: f64) -> f64 {
    normal_quantile(0.5 + confidence / 2.0)
}

/// `hits` out of `trials` with its Wilson interval.
pub fn proportion(hits: u64, trials: u64, z: f64) -> Estimate {
    let i = wilson_interval(hits as f64, trials as usize, z);
    Estimate {
        value: if trials == 0 {
            f64::NAN
        } else {
            hits as f64 / trials as f64
        },
        low: i.low,
        high: i.high,
    }
}

/// `p_a − p_b` for two independent proportions, with Newcombe's hybrid score interval.
pub fn proportion_difference(a: (u64, u64), b: (u64, u64), z: f64) -> Estimate {
    let (pa, pb) = (proportion(a.0, a.1, z), proportion(b.0, b.1, z));
    if a.1 == 0 || b.1 == 0 {
        return Estimate {
            value: f64::NAN,
            low: -1.0,
            high: 1.0,
        };
    }
    let d = pa.value - pb.value;
    let below = ((pa.value - pa.low).powi(2) + (pb.high - pb.value).powi(2)).sqrt();
    let above = ((pa.high - pa.value).powi(2) + (pb.value - pb.low).powi(2)).sqrt();
    Estimate {
        value: d,
        low: (d - below).max(-1.0),
        high: (d + above).min(1.0),
    }
}

/// The count, mean and spread of a sample, gathered one value at a time (Welford).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Moments {
    n: u64,
    mean: f64,
    m2: f64,
}

impl Moments {
    pub fn of(values: impl IntoIterator<Item = f64>) -> Self {
        let mut m = Self::default();
        for x in values {
            m.push(x);
        }
        m
    }

    pub fn push(&mut self, x: f64) {
        self.n += 1;
        let delta = x - self.mean;
        self.mean += delta / self.n as f64;
        self.m2 += delta * (x - self.mean);
    }

    pub fn n(&self) -> u64 {
        self.n
    }

    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            f64::NAN
        } else {
            self.mean
        }
    }

    /// The sample variance (divided by n − 1); `NaN` below two values.
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            f64::NAN
        } else {
            self.m2 / (self.n - 1) as f64
        }
    }

    /// The squared standard error of the mean at the normal quantile `z`; for a constant
    /// sample the floor of the module docs, so that `z·√error2 = z²/(n + z²)`.
    fn error2(&self, z: f64) -> f64 {
        let n = self.n as f64;
        let v = self.variance();
        if v > 0.0 {
            v / n
        } else {
            (z / (n + z * z)).powi(2)
        }
    }
}

/// The mean with `mean ± z·s/√n`; unbounded below two values.
pub fn mean(m: &Moments, z: f64) -> Estimate {
    if m.n() < 2 {
        return Estimate {
            value: m.mean(),
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
    }
    let half = z * m.error2(z).sqrt();
    Estimate {
        value: m.mean,
        low: m.mean - half,
        high: m.mean + half,
    }
}

/// `mean_a − mean_b` with Welch's normal interval; unbounded below two values a side.
pub fn mean_difference(a: &Moments, b: &Moments, z: f64) -> Estimate {
    let value = a.mean() - b.mean();
    if a.n() < 2 || b.n() < 2 {
        return Estimate {
            value,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
        };
    }
    let half = z * (a.error2(z) + b.error2(z)).sqrt();
    Estimate {
        value,
        low: value - half,
        high: value + half,
    }
}

/// How strongly an interval built by `at` (an interval at normal quantile `z`) separates
/// from zero: the largest `z` at which it still excludes zero, 0 when it never does
/// (found by bisection: the intervals widen as `z` grows). A `z` is a p-value:
/// `p = 2(1 − Φ(z))`, which [`holm`] compares in `z` terms.
pub fn separation(at: impl Fn(f64) -> Estimate) -> f64 {
    const TOP: f64 = 40.0;
    if !at(0.0).excludes_zero() {
        return 0.0;
    }
    if at(TOP).excludes_zero() {
        return TOP;
    }
    let (mut low, mut high) = (0.0, TOP);
    for _ in 0..50 {
        let mid = (low + high) / 2.0;
        if at(mid).excludes_zero() {
            low = mid;
        } else {
            high = mid;
        }
    }
    low
}

/// Holm's step-down correction: which of the differences with these [`separation`]s
/// may be called clear, so that the chance of calling any true zero clear stays at most
/// `alpha` over all of them together. The strongest is judged at `α/m`, the next at
/// `α/(m − 1)`, … until one fails; it and all weaker ones are not clear.
pub fn holm(separations: &[f64], alpha: f64) -> Vec<bool> {
    let m = separations.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| separations[b].total_cmp(&separations[a]));
    let mut clear = vec![false; m];
    for (rank, &i) in order.iter().enumerate() {
        let level = 1.0 - alpha / (m - rank) as f64;
        if separations[i] <= 0.0 || separations[i] < z_for(level) {
            break;
        }
        clear[i] = true;
    }
    clear
}

/// One pairing's games for [`bradley_terry`]: players `a` and `b`, `a`'s score summed
/// over the games (a win 1, a draw ½) and the number of games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairResult {
    pub a: usize,
    pub b: usize,
    pub score: f64,
    pub games: f64,
}

/// Bradley–Terry strengths of `players` by maximum likelihood from `results` (Hunter's
/// MM iteration, a draw counting half a win each way), as logistic Elo points
/// (`400·log₁₀ γ`) with player 0 at 0. One drawn game is added to every pairing, so that
/// a pairing one side won every time still gives a finite gap. A player in no pairing
/// stays at 0.
pub fn bradley_terry(players: usize, results: &[PairResult]) -> Vec<f64> {
    let mut gamma = vec![1.0f64; players];
    let mut wins = vec![0.0; players];
    for r in results {
        wins[r.a] += r.score + 0.5;
        wins[r.b] += r.games - r.score + 0.5;
    }
    for _ in 0..100_000 {
        let mut next = gamma.clone();
        for (i, g) in next.iter_mut().enumerate() {
            let denominator: f64 = results
                .iter()
                .filter(|r| r.a == i || r.b == i)
                .map(|r| (r.games + 1.0) / (gamma[r.a] + gamma[r.b]))
                .sum();
            if denominator > 0.0 {
                *g = wins[i] / denominator;
            }
        }
        let norm = next[0];
        next.iter_mut().for_each(|g| *g /= norm);
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a / b).ln().abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    gamma.iter().map(|g| 400.0 * g.log10()).collect()
}

/// The `(low, high)` percentiles of `values` bounding the central `confidence` of them
/// (a percentile bootstrap interval); `values` is sorted in place.
pub fn percentile_interval(values: &mut [f64], confidence: f64) -> (f64, f64) {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n == 0 {
        return (f64::NAN, f64::NAN);
    }
    let at = |q: f64| values[((n - 1) as f64 * q).round() as usize];
    let tail = (1.0 - confidence) / 2.0;
    (at(tail), at(1.0 - tail))
}

/// How `--until-clear` keeps its error rate: a fixed number of looks and comparisons,
/// each interval at the Bonferroni level (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SequentialPlan {
    /// The chance, over the whole run, of claiming a difference that is not there.
    pub alpha: f64,
    /// Looks at the data, fixed in advance: one after each batch, up to the cap.
    pub looks: u32,
    /// Differences judged at each look (each spec against the first).
    pub comparisons: u32,
}

impl SequentialPlan {
    /// The confidence of each interval the plan judges by.
    pub fn confidence(&self) -> f64 {
        1.0 - self.alpha / f64::from(self.looks.max(1) * self.comparisons.max(1))
    }

    /// The normal quantile of those intervals.
    pub fn z(&self) -> f64 {
        z_for(self.confidence())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;
    use trio_core::rng;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn quantiles_match_the_tables() {
        assert!(close(z_for(0.95), Z_95, 1e-8));
        assert!(close(normal_quantile(0.5), 0.0, 1e-12));
        assert!(close(normal_quantile(0.975), 1.959_964, 1e-6));
        assert!(close(normal_quantile(0.995), 2.575_829, 1e-6));
        assert!(close(normal_quantile(0.001), -3.090_232, 1e-6));
        assert!(close(normal_quantile(1e-6), -4.753_424, 1e-5));
    }

    #[test]
    fn newcombe_matches_his_worked_example() {
        // Newcombe (1998), table II, example (a): 56/70 − 48/80, method 10:
        // 0.2000 with 95% interval 0.0524 to 0.3339.
        let d = proportion_difference((56, 70), (48, 80), Z_95);
        assert!(close(d.value, 0.2, 1e-12));
        assert!(close(d.low, 0.0524, 5e-4), "{d:?}");
        assert!(close(d.high, 0.3339, 5e-4), "{d:?}");
    }

    #[test]
    fn moments_are_those_of_the_sample() {
        let m = Moments::of([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert_eq!(m.n(), 8);
        assert!(close(m.mean(), 5.0, 1e-12));
        assert!(close(m.variance(), 32.0 / 7.0, 1e-12));
        let e = mean(&m, Z_95);
        assert!(e.low < 5.0 && e.high > 5.0);
        assert!(mean(&Moments::of([1.0]), Z_95).low.is_infinite());
    }

    /// How often an interval from `draw` covers `truth`, over `trials` seeded samples.
    fn coverage(trials: usize, seed: u64, mut draw: impl FnMut(&mut rng::GameRng) -> bool) -> f64 {
        let mut rng = rng::seeded(seed);
        let hits = (0..trials).filter(|_| draw(&mut rng)).count();
        hits as f64 / trials as f64
    }

    fn bernoulli(rng: &mut rng::GameRng, p: f64, n: u64) -> u64 {
        (0..n).filter(|_| rng.random::<f64>() < p).count() as u64
    }

    // Each check: 2,000 samples, so a true rate of 95% is seen within ±1.5% (3 sd) but
    // for a 1-in-300 seed; the seeds are fixed, so the test is deterministic.

    #[test]
    fn wilson_intervals_cover_at_their_rate() {
        for (p, n) in [(0.5, 100), (0.3, 250), (0.1, 400)] {
            let rate = coverage(2000, 11, |rng| {
                proportion(bernoulli(rng, p, n), n, Z_95).contains(p)
            });
            assert!((0.935..=0.965).contains(&rate), "p {p}, n {n}: {rate}");
        }
    }

    #[test]
    fn newcombe_intervals_cover_at_their_rate() {
        let (pa, pb) = (0.55, 0.45);
        let rate = coverage(2000, 12, |rng| {
            let a = bernoulli(rng, pa, 300);
            let b = bernoulli(rng, pb, 200);
            proportion_difference((a, 300), (b, 200), Z_95).contains(pa - pb)
        });
        assert!((0.935..=0.965).contains(&rate), "{rate}");
    }

    #[test]
    fn mean_intervals_cover_at_their_rate() {
        // Exponential values (mean 3), skewed like game lengths.
        let exp = |rng: &mut rng::GameRng| -3.0 * (1.0 - rng.random::<f64>()).ln();
        let rate = coverage(2000, 13, |rng| {
            let m = Moments::of((0..300).map(|_| exp(rng)));
            mean(&m, Z_95).contains(3.0)
        });
        assert!((0.935..=0.965).contains(&rate), "{rate}");
        let rate = coverage(2000, 14, |rng| {
            let a = Moments::of((0..300).map(|_| exp(rng)));
            let b = Moments::of((0..200).map(|_| 2.0 + exp(rng)));
            mean_difference(&a, &b, Z_95).contains(-2.0)
        });
        assert!((0.935..=0.965).contains(&rate), "{rate}");
    }

    #[test]
    fn constant_samples_keep_an_interval() {
        // 500 games in which an event never happens: not certainly 0, about 3/n at most.
        let none = Moments::of([0.0; 500]);
        let e = mean(&none, Z_95);
        assert_eq!(e.value, 0.0);
        assert!(e.high > 0.005 && e.high < 0.01, "{e:?}");
        let d = mean_difference(&none, &none, Z_95);
        assert!(d.low < 0.0 && d.high > 0.0, "{d:?}");
        // A sample that varies keeps its own spread.
        let varied = Moments::of([0.0, 1.0, 0.0, 1.0]);
        let half = mean(&varied, Z_95).high - 0.5;
        assert!(close(half, Z_95 * (varied.variance() / 4.0).sqrt(), 1e-12));
    }

    #[test]
    fn separation_is_the_z_at_which_an_interval_touches_zero() {
        // A mean 2 with standard error 1 separates up to z = 2.
        let at = |z: f64| Estimate {
            value: 2.0,
            low: 2.0 - z,
            high: 2.0 + z,
        };
        assert!(close(separation(at), 2.0, 1e-9));
        let zero = |z: f64| Estimate {
            value: 0.0,
            low: -z,
            high: z,
        };
        assert_eq!(separation(zero), 0.0);
    }

    #[test]
    fn holm_keeps_chance_differences_from_looking_clear() {
        // 180 differences of two equal shares (60 figures × 3 specs, as a designer's
        // comparison showed): at a plain 95% several look clear, with Holm none; a real
        // difference among them still shows.
        let mut rng = rng::seeded(21);
        let mut separations: Vec<f64> = (0..180)
            .map(|_| {
                let a = bernoulli(&mut rng, 0.3, 400);
                let b = bernoulli(&mut rng, 0.3, 400);
                separation(|z| proportion_difference((a, 400), (b, 400), z))
            })
            .collect();
        let naive = separations.iter().filter(|&&s| s > Z_95).count();
        assert!(naive >= 3, "by chance at 95%: {naive}");
        assert!(holm(&separations, 0.05).iter().all(|&c| !c));
        separations.push(separation(|z| {
            proportion_difference((200, 400), (120, 400), z)
        }));
        let clear = holm(&separations, 0.05);
        assert_eq!(clear.iter().filter(|&&c| c).count(), 1);
        assert!(clear[180]);
    }

    #[test]
    fn bradley_terry_reads_a_pairs_score_as_its_elo_gap() {
        // One pairing, 75 of 100: with the prior draw 75.5 to 25.5, so
        // 400·log10(75.5/25.5) = 188.6 points.
        let r = bradley_terry(
            2,
            &[PairResult {
                a: 1,
                b: 0,
                score: 75.0,
                games: 100.0,
            }],
        );
        assert_eq!(r[0], 0.0);
        assert!(close(r[1], 400.0 * (75.5f64 / 25.5).log10(), 1e-6), "{r:?}");
        // A chain of equal steps adds up; a pairing won every time stays finite.
        let step = |a, b| PairResult {
            a,
            b,
            score: 60.0,
            games: 80.0,
        };
        let r = bradley_terry(3, &[step(1, 0), step(2, 1)]);
        assert!(close(r[2], 2.0 * r[1], 1e-6), "{r:?}");
        let all = bradley_terry(
            2,
            &[PairResult {
                a: 1,
                b: 0,
                score: 50.0,
                games: 50.0,
            }],
        );
        assert!(all[1].is_finite() && all[1] > 600.0, "{all:?}");
    }

    #[test]
    fn percentiles_bound_the_middle() {
        let mut v: Vec<f64> = (0..=100).rev().map(f64::from).collect();
        assert_eq!(percentile_interval(&mut v, 0.9), (5.0, 95.0));
    }

    #[test]
    fn the_sequential_plan_keeps_its_error_rate() {
        // Two equal proportions, ten looks of 100 games a side: stopping at the first look
        // whose interval excludes zero. At a plain 95% this claims a difference in about
        // 20% of runs; the plan must stay at or below its 5%.
        let plan = SequentialPlan {
            alpha: 0.05,
            looks: 10,
            comparisons: 1,
        };
        let claims = |z: f64, seed: u64| {
            coverage(2000, seed, |rng| {
                let (mut a, mut b, mut n) = (0, 0, 0);
                (0..10).any(|_| {
                    a += bernoulli(rng, 0.4, 100);
                    b += bernoulli(rng, 0.4, 100);
                    n += 100;
                    proportion_difference((a, n), (b, n), z).excludes_zero()
                })
            })
        };
        let naive = claims(Z_95, 15);
        let planned = claims(plan.z(), 15);
        assert!(
            naive > 0.1,
            "looking ten times at 95% claims often: {naive}"
        );
        assert!(planned <= 0.05, "the plan claims at most alpha: {planned}");
        assert!(close(plan.confidence(), 0.995, 1e-12));
    }
}
