//! Game review: every position of a finished game valued for every seat, each decision
//! set against the best one found, each chance event's luck, and each seat's result
//! split into what it started with, what chance gave it, what its own moves cost it, what
//! the other seats' moves gave it and what the judge could not account for
//! (`docs/review.md`).
//!
//! **Values.** A [`Judge`] gives each seat's expected [`trio_core::Outcome::score`] in a
//! position. Positions are valued from the whole state: a review is made once the game is
//! over, when nothing is secret any more.
//!
//! **Skill.** A decision is judged from what its maker could see: in a game with hidden
//! information the best move is searched from the mover's view, and the two positions it
//! leads to (after the best move and after the one played) are valued from the mover's
//! view of them. The skill loss is how much lower the mover's value is after the move
//! played, never below 0; what the difference gave or took from the other seats is
//! theirs. Both positions are valued with the same seed, so moves that lead to the same
//! position cost exactly nothing.
//!
//! **Luck.** A chance event's luck for a seat is the value after it minus the value
//! before, where the value before is the expectation over its outcomes (the judge's
//! search at a chance event draws the outcomes with their probabilities) — the
//! backgammon analysers' definition.
//!
//! **The sum.** For every seat, `start + luck − skill + others + residual = result`
//! holds exactly: the residual is what the steps changed that luck and decisions do not
//! explain (one search of a position disagreeing with the searches around it).

use serde::Serialize;
use trio_core::rng::{self, GameRng};
use trio_core::{Game, Outcome, Seat, Turn};
use trio_gyges::{Gyges, State as GygesState};

use crate::gyges::{self, GygesEngine, SearchLimit as GygesLimit};
use crate::mcts::Appraisal;
use crate::{Evaluator, MctsBot};

/// A skill loss of at least this much expected score is an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// At least this much, a mistake.
pub const MISTAKE: f64 = 0.10;
/// At least this much, a blunder.
pub const BLUNDER: f64 = 0.20;

/// Every search of a review is seeded from this and the ply, so that a review of the same
/// record with the same judge always gives the same figures.
const REVIEW_SEED: u64 = 0x7472_696f_7265_7669;

/// Values positions for a review.
pub trait Judge<G: Game>: Send {
    /// What the judge is, with its budget (`mcts:1000+race`, `alphabeta:20000n`).
    fn name(&self) -> String;

    /// Each seat's expected score in `state`, and the best decision when a seat is to
    /// move; the same `state` and `seed` always give the same answer.
    fn appraise(&mut self, game: &G, state: &G::State, seed: u64) -> Appraisal<G::Action>;

    /// The same, seen from `view` alone: hidden parts are drawn consistent with it. The
    /// default draws one state, which is right for games of perfect information.
    fn appraise_view(&mut self, game: &G, view: &G::View, seed: u64) -> Appraisal<G::Action> {
        let state = game.determinize(view, &mut rng::seeded(seed));
        self.appraise(game, &state, seed)
    }
}

/// An MCTS bot as a judge: its evaluator and iteration budget, one tree.
impl<G: Game, E: Evaluator<G> + 'static> Judge<G> for MctsBot<G, E> {
    fn name(&self) -> String {
        trio_core::Bot::name(self)
    }

    fn appraise(&mut self, game: &G, state: &G::State, seed: u64) -> Appraisal<G::Action> {
        MctsBot::appraise(self, game, &mut |_| state.clone(), seed)
    }

    fn appraise_view(&mut self, game: &G, view: &G::View, seed: u64) -> Appraisal<G::Action> {
        MctsBot::appraise(
            self,
            game,
            &mut |rng: &mut GameRng| game.determinize(view, rng),
            seed,
        )
    }
}

/// The Gygès engine as a judge: its score mapped to an expected score by a logistic curve
/// ([`GygesJudge::SCALE`]), a won or lost line to 1 or 0.
#[derive(Debug)]
pub struct GygesJudge {
    engine: GygesEngine,
    limit: GygesLimit,
}

