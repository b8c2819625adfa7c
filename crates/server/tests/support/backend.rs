//! Where a test server keeps its games: a new SQLite file in a temporary folder, or a new
//! empty database on the PostgreSQL server `TRIO_TEST_POSTGRES` names (an admin URL), as
//! `scripts/test` sets it. Without that variable a PostgreSQL test says it is skipped,
//! unless `TRIO_REQUIRE_POSTGRES` is set; [`on_both_backends!`] runs a scenario on each.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use sqlx::Connection;
use trio_server::{AppState, PgStorage, Settings, SqliteStorage, Storage};

/// The instance name of every test server on PostgreSQL: servers of one test share it,
/// as a restarted instance would.
const INSTANCE: &str = "tests";
/// How long an instance's lease of a game lasts, unless a test says otherwise.
pub const LEASE: Duration = Duration::from_secs(10);

/// Where a test's server keeps its games.
pub enum Backend {
    Sqlite(tempfile::TempDir),
    /// The URL of a database of this test's own.
    Postgres(String),
}

/// A scenario (`async fn(Backend)`) as two tests, `<scenario>::on_sqlite` and
/// `<scenario>::on_postgres`; the second is skipped without a PostgreSQL, as
/// [`Backend::postgres`] says.
macro_rules! on_both_backends {
    ($($scenario:ident),+ $(,)?) => {$(
        mod $scenario {
            use $crate::support::Backend;

            #[tokio::test]
            async fn on_sqlite() {
                super::$scenario(Backend::sqlite()).await;
            }

            #[tokio::test]
            async fn on_postgres() {
                if let Some(backend) = Backend::postgres().await {
                    super::$scenario(backend).await;
                }
            }
        }
    )+};
}
pub(crate) use on_both_backends;

impl Backend {
    /// A new SQLite file.
    pub fn sqlite() -> Backend {
        Backend::Sqlite(tempfile::tempdir().unwrap())
    }

    /// A new empty database on the test PostgreSQL; `None` (skip) without one.
    pub async fn postgres() -> Option<Backend> {
        let Ok(admin) = std::env::var("TRIO_TEST_POSTGRES") else {
            assert!(
                std::env::var_os("TRIO_REQUIRE_POSTGRES").is_none(),
                "TRIO_REQUIRE_POSTGRES is set but TRIO_TEST_POSTGRES is not"
            );
            eprintln!("skipped: no PostgreSQL (set TRIO_TEST_POSTGRES to an admin URL)");
            return None;
        };
        let name = format!("trio_{}", trio_server::secrets::new_game_id());
        let mut conn = sqlx::PgConnection::connect(&admin)
            .await
            .expect("the test PostgreSQL answers");
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut conn)
            .await
            .expect("a test database");
        let (server, _) = admin.rsplit_once('/').expect("a URL with a database");
        Some(Backend::Postgres(format!("{server}/{name}")))
    }

    /// The SQLite file (a test of SQLite alone).
    pub fn path(&self) -> PathBuf {
        match self {
            Backend::Sqlite(dir) => dir.path().join("t.db"),
            Backend::Postgres(_) => panic!("not an SQLite backend"),
        }
    }

    /// The PostgreSQL database's URL (a test of PostgreSQL alone).
    pub fn url(&self) -> &str {
        match self {
            Backend::Postgres(url) => url,
            Backend::Sqlite(_) => panic!("not a PostgreSQL backend"),
        }
    }

    /// A server's state on this backend, with `settings`.
    pub async fn state(&self, settings: Settings) -> AppState {
        match self {
            Backend::Sqlite(_) => AppState::sqlite_with(self.path().to_str().unwrap(), settings)
                .await
                .unwrap(),
            Backend::Postgres(url) => AppState::postgres_with(url, INSTANCE, LEASE, settings)
                .await
                .unwrap(),
        }
    }

    /// The store alone, opened anew: on PostgreSQL as instance `instance`, its leases
    /// lasting `lease`.
    pub async fn store_as(&self, instance: &str, lease: Duration) -> Arc<dyn Storage> {
        match self {
            Backend::Sqlite(_) => Arc::new(
                SqliteStorage::open(self.path().to_str().unwrap())
                    .await
                    .unwrap(),
            ),
            Backend::Postgres(url) => {
                Arc::new(PgStorage::open(url, instance, lease).await.unwrap())
            }
        }
    }

    /// The store alone, opened anew (as instance `a`).
    pub async fn store(&self) -> Arc<dyn Storage> {
        self.store_as("a", LEASE).await
    }

    /// Two writers of the same games: on PostgreSQL two instances (`a`, `b`), each with
    /// its own connections; on SQLite, which one server alone writes, one store twice.
    pub async fn two_stores(&self) -> (Arc<dyn Storage>, Arc<dyn Storage>) {
        let a = self.store().await;
        let b = match self {
            Backend::Sqlite(_) => a.clone(),
            Backend::Postgres(_) => self.store_as("b", LEASE).await,
        };
        (a, b)
    }

    /// Runs `sql` on the store behind the server's back, with game `id` as `$1`.
    pub async fn execute(&self, sql: &str, id: &str) {
        let sql = sqlx::AssertSqlSafe(sql.to_owned());
        match self {
            Backend::Sqlite(_) => {
                let pool = self.sqlite_pool().await;
                sqlx::query(sql).bind(id).execute(&pool).await.unwrap();
            }
            Backend::Postgres(url) => {
                let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
                sqlx::query(sql).bind(id).execute(&mut conn).await.unwrap();
            }
        }
    }

    /// Game `id`'s status as stored (`running`, `over`), read behind the server's back
    /// (SQLite).
    pub async fn stored_status(&self, id: &str) -> String {
        let pool = self.sqlite_pool().await;
        sqlx::query_scalar("SELECT status FROM games WHERE id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .unwrap()
    }

    async fn sqlite_pool(&self) -> sqlx::SqlitePool {
        let url = format!("sqlite:{}", self.path().display());
        sqlx::SqlitePool::connect(&url).await.unwrap()
    }
}
