//! Agents named once, for every driver: `human`, `random`, `ai:1` to `ai:5` (each game's
//! own strength levels), `think:SECONDS` (the strongest AI on a clock), `mcts:N` (plain
//! MCTS, the game-independent baseline) and `ugi:<command>` (an external Gygès engine
//! speaking UGI).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use trio_core::excerpt;

use crate::kinds::GameKind;

/// The strength levels people choose from: the AI's own table.
pub use trio_ai::LEVELS;

/// Each AI level's fixed rating in a game of `kind` (its anchor: a game against it never
/// moves it), levels 1–5, on the scale ratings are shown (docs/api.md, "Ratings"). Fitted
/// from the ladder of each level's score against the one below in docs/ai.md, "Measured"
/// (the fit is the server's ratings test); level 2, "casual play", stands at a new
/// player's rating, where people start.
pub const fn level_anchors(kind: GameKind) -> [f64; 5] {
    match kind {
        GameKind::Gyges => [934.0, 1500.0, 1752.0, 2012.0, 2227.0],
        GameKind::Triles => [1332.0, 1500.0, 1608.0, 1693.0, 1779.0],
        GameKind::Orbit => [315.0, 1500.0, 2541.0, 3265.0, 3491.0],
    }
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AgentSpec {
    /// A person, whose actions come from outside (a keyboard, a browser).
    Human,
    /// Uniformly random legal moves.
    Random,
    /// The game's AI at a level from 1 (a beginner can beat it) to 5 (our strongest).
    Ai(u8),
    /// Plain MCTS with random rollouts and this many iterations a move.
    Mcts(u32),
    /// The game's strongest AI thinking this many milliseconds a move (`think:2.5` is
    /// written in seconds), instead of a level's fixed budget.
    Think(u32),
    /// An external engine started with this command line, then `;name=value` options
    /// sent with `setoption` (Gygès only): `ugi:gyges_engine;maxPly=4`.
    Ugi(String),
}

/// An agent that cannot be named or started; the texts quote what was given, cut short.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AgentError {
    #[error("AI level {0:?} is not a level from 1 to 5")]
    Level(String),
    #[error("MCTS iterations {0:?} is not a whole number from 1 to 10000000")]
    Iterations(String),
    #[error("thinking time {0:?} is not a number of seconds from 0.05 to 600")]
    Seconds(String),
    #[error("ugi: needs the engine's command, e.g. ugi:gyges_engine")]
    NoCommand,
    #[error(
        "unknown player {0:?} (expected human, random, ai:1 to ai:5, think:SECONDS, mcts:N \
         or ugi:COMMAND)"
    )]
    Unknown(String),
    #[error("a match is played by agents: random, ai:1 to ai:5, mcts:N or ugi:COMMAND")]
    HumanInMatch,
    #[error("{game} has no engine protocol: ugi: agents play Gygès only")]
    NoEngineProtocol { game: &'static str },
    #[error("ugi option {0:?} is not name=value")]
    UgiOption(String),
    /// The engine would not start or answer; `reason` is what went wrong.
    #[error("ugi:{program}: {reason}")]
    UgiStart { program: String, reason: String },
}

impl AgentSpec {
    pub fn is_human(&self) -> bool {
        *self == AgentSpec::Human
    }

    /// The level this agent is judged as when a review chooses a judge above the players
    /// ([`default_judge_level`]): an AI level its own, plain MCTS the lowest level searching
    /// at least as much, random 0. People, the strongest AI on a clock and external engines
    /// count as the top level: a judge must not take them for weaker than they may be.
    pub fn level(&self) -> u8 {
        match self {
            AgentSpec::Random => 0,
            AgentSpec::Ai(level) => *level,
            AgentSpec::Mcts(iterations) => trio_ai::level_for_iterations(*iterations),
            AgentSpec::Human | AgentSpec::Think(_) | AgentSpec::Ugi(_) => *LEVELS.end(),
        }
    }
}

/// The weakest judge a review uses by default: the level reviews used before the judge
/// was chosen by the players, still quick.
const LEAST_JUDGE_LEVEL: u8 = 3;

/// The judge level (1–6, [`trio_ai::JUDGE_LEVELS`]) that reviews a game of `seats` by
/// default: one above the strongest of them, so that no player is judged by a search no
/// stronger than its own, and at least `LEAST_JUDGE_LEVEL`. Level 6, the top level with
/// more search, judges people and the top level.
pub fn default_judge_level(seats: &[AgentSpec]) -> u8 {
    let strongest = seats.iter().map(AgentSpec::level).max().unwrap_or(0);
    (strongest + 1).clamp(LEAST_JUDGE_LEVEL, *trio_ai::JUDGE_LEVELS.end())
}

