//! The accounts' own queries, each written once for both backends: failed sign-ins
//! counted against the limits (`people::sign_ins`), names' skeletons filled in
//! (`people::names`), sessions listed and ended (`people::sessions`).

use super::conn::Conn;
use super::people::read_player_row;
use super::{FailureScope, Failures, PlayerRow, SessionRow, StorageError};

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

/// The players whose name's skeleton is not filled in, oldest first, read on `conn`.
pub(super) async fn without_skeleton(conn: &mut Conn<'_>) -> Result<Vec<PlayerRow>, StorageError> {
    conn.query("SELECT id, name FROM players WHERE name_skeleton IS NULL ORDER BY created_at, id")
        .fetch_all()
        .await?
        .iter()
        .map(read_player_row)
        .collect()
}

/// Player `id`'s name skeleton set on `conn`, unless another player has it.
pub(super) async fn set_skeleton(
    conn: &mut Conn<'_>,
    id: &str,
    skeleton: &str,
) -> Result<(), StorageError> {
    conn.query(
        "UPDATE players SET name_skeleton = $1 WHERE id = $2 AND NOT EXISTS \
         (SELECT 1 FROM players WHERE name_skeleton = $1)",
    )
    .bind(skeleton)
    .bind(id)
    .execute()
    .await?;
    Ok(())
}

/// The use of the key hashing to `key_hash` at `now` written on `conn`, and its device's
/// `label` if given.
pub(super) async fn touch_key(
    conn: &mut Conn<'_>,
    key_hash: &str,
    now: i64,
    label: Option<&str>,
) -> Result<(), StorageError> {
    conn.query(
        "UPDATE player_keys SET last_used_at = $1, label = COALESCE($2, label) \
         WHERE key_hash = $3",
    )
    .bind(now)
    .bind(label)
    .bind(key_hash)
    .execute()
    .await?;
    Ok(())
}

/// Player `id`'s keys, newest first, read on `conn`.
pub(super) async fn read_sessions(
    conn: &mut Conn<'_>,
    id: &str,
) -> Result<Vec<SessionRow>, StorageError> {
    conn.query(
        "SELECT key_hash, label, created_at, last_used_at FROM player_keys \
         WHERE player_id = $1 ORDER BY created_at DESC, key_hash",
    )
    .bind(id)
    .fetch_all()
    .await?
    .iter()
    .map(|row| {
        Ok(SessionRow {
            key_hash: row.get("key_hash")?,
            label: row.get("label")?,
            created_at: row.get("created_at")?,
            last_used_at: row.get("last_used_at")?,
        })
    })
    .collect()
}

/// Player `id`'s key whose hash begins with `session` deleted on `conn`.
pub(super) async fn delete_session(
    conn: &mut Conn<'_>,
    id: &str,
    session: &str,
) -> Result<u64, StorageError> {
    conn.query("DELETE FROM player_keys WHERE player_id = $1 AND substr(key_hash, 1, 16) = $2")
        .bind(id)
        .bind(session)
        .execute()
        .await
}

/// Every key of player `id` but the one hashing to `keep` deleted on `conn`.
pub(super) async fn delete_other_sessions(
    conn: &mut Conn<'_>,
    id: &str,
    keep: &str,
) -> Result<u64, StorageError> {
    conn.query("DELETE FROM player_keys WHERE player_id = $1 AND key_hash <> $2")
        .bind(id)
        .bind(keep)
        .execute()
        .await
}
