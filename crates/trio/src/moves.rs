//! `trio moves`: the legal moves of a position, one per line, in the game's order.

use anyhow::Result;
use clap::Args;
use trio_core::Seat;

use crate::args::GameArgs;

#[derive(Debug, Args)]
#[command(
    after_help = "At a chance event each outcome is printed with its probability. Once the \
game is over nothing is printed on standard output, and standard error says how it ended.\n\n\
Example:\n  trio moves gyges --position \"321123/....../....../....../....../123321 S\""
)]
pub struct MovesArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The position, in the game's notation (see docs/rules/).
    #[arg(long, allow_hyphen_values = true)]
    pub position: String,
}

pub fn run(args: &MovesArgs) -> Result<()> {
    let game = args.game.build()?;
    let moves = game.moves(&args.position)?;
    if moves.is_empty() {
        if let Some(outcome) = game.outcome(&args.position)? {
            let verdict = match outcome.winner() {
                Some(seat) => format!("{} wins", game.seat_name(seat)),
                None if outcome.is_draw() => "a draw".to_owned(),
                None => {
                    let mut order: Vec<Seat> =
                        (0..game.seat_count()).map(|s| Seat(s as u8)).collect();
                    order.sort_by_key(|&s| outcome.rank(s));
                    order
                        .iter()
                        .map(|&s| format!("{}. {}", outcome.rank(s) + 1, game.seat_name(s)))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            };
            eprintln!("the game is over ({verdict}): no moves");
        }
    }
    for (action, probability) in moves {
        match probability {
            Some(p) => println!("{action}\t{p:.4}"),
            None => println!("{action}"),
        }
    }
    Ok(())
}
