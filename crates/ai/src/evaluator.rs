//! Evaluators: how MCTS values a leaf it has just added to its tree. The default plays
//! uniformly random moves (and chance with its probabilities) to the end of the game.

use std::fmt;

use trio_core::rng::GameRng;
use trio_core::{random_action, sample_weighted, Game, Seat, Turn};

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

/// How long a playout may go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutCap {
    /// At most this many actions, chance outcomes included.
    Actions(usize),
    /// At most this many decisions of the seats; chance outcomes are not counted.
    Decisions(usize),
}

/// The loop every rollout shares, with its scratch buffers: chance outcomes drawn with
/// their probabilities, each seat's action chosen by the caller.
pub struct Playout<G: Game> {
    legal: Vec<G::Action>,
    chance: Vec<(G::Action, f64)>,
}

impl<G: Game> Playout<G> {
    pub fn new() -> Self {
        Self {
            legal: Vec::new(),
            chance: Vec::new(),
        }
    }

    /// Plays `state` on until the game is over, the cap is reached, or no action is
    /// possible; `pick` chooses each seat's action among the legal ones (never none).
    /// Returns the number of actions applied, chance outcomes included.
    pub fn run(
        &mut self,
        game: &G,
        state: &mut G::State,
        rng: &mut GameRng,
        cap: PlayoutCap,
        mut pick: impl FnMut(&G::State, &[G::Action], &mut GameRng) -> G::Action,
    ) -> usize {
        self.run_deciding(game, state, rng, cap, |state, legal, rng| {
            game.legal_actions(state, legal);
            (!legal.is_empty()).then(|| pick(state, legal, rng))
        })
    }

    /// [`Self::run`] where `decide` finds each decision itself with the buffer it is lent:
    /// listing into it (for a game that can tell more of the actions as it lists), or
    /// drawing one without listing ([`random_action`]); `None` when there is none.
    pub fn run_deciding(
        &mut self,
        game: &G,
        state: &mut G::State,
        rng: &mut GameRng,
        cap: PlayoutCap,
        mut decide: impl FnMut(&G::State, &mut Vec<G::Action>, &mut GameRng) -> Option<G::Action>,
    ) -> usize {
        let (mut actions, mut decisions) = (0, 0);
        loop {
            let capped = match cap {
                PlayoutCap::Actions(n) => actions >= n,
                PlayoutCap::Decisions(n) => decisions >= n,
            };
            match game.turn(state) {
                Turn::Over => break,
                Turn::Chance if matches!(cap, PlayoutCap::Actions(_)) && capped => break,
                Turn::Chance => {
                    game.chance_outcomes(state, &mut self.chance);
                    let Some(action) = sample_weighted(&self.chance, rng) else {
                        break;
                    };
                    game.apply(state, action);
                }
                Turn::Seat(_) if capped => break,
                Turn::Seat(_) => {
                    let Some(action) = decide(state, &mut self.legal, rng) else {
                        break;
                    };
                    game.apply(state, &action);
                    decisions += 1;
                }
            }
            actions += 1;
        }
        actions
    }
}

// By hand: a derive would print the scratch buffers.
impl<G: Game> fmt::Debug for Playout<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Playout").finish_non_exhaustive()
    }
}

impl<G: Game> Default for Playout<G> {
    fn default() -> Self {
        Self::new()
    }
}

/// Uniformly random play to the end of the game, or for at most `max_plies` actions
/// (chance outcomes included), after which the [`Heuristic`], or [`NEUTRAL_REWARD`],
/// scores the state.
pub struct RandomRollout<G: Game> {
    max_plies: usize,
    heuristic: Option<Heuristic<G>>,
    playout: Playout<G>,
}

impl<G: Game> RandomRollout<G> {
    pub fn new(max_plies: usize) -> Self {
        Self {
            max_plies,
            heuristic: None,
            playout: Playout::new(),
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
        let cap = PlayoutCap::Actions(self.max_plies);
        self.playout
            .run_deciding(game, state, rng, cap, |state, scratch, rng| {
                random_action(game, state, rng, scratch)
            });
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
        Some(outcome) => fill_scores(&outcome, rewards),
        None => rewards.fill(NEUTRAL_REWARD),
    }
}

/// Every seat's [`trio_core::Outcome::score`] under `outcome`, into `scores`.
pub(crate) fn fill_scores(outcome: &trio_core::Outcome, scores: &mut [f64]) {
    for (seat, score) in scores.iter_mut().enumerate() {
        *score = outcome.score(Seat(seat as u8));
    }
}
