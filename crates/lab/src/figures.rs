//! The figures of a report, computed from the games of one spec: who wins from which
//! seat and turn position, draws and limits, game length, branching, and every rule
//! event. Each figure has a stable key (`position.1.win`, `length`,
//! `events.triles.wedge.per-game`), which `--until-clear` names.

use std::collections::{BTreeSet, HashMap};

use serde::Serialize;

use crate::sim::GameLine;
use crate::stats::{self, Estimate, Moments};

/// What a figure measures, with what its interval needs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum Measure {
    /// `hits` out of `trials`.
    Proportion { hits: u64, trials: u64 },
    /// The mean of one value per game.
    Mean(#[serde(skip)] Moments),
}

impl Measure {
    pub fn estimate(&self, z: f64) -> Estimate {
        match self {
            Measure::Proportion { hits, trials } => stats::proportion(*hits, *trials, z),
            Measure::Mean(m) => stats::mean(m, z),
        }
    }

    /// `self − base`, with its interval; `None` when the two measure different things.
    pub fn difference(&self, base: &Measure, z: f64) -> Option<Estimate> {
        match (self, base) {
            (
                Measure::Proportion { hits, trials },
                Measure::Proportion {
                    hits: h0,
                    trials: t0,
                },
            ) => Some(stats::proportion_difference(
                (*hits, *trials),
                (*h0, *t0),
                z,
            )),
            (Measure::Mean(a), Measure::Mean(b)) => Some(stats::mean_difference(a, b, z)),
            _ => None,
        }
    }

    pub fn is_proportion(&self) -> bool {
        matches!(self, Measure::Proportion { .. })
    }
}

/// One figure's difference between a spec and the baseline, played on the same seeds:
/// paired by seed (the mean of the per-seed differences, with its normal interval) when
/// both have each game's value and that interval is the narrower at 95%, else the
/// independent samples' interval ([`Measure::difference`]).
///
/// Same seeds deal the same dice and tiles as far as the rules agree, so the two games of
/// a seed tend to go alike and the per-seed differences vary less than two independent
/// samples: pairing narrows the interval. When they vary more (the games of a seed go
/// apart, a negative covariance), pairing cannot help, and the independent interval is
/// kept: a paired interval is never wider than the unpaired one on the same data.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    unpaired: (Measure, Measure),
    /// The per-seed differences, when pairing is used.
    paired: Option<Moments>,
}

impl Difference {
    /// `key` of `spec` minus `key` of `base`; `None` when either lacks it or the two
    /// measure different things.
    pub fn of(spec: &Summary, base: &Summary, key: &str) -> Option<Self> {
        let (f, b) = (spec.figure(key)?, base.figure(key)?);
        f.measure.difference(&b.measure, stats::Z_95)?;
        let mut difference = Self {
            unpaired: (f.measure, b.measure),
            paired: None,
        };
        let paired = per_seed(spec, f, base, b);
        if let Some(m) = paired.filter(|m| m.n() >= 2) {
            let width = |e: Estimate| e.high - e.low;
            if width(stats::mean(&m, stats::Z_95)) <= width(difference.estimate(stats::Z_95)) {
                difference.paired = Some(m);
            }
        }
        Some(difference)
    }

    /// The difference with its interval at the normal quantile `z`.
    pub fn estimate(&self, z: f64) -> Estimate {
        match &self.paired {
            Some(m) => stats::mean(m, z),
            None => self
                .unpaired
                .0
                .difference(&self.unpaired.1, z)
                .expect("checked in Difference::of"),
        }
    }

    /// The independent samples' interval, whichever is used.
    pub fn unpaired(&self, z: f64) -> Estimate {
        self.unpaired
            .0
            .difference(&self.unpaired.1, z)
            .expect("checked in Difference::of")
    }

    pub fn is_paired(&self) -> bool {
        self.paired.is_some()
    }

    /// How strongly it separates from zero ([`stats::separation`]).
    pub fn separation(&self) -> f64 {
        stats::separation(|z| self.estimate(z))
    }
}

