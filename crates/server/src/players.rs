//! Named players (`docs/api.md`, "Players"): a name taken once, and a secret key that
//! proves it, stored only as its SHA-256. A player's key on `POST /api/games` or `/join`
//! puts its name on the seats it takes; its games are listed from the key.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;

use crate::api::{bearer, Body};
use crate::error::ApiError;
use crate::protocol::GameSummary;
use crate::ratings::{Model, PROVISIONAL_DEVIATION};
use crate::registry::AppState;
use crate::secrets;
use crate::store::PlayerRow;

/// A name's length, in characters.
const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=20;
/// The most games "My games" lists.
const MY_GAMES: usize = 200;
/// The most games a player's public page lists.
const PROFILE_GAMES: usize = 20;
/// The most players a leaderboard lists.
const LEADERBOARD: usize = 100;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/players", post(players_create))
        .route("/api/players/me", get(players_show))
        .route("/api/players/me/games", get(player_games_list))
        .route("/api/players/me/password", post(passwords_update))
        .route("/api/players/sign-in", post(sign_ins_create))
        .route("/api/players/{name}", get(profiles_show))
        .route("/api/ratings/{kind}", get(leaderboards_show))
}

/// A rating as shown: on one scale for every kind, rounded, provisional (`?`) while its
/// deviation is high.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RatingShown {
    pub kind: String,
    pub name: String,
    pub rating: i64,
    pub deviation: i64,
    pub provisional: bool,
    pub games: u32,
}

impl RatingShown {
    fn of(row: &crate::store::RatingRow) -> Self {
        let (rating, deviation) = Model::of(&row.kind).shown(&row.rating);
        Self {
            kind: row.kind.clone(),
            name: row.name.clone(),
            rating: rating.round() as i64,
            deviation: deviation.round() as i64,
            provisional: deviation > PROVISIONAL_DEVIATION,
            games: row.rating.games,
        }
    }
}

/// One rated game's rating after it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HistoryPoint {
    pub kind: String,
    pub game: String,
    pub rating: i64,
    pub deviation: i64,
    /// Seconds since the Unix epoch.
    pub at: i64,
}

/// `GET /api/players/{name}`: a player's ratings and their history, and its newest games.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Profile {
    pub name: String,
    pub ratings: Vec<RatingShown>,
    pub history: Vec<HistoryPoint>,
    /// The games it sits in, running and over, newest first (lobby lines: public anyway).
    pub games: Vec<GameSummary>,
}

/// The kinds of game ratings are kept for.
fn checked_kind(kind: &str) -> Result<(), ApiError> {
    if trio_catalog::KINDS.iter().any(|k| k.name == kind) {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "not-found",
            "no such kind of game",
        ))
    }
}

async fn profiles_show(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ApiError> {
    let found = state.store().profile(&name).await.map_err(|e| {
        tracing::error!("cannot read a player's ratings: {e}");
        ApiError::unavailable()
    })?;
    let Some(crate::store::ProfileRow {
        player,
        ratings,
        history,
    }) = found
    else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "not-found",
            "no such player",
        ));
    };
    let games = state
        .store()
        .player_games(&player.id, PROFILE_GAMES)
        .await
        .map_err(|e| {
            tracing::error!("cannot read a player's games: {e}");
            ApiError::unavailable()
        })?;
    Ok(Json(Profile {
        name: player.name,
        games: summaries(&games),
        ratings: ratings.iter().map(RatingShown::of).collect(),
        history: history
            .into_iter()
            .map(|h| HistoryPoint {
                kind: h.kind,
                game: h.game_id,
                rating: h.rating.round() as i64,
                deviation: h.deviation.round() as i64,
                at: h.at,
            })
            .collect(),
    }))
}

#[derive(Debug, Serialize)]
struct Leaderboard {
    kind: String,
    players: Vec<RatingShown>,
}

/// The best players of a kind of game, the established (not provisional) first.
async fn leaderboards_show(
    State(state): State<AppState>,
    Path(kind): Path<String>,
) -> Result<Json<Leaderboard>, ApiError> {
    checked_kind(&kind)?;
    let rows = state
        .store()
        .leaderboard(&kind, LEADERBOARD)
        .await
        .map_err(|e| {
            tracing::error!("cannot read a leaderboard: {e}");
            ApiError::unavailable()
        })?;
    let mut players: Vec<RatingShown> = rows.iter().map(RatingShown::of).collect();
    players.sort_by_key(|p| p.provisional);
    Ok(Json(Leaderboard { kind, players }))
}

/// `POST /api/players`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    pub name: String,
}

/// The answer to [`NewPlayer`]: the only time the key is shown.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PlayerKey {
    pub id: String,
    pub name: String,
    /// The player's secret: whoever holds it is the player.
    pub key: String,
    /// The page that keeps the key in a browser (`/#player=<key>`), to sign in on another
    /// device.
    pub link: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PlayerShown {
    pub id: String,
    pub name: String,
}

/// A name as written (trimmed, NFC), and its folded form that two names reading the same
/// share, if it is one: 2 to 20 letters or digits, the first a letter.
pub fn checked_name(name: &str) -> Result<(String, String), ApiError> {
    let name: String = name.trim().nfc().collect();
    let chars = name.chars().count();
    let fits = NAME_CHARS.contains(&chars)
        && name.chars().next().is_some_and(char::is_alphabetic)
        && name.chars().all(char::is_alphanumeric);
    if !fits {
        return Err(ApiError::bad_request(
            "bad-name",
            "a name has 2 to 20 letters or digits, the first a letter",
        ));
    }
    let folded = name.nfkc().collect::<String>().to_lowercase();
    // `/api/players/me` is the caller's own.
    if folded == "me" {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "name-taken",
            "me is taken: choose another name",
        ));
    }
    Ok((name, folded))
}

