//! The accounts' own queries, each written once for both backends: failed sign-ins
//! counted against the limits (`people::sign_ins`).

use super::conn::Conn;
use super::{FailureScope, Failures, StorageError};

/// The failed sign-ins of `scope` since `since` (milliseconds), read on `conn`.
pub(super) async fn count_failures(
    conn: &mut Conn<'_>,
    scope: FailureScope<'_>,
    since: i64,
) -> Result<Failures, StorageError> {
    let row = match scope {
        FailureScope::Account(name_key) => {
            conn.query(
                "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM sign_in_failures \
                 WHERE name_key = $1 AND at >= $2",
            )
            .bind(name_key)
            .bind(since)
            .fetch_one()
            .await?
        }
        FailureScope::Network(network) => {
            conn.query(
                "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM sign_in_failures \
                 WHERE network = $1 AND at >= $2",
            )
            .bind(network)
            .bind(since)
            .fetch_one()
            .await?
        }
        FailureScope::All => {
            conn.query(
                "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM sign_in_failures WHERE at >= $1",
            )
            .bind(since)
            .fetch_one()
            .await?
        }
    };
    Ok(Failures {
        count: u64::try_from(row.get::<i64>("n")?).unwrap_or(0),
        oldest: row.get("oldest")?,
    })
}

/// A failed sign-in on folded name `name_key` from `network` at `at` stored on `conn`, and
/// those before `forget_before` (past every window) deleted.
pub(super) async fn insert_failure(
    conn: &mut Conn<'_>,
    name_key: &str,
    network: &str,
    at: i64,
    forget_before: i64,
) -> Result<(), StorageError> {
    conn.query("DELETE FROM sign_in_failures WHERE at < $1")
        .bind(forget_before)
        .execute()
        .await?;
    conn.query("INSERT INTO sign_in_failures (name_key, network, at) VALUES ($1, $2, $3)")
        .bind(name_key)
        .bind(network)
        .bind(at)
        .execute()
        .await?;
    Ok(())
}
