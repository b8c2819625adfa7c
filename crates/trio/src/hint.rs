//! `trio hint`: the move the AI would play in a position, and its evaluation.

use anyhow::{bail, Result};
use clap::Args;

use crate::games::{with_game, CliGame, GameArgs};
use crate::moves::parse_position;

#[derive(Debug, Args)]
#[command(
    after_help = "Example:\n  trio hint gyges --position \"321123/....../....../....../....../123321 S\""
)]
pub struct HintArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The position, in the game's notation (see docs/rules/).
    #[arg(long)]
    pub position: String,

    /// The AI level that searches, 1 to 5 (see docs/ai.md).
    #[arg(long, default_value_t = 5)]
    pub level: u8,

    /// Seed of the search's randomness: the same seed gives the same hint.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: &HintArgs) -> Result<()> {
    with_game!(args.game.game, hint(args))
}

fn hint<G: CliGame>(args: &HintArgs) -> Result<()> {
    if !trio_ai::LEVELS.contains(&args.level) {
        bail!("--level {} is not a level from 1 to 5", args.level);
    }
    let game = G::from_args(&args.game)?;
    let state = parse_position(&game, &args.position)?;
    let hint = game.hint(&state, args.level, args.seed)?;
    println!("{}\n{}", hint.action, hint.evaluation);
    Ok(())
}
