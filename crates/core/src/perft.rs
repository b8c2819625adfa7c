//! Perft: counting the leaves of the game tree to a depth, the standard check of move
//! generation. A chance event counts as a ply like a decision, and each of its outcomes
//! is a branch.

use crate::{Game, Turn};

/// Number of action sequences of exactly `depth` plies from `state` (shorter ones that
/// end the game count as leaves too).
pub fn perft<G: Game>(game: &G, state: &G::State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = branches(game, state);
    if actions.is_empty() {
        return 1;
    }
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|a| {
            let mut next = state.clone();
            game.apply(&mut next, a);
            perft(game, &next, depth - 1)
        })
        .sum()
}

/// Perft split by first action: one `(action, count)` per branch, in the order listed.
pub fn divide<G: Game>(game: &G, state: &G::State, depth: u32) -> Vec<(G::Action, u64)> {
    branches(game, state)
        .into_iter()
        .map(|a| {
            let mut next = state.clone();
            game.apply(&mut next, &a);
            let n = perft(game, &next, depth.saturating_sub(1));
            (a, n)
        })
        .collect()
}

/// The actions that branch from `state`: the mover's legal moves, or the outcomes of its
/// chance event; none once the game is over.
pub fn branches<G: Game>(game: &G, state: &G::State) -> Vec<G::Action> {
    match game.turn(state) {
        Turn::Over => Vec::new(),
        Turn::Seat(_) => {
            let mut out = Vec::new();
            game.legal_actions(state, &mut out);
            out
        }
        Turn::Chance => {
            let mut out = Vec::new();
            game.chance_outcomes(state, &mut out);
            out.into_iter().map(|(a, _)| a).collect()
        }
    }
}
