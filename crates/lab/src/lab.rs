//! A study: one spec, or several compared on the same seeds, played in one go or in
//! batches until a chosen figure is clear.
//!
//! Until-clear: the run is split into looks of `batch` games per spec, at most
//! `cap / batch` of them, fixed before the first game ([`SequentialPlan`]). After each
//! look the figure's difference between each spec still playing and the first is
//! judged at the plan's Bonferroni level: **clear** when the interval excludes zero,
//! **negligible** when it lies within `±margin` (an equivalence test, when a margin is
//! given). A decided spec stops playing; the first plays on while any other does; the
//! study ends when every spec is decided or at the cap (not clear), and says which.
//!
//! With a single spec the figure is judged against a reference value instead: by
//! default the fair score ½ of a `.score` figure (a win 1, a draw ½), which, unlike the
//! first player's share of wins against `1 / seats`, does not read draws as losses.
//!
//! Then, when asked, for every spec: the duplicate twins of its games (the deal's effect,
//! [`luck::deal_effect`]) and the skill ladder ([`luck::SkillShare`]), on the same seeds.

use std::sync::atomic::AtomicBool;

use serde::Serialize;
use trio_catalog::{AgentSpec, GameSpec};

use crate::figures::{self, Difference, Summary};
use crate::luck::{self, DealEffect, Pairing, SkillShare};
use crate::sim::{self, GameLine, Part, Plan, ReviewPlan, SimError};
use crate::stats::{Estimate, SequentialPlan};

/// What to play.
#[derive(Clone, Debug, Default)]
pub struct Study {
    /// One spec, or several to compare (the first is the baseline).
    pub specs: Vec<GameSpec>,
    pub agents: Vec<AgentSpec>,
    /// Games per spec (ignored with `until_clear`, which has its own batch and cap).
    pub games: usize,
    pub seed: u64,
    pub threads: usize,
    pub until_clear: Option<UntilClear>,
    /// How many of the first chance outcomes to stratify (0: none).
    pub stratify: usize,
    /// Play every seed again with the seats swapped.
    pub duplicate: bool,
    /// Review the first games of every spec.
    pub review: Option<ReviewPlan>,
    /// Play a skill ladder on every spec.
    pub skill: Option<Ladder>,
}

/// A skill ladder: agents from weakest to strongest, each rung playing the one below
/// (and the top the weakest) `games` games, seats rotating.
#[derive(Clone, Debug, PartialEq)]
pub struct Ladder {
    pub rungs: Vec<AgentSpec>,
    pub games: usize,
}

impl Ladder {
    /// The games one spec's ladder plays.
    pub fn games(&self) -> usize {
        luck::pairings(self.rungs.len()).len() * self.games
    }
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
    /// With a single spec: the value the figure is judged against (default: ½ for a
    /// `.score` figure; required for any other).
    pub against: Option<f64>,
    /// A difference whose whole interval lies within `±margin` is negligible: that
    /// spec is decided too. `None`: only a clear difference decides.
    pub margin: Option<f64>,
}

/// What the last look found of one spec's difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Status {
    /// The interval excludes zero.
    Clear,
    /// The interval lies within the margin of zero.
    Negligible,
    /// Neither, at the cap (or when the run was stopped).
    Open,
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
    /// difference at the plan's level when it was decided (or at the end).
    pub judged: Vec<Judged>,
    /// Every spec is decided (clear or negligible).
    pub decided: bool,
    /// Some spec was decided before the cap: its estimate is biased away from zero
    /// (stopping when a difference looks large favours runs in which it looks larger).
    pub stopped_early: bool,
    /// The reference value of a single-spec study.
    pub against: Option<f64>,
    pub margin: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Judged {
    pub spec: String,
    pub difference: Estimate,
    pub status: Status,
    /// Games per spec when it was decided, or at the end.
    pub games: usize,
}

