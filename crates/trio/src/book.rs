//! `trio book`: writes a book of starts for `trio match --book`, so that two matches (a
//! change and its baseline, or two machines) play the very same starts.

use anyhow::{bail, Result};
use clap::Args;
use trio_core::rng;

use crate::args::GameArgs;

/// More starts than a match could ever use.
const MAX_STARTS: usize = 1_000_000;

#[derive(Debug, Args)]
#[command(
    after_help = "One start a line, after a `#` comment saying how the book was made: for \
Gygès the position after both setups (drawn at random from the seed), for Triles and Na \
orbicie a seed, which deals the game's tiles or dice. Lines can be edited, reordered or \
written by hand (a position in the game's notation or a seed; `#` starts a comment).\n\n\
Examples:\n  trio book gyges --starts 100 --seed 7 > gyges.book\n  \
trio match gyges --a ai:4 --b ai:3 --book gyges.book"
)]
pub struct BookArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// How many starts, e.g. `--starts 100` (a match plays each twice, seats swapped).
    #[arg(long, default_value_t = 100)]
    pub starts: usize,

    /// Seed the starts are drawn from; the same seed writes the same book.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: &BookArgs) -> Result<()> {
    if args.starts == 0 || args.starts > MAX_STARTS {
        bail!("--starts must be from 1 to {MAX_STARTS}");
    }
    let game = args.game.build()?;
    println!(
        "# trio book {}: {} starts from seed {}",
        game.spec(),
        args.starts,
        args.seed
    );
    for k in 0..args.starts {
        println!("{}", game.book_line(rng::sub_seed(args.seed, k as u64)));
    }
    Ok(())
}
