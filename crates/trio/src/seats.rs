//! Who sits in each seat of a terminal game: a person at this keyboard or an AI agent.

use std::io::{self, BufRead, Write};
use std::str::FromStr;

use rand::RngCore;
use trio_core::{Bot, Seat};

use crate::games::CliGame;

/// One `--seat N=WHO` option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatArg {
    pub seat: Seat,
    pub who: Who,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Human,
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
        let who = match who.trim() {
            "human" => Who::Human,
            other => return Err(format!("unknown player {other:?} (expected human)")),
        };
        Ok(Self {
            seat: Seat(number - 1),
            who,
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
        *slot = match arg.who {
            Who::Human => Box::new(Human),
        };
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
    }
}
