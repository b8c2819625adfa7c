//! The trio game server: rooms, seats, live updates; durable and private.
//!
//! Where a request goes, from the socket to the database:
//!
//! - `http/` — the accept loop and the limits at the socket, then [`app`]: the routes by
//!   resource (games, seats, actions, seeks, kinds, players), the WebSocket and the
//!   built-in page (`docs/api.md`, `docs/protocol.md`). Handlers read the request and ask
//!   the registry or a room; every error reaches the client through [`ApiError`]
//!   (`error.rs`, the one mapping to an HTTP status and a stable code).
//! - `registry/` ([`AppState`]) — the rooms in memory, creating games, seeks, the lobby,
//!   the cluster's lease.
//! - `room/` — one task per game, the only writer of its [`trio_catalog::Live`], routing
//!   each command to a small collaborator. Each change is committed to [`Storage`] before
//!   it is acknowledged and broadcast, each recipient seeing only what its seat may.
//! - `people/` — named players, passwords, ratings and [`secrets`] (tokens and keys kept as
//!   SHA-256 hashes; the seed drawn here, committed to by hash at the start and revealed in
//!   the record): domain code with no HTTP in it.
//! - `store/` — the [`Storage`] trait written once, over a small seam to SQLite
//!   ([`SqliteStorage`], one file in WAL mode; after a restart every running game is
//!   rebuilt from its events) and PostgreSQL ([`PgStorage`], several instances at once: a
//!   version fences each append, commits are heard by `pg_notify`, chance and bots played
//!   under a lease, `docs/deploy.md`).
//!
//! Beside them: `protocol/` (what crosses the wire), `pool.rs` (the AI's threads),
//! `replays.rs` and `reviews.rs` (finished games), `time.rs` (the server's clock).

mod crash;
mod error;
mod http;
mod loading;
mod people;
mod pool;
pub mod protocol;
mod registry;
mod replays;
mod reviews;
mod room;
pub mod store;
mod time;

pub use error::ApiError;
pub use http::limits::{connection_budget, raise_descriptor_limit, Limits, Rate};
pub use http::{app, serve};
pub use people::sign_ins::{Allowance, SignInLimits};
pub use people::{players, ratings, secrets};
pub use registry::{AppState, Settings};
pub use room::Absence;
pub use store::{PgStorage, SqliteStorage, Storage, StorageError, NOTICE_CHANNEL};
pub use time::Time;