impl GygesJudge {
    /// The engine's score (100 about a piece) at which the side to move is expected to
    /// score `1 / (1 + e^-1)`, about 0.73.
    pub const SCALE: f64 = 250.0;

    pub fn new(limit: GygesLimit) -> Self {
        Self {
            engine: GygesEngine::new(Default::default()),
            limit,
        }
    }

    /// The expected score of the side to move for an engine score.
    pub fn expected_score(score: gyges::Score) -> f64 {
        match gyges::plies_to_end(score) {
            Some(plies) if plies > 0 => 1.0,
            Some(_) => 0.0,
            None => 1.0 / (1.0 + (-f64::from(score) / Self::SCALE).exp()),
        }
    }
}

impl Judge<Gyges> for GygesJudge {
    fn name(&self) -> String {
        trio_core::Bot::name(&crate::AlphaBetaBot::new(self.limit))
    }

    /// The engine's table is cleared first, so that the answer depends on the position
    /// alone. South's setup, made on an empty board, is valued even and not judged: there
    /// is nothing yet to prefer one order by (the engine's bot draws it at random).
    fn appraise(
        &mut self,
        game: &Gyges,
        state: &GygesState,
        _seed: u64,
    ) -> Appraisal<trio_gyges::Move> {
        let mut values = vec![0.5; 2];
        let Turn::Seat(mover) = game.turn(state) else {
            if let Some(outcome) = game.outcome(state) {
                fill_scores(&outcome, &mut values);
            }
            return Appraisal { values, best: None };
        };
        let pos = state.position();
        if pos.is_setup() && pos.occupied() == 0 {
            return Appraisal { values, best: None };
        }
        let limit = if pos.is_setup() {
            GygesLimit {
                depth: Some(gyges::SETUP_DEPTH),
                ..self.limit
            }
        } else {
            self.limit
        };
        self.engine.clear();
        let Some(result) = self.engine.search(game, state, limit) else {
            return Appraisal { values, best: None };
        };
        let p = Self::expected_score(result.score);
        values[mover.index()] = p;
        values[1 - mover.index()] = 1.0 - p;
        Appraisal {
            values,
            best: Some(result.best),
        }
    }
}

fn fill_scores(outcome: &Outcome, values: &mut [f64]) {
    for (seat, value) in values.iter_mut().enumerate() {
        *value = outcome.score(Seat(seat as u8));
    }
}

/// How bad a skill loss is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Label {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Label {
    /// The label of a skill loss, `None` below [`INACCURACY`].
    pub fn of(loss: f64) -> Option<Self> {
        if loss >= BLUNDER {
            Some(Self::Blunder)
        } else if loss >= MISTAKE {
            Some(Self::Mistake)
        } else if loss >= INACCURACY {
            Some(Self::Inaccuracy)
        } else {
            None
        }
    }
}

/// One action of the game, reviewed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The seat that chose it; `None` for chance.
    pub seat: Option<u8>,
    /// In the game's notation; for the closing step of a game that did not end by its
    /// rules, `resign`.
    pub action: String,
    /// Each seat's value before and after.
    pub before: Vec<f64>,
    pub after: Vec<f64>,
    /// Decisions: the mover's skill loss (0 when it played the best move found).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skill_loss: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<Label>,
    /// Decisions that lost something: the better move, and its parts for a page to draw.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    #[serde(skip_serializing_if = "serde_json::Value::is_null")]
    pub best_parts: serde_json::Value,
    /// Each seat's share of what the move played changed against the best: the mover's
    /// is minus its skill loss.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effects: Option<Vec<f64>>,
    /// Chance events: each seat's luck.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub luck: Option<Vec<f64>>,
}

/// One seat's result taken apart: `start + luck − skill + others + residual = result`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatSummary {
    pub start: f64,
    pub luck: f64,
    pub skill: f64,
    pub others: f64,
    pub residual: f64,
    pub result: f64,
    /// Decisions by label, fewest to worst: inaccuracies, mistakes, blunders.
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    pub decisions: usize,
}

