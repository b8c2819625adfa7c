//! A study: one spec, or several compared on the same seeds, played in one go or in
//! batches until a chosen figure is clear.
//!
//! Until-clear: the run is split into looks of `batch` games per spec, at most
//! `cap / batch` of them, fixed before the first game ([`SequentialPlan`]). After each
//! look the figure's difference between every spec and the first is judged at the
//! plan's Bonferroni level; the study stops when every difference excludes zero
//! (clear) or at the cap (not clear), and says which. With a single spec the figure (a
//! proportion) is judged against a reference value instead, by default the fair share
//! `1 / seats`.

use std::sync::atomic::AtomicBool;

use serde::Serialize;
use trio_catalog::{AgentSpec, GameSpec};

use crate::figures::{self, Summary};
use crate::sim::{self, GameLine, Plan, SimError};
use crate::stats::{Estimate, SequentialPlan};

/// What to play.
#[derive(Clone, Debug)]
pub struct Study {
    /// One spec, or several to compare (the first is the baseline).
    pub specs: Vec<GameSpec>,
    pub agents: Vec<AgentSpec>,
    /// Games per spec (ignored with `until_clear`, which has its own batch and cap).
    pub games: usize,
    pub seed: u64,
    pub threads: usize,
    pub until_clear: Option<UntilClear>,
}

/// Play in batches until a figure is clear.
#[derive(Clone, Debug, PartialEq)]
pub struct UntilClear {
    /// A figure key (`position.1.win`, `length`, `events.triles.wedge.per-game`).
    pub figure: String,
    /// Games per spec between looks.
    pub batch: usize,
    /// The most games per spec.
    pub cap: usize,
    /// The chance of claiming a difference that is not there, over the whole run.
    pub alpha: f64,
    /// With a single spec: the value the figure is judged against (default
    /// `1 / seats`).
    pub against: Option<f64>,
}

/// How an until-clear study ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Verdict {
    pub figure: String,
    pub plan: SequentialPlan,
    /// Looks taken (batches played).
    pub looks: u32,
    pub games_per_spec: usize,
    /// Per spec after the first (or the single spec against its reference): the
    /// difference at the plan's level and whether it excludes zero.
    pub judged: Vec<Judged>,
    /// Every difference excludes zero.
    pub clear: bool,
    /// The reference value of a single-spec study.
    pub against: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Judged {
    pub spec: String,
    pub difference: Estimate,
    pub separated: bool,
}

/// What a study found.
#[derive(Clone, Debug)]
pub struct Findings {
    /// Each spec's games, in index order.
    pub lines: Vec<Vec<GameLine>>,
    pub summaries: Vec<Summary>,
    /// Stopped early (Ctrl-C): the figures cover the games finished.
    pub interrupted: bool,
    pub verdict: Option<Verdict>,
    pub seed: u64,
}

/// Why a study could not run.
#[derive(Clone, Debug, thiserror::Error)]
pub enum StudyError {
    #[error(transparent)]
    Sim(#[from] SimError),
    #[error("no game to play")]
    NoGame,
    #[error(
        "--batch {batch} and --max-games {cap}: a batch is at least 1 game and at most the cap"
    )]
    Batch { batch: usize, cap: usize },
    #[error("{spec} has no figure {key:?}; the report lists every figure's key")]
    NoFigure { spec: String, key: String },
    /// `--until-clear` with one spec judges a share against a reference; a mean has none.
    #[error(
        "with one spec, --until-clear judges a share (such as position.1.win) against \
         {reference:.3}; {key} is a mean: compare two specs instead"
    )]
    NotAShare { key: String, reference: f64 },
}

