//! `trio verify`: checks a record written by the server — the seed is the one committed
//! to at the start (its SHA-256 with the nonce), and it deals every die roll and draw of
//! the record, every decision being legal.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use trio_catalog::excerpt;

use crate::replay::read_record;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit code 0 when the record checks; 1 naming what does not; 2 when \
the file cannot be read.\n\nExample:\n  curl -s http://127.0.0.1:8080/api/games/ID/record > game.json\n  \
trio verify game.json"
)]
pub struct VerifyArgs {
    /// A record from the server (`GET /api/games/{id}/record`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

pub fn run(args: &VerifyArgs) -> Result<ExitCode> {
    let record = read_record(&args.file)?;
    let name = args.file.display();
    let Some(commitment) = &record.commitment else {
        println!("{name}: no seed commitment: this record was not dealt by a server");
        return Ok(ExitCode::from(1));
    };
    let hash = trio_server::secrets::seed_commitment(record.seed, &commitment.nonce);
    if hash != commitment.seed_hash.to_ascii_lowercase() {
        println!(
            "{name}: the seed {} with its nonce hashes to {hash}, not to the published {}",
            record.seed,
            excerpt(&commitment.seed_hash)
        );
        return Ok(ExitCode::from(1));
    }
    let game = trio_catalog::record_game(&record)
        .with_context(|| format!("cannot set up the recorded game {}", excerpt(&record.game)))?;
    if let Err(e) = game.replay(&record) {
        println!("{name}: {e}");
        return Ok(ExitCode::from(1));
    }
    println!(
        "{name}: the seed {} is the one committed to ({}), and it deals every roll and draw \
         of the {} actions, all legal{}.",
        record.seed,
        commitment.seed_hash,
        record.actions.len(),
        if record.result.is_some() {
            ", to the recorded end"
        } else {
            "; the game is not over"
        }
    );
    Ok(ExitCode::SUCCESS)
}