/// What a study found.
#[derive(Clone, Debug)]
pub struct Findings {
    /// Each spec's games, in index order.
    pub lines: Vec<Vec<GameLine>>,
    /// Each spec's duplicate twins (empty without `--duplicate`).
    pub swapped: Vec<Vec<GameLine>>,
    /// Each spec's deal effect, from its games and their twins.
    pub deal_effects: Vec<Option<DealEffect>>,
    /// Each spec's skill ladder (empty without `--skill`).
    pub skill: Vec<SkillShare>,
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
    /// `--until-clear` with one spec judges a figure against a reference, known for a
    /// score only.
    #[error(
        "with one spec, --until-clear judges {key} against a value: give it with --against, \
         or judge a score such as position.1.score (a win 1, a draw ½) against its fair ½; \
         a share of wins against 1/seats would count draws as losses"
    )]
    NoReference { key: String },
    #[error("--negligible {0} is not a positive margin")]
    Margin(f64),
    #[error("a skill ladder needs two different agents or more, weakest first (random,ai:1,ai:2)")]
    Ladder,
    #[error("the skill ladder plays two-seat games; {spec} has {seats} seats")]
    LadderSeats { spec: String, seats: usize },
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
    if let Some(ladder) = &study.skill {
        let distinct = ladder
            .rungs
            .iter()
            .enumerate()
            .all(|(i, a)| !ladder.rungs[..i].contains(a));
        if ladder.rungs.len() < 2 || !distinct {
            return Err(StudyError::Ladder);
        }
        if let Some((spec, names)) = study.specs.iter().zip(&names).find(|(_, n)| n.len() != 2) {
            return Err(StudyError::LadderSeats {
                spec: spec.to_string(),
                seats: names.len(),
            });
        }
    }
    let plans: Vec<Plan> = study
        .specs
        .iter()
        .map(|spec| Plan {
            stratify: study.stratify,
            review: study.review,
            ..Plan::new(
                spec.clone(),
                study.agents.clone(),
                study.seed,
                study.threads,
            )
        })
        .collect();
    let mut lines: Vec<Vec<GameLine>> = vec![Vec::new(); plans.len()];
    let interrupted = |stop: &AtomicBool| stop.load(std::sync::atomic::Ordering::Relaxed);
    let summarize = |lines: &[Vec<GameLine>]| -> Vec<Summary> {
        plans
            .iter()
            .zip(lines)
            .zip(&names)
            .map(|((plan, lines), names)| {
                figures::summarize(
                    &plan.spec.to_string(),
                    names,
                    sim::event_names(plan.spec.kind),
                    lines,
                )
            })
            .collect()
    };
    let Some(until) = &study.until_clear else {
        for (plan, lines) in plans.iter().zip(&mut lines) {
            *lines = sim::play(plan, 0..study.games, stop, &|_| progress())?;
        }
        return finish(
            study, &plans, &names, lines, summarize, None, stop, progress,
        );
    };
    if until.batch == 0 || until.cap < until.batch {
        return Err(StudyError::Batch {
            batch: until.batch,
            cap: until.cap,
        });
    }
    if let Some(m) = until.margin.filter(|m| m.is_nan() || *m <= 0.0) {
        return Err(StudyError::Margin(m));
    }
    let key = figures::resolve_key(&until.figure);
    let plan = SequentialPlan {
        alpha: until.alpha,
        looks: until.cap.div_ceil(until.batch) as u32,
        comparisons: (plans.len() - 1).max(1) as u32,
    };
    let against = if plans.len() == 1 {
        match until.against {
            Some(x) => Some(x),
            None if key.ends_with(".score") => Some(figures::FAIR_SCORE),
            None => return Err(StudyError::NoReference { key }),
        }
    } else {
        None
    };
    // Judged specs: the others, or the single one against its reference.
    let judged_specs: Vec<usize> = if plans.len() == 1 {
        vec![0]
    } else {
        (1..plans.len()).collect()
    };
    let mut judged: Vec<Option<Judged>> = vec![None; judged_specs.len()];
    let mut looks = 0;
    for look in 0..plan.looks {
        let start = look as usize * until.batch;
        let end = (start + until.batch).min(until.cap);
        let open = |i: usize| {
            judged_specs.iter().zip(&judged).any(|(&j, v)| {
                v.as_ref().is_none_or(|v| v.status == Status::Open) && (j == i || i == 0)
            })
        };
        for (i, (plan, lines)) in plans.iter().zip(&mut lines).enumerate() {
            if open(i) {
                lines.extend(sim::play(plan, start..end, stop, &|_| progress())?);
            }
        }
        if interrupted(stop) {
            break;
        }
        looks = look + 1;
        let summaries = summarize(&lines);
        for (slot, &j) in judged.iter_mut().zip(&judged_specs) {
            if slot.as_ref().is_some_and(|v| v.status != Status::Open) {
                continue;
            }
            let difference = judge(&summaries, j, &key, plan.z(), against)?;
            *slot = Some(Judged {
                spec: summaries[j].spec.clone(),
                difference,
                status: status(&difference, until.margin),
                games: end,
            });
        }
        if judged.iter().flatten().all(|j| j.status != Status::Open) {
            break;
        }
    }
    let judged: Vec<Judged> = judged.into_iter().flatten().collect();
    let verdict = (!judged.is_empty()).then(|| Verdict {
        figure: key.clone(),
        plan,
        looks,
        games_per_spec: lines.iter().map(Vec::len).max().unwrap_or(0),
        decided: judged.iter().all(|j| j.status != Status::Open),
        stopped_early: judged
            .iter()
            .any(|j| j.status != Status::Open && j.games < until.cap),
        judged,
        against,
        margin: until.margin,
    });
    finish(
        study, &plans, &names, lines, summarize, verdict, stop, progress,
    )
}

