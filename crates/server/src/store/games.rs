//! The games' queries, each written once for both backends: a game created, loaded and
//! listed, a seat claimed, a game aborted or described, rematches and reviews.

use std::collections::BTreeMap;

use super::conn::{Conn, Row};
use super::postgres::Lease;
use super::{
    now, now_millis, postgres, Cursor, EventKind, EventRow, GameRow, Listed, PlayerRow, SeatClaim,
    SeatRow, Status, StorageError, StoredGame,
};

/// A game's row, for [`read_game`].
pub(super) const SELECT_GAME: &str = "SELECT id, spec, seed, seed_nonce, seed_hash, version, \
     status, created_at, updated_at, start_position, definitions, clock, rematch, rated \
     FROM games \
     WHERE id = $1";
/// A game's seats in order, for [`read_seat`].
pub(super) const SELECT_SEATS: &str =
    "SELECT s.agent, s.token_hash, s.player_id, p.name, s.rematch \
     FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = $1 ORDER BY s.seat";
/// A game's events after a version, in order, for [`read_event`].
pub(super) const SELECT_EVENTS: &str = "SELECT seq, kind, seat, action, client_id FROM events \
     WHERE game_id = $1 AND seq > $2 ORDER BY seq";
/// Stores a new game's row (its seats follow, one [`INSERT_SEAT`] each).
pub(super) const INSERT_GAME: &str = "INSERT INTO games (id, spec, seed, seed_nonce, seed_hash, \
     version, status, created_at, updated_at, start_position, definitions, clock, deadline, \
     seek, seek_at, rated, creator) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13, $14, $15, $16)";
pub(super) const INSERT_SEAT: &str = "INSERT INTO seats (game_id, seat, agent, token_hash, \
     player_id) VALUES ($1, $2, $3, $4, $5)";

/// Stores a new game's row and seats, and its lobby line and whether chance or a bot is to
/// act: with `lease` (a shared store's) the creating instance holds the game's lease, as
/// after an append.
pub(super) async fn create(
    conn: &mut Conn<'_>,
    game: &GameRow,
    lease: Option<Lease>,
) -> Result<(), StorageError> {
    let mut tx = conn.begin().await?;
    let mut conn = tx.conn();
    let definitions = (!game.definitions.is_empty())
        .then(|| serde_json::to_string(&game.definitions).expect("a map of strings"));
    conn.query(INSERT_GAME)
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
        .execute()
        .await?;
    for (seat, row) in game.seats.iter().enumerate() {
        conn.query(INSERT_SEAT)
            .bind(game.id.as_str())
            .bind(seat as i64)
            .bind(row.agent.as_str())
            .bind(row.token_hash.as_deref())
            .bind(row.player.as_ref().map(|p| p.id.as_str()))
            .execute()
            .await?;
    }
    match lease {
        Some(lease) => {
            conn.query(
                "UPDATE games SET automatic = $2, summary = $3, \
                 lease_holder = CASE WHEN $2 THEN $4 END, \
                 lease_until = CASE WHEN $2 THEN $5 ELSE 0 END WHERE id = $1",
            )
            .bind(game.id.as_str())
            .bind(game.automatic)
            .bind(game.summary.as_deref())
            .bind(lease.holder)
            .bind(lease.until)
            .execute()
            .await?;
        }
        None => {
            if let Some(summary) = &game.summary {
                describe(&mut conn, &game.id, game.automatic, summary).await?;
            }
        }
    }
    tx.commit().await
}