/// The per-seed differences of figure `f` of `spec` and `b` of `base`, over the games
/// both played (matched by index, so by seed) where both have a value.
fn per_seed(spec: &Summary, f: &Figure, base: &Summary, b: &Figure) -> Option<Moments> {
    let (values, base_values) = (f.values.as_ref()?, b.values.as_ref()?);
    let at: std::collections::HashMap<usize, f64> = base
        .game_indices
        .iter()
        .copied()
        .zip(base_values.iter().copied())
        .collect();
    Some(Moments::of(
        spec.game_indices
            .iter()
            .zip(values)
            .filter_map(|(i, &v)| Some(v - at.get(i)?))
            .filter(|d| !d.is_nan()),
    ))
}

/// Which part of the report a figure belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Section {
    /// Wins by turn position and seat, draws, limits.
    Results,
    /// Game length and branching.
    Shape,
    /// How often each rule comes into play.
    Rules,
    /// The reviewed games' luck, skill and dynamics (`--review`).
    Review,
}

/// One figure of the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figure {
    pub key: String,
    pub label: String,
    pub section: Section,
    pub measure: Measure,
    /// Each game's value, in the order of [`Summary::game_indices`] (NaN where a game
    /// has none), for figures that are a mean or share over every game: what pairing
    /// by seed compares. `None` for a mean over some games only (`.when`).
    #[serde(skip)]
    pub values: Option<Vec<f64>>,
}

/// Everything the report says about one spec.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub spec: String,
    pub agents: Vec<String>,
    pub seat_names: Vec<String>,
    pub games: usize,
    /// Each game's index in the run (its seed is `sub_seed(run seed, index)`).
    pub game_indices: Vec<usize>,
    /// The agents as given, agent `a` sitting at seat `(a + game) mod seats`.
    pub lineup: Vec<String>,
    /// Different agents played, rotating seats: the `agent.K` figures follow each.
    pub rotated: bool,
    pub figures: Vec<Figure>,
    /// Each game's length in decisions, for the histogram.
    pub lengths: Vec<u32>,
    /// `places[k][p]`: games in which the `k+1`-th player to move finished in place
    /// `p+1` (tied seats share the better place).
    pub places: Vec<Vec<u64>>,
    /// Branching in each tenth of a game, over the games that reached it.
    pub branching: Vec<Moments>,
}

impl Summary {
    pub fn figure(&self, key: &str) -> Option<&Figure> {
        self.figures.iter().find(|f| f.key == key)
    }

    /// The 95% estimate of the figure `key`, all NaN (nothing to plot) when it is missing.
    pub fn estimate_95(&self, key: &str) -> Estimate {
        self.figure(key).map_or(
            Estimate {
                value: f64::NAN,
                low: f64::NAN,
                high: f64::NAN,
            },
            |f| f.measure.estimate(stats::Z_95),
        )
    }
}

/// The key of the first player's score (a win 1, a draw shared), the default figure of
/// `--until-clear`: unlike the first player's wins, its fair value is ½ whatever the
/// share of draws.
pub const FIRST_PLAYER_SCORE: &str = "position.1.score";

/// The fair score of any seat: [`trio_core::Outcome::score`] sums to `seats/2`.
pub const FAIR_SCORE: f64 = 0.5;

/// Short names `--until-clear` accepts for common figures.
pub fn resolve_key(name: &str) -> String {
    match name {
        "first" | "first-player" => FIRST_PLAYER_SCORE.to_owned(),
        other => other.to_owned(),
    }
}

/// A figure over every game, from each game's value: a share when `share` (each value 1
/// or 0), else a mean (NaN: the game has no value).
fn over_games(
    key: String,
    label: String,
    section: Section,
    share: bool,
    values: Vec<f64>,
) -> Figure {
    let measure = if share {
        Measure::Proportion {
            hits: values.iter().filter(|&&v| v > 0.5).count() as u64,
            trials: values.len() as u64,
        }
    } else {
        Measure::Mean(Moments::of(values.iter().copied().filter(|v| !v.is_nan())))
    };
    Figure {
        key,
        label,
        section,
        measure,
        values: Some(values),
    }
}

