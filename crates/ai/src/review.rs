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
//!
//! **Dynamics.** From the same values, Ludii's measures of how a game unfolds: lead
//! changes, drama, the threshold above which a lead held, and chance's share ([`Dynamics`]).
//!
//! **Clarity.** Ludii's "how few moves are clearly good" needs every legal move valued,
//! which a review does not do: [`clarity`] values each one at a decision as a decision is
//! judged, [`game_clarity`] at decisions spread over a game (the lab's `--clarity`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use serde::Serialize;
use trio_core::rng::{self, GameRng};
use trio_core::{EndReason, Game, Outcome, Seat, Turn};
use trio_gyges::{Gyges, State as GygesState};

use crate::evaluator::{fill_scores, score_outcome};
use crate::gyges::{self, GygesEngine, SearchLimit as GygesLimit};
use crate::mcts::Appraisal;
use crate::{Evaluator, MctsBot};

/// A skill loss is labelled only when it is at least this many times the judge's own
/// spread ([`Noise::spread`]): smaller losses may be the judge's noise.
pub const NOISE_MARGIN: f64 = 2.0;

/// Positions of a game judged a second time to measure the judge's noise, spread evenly
/// over its decisions.
pub const NOISE_POSITIONS: usize = 6;

/// A seat whose residual is at least this much of a result: the judge could not follow
/// the game, and says so.
pub const LARGE_RESIDUAL: f64 = 0.25;

/// A skill loss of at least this much expected score is an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// At least this much, a mistake.
pub const MISTAKE: f64 = 0.10;
/// At least this much, a blunder.
pub const BLUNDER: f64 = 0.20;

