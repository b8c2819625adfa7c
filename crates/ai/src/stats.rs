//! Confidence intervals for match results: how sure a score from a few hundred games is.

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
}