/// Runs `study`; `progress` is called after every finished game, `stop` ends it early
/// with the games finished.
pub fn run(
    study: &Study,
    stop: &AtomicBool,
    progress: &(dyn Fn() + Sync),
) -> Result<Findings, StudyError> {
    if study.specs.is_empty() {
        return Err(StudyError::NoGame);
    }
    let names: Vec<Vec<String>> = study
        .specs
        .iter()
        .map(sim::seat_names)
        .collect::<Result<_, _>>()?;
    let plans: Vec<Plan> = study
        .specs
        .iter()
        .map(|spec| Plan {
            spec: spec.clone(),
            agents: study.agents.clone(),
            seed: study.seed,
            threads: study.threads,
        })
        .collect();
    let mut lines: Vec<Vec<GameLine>> = vec![Vec::new(); plans.len()];
    let interrupted = |stop: &AtomicBool| stop.load(std::sync::atomic::Ordering::Relaxed);
    let summarize = |lines: &[Vec<GameLine>]| -> Vec<Summary> {
        plans
            .iter()
            .zip(lines)
            .zip(&names)
            .map(|((plan, lines), names)| figures::summarize(&plan.spec.to_string(), names, lines))
            .collect()
    };
    let Some(until) = &study.until_clear else {
        for (plan, lines) in plans.iter().zip(&mut lines) {
            *lines = sim::play(plan, 0..study.games, stop, &|_| progress())?;
        }
        return Ok(Findings {
            summaries: summarize(&lines),
            lines,
            interrupted: interrupted(stop),
            verdict: None,
            seed: study.seed,
        });
    };
    if until.batch == 0 || until.cap < until.batch {
        return Err(StudyError::Batch {
            batch: until.batch,
            cap: until.cap,
        });
    }
    let key = figures::resolve_key(&until.figure);
    let plan = SequentialPlan {
        alpha: until.alpha,
        looks: until.cap.div_ceil(until.batch) as u32,
        comparisons: (plans.len() - 1).max(1) as u32,
    };
    let against = (plans.len() == 1).then(|| until.against.unwrap_or(1.0 / names[0].len() as f64));
    let mut verdict = None;
    for look in 0..plan.looks {
        let start = look as usize * until.batch;
        let end = (start + until.batch).min(until.cap);
        for (plan, lines) in plans.iter().zip(&mut lines) {
            lines.extend(sim::play(plan, start..end, stop, &|_| progress())?);
        }
        if interrupted(stop) {
            break;
        }
        let summaries = summarize(&lines);
        let judged = judge(&summaries, &key, plan.z(), against)?;
        let clear = judged.iter().all(|j| j.separated);
        verdict = Some(Verdict {
            figure: key.clone(),
            plan,
            looks: look + 1,
            games_per_spec: end,
            judged,
            clear,
            against,
        });
        if clear {
            break;
        }
    }
    Ok(Findings {
        summaries: summarize(&lines),
        lines,
        interrupted: interrupted(stop),
        verdict,
        seed: study.seed,
    })
}

/// Each spec's difference from the first on figure `key` (or the single spec's from
/// `against`) at the normal quantile `z`.
fn judge(
    summaries: &[Summary],
    key: &str,
    z: f64,
    against: Option<f64>,
) -> Result<Vec<Judged>, StudyError> {
    let measure = |s: &Summary| {
        s.figure(key)
            .map(|f| f.measure)
            .ok_or_else(|| StudyError::NoFigure {
                spec: s.spec.to_string(),
                key: key.to_string(),
            })
    };
    let base = measure(&summaries[0])?;
    if let Some(reference) = against {
        if !base.is_proportion() {
            return Err(StudyError::NotAShare {
                key: key.to_string(),
                reference,
            });
        }
        let e = base.estimate(z);
        let difference = Estimate {
            value: e.value - reference,
            low: e.low - reference,
            high: e.high - reference,
        };
        return Ok(vec![Judged {
            spec: summaries[0].spec.clone(),
            difference,
            separated: difference.excludes_zero(),
        }]);
    }
    summaries[1..]
        .iter()
        .map(|s| {
            let difference = measure(s)?
                .difference(&base, z)
                .expect("one key measures one kind of thing");
            Ok(Judged {
                spec: s.spec.clone(),
                difference,
                separated: difference.excludes_zero(),
            })
        })
        .collect()
}
