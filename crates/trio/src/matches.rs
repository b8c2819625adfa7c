//! `trio match`: two agents play many games against each other in parallel, with seats
//! alternating, and the results come with a 95% interval.

use anyhow::{bail, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use trio_core::Bot;

use crate::games::{with_game, CliGame, GameArgs};
use crate::seats::Who;

#[derive(Debug, Args)]
#[command(
    after_help = "Agents: random, ai:1 to ai:5 (the strength levels), or mcts:N (plain MCTS \
with N iterations a move and random rollouts, the same for every game); see docs/ai.md.\n\n\
Agent A takes seat 1 in the first game, seat 2 in the second, and so on; with 3 or 4 players\n\
agent B fills every other seat. The same --seed replays the same match on any machine.\n\n\
Example:\n  trio match gyges --a ai:3 --b ai:1 --games 100"
)]
pub struct MatchArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The first agent.
    #[arg(long, value_name = "AGENT")]
    pub a: Who,

    /// The second agent.
    #[arg(long, value_name = "AGENT")]
    pub b: Who,

    /// How many games.
    #[arg(long, default_value_t = 100)]
    pub games: usize,

    /// Seed of the match: every game's chance and the agents' randomness follow from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Threads playing games at once (default: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

pub fn run(args: &MatchArgs) -> Result<()> {
    with_game!(args.game.game, play_match(args))
}

fn play_match<G: CliGame>(args: &MatchArgs) -> Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if args.a == Who::Human || args.b == Who::Human {
        bail!("a match is played by agents: use random, ai:1 to ai:5 or mcts:N");
    }
    let game = G::from_args(&args.game)?;
    let lineup = |who: Who| who.bot::<G>().expect("agents only, checked above");
    let make_bots = || {
        let mut bots: Vec<Box<dyn Bot<G>>> = vec![lineup(args.a)];
        bots.extend((1..game.seat_count()).map(|_| lineup(args.b)));
        bots
    };
    let bar = ProgressBar::new(args.games as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed} (eta {eta})")
            .expect("a valid template"),
    );
    let summary = trio_ai::run_match(
        &game,
        make_bots,
        args.games,
        args.seed,
        args.threads,
        |done| bar.set_position(done as u64),
    )?;
    bar.finish_and_clear();
    let variant = if args.game.variant.is_empty() {
        String::new()
    } else {
        format!(" --variant {}", args.game.variant.join(","))
    };
    println!(
        "{}{variant}, seed {}: first line A, then B",
        game.name(),
        args.seed
    );
    print!("{summary}");
    Ok(())
}
