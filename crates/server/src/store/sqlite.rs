//! The SQLite backend of [`super::Storage`]: one file, created if missing, in WAL mode, with the
//! migrations embedded and run at open.
//!
//! Writes go through one connection, owned by the writer task: every other write is a job
//! it runs in turn. Appends from every game are grouped: the writer takes whatever events
//! are waiting (up to [`MAX_BATCH`]) and commits them in one transaction, each still fenced
//! by its game's version, then answers each. Under load that turns a thousand commits into
//! a few; alone, an event commits at once. The connection is not pooled: a pool pings a
//! connection given back to it (another round trip to SQLite's thread, from a task
//! spawned for it) before the next write may have it.
//!
//! `synchronous = NORMAL`: in WAL mode a commit is in the log file when it returns, so a
//! killed process (even `kill -9`) loses nothing; only a power cut can lose the last
//! commits (`--sync full` in a later issue if that matters).
//!
//! The log is copied back into the database file (a checkpoint, which syncs both files) by
//! a connection of its own every [`CHECKPOINT_EVERY`], which never holds the writer up. But
//! under steady writes only a checkpoint in the writer's own connection lets the log start
//! over (the other never finds it fully copied between two commits), and every ack waits
//! behind it. SQLite's own, once the log passes 1,000 pages, came 3.5 times a second at a
//! few hundred moves a second, with two syncs each. So the checkpointer, once the log has
//! [`SqliteStorage::RESTART_PAGES`], has the writer checkpoint right after its own pass,
//! when little is left to copy: at 930 moves a second, a stall of 15–20 ms every 1.8 s (ack
//! p99 4.0–5.0 ms) became one of 5–10 ms, the two syncs, every 2.5 s (p99 3.0–3.4 ms;
//! docs/deploy.md).
//! The writer's automatic checkpoint stays as a backstop at [`WRITER_CHECKPOINT_PAGES`].

use std::str::FromStr;
use std::time::Duration;

use futures_util::future::BoxFuture;
use futures_util::FutureExt;
use sqlx::migrate::Migrator;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};
use sqlx::{ConnectOptions, Connection};
use tokio::sync::{mpsc, oneshot};

use super::backend::{Backend, Pending, Store};
use super::conn::{Conn, Pooled, Tx};
use super::shared::Lease;
use super::{migrations, now, Append, StorageError};

/// How often the checkpointer copies the log back.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(200);

/// The log's size, in pages, at which the writer checkpoints by itself (SQLite's default
/// is 1,000 pages): only if the checkpointer has not had it done sooner.
const WRITER_CHECKPOINT_PAGES: i64 = 2 * SqliteStorage::RESTART_PAGES;

/// The most events committed in one transaction.
const MAX_BATCH: usize = 512;

/// A write other than an append, run by the writer task on its connection.
type Job = Box<dyn for<'c> FnOnce(&'c mut SqliteConnection) -> BoxFuture<'c, ()> + Send>;

/// Games in one SQLite file.
pub type SqliteStorage = Store<SqliteBackend>;

/// How [`SqliteStorage`] reads and writes.
#[derive(Debug)]
pub struct SqliteBackend {
    /// Several connections for reads (WAL lets them read while the writer writes).
    readers: SqlitePool,
    jobs: mpsc::Sender<Job>,
}

/// Creates the database file at `path` if missing, readable and writable by its owner
/// alone (it holds running games' seeds), and makes an older one, and its log and shared
/// memory if present, so too. SQLite creates `-wal` and `-shm` with the database's mode.
fn owner_only(path: &str) -> Result<(), StorageError> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let io = |e: std::io::Error| StorageError::Database(sqlx::Error::Io(e));
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .mode(0o600)
        .open(path)
        .map_err(io)?;
    for file in [
        path.to_owned(),
        format!("{path}-wal"),
        format!("{path}-shm"),
    ] {
        match std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(io(e)),
            _ => {}
        }
    }
    Ok(())
}

impl Store<SqliteBackend> {
    /// The log's size, in pages, at which the checkpointer has the writer checkpoint, so that
    /// the log starts over (64 MiB; at 930 moves a second, every 2.5 s). Each time holds the
    /// acks up for two syncs, 5–10 ms here; a quarter as often (256 MiB) measured the same.
    pub const RESTART_PAGES: i64 = 16_384;

