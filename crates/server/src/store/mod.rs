//! Storage: one trait, [`Storage`], that the rooms write through and the server loads
//! from, with two backends: one SQLite file for one server ([`SqliteStorage`]) and
//! PostgreSQL for several ([`PgStorage`]).
//!
//! A shared store ([`Storage::lease_ttl`] is `Some`) is written by other instances too:
//! it tells of their changes by [`Notice`] (ids only, never a view), and the automatic
//! turns of a game (chance and bots) are played by whichever instance holds its lease.
//!
//! A game is its row (spec, seed and the commitment's nonce, version, status), its seats
//! (agent, and for a person the SHA-256 of the seat token) and its events in order. Each
//! event is written with the game's new version in one transaction, fenced by the old
//! version, before anyone hears of it.
//!
//! The trait is implemented once, by [`Store`] (`backend`), over a seam (`Backend`) that
//! holds only what differs between the two databases: how a read or a write gets its
//! connection (SQLite's one writer task, PostgreSQL's pool), the appends and their batches,
//! a shared store's notices and leases, the query of the games due. Each query is written
//! once, on a small layer over either connection (`conn`): the games' in `games` and
//! `seats`, the people's in `people`. The migrations (`migrations`) lie in `migrations/`,
//! each backend's own in a folder of its name.

use std::time::Duration;

use futures_util::future::BoxFuture;
use futures_util::FutureExt;
use thiserror::Error;
use tokio::sync::mpsc;
use trio_core::Seat;

use crate::people::ratings::SeatRating;

mod accounts;
mod backend;
mod conn;
mod games;
mod migrations;
mod people;
mod postgres;
mod rows;
mod seats;
mod shared;
mod sqlite;

pub use backend::Store;
pub use postgres::PgStorage;
pub use rows::*;
pub use shared::CHANNEL as NOTICE_CHANNEL;
pub use sqlite::SqliteStorage;

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

/// Where games are kept. Every method is one transaction.
pub trait Storage: Send + Sync + std::fmt::Debug {
    /// Stores a new game with its seats at version 0.
    fn create(&self, game: &GameRow) -> BoxFuture<'_, Result<(), StorageError>>;

    /// Appends an event and sets the game's version to its `seq` (and its status), if the
    /// game is at `seq - 1`; [`StorageError::Conflict`] otherwise. Durable once it returns.
    fn append(&self, append: Append) -> BoxFuture<'_, Result<(), StorageError>>;

    /// Appends a game's last event, as [`Storage::append`] does, and in the same
    /// transaction updates the ratings of a rated game ([`Storage::rate`]), its lobby line
    /// given each seat's rating and change: all or nothing is written, and a game whose
    /// version was taken (it moved or ended elsewhere) is not ended again. Each seat's
    /// rating as shown, in seat order; empty when no rating moved.
    fn finish(
        &self,
        append: Append,
        rating: Option<RatedEnd>,
    ) -> BoxFuture<'_, Result<Vec<SeatRating>, StorageError>>;

    /// A game with its events in order, or `None` if there is no such game.
    fn load<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<StoredGame>, StorageError>>;

