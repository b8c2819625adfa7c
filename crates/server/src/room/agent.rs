//! Who plays a seat of a game on this server, as the seat is stored and the lobby shows
//! it: a person, a seat waiting for one (open to anyone, or invited), an AI level or
//! another bot (`docs/api.md`, "Seats" and "Open seats").

use std::fmt;
use std::str::FromStr;

use trio_catalog::{AgentError, AgentSpec};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum SeatAgent {
    /// A person holding the seat's token (`human`).
    Person,
    /// Waiting for anyone to take it from the lobby (`open`).
    Open,
    /// Waiting for whoever holds its invitation (`invite`).
    Invited,
    /// The AI at a level from 1 to 5 (`ai:2`).
    Ai(u8),
    /// Any other agent the catalog names (`random`, `mcts:N`, …).
    Bot(AgentSpec),
}

impl SeatAgent {
    /// The agent that plays the seat: a seat waiting for its player plays as a person.
    pub(crate) fn plays_as(&self) -> AgentSpec {
        match self {
            SeatAgent::Person | SeatAgent::Open | SeatAgent::Invited => AgentSpec::Human,
            SeatAgent::Ai(level) => AgentSpec::Ai(*level),
            SeatAgent::Bot(agent) => agent.clone(),
        }
    }
}

impl From<AgentSpec> for SeatAgent {
    fn from(agent: AgentSpec) -> Self {
        match agent {
            AgentSpec::Human => SeatAgent::Person,
            AgentSpec::Ai(level) => SeatAgent::Ai(level),
            other => SeatAgent::Bot(other),
        }
    }
}

impl FromStr for SeatAgent {
    type Err = AgentError;

    fn from_str(text: &str) -> Result<Self, AgentError> {
        match text {
            "open" => Ok(SeatAgent::Open),
            "invite" => Ok(SeatAgent::Invited),
            agent => agent.parse().map(AgentSpec::into),
        }
    }
}

impl fmt::Display for SeatAgent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatAgent::Open => f.write_str("open"),
            SeatAgent::Invited => f.write_str("invite"),
            agent => agent.plays_as().fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_agent_reads_what_it_writes() {
        for text in ["human", "open", "invite", "ai:3", "random", "mcts:100"] {
            let agent: SeatAgent = text.parse().unwrap();
            assert_eq!(agent.to_string(), text);
        }
        assert_eq!("ai:2".parse(), Ok(SeatAgent::Ai(2)));
        assert_eq!(
            "open".parse::<SeatAgent>().unwrap().plays_as(),
            AgentSpec::Human
        );
        assert!("nobody".parse::<SeatAgent>().is_err());
    }
}
