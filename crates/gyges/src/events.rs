//! The names of the lab's events (`docs/lab.md`, "Rule events"), as
//! [`trio_core::Game::rule_events`] and [`trio_core::Game::end_events`] record them.

pub const MOVE: &str = "gyges.move";
pub const BOUNCE: &str = "gyges.bounce";
/// Moves whose outcome needs a chain of 1, 2, … bounces (the last: that many or more).
pub const CHAIN: [&str; 6] = [
    "gyges.chain.1",
    "gyges.chain.2",
    "gyges.chain.3",
    "gyges.chain.4",
    "gyges.chain.5",
    "gyges.chain.6+",
];
pub const REPLACE: &str = "gyges.replace";
pub const EXIT: &str = "gyges.exit";
pub const REPEAT: &str = "gyges.repeat";
pub const END_GOAL: &str = "gyges.end.goal";
pub const END_NO_MOVE: &str = "gyges.end.no-move";
pub const END_REPETITION: &str = "gyges.end.repetition";
pub const END_PLY_LIMIT: &str = "gyges.end.ply-limit";

/// Every name above.
pub const ALL: &[&str] = &[
    MOVE,
    BOUNCE,
    CHAIN[0],
    CHAIN[1],
    CHAIN[2],
    CHAIN[3],
    CHAIN[4],
    CHAIN[5],
    REPLACE,
    EXIT,
    REPEAT,
    END_GOAL,
    END_NO_MOVE,
    END_REPETITION,
    END_PLY_LIMIT,
];
