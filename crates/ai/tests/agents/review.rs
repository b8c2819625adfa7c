//! Game review on the toys: the sums close, chance alone brings luck, and moves that
//! change nothing cost nothing.

use rand::Rng;
use trio_ai::review::{review, Review};
use trio_ai::{MctsBot, MctsConfig, SearchLimit};
use trio_core::{rng, Game, Turn};

use crate::toys::{Flips, Pig, TicTacToe};

/// A game of `game` played at random from the start with `seed`: the actions.
pub fn random_line<G: Game>(game: &G, seed: u64) -> Vec<G::Action> {
    let mut rng = rng::seeded(seed);
    let mut state = game.new_game();
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    loop {
        let action = match game.turn(&state) {
            Turn::Over => return actions,
            Turn::Chance => game.sample_chance(&state, &mut rng),
            Turn::Seat(_) => {
                game.legal_actions(&state, &mut legal);
                legal[rng.random_range(0..legal.len())].clone()
            }
        };
        game.apply(&mut state, &action);
        actions.push(action);
    }
}

/// Reviews a random game of `game` with plain MCTS of `iterations`.
fn reviewed<G: Game>(game: &G, seed: u64, iterations: u32) -> Review {
    let actions = random_line(game, seed);
    let mut judge = MctsBot::<G>::new(MctsConfig::new(SearchLimit::Iterations(iterations)));
    review(
        game,
        &game.new_game(),
        &actions,
        None,
        &mut judge,
        &mut |_, _| {},
    )
}

/// Every seat's result is its start, luck, skill, others' moves and residual, exactly.
pub fn assert_sums(review: &Review) {
    for (seat, s) in review.seats.iter().enumerate() {
        let sum = s.start + s.luck - s.skill + s.others + s.residual;
        assert!(
            (sum - s.result).abs() < 1e-9,
            "seat {seat}: {sum} is not the result {}: {s:?}",
            s.result
        );
        assert!(s.skill >= 0.0, "seat {seat} lost {} to its moves", s.skill);
    }
}

#[test]
fn without_chance_there_is_no_luck() {
    for seed in 0..4 {
        let review = reviewed(&TicTacToe, seed, 200);
        assert_sums(&review);
        assert!(review.steps.iter().all(|s| s.luck.is_none()));
        assert!(review.seats.iter().all(|s| s.luck == 0.0));
    }
}

#[test]
fn moves_that_change_nothing_cost_nothing() {
    for seed in 0..4 {
        let review = reviewed(&Flips, seed, 100);
        assert_sums(&review);
        for step in review.steps.iter().filter(|s| s.seat.is_some()) {
            assert_eq!(step.skill_loss, Some(0.0), "{step:?}");
            assert_eq!(step.best, None);
        }
        assert!(review
            .seats
            .iter()
            .all(|s| s.skill == 0.0 && s.others == 0.0));
        // Every point is chance's: the whole change of the values is luck.
        assert!(review.steps.iter().any(|s| s.luck.is_some()));
    }
}

#[test]
fn the_sums_close_in_a_dice_game() {
    for seed in 0..3 {
        let review = reviewed(&Pig, seed, 100);
        assert_sums(&review);
        assert_eq!(review.steps.len(), random_line(&Pig, seed).len());
        // A finished game's last values are its outcome.
        let last = review.steps.last().expect("pig lasts");
        assert!(last.after.iter().all(|&v| v == 0.0 || v == 1.0));
    }
}
