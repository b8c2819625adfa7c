//! A game's seats (`docs/api.md`): taking an open or invited seat, giving the open seats
//! to the AI, choosing for an absent seat, a named player's seat tokens on a new device,
//! and the rematch its people agree to.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Json, Router};

use super::extract::Body;
use super::keys::{bearer, player_of, signed_in};
use crate::error::ApiError;
use crate::protocol::{AbsentRequest, FillRequest, JoinRequest, Joined, RematchTicket};
use crate::registry::AppState;
use crate::room::Command;

/// The AI level that fills open seats unless asked for another.
const FILL_LEVEL: u8 = 2;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/join", post(seats_claim))
        .route("/api/games/{id}/fill", post(seats_fill))
        .route("/api/games/{id}/absent", post(absences_create))
        .route("/api/games/{id}/seat-token", post(seat_tokens_create))
        .route("/api/games/{id}/rematch", post(rematches_create))
}

/// Takes a seat waiting for its player: the token is in the answer, this once, and whether
/// the game is played casual now.
async fn seats_claim(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<JoinRequest>,
) -> Result<(StatusCode, Json<Joined>), ApiError> {
    let room = state.room(&id).await?;
    let player = player_of(&state, &headers).await?;
    let ticket = state
        .ask(&id, |reply| Command::Claim {
            seat: body.seat.map(trio_core::Seat),
            code: body.code.clone(),
            player: player.clone(),
            reply,
        })
        .await?;
    // The seat taken may have made it casual (the pair's rated games for the day).
    let casual = room.summary.lock().expect("summary lock").casual;
    let joined = Joined {
        seat: ticket,
        casual,
    };
    Ok((StatusCode::CREATED, Json(joined)))
}

/// A seated player gives the open seats to the AI (`{"level": 2}` by default).
async fn seats_fill(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<FillRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let level = body.level.unwrap_or(FILL_LEVEL);
    if !(1..=5).contains(&level) {
        return Err(ApiError::bad_seats("an AI level is 1 to 5"));
    }
    state.room(&id).await?;
    let token = bearer(&headers)?;
    state
        .ask(&id, |reply| Command::Fill {
            token: token.clone(),
            level,
            reply,
        })
        .await?;
    Ok(Json(serde_json::json!({})))
}

/// A seated person chooses for the absent seat to act: `{"choice": "win"}` or `"ai"`.
async fn absences_create(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<AbsentRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    state.room(&id).await?;
    let token = bearer(&headers)?;
    state
        .ask(&id, |reply| Command::Absent {
            token: token.clone(),
            choice: body.choice,
            reply,
        })
        .await?;
    Ok(Json(serde_json::json!({})))
}

/// A named player's seats of the game, for this device: with the player's key, the
/// tokens of the seats it sits in (`{"seats": [ticket, …]}`).
async fn seat_tokens_create(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<serde_json::Value>), ApiError> {
    state.room(&id).await?;
    let player = signed_in(&state, &headers).await?;
    let key = bearer(&headers)?.unwrap_or_default();
    let seats = state
        .ask(&id, |reply| Command::SeatTokens {
            player: player.id.clone(),
            key: key.clone(),
            reply,
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(serde_json::json!({ "seats": seats })),
    ))
}

/// A person of a finished game asks for (or accepts) a rematch: its token there, and the
/// rematch's id once every person agreed (the last to agree makes it).
async fn rematches_create(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<RematchTicket>), ApiError> {
    state.room(&id).await?;
    let token = bearer(&headers)?;
    let ticket = state
        .ask(&id, |reply| Command::Rematch {
            token: token.clone(),
            reply,
        })
        .await?;
    Ok((StatusCode::CREATED, Json(ticket)))
}
