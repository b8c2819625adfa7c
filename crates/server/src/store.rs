//! Storage: one trait, [`Storage`], that the rooms write through and the server loads
//! from, so that a PostgreSQL backend can follow the SQLite one ([`crate::sqlite`]). The
//! SQL is kept portable: `$n` parameters, TEXT ids, BIGINT numbers, no SQLite-only syntax.
//!
//! A game is its row (spec, seed and the commitment's nonce, version, status), its seats
//! (agent, and for a person the SHA-256 of the seat token) and its events in order. Each
//! event is written with the game's new version in one transaction, fenced by the old
//! version, before anyone hears of it.

use futures_util::future::BoxFuture;
use thiserror::Error;

/// A storage failure; its text is logged, never shown to clients.
#[derive(Debug, Error)]
pub enum StorageError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("game {id} is not at version {expected}")]
    Conflict { id: String, expected: u64 },
    #[error("stored data does not read: {0}")]
    Corrupt(String),
    #[error("the database writer has stopped")]
    Closed,
}

/// Whether a game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Running,
    Over,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Running => "running",
            Status::Over => "over",
        }
    }

    pub fn parse(text: &str) -> Result<Self, StorageError> {
        match text {
            "running" => Ok(Status::Running),
            "over" => Ok(Status::Over),
            other => Err(StorageError::Corrupt(format!("game status {other:?}"))),
        }
    }
}

/// A game as created: everything but its events.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: String,
    pub spec: String,
    pub seed: u64,
    pub seed_nonce: String,
    pub seed_hash: String,
    pub version: u64,
    pub status: Status,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
    /// The position the game started from (in the game's notation); `None`: a new game.
    pub start: Option<String>,
    pub seats: Vec<SeatRow>,
}

#[derive(Clone, Debug)]
pub struct SeatRow {
    /// `human`, `ai:3`, …
    pub agent: String,
    /// The SHA-256 of a person's seat token, in hex; `None` for a bot.
    pub token_hash: Option<String>,
}

/// What an event did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A seat's decision (a person's or a bot's), in notation.
    Play,
    /// A chance outcome (a roll, a draw), in notation.
    Chance,
    /// A seat gave up.
    Resign,
    /// A seat took back its own last decisions.
    Undo,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Play => "play",
            EventKind::Chance => "chance",
            EventKind::Resign => "resign",
            EventKind::Undo => "undo",
        }
    }

    pub fn parse(text: &str) -> Result<Self, StorageError> {
        match text {
            "play" => Ok(EventKind::Play),
            "chance" => Ok(EventKind::Chance),
            "resign" => Ok(EventKind::Resign),
            "undo" => Ok(EventKind::Undo),
            other => Err(StorageError::Corrupt(format!("event kind {other:?}"))),
        }
    }
}

/// One event, the game's version after it being `seq`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventRow {
    pub seq: u64,
    pub kind: EventKind,
    pub seat: Option<u8>,
    /// The action in notation, for [`EventKind::Play`] and [`EventKind::Chance`].
    pub action: Option<String>,
    /// The client's id for the request, so that a resend is applied at most once.
    pub client_id: Option<String>,
}

/// An event to append to game `game_id`, moving it from version `seq - 1` to `seq`.
#[derive(Clone, Debug)]
pub struct Append {
    pub game_id: String,
    pub event: EventRow,
    /// The game's status after the event.
    pub status: Status,
}

/// A stored game with its events, to rebuild a room from.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub game: GameRow,
    pub events: Vec<EventRow>,
}

/// Where games are kept. Every method is one transaction.
pub trait Storage: Send + Sync + std::fmt::Debug {
    /// Stores a new game with its seats at version 0.
    fn create(&self, game: &GameRow) -> BoxFuture<'_, Result<(), StorageError>>;

    /// Appends an event and sets the game's version to its `seq` (and its status), if the
    /// game is at `seq - 1`; [`StorageError::Conflict`] otherwise. Durable once it returns.
    fn append(&self, append: Append) -> BoxFuture<'_, Result<(), StorageError>>;

    /// The ids of the games still running, oldest first.
    fn running(&self) -> BoxFuture<'_, Result<Vec<String>, StorageError>>;

    /// A game with its events in order, or `None` if there is no such game.
    fn load<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<StoredGame>, StorageError>>;
}

/// Seconds since the Unix epoch.
pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}
