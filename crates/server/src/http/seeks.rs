//! "Play someone" (`docs/api.md`, "Seeks"): the registry pairs the caller with someone
//! who asked for the same game and clock, or seats it in a new game waiting for the next.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Json, Router};

use super::extract::{Address, Body};
use super::keys::player_of;
use crate::error::ApiError;
use crate::protocol::{SeekRequest, Seeked};
use crate::registry::{AppState, Creator};

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/api/seeks", post(seeks_create))
}

/// "Play someone": a seat in a game with someone who asked for the same, or in a new one
/// waiting for the next to ask.
async fn seeks_create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Address(address): Address,
    Body(request): Body<SeekRequest>,
) -> Result<(StatusCode, Json<Seeked>), ApiError> {
    let player = player_of(&state, &headers).await?;
    let seeked = state.seek(request, Creator::new(player, address)).await?;
    Ok((StatusCode::CREATED, Json(seeked)))
}
