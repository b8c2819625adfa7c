//! [`RandomBot`]: a uniformly random mover, the baseline every other agent must beat.

use rand::seq::IndexedRandom;
use rand::RngCore;
use trio_core::{Bot, Game, Seat};

/// Plays each legal action with equal probability.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(
        &mut self,
        game: &G,
        view: &G::View,
        _seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<G::Action> {
        let mut legal = Vec::new();
        game.legal_actions_in_view(view, rng, &mut legal);
        legal.choose(rng).cloned()
    }
}
