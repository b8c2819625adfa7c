//! The kinds of game (`docs/api.md`): what the lobby offers, and a position of a built-in
//! game with its legal moves, for the boards of the page's rules.

use axum::extract::Query;
use axum::routing::get;
use axum::{Json, Router};

use crate::error::ApiError;
use crate::registry::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/kinds", get(kinds_list))
        .route("/api/positions", get(positions_show))
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
