//! The web UI (`docs/ui.md`): plain ES modules, CSS and SVG from `crates/server/ui/`, and
//! the rules pages from `docs/rules/`, embedded in the binary (in a debug build read from
//! disk, so that a reload shows an edit). `/` and `/games/{id}` are the one page, which
//! reads its seat token from the link's fragment (never sent to the server in a request
//! line) and talks to the API and WebSocket.

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_embed::{EmbeddedFile, RustEmbed};

use crate::error::ApiError;
use crate::state::AppState;

#[derive(RustEmbed)]
#[folder = "ui/"]
// The page's unit tests run under Node (tests/page_units.rs), not in the browser.
#[exclude = "tests/*"]
struct Ui;

#[derive(RustEmbed)]
#[folder = "../../docs/rules/"]
struct Rules;

/// What the page may load: itself only (its WebSocket included).
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
                   connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(page_show))
        .route("/games/{id}", get(page_show))
        .route("/ui/{*path}", get(assets_show))
        .route("/rules/{name}", get(rules_show))
}

async fn page_show(headers: HeaderMap) -> Response {
    let mut response = file::<Ui>("index.html", &headers);
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    response
}

async fn assets_show(Path(path): Path<String>, headers: HeaderMap) -> Response {
    file::<Ui>(&path, &headers)
}

/// A rules page as Markdown (`gyges.md`, `orbit.pl.md`), which the page renders.
async fn rules_show(Path(name): Path<String>, headers: HeaderMap) -> Response {
    file::<Rules>(&name, &headers)
}

/// An embedded file with its type, revalidated by its hash (`ETag`).
fn file<E: RustEmbed>(path: &str, headers: &HeaderMap) -> Response {
    let Some(EmbeddedFile { data, metadata }) = E::get(path) else {
        return ApiError::new(StatusCode::NOT_FOUND, "not-found", "no such file").into_response();
    };
    let etag = format!(
        "\"{}\"",
        metadata
            .sha256_hash()
            .iter()
            .take(12)
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let cached = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == etag);
    let common = [
        (header::ETAG, etag),
        (header::CACHE_CONTROL, "no-cache".to_owned()),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
    ];
    if cached {
        return (StatusCode::NOT_MODIFIED, common).into_response();
    }
    (
        [(header::CONTENT_TYPE, content_type(path))],
        common,
        data.into_owned(),
    )
        .into_response()
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        "md" => "text/markdown; charset=utf-8",
        "ico" => "image/x-icon",
        _ => "application/octet-stream",
    }
}
