//! Bearer keys: the `Authorization: Bearer` header carries a seat token or a named
//! player's key; the player's is looked up here (`docs/api.md`, "Players").

use axum::http::{header, HeaderMap};

use crate::error::ApiError;
use crate::people::players;
use crate::people::PlayerError;
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
    let Some(key) = bearer(headers)? else {
        return Ok(None);
    };
    Ok(Some(players::player_of_key(state.store(), &key).await?))
}

/// The player a request must name.
pub(crate) async fn signed_in(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<PlayerRow, ApiError> {
    Ok(player_of(state, headers).await?.ok_or(PlayerError::NoKey)?)
}
