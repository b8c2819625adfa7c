//! Small games that exercise one feature each of the [`trio_core::Game`] contract, so the
//! agents are tested without any real game: perfect information (tic-tac-toe), chance
//! (pig, a dice game; guess, a die roll seen before a call; flips, where only chance
//! matters), hidden information (a
//! five-trick card game) and three or four seats (claims, picking valued items).

mod cards;
mod claims;
pub mod flips;
mod guess;
mod pig;
mod tictactoe;

pub use cards::{Card, Cards};
pub use claims::Claims;
pub use flips::Flips;
pub use guess::{Guess, GuessAction};
pub use pig::{Pig, PigAction};
pub use tictactoe::TicTacToe;