/// Reads a game with its events on `conn` (in a snapshot, so that they agree); `None` if there is no such game.
pub(super) async fn read_stored(
    conn: &mut Conn<'_>,
    id: &str,
) -> Result<Option<StoredGame>, StorageError> {
    let Some(row) = conn.query(SELECT_GAME).bind(id).fetch_optional().await? else {
        return Ok(None);
    };
    let seats = conn
        .query(SELECT_SEATS)
        .bind(id)
        .fetch_all()
        .await?
        .iter()
        .map(read_seat)
        .collect::<Result<_, _>>()?;
    let events = read_events(conn, id, 0).await?;
    let mut game = read_game(&row, seats)?;
    game.more_tokens = conn
        .query("SELECT seat, token_hash FROM seat_tokens WHERE game_id = $1 ORDER BY seat")
        .bind(id)
        .fetch_all()
        .await?
        .iter()
        .map(|r| {
            let seat: i64 = r.get("seat")?;
            let seat =
                u8::try_from(seat).map_err(|_| StorageError::Corrupt(format!("seat {seat}")))?;
            Ok((seat, r.get("token_hash")?))
        })
        .collect::<Result<_, StorageError>>()?;
    Ok(Some(StoredGame { game, events }))
}

/// How many running games `creator` created, counted on `conn`.
pub(super) async fn count_running(conn: &mut Conn<'_>, creator: &str) -> Result<u64, StorageError> {
    let row = conn
        .query("SELECT COUNT(*) AS running FROM games WHERE status = $1 AND creator = $2")
        .bind(Status::Running.as_str())
        .bind(creator)
        .fetch_one()
        .await?;
    let running: i64 = row.get("running")?;
    Ok(u64::try_from(running).unwrap_or(0))
}

/// The query of a lobby page: `$1` and `$2` the cursor's time and id, `$3` the limit. The
/// status is written into the text, not bound: SQLite uses a partial index only for a
/// query that names its condition.
pub(super) fn lobby_query(listed: Listed) -> &'static str {
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
pub(super) async fn read_page(
    conn: &mut Conn<'_>,
    listed: Listed,
    after: Option<&Cursor>,
    limit: usize,
) -> Result<Vec<(String, Cursor)>, StorageError> {
    let sql = lobby_query(listed);
    let (at, id) = after.map_or((i64::MAX, ""), |e| (e.at, e.id.as_str()));
    let rows = conn
        .query(sql)
        .bind(at)
        .bind(id)
        .bind(limit.min(i64::MAX as usize) as i64)
        .fetch_all()
        .await?;
    rows.iter()
        .map(|r| {
            Ok((
                r.get("summary")?,
                Cursor {
                    at: r.get("at")?,
                    id: r.get("id")?,
                },
            ))
        })
        .collect()
}

/// Writes game `id`'s lobby line and whether chance or a bot is to act.
pub(super) async fn describe(
    conn: &mut Conn<'_>,
    id: &str,
    automatic: bool,
    summary: &str,
) -> Result<(), StorageError> {
    conn.query("UPDATE games SET automatic = $1, summary = $2 WHERE id = $3")
        .bind(automatic)
        .bind(summary)
        .bind(id)
        .execute()
        .await?;
    Ok(())
}

