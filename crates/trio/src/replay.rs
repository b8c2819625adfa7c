//! `trio replay`: checks a game record action by action and shows how it ended.

use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use trio_catalog::excerpt;
use trio_core::{EndReason, Record, Seat};

/// The largest record read: a long Na orbicie game is a few hundred KiB.
const MAX_RECORD_BYTES: u64 = 16 * 1024 * 1024;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit code 0 when every action is legal and every roll and draw is \
the one the record's seed gives; 1 naming the first action that is not; 2 when the file \
cannot be read.\n\nExample:\n  trio play gyges --seat 2=ai:2 --record game.json\n  \
trio replay game.json"
)]
pub struct ReplayArgs {
    /// A record written by `trio play --record`, `trio match --records` or the server.
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
}

/// Reads a record file, with a size cap so that a device file is refused, not read forever.
pub fn read_record(path: &Path) -> Result<Record> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut text = String::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read {} as text", path.display()))?;
    if text.len() as u64 > MAX_RECORD_BYTES {
        anyhow::bail!(
            "{} is larger than a record can be ({} MiB)",
            path.display(),
            MAX_RECORD_BYTES >> 20
        );
    }
    Record::from_json(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

pub fn run(args: &ReplayArgs) -> Result<ExitCode> {
    let record = read_record(&args.file)?;
    let game = trio_catalog::record_game(&record)
        .with_context(|| format!("cannot set up the recorded game {}", excerpt(&record.game)))?;
    let live = match game.replay(&record) {
        Ok(live) => live,
        Err(e) => {
            println!("{}: {e}", args.file.display());
            return Ok(ExitCode::from(1));
        }
    };
    println!("{}", live.diagram(None, false));
    println!("Final position: {}", live.position());
    let seats: Vec<String> = (0..live.seat_count())
        .map(|s| {
            let seat = Seat(s as u8);
            format!("{} ({})", live.seat_name(seat), record.seats[s])
        })
        .collect();
    println!(
        "{}, seed {}: {}; {} actions, all legal, every roll and draw as the seed gives.",
        record.game,
        record.seed,
        seats.join(" vs "),
        record.actions.len()
    );
    let seat_name = |seat: Option<Seat>| seat.map(|s| live.seat_name(s));
    match (live.ending(), live.outcome()) {
        (None, _) => println!("The game is not over."),
        (Some(ending), None) => match seat_name(ending.seat) {
            Some(name) => println!("Aborted by {name}: no result."),
            None => println!("Aborted: no result."),
        },
        (Some(ending), Some(outcome)) => {
            let mut order: Vec<Seat> = (0..live.seat_count()).map(|s| Seat(s as u8)).collect();
            order.sort_by_key(|&s| outcome.rank(s));
            let ranking: Vec<String> = order
                .iter()
                .map(|&s| format!("{}. {}", outcome.rank(s) + 1, live.seat_name(s)))
                .collect();
            let name = seat_name(ending.seat).unwrap_or_default();
            let why = match ending.reason {
                EndReason::Rules | EndReason::Abort => String::new(),
                EndReason::Resign => format!(" ({name} gave up)"),
                EndReason::Time => format!(" ({name} ran out of time)"),
                EndReason::Absence => format!(" ({name} was away too long; the win was claimed)"),
                EndReason::Expiry => format!(" ({name} was away until the game expired)"),
                EndReason::Agreement => " (a draw agreed to)".to_owned(),
            };
            println!("Result: {}{why}", ranking.join(", "));
        }
    }
    Ok(ExitCode::SUCCESS)
}
