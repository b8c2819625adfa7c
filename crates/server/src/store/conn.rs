//! The SQL both backends share, run on either: a connection of one or the other
//! ([`Conn`]), a query on it ([`Query`]) and the rows it reads ([`Row`]). Each query of the
//! store is written once on this small layer, in portable SQL (`$n` parameters, TEXT ids,
//! BIGINT numbers), instead of generic over sqlx's `Database` with a where-clause for every
//! type it binds or reads.

use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgArguments, PgConnection, PgRow};
use sqlx::sqlite::{SqliteArguments, SqliteConnection, SqliteRow};
use sqlx::{Connection, Decode, Encode, Postgres, Row as _, Sqlite, Transaction, Type};

use super::StorageError;

/// A value both databases take as a parameter (`i64`, `f64`, `bool`, `&str`, `String`, and
/// their `Option`s).
pub trait Param<'t>:
    Encode<'t, Sqlite> + Type<Sqlite> + Encode<'t, Postgres> + Type<Postgres>
{
}

impl<'t, T> Param<'t> for T where
    T: Encode<'t, Sqlite> + Type<Sqlite> + Encode<'t, Postgres> + Type<Postgres>
{
}

/// A value both databases read from a column (`i64`, `f64`, `bool`, `String`, and their
/// `Option`s).
pub trait Column:
    for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

impl<T> Column for T where
    T: for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}

/// A connection of either backend, or a transaction's.
#[derive(Debug)]
pub enum Conn<'c> {
    Sqlite(&'c mut SqliteConnection),
    Pg(&'c mut PgConnection),
}

impl Conn<'_> {
    /// The statement `sql`, its parameters bound next.
    pub(super) fn query(&mut self, sql: &'static str) -> Query<'_> {
        match self {
            Conn::Sqlite(conn) => Query::Sqlite(conn, sqlx::query(sql)),
            Conn::Pg(conn) => Query::Pg(conn, sqlx::query(sql)),
        }
    }

    /// Begins a transaction, rolled back unless committed.
    pub(super) async fn begin(&mut self) -> Result<Tx<'_>, StorageError> {
        Ok(match self {
            Conn::Sqlite(conn) => Tx::Sqlite(conn.begin().await?),
            Conn::Pg(conn) => Tx::Pg(conn.begin().await?),
        })
    }
}

/// A transaction of either backend.
#[derive(Debug)]
pub enum Tx<'c> {
    Sqlite(Transaction<'c, Sqlite>),
    Pg(Transaction<'c, Postgres>),
}

impl Tx<'_> {
    pub(super) fn conn(&mut self) -> Conn<'_> {
        match self {
            Tx::Sqlite(tx) => Conn::Sqlite(tx),
            Tx::Pg(tx) => Conn::Pg(tx),
        }
    }

    pub(super) async fn commit(self) -> Result<(), StorageError> {
        match self {
            Tx::Sqlite(tx) => tx.commit().await?,
            Tx::Pg(tx) => tx.commit().await?,
        }
        Ok(())
    }
}

/// A connection of either backend's pool, to read on.
#[derive(Debug)]
pub enum Pooled {
    Sqlite(PoolConnection<Sqlite>),
    Pg(PoolConnection<Postgres>),
}

impl Pooled {
    pub(super) fn conn(&mut self) -> Conn<'_> {
        match self {
            Pooled::Sqlite(conn) => Conn::Sqlite(conn),
            Pooled::Pg(conn) => Conn::Pg(conn),
        }
    }
}

/// A statement with the connection it runs on.
pub(super) enum Query<'c> {
    Sqlite(
        &'c mut SqliteConnection,
        sqlx::query::Query<'c, Sqlite, SqliteArguments>,
    ),
    Pg(
        &'c mut PgConnection,
        sqlx::query::Query<'c, Postgres, PgArguments>,
    ),
}

impl Query<'_> {
    /// Binds the next `$n` parameter.
    pub(super) fn bind<'t>(self, value: impl Param<'t>) -> Self {
        match self {
            Query::Sqlite(conn, query) => Query::Sqlite(conn, query.bind(value)),
            Query::Pg(conn, query) => Query::Pg(conn, query.bind(value)),
        }
    }

    /// Runs the statement: how many rows it changed.
    pub(super) async fn execute(self) -> Result<u64, StorageError> {
        Ok(match self {
            Query::Sqlite(conn, query) => query.execute(conn).await?.rows_affected(),
            Query::Pg(conn, query) => query.execute(conn).await?.rows_affected(),
        })
    }

    pub(super) async fn fetch_optional(self) -> Result<Option<Row>, StorageError> {
        Ok(match self {
            Query::Sqlite(conn, query) => query.fetch_optional(conn).await?.map(Row::Sqlite),
            Query::Pg(conn, query) => query.fetch_optional(conn).await?.map(Row::Pg),
        })
    }

    pub(super) async fn fetch_one(self) -> Result<Row, StorageError> {
        Ok(match self {
            Query::Sqlite(conn, query) => Row::Sqlite(query.fetch_one(conn).await?),
            Query::Pg(conn, query) => Row::Pg(query.fetch_one(conn).await?),
        })
    }

    pub(super) async fn fetch_all(self) -> Result<Vec<Row>, StorageError> {
        Ok(match self {
            Query::Sqlite(conn, query) => query
                .fetch_all(conn)
                .await?
                .into_iter()
                .map(Row::Sqlite)
                .collect(),
            Query::Pg(conn, query) => query
                .fetch_all(conn)
                .await?
                .into_iter()
                .map(Row::Pg)
                .collect(),
        })
    }
}

/// A row of either backend.
#[derive(Debug)]
pub(super) enum Row {
    Sqlite(SqliteRow),
    Pg(PgRow),
}

impl Row {
    /// Column `name`, as the type stored.
    pub(super) fn get<T: Column>(&self, name: &str) -> Result<T, StorageError> {
        Ok(match self {
            Row::Sqlite(row) => row.try_get(name)?,
            Row::Pg(row) => row.try_get(name)?,
        })
    }
}
