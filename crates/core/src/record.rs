//! A game written down: what was played, by whom, from which seed, and how it ended, as
//! JSON. [`crate::Referee::replay`] rebuilds every state from it, checking each action.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{EndReason, Ending, Outcome, Seat};

/// The version of the record format written by this crate.
///
/// 2: a result says why the game ended (`reason`, and `seat` for whom it concerns).
pub const RECORD_FORMAT: u32 = 2;

/// One game, start to finish (or so far).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// [`RECORD_FORMAT`] when written.
    pub format: u32,
    /// The game with its options, as a catalog spec string (`gyges(variant=official)`).
    pub game: String,
    /// Every die roll and draw follows from this seed.
    pub seed: u64,
    /// Who sat in each seat, by seat: `human`, `random`, `ai:3`, `mcts:500`.
    pub seats: Vec<String>,
    /// The position the game started from, when not a new game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The text of each definition file the game's options name (a board, a tile set), by
    /// option name, so that the record replays without the files.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub definitions: BTreeMap<String, String>,
    /// Every action in order, chance outcomes included, in the game's notation.
    pub actions: Vec<String>,
    /// How the game ended; `None` while it runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<RecordResult>,
    /// The seed's commitment, for a game whose seed was kept secret until the end (the
    /// server's games): anyone can check that the seed was fixed at the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<SeedCommitment>,
}

/// The commitment version the server writes: [`SeedCommitment::version`].
pub const COMMITMENT_VERSION: u32 = 2;

/// A hash published before the game and checked after it, when the seed is revealed: it
/// fixes the seed and, from version 2, the game with its options, the seats and the start,
/// so that none of them can be changed afterwards. The serialisation is `docs/api.md`'s
/// ("The commitment"); `trio_server::secrets` computes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeedCommitment {
    /// 1: `seed_hash` covers the seed alone (games created before version 2, whose
    /// records carry no version); 2: it covers [`CommitmentParts`].
    #[serde(default = "seed_alone")]
    pub version: u32,
    /// Version 1: the SHA-256, in lowercase hex, of `trio-seed:<seed>:<nonce>` (the seed in
    /// decimal). Version 2: the hash of the parts' digests.
    pub seed_hash: String,
    /// Random text that keeps the seed from being found by hashing every seed.
    pub nonce: String,
    /// Version 2: the digest of each part the hash covers, so that a check can name the
    /// part of a record that does not match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<CommitmentParts>,
}

fn seed_alone() -> u32 {
    1
}

/// The digests, in lowercase hex, that a version-2 commitment hashes together.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommitmentParts {
    /// The seed with the nonce: version 1's whole hash.
    pub seed: String,
    /// The game spec with its options, and the definition files' texts.
    pub game: String,
    /// Who sat in each seat, as recorded.
    pub seats: String,
    /// The position the game started from (none for a new game).
    pub start: String,
}

/// The end of a recorded game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "WrittenResult")]
pub struct RecordResult {
    /// One rank per seat, 0 for first; tied seats share a rank. Empty for an aborted game.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ranks: Vec<u8>,
    /// Why it ended.
    pub reason: EndReason,
    /// The seat (counted from 0) the reason concerns: the one that resigned, ran out of
    /// time, was absent or aborted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    /// Seats that left a game of more than two and were played on by a bot, ranked last
    /// whatever happened ([`crate::Referee::retire`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retired: Vec<u8>,
}

impl RecordResult {
    /// The result of a game that ended: its ranking (none if aborted) and why.
    pub fn new(outcome: Option<&Outcome>, ending: Ending) -> Self {
        Self {
            ranks: outcome.map(|o| o.ranks().to_vec()).unwrap_or_default(),
            reason: ending.reason,
            seat: ending.seat.map(|s| s.0),
            retired: Vec::new(),
        }
    }

    /// How it ended, as the referee says it.
    pub fn ending(&self) -> Ending {
        Ending {
            reason: self.reason,
            seat: self.seat.map(Seat),
        }
    }
}

/// A result as any version wrote it: format 1 named only a resignation (`resigned`), and a
/// flag or an absence was written as one; a result with neither ended by the rules.
#[derive(Deserialize)]
struct WrittenResult {
    #[serde(default)]
    ranks: Vec<u8>,
    #[serde(default)]
    reason: Option<EndReason>,
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default)]
    resigned: Option<u8>,
    #[serde(default)]
    retired: Vec<u8>,
}

impl From<WrittenResult> for RecordResult {
    fn from(written: WrittenResult) -> Self {
        let seat = written.seat.or(written.resigned);
        let reason = written.reason.unwrap_or(match written.resigned {
            Some(_) => EndReason::Resign,
            None => EndReason::Rules,
        });
        Self {
            ranks: written.ranks,
            reason,
            seat,
            retired: written.retired,
        }
    }
}

impl Record {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serializes")
    }

    /// Reads a record, refusing formats newer than this program knows.
    pub fn from_json(text: &str) -> Result<Self, String> {
        let record: Self =
            serde_json::from_str(text).map_err(|e| format!("not a game record: {e}"))?;
        if record.format == 0 || record.format > RECORD_FORMAT {
            return Err(format!(
                "record format {} is not one this program reads (1 to {RECORD_FORMAT})",
                record.format
            ));
        }
        Ok(record)
    }
}
