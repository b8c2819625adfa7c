//! The people's queries, each written once for both backends: players, their keys and
//! passwords, their games, ratings and their history.

use super::conn::{Conn, Row};
use super::{now, HistoryRow, PasswordRow, PlayerRow, ProfileRow, Rated, RatingRow, StorageError};
use crate::people::ratings::{self, Model, Rating, SeatRating};

/// Stores a new player and its first key: `false` if the folded name is taken.
pub(super) async fn create_player(
    conn: &mut Conn<'_>,
    player: &PlayerRow,
    name_key: &str,
    skeleton: &str,
    key_hash: &str,
) -> Result<bool, StorageError> {
    let mut tx = conn.begin().await?;
    let mut conn = tx.conn();
    let created = conn
        .query(
            "INSERT INTO players (id, name, name_key, name_skeleton, created_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id",
        )
        .bind(player.id.as_str())
        .bind(player.name.as_str())
        .bind(name_key)
        .bind(skeleton)
        .bind(now())
        .fetch_optional()
        .await?
        .is_some();
    if created {
        insert_key(&mut conn, &player.id, key_hash).await?;
    }
    tx.commit().await?;
    Ok(created)
}

/// Player `id`'s password hash set on `conn`.
pub(super) async fn write_password(
    conn: &mut Conn<'_>,
    id: &str,
    hash: &str,
) -> Result<(), StorageError> {
    conn.query("UPDATE players SET password_hash = $1 WHERE id = $2")
        .bind(hash)
        .bind(id)
        .execute()
        .await?;
    Ok(())
}

/// The player of folded name `name_key` and its password hash, read on `conn`.
pub(super) async fn read_password(
    conn: &mut Conn<'_>,
    name_key: &str,
) -> Result<Option<PasswordRow>, StorageError> {
    let row = conn
        .query("SELECT id, name, password_hash FROM players WHERE name_key = $1")
        .bind(name_key)
        .fetch_optional()
        .await?;
    row.map(|r| {
        Ok(PasswordRow {
            player: read_player_row(&r)?,
            hash: r.get("password_hash")?,
        })
    })
    .transpose()
}

/// Another key of player `id` stored on `conn`.
pub(super) async fn insert_key(
    conn: &mut Conn<'_>,
    id: &str,
    key_hash: &str,
) -> Result<(), StorageError> {
    conn.query("INSERT INTO player_keys (key_hash, player_id, created_at) VALUES ($1, $2, $3)")
        .bind(key_hash)
        .bind(id)
        .bind(now())
        .execute()
        .await?;
    Ok(())
}

/// The player whose key hashes to `key_hash`, read on `conn`.
pub(super) async fn read_player(
    conn: &mut Conn<'_>,
    key_hash: &str,
) -> Result<Option<PlayerRow>, StorageError> {
    let row = conn
        .query(
            "SELECT p.id, p.name FROM player_keys k JOIN players p ON p.id = k.player_id \
             WHERE k.key_hash = $1",
        )
        .bind(key_hash)
        .fetch_optional()
        .await?;
    row.as_ref().map(read_player_row).transpose()
}

/// A player of `id, name`.
pub(super) fn read_player_row(row: &Row) -> Result<PlayerRow, StorageError> {
    Ok(PlayerRow {
        id: row.get("id")?,
        name: row.get("name")?,
    })
}

