//! The web UI (`docs/ui.md`): plain ES modules, CSS and SVG from `crates/server/ui/`, and
//! the rules pages from `docs/rules/`, embedded in the binary (in a debug build read from
//! disk, so that a reload shows an edit). `/`, `/games/{id}` and `/players/{name}` are the one page, which
//! reads its seat token from the link's fragment (never sent to the server in a request
//! line) and talks to the API and WebSocket. The page loads its files from
//! `/v/{version}/…`, the version a hash of them all, so that each is cached for a year and
//! a new build is new addresses; `/ui/…` serves the same files, revalidated each time.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_embed::{EmbeddedFile, RustEmbed};
use sha2::{Digest, Sha256};

use crate::error::Rejected;
use crate::registry::AppState;

#[derive(RustEmbed)]
#[folder = "ui/"]
// The page's unit tests run under Node (tests/page_units.rs), not in the browser.
#[exclude = "tests/*"]
struct Ui;

#[derive(RustEmbed)]
#[folder = "../../docs/rules/"]
struct Rules;

/// What the page may load: itself only (its WebSocket included), and compile its own
/// WebAssembly (the engines, `http/engine.rs`).
const CSP: &str =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; \
                   style-src 'self' 'unsafe-inline'; \
                   connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/// How long a browser keeps a file whose address names its version.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(page_show))
        .route("/games/{id}", get(page_show))
        .route("/players/{name}", get(page_show))
        .route("/analysis", get(analysis_show))
        .route("/ui/{*path}", get(assets_show))
        .route("/v/{version}/{*path}", get(versioned_show))
        .route("/favicon.ico", get(favicon_show))
        .route("/rules/{name}", get(rules_show))
}

async fn page_show(headers: HeaderMap) -> Response {
    page("index.html", StatusCode::OK, &headers)
}

/// The analysis board, a page of its own: the engines in the browser, no game on the
/// server (`docs/ui.md`).
async fn analysis_show(headers: HeaderMap) -> Response {
    page("analysis.html", StatusCode::OK, &headers)
}

/// A page (`index.html`, `analysis.html`), its files' addresses versioned; the page itself
/// is revalidated each time.
fn page(name: &str, status: StatusCode, headers: &HeaderMap) -> Response {
    let Some(EmbeddedFile { data, metadata }) = Ui::get(name) else {
        return Rejected::NoSuchFile.into_response();
    };
    let version = version();
    let etag = format!("\"{}-{version}\"", hex(&metadata.sha256_hash()));
    if status == StatusCode::OK && matches(headers, &etag) {
        return (StatusCode::NOT_MODIFIED, revalidated(etag)).into_response();
    }
    let html = String::from_utf8_lossy(&data).replace("\"/ui/", &format!("\"/v/{version}/"));
    let mut response = (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        revalidated(etag),
        html,
    )
        .into_response();
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    response
}

/// An unknown address for a browser: the page, which says there is no such page, as a 404.
pub(super) fn not_found_page(headers: &HeaderMap) -> Response {
    page("index.html", StatusCode::NOT_FOUND, headers)
}

/// Whether the request prefers HTML (a browser's navigation) to JSON.
pub(super) fn wants_html(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/html"))
}

async fn assets_show(Path(path): Path<String>, headers: HeaderMap) -> Response {
    file::<Ui>(&path, &headers, false)
}

/// A file of this build's version is cached for good; another version's (a page loaded
/// before a new build) gets today's file, revalidated.
async fn versioned_show(
    Path((wanted, path)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    file::<Ui>(&path, &headers, wanted == version())
}

async fn favicon_show(headers: HeaderMap) -> Response {
    file::<Ui>("icon.svg", &headers, false)
}

/// A rules page as Markdown (`gyges.md`, `orbit.pl.md`), which the page renders.
async fn rules_show(Path(name): Path<String>, headers: HeaderMap) -> Response {
    file::<Rules>(&name, &headers, false)
}

/// A hash of every file of the page. A debug build reads the files from disk, so an edit
/// is a new version there; a release build's files are fixed.
fn version() -> String {
    fn hash() -> String {
        let mut all = Sha256::new();
        for name in Ui::iter() {
            if let Some(file) = Ui::get(&name) {
                all.update(name.as_bytes());
                all.update(file.metadata.sha256_hash());
            }
        }
        hex(&all.finalize())
    }
    static VERSION: OnceLock<String> = OnceLock::new();
    if cfg!(debug_assertions) {
        return hash();
    }
    VERSION.get_or_init(hash).clone()
}

/// The first 12 bytes of a hash in hex: enough to tell files apart.
pub(super) fn hex(hash: &[u8]) -> String {
    hash.iter().take(12).map(|b| format!("{b:02x}")).collect()
}

fn matches(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == etag)
}

fn revalidated(etag: String) -> [(header::HeaderName, String); 3] {
    [
        (header::ETAG, etag),
        (header::CACHE_CONTROL, "no-cache".to_owned()),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
    ]
}

/// An embedded file with its type: kept for a year when `immutable` (its address names
/// its version), else revalidated by its hash (`ETag`).
fn file<E: RustEmbed>(path: &str, headers: &HeaderMap, immutable: bool) -> Response {
    let Some(EmbeddedFile { data, metadata }) = E::get(path) else {
        return Rejected::NoSuchFile.into_response();
    };
    let etag = format!("\"{}\"", hex(&metadata.sha256_hash()));
    let mut common = revalidated(etag.clone());
    if immutable {
        common[1].1 = IMMUTABLE.to_owned();
    }
    if matches(headers, &etag) {
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
