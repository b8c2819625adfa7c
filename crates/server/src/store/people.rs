//! The people's queries, each written once for both backends: players, their keys and
//! passwords, their games, ratings and their history.

use super::conn::{Conn, Row};
use super::{now, HistoryRow, PasswordRow, PlayerRow, ProfileRow, Rated, RatingRow, StorageError};

/// Stores a new player and its first key: `false` if the folded name is taken.
pub(super) async fn create_player(
    conn: &mut Conn<'_>,
    player: &PlayerRow,
    name_key: &str,
    key_hash: &str,
) -> Result<bool, StorageError> {
    let mut tx = conn.begin().await?;
    let mut conn = tx.conn();
    let created = conn
        .query(
            "INSERT INTO players (id, name, name_key, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (name_key) DO NOTHING RETURNING id",
        )
        .bind(player.id.as_str())
        .bind(player.name.as_str())
        .bind(name_key)
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
fn read_player_row(row: &Row) -> Result<PlayerRow, StorageError> {
    Ok(PlayerRow {
        id: row.get("id")?,
        name: row.get("name")?,
    })
}

/// A rated game's ratings updated (see [`super::Storage::rate`]).
pub(super) async fn rate(
    conn: &mut Conn<'_>,
    id: &str,
    kind: &str,
    ranked: &[(Rated, u8)],
) -> Result<bool, StorageError> {
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
        return Ok(false);
    }
    let model = crate::people::ratings::Model::of(kind);
    let mut before = Vec::new();
    for (seat, _) in ranked {
        let player = match seat {
            Rated::Player(player) => player,
            Rated::Anchor(rating) => {
                before.push(*rating);
                continue;
            }
        };
        let row = conn
            .query(
                "SELECT rating, deviation, volatility, games FROM ratings \
                 WHERE player_id = $1 AND kind = $2",
            )
            .bind(player.as_str())
            .bind(kind)
            .fetch_optional()
            .await?;
        before.push(match row {
            Some(r) => read_rating(&r)?,
            None => model.initial(),
        });
    }
    let ranks: Vec<u8> = ranked.iter().map(|(_, rank)| *rank).collect();
    let at = now();
    for ((seat, _), after) in ranked.iter().zip(model.update(&before, &ranks)) {
        let Rated::Player(player) = seat else {
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
    }
    tx.commit().await?;
    Ok(true)
}

/// A rating of `rating, deviation, volatility, games`.
fn read_rating(row: &Row) -> Result<crate::people::ratings::Rating, StorageError> {
    Ok(crate::people::ratings::Rating {
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
            "SELECT kind, game_id, rating, deviation, at FROM rating_history \
             WHERE player_id = $1 ORDER BY COALESCE(number, 0), at, game_id",
        )
        .bind(player.id.as_str())
        .fetch_all()
        .await?
        .iter()
        .map(|r| {
            Ok(HistoryRow {
                kind: r.get("kind")?,
                game_id: r.get("game_id")?,
                rating: r.get("rating")?,
                deviation: r.get("deviation")?,
                at: r.get("at")?,
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
