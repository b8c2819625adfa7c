//! The trio game server: rooms, seats, live updates; durable and private.
//!
//! - [`app`] is the whole HTTP service (`docs/api.md`), its WebSocket protocol in
//!   `docs/protocol.md`; `trio serve` binds it, tests call it on an ephemeral port.
//! - Games live in rooms (`room`): one task per game owns its [`trio_catalog::Live`] and
//!   is its only writer. Each change is committed to [`Storage`] before it is
//!   acknowledged and broadcast, each recipient seeing only what its seat may.
//! - Storage is one trait with portable SQL; [`SqliteStorage`] keeps games in one SQLite
//!   file (WAL), and after a restart every running game is rebuilt from its events.
//!   [`PgStorage`] keeps them in PostgreSQL for several instances at once: any instance
//!   takes any game's actions (a version fences each append), hears the others' commits
//!   by `pg_notify` and reads them from the table; chance and bots are played under a
//!   lease (`docs/deploy.md`).
//! - Secrets ([`secrets`]): seat tokens are 128 random bits stored as SHA-256 hashes; the
//!   seed is drawn here, committed to by hash at the start and revealed in the record.

mod api;
mod error;
mod limits;
mod listen;
mod loading;
mod passwords;
pub mod players;
mod pool;
mod postgres;
pub mod protocol;
pub mod ratings;
mod registry;
mod replays;
mod reviews;
mod room;
pub mod secrets;
mod sqlite;
pub mod store;
mod time;
mod ui;
mod ws;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;

pub use error::ApiError;
pub use limits::{connection_budget, raise_descriptor_limit, Limits, Rate};
pub use postgres::{PgStorage, CHANNEL as NOTICE_CHANNEL};
pub use registry::{AppState, Settings};
pub use room::Absence;
pub use sqlite::SqliteStorage;
pub use store::{Storage, StorageError};
pub use time::Time;

/// The service: the API, the WebSocket and the built-in page, bodies limited to
/// [`protocol::MAX_MESSAGE_BYTES`], every error the documented JSON. The limits per
/// address hold only as [`serve`] serves it (it knows each request's address).
pub fn app(state: AppState) -> Router {
    guarded(state, limits::Guard::new(&Limits::default()))
}

fn guarded(state: AppState, guard: std::sync::Arc<limits::Guard>) -> Router {
    Router::new()
        .merge(ui::router())
        .merge(api::router())
        .merge(players::router())
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "bad-method",
                "this path takes another method",
            )
        })
        .layer(DefaultBodyLimit::max(protocol::MAX_MESSAGE_BYTES))
        .layer(axum::middleware::from_fn(limits::rate_limit))
        .layer(axum::extract::Extension(guard))
        .layer(axum::middleware::map_response(json_errors))
        // Outermost, so that an error made JSON above is compressed too.
        .layer(tower_http::compression::CompressionLayer::new())
        .with_state(state)
}

/// Makes an error axum's extractors answered in plain text (a path that does not parse, a
/// WebSocket request without its upgrade headers) the documented JSON, its text the message.
/// The page's own 404 for a browser stays HTML.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let kept = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| {
            v.as_bytes().starts_with(b"application/json") || v.as_bytes().starts_with(b"text/html")
        });
    if !(status.is_client_error() || status.is_server_error()) || kept {
        return response;
    }
    let code = match status {
        StatusCode::NOT_FOUND => "not-found",
        StatusCode::METHOD_NOT_ALLOWED => "bad-method",
        StatusCode::PAYLOAD_TOO_LARGE => "too-large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "bad-content-type",
        StatusCode::UPGRADE_REQUIRED => "bad-upgrade",
        // Internals stay inside.
        s if s.is_server_error() => return ApiError::unavailable().into_response(),
        _ => "bad-request",
    };
    let text = axum::body::to_bytes(response.into_body(), protocol::MAX_MESSAGE_BYTES)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let message = match text.trim() {
        "" => status.canonical_reason().unwrap_or("refused"),
        text => text,
    };
    ApiError::new(status, code, message).into_response()
}

/// Serves [`app`] on `listener` within `limits` until `shutdown` completes, then drains:
/// stops accepting, answers the requests in flight, closes every WebSocket with `1001`.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    let guard = limits::Guard::new(&limits);
    let app = guarded(state, guard.clone());
    listen::serve(listener, app, guard, &limits, shutdown).await
}
