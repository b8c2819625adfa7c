//! [`Storage`] implemented once, by [`Store`], over [`Backend`]: the few things SQLite and
//! PostgreSQL do differently. Each method takes its connection from the backend (a reader,
//! a snapshot, or the writer) and runs the query written once in `games`, `seats` or
//! `people`; an append goes to the backend's writer task, which batches them.

use std::time::Duration;

use futures_util::future::BoxFuture;
use futures_util::FutureExt;
use tokio::sync::{mpsc, oneshot};
use trio_core::Seat;

use super::conn::{Conn, Pooled, Tx};
use super::shared::{Lease, Shared};
use super::{
    accounts, games, people, seats, Append, Cursor, DrawRow, EventRow, FailureScope, Failures,
    GameRow, Listed, Notice, PasswordRow, PlayerRow, ProfileRow, Rated, RatedEnd, RatingRow,
    SeatClaim, SessionRow, Storage, StorageError, StoredGame,
};
use crate::crash::crash_point;
use crate::people::ratings::SeatRating;

/// What differs between the two databases.
pub trait Backend: Send + Sync + std::fmt::Debug + 'static {
    /// The query of [`Storage::due`]: `$1` the limit, `$2` the server's time in
    /// milliseconds (for flags), `$3` the second before which an unchanged game is idle,
    /// `$4` the system's time in milliseconds (for leases, which only a shared store has).
    const DUE: &'static str;

    /// A connection to read on.
    fn reader(&self) -> BoxFuture<'_, Result<Pooled, StorageError>>;

    /// A read-only transaction whose reads all see the database at one moment.
    fn snapshot(&self) -> BoxFuture<'_, Result<Tx<'static>, StorageError>>;

    /// Runs `job` on a connection to write on (SQLite's writer, in turn with the appends;
    /// one of PostgreSQL's pool), and returns what it returned.
    fn write<T, F>(&self, job: F) -> BoxFuture<'_, Result<T, StorageError>>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(Conn<'c>) -> BoxFuture<'c, Result<T, StorageError>> + Send + 'static;

    /// Appends one event on `conn` (inside [`Storage::finish`]'s transaction), fenced by the
    /// game's version as the writer task's appends are: [`StorageError::Conflict`] when its
    /// version was taken. `lease`: a shared store's, for a game left to chance or a bot.
    fn append_on<'c>(
        conn: Conn<'c>,
        append: &'c Append,
        lease: Option<&'c Lease>,
    ) -> BoxFuture<'c, Result<(), StorageError>>;

    /// A shared store's instance: `None` for a store only this process writes (then there
    /// are no notices or leases).
    fn shared(&self) -> Option<&Shared> {
        None
    }
}

/// An append waiting for a backend's writer task, with where its answer goes.
pub(super) type Pending = (Append, oneshot::Sender<Result<(), StorageError>>);

/// Games kept in a database: [`super::SqliteStorage`] or [`super::PgStorage`].
#[derive(Debug)]
pub struct Store<B> {
    pub(super) backend: B,
    /// To the backend's writer task, which commits appends in batches.
    appends: mpsc::Sender<Pending>,
}

impl<B: Backend> Store<B> {
    pub(super) fn new(backend: B, appends: mpsc::Sender<Pending>) -> Self {
        Self { backend, appends }
    }

    /// Runs `query` on a connection to read on.
    async fn read<T>(
        &self,
        query: impl AsyncFnOnce(&mut Conn<'_>) -> Result<T, StorageError>,
    ) -> Result<T, StorageError> {
        let mut reader = self.backend.reader().await?;
        query(&mut reader.conn()).await
    }
}

impl<B: Backend> Storage for Store<B> {
    fn create(&self, game: &GameRow) -> BoxFuture<'_, Result<(), StorageError>> {
        let (game, lease) = (game.clone(), self.backend.shared().map(Shared::lease));
        self.backend.write(move |mut conn| {
            async move { games::create(&mut conn, &game, lease).await }.boxed()
        })
    }

