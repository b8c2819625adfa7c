//! The agents against small games built for the purpose (see `toys`).

mod conformance;
mod mcts;
mod random;
mod runner;
mod toys;

use trio_ai::{MctsBot, MctsConfig, SearchLimit};
use trio_core::{Bot, Game};

/// An MCTS bot searching `iterations` per move with the default settings.
fn mcts<G: Game>(iterations: u32) -> Box<dyn Bot<G>> {
    Box::new(MctsBot::<G>::new(MctsConfig::new(SearchLimit::Iterations(
        iterations,
    ))))
}