/// A whole game reviewed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// The judge with its budget.
    pub judge: String,
    pub steps: Vec<Step>,
    pub seats: Vec<SeatSummary>,
}

/// How a game ended when its last state does not say (a resignation, a flag).
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub outcome: Outcome,
    /// The seat whose giving up (or running out of time) ended it.
    pub by: Option<Seat>,
}

/// Reviews the game that went from `start` through `actions` with `judge`. `ending`
/// gives the result of a game that stopped before its rules ended it; without one such a
/// game is reviewed up to its last position, valued by the judge. `progress` hears
/// `(done, total)` as the work goes on.
pub fn review<G: Game>(
    game: &G,
    start: &G::State,
    actions: &[G::Action],
    ending: Option<&Ending>,
    judge: &mut dyn Judge<G>,
    progress: &mut dyn FnMut(usize, usize),
) -> Review {
    let seats = game.seat_count();
    let hidden = game.facts().hidden_information;
    let mut states = vec![start.clone()];
    for action in actions {
        let mut next = states.last().expect("at least the start").clone();
        game.apply(&mut next, action);
        states.push(next);
    }
    let total = states.len() + actions.len();
    let mut done = 0;
    let seed_of = |ply: usize| rng::sub_seed(REVIEW_SEED, ply as u64);
    let appraisals: Vec<Appraisal<G::Action>> = states
        .iter()
        .enumerate()
        .map(|(ply, state)| {
            let a = judge.appraise(game, state, seed_of(ply));
            done += 1;
            progress(done, total);
            a
        })
        .collect();

    let mut steps = Vec::with_capacity(actions.len() + 1);
    for (ply, action) in actions.iter().enumerate() {
        let (state, next) = (&states[ply], &states[ply + 1]);
        let before = appraisals[ply].values.clone();
        let after = appraisals[ply + 1].values.clone();
        let text = game.format_action(state, action);
        let step = match game.turn(state) {
            Turn::Seat(mover) => {
                let judged = judge_decision(
                    game,
                    judge,
                    state,
                    next,
                    action,
                    mover,
                    ply,
                    hidden,
                    &appraisals,
                    seed_of,
                );
                Step {
                    seat: Some(mover.0),
                    action: text,
                    before,
                    after,
                    skill_loss: Some(judged.loss),
                    label: Label::of(judged.loss),
                    best_parts: judged
                        .best
                        .as_ref()
                        .map_or(serde_json::Value::Null, |b| game.action_parts(b)),
                    best: judged.best.as_ref().map(|b| game.format_action(state, b)),
                    effects: Some(judged.effects),
                    luck: None,
                }
            }
            _ => {
                let luck = after.iter().zip(&before).map(|(a, b)| a - b).collect();
                Step {
                    seat: None,
                    action: text,
                    before,
                    after,
                    skill_loss: None,
                    label: None,
                    best: None,
                    best_parts: serde_json::Value::Null,
                    effects: None,
                    luck: Some(luck),
                }
            }
        };
        steps.push(step);
        done += 1;
        progress(done, total);
    }

    let last = &appraisals[states.len() - 1].values;
    let result: Vec<f64> = match (game.outcome(&states[states.len() - 1]), ending) {
        (Some(outcome), _) => scores(&outcome, seats),
        (None, Some(ending)) => {
            let result = scores(&ending.outcome, seats);
            steps.push(closing_step(last, &result, ending.by));
            result
        }
        (None, None) => last.clone(),
    };
    let start_values = appraisals[0].values.clone();
    let summaries = (0..seats)
        .map(|seat| summarize(seat, &start_values, &result, &steps))
        .collect();
    Review {
        judge: judge.name(),
        steps,
        seats: summaries,
    }
}

fn scores(outcome: &Outcome, seats: usize) -> Vec<f64> {
    let mut values = vec![0.0; seats];
    fill_scores(outcome, &mut values);
    values
}

/// A decision set against the best one found.
struct Judged<A> {
    loss: f64,
    best: Option<A>,
    effects: Vec<f64>,
}