    fn append(&self, append: Append) -> BoxFuture<'_, Result<(), StorageError>> {
        async move {
            let (reply, done) = oneshot::channel();
            self.appends
                .send((append, reply))
                .await
                .map_err(|_| StorageError::Closed)?;
            done.await.map_err(|_| StorageError::Closed)?
        }
        .boxed()
    }

    fn finish(
        &self,
        append: Append,
        rating: Option<RatedEnd>,
    ) -> BoxFuture<'_, Result<Vec<SeatRating>, StorageError>> {
        let lease = self.backend.shared().map(Shared::lease);
        self.backend.write(move |mut conn| {
            async move {
                let mut append = append;
                let mut tx = conn.begin().await?;
                // The ratings first, so that the lobby line appended shows their changes;
                // a conflicting append undoes them with the rest.
                let rated = match &rating {
                    Some(RatedEnd { kind, ranked }) => {
                        people::rate(&mut tx.conn(), &append.game_id, kind, ranked).await?
                    }
                    None => None,
                };
                crash_point!("end-rated");
                let rated = rated.unwrap_or_default();
                append.summary = append.summary.map(|line| people::line_rated(&line, &rated));
                B::append_on(tx.conn(), &append, lease.as_ref()).await?;
                crash_point!("end-appended");
                tx.commit().await?;
                Ok(rated)
            }
            .boxed()
        })
    }

    fn load<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<StoredGame>, StorageError>> {
        async move {
            let mut tx = self.backend.snapshot().await?;
            let stored = games::read_stored(&mut tx.conn(), id).await?;
            tx.commit().await?;
            Ok(stored)
        }
        .boxed()
    }

    fn since<'a>(
        &'a self,
        id: &'a str,
        after: u64,
    ) -> BoxFuture<'a, Result<Vec<EventRow>, StorageError>> {
        self.read(async move |conn| games::read_events(conn, id, after).await)
            .boxed()
    }

    fn lease_ttl(&self) -> Option<Duration> {
        self.backend.shared().map(|shared| shared.ttl)
    }

    fn notices(&self) -> Option<mpsc::Receiver<Notice>> {
        self.backend.shared()?.notices()
    }

    fn claim<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<bool, StorageError>> {
        let Some(shared) = self.backend.shared() else {
            return async { Ok(true) }.boxed();
        };
        let (id, lease) = (id.to_owned(), shared.lease());
        self.backend.write(move |mut conn| {
            async move { games::claim(&mut conn, &id, &lease).await }.boxed()
        })
    }

    fn due(
        &self,
        limit: usize,
        now: i64,
        idle_before: i64,
    ) -> BoxFuture<'_, Result<Vec<String>, StorageError>> {
        self.read(async move |conn| games::read_due(conn, B::DUE, limit, now, idle_before).await)
            .boxed()
    }

    fn owing_ratings(&self) -> BoxFuture<'_, Result<Vec<String>, StorageError>> {
        self.read(async move |conn| games::read_owing_ratings(conn).await)
            .boxed()
    }

    fn rated_aborts<'a>(
        &'a self,
        player: &'a str,
        since: i64,
    ) -> BoxFuture<'a, Result<Vec<i64>, StorageError>> {
        self.read(async move |conn| people::rated_aborts(conn, player, since).await)
            .boxed()
    }

    fn running_of<'a>(&'a self, creator: &'a str) -> BoxFuture<'a, Result<u64, StorageError>> {
        self.read(async move |conn| games::count_running(conn, creator).await)
            .boxed()
    }

    fn lobby<'a>(
        &'a self,
        listed: Listed,
        after: Option<&'a Cursor>,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<(String, Cursor)>, StorageError>> {
        async move {
            games::read_page(
                &mut self.backend.reader().await?.conn(),
                listed,
                after,
                limit,
            )
            .await
        }
        .boxed()
    }

    fn create_player<'a>(
        &'a self,
        player: &'a PlayerRow,
        name_key: &'a str,
        skeleton: &'a str,
        key_hash: &'a str,
    ) -> BoxFuture<'a, Result<bool, StorageError>> {
        let player = player.clone();
        let keys = [name_key, skeleton, key_hash].map(str::to_owned);
        self.backend.write(move |mut conn| {
            async move {
                let [name_key, skeleton, key_hash] = &keys;
                people::create_player(&mut conn, &player, name_key, skeleton, key_hash).await
            }
            .boxed()
        })
    }

    fn players_without_skeleton(&self) -> BoxFuture<'_, Result<Vec<PlayerRow>, StorageError>> {
        self.read(async move |conn| accounts::without_skeleton(conn).await)
            .boxed()
    }

    fn set_skeleton<'a>(
        &'a self,
        id: &'a str,
        skeleton: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>> {
        let (id, skeleton) = (id.to_owned(), skeleton.to_owned());
        self.backend.write(move |mut conn| {
            async move { accounts::set_skeleton(&mut conn, &id, &skeleton).await }.boxed()
        })
    }

    fn set_password<'a>(
        &'a self,
        id: &'a str,
        hash: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>> {
        let (id, hash) = (id.to_owned(), hash.to_owned());
        self.backend.write(move |mut conn| {
            async move { people::write_password(&mut conn, &id, &hash).await }.boxed()
        })
    }

    fn password_of<'a>(
        &'a self,
        name_key: &'a str,
    ) -> BoxFuture<'a, Result<Option<PasswordRow>, StorageError>> {
        self.read(async move |conn| people::read_password(conn, name_key).await)
            .boxed()
    }

    fn add_key<'a>(
        &'a self,
        id: &'a str,
        key_hash: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>> {
        let (id, key_hash) = (id.to_owned(), key_hash.to_owned());
        self.backend.write(move |mut conn| {
            async move { people::insert_key(&mut conn, &id, &key_hash).await }.boxed()
        })
    }

    fn player_of<'a>(
        &'a self,
        key_hash: &'a str,
    ) -> BoxFuture<'a, Result<Option<PlayerRow>, StorageError>> {
        self.read(async move |conn| people::read_player(conn, key_hash).await)
            .boxed()
    }

    fn sign_in_failures<'a>(
        &'a self,
        scope: FailureScope<'a>,
        since: i64,
    ) -> BoxFuture<'a, Result<Failures, StorageError>> {
        self.read(async move |conn| accounts::count_failures(conn, scope, since).await)
            .boxed()
    }

    fn add_sign_in_failure<'a>(
        &'a self,
        name_key: &'a str,
        network: &'a str,
        at: i64,
        forget_before: i64,
    ) -> BoxFuture<'a, Result<(), StorageError>> {
        let (name_key, network) = (name_key.to_owned(), network.to_owned());
        self.backend.write(move |mut conn| {
            async move {
                accounts::insert_failure(&mut conn, &name_key, &network, at, forget_before).await
            }
            .boxed()
        })
    }

    fn touch_key<'a>(
        &'a self,
        key_hash: &'a str,
        now: i64,
        label: Option<&'a str>,
    ) -> BoxFuture<'a, Result<(), StorageError>> {
        let (key_hash, label) = (key_hash.to_owned(), label.map(str::to_owned));
        self.backend.write(move |mut conn| {
            async move { accounts::touch_key(&mut conn, &key_hash, now, label.as_deref()).await }
                .boxed()
        })
    }

    fn sessions_of<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Vec<SessionRow>, StorageError>> {
        self.read(async move |conn| accounts::read_sessions(conn, id).await)
            .boxed()
    }

    fn end_session<'a>(
        &'a self,
        id: &'a str,
        session: &'a str,
    ) -> BoxFuture<'a, Result<u64, StorageError>> {
        let (id, session) = (id.to_owned(), session.to_owned());
        self.backend.write(move |mut conn| {
            async move { accounts::delete_session(&mut conn, &id, &session).await }.boxed()
        })
    }

    fn end_other_sessions<'a>(
        &'a self,
        id: &'a str,
        keep: &'a str,
    ) -> BoxFuture<'a, Result<u64, StorageError>> {
        let (id, keep) = (id.to_owned(), keep.to_owned());
        self.backend.write(move |mut conn| {
            async move { accounts::delete_other_sessions(&mut conn, &id, &keep).await }.boxed()
        })
    }

    fn player_games<'a>(
        &'a self,
        id: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<String>, StorageError>> {
        self.read(async move |conn| people::read_player_games(conn, id, limit).await)
            .boxed()
    }

    fn agree_rematch<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        hash: &'a str,
        people: &'a [Seat],
        rematch: &'a str,
    ) -> BoxFuture<'a, Result<bool, StorageError>> {
        let (id, hash, people, rematch) = (
            id.to_owned(),
            hash.to_owned(),
            people.to_vec(),
            rematch.to_owned(),
        );
        self.backend.write(move |mut conn| {
            async move {
                seats::agree_rematch(&mut conn, &id, seat, &hash, &people, &rematch).await
            }
            .boxed()
        })
    }

    fn set_draw<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        was: DrawRow,
        now: DrawRow,
    ) -> BoxFuture<'a, Result<bool, StorageError>> {
        let id = id.to_owned();
        self.backend.write(move |mut conn| {
            async move { seats::set_draw(&mut conn, &id, seat, was, now).await }.boxed()
        })
    }

    fn rate<'a>(
        &'a self,
        id: &'a str,
        kind: &'a str,
        ranked: &'a [(Rated, u8)],
    ) -> BoxFuture<'a, Result<Option<Vec<SeatRating>>, StorageError>> {
        let (id, kind, ranked) = (id.to_owned(), kind.to_owned(), ranked.to_vec());
        self.backend.write(move |mut conn| {
            async move { people::rate(&mut conn, &id, &kind, &ranked).await }.boxed()
        })
    }

    fn seat_rating<'a>(
        &'a self,
        player: &'a str,
        kind: &'a str,
    ) -> BoxFuture<'a, Result<SeatRating, StorageError>> {
        self.read(async move |conn| people::read_seat_rating(conn, player, kind).await)
            .boxed()
    }

    fn profile<'a>(
        &'a self,
        name: &'a str,
    ) -> BoxFuture<'a, Result<Option<ProfileRow>, StorageError>> {
        self.read(async move |conn| people::read_profile(conn, name).await)
            .boxed()
    }

    fn leaderboard<'a>(
        &'a self,
        kind: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<RatingRow>, StorageError>> {
        self.read(async move |conn| people::read_leaderboard(conn, kind, limit).await)
            .boxed()
    }

    fn seeking<'a>(
        &'a self,
        seek: &'a str,
        seeker: Option<&'a str>,
        player: Option<&'a str>,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<String>, StorageError>> {
        self.read(async move |conn| games::read_seeking(conn, seek, seeker, player, limit).await)
            .boxed()
    }

    fn rated_together<'a>(
        &'a self,
        a: &'a str,
        b: &'a str,
        since: i64,
    ) -> BoxFuture<'a, Result<u64, StorageError>> {
        self.read(async move |conn| games::read_rated_together(conn, a, b, since).await)
            .boxed()
    }

    fn add_seat_token<'a>(
        &'a self,
        id: &'a str,
        seat: Seat,
        hash: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>> {
        let (id, hash) = (id.to_owned(), hash.to_owned());
        self.backend.write(move |mut conn| {
            async move { seats::add_seat_token(&mut conn, &id, seat, &hash).await }.boxed()
        })
    }

    fn claim_seat<'a>(&'a self, claim: &'a SeatClaim) -> BoxFuture<'a, Result<bool, StorageError>> {
        let claim = claim.clone();
        self.backend.write(move |mut conn| {
            async move { seats::claim_seat(&mut conn, &claim).await }.boxed()
        })
    }

    fn review<'a>(
        &'a self,
        id: &'a str,
        level: u8,
    ) -> BoxFuture<'a, Result<Option<String>, StorageError>> {
        self.read(async move |conn| games::read_review(conn, id, level).await)
            .boxed()
    }

    fn store_review<'a>(
        &'a self,
        id: &'a str,
        level: u8,
        review: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>> {
        let (id, review) = (id.to_owned(), review.to_owned());
        self.backend.write(move |mut conn| {
            async move { games::insert_review(&mut conn, &id, level, &review).await }.boxed()
        })
    }

    fn abort<'a>(
        &'a self,
        id: &'a str,
        idle_before: i64,
        summary: &'a str,
    ) -> BoxFuture<'a, Result<bool, StorageError>> {
        let (id, summary) = (id.to_owned(), summary.to_owned());
        self.backend.write(move |mut conn| {
            async move { seats::abort(&mut conn, &id, idle_before, &summary).await }.boxed()
        })
    }

    fn describe<'a>(
        &'a self,
        id: &'a str,
        automatic: bool,
        summary: &'a str,
    ) -> BoxFuture<'a, Result<(), StorageError>> {
        let (id, summary) = (id.to_owned(), summary.to_owned());
        self.backend.write(move |mut conn| {
            async move { games::describe(&mut conn, &id, automatic, &summary).await }.boxed()
        })
    }
}