/// The sub-seed of a second look ([`Judge::second_look`]).
const SECOND_LOOK: u64 = 3;

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

    /// Another judge giving the same answers, for a review spread over threads; `None`
    /// (the default) when it cannot be copied, and the review searches on one.
    fn fork(&self) -> Option<Box<dyn Judge<G>>> {
        None
    }

    /// A second look at `state`, to measure the judge's own noise ([`Noise`]): by default
    /// the same search with another seed.
    fn second_look(&mut self, game: &G, state: &G::State, seed: u64) -> Appraisal<G::Action> {
        self.appraise(game, state, rng::sub_seed(seed, SECOND_LOOK))
    }

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

    fn fork(&self) -> Option<Box<dyn Judge<G>>> {
        Some(Box::new(self.clone()))
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
    /// score `1 / (1 + e^-1)`, about 0.73: fitted to 40 self-play games of level 3 (457
    /// positions not yet won by force, log-likelihood −0.595 a position against −0.663 at
    /// 250), by `cargo run --release -p trio-ai --example gyges_scale`. A piece up wins
    /// about nine games in ten.
    pub const SCALE: f64 = 40.0;

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

    fn fork(&self) -> Option<Box<dyn Judge<Gyges>>> {
        Some(Box::new(Self::new(self.limit)))
    }

    /// The engine's answer does not depend on a seed: it looks again with half as many
    /// nodes more, and the difference is how much its answer still moves with its budget.
    fn second_look(
        &mut self,
        game: &Gyges,
        state: &GygesState,
        seed: u64,
    ) -> Appraisal<trio_gyges::Move> {
        let limit = self.limit;
        self.limit.nodes = limit.nodes.map(|n| n + n / 2);
        let appraisal = self.appraise(game, state, seed);
        self.limit = limit;
        appraisal
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
            score_outcome(game, state, &mut values);
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

/// How bad a skill loss is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Label {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Label {
    /// The label of a skill loss by a judge whose differences spread by `spread`: none
    /// unless the loss is at least [`NOISE_MARGIN`] times it, then as [`Label::of`].
    pub fn beyond(loss: f64, spread: f64) -> Option<Self> {
        (loss >= NOISE_MARGIN * spread)
            .then(|| Self::of(loss))
            .flatten()
    }

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
    /// rules, why it ended: `resign`, `time`, `absence` or `expiry`.
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

/// How the game unfolded, after Ludii's measures of a game's dynamics, read off the
/// values of a review (`docs/review.md`, "Dynamics").
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Dynamics {
    /// Times the seat with the highest value changed (ties keep the last leader).
    pub lead_changes: usize,
    /// How far behind the leader the eventual winner stood, on average over the positions
    /// and at worst; 0 without a single winner.
    pub drama: f64,
    pub drama_max: f64,
    /// The highest value a seat that did not win ever had: above it, in this game, a lead
    /// was never lost.
    pub loser_peak: f64,
    /// The share of the actions played once the winner stood above `loser_peak` for good.
    pub decided_share: f64,
    /// Chance's part of what moved the values: the luck of every chance event (its largest
    /// for any seat) over that plus every decision's skill loss.
    pub luck_share: f64,
}

/// The judge's own noise, measured on the game it reviews: [`NOISE_POSITIONS`] of its
/// decisions judged a second time ([`Judge::second_look`]) and the mover's value compared.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Noise {
    /// Positions judged twice.
    pub positions: usize,
    /// The root mean square of the differences between the two looks: how far apart two
    /// of the judge's values can be for no reason but its search, as a skill loss is a
    /// difference of two values.
    pub spread: f64,
}

impl Noise {
    /// The noise from the mover's value at each position at the first and second look.
    pub fn of(pairs: &[(f64, f64)]) -> Self {
        let squares: f64 = pairs.iter().map(|(a, b)| (a - b).powi(2)).sum();
        Self {
            positions: pairs.len(),
            spread: (squares / pairs.len().max(1) as f64).sqrt(),
        }
    }

    /// The least loss that is labelled: [`INACCURACY`], or [`NOISE_MARGIN`] spreads.
    pub fn least_label(&self) -> f64 {
        INACCURACY.max(NOISE_MARGIN * self.spread)
    }
}

/// A whole game reviewed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// The judge with its budget.
    pub judge: String,
    /// The judge's level (1–6, [`crate::JUDGE_LEVELS`]) and the level of the strongest
    /// seat it judged (people and engines of unknown strength count as the top level),
    /// when the review was asked for by level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge_level: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub players_level: Option<u8>,
    /// The judge's noise on this game: losses within it are not labelled.
    pub noise: Noise,
    pub steps: Vec<Step>,
    pub seats: Vec<SeatSummary>,
    pub dynamics: Dynamics,
}

/// A move is clearly good when its value for the mover lies at least this share of the way
/// from the legal moves' mean value to the best: Ludii's threshold for "clarity".
pub const CLEARLY_GOOD: f64 = 0.75;

/// Ludii's clarity at one decision: every legal move valued for its mover, and how many of
/// them are clearly good ([`CLEARLY_GOOD`]). Few clearly good moves among many is a clear
/// decision; all of them (moves valued alike) is none.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Clarity {
    /// Legal moves valued.
    pub moves: usize,
    /// Of those, clearly good: the best is always one.
    pub clear: usize,
}

impl Clarity {
    /// Of `values`, one per legal move, the moves at or above the mean plus
    /// [`CLEARLY_GOOD`] of the way to the best. Ludii counts only those strictly above,
    /// which counts none when every move is valued alike; counting the best too makes
    /// that case what it is, no move standing out.
    pub fn of(values: &[f64]) -> Self {
        let n = values.len().max(1) as f64;
        let mean = values.iter().sum::<f64>() / n;
        let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let threshold = mean + CLEARLY_GOOD * (best - mean);
        Self {
            moves: values.len(),
            clear: values.iter().filter(|&&v| v >= threshold - 1e-12).count(),
        }
    }

    /// The share of the legal moves that are clearly good.
    pub fn share(&self) -> f64 {
        self.clear as f64 / self.moves.max(1) as f64
    }
}