/// The study's findings from each spec's games: with the duplicate twins and the skill
/// ladders played when asked, on the same seeds.
#[allow(clippy::too_many_arguments)]
fn finish(
    study: &Study,
    plans: &[Plan],
    names: &[Vec<String>],
    lines: Vec<Vec<GameLine>>,
    summarize: impl Fn(&[Vec<GameLine>]) -> Vec<Summary>,
    verdict: Option<Verdict>,
    stop: &AtomicBool,
    progress: &(dyn Fn() + Sync),
) -> Result<Findings, StudyError> {
    let (mut swapped, mut deal_effects, mut skill) = (Vec::new(), Vec::new(), Vec::new());
    for (plan, lines) in plans.iter().zip(&lines) {
        if !study.duplicate {
            break;
        }
        let twin = Plan {
            part: Part::Swapped,
            review: None,
            ..plan.clone()
        };
        let end = lines.iter().map(|l| l.game + 1).max().unwrap_or(0);
        let twins = sim::play(&twin, 0..end, stop, &|_| progress())?;
        deal_effects.push(luck::deal_effect(lines, &twins, study.seed));
        swapped.push(twins);
    }
    for (plan, names) in plans.iter().zip(names) {
        let Some(ladder) = &study.skill else { break };
        let mut pairings = Vec::new();
        for (upper, lower) in luck::pairings(ladder.rungs.len()) {
            let rung = Plan {
                part: Part::Skill,
                stratify: plan.stratify,
                ..Plan::new(
                    plan.spec.clone(),
                    vec![ladder.rungs[upper].clone(), ladder.rungs[lower].clone()],
                    plan.seed,
                    plan.threads,
                )
            };
            let games = sim::play(&rung, 0..ladder.games, stop, &|_| progress())?;
            let summary = figures::summarize(
                &plan.spec.to_string(),
                names,
                sim::event_names(plan.spec.kind),
                &games,
            );
            pairings.push(Pairing {
                upper,
                lower,
                summary,
                lines: games,
            });
        }
        let rungs = ladder.rungs.iter().map(ToString::to_string).collect();
        skill.push(SkillShare::of(rungs, pairings, study.seed));
    }
    Ok(Findings {
        summaries: summarize(&lines),
        lines,
        swapped,
        deal_effects,
        skill,
        interrupted: stop.load(std::sync::atomic::Ordering::Relaxed),
        verdict,
        seed: study.seed,
    })
}

/// Clear, negligible (within `±margin`) or neither.
fn status(difference: &Estimate, margin: Option<f64>) -> Status {
    if difference.excludes_zero() {
        Status::Clear
    } else if margin.is_some_and(|m| -m <= difference.low && difference.high <= m) {
        Status::Negligible
    } else {
        Status::Open
    }
}

