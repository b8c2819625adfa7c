//! The games' queries, each written once for both backends: a game created (with its
//! lease on a shared store), loaded, listed and described, the games due, reviews.

use std::collections::BTreeMap;

use trio_core::Seat;

use super::conn::{Conn, Row};
use super::people;
use super::shared::Lease;
use super::{
    now, now_millis, Cursor, DrawRow, EventKind, EventRow, GameRow, Listed, PlayerRow, SeatRow,
    Status, StorageError, StoredGame,
};
use crate::people::ratings::SeatRating;

/// A game's row, for [`read_game`].
const SELECT_GAME: &str = "SELECT id, spec, seed, seed_nonce, seed_hash, version, \
     status, created_at, updated_at, start_position, definitions, clock, rematch, rated, \
     casual, (status = 'over' AND rated AND NOT rated_done) AS ratings_owed FROM games \
     WHERE id = $1";
/// A game's seats in order, for [`read_seat`].
const SELECT_SEATS: &str = "SELECT s.agent, s.token_hash, s.player_id, p.name, s.rematch \
     FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = $1 ORDER BY s.seat";
/// A game's events after a version, in order, for [`read_event`].
const SELECT_EVENTS: &str = "SELECT seq, kind, seat, action, client_id FROM events \
     WHERE game_id = $1 AND seq > $2 ORDER BY seq";
/// Stores a new game's row (its seats follow, one [`INSERT_SEAT`] each).
const INSERT_GAME: &str = "INSERT INTO games (id, spec, seed, seed_nonce, seed_hash, \
     version, status, created_at, updated_at, start_position, definitions, clock, deadline, \
     seek, seek_at, rated, creator, seated_at, casual, seeker) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13, $14, $15, $16, $8, \
     $17, $18)";
const INSERT_SEAT: &str = "INSERT INTO seats (game_id, seat, agent, token_hash, \
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
        .bind(game.casual.map(super::Casual::as_str))
        .bind(game.seeker.as_deref())
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
            .bind(lease.holder.as_str())
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

/// Reads a game with its events on `conn` (in a snapshot, so that they agree); `None` if
/// there is no such game.
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
    if game.rated {
        game.ratings = read_seat_ratings(conn, &game).await?;
    }
    game.more_tokens = conn
        .query("SELECT seat, token_hash FROM seat_tokens WHERE game_id = $1 ORDER BY seat")
        .bind(id)
        .fetch_all()
        .await?
        .iter()
        .map(|r| Ok((seat_of_number(r.get("seat")?)?, r.get("token_hash")?)))
        .collect::<Result<_, StorageError>>()?;
    let draws = conn
        .query(
            "SELECT draw_offer, draw_declined, draw_declines FROM seats WHERE game_id = $1 \
             ORDER BY seat",
        )
        .bind(id)
        .fetch_all()
        .await?
        .iter()
        .map(|r| {
            let version = |v: Option<i64>| v.map(|v| v as u64);
            Ok(DrawRow {
                offer: version(r.get("draw_offer")?),
                declined: version(r.get("draw_declined")?),
                declines: u32::try_from(r.get::<i64>("draw_declines")?).unwrap_or(u32::MAX),
            })
        })
        .collect::<Result<_, StorageError>>()?;
    Ok(Some(StoredGame {
        game,
        events,
        draws,
    }))
}