    /// The events of game `id` after version `after`, in order.
    fn since<'a>(
        &'a self,
        id: &'a str,
        after: u64,
    ) -> BoxFuture<'a, Result<Vec<EventRow>, StorageError>>;

    /// `Some(how long a lease lasts)` if other server instances share these games; `None`
    /// for a store only this process writes (then there are no notices or leases).
    fn lease_ttl(&self) -> Option<Duration> {
        None
    }

    /// The notices of a shared store, once (later calls and unshared stores: `None`).
    fn notices(&self) -> Option<mpsc::Receiver<Notice>> {
        None
    }

    /// Takes or renews game `id`'s lease for this instance; `false` while another
    /// instance's lease runs. Always `true` for an unshared store.
    fn claim<'a>(&'a self, _id: &'a str) -> BoxFuture<'a, Result<bool, StorageError>> {
        async { Ok(true) }.boxed()
    }

    /// Running games to load and play: waiting for chance or a bot (on a shared store,
    /// whose lease is free or ran out), whose clock's flag is due by millisecond `now`
    /// (the server's time, `crate::Time`), or unchanged since before second
    /// `idle_before` (to expire, `room::away`); oldest change first, at most `limit`.
    fn due(
        &self,
        limit: usize,
        now: i64,
        idle_before: i64,
    ) -> BoxFuture<'_, Result<Vec<String>, StorageError>>;

    /// Finished rated games whose ratings were never updated (they ended before the two
    /// were written in one transaction, and the server stopped in between), in the order
    /// they ended.
    fn owing_ratings(&self) -> BoxFuture<'_, Result<Vec<String>, StorageError>>;

    /// How many running games `creator` created (as [`GameRow::creator`] names it).
    fn running_of<'a>(&'a self, creator: &'a str) -> BoxFuture<'a, Result<u64, StorageError>>;

    /// The lobby lines of `listed`, the latest first, after `after` in that order, at most
    /// `limit`; each with its place in the list. Finished games are those that were played
    /// (an event at least: not those that expired waiting for players).
    fn lobby<'a>(
        &'a self,
        listed: Listed,
        after: Option<&'a Cursor>,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<(String, Cursor)>, StorageError>>;

    /// Stores a new player with its first key (a SHA-256 in hex), if neither its folded
    /// name `name_key` nor its skeleton is another's: `false` if one is.
    fn create_player<'a>(
        &'a self,
        player: &'a PlayerRow,
        name_key: &'a str,
        skeleton: &'a str,
        key_hash: &'a str,
    ) -> BoxFuture<'a, Result<bool, StorageError>>;

    /// The players taken before names' skeletons were kept, oldest first, whose skeleton
    /// is not filled in.
    fn players_without_skeleton(&self) -> BoxFuture<'_, Result<Vec<PlayerRow>, StorageError>>;

    /// Fills in player `id`'s name skeleton, unless another player has it.
    fn set_skeleton<'a>(
        &'a self,
        id: &'a str,
        skeleton: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>>;

    /// Sets player `id`'s password hash (`passwords`).
    fn set_password<'a>(
        &'a self,
        id: &'a str,
        hash: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>>;

    /// The player whose folded name is `name_key`, with its password hash if it set one.
    fn password_of<'a>(
        &'a self,
        name_key: &'a str,
    ) -> BoxFuture<'a, Result<Option<PasswordRow>, StorageError>>;

    /// Gives player `id` another key (a SHA-256 in hex), its others kept.
    fn add_key<'a>(
        &'a self,
        id: &'a str,
        key_hash: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>>;

    /// The player whose key hashes to `key_hash`.
    fn player_of<'a>(
        &'a self,
        key_hash: &'a str,
    ) -> BoxFuture<'a, Result<Option<PlayerRow>, StorageError>>;

    /// The failed sign-ins of `scope` since `since` (milliseconds since the Unix epoch).
    fn sign_in_failures<'a>(
        &'a self,
        scope: FailureScope<'a>,
        since: i64,
    ) -> BoxFuture<'a, Result<Failures, StorageError>>;

    /// Keeps a failed sign-in on folded name `name_key` from `network` at `at`
    /// (milliseconds), forgetting those before `forget_before`.
    fn add_sign_in_failure<'a>(
        &'a self,
        name_key: &'a str,
        network: &'a str,
        at: i64,
        forget_before: i64,
    ) -> BoxFuture<'a, Result<(), StorageError>>;

    /// Writes down that the key hashing to `key_hash` was used at `now` (seconds), with
    /// its device's `label` if one is given.
    fn touch_key<'a>(
        &'a self,
        key_hash: &'a str,
        now: i64,
        label: Option<&'a str>,
    ) -> BoxFuture<'a, Result<(), StorageError>>;

    /// Player `id`'s keys, newest first.
    fn sessions_of<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Vec<SessionRow>, StorageError>>;

    /// Deletes player `id`'s key whose hash begins with `session` (16 hex digits): how many
    /// were.
    fn end_session<'a>(
        &'a self,
        id: &'a str,
        session: &'a str,
    ) -> BoxFuture<'a, Result<u64, StorageError>>;

    /// Deletes every key of player `id` but the one hashing to `keep`: how many were.
    fn end_other_sessions<'a>(
        &'a self,
        id: &'a str,
        keep: &'a str,
    ) -> BoxFuture<'a, Result<u64, StorageError>>;

    /// The lobby lines of the games player `id` sits in, running or over, newest first,
    /// at most `limit`.
    fn player_games<'a>(
        &'a self,
        id: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<String>, StorageError>>;

    /// Seat `seat` of game `id` agrees to a rematch, its token there hashing to `hash`: if
    /// with it every seat in `people` has agreed and no rematch is named yet, the game's
    /// rematch is named `rematch` and `true` is answered — once, whichever instance asks.
    fn agree_rematch<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        hash: &'a str,
        people: &'a [Seat],
        rematch: &'a str,
    ) -> BoxFuture<'a, Result<bool, StorageError>>;

    /// Seat `seat` of game `id`'s draw offers become `now`, if they are still `was` (else
    /// another instance changed them first: `false`).
    fn set_draw<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        was: DrawRow,
        now: DrawRow,
    ) -> BoxFuture<'a, Result<bool, StorageError>>;

    /// Updates the ratings of the players of rated game `id` of `kind`, who finished at
    /// the ranks given, once, keeping each seat's change with the seat: each seat's rating
    /// as shown, in seat order (`None`: already done, or not a rated game).
    fn rate<'a>(
        &'a self,
        id: &'a str,
        kind: &'a str,
        ranked: &'a [(Rated, u8)],
    ) -> BoxFuture<'a, Result<Option<Vec<SeatRating>>, StorageError>>;

    /// Player `player`'s rating in `kind` as shown now (a new player's before its first
    /// rated game).
    fn seat_rating<'a>(
        &'a self,
        player: &'a str,
        kind: &'a str,
    ) -> BoxFuture<'a, Result<SeatRating, StorageError>>;

    /// When `player` aborted rated games against another named player since `since`
    /// (seconds since the Unix epoch), oldest first: the abort events of its seats.
    fn rated_aborts<'a>(
        &'a self,
        player: &'a str,
        since: i64,
    ) -> BoxFuture<'a, Result<Vec<i64>, StorageError>>;

    /// Player `name`'s ratings and their history, oldest first; `None`: no such player.
    fn profile<'a>(
        &'a self,
        name: &'a str,
    ) -> BoxFuture<'a, Result<Option<ProfileRow>, StorageError>>;

    /// The best ratings of `kind`, at most `limit`.
    fn leaderboard<'a>(
        &'a self,
        kind: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<RatingRow>, StorageError>>;

    /// Running games made by "Play someone" for `seek` with a seat still open, oldest
    /// first, at most `limit`: none that browser `seeker` asked for, none that player
    /// `player` (an id) sits in.
    fn seeking<'a>(
        &'a self,
        seek: &'a str,
        seeker: Option<&'a str>,
        player: Option<&'a str>,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<String>, StorageError>>;

    /// The rated games named players `a` and `b` (ids) both sit in, a person seated in
    /// them at or after second `since` (the server's time).
    fn rated_together<'a>(
        &'a self,
        a: &'a str,
        b: &'a str,
        since: i64,
    ) -> BoxFuture<'a, Result<u64, StorageError>>;

    /// Gives seat `seat` of game `id` another token, hashing to `hash` (hex); on a shared
    /// store the other instances hear of it.
    fn add_seat_token<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        hash: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>>;

    /// Gives a seat its new player, if the seat is still as the change found it (`false`:
    /// it was taken first); on a shared store the other instances hear of it.
    fn claim_seat<'a>(&'a self, claim: &'a SeatClaim) -> BoxFuture<'a, Result<bool, StorageError>>;

    /// The review of finished game `id` by the judge of `level`, as stored JSON.
    fn review<'a>(
        &'a self,
        id: &'a str,
        level: u8,
    ) -> BoxFuture<'a, Result<Option<String>, StorageError>>;

    /// Keeps a finished game's review; a review already kept for the game and level (by
    /// another instance) stays.
    fn store_review<'a>(
        &'a self,
        id: &'a str,
        level: u8,
        review: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>>;

    /// Ends game `id` with no result (its lobby line now `summary`) if it is running and
    /// unchanged since before second `idle_before`: `false` when a seat was taken or it
    /// moved first. On a shared store the other instances hear of it.
    fn abort<'a>(
        &'a self,
        id: &'a str,
        idle_before: i64,
        summary: &'a str,
    ) -> BoxFuture<'a, Result<bool, StorageError>>;

    /// Stores game `id`'s lobby line and whether chance or a bot is to act, as an append
    /// does: for a game stored before its lobby line was.
    fn describe<'a>(
        &'a self,
        id: &'a str,
        automatic: bool,
        summary: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>>;
}

/// Seconds since the Unix epoch.
pub(crate) fn now() -> i64 {
    now_millis() / 1000
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