/// Spec `j`'s difference from the first on figure `key` (or, with `against`, the single
/// spec's from that value) at the normal quantile `z`.
fn judge(
    summaries: &[Summary],
    j: usize,
    key: &str,
    z: f64,
    against: Option<f64>,
) -> Result<Estimate, StudyError> {
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
        let e = base.estimate(z);
        return Ok(Estimate {
            value: e.value - reference,
            low: e.low - reference,
            high: e.high - reference,
        });
    }
    measure(&summaries[j])?;
    Ok(Difference::of(&summaries[j], &summaries[0], key)
        .expect("one key measures one kind of thing in every spec")
        .estimate(z))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Z_95;

    /// A two-player game the first mover (seat 0) wins, loses or draws.
    fn game(index: usize, ranks: [u8; 2]) -> GameLine {
        GameLine::toy(index, ["random", "random"], ranks, Part::Main)
    }

    #[test]
    fn one_spec_judges_the_first_players_score_not_wins_against_a_half() {
        // A fair game with 4% draws: 48% wins each way. The first player's wins are 2 pp
        // short of ½ only because draws are not wins; the score, a draw counting ½, is
        // exactly fair.
        let lines: Vec<GameLine> = (0..5000)
            .map(|i| match i % 25 {
                0 => game(i, [0, 0]),
                k if k % 2 == 1 => game(i, [0, 1]),
                _ => game(i, [1, 0]),
            })
            .collect();
        let names = vec!["one".to_owned(), "two".to_owned()];
        let summary = figures::summarize("toy", &names, &[], &lines);
        let key = figures::resolve_key("first");
        assert_eq!(key, "position.1.score");
        let d = judge(&[summary], 0, &key, Z_95, Some(figures::FAIR_SCORE)).unwrap();
        assert!(!d.excludes_zero(), "{d:?}");
        assert!(d.value.abs() < 0.005, "{d:?}");
    }

    fn until(figure: &str, margin: Option<f64>, against: Option<f64>) -> UntilClear {
        UntilClear {
            figure: figure.to_owned(),
            batch: 50,
            cap: 500,
            alpha: 0.05,
            against,
            margin,
        }
    }

    fn study(specs: &[&str], until_clear: UntilClear) -> Study {
        Study {
            specs: specs.iter().map(|s| s.parse().unwrap()).collect(),
            agents: vec![AgentSpec::Random],
            games: 0,
            seed: 3,
            threads: 0,
            until_clear: Some(until_clear),
            ..Default::default()
        }
    }

    #[test]
    fn one_spec_needs_a_reference_for_a_share_of_wins() {
        let error = run(
            &study(&["triles"], until("position.1.win", None, None)),
            &AtomicBool::new(false),
            &|| {},
        )
        .unwrap_err();
        assert!(matches!(error, StudyError::NoReference { .. }), "{error}");
        assert!(error.to_string().contains("position.1.score"), "{error}");
    }

    #[test]
    fn each_spec_stops_once_decided_and_a_negligible_difference_decides() {
        // own-dots games are far shorter (clear at the first looks); open hands change
        // nothing random players use, so the true difference in length is
        // 0 for random players but for their own draws of the dice: negligible within ±8
        // decisions once a few hundred games narrow the interval.
        let findings = run(
            &study(
                &[
                    "triles",
                    "triles(variant=own-dots)",
                    "triles(variant=open-hands)",
                ],
                until("length", Some(8.0), None),
            ),
            &AtomicBool::new(false),
            &|| {},
        )
        .unwrap();
        let v = findings.verdict.unwrap();
        assert!(v.decided, "{v:?}");
        assert_eq!(v.judged[0].status, Status::Clear);
        assert_eq!(v.judged[1].status, Status::Negligible);
        assert!(v.stopped_early);
        assert!(v.looks < v.plan.looks);
        // Each played only until it was decided; the baseline until the last was.
        assert_eq!(findings.lines[1].len(), v.judged[0].games);
        assert_eq!(findings.lines[2].len(), v.judged[1].games);
        assert_eq!(
            findings.lines[0].len(),
            v.judged[0].games.max(v.judged[1].games)
        );
        // Without a margin the same run has to go on for the third spec alone.
        let findings = run(
            &study(
                &[
                    "triles",
                    "triles(variant=own-dots)",
                    "triles(variant=open-hands)",
                ],
                until("length", None, None),
            ),
            &AtomicBool::new(false),
            &|| {},
        )
        .unwrap();
        let v = findings.verdict.unwrap();
        assert!(!v.decided);
        assert_eq!(v.judged[1].status, Status::Open);
        assert!(findings.lines[1].len() < findings.lines[2].len());
        assert_eq!(findings.lines[2].len(), 500);
    }
}