/// The clarity of the decision in `state`, valuing each legal move by `judge` as a review
/// judges a decision: the position after it, from its mover's view, every move with the
/// same `seed` (so moves that reach the same position are valued alike). `None` where no
/// seat is to move or it has a single move.
pub fn clarity<G: Game>(
    game: &G,
    judge: &mut dyn Judge<G>,
    state: &G::State,
    seed: u64,
) -> Option<Clarity> {
    let Turn::Seat(mover) = game.turn(state) else {
        return None;
    };
    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    if legal.len() < 2 {
        return None;
    }
    let hidden = game.facts().hidden_information;
    let values: Vec<f64> = legal
        .iter()
        .map(|action| {
            let mut after = state.clone();
            game.apply(&mut after, action);
            let appraisal = if hidden {
                judge.appraise_view(game, &game.view(&after, mover), seed)
            } else {
                judge.appraise(game, &after, seed)
            };
            appraisal.values[mover.index()]
        })
        .collect();
    Some(Clarity::of(&values))
}

/// The clarity of up to `positions` decisions of the game that went from `start` through
/// `actions`, spread evenly over its decisions with a choice (at the middle of each of
/// `positions` equal parts), each seeded by its place in the game as a review is.
pub fn game_clarity<G: Game>(
    game: &G,
    start: &G::State,
    actions: &[G::Action],
    judge: &mut dyn Judge<G>,
    positions: usize,
) -> Vec<Clarity> {
    let mut states = Vec::new();
    let mut state = start.clone();
    let mut legal = Vec::new();
    for (ply, action) in actions.iter().enumerate() {
        if matches!(game.turn(&state), Turn::Seat(_)) {
            game.legal_actions(&state, &mut legal);
            if legal.len() > 1 {
                states.push((ply, state.clone()));
            }
        }
        game.apply(&mut state, action);
    }
    // With `m ≤ n` parts the middles lie at least one decision apart.
    let (n, m) = (states.len(), positions.min(states.len()));
    (0..m)
        .map(|j| (2 * j + 1) * n / (2 * m))
        .filter_map(|i| {
            let (ply, state) = &states[i];
            let seed = rng::sub_seed(rng::sub_seed(REVIEW_SEED, *ply as u64), 2);
            clarity(game, judge, state, seed)
        })
        .collect()
}

/// How a game ended when its last state does not say (a resignation, a flag).
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub outcome: Outcome,
    /// Why: a resignation is a decision; a flag, an absence or an expiry is not.
    pub reason: EndReason,
    /// The seat that gave up, ran out of time or was away.
    pub by: Option<Seat>,
}

/// Reviews the game that went from `start` through `actions` with `judge`, on this
/// thread. `ending` gives the result of a game that stopped before its rules ended it;
/// without one such a game is reviewed up to its last position, valued by the judge.
/// `progress` hears `(done, total)` as the work goes on.
pub fn review<G: Game>(
    game: &G,
    start: &G::State,
    actions: &[G::Action],
    ending: Option<&Ending>,
    judge: &mut dyn Judge<G>,
    progress: &mut dyn FnMut(usize, usize),
) -> Review {
    review_on(game, start, actions, ending, judge, 1, progress)
}