/// Judges `action` by `mover` in `state` (leading to `next`): see the module's "Skill".
#[allow(clippy::too_many_arguments)]
fn judge_decision<G: Game>(
    game: &G,
    judge: &mut dyn Judge<G>,
    state: &G::State,
    next: &G::State,
    action: &G::Action,
    mover: Seat,
    ply: usize,
    hidden: bool,
    appraisals: &[Appraisal<G::Action>],
    seed_of: impl Fn(usize) -> u64,
) -> Judged<G::Action> {
    let seats = game.seat_count();
    let unmoved = |best| Judged {
        loss: 0.0,
        best,
        effects: vec![0.0; seats],
    };
    let best = if hidden {
        judge
            .appraise_view(game, &game.view(state, mover), seed_of(ply))
            .best
    } else {
        appraisals[ply].best.clone()
    };
    let Some(best) = best.filter(|b| b != action) else {
        return unmoved(None);
    };
    let mut after_best = state.clone();
    game.apply(&mut after_best, &best);
    // Both positions with one seed: moves that reach the same position differ by nothing.
    let (best_values, played_values) = if hidden {
        let seed = rng::sub_seed(seed_of(ply + 1), 1);
        let best_values = judge.appraise_view(game, &game.view(&after_best, mover), seed);
        let played = judge.appraise_view(game, &game.view(next, mover), seed);
        (best_values.values, played.values)
    } else {
        let best_values = judge.appraise(game, &after_best, seed_of(ply + 1));
        (best_values.values, appraisals[ply + 1].values.clone())
    };
    let loss = best_values[mover.index()] - played_values[mover.index()];
    if loss <= 0.0 {
        // Looked at again, the move played is as good: the first search's choice was a
        // matter of budget.
        return unmoved(None);
    }
    Judged {
        loss,
        best: Some(best),
        effects: played_values
            .iter()
            .zip(&best_values)
            .map(|(p, b)| p - b)
            .collect(),
    }
}

/// The step that ends a game its rules did not end: the seat that gave up lost what it
/// had left, judged as a decision against playing on.
fn closing_step(last: &[f64], result: &[f64], by: Option<Seat>) -> Step {
    let effects: Vec<f64> = result.iter().zip(last).map(|(r, l)| r - l).collect();
    let loss = by.map(|seat| (-effects[seat.index()]).max(0.0));
    Step {
        seat: by.map(|s| s.0),
        action: "resign".to_owned(),
        before: last.to_vec(),
        after: result.to_vec(),
        skill_loss: loss,
        label: loss.and_then(Label::of),
        best: None,
        best_parts: serde_json::Value::Null,
        effects: loss.map(|_| {
            let seat = by.expect("a loss has a seat").index();
            if effects[seat] < 0.0 {
                effects.clone()
            } else {
                vec![0.0; effects.len()]
            }
        }),
        luck: None,
    }
}

fn summarize(seat: usize, start: &[f64], result: &[f64], steps: &[Step]) -> SeatSummary {
    let mut summary = SeatSummary {
        start: start[seat],
        luck: 0.0,
        skill: 0.0,
        others: 0.0,
        residual: 0.0,
        result: result[seat],
        inaccuracies: 0,
        mistakes: 0,
        blunders: 0,
        decisions: 0,
    };
    for step in steps {
        let change = step.after[seat] - step.before[seat];
        let explained = if let Some(luck) = &step.luck {
            summary.luck += luck[seat];
            luck[seat]
        } else if let Some(effects) = &step.effects {
            if step.seat == Some(seat as u8) {
                summary.skill -= effects[seat];
                summary.decisions += 1;
                match step.label {
                    Some(Label::Inaccuracy) => summary.inaccuracies += 1,
                    Some(Label::Mistake) => summary.mistakes += 1,
                    Some(Label::Blunder) => summary.blunders += 1,
                    None => {}
                }
            } else {
                summary.others += effects[seat];
            }
            effects[seat]
        } else {
            0.0
        };
        summary.residual += change - explained;
    }
    summary
}
