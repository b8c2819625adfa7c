//! The HTTP JSON API (`docs/api.md`): games, actions, records. Handlers are small: they
//! read the request, ask the game's room, and answer.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use serde::de::DeserializeOwned;
use serde::Serialize;
use trio_core::Record;

use crate::error::ApiError;
use crate::limits::Peer;
use crate::protocol::{
    check_cid, AbsentRequest, Accepted, ActionRequest, CreateGame, Created, FillRequest,
    GamesQuery, JoinRequest, Lobby, RematchTicket, SeatRequest, SeatTicket, SeekRequest, Seeked,
    Snapshot,
};
use crate::registry::{AppState, Creator};
use crate::room::{Command, Reply, Request as RoomRequest, Who};
use crate::store::{Cursor, Listed};

/// Running games and finished games per page, unless asked for another number up to the
/// most.
const RUNNING_PAGE: usize = 50;
const FINISHED_PAGE: usize = 20;
const MAX_PAGE: usize = 100;
/// The AI level that fills open seats unless asked for another.
const FILL_LEVEL: u8 = 2;
/// The AI level that gives hints.
const HINT_LEVEL: u8 = 3;

#[derive(Debug, Serialize)]
struct HintShown {
    action: String,
    parts: serde_json::Value,
    level: u8,
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/games", post(games_create).get(games_list))
        .route("/api/games/{id}", get(games_show))
        .route("/api/games/{id}/join", post(seats_claim))
        .route("/api/seeks", post(seeks_create))
        .route("/api/games/{id}/fill", post(seats_fill))
        .route("/api/games/{id}/absent", post(absences_create))
        .route("/api/games/{id}/seat-token", post(seat_tokens_create))
        .route("/api/games/{id}/rematch", post(rematches_create))
        .route("/api/games/{id}/actions", post(actions_create))
        .route("/api/games/{id}/resign", post(resignations_create))
        .route("/api/games/{id}/undo", post(undos_create))
        .route("/api/games/{id}/record", get(records_show))
        .route("/api/games/{id}/hint", get(hints_show))
        .route("/api/games/{id}/replay/{ply}", get(replays_show))
        .route("/api/games/{id}/review", get(reviews_show))
        .route("/api/games/{id}/ws", get(crate::ws::sockets_open))
        .route("/api/kinds", get(kinds_list))
        .route("/api/positions", get(positions_show))
        .fallback(not_found)
}

/// A JSON object body whose rejections are our JSON errors.
#[derive(Debug)]
pub(crate) struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let raw = match Json::<Box<serde_json::value::RawValue>>::from_request(req, state).await {
            Ok(Json(raw)) => raw,
            Err(rejection) => return Err(ApiError::json(&rejection as &JsonRejection)),
        };
        // serde reads a struct from an array too: `[]` would pass for `{}`.
        if !raw.get().starts_with('{') {
            return Err(ApiError::bad_request("bad-json", "a body is a JSON object"));
        }
        serde_json::from_str(raw.get())
            .map(Body)
            .map_err(|e| ApiError::bad_request("bad-json", e.to_string()))
    }
}

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

fn checked_cid(cid: Option<String>) -> Result<Option<String>, ApiError> {
    if let Some(cid) = &cid {
        check_cid(cid).map_err(|message| ApiError::bad_request("bad-cid", message))?;
    }
    Ok(cid)
}

async fn games_create(
    State(state): State<AppState>,
    headers: HeaderMap,
    peer: Option<Extension<Peer>>,
    Body(request): Body<CreateGame>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let player = crate::players::player_of(&state, &headers).await?;
    let creator = Creator::new(player, peer);
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
                "bad-request",
                "status is running or finished",
            ))
        }
    };
    let limit = query.limit.unwrap_or(page);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::bad_request(
            "bad-request",
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

/// "Play someone": a seat in a game with someone who asked for the same, or in a new one
/// waiting for the next to ask.
async fn seeks_create(
    State(state): State<AppState>,
    headers: HeaderMap,
    peer: Option<Extension<Peer>>,
    Body(request): Body<SeekRequest>,
) -> Result<(StatusCode, Json<Seeked>), ApiError> {
    let player = crate::players::player_of(&state, &headers).await?;
    let seeked = state.seek(request, Creator::new(player, peer)).await?;
    Ok((StatusCode::CREATED, Json(seeked)))
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

/// A seated player gives the open seats to the AI (`{"level": 2}` by default).
async fn seats_fill(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<FillRequest>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let level = body.level.unwrap_or(FILL_LEVEL);
    if !(1..=5).contains(&level) {
        return Err(ApiError::bad_request("bad-seats", "an AI level is 1 to 5"));
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
    let player = crate::players::signed_in(&state, &headers).await?;
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

/// Takes a seat waiting for its player: the token is in the answer, this once.
async fn seats_claim(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(body): Body<JoinRequest>,
) -> Result<(StatusCode, Json<SeatTicket>), ApiError> {
    state.room(&id).await?;
    let player = crate::players::player_of(&state, &headers).await?;
    let ticket = state
        .ask(&id, |reply| Command::Claim {
            seat: body.seat,
            code: body.code.clone(),
            player: player.clone(),
            reply,
        })
        .await?;
    Ok((StatusCode::CREATED, Json(ticket)))
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

async fn records_show(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Record>, ApiError> {
    let record = state.ask(&id, |reply| Command::Record { reply }).await?;
    Ok(Json(record))
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
            seed: crate::secrets::new_seed(),
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
        Some(_) => {
            state
                .ask(&id, |reply| Command::Show {
                    token: token.clone(),
                    reply,
                })
                .await?
                .you
        }
        None => None,
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

/// Every kind of game with its seats and options, from the tables the game crates declare
/// (`docs/api.md`): what the lobby offers.
async fn kinds_list() -> Json<serde_json::Value> {
    let kinds: Vec<serde_json::Value> = trio_catalog::KINDS
        .iter()
        .map(|kind| {
            serde_json::json!({
                "name": kind.name,
                "title": kind.title,
                "seats": {"min": kind.seats.start(), "max": kind.seats.end()},
                "options": kind.options,
            })
        })
        .collect();
    Json(serde_json::json!({ "kinds": kinds }))
}

#[derive(Debug, serde::Deserialize)]
struct PositionQuery {
    game: String,
    position: String,
}

/// A position of a built-in game as a spectator sees it, with its legal moves: the boards
/// of the page's rules.
async fn positions_show(
    Query(query): Query<PositionQuery>,
) -> Result<Json<crate::registry::PositionShown>, ApiError> {
    crate::registry::position_shown(&query.game, &query.position).map(Json)
}

/// An unknown address: the documented JSON under `/api/`, the page's 404 for a browser.
async fn not_found(uri: Uri, headers: HeaderMap) -> Response {
    if !uri.path().starts_with("/api/") && crate::ui::wants_html(&headers) {
        return crate::ui::not_found_page(&headers);
    }
    ApiError::new(StatusCode::NOT_FOUND, "not-found", "no such resource").into_response()
}