/// [`review`] spread over `threads` threads, each searching with its own copy of `judge`
/// ([`Judge::fork`]; a judge that cannot be copied searches alone). Every search depends
/// on its position and seed alone, so the review is the same on any number of threads.
pub fn review_on<G: Game>(
    game: &G,
    start: &G::State,
    actions: &[G::Action],
    ending: Option<&Ending>,
    judge: &mut dyn Judge<G>,
    threads: usize,
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
    let mut forks: Vec<Box<dyn Judge<G>>> =
        (1..threads.max(1)).map_while(|_| judge.fork()).collect();
    let mut judges: Vec<&mut dyn Judge<G>> = Vec::with_capacity(forks.len() + 1);
    judges.push(&mut *judge);
    for fork in &mut forks {
        judges.push(fork.as_mut());
    }

    // A position with one thing that can happen (a forced move, a certain outcome) is
    // worth what follows it, and takes no search.
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let forced: Vec<bool> = (0..states.len())
        .map(|ply| {
            ply < actions.len()
                && match game.turn(&states[ply]) {
                    Turn::Seat(_) => {
                        game.legal_actions(&states[ply], &mut legal);
                        legal.len() == 1
                    }
                    Turn::Chance => {
                        game.chance_outcomes(&states[ply], &mut outcomes);
                        outcomes.len() == 1
                    }
                    Turn::Over => false,
                }
        })
        .collect();
    let searched: Vec<usize> = (0..states.len()).filter(|&ply| !forced[ply]).collect();
    done += states.len() - searched.len();
    let total = total + NOISE_POSITIONS.min(searched.len());
    let mut tick = || {
        done += 1;
        progress(done, total);
    };
    let found = spread(
        &mut judges,
        &searched,
        &|judge, &ply| judge.appraise(game, &states[ply], seed_of(ply)),
        &mut tick,
    );
    let mut appraisals: Vec<Option<Appraisal<G::Action>>> = vec![None; states.len()];
    for (&ply, appraisal) in searched.iter().zip(found) {
        appraisals[ply] = Some(appraisal);
    }
    // Last to first, so that what follows a forced position is known.
    for ply in (0..states.len()).rev() {
        if forced[ply] {
            let next = appraisals[ply + 1].as_ref().expect("valued after");
            appraisals[ply] = Some(Appraisal {
                values: next.values.clone(),
                best: matches!(game.turn(&states[ply]), Turn::Seat(_))
                    .then(|| actions[ply].clone()),
            });
        }
    }
    let appraisals: Vec<Appraisal<G::Action>> = appraisals.into_iter().flatten().collect();

    // The noise: decisions with a choice, at the middles of equal parts of the game.
    let choices: Vec<usize> = searched
        .iter()
        .copied()
        .filter(|&ply| ply < actions.len() && matches!(game.turn(&states[ply]), Turn::Seat(_)))
        .collect();
    let m = NOISE_POSITIONS.min(choices.len());
    let sample: Vec<usize> = (0..m)
        .map(|j| choices[(2 * j + 1) * choices.len() / (2 * m)])
        .collect();
    let second = spread(
        &mut judges,
        &sample,
        &|judge, &ply| judge.second_look(game, &states[ply], seed_of(ply)),
        &mut tick,
    );
    let pairs: Vec<(f64, f64)> = sample
        .iter()
        .zip(&second)
        .map(|(&ply, again)| {
            let Turn::Seat(mover) = game.turn(&states[ply]) else {
                unreachable!("sampled where a seat is to move")
            };
            (
                appraisals[ply].values[mover.index()],
                again.values[mover.index()],
            )
        })
        .collect();
    let noise = Noise::of(&pairs);

    let decisions: Vec<(usize, Seat)> = (0..actions.len())
        .filter_map(|ply| match game.turn(&states[ply]) {
            Turn::Seat(mover) => Some((ply, mover)),
            _ => None,
        })
        .collect();
    let judged = spread(
        &mut judges,
        &decisions,
        &|judge, &(ply, mover)| {
            judge_decision(
                game,
                judge,
                &states[ply],
                &states[ply + 1],
                &actions[ply],
                mover,
                ply,
                hidden,
                &appraisals,
                seed_of,
            )
        },
        &mut tick,
    );
    drop(judges);
    let mut judged = judged.into_iter();

    let mut steps = Vec::with_capacity(actions.len() + 1);
    for (ply, action) in actions.iter().enumerate() {
        let state = &states[ply];
        let before = appraisals[ply].values.clone();
        let after = appraisals[ply + 1].values.clone();
        let text = game.format_action(state, action);
        let step = match game.turn(state) {
            Turn::Seat(mover) => {
                let judged = judged.next().expect("one judgement a decision");
                Step {
                    seat: Some(mover.0),
                    action: text,
                    before,
                    after,
                    skill_loss: Some(judged.loss),
                    label: Label::beyond(judged.loss, noise.spread),
                    best_parts: judged
                        .best
                        .as_ref()
                        .map_or(serde_json::Value::Null, |b| game.action_parts(state, b)),
                    best: judged.best.as_ref().map(|b| game.format_action(state, b)),
                    effects: Some(judged.effects),
                    luck: None,
                }
            }
            _ => {
                tick();
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
    }

    let last = &appraisals[states.len() - 1].values;
    let result: Vec<f64> = match (game.outcome(&states[states.len() - 1]), ending) {
        (Some(outcome), _) => scores(&outcome, seats),
        (None, Some(ending)) => {
            let result = scores(&ending.outcome, seats);
            steps.push(closing_step(last, &result, ending, &noise));
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
        judge_level: None,
        players_level: None,
        noise,
        dynamics: dynamics(&start_values, &result, &steps),
        steps,
        seats: summaries,
    }
}

/// `work` done on every item, in the items' order, spread over `judges` (one thread each
/// when there are several); `tick` hears each item done.
fn spread<G: Game, T: Sync, R: Send>(
    judges: &mut [&mut dyn Judge<G>],
    items: &[T],
    work: &(dyn Fn(&mut dyn Judge<G>, &T) -> R + Sync),
    tick: &mut dyn FnMut(),
) -> Vec<R> {
    if let [judge] = judges {
        return items
            .iter()
            .map(|item| {
                let result = work(&mut **judge, item);
                tick();
                result
            })
            .collect();
    }
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel();
    let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        for judge in judges.iter_mut() {
            let (send, next) = (send.clone(), &next);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    // The receiver outlives the workers: sending cannot fail.
                    let _ = send.send((i, work(&mut **judge, item)));
                }
            });
        }
        drop(send);
        for (i, result) in receive {
            results[i] = Some(result);
            tick();
        }
    });
    results
        .into_iter()
        .map(|r| r.expect("every item done"))
        .collect()
}

