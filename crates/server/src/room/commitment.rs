//! The seed's commitment as a game keeps it: the hash published at the start, and the
//! nonce revealed with the record at the end, which let anyone check that the seed was
//! fixed before the first move.

use trio_core::{Record, SeedCommitment, COMMITMENT_VERSION};

use crate::people::secrets;
use crate::store::GameRow;

#[derive(Debug)]
pub(super) struct Commitment {
    /// Published with the game from its start.
    pub(super) seed_hash: String,
    nonce: String,
    /// 1 for a game created when it covered the seed alone (its stored hash is the seed's
    /// digest), else [`COMMITMENT_VERSION`].
    version: u32,
}

impl Commitment {
    pub(super) fn of(row: &GameRow) -> Self {
        let seed_alone = row.seed_hash == secrets::seed_commitment(row.seed, &row.seed_nonce);
        Self {
            seed_hash: row.seed_hash.clone(),
            nonce: row.seed_nonce.clone(),
            version: if seed_alone { 1 } else { COMMITMENT_VERSION },
        }
    }

    /// Adds the commitment to `record` as it is published. Its parts are those of the
    /// record: they hash to the stored hash only if the game, seats and start are the ones
    /// committed to at the start.
    pub(super) fn seal(&self, record: &mut Record) {
        let parts = (self.version >= 2).then(|| secrets::commitment_parts(record, &self.nonce));
        record.commitment = Some(SeedCommitment {
            version: self.version,
            seed_hash: self.seed_hash.clone(),
            nonce: self.nonce.clone(),
            parts,
        });
    }
}