    /// Opens (creating if missing) the database at `path` (a file name, or `:memory:`
    /// for a database that lives as long as the storage) and migrates it.
    pub async fn open(path: &str) -> Result<Self, StorageError> {
        let memory = path == ":memory:";
        let options = if memory {
            // A shared in-memory database so that both pools see the same tables.
            SqliteConnectOptions::from_str(&format!(
                "sqlite:file:trio-{}?mode=memory&cache=shared",
                crate::people::secrets::new_game_id()
            ))?
        } else {
            owner_only(path)?;
            SqliteConnectOptions::new()
                .filename(path)
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
        }
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(10))
        .foreign_keys(true);
        let mut writer = options
            .clone()
            .pragma("wal_autocheckpoint", WRITER_CHECKPOINT_PAGES.to_string())
            .connect()
            .await?;
        Migrator::with_migrations(migrations::sqlite())
            .run(&mut writer)
            .await?;
        // A connection to a local file does not go stale: no ping (a round trip to
        // SQLite's thread) before each use.
        let readers = SqlitePoolOptions::new()
            .test_before_acquire(false)
            .max_connections(4)
            .min_connections(if memory { 1 } else { 0 })
            .idle_timeout(if memory {
                None
            } else {
                Some(Duration::from_secs(600))
            })
            .max_lifetime(None)
            .connect_with(options.clone().read_only(!memory))
            .await?;
        let (appends, queue) = mpsc::channel(4 * MAX_BATCH);
        let (jobs, job_queue) = mpsc::channel(MAX_BATCH);
        tokio::spawn(write(writer, queue, job_queue));
        if !memory {
            let checkpointer = SqlitePoolOptions::new()
                .test_before_acquire(false)
                .max_connections(1)
                .connect_with(options)
                .await?;
            tokio::spawn(checkpoint(checkpointer, jobs.downgrade()));
        }
        Ok(Store::new(SqliteBackend { readers, jobs }, appends))
    }
}

impl Backend for SqliteBackend {
    fn append_on<'c>(
        conn: Conn<'c>,
        append: &'c Append,
        _: Option<&'c Lease>,
    ) -> BoxFuture<'c, Result<(), StorageError>> {
        let Conn::Sqlite(conn) = conn else {
            unreachable!("SQLite's backend is given SQLite's connections")
        };
        insert_event(conn, append).boxed()
    }

    /// Alone, no lease: every running game with chance or a bot to act or a flag due, and
    /// those stored before the lobby line was (to be loaded once and described). Each
    /// reason from its own partial index (named: SQLite would rather take the index on
    /// status, which reads every running game): with 20,000 games, 0.02 ms instead of 16
    /// ms a look, which the server takes every second.
    const DUE: &'static str = "\
        SELECT id FROM ( \
        SELECT id, updated_at FROM games INDEXED BY games_due \
        WHERE status = 'running' AND automatic \
        UNION SELECT id, updated_at FROM games INDEXED BY games_unsummarized \
        WHERE status = 'running' AND summary IS NULL \
        UNION SELECT id, updated_at FROM games INDEXED BY games_deadline \
        WHERE status = 'running' AND deadline IS NOT NULL AND deadline < $2 \
        UNION SELECT id, updated_at FROM games INDEXED BY games_idle \
        WHERE status = 'running' AND updated_at < $3 \
        ) ORDER BY updated_at LIMIT $1";

    fn reader(&self) -> BoxFuture<'_, Result<Pooled, StorageError>> {
        async { Ok(Pooled::Sqlite(self.readers.acquire().await?)) }.boxed()
    }

    fn snapshot(&self) -> BoxFuture<'_, Result<Tx<'static>, StorageError>> {
        async { Ok(Tx::Sqlite(self.readers.begin().await?)) }.boxed()
    }

    /// Runs `job` on the writer's connection, in turn with the appends.
    fn write<T, F>(&self, job: F) -> BoxFuture<'_, Result<T, StorageError>>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(Conn<'c>) -> BoxFuture<'c, Result<T, StorageError>> + Send + 'static,
    {
        async move {
            let (reply, done) = oneshot::channel();
            let job: Job = Box::new(move |conn| {
                async move {
                    let _ = reply.send(job(Conn::Sqlite(conn)).await);
                }
                .boxed()
            });
            self.jobs
                .send(job)
                .await
                .map_err(|_| StorageError::Closed)?;
            done.await.map_err(|_| StorageError::Closed)?
        }
        .boxed()
    }
}

/// Checkpoints the log now and then while the storage is open. PASSIVE: it copies what no
/// reader still needs and never holds the writer up. Once the log is long, the writer
/// checkpoints too, right after, so that the log starts over.
async fn checkpoint(pool: SqlitePool, writer: mpsc::WeakSender<Job>) {
    let mut every = tokio::time::interval(CHECKPOINT_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let Some(writer) = writer.upgrade() else {
            return;
        };
        // (busy, pages in the log, pages copied)
        let log = match sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_one(&pool)
            .await
        {
            Ok((_, log, _)) => log,
            Err(e) => {
                tracing::warn!("checkpoint: {e}");
                continue;
            }
        };
        if log >= SqliteStorage::RESTART_PAGES {
            let restart: Job = Box::new(|conn| {
                async move {
                    if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                        .execute(conn)
                        .await
                    {
                        tracing::warn!("checkpoint by the writer: {e}");
                    }
                }
                .boxed()
            });
            let _ = writer.send(restart).await;
        }
    }
}

