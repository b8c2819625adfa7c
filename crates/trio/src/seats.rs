//! Who sits in each seat of a terminal game or a match: a person at this keyboard, a random
//! mover, the AI at a strength level, or plain MCTS with a given budget.

use std::io::{self, BufRead, Write};
use std::str::FromStr;

use rand::RngCore;
use trio_ai::{MctsBot, MctsConfig, SearchLimit};
use trio_core::{Bot, Seat};

use crate::games::CliGame;

/// One `--seat N=WHO` option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatArg {
    pub seat: Seat,
    pub who: Who,
}

/// A kind of player, as written on the command line: `human`, `random`, `ai:N` or
/// `mcts:N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Human,
    Random,
    /// The AI at a level from 1 (a beginner can beat it) to 5 (the strongest we have).
    Ai(u8),
    /// The game-independent MCTS with uniformly random rollouts and this many iterations
    /// a move: the baseline the games' own agents are measured against.
    Mcts(u32),
}

impl FromStr for Who {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "human" => Ok(Who::Human),
            "random" => Ok(Who::Random),
            other => {
                if let Some(n) = other.strip_prefix("mcts:") {
                    return n
                        .parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .map(Who::Mcts)
                        .ok_or_else(|| {
                            format!("MCTS iterations {n:?} is not a whole number above 0")
                        });
                }
                let level = other.strip_prefix("ai:").ok_or_else(|| {
                    format!(
                        "unknown player {other:?} (expected human, random, ai:1 to ai:5 or mcts:N)"
                    )
                })?;
                level
                    .parse()
                    .ok()
                    .filter(|l| trio_ai::LEVELS.contains(l))
                    .map(Who::Ai)
                    .ok_or_else(|| format!("AI level {level:?} is not a number from 1 to 5"))
            }
        }
    }
}

impl Who {
    /// The agent for this player; `None` for a person, who plays at the keyboard.
    pub fn bot<G: CliGame>(self) -> Option<Box<dyn Bot<G>>> {
        match self {
            Who::Human => None,
            Who::Random => Some(Box::new(trio_ai::RandomBot)),
            Who::Ai(level) => Some(G::bot_for_level(level)),
            Who::Mcts(iterations) => Some(Box::new(MctsBot::<G>::new(MctsConfig::new(
                SearchLimit::Iterations(iterations),
            )))),
        }
    }
}

impl FromStr for SeatArg {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let (number, who) = s
            .split_once('=')
            .ok_or_else(|| format!("expected N=WHO (like 2=human), got {s:?}"))?;
        let number: u8 = number
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=4).contains(n))
            .ok_or_else(|| format!("seat {number:?} is not a number from 1 to 4"))?;
        Ok(Self {
            seat: Seat(number - 1),
            who: who.parse()?,
        })
    }
}

/// A person typing moves at the terminal.
#[derive(Debug, Default)]
pub struct Human;

impl<G: CliGame> Bot<G> for Human {
    fn name(&self) -> String {
        "human".to_owned()
    }

    fn choose(
        &mut self,
        game: &G,
        view: &G::View,
        seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<G::Action> {
        // The mover's options follow from its view alone, so a state sampled from the view
        // answers legality without the program peeking at what this seat may not see.
        let state = game.determinize(view, rng);
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        let mut written: Vec<String> = legal
            .iter()
            .map(|a| game.format_action(&state, a))
            .collect();
        written.sort();
        println!("\n{}", game.draw(view));
        let stdin = io::stdin();
        let mut line = String::new();
        loop {
            let forced = if let [only] = written.as_slice() {
                format!(" (Enter: {only})")
            } else {
                String::new()
            };
            print!(
                "{} to move{forced}, `help` for help> ",
                game.seat_name(seat)
            );
            io::stdout().flush().ok();
            line.clear();
            if stdin.lock().read_line(&mut line).ok()? == 0 {
                println!();
                return None;
            }
            match line.trim() {
                "" if legal.len() == 1 => return legal.pop(),
                "" => {}
                "help" | "?" => println!(
                    "{}\nCommands: `moves` lists the legal moves, `board` draws the board again, \
                     `quit` leaves the game.",
                    game.notation_help()
                ),
                "moves" => println!("{}", written.join("  ")),
                "board" => println!("{}", game.draw(view)),
                "quit" | "exit" => return None,
                text => match game.parse_action(&state, text) {
                    Err(e) => println!("cannot read {text:?}: {e}. Type `help` for the notation."),
                    Ok(action) if legal.contains(&action) => return Some(action),
                    Ok(_) => println!("{text} is not legal here; `moves` lists the legal moves."),
                },
            }
        }
    }
}

/// The agent for each seat: people unless `--seat` says otherwise.
pub fn seat_bots<G: CliGame>(game: &G, args: &[SeatArg]) -> anyhow::Result<Vec<Box<dyn Bot<G>>>> {
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..game.seat_count())
        .map(|_| Box::new(Human) as Box<dyn Bot<G>>)
        .collect();
    for arg in args {
        let Some(slot) = bots.get_mut(arg.seat.index()) else {
            anyhow::bail!(
                "{} has {} seats; there is no {}",
                game.name(),
                game.seat_count(),
                arg.seat
            );
        };
        *slot = arg.who.bot().unwrap_or_else(|| Box::new(Human));
    }
    Ok(bots)
}

/// Whether a seat is played by a person at this keyboard.
pub fn is_human(args: &[SeatArg], seat: Seat) -> bool {
    args.iter()
        .rev()
        .find(|a| a.seat == seat)
        .is_none_or(|a| a.who == Who::Human)
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
                who: Who::Human
            })
        );
        assert!("5=human".parse::<SeatArg>().unwrap_err().contains("1 to 4"));
        assert!("2".parse::<SeatArg>().unwrap_err().contains("N=WHO"));
        assert!("1=robot".parse::<SeatArg>().unwrap_err().contains("robot"));
        assert_eq!("1=ai:3".parse::<SeatArg>().map(|a| a.who), Ok(Who::Ai(3)));
        assert_eq!(
            "1=random".parse::<SeatArg>().map(|a| a.who),
            Ok(Who::Random)
        );
        assert!("1=ai:6".parse::<SeatArg>().unwrap_err().contains("1 to 5"));
        assert!("1=ai:x".parse::<SeatArg>().unwrap_err().contains("1 to 5"));
        assert_eq!(
            "2=mcts:500".parse::<SeatArg>().map(|a| a.who),
            Ok(Who::Mcts(500))
        );
        assert!("1=mcts:0"
            .parse::<SeatArg>()
            .unwrap_err()
            .contains("above 0"));
        assert!("1=mcts:x".parse::<SeatArg>().unwrap_err().contains("\"x\""));
    }
}