/// The game's [`Dynamics`] from the values before its first step (`start`), after each
/// step and its `result`.
pub fn dynamics(start: &[f64], result: &[f64], steps: &[Step]) -> Dynamics {
    let values: Vec<&[f64]> = std::iter::once(start)
        .chain(steps.iter().map(|s| s.after.as_slice()))
        .collect();
    let leader = |v: &[f64]| {
        let best = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut at = v.iter().enumerate().filter(|(_, &x)| x == best);
        let first = at.next().map(|(i, _)| i);
        at.next().is_none().then_some(first).flatten()
    };
    let mut lead_changes = 0;
    let mut last = None;
    for v in &values {
        if let Some(now) = leader(v) {
            if last.is_some_and(|l| l != now) {
                lead_changes += 1;
            }
            last = Some(now);
        }
    }
    let winner = leader(result);
    let behind: Vec<f64> = match winner {
        Some(w) => values
            .iter()
            .map(|v| {
                let others = v.iter().enumerate().filter(|(s, _)| *s != w);
                (others.map(|(_, &x)| x).fold(0.0, f64::max) - v[w]).max(0.0)
            })
            .collect(),
        None => vec![0.0],
    };
    let loser_peak = values
        .iter()
        .flat_map(|v| {
            v.iter()
                .enumerate()
                .filter(|(s, _)| Some(*s) != winner)
                .map(|(_, &x)| x)
        })
        .fold(0.0, f64::max);
    let decided_from = winner.map_or(values.len(), |w| {
        values
            .iter()
            .rposition(|v| v[w] <= loser_peak)
            .map_or(0, |i| i + 1)
    });
    let chance: f64 = steps
        .iter()
        .filter_map(|s| s.luck.as_ref())
        .map(|l| l.iter().map(|x| x.abs()).fold(0.0, f64::max))
        .sum();
    let skill: f64 = steps.iter().filter_map(|s| s.skill_loss).sum();
    Dynamics {
        lead_changes,
        drama: behind.iter().sum::<f64>() / behind.len() as f64,
        drama_max: behind.iter().copied().fold(0.0, f64::max),
        loser_peak,
        decided_share: steps.len().saturating_sub(decided_from) as f64 / steps.len().max(1) as f64,
        // Not `chance + skill > 0`: an empty sum is −0.0, which would print as "-0%".
        luck_share: if chance > 0.0 {
            chance / (chance + skill)
        } else {
            0.0
        },
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
    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    if legal.len() == 1 {
        return unmoved(None);
    }
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

/// The step that ends a game its rules did not end. A seat that gave up lost what it had
/// left, judged as a decision against playing on; a flag, an absence or an expiry is no
/// decision, so it is neither a skill loss nor labelled (the change stays unexplained).
fn closing_step(last: &[f64], result: &[f64], ending: &Ending, noise: &Noise) -> Step {
    let by = ending.by;
    let effects: Vec<f64> = result.iter().zip(last).map(|(r, l)| r - l).collect();
    let decided = ending.reason == EndReason::Resign;
    let loss = by
        .filter(|_| decided)
        .map(|seat| (-effects[seat.index()]).max(0.0));
    Step {
        seat: by.map(|s| s.0),
        action: ending.reason.as_str().to_owned(),
        before: last.to_vec(),
        after: result.to_vec(),
        skill_loss: loss,
        label: loss.and_then(|loss| Label::beyond(loss, noise.spread)),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn step(after: [f64; 2], luck: Option<[f64; 2]>, loss: Option<f64>) -> Step {
        Step {
            seat: loss.map(|_| 0),
            action: String::new(),
            before: vec![],
            after: after.to_vec(),
            skill_loss: loss,
            label: None,
            best: None,
            best_parts: serde_json::Value::Null,
            effects: None,
            luck: luck.map(|l| l.to_vec()),
        }
    }

    /// Seat 1 leads, falls behind by 0.4, comes back and wins: two lead changes, and the
    /// game was decided once seat 1 passed seat 0's peak of 0.7 for good.
    #[test]
    fn dynamics_of_a_comeback() {
        let steps = [
            step([0.4, 0.6], Some([-0.1, 0.1]), None),
            step([0.7, 0.3], None, Some(0.0)),
            step([0.45, 0.55], Some([-0.25, 0.25]), None),
            step([0.2, 0.8], None, Some(0.25)),
            step([0.0, 1.0], None, Some(0.0)),
        ];
        let d = dynamics(&[0.5, 0.5], &[0.0, 1.0], &steps);
        assert_eq!(d.lead_changes, 2);
        assert!((d.drama_max - 0.4).abs() < 1e-12);
        assert!((d.drama - 0.4 / 6.0).abs() < 1e-12, "{d:?}");
        assert!((d.loser_peak - 0.7).abs() < 1e-12);
        // From position 4 on (after the fourth action) seat 1 stands above 0.7: one action
        // of five is played after that.
        assert!((d.decided_share - 0.2).abs() < 1e-12, "{d:?}");
        assert!((d.luck_share - 0.35 / 0.6).abs() < 1e-12, "{d:?}");
        let draw = dynamics(&[0.5, 0.5], &[0.5, 0.5], &steps);
        assert_eq!((draw.drama, draw.decided_share), (0.0, 0.0));
        // Without chance the share is a plain 0, not −0.
        let moves: Vec<Step> = steps.into_iter().filter(|s| s.luck.is_none()).collect();
        let share = dynamics(&[0.5, 0.5], &[0.0, 1.0], &moves).luck_share;
        assert!(share == 0.0 && share.is_sign_positive(), "{share}");
    }
}
