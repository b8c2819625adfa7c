//! What an instance is to the others sharing a database (PostgreSQL): its name in leases,
//! how long a lease lasts, the notices it hears and their words; and a game's lease. Apart from the
//! backend, so that the seam (`backend.rs`) and the queries (`games.rs`) name it without
//! importing the PostgreSQL backend that uses them.

use std::sync::Mutex;
use std::time::Duration;

use sqlx::postgres::PgConnection;
use tokio::sync::mpsc;

use super::{now_millis, Notice, StorageError};

/// What this instance is to the others sharing the database: its name in leases, how long
/// a lease lasts, and what it hears of their changes.
#[derive(Debug)]
pub struct Shared {
    pub(super) holder: String,
    pub(super) ttl: Duration,
    pub(super) notices: Mutex<Option<mpsc::Receiver<Notice>>>,
}

impl Shared {
    /// A lease taken now by this instance.
    pub(super) fn lease(&self) -> Lease {
        Lease {
            holder: self.holder.clone(),
            until: lease_end(self.ttl),
        }
    }

    /// The notices, once.
    pub(super) fn notices(&self) -> Option<mpsc::Receiver<Notice>> {
        self.notices.lock().expect("notices lock").take()
    }
}

/// A game's lease: the instance holding it, until when (milliseconds since the Unix epoch).
#[derive(Debug)]
pub struct Lease {
    pub holder: String,
    pub until: i64,
}

/// When a lease taken now runs out, in milliseconds since the Unix epoch.
pub(super) fn lease_end(lease: Duration) -> i64 {
    now_millis() + lease.as_millis() as i64
}

/// The channel of the notices.
pub const CHANNEL: &str = "trio_events";

/// `game:seq`, or `game:seated` when a seat was taken.
pub(super) fn parse_notice(payload: &str) -> Option<Notice> {
    let (game, what) = payload.split_once(':')?;
    let game = game.to_owned();
    Some(match what {
        SEATED => Notice::Seated { game },
        seq => Notice::Event {
            game,
            seq: seq.parse().ok()?,
        },
    })
}

/// A notice's word for a seat taken.
const SEATED: &str = "seated";

/// Tells the other instances that a seat of game `id` changed, in the caller's transaction.
pub(super) async fn notify_seated(tx: &mut PgConnection, id: &str) -> Result<(), StorageError> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(format!("{id}:{SEATED}"))
        .execute(tx)
        .await?;
    Ok(())
}