/// The writer task: commits waiting appends in groups, and runs the other writes between
/// them, until the storage is dropped.
async fn write(
    mut conn: SqliteConnection,
    mut appends: mpsc::Receiver<Pending>,
    mut jobs: mpsc::Receiver<Job>,
) {
    let mut batch: Vec<Pending> = Vec::with_capacity(MAX_BATCH);
    loop {
        tokio::select! {
            waiting = appends.recv_many(&mut batch, MAX_BATCH) => {
                if waiting == 0 {
                    return;
                }
                commit_appends(&mut conn, &mut batch).await;
            }
            job = jobs.recv() => match job {
                Some(job) => job(&mut conn).await,
                None => return,
            },
        }
    }
}

/// Commits `batch` and answers each append (emptying it): one append alone in its own
/// statement's transaction, several in one transaction.
async fn commit_appends(conn: &mut SqliteConnection, batch: &mut Vec<Pending>) {
    let appends: Vec<&Append> = batch.iter().map(|(a, _)| a).collect();
    let results = match appends.as_slice() {
        [append] => vec![insert_event(&mut *conn, append).await],
        _ => match commit_together(conn, &appends).await {
            Ok(results) => results,
            // One append that fails (not a conflict) must not fail the others: each alone.
            Err(_) => {
                let mut results = Vec::with_capacity(appends.len());
                for append in &appends {
                    results.push(insert_event(&mut *conn, append).await);
                }
                results
            }
        },
    };
    for ((_, reply), result) in batch.drain(..).zip(results) {
        let _ = reply.send(result);
    }
}

/// Commits `appends` in one transaction: each one's result (a conflict undoes only its own
/// statement), or the first other error, with nothing committed.
async fn commit_together(
    conn: &mut SqliteConnection,
    appends: &[&Append],
) -> Result<Vec<Result<(), StorageError>>, StorageError> {
    let mut tx = conn.begin().await?;
    let mut results = Vec::with_capacity(appends.len());
    for append in appends {
        match insert_event(&mut tx, append).await {
            Err(StorageError::Conflict { id, expected }) => {
                results.push(Err(StorageError::Conflict { id, expected }))
            }
            Err(e) => return Err(e),
            Ok(()) => results.push(Ok(())),
        }
    }
    tx.commit().await?;
    Ok(results)
}

/// Appends one event through the `event_appends` view (migration 0016): the game's row and
/// the event in one statement, fenced by the game's version.
async fn insert_event(conn: &mut SqliteConnection, append: &Append) -> Result<(), StorageError> {
    let event = &append.event;
    let inserted = sqlx::query(
        "INSERT INTO event_appends (game_id, seq, kind, seat, action, client_id, created_at, \
         status, automatic, summary, clock, deadline) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(&append.game_id)
    .bind(event.seq as i64)
    .bind(event.kind.as_str())
    .bind(event.seat.map(|s| i64::from(s.0)))
    .bind(event.action.as_deref())
    .bind(event.client_id.as_deref())
    .bind(now())
    .bind(append.status.as_str())
    .bind(append.automatic)
    .bind(append.summary.as_deref())
    .bind(append.clock.as_deref())
    .bind(append.deadline)
    .execute(conn)
    .await;
    match inserted {
        Ok(_) => Ok(()),
        Err(sqlx::Error::Database(e)) if e.message() == "version conflict" => {
            Err(StorageError::Conflict {
                id: append.game_id.clone(),
                expected: event.seq.saturating_sub(1),
            })
        }
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use sqlx::Row;

    use super::*;
    use crate::store::games::lobby_query;
    use crate::store::Listed;

    /// Both lobby pages read their index in list order: no scan of every game of the
    /// status and no sort (with 20,000 running games a page sorted them all, 14 ms).
    #[tokio::test]
    async fn lobby_pages_read_an_index_in_order() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("games.db");
        let store = SqliteStorage::open(path.to_str().expect("a UTF-8 path"))
            .await
            .expect("the database opens");
        for (listed, index) in [
            (Listed::Running, "games_listed"),
            (Listed::Finished, "games_ended"),
        ] {
            let plan: Vec<String> = sqlx::query(sqlx::AssertSqlSafe(format!(
                "EXPLAIN QUERY PLAN {}",
                lobby_query(listed)
            )))
            .bind(i64::MAX)
            .bind("")
            .bind(20_i64)
            .fetch_all(&store.backend.readers)
            .await
            .expect("a plan")
            .iter()
            .map(|row| row.get::<String, _>("detail"))
            .collect();
            assert!(
                plan.iter().any(|step| step.contains(index))
                    && !plan.iter().any(|step| step.contains("TEMP B-TREE")),
                "{listed:?}: {plan:?}"
            );
        }
    }
}
