//! `trio perft`: counts move sequences to a depth, the standard check of move generation.

use anyhow::{bail, Result};
use clap::Args;

use crate::args::GameArgs;

#[derive(Debug, Args)]
#[command(
    after_help = "Only sequences of exactly DEPTH plies count (a line that ends the \
game sooner counts 0). The last line printed is the node count. Example:\n  \
trio perft gyges --position \"321123/....../....../....../....../123321 S\" --depth 3 --divide"
)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The position, in the game's notation (see docs/rules/).
    #[arg(long, allow_hyphen_values = true)]
    pub position: String,

    /// How many plies deep to count (chance events count as plies).
    #[arg(long)]
    pub depth: u32,

    /// Also print one line per legal move: the move and the count below it.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: &PerftArgs) -> Result<()> {
    if args.depth > 12 {
        bail!("--depth {} is too deep to finish (at most 12)", args.depth);
    }
    let game = args.game.build()?;
    if args.divide && args.depth > 0 {
        let mut lines = game.divide(&args.position, args.depth)?;
        lines.sort();
        for (action, nodes) in &lines {
            println!("{action}: {nodes}");
        }
        println!("{}", lines.iter().map(|(_, n)| n).sum::<u64>());
    } else {
        println!("{}", game.perft(&args.position, args.depth)?);
    }
    Ok(())
}
