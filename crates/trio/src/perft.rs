//! `trio perft`: counts move sequences to a depth, the standard check of move generation.
//! Long counts show their progress on a terminal and stop on Ctrl-C with what they have.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::args::GameArgs;

#[derive(Debug, Args)]
#[command(
    after_help = "Only sequences of exactly DEPTH plies count (a line that ends the \
game sooner counts 0). The last line printed is the node count. On a terminal a progress \
line shows the first moves counted, nodes and nodes per second; Ctrl-C stops the count and \
prints the part counted so far (exit code 130).\n\nExample:\n  \
trio perft gyges --position \"321123/....../....../....../....../123321 S\" --depth 3 --divide"
)]
pub struct PerftArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The position, in the game's notation (see docs/rules/).
    #[arg(long, allow_hyphen_values = true)]
    pub position: String,

    /// How many plies deep to count (chance events count as plies), at most 12.
    #[arg(long)]
    pub depth: u32,

    /// Also print one line per first move, in the game's order: the move and the count
    /// below it.
    #[arg(long)]
    pub divide: bool,
}

/// Counted first moves, sent from the counting thread.
type Branch = (String, u64);

pub fn run(args: &PerftArgs) -> Result<std::process::ExitCode> {
    if args.depth > 12 {
        bail!("--depth {} is too deep to finish (at most 12)", args.depth);
    }
    let game = args.game.build()?;
    if args.depth <= 1 || !args.divide && args.depth <= 3 {
        // Quick enough to need neither progress nor a way out.
        if args.divide && args.depth > 0 {
            print_branches(
                &game.divide(&args.position, args.depth, &mut |_, _| {})?,
                true,
            );
        } else {
            println!("{}", game.perft(&args.position, args.depth)?);
        }
        return Ok(std::process::ExitCode::SUCCESS);
    }
    let total = game.branch_count(&args.position)?;
    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&interrupted);
    // Only the first handler counts; a second `perft` in one process never happens.
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    let (sender, branches) = mpsc::channel::<Branch>();
    let worker = {
        let game = Arc::clone(&game);
        let position = args.position.clone();
        let depth = args.depth;
        std::thread::spawn(move || {
            game.divide(&position, depth, &mut |action, nodes| {
                let _ = sender.send((action.to_owned(), nodes));
            })
        })
    };
    let bar = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{pos}/{len} first moves  {msg}  {elapsed}")
            .expect("a valid template"),
    );
    let started = Instant::now();
    let mut counted: Vec<Branch> = Vec::new();
    loop {
        match branches.recv_timeout(Duration::from_millis(100)) {
            Ok(branch) => {
                counted.push(branch);
                let nodes: u64 = counted.iter().map(|(_, n)| n).sum();
                let rate = nodes as f64 / started.elapsed().as_secs_f64().max(1e-3);
                bar.set_position(counted.len() as u64);
                bar.set_message(format!("{nodes} nodes, {rate:.0} nodes/s"));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if interrupted.load(Ordering::SeqCst) {
            bar.finish_and_clear();
            print_branches(&counted, args.divide);
            eprintln!(
                "interrupted: {} of {total} first moves counted; the count above is partial",
                counted.len()
            );
            return Ok(std::process::ExitCode::from(130));
        }
    }
    bar.finish_and_clear();
    worker
        .join()
        .map_err(|_| anyhow::anyhow!("the counting thread failed"))??;
    print_branches(&counted, args.divide);
    Ok(std::process::ExitCode::SUCCESS)
}

fn print_branches(counted: &[Branch], divide: bool) {
    if divide {
        for (action, nodes) in counted {
            println!("{action}: {nodes}");
        }
    }
    println!("{}", counted.iter().map(|(_, n)| n).sum::<u64>());
}