/// The means over the reviewed games of their dynamics and of their luck and skill split
/// (each game's value NaN where it was not reviewed).
fn review_figures(lines: &[GameLine], figures: &mut Vec<Figure>) {
    type Of = fn(&crate::sim::Reviewed) -> f64;
    let table: [(&str, &str, Of); 10] = [
        (
            "review.luck-share",
            "chance's share of what moved the values: luck over luck and skill lost",
            |r| r.luck_share,
        ),
        (
            "review.luck",
            "luck a seat met: the size of its luck summed over the game, mean of the seats",
            |r| r.luck.iter().map(|x| x.abs()).sum::<f64>() / r.luck.len().max(1) as f64,
        ),
        (
            "review.skill",
            "skill a seat lost: its moves' losses summed over the game, mean of the seats",
            |r| r.skill.iter().sum::<f64>() / r.skill.len().max(1) as f64,
        ),
        (
            "review.lead-changes",
            "lead changes: times the seat ahead changed",
            |r| r.lead_changes as f64,
        ),
        (
            "review.drama",
            "drama: how far the winner stood behind, on average over the positions",
            |r| r.drama,
        ),
        (
            "review.drama-max",
            "drama at worst: the winner's deepest deficit",
            |r| r.drama_max,
        ),
        (
            "review.threshold",
            "decisiveness threshold: the highest value a seat that did not win reached",
            |r| r.threshold,
        ),
        (
            "review.decided-share",
            "share of the game played after it was decided (the winner above the threshold for good)",
            |r| r.decided_share,
        ),
        (
            "review.clarity",
            "clarity: the share of the legal moves that were clearly good, at the decisions valued (few: clear)",
            |r| r.clarity.unwrap_or(f64::NAN),
        ),
        (
            "review.clear-moves",
            "clearly good moves at a decision valued",
            |r| r.clear_moves.unwrap_or(f64::NAN),
        ),
    ];
    for (key, label, of) in table {
        figures.push(over_games(
            key.to_owned(),
            label.to_owned(),
            Section::Review,
            false,
            lines
                .iter()
                .map(|l| l.review.as_ref().map_or(f64::NAN, of))
                .collect(),
        ));
    }
}

