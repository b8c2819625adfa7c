//! `trio perft`: counts move sequences to a depth, the standard check of move generation.

use anyhow::{bail, Result};
use clap::Args;
use trio_core::Turn;

use crate::games::{with_game, CliGame, GameArgs};
use crate::moves::parse_position;

#[derive(Debug, Args)]
#[command(after_help = "The last line printed is the node count. Example:\n  \
trio perft gyges --position \"321123/....../....../....../....../123321 S\" --depth 3 --divide")]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The position, in the game's notation (see docs/rules/).
    #[arg(long)]
    pub position: String,

    /// How many plies deep to count (chance events count as plies).
    #[arg(long)]
    pub depth: u32,

    /// Also print one line per legal move: the move and the count below it.
    #[arg(long)]
    pub divide: bool,
}

pub fn run(args: &PerftArgs) -> Result<()> {
    with_game!(args.game.game, count(args))
}

fn count<G: CliGame>(args: &PerftArgs) -> Result<()> {
    if args.depth > 12 {
        bail!("--depth {} is too deep to finish (at most 12)", args.depth);
    }
    let game = G::from_args(&args.game)?;
    let state = parse_position(&game, &args.position)?;
    if args.divide && args.depth > 0 && game.turn(&state) != Turn::Over {
        let mut lines: Vec<(String, u64)> = trio_core::perft::branches(&game, &state)
            .iter()
            .map(|a| {
                let mut next = state.clone();
                game.apply(&mut next, a);
                (
                    game.format_action(&state, a),
                    game.perft(&next, args.depth - 1),
                )
            })
            .collect();
        lines.sort();
        for (action, nodes) in &lines {
            println!("{action}: {nodes}");
        }
        println!("{}", lines.iter().map(|(_, n)| n).sum::<u64>());
    } else {
        println!("{}", game.perft(&state, args.depth));
    }
    Ok(())
}
