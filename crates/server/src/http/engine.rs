//! The engines for the page's Web Worker: `GET /engine/trio_web.wasm`, the WebAssembly
//! module `scripts/wasm` builds into the workspace's `target/engine/` (never committed,
//! built by the set-up). Served as `application/wasm`, brotli-compressed when the browser
//! takes it and `scripts/wasm` left the compressed copy beside it (else gzipped on the fly
//! by the compression layer), and revalidated by its hash (`ETag`). The file is read again
//! whenever it changes on disk, so a rebuilt engine needs no restart; without it the
//! answer says how to build it.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use bytes::Bytes;
use sha2::{Digest, Sha256};

use crate::registry::AppState;

/// Where `scripts/wasm` leaves the engine: the `target/engine/` of the workspace this
/// crate is built in. `TRIO_ENGINE_WASM` names another file (its `.br` copy beside it).
const BUILT_ENGINE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../target/engine/trio_web.wasm"
);

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/engine/trio_web.wasm", get(engine_show))
}

/// The engine's bytes as last read, and the file's stamp they were read at.
#[derive(Debug)]
struct Engine {
    stamp: (SystemTime, u64),
    raw: Bytes,
    /// `scripts/wasm`'s brotli copy, if it made one.
    brotli: Option<Bytes>,
    etag: String,
}

async fn engine_show(headers: HeaderMap) -> Response {
    let path = std::env::var_os("TRIO_ENGINE_WASM")
        .map_or_else(|| PathBuf::from(BUILT_ENGINE), PathBuf::from);
    let engine = match tokio::task::spawn_blocking(move || current(&path)).await {
        Ok(Ok(engine)) => engine,
        Ok(Err(reason)) => {
            tracing::warn!("{reason}");
            return (StatusCode::NOT_FOUND, reason).into_response();
        }
        Err(e) => return (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    };
    let common = [
        (header::ETAG, engine.etag.clone()),
        (header::CACHE_CONTROL, "no-cache".to_owned()),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
    ];
    let asked = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    if asked(header::IF_NONE_MATCH) == Some(engine.etag.as_str()) {
        return (StatusCode::NOT_MODIFIED, common).into_response();
    }
    let takes_brotli = asked(header::ACCEPT_ENCODING)
        .is_some_and(|v| v.split(',').any(|e| e.trim().starts_with("br")));
    match (&engine.brotli, takes_brotli) {
        (Some(brotli), true) => (
            [
                (header::CONTENT_TYPE, "application/wasm"),
                (header::CONTENT_ENCODING, "br"),
                (header::VARY, "accept-encoding"),
            ],
            common,
            brotli.clone(),
        )
            .into_response(),
        _ => (
            [(header::CONTENT_TYPE, "application/wasm")],
            common,
            engine.raw.clone(),
        )
            .into_response(),
    }
}

/// The engine at `path`, read again only when the file changed; an error says how to
/// build it.
fn current(path: &Path) -> Result<Arc<Engine>, String> {
    static LAST: Mutex<Option<Arc<Engine>>> = Mutex::new(None);
    let missing = |e: std::io::Error| {
        format!(
            "the in-browser engine {} is not there ({e}): build it with scripts/wasm",
            path.display()
        )
    };
    let metadata = std::fs::metadata(path).map_err(missing)?;
    let stamp = (
        metadata.modified().unwrap_or(SystemTime::UNIX_EPOCH),
        metadata.len(),
    );
    let mut last = LAST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(engine) = last.as_ref().filter(|e| e.stamp == stamp) {
        return Ok(Arc::clone(engine));
    }
    let raw = Bytes::from(std::fs::read(path).map_err(missing)?);
    let etag = format!("\"{}\"", super::ui::hex(&Sha256::digest(&raw)));
    // A brotli copy older than the module is left over from an earlier build.
    let mut brotli_path = path.as_os_str().to_owned();
    brotli_path.push(".br");
    let brotli = std::fs::metadata(&brotli_path)
        .ok()
        .filter(|m| m.modified().ok() >= Some(stamp.0))
        .and_then(|_| std::fs::read(&brotli_path).ok())
        .map(Bytes::from);
    let engine = Arc::new(Engine {
        stamp,
        raw,
        brotli,
        etag,
    });
    *last = Some(Arc::clone(&engine));
    Ok(engine)
}
