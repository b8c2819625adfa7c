//! Storage: one trait, [`Storage`], that the rooms write through and the server loads
//! from, with two backends: one SQLite file for one server (`sqlite`) and
//! PostgreSQL for several (`postgres`). The SQL they share is portable: `$n`
//! parameters, TEXT ids, BIGINT numbers; so are the row readers here.
//!
//! A shared store ([`Storage::lease_ttl`] is `Some`) is written by other instances too:
//! it tells of their changes by [`Notice`] (ids only, never a view), and the automatic
//! turns of a game (chance and bots) are played by whichever instance holds its lease.
//!
//! A game is its row (spec, seed and the commitment's nonce, version, status), its seats
//! (agent, and for a person the SHA-256 of the seat token) and its events in order. Each
//! event is written with the game's new version in one transaction, fenced by the old
//! version, before anyone hears of it.

use std::collections::BTreeMap;
use std::time::Duration;

use futures_util::future::BoxFuture;
use futures_util::FutureExt;
use sqlx::migrate::{Migration, MigrationType};
use sqlx::{ColumnIndex, Database, Decode, Encode, Executor, IntoArguments, Row, SqlSafeStr, Type};
use thiserror::Error;
use tokio::sync::{mpsc, oneshot};

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
    /// When it last changed (an event, a seat), in seconds since the Unix epoch: read
    /// back, never written (a new game's is its creation).
    pub updated_at: i64,
    /// The position the game started from (in the game's notation); `None`: a new game.
    pub start: Option<String>,
    /// The texts of the definition files its spec names, by option name; empty: built-in.
    pub definitions: BTreeMap<String, String>,
    pub seats: Vec<SeatRow>,
    /// Whether chance or a bot is to act first (a shared store's instances look for such
    /// games to play).
    pub automatic: bool,
    /// The lobby's line for the game, as JSON, for a shared store's lobby.
    pub summary: Option<String>,
    /// The game's clock as JSON (`room::clock`); `None`: no clock.
    pub clock: Option<String>,
    /// When its running clock's flag falls (written, never read back: the clock says it).
    pub deadline: Option<i64>,
    /// For a game made by "Play someone", what it pairs (spec and clock); written only.
    pub seek: Option<String>,
    /// Who created it (`player:<id>` or `address:<ip>`), to count a creator's running
    /// games; written only.
    pub creator: Option<String>,
    /// The rematch's id, once every person agreed to it.
    pub rematch: Option<String>,
    /// Whether its end updates its players' ratings.
    pub rated: bool,
    /// More tokens of its seats (each a seat and a SHA-256 in hex): those its named
    /// players' other devices asked for with their keys. Read back; written one by one
    /// ([`Storage::add_seat_token`]).
    pub more_tokens: Vec<(u8, String)>,
}

/// A rating as stored, with its player's name (for a leaderboard).
#[derive(Clone, Debug)]
pub struct RatingRow {
    pub name: String,
    pub kind: String,
    pub rating: crate::ratings::Rating,
}

/// A player with its ratings and their history, oldest first.
#[derive(Clone, Debug)]
pub struct ProfileRow {
    pub player: PlayerRow,
    pub ratings: Vec<RatingRow>,
    pub history: Vec<HistoryRow>,
}

/// One point of a player's rating history.
#[derive(Clone, Debug)]
pub struct HistoryRow {
    pub kind: String,
    pub game_id: String,
    pub rating: f64,
    pub deviation: f64,
    /// Seconds since the Unix epoch.
    pub at: i64,
}

#[derive(Clone, Debug)]
pub struct SeatRow {
    /// `human`, `ai:3`, …; `open` or `invite` while the seat waits for its player.
    pub agent: String,
    /// The SHA-256 of a person's seat token (of an invitation's code while it waits), in
    /// hex; `None` for a bot.
    pub token_hash: Option<String>,
    /// The named player sitting there; `None` for a guest or a bot.
    pub player: Option<PlayerRow>,
    /// Once the seat's person asked for or accepted a rematch, the SHA-256 (hex) of the
    /// token it holds in the rematch.
    pub rematch: Option<String>,
}

/// A player with its password's hash, if it set one (`passwords`).
#[derive(Clone, Debug)]
pub struct PasswordRow {
    pub player: PlayerRow,
    pub hash: Option<String>,
}

/// A named player (`POST /api/players`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub id: String,
    pub name: String,
}

