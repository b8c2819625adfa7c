//! `trio bench`: each engine's search signature and speed (`trio_ai::bench`), as
//! Stockfish's `bench` prints them: a change of a signature means the search changed.

use anyhow::{bail, Result};
use clap::Args;
use trio_ai::bench::{gyges_bench, orbit_bench, triles_bench, Bench};
use trio_catalog::GameKind;

#[derive(Debug, Args)]
#[command(
    after_help = "Each engine searches a fixed set of positions of its game with a fixed \
budget: the Gygès alpha-beta engine four positions to depth 3, the Triles and Na orbicie \
MCTS of level 3 four seeded positions each. The signature is the nodes searched (for MCTS \
plus the visits of the chosen moves); it depends on the code alone, so a change of the \
search shows as a new number, which the tests pin (docs/ai.md says how to update it). \
Nodes per second depend on the machine; build with --release to measure speed.\n\n\
Examples:\n  trio bench\n  trio bench gyges"
)]
pub struct BenchArgs {
    /// Only this game's engine: `gyges`, `triles` or `orbit` (default: all three).
    #[arg(value_name = "GAME")]
    pub game: Option<String>,
}

pub fn run(args: &BenchArgs) -> Result<()> {
    let kinds: Vec<GameKind> = match &args.game {
        None => vec![GameKind::Gyges, GameKind::Triles, GameKind::Orbit],
        Some(name) => match GameKind::named(name) {
            Some(kind) => vec![kind],
            None => bail!("unknown game {name:?}: gyges, triles or orbit"),
        },
    };
    println!(
        "{:<40} {:>9} {:>10} {:>10} {:>10} {:>8}",
        "engine", "positions", "nodes", "signature", "nodes/s", "time"
    );
    for kind in kinds {
        let bench: Bench = match kind {
            GameKind::Gyges => gyges_bench(),
            GameKind::Triles => triles_bench(),
            GameKind::Orbit => orbit_bench(),
        };
        println!(
            "{:<40} {:>9} {:>10} {:>10} {:>10.0} {:>6.2} s",
            bench.engine,
            bench.positions,
            bench.nodes,
            bench.signature,
            bench.nodes_per_second(),
            bench.time.as_secs_f64()
        );
    }
    Ok(())
}
