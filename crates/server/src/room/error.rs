//! What goes wrong in a room: [`RoomError`], which stops it, and why a stored game does not
//! rebuild ([`RebuildError`], [`StoredFault`], [`EventFault`]). A client is answered
//! `unavailable` for any of them, here in one place ([`Refusal`] then says the status and
//! code); what really happened is logged.

use trio_catalog::{AgentError, CatalogError, SpecError};
use trio_core::{BotError, PlayError};

use crate::error::Refusal;
use crate::pool::SearchFailed;
use crate::store::StorageError;

/// Why a room cannot go on: its storage failed, or the game it holds does not.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RoomError {
    /// What the store answered (a lost race is [`StorageError::Conflict`]).
    #[error(transparent)]
    Storage(#[from] StorageError),
    /// The game is no longer in the store when the room reads it again.
    #[error("game {0} is gone")]
    Gone(String),
    /// A commit with nothing in the game's log.
    #[error("nothing to commit")]
    NothingToCommit,
    /// The stored game does not rebuild (an event that does not replay, …).
    #[error(transparent)]
    Rebuild(#[from] RebuildError),
    /// A bot's search failed.
    #[error("a bot failed: {0}")]
    Bot(#[from] SearchFailed),
    /// The rules refused what the room itself did (a seat's resignation, for its clock or
    /// its absence, or a bot's that broke the rules).
    #[error(transparent)]
    Refused(#[from] PlayError),
    /// Chance could not be drawn.
    #[error(transparent)]
    Chance(#[from] BotError),
    /// A seat could not be given to its new agent.
    #[error(transparent)]
    Agent(#[from] CatalogError),
}

impl RoomError {
    /// Whether another instance stored the version this room meant to write.
    pub(super) fn is_conflict(&self) -> bool {
        matches!(self, RoomError::Storage(StorageError::Conflict { .. }))
    }
}

/// A room that cannot go on is unavailable to the client; what happened is logged where
/// it did.
impl From<&RoomError> for Refusal {
    fn from(_: &RoomError) -> Self {
        Refusal::Unavailable
    }
}

/// Why a stored game could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RebuildError {
    #[error("game {id}: {fault}")]
    Bad { id: String, fault: Box<StoredFault> },
}

/// What in a stored game does not make a game.
#[derive(Debug, thiserror::Error)]
pub(crate) enum StoredFault {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error("seat {agent}: {error}")]
    Agent { agent: String, error: AgentError },
    #[error("a token hash does not read")]
    TokenHash,
    #[error("the clock does not read: {0}")]
    Clock(serde_json::Error),
    #[error("a seat handed to the AI: {0}")]
    Retired(PlayError),
    #[error("event {seq} ({kind}): {fault}")]
    Event {
        seq: u64,
        kind: &'static str,
        fault: EventFault,
    },
}

/// Why a stored event does not apply to the game its room holds.
#[derive(Debug, thiserror::Error)]
pub(crate) enum EventFault {
    #[error("no seat")]
    NoSeat,
    #[error("no action")]
    NoAction,
    #[error(transparent)]
    Refused(#[from] PlayError),
    #[error("chance is not to act here")]
    NotChance,
    #[error(transparent)]
    Chance(#[from] BotError),
    #[error("the game is at version {0}")]
    Version(u64),
    #[error("the seed draws {drawn:?}, the stored event says {stored:?}")]
    OtherDraw {
        drawn: Option<String>,
        stored: Option<String>,
    },
}