/// What an event did; in the protocol's events too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    /// A seat's decision (a person's or a bot's), in notation.
    Play,
    /// A chance outcome (a roll, a draw), in notation.
    Chance,
    /// A seat gave up.
    Resign,
    /// A seat took back its own last decisions.
    Undo,
    /// A seat's clock ran out: it lost (as a resignation does).
    Timeout,
    /// A seat away too long lost: the others claimed the win, or the game expired.
    Abandoned,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Play => "play",
            EventKind::Chance => "chance",
            EventKind::Resign => "resign",
            EventKind::Undo => "undo",
            EventKind::Timeout => "timeout",
            EventKind::Abandoned => "abandoned",
        }
    }

    pub fn parse(text: &str) -> Result<Self, StorageError> {
        match text {
            "play" => Ok(EventKind::Play),
            "chance" => Ok(EventKind::Chance),
            "resign" => Ok(EventKind::Resign),
            "undo" => Ok(EventKind::Undo),
            "timeout" => Ok(EventKind::Timeout),
            "abandoned" => Ok(EventKind::Abandoned),
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
    /// Whether chance or a bot is to act next: a shared store then gives this instance
    /// the game's lease, else frees it.
    pub automatic: bool,
    /// The lobby's line after the event, as JSON, for a shared store.
    pub summary: Option<String>,
    /// The clock after the event, as JSON, and when its flag falls.
    pub clock: Option<String>,
    pub deadline: Option<i64>,
}

/// A seat given a new player: a waiting seat taken (`POST /api/games/{id}/join`), or a
/// person's seat whose time ran out handed to the AI.
#[derive(Clone, Debug)]
pub struct SeatClaim {
    pub game_id: String,
    pub seat: u8,
    /// The seat's stored agent before (`open`, `invite`, `human`): the change holds only
    /// if it still is, so that a seat is taken once whichever instance is asked.
    pub was: String,
    /// Its agent after (`human`, `ai:2`).
    pub agent: String,
    /// The SHA-256 of the seat's token, in hex.
    pub token_hash: Option<String>,
    /// The named player taking it, if any.
    pub player: Option<String>,
    /// Whether chance or a bot is to act now, the lobby's line and the clock, as an
    /// append says.
    pub automatic: bool,
    pub summary: String,
    pub clock: Option<String>,
    pub deadline: Option<i64>,
}

/// Where a game stands in a list of games, a page's cursor: a time (seconds since the Unix
/// epoch), then its id. Running games are listed by when they were created, finished ones
/// by when they ended (their last change), the latest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub at: i64,
    pub id: String,
}

impl std::fmt::Display for Cursor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.at, self.id)
    }
}

impl std::str::FromStr for Cursor {
    type Err = ();

    fn from_str(text: &str) -> Result<Self, ()> {
        let (at, id) = text.split_once('-').ok_or(())?;
        let hex = id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit());
        match at.parse() {
            Ok(at) if hex => Ok(Cursor {
                at,
                id: id.to_owned(),
            }),
            _ => Err(()),
        }
    }
}

/// What a shared store hears of other instances' changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Game `game` reached version `seq`.
    Event { game: String, seq: u64 },
    /// A seat of game `game` was taken.
    Seated { game: String },
    /// The listener was cut off and is back: any game may have moved meanwhile.
    Resync,
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

    /// Stores a new player with its first key (a SHA-256 in hex), if the folded name
    /// `name_key` is free: `false` if it is taken.
    fn create_player<'a>(
        &'a self,
        player: &'a PlayerRow,
        name_key: &'a str,
        key_hash: &'a str,
    ) -> BoxFuture<'a, Result<bool, StorageError>>;

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
        seat: u8,
        hash: &'a str,
        people: &'a [u8],
        rematch: &'a str,
    ) -> BoxFuture<'a, Result<bool, StorageError>>;

    /// Updates the ratings of the players of rated game `id` of `kind`, who finished at
    /// the ranks given, once (`false`: already done, or not a rated game).
    fn rate<'a>(
        &'a self,
        id: &'a str,
        kind: &'a str,
        ranked: &'a [(Rated, u8)],
    ) -> BoxFuture<'a, Result<bool, StorageError>>;

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
    /// first, at most `limit`.
    fn seeking<'a>(
        &'a self,
        seek: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<String>, StorageError>>;

    /// Gives seat `seat` of game `id` another token, hashing to `hash` (hex); on a shared
    /// store the other instances hear of it.
    fn add_seat_token<'a>(
        &'a self,
        id: &'a str,
        seat: u8,
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

/// An append waiting for a backend's writer task, with where its answer goes.
pub(crate) type Pending = (Append, oneshot::Sender<Result<(), StorageError>>);

/// Hands `append` to a backend's writer task and waits for its answer.
pub(crate) async fn queue_append(
    writer: &mpsc::Sender<Pending>,
    append: Append,
) -> Result<(), StorageError> {
    let (reply, done) = oneshot::channel();
    writer
        .send((append, reply))
        .await
        .map_err(|_| StorageError::Closed)?;
    done.await.map_err(|_| StorageError::Closed)?
}

/// The migrations both backends run, in order.
pub(crate) fn migrations() -> Vec<Migration> {
    [
        (1, "games", include_str!("../migrations/0001_games.sql")),
        (2, "start", include_str!("../migrations/0002_start.sql")),
        (
            4,
            "definitions",
            include_str!("../migrations/0004_definitions.sql"),
        ),
        (6, "people", include_str!("../migrations/0006_people.sql")),
        (7, "history", include_str!("../migrations/0007_history.sql")),
        (
            8,
            "passwords",
            include_str!("../migrations/0008_passwords.sql"),
        ),
        (
            9,
            "seat tokens",
            include_str!("../migrations/0009_seat_tokens.sql"),
        ),
        (
            10,
            "reviews",
            include_str!("../migrations/0010_reviews.sql"),
        ),
        (
            11,
            "creators",
            include_str!("../migrations/0011_creators.sql"),
        ),
        (12, "order", include_str!("../migrations/0012_order.sql")),
        (
            14,
            "lobby order",
            include_str!("../migrations/0014_lobby_order.sql"),
        ),
        (
            15,
            "ended partial",
            include_str!("../migrations/0015_ended_partial.sql"),
        ),
    ]
    .into_iter()
    .map(|(version, name, sql)| {
        Migration::new(
            version,
            name.into(),
            MigrationType::Simple,
            sql.into_sql_str(),
            false,
        )
    })
    .collect()
}

