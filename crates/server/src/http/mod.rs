//! The HTTP service (`docs/api.md`): the app, its extractors and bearer keys, the routes
//! by resource (each module's `router()`, handlers named `<resource>_<verb>`), the
//! WebSocket, the built-in page, and the limits and accept loop at the socket. Handlers
//! are small: they read the request, ask the registry or a game's room, and answer; every
//! error goes out through [`ApiError`](crate::ApiError).

mod actions;
mod engine;
mod extract;
mod games;
mod keys;
mod kinds;
pub(crate) mod limits;
mod listen;
mod players;
mod seats;
mod seeks;
mod sessions;
mod ui;
mod ws;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderMap, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;

use limits::{Guard, Limits};

use crate::error::{ApiError, Rejected};
use crate::protocol::MAX_MESSAGE_BYTES;
use crate::registry::AppState;

/// The service: the API, the WebSocket and the built-in page, bodies limited to
/// [`MAX_MESSAGE_BYTES`], every error the documented JSON. The limits per address hold
/// only as [`serve`] serves it (it knows each request's address).
pub fn app(state: AppState) -> Router {
    guarded(state, Guard::new(&Limits::default()))
}

/// Serves [`app`] on `listener` within `limits` until `shutdown` completes, then drains:
/// stops accepting, answers the requests in flight, closes every WebSocket with `1001`.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: AppState,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    let guard = Guard::new(&limits);
    let app = guarded(state, guard.clone());
    listen::serve(listener, app, guard, &limits, shutdown).await
}

fn guarded(state: AppState, guard: std::sync::Arc<Guard>) -> Router {
    Router::new()
        .merge(ui::router())
        .merge(engine::router())
        .merge(games::router())
        .merge(seats::router())
        .merge(actions::router())
        .merge(seeks::router())
        .merge(kinds::router())
        .merge(players::router())
        .merge(sessions::router())
        .merge(ws::router())
        .fallback(not_found)
        .method_not_allowed_fallback(|| async { Rejected::BadMethod })
        .layer(DefaultBodyLimit::max(MAX_MESSAGE_BYTES))
        .layer(axum::middleware::from_fn(limits::rate_limit))
        .layer(axum::extract::Extension(guard))
        .layer(axum::middleware::map_response(json_errors))
        // Outermost, so that an error made JSON above is compressed too.
        .layer(tower_http::compression::CompressionLayer::new())
        .with_state(state)
}

/// An unknown address: the documented JSON under `/api/`, the page's 404 for a browser.
async fn not_found(uri: Uri, headers: HeaderMap) -> Response {
    if !uri.path().starts_with("/api/") && ui::wants_html(&headers) {
        return ui::not_found_page(&headers);
    }
    Rejected::NoSuchResource.into_response()
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
    if status.is_server_error() {
        // Internals stay inside.
        return ApiError::unavailable().into_response();
    }
    let text = axum::body::to_bytes(response.into_body(), MAX_MESSAGE_BYTES)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let message = match text.trim() {
        "" => status.canonical_reason().unwrap_or("refused"),
        text => text,
    };
    ApiError::of_status(status, message).into_response()
}
