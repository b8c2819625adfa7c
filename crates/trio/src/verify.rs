//! `trio verify`: checks a record written by the server — the seed, the game with its
//! options, the seats and the start are the ones committed to at the start (the hash the
//! server published then), and the seed deals every die roll and draw of the record,
//! every decision being legal.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use trio_catalog::excerpt;
use trio_core::{Record, SeedCommitment, COMMITMENT_VERSION};
use trio_server::secrets;

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
    let covered = match check_commitment(&record, commitment) {
        Ok(covered) => covered,
        Err(why) => {
            println!("{name}: {why}");
            return Ok(ExitCode::from(1));
        }
    };
    let game = trio_catalog::record_game(&record)
        .with_context(|| format!("cannot set up the recorded game {}", excerpt(&record.game)))?;
    if let Err(e) = game.replay(&record) {
        println!("{name}: {e}");
        return Ok(ExitCode::from(1));
    }
    println!(
        "{name}: {covered} the one committed to ({}), and the seed deals every roll and draw \
         of the {} actions, all legal{}.",
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

/// Whether the record is what `commitment` fixed at the start: what it covers, said for
/// the report ("the seed … is"), or what does not match.
fn check_commitment(record: &Record, commitment: &SeedCommitment) -> Result<String, String> {
    let seed = record.seed;
    match (commitment.version, &commitment.parts) {
        (1, _) => {
            let hash = secrets::seed_commitment(seed, &commitment.nonce);
            if hash != commitment.seed_hash.to_ascii_lowercase() {
                return Err(format!(
                    "the seed {seed} with its nonce hashes to {hash}, not to the published {}",
                    excerpt(&commitment.seed_hash)
                ));
            }
            Ok(format!(
                "the seed {seed} (an older commitment, of the seed alone: the game, its \
                 options, seats and start are not covered) is"
            ))
        }
        (2, Some(published)) => {
            let actual = secrets::commitment_parts(record, &commitment.nonce);
            let edited: Vec<&str> = [
                (&published.seed, &actual.seed, "the seed or its nonce"),
                (&published.game, &actual.game, "the game or its options"),
                (&published.seats, &actual.seats, "the seats"),
                (&published.start, &actual.start, "the start position"),
            ]
            .into_iter()
            .filter(|(published, actual, _)| !published.eq_ignore_ascii_case(actual))
            .map(|(_, _, part)| part)
            .collect();
            if !edited.is_empty() {
                return Err(format!(
                    "the record is not the game committed to at the start: {} changed",
                    edited.join(", ")
                ));
            }
            let hash = secrets::commitment_hash(published);
            if hash != commitment.seed_hash.to_ascii_lowercase() {
                return Err(format!(
                    "the commitment's parts hash to {hash}, not to the published {}",
                    excerpt(&commitment.seed_hash)
                ));
            }
            Ok(format!(
                "the seed {seed}, the game {}, its seats and its start are",
                excerpt(&record.game)
            ))
        }
        (2, None) => Err("the version 2 commitment has no parts".to_owned()),
        (version, _) => Err(format!(
            "commitment version {version} is not one this program knows (1 or {COMMITMENT_VERSION})"
        )),
    }
}
