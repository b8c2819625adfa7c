//! The routes of named players (`docs/api.md`, "Players"): taking a name, signing in,
//! a password, the caller's own games, a player's page and the leaderboards. The work is
//! `people::players`'.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};

use super::extract::{Address, Body};
use super::keys::{signed_in, signed_in_session, user_agent};
use super::limits::network_name;
use crate::error::ApiError;
use crate::people::players::{
    self, Asker, Leaderboard, MyGames, NewPassword, NewPlayer, PlayerKey, PlayerShown, Profile,
    SignIn,
};
use crate::people::sessions;
use crate::registry::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/players", post(players_create))
        .route("/api/players/me", get(players_show))
        .route("/api/players/me/games", get(player_games_list))
        .route("/api/players/me/password", post(passwords_update))
        .route("/api/players/sign-in", post(sign_ins_create))
        .route("/api/players/{name}", get(profiles_show))
        .route("/api/ratings/{kind}", get(leaderboards_show))
}

async fn players_create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Body(request): Body<NewPlayer>,
) -> Result<(StatusCode, Json<PlayerKey>), ApiError> {
    let key = players::create(state.store(), &request.name).await?;
    sessions::begun(state.store(), &key.key, state.now(), user_agent(&headers)).await?;
    Ok((StatusCode::CREATED, Json(key)))
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

/// The games the player sits in, running and over, newest first.
async fn player_games_list(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<MyGames>, ApiError> {
    let player = signed_in(&state, &headers).await?;
    Ok(Json(players::games_of(state.store(), &player).await?))
}

/// The key's player sets (or changes) its password; its other sessions end.
async fn passwords_update(
    State(state): State<AppState>,
    Address(address): Address,
    headers: HeaderMap,
    Body(request): Body<NewPassword>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let (player, key_hash) = signed_in_session(&state, &headers).await?;
    let network = network_name(address);
    let asker = Asker {
        network: &network,
        now: state.now(),
    };
    let limits = state.sign_in_limits();
    let session = (&player, key_hash.as_str());
    let ended = players::set_password(state.store(), limits, asker, session, request).await?;
    Ok(Json(serde_json::json!({ "ended": ended })))
}

/// Signs in with a name and its password: a new key for this device.
async fn sign_ins_create(
    State(state): State<AppState>,
    Address(address): Address,
    headers: HeaderMap,
    Body(request): Body<SignIn>,
) -> Result<(StatusCode, Json<PlayerKey>), ApiError> {
    let network = network_name(address);
    let asker = Asker {
        network: &network,
        now: state.now(),
    };
    let key = players::sign_in(state.store(), state.sign_in_limits(), asker, request).await?;
    sessions::begun(state.store(), &key.key, state.now(), user_agent(&headers)).await?;
    Ok((StatusCode::CREATED, Json(key)))
}

async fn profiles_show(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ApiError> {
    Ok(Json(players::profile(state.store(), &name).await?))
}

async fn leaderboards_show(
    State(state): State<AppState>,
    Path(kind): Path<String>,
) -> Result<Json<Leaderboard>, ApiError> {
    Ok(Json(players::leaderboard(state.store(), kind).await?))
}