impl FromStr for AgentSpec {
    type Err = AgentError;

    fn from_str(text: &str) -> Result<Self, AgentError> {
        let text = text.trim();
        match text {
            "human" => return Ok(AgentSpec::Human),
            "random" => return Ok(AgentSpec::Random),
            _ => {}
        }
        if let Some(level) = text.strip_prefix("ai:") {
            return level
                .parse::<u64>()
                .ok()
                .filter(|l| (1..=5).contains(l))
                .map(|l| AgentSpec::Ai(l as u8))
                .ok_or_else(|| AgentError::Level(excerpt(level)));
        }
        if let Some(n) = text.strip_prefix("mcts:") {
            return n
                .parse::<u32>()
                .ok()
                .filter(|&n| (1..=10_000_000).contains(&n))
                .map(AgentSpec::Mcts)
                .ok_or_else(|| AgentError::Iterations(excerpt(n)));
        }
        if let Some(seconds) = text.strip_prefix("think:") {
            return seconds
                .parse::<f64>()
                .ok()
                .filter(|s| (0.05..=600.0).contains(s))
                .map(|s| AgentSpec::Think((s * 1000.0).round() as u32))
                .ok_or_else(|| AgentError::Seconds(excerpt(seconds)));
        }
        if let Some(command) = text.strip_prefix("ugi:") {
            if command.trim().is_empty() {
                return Err(AgentError::NoCommand);
            }
            return Ok(AgentSpec::Ugi(command.trim().to_owned()));
        }
        Err(AgentError::Unknown(excerpt(text)))
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Human => f.write_str("human"),
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Ai(level) => write!(f, "ai:{level}"),
            AgentSpec::Mcts(n) => write!(f, "mcts:{n}"),
            AgentSpec::Think(ms) => write!(f, "think:{}", f64::from(*ms) / 1000.0),
            AgentSpec::Ugi(command) => write!(f, "ugi:{command}"),
        }
    }
}

impl Serialize for AgentSpec {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for AgentSpec {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_read_back_the_same() {
        for text in [
            "human",
            "random",
            "ai:1",
            "ai:5",
            "mcts:500",
            "ugi:gyges_engine --x",
        ] {
            assert_eq!(text.parse::<AgentSpec>().unwrap().to_string(), text);
        }
    }

    #[test]
    fn the_judge_is_above_every_seat() {
        let judge = |seats: &[&str]| {
            let seats: Vec<AgentSpec> = seats.iter().map(|s| s.parse().unwrap()).collect();
            default_judge_level(&seats)
        };
        assert_eq!(judge(&["ai:3", "ai:5"]), 6);
        assert_eq!(judge(&["ai:3", "ai:4"]), 5);
        assert_eq!(judge(&["human", "ai:1"]), 6);
        assert_eq!(judge(&["think:2", "random"]), 6);
        assert_eq!(judge(&["ugi:gyges_engine", "ai:2"]), 6);
        assert_eq!(judge(&["mcts:1000", "ai:2"]), 4);
        // Weak players still get the judge reviews always had.
        assert_eq!(judge(&["ai:1", "random"]), 3);
        for a in [
            "random", "ai:1", "ai:2", "ai:3", "ai:4", "ai:5", "human", "mcts:50",
        ] {
            let agent: AgentSpec = a.parse().unwrap();
            assert!(judge(&[a, "random"]) > agent.level(), "{a}");
        }
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let error = |text: &str| text.parse::<AgentSpec>().unwrap_err().to_string();
        // The same words whatever the number, however large.
        assert_eq!(error("ai:6"), "AI level \"6\" is not a level from 1 to 5");
        assert_eq!(
            error("ai:99999"),
            "AI level \"99999\" is not a level from 1 to 5"
        );
        assert!(error("ai:x").contains("from 1 to 5"));
        assert!(error("mcts:0").contains("from 1 to"));
        assert!(error("robot").contains("unknown player \"robot\""));
        assert!(error("ugi:").contains("command"));
        assert!(error("think:0").contains("from 0.05 to 600"));
        assert!(error("think:1e9").contains("from 0.05 to 600"));
        assert!(error(&"z".repeat(10_000)).len() < 200);
    }
}
