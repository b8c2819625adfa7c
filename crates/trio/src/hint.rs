//! `trio hint`: the move the AI would play in a position, and its evaluation.

use anyhow::{bail, Result};
use clap::Args;

use crate::args::GameArgs;

#[derive(Debug, Args)]
#[command(
    after_help = "Example:\n  trio hint gyges --position \"321123/....../....../....../....../123321 S\""
)]
pub struct HintArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The position, in the game's notation (see docs/rules/).
    #[arg(long, allow_hyphen_values = true)]
    pub position: String,

    /// The AI level that searches, 1 to 5 (see docs/ai.md).
    #[arg(long, default_value_t = 5)]
    pub level: u64,

    /// Seed of the search's randomness: the same seed gives the same hint.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: &HintArgs) -> Result<()> {
    if !(1..=5).contains(&args.level) {
        bail!("--level {} is not a level from 1 to 5", args.level);
    }
    let game = args.game.build()?;
    let hint = game.hint(&args.position, args.level as u8, args.seed)?;
    println!("{}\n{}", hint.action, hint.evaluation);
    Ok(())
}
