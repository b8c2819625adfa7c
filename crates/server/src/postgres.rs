//! The PostgreSQL backend of [`Storage`], shared by several server instances.
//!
//! - **One writer per version.** An event is appended by one statement that moves the
//!   game's version from `seq - 1` to `seq` only where it still holds, inserts the event
//!   and notifies; two instances can never both write the same `seq` (the loser gets
//!   [`StorageError::Conflict`], reloads and checks the request again).
//! - **Fan-out with ids only.** The notice on channel [`CHANNEL`] is `game:seq`, sent when
//!   the transaction commits. Every instance listens, reads the events from the table and
//!   makes its own clients' views, so no view or hidden tile travels on the bus. A
//!   listener cut off reconnects and then says [`Notice::Resync`], and every room reads
//!   what it missed.
//! - **Leases for automatic turns.** Chance and bots are played by the instance holding
//!   the game's lease (`lease_holder`, `lease_until`): an append that leaves chance or a
//!   bot to act gives it to the appending instance, any other frees it, and an instance
//!   whose clients' game waits on an expired lease takes it over ([`Storage::due`]).

use std::sync::Mutex;
use std::time::Duration;

use futures_util::future::BoxFuture;
use futures_util::FutureExt;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::postgres::{PgConnectOptions, PgConnection, PgListener, PgPool, PgPoolOptions};
use sqlx::{Connection, Postgres, Row, SqlSafeStr};
use tokio::sync::mpsc;

use crate::store::{
    insert_game, migrations, now, now_millis, read_events, read_ids, read_running, read_stored,
    Append, EventRow, GameRow, Notice, Status, Storage, StorageError, StoredGame,
};

/// The channel of the notices.
pub const CHANNEL: &str = "trio_events";

/// Notices waiting for the server before the listener waits.
const NOTICE_QUEUE: usize = 4096;

/// The longest wait between two attempts to listen again.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// Games in a PostgreSQL database that other instances share.
#[derive(Debug)]
pub struct PgStorage {
    pool: PgPool,
    /// This instance's name in leases.
    holder: String,
    lease: Duration,
    notices: Mutex<Option<mpsc::Receiver<Notice>>>,
}

impl PgStorage {
    /// Connects to `url` (`postgres://user@host/dbname`), migrates the database (one
    /// instance at a time: sqlx holds an advisory lock while it does) and starts
    /// listening. `holder` names this instance in leases; a lease lasts `lease`.
    pub async fn open(url: &str, holder: &str, lease: Duration) -> Result<Self, StorageError> {
        let options: PgConnectOptions = url.parse()?;
        // One connection first: its error says what is wrong (refused, no such database,
        // authentication), where a pool only says that it timed out.
        PgConnection::connect_with(&options).await?.close().await?;
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await?;
        Migrator::with_migrations(pg_migrations())
            .run(&pool)
            .await?;
        let (tx, rx) = mpsc::channel(NOTICE_QUEUE);
        // Listening before the first request, so that no commit after it goes unheard.
        let listener = listen(&pool).await?;
        tokio::spawn(hear(pool.clone(), listener, tx));
        Ok(Self {
            pool,
            holder: holder.to_owned(),
            lease,
            notices: Mutex::new(Some(rx)),
        })
    }
}

/// Both backends' migrations, then the columns only shared games need.
fn pg_migrations() -> Vec<Migration> {
    let mut all = migrations();
    all.push(Migration::new(
        3,
        "cluster".into(),
        MigrationType::Simple,
        include_str!("../migrations/postgres/0003_cluster.sql").into_sql_str(),
        false,
    ));
    all
}

async fn listen(pool: &PgPool) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.ignore_pool_close_event(true);
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// Passes notices on until the server stops listening; when the connection drops, listens
/// again (backing off) and then asks for a resync, since notices sent meanwhile are lost.
async fn hear(pool: PgPool, mut listener: PgListener, tx: mpsc::Sender<Notice>) {
    loop {
        match listener.try_recv().await {
            Ok(Some(notification)) => {
                if let Some(notice) = parse_notice(notification.payload()) {
                    if tx.send(notice).await.is_err() {
                        return;
                    }
                }
                continue;
            }
            Ok(None) => tracing::warn!("the PostgreSQL listener lost its connection"),
            Err(e) => tracing::warn!("the PostgreSQL listener failed: {e}"),
        }
        drop(listener);
        let mut backoff = Duration::from_millis(100);
        listener = loop {
            if tx.is_closed() {
                return;
            }
            match listen(&pool).await {
                Ok(listener) => break listener,
                Err(e) => {
                    tracing::warn!("cannot listen again, retrying in {backoff:?}: {e}");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                }
            }
        };
        tracing::info!("the PostgreSQL listener is back; every room reads what it missed");
        if tx.send(Notice::Resync).await.is_err() {
            return;
        }
    }
}

/// `game:seq`.
fn parse_notice(payload: &str) -> Option<Notice> {
    let (game, seq) = payload.split_once(':')?;
    Some(Notice::Event {
        game: game.to_owned(),
        seq: seq.parse().ok()?,
    })
}

