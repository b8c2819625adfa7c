//! Bearer keys: the `Authorization: Bearer` header carries a seat token or a named
//! player's key; the player's is looked up here, and its session's use written down
//! (`docs/api.md`, "Players", "Sessions").

use axum::http::{header, HeaderMap};

use crate::error::ApiError;
use crate::people::{players, sessions, PlayerError};
use crate::registry::AppState;
use crate::store::PlayerRow;

/// The bearer token, if the request has one; a malformed header is an error.
pub(crate) fn bearer(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| Some(t.trim().to_owned()))
        .ok_or_else(|| {
            ApiError::bad_request("bad-token", "the Authorization header is Bearer <token>")
        })
}

/// The player whose key the request carries; `None` without a key (a guest). A key of
/// no player is refused.
pub(crate) async fn player_of(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<PlayerRow>, ApiError> {
    Ok(session_of(state, headers).await?.map(|(player, _)| player))
}

/// The player whose key the request carries and the key's hash (its session), its use
/// written down; `None` without a key.
async fn session_of(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<(PlayerRow, String)>, ApiError> {
    let Some(key) = bearer(headers)? else {
        return Ok(None);
    };
    let (player, hash) = players::player_of_key(state.store(), &key).await?;
    sessions::touched(state.store(), &hash, state.now(), None).await?;
    Ok(Some((player, hash)))
}

/// The player a request must name.
pub(crate) async fn signed_in(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<PlayerRow, ApiError> {
    Ok(player_of(state, headers).await?.ok_or(PlayerError::NoKey)?)
}

/// The player a request must name, and its key's hash.
pub(crate) async fn signed_in_session(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<(PlayerRow, String), ApiError> {
    Ok(session_of(state, headers)
        .await?
        .ok_or(PlayerError::NoKey)?)
}

/// The request's User-Agent, if it reads as text.
pub(crate) fn user_agent(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
}
