//! A seat's actions over HTTP (`docs/api.md`): a move, a resignation, an abort, a draw
//! offered, accepted or declined, an undo. The room
//! checks each in order (not over, token, version, notation, rules), commits it, answers,
//! then broadcasts it; the WebSocket sends the same requests (`ws.rs`).

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::post;
use axum::{Json, Router};

use super::extract::{checked_cid, Body};
use super::keys::bearer;
use crate::error::ApiError;
use crate::protocol::{Accepted, ActionRequest, SeatRequest};
use crate::registry::AppState;
use crate::room::{Command, Reply, Request as RoomRequest, Who};

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/actions", post(actions_create))
        .route("/api/games/{id}/resign", post(resignations_create))
        .route("/api/games/{id}/draw", post(draws_create))
        .route("/api/games/{id}/draw/decline", post(draw_declines_create))
        .route("/api/games/{id}/abort", post(aborts_create))
        .route("/api/games/{id}/undo", post(undos_create))
}

/// Sends an action to the room: the room checks it in order (not over, token, version,
/// notation, rules), commits it, answers, then broadcasts it.
async fn act(
    state: &AppState,
    id: &str,
    headers: &HeaderMap,
    cid: Option<String>,
    request: impl Fn() -> RoomRequest,
) -> Result<Json<Accepted>, ApiError> {
    state.room(id).await?;
    let token = bearer(headers)?;
    let cid = checked_cid(cid)?;
    let seq = state
        .ask(id, |reply| Command::Act {
            who: Who::Token(token.clone()),
            cid: cid.clone(),
            request: request(),
            reply: Reply::Http(reply),
        })
        .await?;
    Ok(Json(Accepted { seq }))
}

async fn actions_create(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<ActionRequest>,
) -> Result<Json<Accepted>, ApiError> {
    act(&state, &id, &headers, body.cid, || RoomRequest::Play {
        action: body.action.clone(),
        expect: body.expect,
    })
    .await
}

async fn resignations_create(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<SeatRequest>,
) -> Result<Json<Accepted>, ApiError> {
    act(&state, &id, &headers, body.cid, || RoomRequest::Resign).await
}

async fn aborts_create(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<SeatRequest>,
) -> Result<Json<Accepted>, ApiError> {
    act(&state, &id, &headers, body.cid, || RoomRequest::Abort).await
}

/// Offers a draw, or accepts the other's offer.
async fn draws_create(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<SeatRequest>,
) -> Result<Json<Accepted>, ApiError> {
    act(&state, &id, &headers, body.cid, || RoomRequest::Draw).await
}

async fn draw_declines_create(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<SeatRequest>,
) -> Result<Json<Accepted>, ApiError> {
    act(&state, &id, &headers, body.cid, || RoomRequest::DeclineDraw).await
}

async fn undos_create(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<SeatRequest>,
) -> Result<Json<Accepted>, ApiError> {
    act(&state, &id, &headers, body.cid, || RoomRequest::Undo {
        expect: body.expect,
    })
    .await
}