/// The figures of `lines`, games of one spec with `seat_names`; every event of
/// `event_names` gets its figures, 0 when it never happened.
pub fn summarize(
    spec: &str,
    seat_names: &[String],
    event_names: &[&str],
    lines: &[GameLine],
) -> Summary {
    let seats = seat_names.len();
    let mut figures = Vec::new();
    let per_game = |value: &dyn Fn(&GameLine) -> f64| lines.iter().map(value).collect::<Vec<_>>();
    let flag = |b: bool| f64::from(u8::from(b));
    let ordinal = |k: usize| match k {
        1 => "first".to_owned(),
        2 => "second".to_owned(),
        3 => "third".to_owned(),
        4 => "fourth".to_owned(),
        k => format!("{k}th"),
    };
    for p in 0..seats {
        let label = if p == 0 {
            "the first player to move wins (first-player advantage)".to_owned()
        } else {
            format!("the {} player to move wins", ordinal(p + 1))
        };
        let wins =
            per_game(&|l| flag(l.result.winner.is_some_and(|w| l.position_of(w) == Some(p))));
        figures.push(over_games(
            format!("position.{}.win", p + 1),
            label,
            Section::Results,
            true,
            wins,
        ));
        let scores = per_game(&|l| {
            l.result
                .order
                .get(p)
                .map_or(f64::NAN, |&seat| l.score(seat))
        });
        figures.push(over_games(
            format!("position.{}.score", p + 1),
            format!(
                "the {} player's score (a win 1, a draw ½; fair ½)",
                ordinal(p + 1)
            ),
            Section::Results,
            false,
            scores,
        ));
    }
    for (s, name) in seat_names.iter().enumerate() {
        let seat = s as u8;
        figures.push(over_games(
            format!("seat.{}.win", s + 1),
            format!("seat {} ({name}) wins", s + 1),
            Section::Results,
            true,
            per_game(&|l| flag(l.result.winner == Some(seat))),
        ));
        figures.push(over_games(
            format!("seat.{}.score", s + 1),
            format!("seat {} ({name}): score", s + 1),
            Section::Results,
            false,
            per_game(&|l| l.score(seat)),
        ));
    }
    let lineup: Vec<String> = lines.first().map_or_else(Vec::new, |l| {
        (0..l.agents.len())
            .map(|a| l.agents[usize::from(l.seat_of_agent(a))].clone())
            .collect()
    });
    let rotated = lineup.iter().any(|a| *a != lineup[0]);
    if rotated {
        for (a, name) in lineup.iter().enumerate() {
            figures.push(over_games(
                format!("agent.{}.win", a + 1),
                format!("agent {} ({name}) wins, in every seat in turn", a + 1),
                Section::Results,
                true,
                per_game(&|l| flag(l.result.winner == Some(l.seat_of_agent(a)))),
            ));
            figures.push(over_games(
                format!("agent.{}.score", a + 1),
                format!("agent {} ({name}): score", a + 1),
                Section::Results,
                false,
                per_game(&|l| l.score(l.seat_of_agent(a))),
            ));
        }
    }
    figures.push(over_games(
        "draw".to_owned(),
        "draw: every seat shares first place".to_owned(),
        Section::Results,
        true,
        per_game(&|l| flag(l.is_draw())),
    ));
    // With two seats, no seat alone in first place is a draw: one figure, not two.
    if seats > 2 {
        figures.push(over_games(
            "no-winner".to_owned(),
            "no seat alone in first place".to_owned(),
            Section::Results,
            true,
            per_game(&|l| flag(l.result.winner.is_none())),
        ));
    }
    figures.push(over_games(
        "limit".to_owned(),
        "stopped by a limit of the rules".to_owned(),
        Section::Results,
        true,
        per_game(&|l| flag(l.result.limit)),
    ));
    figures.push(over_games(
        "length".to_owned(),
        "game length: decisions (plies)".to_owned(),
        Section::Shape,
        false,
        per_game(&|l| f64::from(l.length)),
    ));
    figures.push(over_games(
        "actions".to_owned(),
        "actions, chance outcomes included".to_owned(),
        Section::Shape,
        false,
        per_game(&|l| f64::from(l.actions)),
    ));
    let mut branching = vec![Moments::default(); 10];
    let mut overall = Vec::with_capacity(lines.len());
    for line in lines {
        let mut game = Moments::default();
        for (tenth, b) in line.branching.iter().enumerate() {
            if let (Some(b), Some(m)) = (b, branching.get_mut(tenth)) {
                m.push(*b);
                game.push(*b);
            }
        }
        overall.push(game.mean());
    }
    figures.push(over_games(
        "branching".to_owned(),
        "branching: legal decisions per turn (mean of each game's tenths)".to_owned(),
        Section::Shape,
        false,
        overall,
    ));
    if lines.iter().any(|l| l.review.is_some()) {
        review_figures(lines, &mut figures);
    }
    let names: BTreeSet<&str> = event_names
        .iter()
        .copied()
        .chain(
            lines
                .iter()
                .flat_map(|l| l.events.keys().map(AsRef::as_ref)),
        )
        .collect();
    // Each game's counts, read in one pass over its events rather than looked up name
    // by name: 0 where an event did not happen.
    let slots: HashMap<&str, usize> = names.iter().enumerate().map(|(i, &n)| (n, i)).collect();
    let mut table = vec![vec![0.0; lines.len()]; names.len()];
    for (g, line) in lines.iter().enumerate() {
        for (name, &n) in &line.events {
            if let Some(&slot) = slots.get(name.as_ref()) {
                table[slot][g] = n as f64;
            }
        }
    }
    for (name, counts) in names.into_iter().zip(table) {
        let happened: Vec<f64> = counts.iter().map(|&n| flag(n > 0.0)).collect();
        let when = Measure::Mean(Moments::of(counts.iter().copied().filter(|&n| n > 0.0)));
        figures.push(over_games(
            format!("events.{name}.per-game"),
            format!("{name}: per game"),
            Section::Rules,
            false,
            counts,
        ));
        figures.push(over_games(
            format!("events.{name}.games"),
            format!("{name}: share of games"),
            Section::Rules,
            true,
            happened,
        ));
        // A mean over the games where it happened: no value for the others, so not
        // paired by seed.
        figures.push(Figure {
            key: format!("events.{name}.when"),
            label: format!("{name}: per game where it happens"),
            section: Section::Rules,
            measure: when,
            values: None,
        });
    }
    let mut places = vec![vec![0u64; seats]; seats];
    for line in lines {
        for (k, &seat) in line.result.order.iter().enumerate() {
            let place = usize::from(line.result.ranks[usize::from(seat)]);
            if let Some(n) = places.get_mut(k).and_then(|p| p.get_mut(place)) {
                *n += 1;
            }
        }
    }
    Summary {
        spec: spec.to_owned(),
        agents: lines.first().map(|l| l.agents.clone()).unwrap_or_default(),
        seat_names: seat_names.to_vec(),
        games: lines.len(),
        game_indices: lines.iter().map(|l| l.game).collect(),
        lineup,
        rotated,
        figures,
        lengths: lines.iter().map(|l| l.length).collect(),
        places,
        branching,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Z_95;
    use rand::Rng;
    use trio_core::rng;

    /// A summary of one figure, `length`, with these per-game values for games 0, 1, ….
    fn summary(values: Vec<f64>) -> Summary {
        Summary {
            spec: "toy".to_owned(),
            agents: Vec::new(),
            seat_names: Vec::new(),
            games: values.len(),
            game_indices: (0..values.len()).collect(),
            lineup: Vec::new(),
            rotated: false,
            figures: vec![over_games(
                "length".to_owned(),
                "length".to_owned(),
                Section::Shape,
                false,
                values,
            )],
            lengths: Vec::new(),
            places: Vec::new(),
            branching: Vec::new(),
        }
    }

    fn width(e: Estimate) -> f64 {
        e.high - e.low
    }

    #[test]
    fn pairing_by_seed_narrows_and_is_never_wider() {
        let mut rng = rng::seeded(5);
        let mut narrowed = 0;
        for trial in 0..400 {
            // Each seed's games share a part `common` (the dice they both met), then
            // go their own way; from fully shared to negatively related.
            let share = [0.9, 0.5, 0.0, -0.5][trial % 4];
            let n = 30 + trial % 50;
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for _ in 0..n {
                let common: f64 = rng.random();
                a.push(common + 0.5 * rng.random::<f64>());
                b.push(share * common + 0.5 * rng.random::<f64>() + 0.1);
            }
            let (sa, sb) = (summary(a), summary(b));
            let d = Difference::of(&sb, &sa, "length").unwrap();
            let (paired, unpaired) = (d.estimate(Z_95), d.unpaired(Z_95));
            assert!(
                width(paired) <= width(unpaired),
                "trial {trial}: {paired:?} {unpaired:?}"
            );
            if share > 0.8 {
                assert!(d.is_paired());
                assert!(width(paired) < 0.7 * width(unpaired), "trial {trial}");
                narrowed += 1;
            }
            if share < 0.0 {
                assert!(
                    !d.is_paired(),
                    "trial {trial}: negatively related pairs do not help"
                );
            }
        }
        assert_eq!(narrowed, 100);
    }

    #[test]
    fn pairs_are_matched_by_seed() {
        // The base lacks game 1 (an interrupted run): games 0 and 2 are paired.
        let a = summary(vec![1.0, 2.0, 3.0]);
        let mut b = summary(vec![1.5, 2.5]);
        b.game_indices = vec![0, 2];
        let d = Difference::of(&a, &b, "length").unwrap();
        assert!(d.is_paired());
        assert!((d.estimate(Z_95).value - (-0.5 + 0.5) / 2.0).abs() < 1e-12);
    }
}
