//! `trio match`: two agents play many games against each other in parallel, with seats
//! alternating, and the results come with a 95% interval.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use trio_catalog::AgentSpec;

use crate::args::GameArgs;

/// More threads than this only queue behind each other, and each holds a search's memory.
const MAX_THREADS: usize = 256;

#[derive(Debug, Args)]
#[command(
    after_help = "Agents: random, ai:1 to ai:5 (each game's strength levels), think:SECONDS \
(the strongest AI on a clock), mcts:N (plain MCTS with N iterations a move and random rollouts, \
the same for every game) or ugi:COMMAND[;NAME=VALUE...] (an external Gygès engine and the \
options it is given); see docs/ai.md.\n\n\
Agent A takes seat 1 in the first game, seat 2 in the second, and so on; with 3 or 4 players\n\
agent B fills every other seat. The same --seed replays the same match on any machine.\n\n\
Example:\n  trio match gyges --a ai:3 --b ai:1 --games 100 --records games/"
)]
pub struct MatchArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The first agent.
    #[arg(long, value_name = "AGENT")]
    pub a: AgentSpec,

    /// The second agent.
    #[arg(long, value_name = "AGENT")]
    pub b: AgentSpec,

    /// How many games.
    #[arg(long, default_value_t = 100)]
    pub games: usize,

    /// Seed of the match: every game's chance and the agents' randomness follow from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Threads playing games at once, at most 256 (default: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,

    /// Write each game's record into this folder (game-0001.json, …), for `trio replay`.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
}

pub fn run(args: &MatchArgs) -> Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    if args.threads > MAX_THREADS {
        bail!("--threads {} is more than {MAX_THREADS}", args.threads);
    }
    let game = args.game.build()?;
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let bar = ProgressBar::new(args.games as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed} (eta {eta})")
            .expect("a valid template"),
    );
    let write_error = std::sync::Mutex::new(None);
    let summary = game.run_match(
        &args.a,
        &args.b,
        args.games,
        args.seed,
        args.threads,
        &|done, index, record| {
            bar.set_position(done as u64);
            if let Some(dir) = &args.records {
                let path = dir.join(format!("game-{:04}.json", index + 1));
                if let Err(e) = std::fs::write(&path, record.to_json()) {
                    let mut slot = write_error.lock().expect("no panics while held");
                    slot.get_or_insert(format!("cannot write {}: {e}", path.display()));
                }
            }
        },
    )?;
    bar.finish_and_clear();
    if let Some(e) = write_error.into_inner().expect("no panics while held") {
        bail!(e);
    }
    println!(
        "{}, {} games, seed {}: A = {}, B = {} ({:.1} plies a game on average)",
        game.spec(),
        summary.games,
        args.seed,
        args.a,
        args.b,
        summary.average_plies()
    );
    let names: Vec<String> = std::iter::once(format!("A {}", args.a))
        .chain((1..game.seat_count()).map(|_| format!("B {}", args.b)))
        .collect();
    print!("{}", summary.table(&names));
    if let Some(dir) = &args.records {
        println!("Records in {}.", dir.display());
    }
    Ok(())
}
