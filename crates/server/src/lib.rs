//! The trio game server: rooms, seats, live updates; durable and private.
//!
//! - [`app`] is the whole HTTP service (`docs/api.md`), its WebSocket protocol in
//!   `docs/protocol.md`; `trio serve` binds it, tests call it on an ephemeral port.
//! - Games live in rooms (`room`): one task per game owns its [`trio_catalog::Live`] and
//!   is its only writer. Each change is committed to [`Storage`] before it is
//!   acknowledged and broadcast, each recipient seeing only what its seat may.
//! - Storage is one trait with portable SQL; [`SqliteStorage`] keeps games in one SQLite
//!   file (WAL), and after a restart every running game is rebuilt from its events.
//!   [`PgStorage`] keeps them in PostgreSQL for several instances at once: any instance
//!   takes any game's actions (a version fences each append), hears the others' commits
//!   by `pg_notify` and reads them from the table; chance and bots are played under a
//!   lease (`docs/deploy.md`).
//! - Secrets ([`secrets`]): seat tokens are 128 random bits stored as SHA-256 hashes; the
//!   seed is drawn here, committed to by hash at the start and revealed in the record.

mod error;
mod http;
mod loading;
mod people;
mod pool;
mod postgres;
pub mod protocol;
mod replays;
mod reviews;
mod room;
mod sqlite;
mod state;
pub mod store;
mod time;

pub use error::ApiError;
pub use http::limits::{connection_budget, raise_descriptor_limit, Limits, Rate};
pub use http::{app, serve};
pub use people::{players, ratings, secrets};
pub use postgres::{PgStorage, CHANNEL as NOTICE_CHANNEL};
pub use room::Absence;
pub use sqlite::SqliteStorage;
pub use state::{AppState, Settings};
pub use store::{Storage, StorageError};
pub use time::Time;