/// A game's row, for [`read_game`].
pub(crate) const SELECT_GAME: &str = "SELECT id, spec, seed, seed_nonce, seed_hash, version, \
     status, created_at, updated_at, start_position, definitions, clock, rematch, rated \
     FROM games \
     WHERE id = $1";
/// A game's seats in order, for [`read_seat`].
pub(crate) const SELECT_SEATS: &str =
    "SELECT s.agent, s.token_hash, s.player_id, p.name, s.rematch \
     FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = $1 ORDER BY s.seat";
/// A game's events after a version, in order, for [`read_event`].
pub(crate) const SELECT_EVENTS: &str = "SELECT seq, kind, seat, action, client_id FROM events \
     WHERE game_id = $1 AND seq > $2 ORDER BY seq";
/// Stores a new game's row (its seats follow, one [`INSERT_SEAT`] each).
pub(crate) const INSERT_GAME: &str = "INSERT INTO games (id, spec, seed, seed_nonce, seed_hash, \
     version, status, created_at, updated_at, start_position, definitions, clock, deadline, \
     seek, seek_at, rated, creator) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13, $14, $15, $16)";
pub(crate) const INSERT_SEAT: &str = "INSERT INTO seats (game_id, seat, agent, token_hash, \
     player_id) VALUES ($1, $2, $3, $4, $5)";

/// Stores a new game's row and seats on `conn` (in the caller's transaction).
pub(crate) async fn insert_game<DB>(
    conn: &mut DB::Connection,
    game: &GameRow,
) -> Result<(), StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'t> i64: Encode<'t, DB> + Type<DB>,
    for<'t> &'t str: Encode<'t, DB> + Type<DB>,
    for<'t> Option<&'t str>: Encode<'t, DB> + Type<DB>,
    for<'t> Option<i64>: Encode<'t, DB> + Type<DB>,
    for<'t> bool: Encode<'t, DB> + Type<DB>,
{
    let definitions = (!game.definitions.is_empty())
        .then(|| serde_json::to_string(&game.definitions).expect("a map of strings"));
    sqlx::query::<DB>(INSERT_GAME)
        .bind(game.id.as_str())
        .bind(game.spec.as_str())
        .bind(game.seed as i64)
        .bind(game.seed_nonce.as_str())
        .bind(game.seed_hash.as_str())
        .bind(game.version as i64)
        .bind(game.status.as_str())
        .bind(game.created_at)
        .bind(game.start.as_deref())
        .bind(definitions.as_deref())
        .bind(game.clock.as_deref())
        .bind(game.deadline)
        .bind(game.seek.as_deref())
        // Stored as made, so that seeks are paired first come, first served.
        .bind(game.seek.as_ref().map(|_| seek_stamp()))
        .bind(game.rated)
        .bind(game.creator.as_deref())
        .execute(&mut *conn)
        .await?;
    for (seat, row) in game.seats.iter().enumerate() {
        sqlx::query::<DB>(INSERT_SEAT)
            .bind(game.id.as_str())
            .bind(seat as i64)
            .bind(row.agent.as_str())
            .bind(row.token_hash.as_deref())
            .bind(row.player.as_ref().map(|p| p.id.as_str()))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Reads a game with its events on `conn` (in the caller's transaction, so that they
/// agree); `None` if there is no such game.
pub(crate) async fn read_stored<DB>(
    conn: &mut DB::Connection,
    id: &str,
) -> Result<Option<StoredGame>, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> i64: Decode<'r, DB> + Encode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
    for<'r> Option<i64>: Decode<'r, DB> + Type<DB>,
    for<'r> Option<String>: Decode<'r, DB> + Type<DB>,
    for<'r> bool: Decode<'r, DB> + Type<DB>,
{
    let Some(row) = sqlx::query::<DB>(SELECT_GAME)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(None);
    };
    let seats = sqlx::query::<DB>(SELECT_SEATS)
        .bind(id)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(read_seat)
        .collect::<Result<_, _>>()?;
    let events = read_events::<DB>(conn, id, 0).await?;
    let mut game = read_game(&row, seats)?;
    game.more_tokens = sqlx::query::<DB>(
        "SELECT seat, token_hash FROM seat_tokens WHERE game_id = $1 ORDER BY seat",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| {
        let seat: i64 = column(r, "seat")?;
        let seat = u8::try_from(seat).map_err(|_| StorageError::Corrupt(format!("seat {seat}")))?;
        Ok((seat, column(r, "token_hash")?))
    })
    .collect::<Result<_, StorageError>>()?;
    Ok(Some(StoredGame { game, events }))
}

/// How many running games `creator` created, counted on `conn`.
pub(crate) async fn count_running<DB>(
    conn: &mut DB::Connection,
    creator: &str,
) -> Result<u64, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> i64: Decode<'r, DB> + Type<DB>,
{
    let row = sqlx::query::<DB>(
        "SELECT COUNT(*) AS running FROM games WHERE status = $1 AND creator = $2",
    )
    .bind(Status::Running.as_str())
    .bind(creator)
    .fetch_one(conn)
    .await?;
    let running: i64 = column(&row, "running")?;
    Ok(u64::try_from(running).unwrap_or(0))
}

/// A list of games the lobby pages through, each by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listed {
    /// Running games, by when they were created.
    Running,
    /// Finished games that were played (an event at least), by when they ended.
    Finished,
}

/// The query of a lobby page: `$1` and `$2` the cursor's time and id, `$3` the limit. The
/// status is written into the text, not bound: SQLite uses a partial index only for a
/// query that names its condition.
pub(crate) fn lobby_query(listed: Listed) -> &'static str {
    match listed {
        Listed::Running => {
            "SELECT id, summary, created_at AS at FROM games \
             WHERE status = 'running' AND summary IS NOT NULL \
             AND (created_at < $1 OR (created_at = $1 AND id > $2)) \
             ORDER BY created_at DESC, id LIMIT $3"
        }
        Listed::Finished => {
            "SELECT id, summary, updated_at AS at FROM games \
             WHERE status = 'over' AND summary IS NOT NULL AND version > 0 \
             AND (updated_at < $1 OR (updated_at = $1 AND id > $2)) \
             ORDER BY updated_at DESC, id LIMIT $3"
        }
    }
}