impl Storage for PgStorage {
    fn create(&self, game: &GameRow) -> BoxFuture<'_, Result<(), StorageError>> {
        let game = game.clone();
        async move {
            let mut tx = self.pool.begin().await?;
            insert_game::<Postgres>(&mut tx, &game).await?;
            // The creating instance holds the lease, as after an append.
            sqlx::query(
                "UPDATE games SET automatic = $2, summary = $3, \
                 lease_holder = CASE WHEN $2 THEN $4 END, \
                 lease_until = CASE WHEN $2 THEN $5 ELSE 0 END WHERE id = $1",
            )
            .bind(&game.id)
            .bind(game.automatic)
            .bind(game.summary.as_deref())
            .bind(&self.holder)
            .bind(self.lease_end())
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        }
        .boxed()
    }

    fn append(&self, append: Append) -> BoxFuture<'_, Result<(), StorageError>> {
        async move {
            let event = &append.event;
            // One statement, so one round trip: the fenced update, the event, the notice
            // (sent by PostgreSQL at commit, never before).
            let written = sqlx::query(
                "WITH moved AS ( \
                   UPDATE games SET version = $2, status = $3, updated_at = $4, \
                     automatic = $10, summary = COALESCE($11, summary), \
                     lease_holder = CASE WHEN $10 THEN $12 END, \
                     lease_until = CASE WHEN $10 THEN $13 ELSE 0 END \
                   WHERE id = $1 AND version = $2 - 1 RETURNING id), \
                 added AS ( \
                   INSERT INTO events (game_id, seq, kind, seat, action, client_id, created_at) \
                   SELECT id, $2, $5, $6, $7, $8, $9 FROM moved RETURNING seq) \
                 SELECT pg_notify($14, $1 || ':' || seq) FROM added",
            )
            .bind(&append.game_id)
            .bind(event.seq as i64)
            .bind(append.status.as_str())
            .bind(now())
            .bind(event.kind.as_str())
            .bind(event.seat.map(i64::from))
            .bind(event.action.as_deref())
            .bind(event.client_id.as_deref())
            .bind(now())
            .bind(append.automatic)
            .bind(append.summary.as_deref())
            .bind(&self.holder)
            .bind(self.lease_end())
            .bind(CHANNEL)
            .fetch_optional(&self.pool)
            .await?;
            match written {
                Some(_) => Ok(()),
                None => Err(StorageError::Conflict {
                    id: append.game_id.clone(),
                    expected: event.seq.saturating_sub(1),
                }),
            }
        }
        .boxed()
    }

    fn running(&self) -> BoxFuture<'_, Result<Vec<String>, StorageError>> {
        async move {
            let mut conn = self.pool.acquire().await?;
            read_running::<Postgres>(&mut conn).await
        }
        .boxed()
    }

    fn load<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<Option<StoredGame>, StorageError>> {
        async move {
            // One snapshot for the three reads, so the game and its events agree.
            let mut tx = self.pool.begin().await?;
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .execute(&mut *tx)
                .await?;
            let stored = read_stored::<Postgres>(&mut tx, id).await?;
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
        async move {
            let mut conn = self.pool.acquire().await?;
            read_events::<Postgres>(&mut conn, id, after).await
        }
        .boxed()
    }

    fn lease_ttl(&self) -> Option<Duration> {
        Some(self.lease)
    }

    fn notices(&self) -> Option<mpsc::Receiver<Notice>> {
        self.notices.lock().expect("notices lock").take()
    }

    fn claim<'a>(&'a self, id: &'a str) -> BoxFuture<'a, Result<bool, StorageError>> {
        async move {
            let claimed = sqlx::query(
                "UPDATE games SET lease_holder = $2, lease_until = $3 \
                 WHERE id = $1 AND (lease_holder = $2 OR lease_holder IS NULL \
                   OR lease_until < $4)",
            )
            .bind(id)
            .bind(&self.holder)
            .bind(self.lease_end())
            .bind(now_millis())
            .execute(&self.pool)
            .await?;
            Ok(claimed.rows_affected() == 1)
        }
        .boxed()
    }

    fn due(&self, limit: usize) -> BoxFuture<'_, Result<Vec<String>, StorageError>> {
        async move {
            let rows = sqlx::query(
                "SELECT id FROM games WHERE status = $1 AND automatic AND lease_until < $2 \
                 ORDER BY updated_at LIMIT $3",
            )
            .bind(Status::Running.as_str())
            .bind(now_millis())
            .bind(limit as i64)
            .fetch_all(&self.pool)
            .await?;
            read_ids(&rows)
        }
        .boxed()
    }

    fn lobby(&self, limit: usize) -> BoxFuture<'_, Result<Vec<String>, StorageError>> {
        async move {
            let rows = sqlx::query(
                "SELECT summary FROM games WHERE status = $1 AND summary IS NOT NULL \
                 ORDER BY created_at DESC, id LIMIT $2",
            )
            .bind(Status::Running.as_str())
            .bind(limit as i64)
            .fetch_all(&self.pool)
            .await?;
            rows.iter()
                .map(|r| {
                    r.try_get::<String, _>("summary")
                        .map_err(StorageError::from)
                })
                .collect()
        }
        .boxed()
    }
}

impl PgStorage {
    /// When a lease taken now runs out, in milliseconds since the Unix epoch.
    fn lease_end(&self) -> i64 {
        now_millis() + self.lease.as_millis() as i64
    }
}
