//! The routes of a player's sessions (`docs/api.md`, "Sessions"): the keys it holds, one per
//! device, listed and ended. The work is `people::sessions`'.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use super::keys::signed_in_session;
use crate::error::ApiError;
use crate::people::sessions::{self, Sessions};
use crate::registry::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/players/me/sessions", get(sessions_list))
        .route("/api/players/me/sessions/{id}", delete(sessions_delete))
        .route(
            "/api/players/me/sessions/end-others",
            post(other_sessions_delete),
        )
}

/// The caller's player's sessions, newest first, its own marked `current`.
async fn sessions_list(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<Sessions>, ApiError> {
    let (player, key_hash) = signed_in_session(&state, &headers).await?;
    Ok(Json(
        sessions::list(state.store(), &player, &key_hash).await?,
    ))
}

/// Ends one session of the caller's player (its own too: signing out).
async fn sessions_delete(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let (player, _) = signed_in_session(&state, &headers).await?;
    sessions::end(state.store(), &player, &id).await?;
    Ok(Json(json!({})))
}

/// Signs out everywhere else: every session of the player but the caller's ends.
async fn other_sessions_delete(
    State(state): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let (player, key_hash) = signed_in_session(&state, &headers).await?;
    let ended = sessions::end_others(state.store(), &player, &key_hash).await?;
    Ok(Json(json!({ "ended": ended })))
}
