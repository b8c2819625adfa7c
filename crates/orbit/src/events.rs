//! The names of the lab's events (`docs/lab.md`, "Rule events"), as
//! [`trio_core::Game::rule_events`] and [`trio_core::Game::end_events`] record them; per
//! colour where indexed by [`crate::Colour::index`].

pub const ROLL: &str = "orbit.roll";
pub const FACE: [&str; 6] = [
    "orbit.roll.1",
    "orbit.roll.2",
    "orbit.roll.3",
    "orbit.roll.4",
    "orbit.roll.5",
    "orbit.roll.6",
];
pub const ROLL_BLOCKED: &str = "orbit.roll.even-orbit-1-full";
pub const ENTER: &str = "orbit.enter";
pub const MOVE: &str = "orbit.move";
pub const HOME: &str = "orbit.home";
pub const CAPTURE: &str = "orbit.capture";
pub const RELOCATED: &str = "orbit.capture.relocated";
pub const TO_CENTRE: &str = "orbit.capture.to-centre";
pub const FALLBACK: &str = "orbit.capture.further-in";
pub const PROTECT: &str = "orbit.protect";
pub const PROTECTION_USED: &str = "orbit.protection.used";
pub const PASS: &str = "orbit.pass";
pub const FINISH_TURN: [&str; 4] = [
    "orbit.finish-turn.red",
    "orbit.finish-turn.green",
    "orbit.finish-turn.blue",
    "orbit.finish-turn.yellow",
];
pub const END_FINISHED: &str = "orbit.end.finished";
pub const END_TURN_LIMIT: &str = "orbit.end.turn-limit";
pub const TURNS: &str = "orbit.turns";

/// Every name above.
pub const ALL: &[&str] = &[
    ROLL,
    FACE[0],
    FACE[1],
    FACE[2],
    FACE[3],
    FACE[4],
    FACE[5],
    ROLL_BLOCKED,
    ENTER,
    MOVE,
    HOME,
    CAPTURE,
    RELOCATED,
    TO_CENTRE,
    FALLBACK,
    PROTECT,
    PROTECTION_USED,
    PASS,
    FINISH_TURN[0],
    FINISH_TURN[1],
    FINISH_TURN[2],
    FINISH_TURN[3],
    END_FINISHED,
    END_TURN_LIMIT,
    TURNS,
];
