//! The names of the lab's events (`docs/lab.md`, "Rule events"), as
//! [`trio_core::Game::rule_events`] and [`trio_core::Game::end_events`] record them; per
//! colour where indexed by [`crate::Colour::index`].

pub const PLACE: &str = "triles.place";
pub const EXTRA_PLACED: &str = "triles.extra.placed";
pub const DOT: [&str; 2] = ["triles.dot.black", "triles.dot.white"];
pub const LOOP: [&str; 2] = ["triles.loop.black", "triles.loop.white"];
pub const CLOSED: [&str; 2] = ["triles.closed.black", "triles.closed.white"];
pub const WEDGE: &str = "triles.wedge";
pub const GIFT: &str = "triles.gift";
pub const GIFT_DECLINED: &str = "triles.gift.declined";
pub const REWARD_DRAW_OWED: &str = "triles.reward-draw.owed";
pub const REWARD_DRAW_LOST: &str = "triles.reward-draw.lost";
pub const EXTRA_OWED: &str = "triles.extra.owed";
pub const EXTRA_LOST: &str = "triles.extra.lost";
pub const DRAW: &str = "triles.draw";
pub const PASS: &str = "triles.pass";
pub const END_EMPTY_HAND: &str = "triles.end.empty-hand";
pub const END_DOUBLE_PASS: &str = "triles.end.double-pass";
pub const HAND: [&str; 2] = ["triles.final-hand.black", "triles.final-hand.white"];
pub const POOL_LEFT: &str = "triles.final-pool";

/// Every name above.
pub const ALL: &[&str] = &[
    PLACE,
    EXTRA_PLACED,
    DOT[0],
    DOT[1],
    LOOP[0],
    LOOP[1],
    CLOSED[0],
    CLOSED[1],
    WEDGE,
    GIFT,
    GIFT_DECLINED,
    REWARD_DRAW_OWED,
    REWARD_DRAW_LOST,
    EXTRA_OWED,
    EXTRA_LOST,
    DRAW,
    PASS,
    END_EMPTY_HAND,
    END_DOUBLE_PASS,
    HAND[0],
    HAND[1],
    POOL_LEFT,
];
