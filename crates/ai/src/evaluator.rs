//! Evaluators: how MCTS values a leaf it has just added to its tree. The default plays
//! uniformly random moves (and chance with its probabilities) to the end of the game.

use std::fmt;

use rand::Rng;
use trio_core::rng::GameRng;
use trio_core::{sample_weighted, Game, Seat, Turn};

/// Values a state for every seat at once: `rewards[seat]` in `[0, 1]`, on the scale of
/// [`trio_core::Outcome::score`] (1 first, 0 last, 0.5 even).
///
/// Each search tree owns a clone, so an evaluator may keep scratch buffers in `self`.
pub trait Evaluator<G: Game>: Clone + fmt::Debug + Send + Sync {
    /// Fills `rewards` (one entry per seat) for `state`, which the evaluator may play on:
    /// the search throws it away afterwards.
    fn evaluate(&mut self, game: &G, state: &mut G::State, rng: &mut GameRng, rewards: &mut [f64]);

    /// A short name added to the bot's (`mcts:200+race`), so that a game's own evaluator
    /// is told apart from plain random rollouts (`None`) in match reports.
    fn label(&self) -> Option<&'static str> {
        None
    }
}

/// A game-specific guess of how good `state` is for `seat`, in `[0, 1]`, used where a
/// rollout is cut short.
pub type Heuristic<G> = fn(&G, &<G as Game>::State, Seat) -> f64;

/// The score given to every seat when a rollout is cut short and there is no heuristic.
pub const NEUTRAL_REWARD: f64 = 0.5;

/// Uniformly random play to the end of the game, or for at most `max_plies` actions
/// (chance outcomes included), after which the [`Heuristic`], or [`NEUTRAL_REWARD`],
/// scores the state.
pub struct RandomRollout<G: Game> {
    max_plies: usize,
    heuristic: Option<Heuristic<G>>,
    legal: Vec<G::Action>,
    chance: Vec<(G::Action, f64)>,
}

impl<G: Game> RandomRollout<G> {
    pub fn new(max_plies: usize) -> Self {
        Self {
            max_plies,
            heuristic: None,
            legal: Vec::new(),
            chance: Vec::new(),
        }
    }

    /// Scores a rollout cut short with `heuristic` instead of [`NEUTRAL_REWARD`].
    pub fn with_heuristic(mut self, heuristic: Heuristic<G>) -> Self {
        self.heuristic = Some(heuristic);
        self
    }

    pub fn max_plies(&self) -> usize {
        self.max_plies
    }
}

// By hand: derives would demand `G: Default`-style bounds and print the scratch buffers.
impl<G: Game> Clone for RandomRollout<G> {
    fn clone(&self) -> Self {
        Self {
            heuristic: self.heuristic,
            ..Self::new(self.max_plies)
        }
    }
}

impl<G: Game> fmt::Debug for RandomRollout<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RandomRollout")
            .field("max_plies", &self.max_plies)
            .field("heuristic", &self.heuristic.is_some())
            .finish()
    }
}

impl<G: Game> Evaluator<G> for RandomRollout<G> {
    fn evaluate(&mut self, game: &G, state: &mut G::State, rng: &mut GameRng, rewards: &mut [f64]) {
        for _ in 0..self.max_plies {
            match game.turn(state) {
                Turn::Over => {
                    score_outcome(game, state, rewards);
                    return;
                }
                Turn::Chance => {
                    game.chance_outcomes(state, &mut self.chance);
                    match sample_weighted(&self.chance, rng) {
                        Some(action) => game.apply(state, action),
                        None => break,
                    }
                }
                Turn::Seat(_) => {
                    game.legal_actions(state, &mut self.legal);
                    if self.legal.is_empty() {
                        break;
                    }
                    let pick = rng.random_range(0..self.legal.len());
                    game.apply(state, &self.legal[pick]);
                }
            }
        }
        if game.turn(state) == Turn::Over {
            score_outcome(game, state, rewards);
            return;
        }
        for (seat, reward) in rewards.iter_mut().enumerate() {
            *reward = match self.heuristic {
                Some(h) => h(game, state, Seat(seat as u8)).clamp(0.0, 1.0),
                None => NEUTRAL_REWARD,
            };
        }
    }
}

/// Every seat's [`trio_core::Outcome::score`] in a finished game; neutral if the rules
/// give no outcome.
pub(crate) fn score_outcome<G: Game>(game: &G, state: &G::State, rewards: &mut [f64]) {
    match game.outcome(state) {
        Some(outcome) => {
            for (seat, reward) in rewards.iter_mut().enumerate() {
                *reward = outcome.score(Seat(seat as u8));
            }
        }
        None => rewards.fill(NEUTRAL_REWARD),
    }
}