/// A rated game's ratings updated, each seat's change kept on its row (see
/// [`super::Storage::rate`]): each seat's rating as shown, in seat order.
pub(super) async fn rate(
    conn: &mut Conn<'_>,
    id: &str,
    kind: &str,
    ranked: &[(Rated, u8)],
) -> Result<Option<Vec<SeatRating>>, StorageError> {
    let mut tx = conn.begin().await?;
    let mut conn = tx.conn();
    let claimed = conn
        .query(
            "UPDATE games SET rated_done = TRUE WHERE id = $1 AND rated AND NOT rated_done \
             RETURNING id",
        )
        .bind(id)
        .fetch_optional()
        .await?;
    if claimed.is_none() {
        return Ok(None);
    }
    let model = Model::of(kind);
    let mut before = Vec::new();
    for (seat, _) in ranked {
        before.push(match seat {
            Rated::Player(player) => read_rating_of(&mut conn, player, kind)
                .await?
                .unwrap_or_else(|| model.initial()),
            Rated::Anchor(rating) => *rating,
        });
    }
    let ranks: Vec<u8> = ranked.iter().map(|(_, rank)| *rank).collect();
    let at = now();
    let mut shown = Vec::new();
    for (seat, ((rated, _), (was, after))) in ranked
        .iter()
        .zip(before.iter().zip(model.update(&before, &ranks)))
        .enumerate()
    {
        let Rated::Player(player) = rated else {
            shown.push(model.seat(was));
            continue;
        };
        conn.query(
            "INSERT INTO ratings (player_id, kind, rating, deviation, volatility, games, \
             updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (player_id, kind) \
             DO UPDATE SET rating = $3, deviation = $4, volatility = $5, games = $6, \
             updated_at = $7",
        )
        .bind(player.as_str())
        .bind(kind)
        .bind(after.rating)
        .bind(after.deviation)
        .bind(after.volatility)
        .bind(i64::from(after.games))
        .bind(at)
        .execute()
        .await?;
        let (rating, deviation) = model.shown(&after);
        conn.query(
            "INSERT INTO rating_history (player_id, kind, game_id, rating, deviation, at, \
             number) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(player.as_str())
        .bind(kind)
        .bind(id)
        .bind(rating)
        .bind(deviation)
        .bind(at)
        .bind(i64::from(after.games))
        .execute()
        .await?;
        let (rating_before, deviation_before) = model.shown(was);
        conn.query(
            "UPDATE seats SET rating_before = $1, deviation_before = $2, rating_after = $3 \
             WHERE game_id = $4 AND seat = $5",
        )
        .bind(rating_before)
        .bind(deviation_before)
        .bind(rating)
        .bind(id)
        .bind(seat as i64)
        .execute()
        .await?;
        shown.push(SeatRating::of(
            rating_before,
            deviation_before,
            Some(rating),
        ));
    }
    tx.commit().await?;
    Ok(Some(shown))
}

/// Lobby line `line` (JSON, as the room writes it) with each seat's rating as `rated`
/// shows it, at `seats[i].rating` as the room's own line has it; a line that does not read
/// as one is kept as it was.
pub(super) fn line_rated(line: &str, rated: &[SeatRating]) -> String {
    let Ok(mut value) = serde_json::from_str::<serde_json::Value>(line) else {
        return line.to_owned();
    };
    let Some(seats) = value.get_mut("seats").and_then(|s| s.as_array_mut()) else {
        return line.to_owned();
    };
    for (seat, rating) in seats.iter_mut().zip(rated) {
        if let (Some(seat), Ok(rating)) = (seat.as_object_mut(), serde_json::to_value(rating)) {
            seat.insert("rating".to_owned(), rating);
        }
    }
    value.to_string()
}

/// Player `player`'s rating in `kind` as shown now, read on `conn` (a new player's if it
/// has none yet).
pub(super) async fn read_seat_rating(
    conn: &mut Conn<'_>,
    player: &str,
    kind: &str,
) -> Result<SeatRating, StorageError> {
    let model = Model::of(kind);
    let rating = read_rating_of(conn, player, kind)
        .await?
        .unwrap_or_else(|| model.initial());
    Ok(model.seat(&rating))
}

/// Player `player`'s rating in `kind` as stored, read on `conn`; `None` before its first
/// rated game.
async fn read_rating_of(
    conn: &mut Conn<'_>,
    player: &str,
    kind: &str,
) -> Result<Option<Rating>, StorageError> {
    conn.query(
        "SELECT rating, deviation, volatility, games FROM ratings \
         WHERE player_id = $1 AND kind = $2",
    )
    .bind(player)
    .bind(kind)
    .fetch_optional()
    .await?
    .as_ref()
    .map(read_rating)
    .transpose()
}

/// A rating of `rating, deviation, volatility, games`.
fn read_rating(row: &Row) -> Result<Rating, StorageError> {
    Ok(Rating {
        rating: row.get("rating")?,
        deviation: row.get("deviation")?,
        volatility: row.get("volatility")?,
        games: u32::try_from(row.get::<i64>("games")?).unwrap_or(u32::MAX),
    })
}

/// Player `name`'s ratings and history, read on `conn`.
pub(super) async fn read_profile(
    conn: &mut Conn<'_>,
    name: &str,
) -> Result<Option<ProfileRow>, StorageError> {
    let Some(found) = conn
        .query("SELECT id, name FROM players WHERE name = $1")
        .bind(name)
        .fetch_optional()
        .await?
    else {
        return Ok(None);
    };
    let player = read_player_row(&found)?;
    let ratings = conn
        .query(
            "SELECT kind, rating, deviation, volatility, games FROM ratings WHERE player_id = $1 \
             ORDER BY kind",
        )
        .bind(player.id.as_str())
        .fetch_all()
        .await?
        .iter()
        .map(|r| {
            Ok(RatingRow {
                name: player.name.clone(),
                kind: r.get("kind")?,
                rating: read_rating(r)?,
            })
        })
        .collect::<Result<_, StorageError>>()?;
    let history = conn
        .query(
            "SELECT h.kind, h.game_id, h.rating, h.deviation, h.at, s.rating_before \
             FROM rating_history h LEFT JOIN seats s \
             ON s.game_id = h.game_id AND s.player_id = h.player_id \
             WHERE h.player_id = $1 ORDER BY COALESCE(h.number, 0), h.at, h.game_id",
        )
        .bind(player.id.as_str())
        .fetch_all()
        .await?
        .iter()
        .map(|r| {
            let rating: f64 = r.get("rating")?;
            Ok(HistoryRow {
                kind: r.get("kind")?,
                game_id: r.get("game_id")?,
                rating,
                deviation: r.get("deviation")?,
                at: r.get("at")?,
                change: r
                    .get::<Option<f64>>("rating_before")?
                    .map(|before| ratings::change(before, rating)),
            })
        })
        .collect::<Result<_, StorageError>>()?;
    Ok(Some(ProfileRow {
        player,
        ratings,
        history,
    }))
}

/// The best ratings of `kind`, read on `conn`.
pub(super) async fn read_leaderboard(
    conn: &mut Conn<'_>,
    kind: &str,
    limit: usize,
) -> Result<Vec<RatingRow>, StorageError> {
    conn.query(
        "SELECT p.name, r.kind, r.rating, r.deviation, r.volatility, r.games FROM ratings r \
         JOIN players p ON p.id = r.player_id WHERE r.kind = $1 \
         ORDER BY r.rating DESC, p.name LIMIT $2",
    )
    .bind(kind)
    .bind(limit.min(i64::MAX as usize) as i64)
    .fetch_all()
    .await?
    .iter()
    .map(|r| {
        Ok(RatingRow {
            name: r.get("name")?,
            kind: r.get("kind")?,
            rating: read_rating(r)?,
        })
    })
    .collect()
}

/// The lobby lines of player `id`'s games, newest first, read on `conn`.
pub(super) async fn read_player_games(
    conn: &mut Conn<'_>,
    id: &str,
    limit: usize,
) -> Result<Vec<String>, StorageError> {
    let rows = conn
        .query(
            "SELECT g.summary FROM games g WHERE g.summary IS NOT NULL AND EXISTS \
             (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = $1) \
             ORDER BY g.created_at DESC, g.id LIMIT $2",
        )
        .bind(id)
        .bind(limit.min(i64::MAX as usize) as i64)
        .fetch_all()
        .await?;
    rows.iter().map(|r| r.get("summary")).collect()
}

/// When `player` aborted rated games against another named player since `since`, oldest
/// first: read from the games' own abort events (the seat that aborted, or that never made
/// its first decision), so that they are counted exactly as the games ended.
pub(super) async fn rated_aborts(
    conn: &mut Conn<'_>,
    player: &str,
    since: i64,
) -> Result<Vec<i64>, StorageError> {
    let rows = conn
        .query(
            "SELECT e.created_at AS at FROM seats s \
             JOIN games g ON g.id = s.game_id \
             JOIN events e ON e.game_id = s.game_id AND e.seat = s.seat \
             WHERE s.player_id = $1 AND g.rated AND e.kind = 'abort' AND e.created_at >= $2 \
             AND EXISTS (SELECT 1 FROM seats o WHERE o.game_id = s.game_id \
               AND o.player_id IS NOT NULL AND o.player_id <> $1) \
             ORDER BY e.created_at",
        )
        .bind(player)
        .bind(since)
        .fetch_all()
        .await?;
    rows.iter().map(|row| row.get("at")).collect()
}