/// Each seat's rating in rated game `game` (see [`GameRow::ratings`]), read on `conn`.
async fn read_seat_ratings(
    conn: &mut Conn<'_>,
    game: &GameRow,
) -> Result<Vec<Option<SeatRating>>, StorageError> {
    let Ok(spec) = game.spec.parse::<trio_catalog::GameSpec>() else {
        return Err(StorageError::Corrupt(format!("game spec {:?}", game.spec)));
    };
    let rows = conn
        .query(
            "SELECT player_id, rating_before, deviation_before, rating_after FROM seats \
             WHERE game_id = $1 ORDER BY seat",
        )
        .bind(game.id.as_str())
        .fetch_all()
        .await?;
    let mut ratings = Vec::new();
    for row in &rows {
        let before: Option<f64> = row.get("rating_before")?;
        ratings.push(match (before, row.get::<Option<String>>("player_id")?) {
            (Some(before), _) => Some(SeatRating::of(
                before,
                row.get("deviation_before")?,
                row.get("rating_after")?,
            )),
            (None, Some(player)) => {
                Some(people::read_seat_rating(conn, &player, spec.kind.name()).await?)
            }
            (None, None) => None,
        });
    }
    Ok(ratings)
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

/// The games waiting for a player for `seek`, oldest first, read on `conn`: none that
/// browser `seeker` asked for, none that player `player` sits in.
pub(super) async fn read_seeking(
    conn: &mut Conn<'_>,
    seek: &str,
    seeker: Option<&str>,
    player: Option<&str>,
    limit: usize,
) -> Result<Vec<String>, StorageError> {
    // A comparison with NULL is NULL: a seek of no known browser is nobody's.
    let rows = conn
        .query(
            "SELECT g.id FROM games g WHERE g.status = $1 AND g.seek = $2 AND EXISTS \
             (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.agent = 'open') \
             AND COALESCE(g.seeker <> $4, TRUE) AND NOT EXISTS \
             (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = $5) \
             ORDER BY g.seek_at, g.id LIMIT $3",
        )
        .bind(Status::Running.as_str())
        .bind(seek)
        .bind(limit.min(i64::MAX as usize) as i64)
        .bind(seeker)
        .bind(player)
        .fetch_all()
        .await?;
    read_ids(&rows)
}

/// The rated games named players `a` and `b` both sit in, a person seated in them at or
/// after second `since`, read on `conn`.
pub(super) async fn read_rated_together(
    conn: &mut Conn<'_>,
    a: &str,
    b: &str,
    since: i64,
) -> Result<u64, StorageError> {
    let row = conn
        .query(
            "SELECT COUNT(DISTINCT g.id) AS n FROM games g \
             JOIN seats sa ON sa.game_id = g.id AND sa.player_id = $1 \
             JOIN seats sb ON sb.game_id = g.id AND sb.player_id = $2 \
             WHERE g.rated AND g.seated_at >= $3",
        )
        .bind(a)
        .bind(b)
        .bind(since)
        .fetch_one()
        .await?;
    Ok(row.get::<i64>("n")?.max(0) as u64)
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

/// The running games due (see [`super::Storage::due`]), by `sql`, a backend's
/// [`super::backend::Backend::DUE`].
pub(super) async fn read_due(
    conn: &mut Conn<'_>,
    sql: &'static str,
    limit: usize,
    now: i64,
    idle_before: i64,
) -> Result<Vec<String>, StorageError> {
    let rows = conn
        .query(sql)
        .bind(limit.min(i64::MAX as usize) as i64)
        .bind(now)
        .bind(idle_before)
        .bind(now_millis())
        .fetch_all()
        .await?;
    read_ids(&rows)
}

/// Finished rated games without their ratings, in the order they ended (see
/// [`super::Storage::owing_ratings`]).
pub(super) async fn read_owing_ratings(conn: &mut Conn<'_>) -> Result<Vec<String>, StorageError> {
    let rows = conn
        .query(
            "SELECT id FROM games WHERE status = 'over' AND rated AND NOT rated_done \
             ORDER BY updated_at, id",
        )
        .fetch_all()
        .await?;
    read_ids(&rows)
}

/// Takes or renews game `id`'s lease (see [`super::Storage::claim`]).
pub(super) async fn claim(
    conn: &mut Conn<'_>,
    id: &str,
    lease: &Lease,
) -> Result<bool, StorageError> {
    let claimed = conn
        .query(
            "UPDATE games SET lease_holder = $2, lease_until = $3 \
             WHERE id = $1 AND (lease_holder = $2 OR lease_holder IS NULL \
             OR lease_until < $4)",
        )
        .bind(id)
        .bind(lease.holder.as_str())
        .bind(lease.until)
        .bind(now_millis())
        .execute()
        .await?;
    Ok(claimed == 1)
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
        seeker: None,
        creator: None,
        rematch: row.get("rematch")?,
        rated: row.get("rated")?,
        casual: row
            .get::<Option<String>>("casual")?
            .as_deref()
            .map(super::Casual::parse)
            .transpose()?,
        ratings_owed: row.get("ratings_owed")?,
        ratings: Vec::new(),
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
            .map(seat_of_number)
            .transpose()?,
        action: row.get("action")?,
        client_id: row.get("client_id")?,
    })
}

/// A seat as its stored number.
fn seat_of_number(number: i64) -> Result<Seat, StorageError> {
    u8::try_from(number)
        .map(Seat)
        .map_err(|_| StorageError::Corrupt(format!("seat {number}")))
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
