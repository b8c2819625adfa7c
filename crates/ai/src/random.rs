//! [`RandomBot`]: a uniformly random mover, the baseline every other agent must beat.

use rand::RngCore;
use trio_core::{random_action, Bot, Game, Seat};

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
        // The mover's options follow from its view, so any state consistent with it has
        // them (as `Game::legal_actions_in_view` says); drawn from that state without
        // listing them where the game can.
        let state = game.determinize(view, rng);
        random_action(game, &state, rng, &mut Vec::new())
    }
}
