//! The engines for the page's Web Worker (`GET /engine/trio_web.wasm`): served as
//! `application/wasm`, brotli as `scripts/wasm` compressed it or gzipped, revalidated by
//! its hash, read again when rebuilt, and a clear answer when it was never built. The file
//! is named by `TRIO_ENGINE_WASM`, which only this test sets.

use crate::support::Server;

#[tokio::test]
async fn the_engine_is_served_compressed_and_revalidated_or_said_missing() {
    let server = Server::start().await;
    let dir = tempfile::tempdir().unwrap();
    let wasm = dir.path().join("trio_web.wasm");
    std::env::set_var("TRIO_ENGINE_WASM", &wasm);
    let get = |encoding: &'static str| {
        server
            .http
            .get(server.url("/engine/trio_web.wasm"))
            .header("accept-encoding", encoding)
    };

    let missing = get("br").send().await.unwrap();
    assert_eq!(missing.status(), 404);
    assert!(missing.text().await.unwrap().contains("scripts/wasm"));

    // A module's magic number and version, then room enough to be worth compressing.
    let mut module = b"\0asm\x01\0\0\0".to_vec();
    module.resize(4096, 0);
    std::fs::write(&wasm, &module).unwrap();
    std::fs::write(dir.path().join("trio_web.wasm.br"), b"brotli's copy").unwrap();

    let brotli = get("gzip, br").send().await.unwrap();
    assert_eq!(brotli.status(), 200);
    assert_eq!(brotli.headers()["content-type"], "application/wasm");
    assert_eq!(brotli.headers()["content-encoding"], "br");
    assert_eq!(brotli.headers()["cache-control"], "no-cache");
    let etag = brotli.headers()["etag"].clone();
    assert_eq!(brotli.bytes().await.unwrap().as_ref(), b"brotli's copy");

    let gzip = get("gzip").send().await.unwrap();
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    assert!(gzip.bytes().await.unwrap().len() < module.len());

    let plain = get("identity").send().await.unwrap();
    assert_eq!(plain.bytes().await.unwrap().as_ref(), module.as_slice());

    let again = get("br")
        .header("if-none-match", etag.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);

    // Rebuilt (another length): read again, with a new ETag.
    module.push(0);
    std::fs::write(&wasm, &module).unwrap();
    let rebuilt = get("identity").send().await.unwrap();
    assert_ne!(rebuilt.headers()["etag"], etag);
    assert_eq!(rebuilt.bytes().await.unwrap().len(), module.len());
}
