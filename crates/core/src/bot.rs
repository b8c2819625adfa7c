//! [`Bot`]: anything that takes a seat — a person at the terminal, a random mover, a
//! searching engine — so that seats are interchangeable for the CLI, the server and
//! self-play.

use rand::RngCore;

use crate::{Game, Seat};

pub trait Bot<G: Game>: Send {
    /// A short name for logs and match reports (`random`, `mcts:3`).
    fn name(&self) -> String;

    /// Chooses an action for `seat`, which is to move, seeing only its `view`.
    /// `None` means the seat gives up the game (a person quitting).
    fn choose(
        &mut self,
        game: &G,
        view: &G::View,
        seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<G::Action>;

    /// Told of every action applied to the game, in order, so a bot may keep a tree or
    /// a history between its turns. Chance outcomes that `seat` may not see arrive as
    /// `None`.
    fn inform(&mut self, _game: &G, _action: Option<&G::Action>) {}

    /// Forgets everything learnt from the current game.
    fn reset(&mut self) {}
}
