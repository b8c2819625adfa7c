//! One complete random game, shared by the `playouts` bench and the `random_games`
//! example (the fixed workload profiled with callgrind): both must play the same games.

use rand::Rng;
use trio_core::{random_action, rng, Game, Turn};
use trio_orbit::{Action, Orbit};

/// Plays one random game (uniform among legal actions, fair die) and returns its turns
/// and the actions (decisions and chance outcomes) applied.
pub fn playout(game: &Orbit, rng: &mut rng::GameRng, legal: &mut Vec<Action>) -> (u32, u64) {
    let mut state = game.new_game();
    let mut applied = 0;
    loop {
        let action = match game.turn(&state) {
            Turn::Over => return (state.turns(), applied),
            Turn::Chance => match state.phase() {
                trio_orbit::Phase::Die => Action::Die(rng.random_range(1..=6)),
                _ => game.sample_chance(&state, rng),
            },
            Turn::Seat(_) => random_action(game, &state, rng, legal)
                .expect("a player to move always has an action"),
        };
        game.apply(&mut state, &action);
        applied += 1;
    }
}
