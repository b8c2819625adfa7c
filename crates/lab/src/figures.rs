//! The figures of a report, computed from the games of one spec: who wins from which
//! seat and turn position, draws and limits, game length, branching, and every rule
//! event. Each figure has a stable key (`position.1.win`, `length`,
//! `events.triles.wedge.per-game`), which `--until-clear` names.

use std::collections::BTreeSet;

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

    /// How strongly `self − base` separates from zero ([`stats::separation`]); 0 when
    /// the two measure different things.
    pub fn separation(&self, base: &Measure) -> f64 {
        if self.difference(base, stats::Z_95).is_none() {
            return 0.0;
        }
        stats::separation(|z| self.difference(base, z).expect("checked above"))
    }
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
}

/// One figure of the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figure {
    pub key: String,
    pub label: String,
    pub section: Section,
    pub measure: Measure,
}

/// Everything the report says about one spec.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub spec: String,
    pub agents: Vec<String>,
    pub seat_names: Vec<String>,
    pub games: usize,
    /// The agents as given, agent `a` sitting at seat `(a + game) mod seats`.
    pub lineup: Vec<String>,
    /// Different agents played, rotating seats: the `agent.K` figures follow each.
    pub rotated: bool,
    pub figures: Vec<Figure>,
    /// Each game's length in decisions, for the histogram.
    pub lengths: Vec<u32>,
    /// Each game's first player's score, in the order of `lengths`.
    pub first_scores: Vec<f64>,
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

/// The figures of `lines`, games of one spec with `seat_names`; every event of
/// `event_names` gets its figures, 0 when it never happened.
pub fn summarize(
    spec: &str,
    seat_names: &[String],
    event_names: &[&str],
    lines: &[GameLine],
) -> Summary {
    let games = lines.len() as u64;
    let seats = seat_names.len();
    let mut figures = Vec::new();
    let mut push = |key: String, label: String, section: Section, measure: Measure| {
        figures.push(Figure {
            key,
            label,
            section,
            measure,
        })
    };
    let count = |keep: &dyn Fn(&GameLine) -> bool| lines.iter().filter(|l| keep(l)).count() as u64;
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
        let hits = count(&|l| l.result.winner.is_some_and(|w| l.position_of(w) == Some(p)));
        push(
            format!("position.{}.win", p + 1),
            label,
            Section::Results,
            Measure::Proportion {
                hits,
                trials: games,
            },
        );
        let scores = lines.iter().filter_map(|l| {
            let seat = *l.result.order.get(p)?;
            Some(l.score(seat))
        });
        push(
            format!("position.{}.score", p + 1),
            format!(
                "the {} player's score (a win 1, a draw ½; fair ½)",
                ordinal(p + 1)
            ),
            Section::Results,
            Measure::Mean(Moments::of(scores)),
        );
    }
    for (s, name) in seat_names.iter().enumerate() {
        let hits = count(&|l| l.result.winner == Some(s as u8));
        push(
            format!("seat.{}.win", s + 1),
            format!("seat {} ({name}) wins", s + 1),
            Section::Results,
            Measure::Proportion {
                hits,
                trials: games,
            },
        );
        push(
            format!("seat.{}.score", s + 1),
            format!("seat {} ({name}): score", s + 1),
            Section::Results,
            Measure::Mean(Moments::of(lines.iter().map(|l| l.score(s as u8)))),
        );
    }
    let lineup: Vec<String> = lines.first().map_or_else(Vec::new, |l| {
        (0..l.agents.len())
            .map(|a| l.agents[usize::from(l.seat_of_agent(a))].clone())
            .collect()
    });
    let rotated = lineup.iter().any(|a| *a != lineup[0]);
    if rotated {
        for (a, name) in lineup.iter().enumerate() {
            let hits = count(&|l| l.result.winner == Some(l.seat_of_agent(a)));
            push(
                format!("agent.{}.win", a + 1),
                format!("agent {} ({name}) wins, in every seat in turn", a + 1),
                Section::Results,
                Measure::Proportion {
                    hits,
                    trials: games,
                },
            );
            push(
                format!("agent.{}.score", a + 1),
                format!("agent {} ({name}): score", a + 1),
                Section::Results,
                Measure::Mean(Moments::of(
                    lines.iter().map(|l| l.score(l.seat_of_agent(a))),
                )),
            );
        }
    }
    push(
        "draw".to_owned(),
        "draw: every seat shares first place".to_owned(),
        Section::Results,
        Measure::Proportion {
            hits: count(&GameLine::is_draw),
            trials: games,
        },
    );
    // With two seats, no seat alone in first place is a draw: one figure, not two.
    if seats > 2 {
        push(
            "no-winner".to_owned(),
            "no seat alone in first place".to_owned(),
            Section::Results,
            Measure::Proportion {
                hits: count(&|l| l.result.winner.is_none()),
                trials: games,
            },
        );
    }
    push(
        "limit".to_owned(),
        "stopped by a limit of the rules".to_owned(),
        Section::Results,
        Measure::Proportion {
            hits: count(&|l| l.result.limit),
            trials: games,
        },
    );
    push(
        "length".to_owned(),
        "game length: decisions (plies)".to_owned(),
        Section::Shape,
        Measure::Mean(Moments::of(lines.iter().map(|l| f64::from(l.length)))),
    );
    push(
        "actions".to_owned(),
        "actions, chance outcomes included".to_owned(),
        Section::Shape,
        Measure::Mean(Moments::of(lines.iter().map(|l| f64::from(l.actions)))),
    );
    let mut branching = vec![Moments::default(); 10];
    let mut overall = Moments::default();
    for line in lines {
        let mut game = Moments::default();
        for (tenth, b) in line.branching.iter().enumerate() {
            if let (Some(b), Some(m)) = (b, branching.get_mut(tenth)) {
                m.push(*b);
                game.push(*b);
            }
        }
        if game.n() > 0 {
            overall.push(game.mean());
        }
    }
    push(
        "branching".to_owned(),
        "branching: legal decisions per turn (mean of each game's tenths)".to_owned(),
        Section::Shape,
        Measure::Mean(overall),
    );
    let names: BTreeSet<&str> = event_names
        .iter()
        .copied()
        .chain(
            lines
                .iter()
                .flat_map(|l| l.events.keys().map(String::as_str)),
        )
        .collect();
    for name in names {
        let values = || {
            lines
                .iter()
                .map(|l| l.events.get(name).copied().unwrap_or(0))
        };
        let happened = values().filter(|&n| n > 0).count() as u64;
        push(
            format!("events.{name}.per-game"),
            format!("{name}: per game"),
            Section::Rules,
            Measure::Mean(Moments::of(values().map(|n| n as f64))),
        );
        push(
            format!("events.{name}.games"),
            format!("{name}: share of games"),
            Section::Rules,
            Measure::Proportion {
                hits: happened,
                trials: games,
            },
        );
        push(
            format!("events.{name}.when"),
            format!("{name}: per game where it happens"),
            Section::Rules,
            Measure::Mean(Moments::of(values().filter(|&n| n > 0).map(|n| n as f64))),
        );
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
        lineup,
        rotated,
        figures,
        lengths: lines.iter().map(|l| l.length).collect(),
        first_scores: lines
            .iter()
            .map(|l| l.result.order.first().map_or(f64::NAN, |&s| l.score(s)))
            .collect(),
        places,
        branching,
    }
}
