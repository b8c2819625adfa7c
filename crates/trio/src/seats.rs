//! `--seat N=WHO`: who sits in each seat of a terminal game.

use std::str::FromStr;

use anyhow::{bail, Result};
use trio_catalog::AgentSpec;
use trio_core::Seat;

/// One `--seat N=WHO` option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatArg {
    pub seat: Seat,
    pub who: AgentSpec,
}

impl FromStr for SeatArg {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (number, who) = s.split_once('=').ok_or_else(|| {
            format!(
                "expected N=WHO (like 2=ai:3), got {:?}",
                trio_catalog::excerpt(s)
            )
        })?;
        let number: u8 = number
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=4).contains(n))
            .ok_or_else(|| {
                format!(
                    "seat {:?} is not a number from 1 to 4",
                    trio_catalog::excerpt(number.trim())
                )
            })?;
        Ok(Self {
            seat: Seat(number - 1),
            who: who
                .parse()
                .map_err(|e: trio_catalog::AgentError| e.to_string())?,
        })
    }
}

/// The agent of every seat: people unless `--seat` says otherwise. A seat named twice, or
/// one the game does not have, is an error.
pub fn lineup(seats: usize, game: &str, args: &[SeatArg]) -> Result<Vec<AgentSpec>> {
    let mut lineup = vec![AgentSpec::Human; seats];
    let mut named = vec![false; seats];
    for arg in args {
        let i = arg.seat.index();
        if i >= seats {
            bail!("{game} has {seats} seats; there is no {}", arg.seat);
        }
        if named[i] {
            bail!("--seat names {} twice", arg.seat);
        }
        named[i] = true;
        lineup[i] = arg.who.clone();
    }
    Ok(lineup)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_seat_options() {
        assert_eq!(
            "2=human".parse::<SeatArg>(),
            Ok(SeatArg {
                seat: Seat(1),
                who: AgentSpec::Human
            })
        );
        assert!("5=human".parse::<SeatArg>().unwrap_err().contains("1 to 4"));
        assert!("2".parse::<SeatArg>().unwrap_err().contains("N=WHO"));
        assert!("1=robot".parse::<SeatArg>().unwrap_err().contains("robot"));
        assert_eq!(
            "1=ai:3".parse::<SeatArg>().map(|a| a.who),
            Ok(AgentSpec::Ai(3))
        );
        assert!("1=ai:6".parse::<SeatArg>().unwrap_err().contains("1 to 5"));
    }

    #[test]
    fn a_seat_is_named_once() {
        let args: Vec<SeatArg> = ["1=ai:1", "1=random"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let err = lineup(2, "gyges", &args).unwrap_err().to_string();
        assert!(err.contains("seat 1 twice"), "{err}");
        let err = lineup(2, "gyges", &["3=random".parse().unwrap()])
            .unwrap_err()
            .to_string();
        assert!(err.contains("no seat 3"), "{err}");
        assert_eq!(
            lineup(2, "gyges", &["2=ai:2".parse().unwrap()]).unwrap(),
            vec![AgentSpec::Human, AgentSpec::Ai(2)]
        );
    }
}
