//! Games (`docs/api.md`): creating one, the lobby a page at a time, a game as its viewer
//! sees it, and what a game gives once it is over or to the seat to move — its record, a
//! hint, a replay step, a review.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use trio_core::{Record, Seat};

use super::extract::{Address, Body};
use super::keys::{bearer, player_of};
use crate::error::{code, ApiError};
use crate::protocol::{CreateGame, Created, GamesQuery, Lobby, Snapshot};
use crate::registry::{AppState, Creator};
use crate::room::{Command, Viewer};
use crate::store::{Cursor, Listed};

/// Running games and finished games per page, unless asked for another number up to the
/// most.
const RUNNING_PAGE: usize = 50;
const FINISHED_PAGE: usize = 20;
const MAX_PAGE: usize = 100;
/// The AI level that gives hints.
const HINT_LEVEL: u8 = 3;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games", post(games_create).get(games_list))
        .route("/api/games/{id}", get(games_show))
        .route("/api/games/{id}/record", get(records_show))
        .route("/api/games/{id}/hint", get(hints_show))
        .route("/api/games/{id}/replay/{ply}", get(replays_show))
        .route("/api/games/{id}/review", get(reviews_show))
}

async fn games_create(
    State(state): State<AppState>,
    headers: HeaderMap,
    Address(address): Address,
    Body(request): Body<CreateGame>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let player = player_of(&state, &headers).await?;
    let creator = Creator::new(player, address);
    let created = state.create_from(request, creator, None).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// The lobby, a page at a time: the games being played, or with `?status=finished` those
/// over.
async fn games_list(
    State(state): State<AppState>,
    Query(query): Query<GamesQuery>,
) -> Result<Json<Lobby>, ApiError> {
    let (listed, page) = match query.status.as_deref() {
        None | Some("running") => (Listed::Running, RUNNING_PAGE),
        Some("finished") => (Listed::Finished, FINISHED_PAGE),
        Some(_) => {
            return Err(ApiError::bad_request(
                code::BAD_REQUEST,
                "status is running or finished",
            ))
        }
    };
    let limit = query.limit.unwrap_or(page);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::bad_request(
            code::BAD_REQUEST,
            format!("a page is 1 to {MAX_PAGE} games"),
        ));
    }
    let after = query
        .after
        .as_deref()
        .map(|a| {
            a.parse::<Cursor>().map_err(|()| {
                ApiError::bad_request("bad-cursor", "after is the next of a page before")
            })
        })
        .transpose()?;
    let (games, next) = state.games(listed, after.as_ref(), limit).await?;
    Ok(Json(Lobby { games, next }))
}

async fn games_show(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Snapshot>, ApiError> {
    let room = state.room(&id).await?;
    let token = bearer(&headers)?;
    drop(room);
    let snapshot = state
        .ask(&id, |reply| Command::Show {
            token: token.clone(),
            reply,
        })
        .await?;
    Ok(Json(snapshot))
}

async fn records_show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Record>, ApiError> {
    let record = state.ask(&id, |reply| Command::Record { reply }).await?;
    Ok(Json(record))
}

#[derive(Debug, Serialize)]
struct HintShown {
    action: String,
    parts: serde_json::Value,
    level: u8,
}

/// The AI's suggestion for the seat to move, in a game against the AI alone (`docs/api.md`).
async fn hints_show(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<HintShown>, ApiError> {
    let token = bearer(&headers)?;
    let job = state
        .ask(&id, |reply| Command::Hint {
            token: token.clone(),
            level: HINT_LEVEL,
            seed: crate::people::secrets::new_seed(),
            reply,
        })
        .await?;
    let hint = state.ai().request(move || job.run()).await?.map_err(|e| {
        tracing::error!(game = %id, "a hint failed: {e}");
        ApiError::unavailable()
    })?;
    Ok(Json(HintShown {
        action: hint.action,
        parts: hint.parts,
        level: HINT_LEVEL,
    }))
}

/// A finished game after its first `ply` actions, as the caller may see it: for a replay.
async fn replays_show(
    State(state): State<AppState>,
    Path((id, ply)): Path<(String, usize)>,
    headers: HeaderMap,
) -> Result<Json<crate::replays::ReplayStep>, ApiError> {
    let token = bearer(&headers)?;
    let viewer = match token {
        Some(_) => state
            .ask(&id, |reply| Command::Show {
                token: token.clone(),
                reply,
            })
            .await?
            .you
            .map_or(Viewer::Spectator, |s| Viewer::Seat(Seat(s))),
        None => Viewer::Spectator,
    };
    let record = state.ask(&id, |reply| Command::Record { reply });
    let step = state
        .replays()
        .step(state.ai(), &id, viewer, ply, record)
        .await?;
    Ok(Json(step))
}

/// A finished game's review (`docs/review.md`): 200 with it once made, 202 with the
/// progress while it is being made (the first ask starts it).
async fn reviews_show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let record = state.ask(&id, |reply| Command::Record { reply });
    let review = state
        .reviews()
        .get(state.store_handle(), state.ai(), &id, record)
        .await?;
    Ok(match review {
        crate::reviews::ReviewState::Ready(review) => Json(serde_json::json!({
            "level": crate::reviews::REVIEW_LEVEL,
            "review": review,
        }))
        .into_response(),
        crate::reviews::ReviewState::Working { done, total } => (
            StatusCode::ACCEPTED,
            Json(serde_json::json!({
                "level": crate::reviews::REVIEW_LEVEL,
                "progress": {"done": done, "total": total},
            })),
        )
            .into_response(),
    })
}
