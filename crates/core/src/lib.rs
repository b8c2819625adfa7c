//! The shared contract of the trio games.
//!
//! A game is an immutable value (its options: variant, board, player count) that creates
//! states and answers every question about them: whose turn it is (a seat, a chance event,
//! or nobody because the game is over), which actions are legal, what a seat may see, and
//! how states and actions are written. Rules crates implement [`Game`]; everything above
//! them (agents, the CLI, the server) is written against it.
//!
//! A game's options are data ([`options`]): each game crate declares them once, and the
//! catalog, the command line and the server read that table.
//!
//! Chance is explicit: at a die roll or a tile draw the state lists its outcomes with
//! probabilities ([`Game::chance_outcomes`]) and applying one is deterministic. The RNG
//! lives in whoever drives the game ([`rng::seeded`]), never in the rules, so a game is
//! replayed exactly from its seed.

mod bot;
pub mod conformance;
pub mod definition;
mod error;
mod game;
pub mod golden;
pub mod options;
mod outcome;
pub mod perft;
mod record;
mod referee;
pub mod rng;
mod text;

pub use bot::Bot;
pub use error::{Breach, Cause, IllegalAction, NotationError};
pub use game::{listed_action_at, random_action, sample_weighted, Facts, Game, Turn};
pub use outcome::{EndReason, Ending, Forfeit, Outcome, Seat};
pub use record::{
    CommitmentParts, Record, RecordResult, SeedCommitment, COMMITMENT_VERSION, RECORD_FORMAT,
};
pub use referee::{
    BotChoice, BotError, BotTurn, Change, Entry, LogEntry, PlayError, Referee, ReplayError, Step,
};
pub use text::{excerpt, or_list, shorten};
