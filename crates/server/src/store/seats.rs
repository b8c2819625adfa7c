//! The queries that change a game's seats, each written once for both backends: a seat
//! claimed, another token, a rematch agreed to, a game abandoned while its seats waited.
//! On a shared store the other instances hear of each.

use trio_core::Seat;

use super::conn::Conn;
use super::{now, shared, DrawRow, SeatClaim, Status, StorageError};

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
             clock = COALESCE($5, clock), deadline = $6, rated = $8, casual = $9, \
             seated_at = COALESCE($10, seated_at) WHERE id = $4 AND status = $7 RETURNING id",
        )
        .bind(claim.automatic)
        .bind(claim.summary.as_str())
        .bind(now())
        .bind(claim.game_id.as_str())
        .bind(claim.clock.as_deref())
        .bind(claim.deadline)
        .bind(Status::Running.as_str())
        .bind(claim.rated)
        .bind(claim.casual.map(super::Casual::as_str))
        .bind(claim.seated_at)
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
        .bind(i64::from(claim.seat.0))
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

/// A seat's draw offers changed from `was` to `now` (see [`super::Storage::set_draw`]).
pub(super) async fn set_draw(
    conn: &mut Conn<'_>,
    id: &str,
    seat: Seat,
    was: DrawRow,
    now: DrawRow,
) -> Result<bool, StorageError> {
    let version = |v: Option<u64>| v.map(|v| v as i64);
    let mut tx = conn.begin().await?;
    let mut conn = tx.conn();
    let changed = conn
        .query(
            "UPDATE seats SET draw_offer = $1, draw_declined = $2, draw_declines = $3 \
             WHERE game_id = $4 AND seat = $5 AND draw_offer IS NOT DISTINCT FROM $6 \
             AND draw_declines = $7 RETURNING seat",
        )
        .bind(version(now.offer))
        .bind(version(now.declined))
        .bind(i64::from(now.declines))
        .bind(id)
        .bind(i64::from(seat.0))
        .bind(version(was.offer))
        .bind(i64::from(was.declines))
        .fetch_optional()
        .await?
        .is_some();
    if changed {
        // The others read the game's seats again, as after a claim.
        notify_seated(&mut conn, id).await?;
        tx.commit().await?;
    }
    Ok(changed)
}

/// Another token of a seat stored (see [`super::Storage::add_seat_token`]).
pub(super) async fn add_seat_token(
    conn: &mut Conn<'_>,
    id: &str,
    seat: Seat,
    hash: &str,
) -> Result<(), StorageError> {
    let mut tx = conn.begin().await?;
    let mut conn = tx.conn();
    conn.query(
        "INSERT INTO seat_tokens (game_id, seat, token_hash) VALUES ($1, $2, $3) \
         ON CONFLICT (game_id, token_hash) DO NOTHING",
    )
    .bind(id)
    .bind(i64::from(seat.0))
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
        shared::notify_seated(conn, id).await?;
    }
    Ok(())
}

/// A rematch agreed to (see [`super::Storage::agree_rematch`]).
pub(super) async fn agree_rematch(
    conn: &mut Conn<'_>,
    id: &str,
    seat: Seat,
    hash: &str,
    people: &[Seat],
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
        .bind(i64::from(seat.0))
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
            .any(|(s, hash)| *s == i64::from(p.0) && hash.is_some())
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