/// Takes a waiting seat for `claim` (see [`super::Storage::claim_seat`]): `false` if it no longer
/// waits, or the game is over.
pub(super) async fn claim_seat(
    conn: &mut Conn<'_>,
    claim: &SeatClaim,
) -> Result<bool, StorageError> {
    let mut tx = conn.begin().await?;
    let mut conn = tx.conn();
    // The game's row first, so that a claim and an abort (`abort`) of the same game queue
    // here, and a game over is never seated. RETURNING: both databases say so whether a
    // row changed, through one generic call.
    let running = conn
        .query(
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
        .fetch_optional()
        .await?
        .is_some();
    if !running {
        return Ok(false);
    }
    let taken = conn
        .query(
            "UPDATE seats SET agent = $6, token_hash = $1, player_id = $5 \
         WHERE game_id = $2 AND seat = $3 AND agent = $4 RETURNING seat",
        )
        .bind(claim.token_hash.as_deref())
        .bind(claim.game_id.as_str())
        .bind(i64::from(claim.seat))
        .bind(claim.was.as_str())
        .bind(claim.player.as_deref())
        .bind(claim.agent.as_str())
        .fetch_optional()
        .await?
        .is_some();
    // Not taken, the game's row written first is rolled back.
    if taken {
        notify_seated(&mut conn, &claim.game_id).await?;
        tx.commit().await?;
    }
    Ok(taken)
}

/// Ends an idle game with no result (see [`super::Storage::abort`]).
pub(super) async fn abort(
    conn: &mut Conn<'_>,
    id: &str,
    idle_before: i64,
    summary: &str,
) -> Result<bool, StorageError> {
    let mut tx = conn.begin().await?;
    let mut conn = tx.conn();
    let ended = conn
        .query(
            "UPDATE games SET status = $1, summary = $2, automatic = FALSE, deadline = NULL, \
         updated_at = $3 WHERE id = $4 AND status = $5 AND updated_at < $6 RETURNING id",
        )
        .bind(Status::Over.as_str())
        .bind(summary)
        .bind(now())
        .bind(id)
        .bind(Status::Running.as_str())
        .bind(idle_before)
        .fetch_optional()
        .await?
        .is_some();
    // Its seats no longer wait: the others read the game again, as after a claim.
    if ended {
        notify_seated(&mut conn, id).await?;
        tx.commit().await?;
    }
    Ok(ended)
}

/// Another token of a seat stored (see [`super::Storage::add_seat_token`]).
pub(super) async fn add_seat_token(
    conn: &mut Conn<'_>,
    id: &str,
    seat: u8,
    hash: &str,
) -> Result<(), StorageError> {
    let mut tx = conn.begin().await?;
    let mut conn = tx.conn();
    conn.query(
        "INSERT INTO seat_tokens (game_id, seat, token_hash) VALUES ($1, $2, $3) \
         ON CONFLICT (game_id, token_hash) DO NOTHING",
    )
    .bind(id)
    .bind(i64::from(seat))
    .bind(hash)
    .execute()
    .await?;
    // The others read the game's seats again, as after a claim.
    notify_seated(&mut conn, id).await?;
    tx.commit().await
}

/// Tells the other instances that a seat of game `id` changed, when the transaction
/// commits: only a PostgreSQL store has others.
async fn notify_seated(conn: &mut Conn<'_>, id: &str) -> Result<(), StorageError> {
    if let Conn::Pg(conn) = conn {
        postgres::notify_seated(conn, id).await?;
    }
    Ok(())
}

/// A rematch agreed to (see [`super::Storage::agree_rematch`]).
pub(super) async fn agree_rematch(
    conn: &mut Conn<'_>,
    id: &str,
    seat: u8,
    hash: &str,
    people: &[u8],
    rematch: &str,
) -> Result<bool, StorageError> {
    let mut tx = conn.begin().await?;
    let mut conn = tx.conn();
    // The game's row first, so that two last agreements on two instances queue here.
    conn.query("UPDATE games SET updated_at = updated_at WHERE id = $1")
        .bind(id)
        .execute()
        .await?;
    conn.query("UPDATE seats SET rematch = $1 WHERE game_id = $2 AND seat = $3")
        .bind(hash)
        .bind(id)
        .bind(i64::from(seat))
        .execute()
        .await?;
    let agreed = conn
        .query("SELECT seat, rematch FROM seats WHERE game_id = $1")
        .bind(id)
        .fetch_all()
        .await?
        .iter()
        .map(|r| Ok((r.get::<i64>("seat")?, r.get::<Option<String>>("rematch")?)))
        .collect::<Result<Vec<_>, StorageError>>()?;
    let all = people.iter().all(|&p| {
        agreed
            .iter()
            .any(|(s, hash)| *s == i64::from(p) && hash.is_some())
    });
    let named = all
        && conn
            .query("UPDATE games SET rematch = $1 WHERE id = $2 AND rematch IS NULL RETURNING id")
            .bind(rematch)
            .bind(id)
            .fetch_optional()
            .await?
            .is_some();
    // The seat's agreement is kept, the rematch named or not.
    tx.commit().await?;
    Ok(named)
}

/// The games waiting for a player for `seek`, oldest first, read on `conn`.
pub(super) async fn read_seeking(
    conn: &mut Conn<'_>,
    seek: &str,
    limit: usize,
) -> Result<Vec<String>, StorageError> {
    let rows = conn
        .query(
            "SELECT g.id FROM games g WHERE g.status = $1 AND g.seek = $2 AND EXISTS \
         (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.agent = 'open') \
         ORDER BY g.seek_at, g.id LIMIT $3",
        )
        .bind(Status::Running.as_str())
        .bind(seek)
        .bind(limit.min(i64::MAX as usize) as i64)
        .fetch_all()
        .await?;
    read_ids(&rows)
}

/// A stored review, read on `conn`.
pub(super) async fn read_review(
    conn: &mut Conn<'_>,
    id: &str,
    level: u8,
) -> Result<Option<String>, StorageError> {
    let row = conn
        .query("SELECT review FROM reviews WHERE game_id = $1 AND level = $2")
        .bind(id)
        .bind(i64::from(level))
        .fetch_optional()
        .await?;
    row.map(|row| row.get("review")).transpose()
}

/// Keeps a review on `conn`, unless one is kept already.
pub(super) async fn insert_review(
    conn: &mut Conn<'_>,
    id: &str,
    level: u8,
    review: &str,
) -> Result<(), StorageError> {
    conn.query(
        "INSERT INTO reviews (game_id, level, review, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id, level) DO NOTHING",
    )
    .bind(id)
    .bind(i64::from(level))
    .bind(review)
    .bind(now())
    .execute()
    .await?;
    Ok(())
}

/// Reads a game's events after version `after`, in order.
pub(super) async fn read_events(
    conn: &mut Conn<'_>,
    id: &str,
    after: u64,
) -> Result<Vec<EventRow>, StorageError> {
    conn.query(SELECT_EVENTS)
        .bind(id)
        .bind(after as i64)
        .fetch_all()
        .await?
        .iter()
        .map(read_event)
        .collect()
}

/// A game row of [`SELECT_GAME`] with its seats.
fn read_game(row: &Row, seats: Vec<SeatRow>) -> Result<GameRow, StorageError> {
    Ok(GameRow {
        id: row.get("id")?,
        spec: row.get("spec")?,
        seed: row.get::<i64>("seed")? as u64,
        seed_nonce: row.get("seed_nonce")?,
        seed_hash: row.get("seed_hash")?,
        version: row.get::<i64>("version")? as u64,
        status: Status::parse(&row.get::<String>("status")?)?,
        created_at: row.get("created_at")?,
        updated_at: row.get("updated_at")?,
        start: row.get("start_position")?,
        definitions: match row.get::<Option<String>>("definitions")? {
            Some(text) => serde_json::from_str(&text)
                .map_err(|e| StorageError::Corrupt(format!("game definitions: {e}")))?,
            None => BTreeMap::new(),
        },
        seats,
        automatic: false,
        summary: None,
        clock: row.get("clock")?,
        deadline: None,
        seek: None,
        creator: None,
        rematch: row.get("rematch")?,
        rated: row.get("rated")?,
        more_tokens: Vec::new(),
    })
}

/// A seat row of `agent, token_hash, player_id, name`.
fn read_seat(row: &Row) -> Result<SeatRow, StorageError> {
    let player = match row.get::<Option<String>>("player_id")? {
        Some(id) => Some(PlayerRow {
            id,
            name: row.get("name")?,
        }),
        None => None,
    };
    Ok(SeatRow {
        agent: row.get("agent")?,
        token_hash: row.get("token_hash")?,
        player,
        rematch: row.get("rematch")?,
    })
}

/// An event row of `seq, kind, seat, action, client_id`.
fn read_event(row: &Row) -> Result<EventRow, StorageError> {
    Ok(EventRow {
        seq: row.get::<i64>("seq")? as u64,
        kind: EventKind::parse(&row.get::<String>("kind")?)?,
        seat: row
            .get::<Option<i64>>("seat")?
            .map(|s| u8::try_from(s).map_err(|_| StorageError::Corrupt(format!("seat {s}"))))
            .transpose()?,
        action: row.get("action")?,
        client_id: row.get("client_id")?,
    })
}

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

/// The `id` column of `rows`.
pub(super) fn read_ids(rows: &[Row]) -> Result<Vec<String>, StorageError> {
    rows.iter().map(|r| r.get("id")).collect()
}