/// The lines of `listed` after `after`, the latest first, at most `limit`, read on `conn`.
pub(crate) async fn read_page<DB>(
    conn: &mut DB::Connection,
    listed: Listed,
    after: Option<&Cursor>,
    limit: usize,
) -> Result<Vec<(String, Cursor)>, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> i64: Decode<'r, DB> + Encode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
{
    let sql = lobby_query(listed);
    let (at, id) = after.map_or((i64::MAX, ""), |e| (e.at, e.id.as_str()));
    let rows = sqlx::query::<DB>(sql)
        .bind(at)
        .bind(id)
        .bind(limit.min(i64::MAX as usize) as i64)
        .fetch_all(conn)
        .await?;
    rows.iter()
        .map(|r| {
            Ok((
                column(r, "summary")?,
                Cursor {
                    at: column(r, "at")?,
                    id: column(r, "id")?,
                },
            ))
        })
        .collect()
}

/// Writes game `id`'s lobby line and whether chance or a bot is to act.
pub(crate) async fn describe<DB>(
    conn: &mut DB::Connection,
    id: &str,
    automatic: bool,
    summary: &str,
) -> Result<(), StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: Encode<'a, DB> + Type<DB>,
    for<'a> bool: Encode<'a, DB> + Type<DB>,
{
    sqlx::query::<DB>("UPDATE games SET automatic = $1, summary = $2 WHERE id = $3")
        .bind(automatic)
        .bind(summary)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Takes a waiting seat for `claim` on `conn` (in the caller's transaction, committed
/// only when taken): `false` if it no longer waits, or the game is over.
pub(crate) async fn claim_seat<DB>(
    conn: &mut DB::Connection,
    claim: &SeatClaim,
) -> Result<bool, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: Encode<'a, DB> + Type<DB>,
    for<'a> bool: Encode<'a, DB> + Type<DB>,
    for<'a> i64: Encode<'a, DB> + Type<DB>,
    for<'a> Option<&'a str>: Encode<'a, DB> + Type<DB>,
    for<'a> Option<i64>: Encode<'a, DB> + Type<DB>,
{
    // The game's row first, so that a claim and an abort (`abort`) of the same game queue
    // here, and a game over is never seated. RETURNING: both databases say so whether a
    // row changed, through one generic call.
    let running = sqlx::query::<DB>(
        "UPDATE games SET automatic = $1, summary = $2, updated_at = $3, \
         clock = COALESCE($5, clock), deadline = $6 WHERE id = $4 AND status = $7 RETURNING id",
    )
    .bind(claim.automatic)
    .bind(claim.summary.as_str())
    .bind(now())
    .bind(claim.game_id.as_str())
    .bind(claim.clock.as_deref())
    .bind(claim.deadline)
    .bind(Status::Running.as_str())
    .fetch_optional(&mut *conn)
    .await?
    .is_some();
    if !running {
        return Ok(false);
    }
    let taken = sqlx::query::<DB>(
        "UPDATE seats SET agent = $6, token_hash = $1, player_id = $5 \
         WHERE game_id = $2 AND seat = $3 AND agent = $4 RETURNING seat",
    )
    .bind(claim.token_hash.as_deref())
    .bind(claim.game_id.as_str())
    .bind(i64::from(claim.seat))
    .bind(claim.was.as_str())
    .bind(claim.player.as_deref())
    .bind(claim.agent.as_str())
    .fetch_optional(&mut *conn)
    .await?
    .is_some();
    Ok(taken)
}

/// Ends an idle game with no result on `conn` (in the caller's transaction; see
/// [`Storage::abort`]).
pub(crate) async fn abort<DB>(
    conn: &mut DB::Connection,
    id: &str,
    idle_before: i64,
    summary: &str,
) -> Result<bool, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: Encode<'a, DB> + Type<DB>,
    for<'a> i64: Encode<'a, DB> + Type<DB>,
{
    let ended = sqlx::query::<DB>(
        "UPDATE games SET status = $1, summary = $2, automatic = FALSE, deadline = NULL, \
         updated_at = $3 WHERE id = $4 AND status = $5 AND updated_at < $6 RETURNING id",
    )
    .bind(Status::Over.as_str())
    .bind(summary)
    .bind(now())
    .bind(id)
    .bind(Status::Running.as_str())
    .bind(idle_before)
    .fetch_optional(conn)
    .await?;
    Ok(ended.is_some())
}

/// Stores a new player and its first key on `conn` (in the caller's transaction): `false`
/// if the folded name is taken.
pub(crate) async fn insert_player<DB>(
    conn: &mut DB::Connection,
    player: &PlayerRow,
    name_key: &str,
    key_hash: &str,
) -> Result<bool, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: Encode<'a, DB> + Type<DB>,
    for<'a> i64: Encode<'a, DB> + Type<DB>,
{
    let created = sqlx::query::<DB>(
        "INSERT INTO players (id, name, name_key, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (name_key) DO NOTHING RETURNING id",
    )
    .bind(player.id.as_str())
    .bind(player.name.as_str())
    .bind(name_key)
    .bind(now())
    .fetch_optional(&mut *conn)
    .await?
    .is_some();
    if created {
        sqlx::query::<DB>(
            "INSERT INTO player_keys (key_hash, player_id, created_at) VALUES ($1, $2, $3)",
        )
        .bind(key_hash)
        .bind(player.id.as_str())
        .bind(now())
        .execute(&mut *conn)
        .await?;
    }
    Ok(created)
}

/// Player `id`'s password hash set on `conn`.
pub(crate) async fn write_password<DB>(
    conn: &mut DB::Connection,
    id: &str,
    hash: &str,
) -> Result<(), StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: Encode<'a, DB> + Type<DB>,
{
    sqlx::query::<DB>("UPDATE players SET password_hash = $1 WHERE id = $2")
        .bind(hash)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The player of folded name `name_key` and its password hash, read on `conn`.
pub(crate) async fn read_password<DB>(
    conn: &mut DB::Connection,
    name_key: &str,
) -> Result<Option<PasswordRow>, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
    for<'r> Option<String>: Decode<'r, DB> + Type<DB>,
{
    let row = sqlx::query::<DB>("SELECT id, name, password_hash FROM players WHERE name_key = $1")
        .bind(name_key)
        .fetch_optional(conn)
        .await?;
    row.map(|r| {
        Ok(PasswordRow {
            player: PlayerRow {
                id: column(&r, "id")?,
                name: column(&r, "name")?,
            },
            hash: column(&r, "password_hash")?,
        })
    })
    .transpose()
}

/// Another token of a seat stored on `conn` (see [`Storage::add_seat_token`]).
pub(crate) async fn insert_seat_token<DB>(
    conn: &mut DB::Connection,
    id: &str,
    seat: u8,
    hash: &str,
) -> Result<(), StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: Encode<'a, DB> + Type<DB>,
    for<'a> i64: Encode<'a, DB> + Type<DB>,
{
    sqlx::query::<DB>(
        "INSERT INTO seat_tokens (game_id, seat, token_hash) VALUES ($1, $2, $3) \
         ON CONFLICT (game_id, token_hash) DO NOTHING",
    )
    .bind(id)
    .bind(i64::from(seat))
    .bind(hash)
    .execute(conn)
    .await?;
    Ok(())
}

/// Another key of player `id` stored on `conn`.
pub(crate) async fn insert_key<DB>(
    conn: &mut DB::Connection,
    id: &str,
    key_hash: &str,
) -> Result<(), StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: Encode<'a, DB> + Type<DB>,
    for<'a> i64: Encode<'a, DB> + Type<DB>,
{
    sqlx::query::<DB>(
        "INSERT INTO player_keys (key_hash, player_id, created_at) VALUES ($1, $2, $3)",
    )
    .bind(key_hash)
    .bind(id)
    .bind(now())
    .execute(conn)
    .await?;
    Ok(())
}

/// The player whose key hashes to `key_hash`, read on `conn`.
pub(crate) async fn read_player<DB>(
    conn: &mut DB::Connection,
    key_hash: &str,
) -> Result<Option<PlayerRow>, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
{
    let row = sqlx::query::<DB>(
        "SELECT p.id, p.name FROM player_keys k JOIN players p ON p.id = k.player_id \
         WHERE k.key_hash = $1",
    )
    .bind(key_hash)
    .fetch_optional(conn)
    .await?;
    row.map(|r| {
        Ok(PlayerRow {
            id: column(&r, "id")?,
            name: column(&r, "name")?,
        })
    })
    .transpose()
}

/// Who sat in a seat of a rated game: a named player, whose rating moves, or an AI
/// level, whose fixed rating ([`crate::ratings::Model::anchor`]) does not.
#[derive(Clone, Debug, PartialEq)]
pub enum Rated {
    Player(String),
    Anchor(crate::ratings::Rating),
}

/// A rated game's ratings updated on `conn`, in the caller's transaction (see
/// [`Storage::rate`]).
pub(crate) async fn rate<DB>(
    conn: &mut DB::Connection,
    id: &str,
    kind: &str,
    ranked: &[(Rated, u8)],
) -> Result<bool, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> i64: Decode<'r, DB> + Encode<'r, DB> + Type<DB>,
    for<'r> f64: Decode<'r, DB> + Encode<'r, DB> + Type<DB>,
{
    let claimed = sqlx::query::<DB>(
        "UPDATE games SET rated_done = TRUE WHERE id = $1 AND rated AND NOT rated_done \
         RETURNING id",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    if claimed.is_none() {
        return Ok(false);
    }
    let model = crate::ratings::Model::of(kind);
    let mut before = Vec::new();
    for (seat, _) in ranked {
        let player = match seat {
            Rated::Player(player) => player,
            Rated::Anchor(rating) => {
                before.push(*rating);
                continue;
            }
        };
        let row = sqlx::query::<DB>(
            "SELECT rating, deviation, volatility, games FROM ratings \
             WHERE player_id = $1 AND kind = $2",
        )
        .bind(player.as_str())
        .bind(kind)
        .fetch_optional(&mut *conn)
        .await?;
        before.push(match row {
            Some(r) => read_rating(&r)?,
            None => model.initial(),
        });
    }
    let ranks: Vec<u8> = ranked.iter().map(|(_, rank)| *rank).collect();
    let at = now();
    for ((seat, _), after) in ranked.iter().zip(model.update(&before, &ranks)) {
        let Rated::Player(player) = seat else {
            continue;
        };
        sqlx::query::<DB>(
            "INSERT INTO ratings (player_id, kind, rating, deviation, volatility, games, \
             updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (player_id, kind) \
             DO UPDATE SET rating = $3, deviation = $4, volatility = $5, games = $6, \
             updated_at = $7",
        )
        .bind(player.as_str())
        .bind(kind)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(i64::from(after.games))
        .bind(at)
        .execute(&mut *conn)
        .await?;
        let (rating, deviation) = model.shown(&after);
        sqlx::query::<DB>(
            "INSERT INTO rating_history (player_id, kind, game_id, rating, deviation, at, \
             number) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(player.as_str())
        .bind(kind)
        .bind(id)
        .bind(rating)
        .bind(deviation)
        .bind(at)
        .bind(i64::from(after.games))
        .execute(&mut *conn)
        .await?;
    }
    Ok(true)
}

/// A rating of `rating, deviation, volatility, games`.
fn read_rating<R>(row: &R) -> Result<crate::ratings::Rating, StorageError>
where
    R: Row,
    for<'a> &'a str: ColumnIndex<R>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> f64: Decode<'r, R::Database> + Type<R::Database>,
{
    Ok(crate::ratings::Rating {
        rating: column(row, "rating")?,
        deviation: column(row, "deviation")?,
        volatility: column(row, "volatility")?,
        games: u32::try_from(column::<_, i64>(row, "games")?).unwrap_or(u32::MAX),
    })
}

/// Player `name`'s ratings and history, read on `conn`.
pub(crate) async fn read_profile<DB>(
    conn: &mut DB::Connection,
    name: &str,
) -> Result<Option<ProfileRow>, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> i64: Decode<'r, DB> + Encode<'r, DB> + Type<DB>,
    for<'r> f64: Decode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
{
    let Some(found) = sqlx::query::<DB>("SELECT id, name FROM players WHERE name = $1")
        .bind(name)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(None);
    };
    let player = PlayerRow {
        id: column(&found, "id")?,
        name: column(&found, "name")?,
    };
    let ratings = sqlx::query::<DB>(
        "SELECT kind, rating, deviation, volatility, games FROM ratings WHERE player_id = $1 \
         ORDER BY kind",
    )
    .bind(player.id.as_str())
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| {
        Ok(RatingRow {
            name: player.name.clone(),
            kind: column(r, "kind")?,
            rating: read_rating(r)?,
        })
    })
    .collect::<Result<_, StorageError>>()?;
    let history = sqlx::query::<DB>(
        "SELECT kind, game_id, rating, deviation, at FROM rating_history \
         WHERE player_id = $1 ORDER BY COALESCE(number, 0), at, game_id",
    )
    .bind(player.id.as_str())
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| {
        Ok(HistoryRow {
            kind: column(r, "kind")?,
            game_id: column(r, "game_id")?,
            rating: column(r, "rating")?,
            deviation: column(r, "deviation")?,
            at: column(r, "at")?,
        })
    })
    .collect::<Result<_, StorageError>>()?;
    Ok(Some(ProfileRow {
        player,
        ratings,
        history,
    }))
}

/// The best ratings of `kind`, read on `conn`.
pub(crate) async fn read_leaderboard<DB>(
    conn: &mut DB::Connection,
    kind: &str,
    limit: usize,
) -> Result<Vec<RatingRow>, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> i64: Decode<'r, DB> + Encode<'r, DB> + Type<DB>,
    for<'r> f64: Decode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
{
    sqlx::query::<DB>(
        "SELECT p.name, r.kind, r.rating, r.deviation, r.volatility, r.games FROM ratings r \
         JOIN players p ON p.id = r.player_id WHERE r.kind = $1 \
         ORDER BY r.rating DESC, p.name LIMIT $2",
    )
    .bind(kind)
    .bind(limit.min(i64::MAX as usize) as i64)
    .fetch_all(conn)
    .await?
    .iter()
    .map(|r| {
        Ok(RatingRow {
            name: column(r, "name")?,
            kind: column(r, "kind")?,
            rating: read_rating(r)?,
        })
    })
    .collect()
}

/// A rematch agreed to on `conn`, in the caller's transaction (see
/// [`Storage::agree_rematch`]).
pub(crate) async fn agree_rematch<DB>(
    conn: &mut DB::Connection,
    id: &str,
    seat: u8,
    hash: &str,
    people: &[u8],
    rematch: &str,
) -> Result<bool, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> i64: Decode<'r, DB> + Encode<'r, DB> + Type<DB>,
    for<'r> Option<String>: Decode<'r, DB> + Type<DB>,
{
    // The game's row first, so that two last agreements on two instances queue here.
    sqlx::query::<DB>("UPDATE games SET updated_at = updated_at WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query::<DB>("UPDATE seats SET rematch = $1 WHERE game_id = $2 AND seat = $3")
        .bind(hash)
        .bind(id)
        .bind(i64::from(seat))
        .execute(&mut *conn)
        .await?;
    let agreed = sqlx::query::<DB>("SELECT seat, rematch FROM seats WHERE game_id = $1")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|r| {
            Ok((
                column::<_, i64>(r, "seat")?,
                column::<_, Option<String>>(r, "rematch")?,
            ))
        })
        .collect::<Result<Vec<_>, StorageError>>()?;
    let all = people.iter().all(|&p| {
        agreed
            .iter()
            .any(|(s, hash)| *s == i64::from(p) && hash.is_some())
    });
    if !all {
        return Ok(false);
    }
    let named = sqlx::query::<DB>(
        "UPDATE games SET rematch = $1 WHERE id = $2 AND rematch IS NULL RETURNING id",
    )
    .bind(rematch)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(named.is_some())
}

/// The games waiting for a player for `seek`, oldest first, read on `conn`.
pub(crate) async fn read_seeking<DB>(
    conn: &mut DB::Connection,
    seek: &str,
    limit: usize,
) -> Result<Vec<String>, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> i64: Encode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
{
    let rows = sqlx::query::<DB>(
        "SELECT g.id FROM games g WHERE g.status = $1 AND g.seek = $2 AND EXISTS \
         (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.agent = 'open') \
         ORDER BY g.seek_at, g.id LIMIT $3",
    )
    .bind(Status::Running.as_str())
    .bind(seek)
    .bind(limit.min(i64::MAX as usize) as i64)
    .fetch_all(conn)
    .await?;
    read_ids(&rows)
}

/// A stored review, read on `conn`.
pub(crate) async fn read_review<DB>(
    conn: &mut DB::Connection,
    id: &str,
    level: u8,
) -> Result<Option<String>, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> i64: Encode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
{
    let row = sqlx::query::<DB>("SELECT review FROM reviews WHERE game_id = $1 AND level = $2")
        .bind(id)
        .bind(i64::from(level))
        .fetch_optional(&mut *conn)
        .await?;
    row.map(|row| column(&row, "review")).transpose()
}

/// Keeps a review on `conn`, unless one is kept already.
pub(crate) async fn insert_review<DB>(
    conn: &mut DB::Connection,
    id: &str,
    level: u8,
    review: &str,
) -> Result<(), StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: Encode<'a, DB> + Type<DB>,
    for<'r> i64: Encode<'r, DB> + Type<DB>,
{
    sqlx::query::<DB>(
        "INSERT INTO reviews (game_id, level, review, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id, level) DO NOTHING",
    )
    .bind(id)
    .bind(i64::from(level))
    .bind(review)
    .bind(now())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The lobby lines of player `id`'s games, newest first, read on `conn`.
pub(crate) async fn read_player_games<DB>(
    conn: &mut DB::Connection,
    id: &str,
    limit: usize,
) -> Result<Vec<String>, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> i64: Encode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
{
    let rows = sqlx::query::<DB>(
        "SELECT g.summary FROM games g WHERE g.summary IS NOT NULL AND EXISTS \
         (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = $1) \
         ORDER BY g.created_at DESC, g.id LIMIT $2",
    )
    .bind(id)
    .bind(limit.min(i64::MAX as usize) as i64)
    .fetch_all(conn)
    .await?;
    rows.iter().map(|r| column(r, "summary")).collect()
}

/// Reads a game's events after version `after`, in order.
pub(crate) async fn read_events<DB>(
    conn: &mut DB::Connection,
    id: &str,
    after: u64,
) -> Result<Vec<EventRow>, StorageError>
where
    DB: Database,
    for<'e> &'e mut DB::Connection: Executor<'e, Database = DB>,
    DB::Arguments: IntoArguments<DB>,
    for<'a> &'a str: ColumnIndex<DB::Row> + Encode<'a, DB> + Type<DB>,
    for<'r> i64: Decode<'r, DB> + Encode<'r, DB> + Type<DB>,
    for<'r> String: Decode<'r, DB> + Type<DB>,
    for<'r> Option<i64>: Decode<'r, DB> + Type<DB>,
    for<'r> Option<String>: Decode<'r, DB> + Type<DB>,
{
    sqlx::query::<DB>(SELECT_EVENTS)
        .bind(id)
        .bind(after as i64)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(read_event)
        .collect()
}

/// Reads a column of `row`, as the type stored.
fn column<'r, R, T>(row: &'r R, name: &str) -> Result<T, StorageError>
where
    R: Row,
    for<'a> &'a str: ColumnIndex<R>,
    T: Decode<'r, R::Database> + Type<R::Database>,
{
    Ok(row.try_get(name)?)
}

/// A game row of [`SELECT_GAME`] with its seats.
fn read_game<R>(row: &R, seats: Vec<SeatRow>) -> Result<GameRow, StorageError>
where
    R: Row,
    for<'a> &'a str: ColumnIndex<R>,
    for<'r> bool: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> Option<String>: Decode<'r, R::Database> + Type<R::Database>,
{
    Ok(GameRow {
        id: column(row, "id")?,
        spec: column(row, "spec")?,
        seed: column::<_, i64>(row, "seed")? as u64,
        seed_nonce: column(row, "seed_nonce")?,
        seed_hash: column(row, "seed_hash")?,
        version: column::<_, i64>(row, "version")? as u64,
        status: Status::parse(&column::<_, String>(row, "status")?)?,
        created_at: column(row, "created_at")?,
        updated_at: column(row, "updated_at")?,
        start: column(row, "start_position")?,
        definitions: match column::<_, Option<String>>(row, "definitions")? {
            Some(text) => serde_json::from_str(&text)
                .map_err(|e| StorageError::Corrupt(format!("game definitions: {e}")))?,
            None => BTreeMap::new(),
        },
        seats,
        automatic: false,
        summary: None,
        clock: column(row, "clock")?,
        deadline: None,
        seek: None,
        creator: None,
        rematch: column(row, "rematch")?,
        rated: column(row, "rated")?,
        more_tokens: Vec::new(),
    })
}

/// A seat row of `agent, token_hash, player_id, name`.
fn read_seat<R>(row: &R) -> Result<SeatRow, StorageError>
where
    R: Row,
    for<'a> &'a str: ColumnIndex<R>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> Option<String>: Decode<'r, R::Database> + Type<R::Database>,
{
    let player = match column::<_, Option<String>>(row, "player_id")? {
        Some(id) => Some(PlayerRow {
            id,
            name: column(row, "name")?,
        }),
        None => None,
    };
    Ok(SeatRow {
        agent: column(row, "agent")?,
        token_hash: column(row, "token_hash")?,
        player,
        rematch: column(row, "rematch")?,
    })
}

/// An event row of `seq, kind, seat, action, client_id`.
fn read_event<R>(row: &R) -> Result<EventRow, StorageError>
where
    R: Row,
    for<'a> &'a str: ColumnIndex<R>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> Option<i64>: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> Option<String>: Decode<'r, R::Database> + Type<R::Database>,
{
    Ok(EventRow {
        seq: column::<_, i64>(row, "seq")? as u64,
        kind: EventKind::parse(&column::<_, String>(row, "kind")?)?,
        seat: column::<_, Option<i64>>(row, "seat")?
            .map(|s| u8::try_from(s).map_err(|_| StorageError::Corrupt(format!("seat {s}"))))
            .transpose()?,
        action: column(row, "action")?,
        client_id: column(row, "client_id")?,
    })
}

/// Seconds since the Unix epoch.
pub(crate) fn now() -> i64 {
    now_millis() / 1000
}

/// Milliseconds since the Unix epoch.
/// The time a seek is made, in milliseconds: never the same twice in this process, so that
/// two seeks of one millisecond are still paired in the order they came.
fn seek_stamp() -> i64 {
    static LAST: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);
    let now = now_millis();
    let before = LAST
        .fetch_update(
            std::sync::atomic::Ordering::Relaxed,
            std::sync::atomic::Ordering::Relaxed,
            |last| Some(now.max(last + 1)),
        )
        .expect("the update always gives a value");
    now.max(before + 1)
}

pub(crate) fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The `id` column of `rows`.
pub(crate) fn read_ids<R>(rows: &[R]) -> Result<Vec<String>, StorageError>
where
    R: Row,
    for<'a> &'a str: ColumnIndex<R>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
{
    rows.iter().map(|r| column(r, "id")).collect()
}