async fn players_create(
    State(state): State<AppState>,
    Body(request): Body<NewPlayer>,
) -> Result<(StatusCode, Json<PlayerKey>), ApiError> {
    let (name, folded) = checked_name(&request.name)?;
    let player = PlayerRow {
        id: secrets::new_game_id(),
        name,
    };
    let key = secrets::new_player_key();
    let hash = secrets::token_hash_hex(&secrets::hash_token(&key));
    let created = state
        .store()
        .create_player(&player, &folded, &hash)
        .await
        .map_err(|e| {
            tracing::error!("cannot store a player: {e}");
            ApiError::unavailable()
        })?;
    if !created {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "name-taken",
            format!("{} is taken: choose another name", player.name),
        ));
    }
    Ok((
        StatusCode::CREATED,
        Json(PlayerKey {
            link: format!("/#player={key}"),
            id: player.id,
            name: player.name,
            key,
        }),
    ))
}

/// `POST /api/players/me/password`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewPassword {
    pub password: String,
}

/// `POST /api/players/sign-in`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    pub name: String,
    pub password: String,
}

/// The key's player sets (or changes) its password.
async fn passwords_update(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(request): Body<NewPassword>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let player = signed_in(&state, &headers).await?;
    crate::passwords::checked(&request.password)?;
    let hash = crate::passwords::hashed(request.password).await?;
    state
        .store()
        .set_password(&player.id, &hash)
        .await
        .map_err(|e| {
            tracing::error!("cannot store a password: {e}");
            ApiError::unavailable()
        })?;
    Ok(Json(serde_json::json!({})))
}

/// Signs in with a name and its password: a new key for this device (the keys of the
/// player's other devices stay as they are; the server could not give one back, it keeps
/// only their hashes).
async fn sign_ins_create(
    State(state): State<AppState>,
    Body(request): Body<SignIn>,
) -> Result<(StatusCode, Json<PlayerKey>), ApiError> {
    let refused = || {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "wrong-password",
            "no player has this name and password",
        )
    };
    let unavailable = |e: crate::store::StorageError| {
        tracing::error!("cannot sign a player in: {e}");
        ApiError::unavailable()
    };
    // A name that cannot be one is refused as a wrong password is: nothing to learn.
    let Ok((_, folded)) = checked_name(&request.name) else {
        return Err(refused());
    };
    let found = state
        .store()
        .password_of(&folded)
        .await
        .map_err(unavailable)?;
    let (player, stored) = found.map_or((None, None), |f| (Some(f.player), f.hash));
    // Checked even when there is nothing to check against, so that the time taken says
    // neither whether the name is taken nor whether it has a password.
    let right = crate::passwords::matches(request.password, stored).await?;
    let Some(player) = player.filter(|_| right) else {
        return Err(refused());
    };
    let key = secrets::new_player_key();
    let hash = secrets::token_hash_hex(&secrets::hash_token(&key));
    state
        .store()
        .add_key(&player.id, &hash)
        .await
        .map_err(unavailable)?;
    Ok((
        StatusCode::CREATED,
        Json(PlayerKey {
            link: format!("/#player={key}"),
            id: player.id,
            name: player.name,
            key,
        }),
    ))
}

/// The player whose key the request carries; `None` without a key (a guest). A key of
/// no player is refused.
pub(crate) async fn player_of(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<PlayerRow>, ApiError> {
    let Some(key) = bearer(headers)? else {
        return Ok(None);
    };
    let hash = secrets::token_hash_hex(&secrets::hash_token(&key));
    let player = state.store().player_of(&hash).await.map_err(|e| {
        tracing::error!("cannot read a player: {e}");
        ApiError::unavailable()
    })?;
    player.map(Some).ok_or_else(|| {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "wrong-key",
            "this key is no player's",
        )
    })
}

/// The player a request must name.
pub(crate) async fn signed_in(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<PlayerRow, ApiError> {
    player_of(state, headers).await?.ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "no-key",
            "this needs a player's key: Authorization: Bearer <key>",
        )
    })
}

async fn players_show(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<PlayerShown>, ApiError> {
    let player = signed_in(&state, &headers).await?;
    Ok(Json(PlayerShown {
        id: player.id,
        name: player.name,
    }))
}

#[derive(Debug, Serialize)]
struct MyGames {
    games: Vec<GameSummary>,
}

/// The games the player sits in, running and over, newest first.
async fn player_games_list(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<MyGames>, ApiError> {
    let player = signed_in(&state, &headers).await?;
    let lines = state
        .store()
        .player_games(&player.id, MY_GAMES)
        .await
        .map_err(|e| {
            tracing::error!("cannot read a player's games: {e}");
            ApiError::unavailable()
        })?;
    Ok(Json(MyGames {
        games: summaries(&lines),
    }))
}

/// Stored lobby lines read as games (a line that does not read is left out).
fn summaries(lines: &[String]) -> Vec<GameSummary> {
    lines
        .iter()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_letters_and_digits_and_fold_to_one() {
        assert_eq!(checked_name(" Zoë ").unwrap().0, "Zoë");
        // A name typed with a combining mark is the same name.
        assert_eq!(
            checked_name("Zoe\u{308}").unwrap(),
            checked_name("ZOË")
                .map(|(_, f)| ("Zoë".to_owned(), f))
                .unwrap()
        );
        assert_eq!(checked_name("Łucja7").unwrap().1, "łucja7");
        for bad in ["a", "7up", "two words", "x".repeat(21).as_str(), "a-b", ""] {
            assert_eq!(checked_name(bad).unwrap_err().code, "bad-name", "{bad:?}");
        }
    }
}
