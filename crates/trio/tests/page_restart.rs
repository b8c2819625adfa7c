//! The web page while `trio serve` is killed with SIGKILL and started again on the same
//! file and address: a clock running when the server died keeps its absolute deadline, and
//! its flag falls when due although nobody acts, as the open page then shows.

#[path = "../../server/tests/browser/driver.rs"]
mod driver;
mod serving;

use std::time::Instant;

use driver::Browser;
use serde_json::json;
use serving::Server;
use trio_server::protocol::{Created, Snapshot};

/// South's time: long enough for the page to open before it runs out on a busy machine.
const SECONDS: u64 = 15;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_when_due_after_the_server_is_killed_and_started_again() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let b = Browser::start(1280, 900).await;
    let mut first = Server::start(&db);
    let http = reqwest::Client::new();
    let response = http
        .post(format!("{}/api/games", first.base))
        .json(&json!({"game": "gyges", "seats": ["human", "human"],
                      "clock": {"initial": SECONDS, "increment": 0}}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let created_at = Instant::now();
    let created: Created = response.json().await.unwrap();
    let snapshot = |base: String| {
        let (http, id) = (http.clone(), created.id.clone());
        async move {
            let got = http.get(format!("{base}/api/games/{id}")).send().await;
            got.unwrap().json::<Snapshot>().await.unwrap()
        }
    };

    // North watches South's clock run, then the server dies mid-game.
    b.goto(&format!("{}{}", first.base, created.seats[1].link))
        .await;
    b.wait("[data-clock='0'].running").await;
    let before = snapshot(first.base.clone()).await;
    assert!(before.result.is_none(), "the flag fell before the kill");
    first.kill();
    b.wait("[data-offline]").await;

    // Started again on the same file and address: the page reconnects by itself, the time
    // spent down was South's, and the flag falls when due without anyone asking.
    let second = Server::start_at(&db, first.addr());
    let after = snapshot(second.base.clone()).await;
    let clock = after.clock.expect("a clock");
    let ran = created_at.elapsed().as_millis() as i64;
    assert!(
        clock.remaining_ms[0] <= (SECONDS * 1000) as i64 - ran + 1000,
        "the clock did not run while the server was down: {:?} after {ran} ms",
        clock.remaining_ms
    );
    b.wait("[data-outcome]").await;
    b.wait("[data-clock='0'].flagged").await;
    b.assert_text(".result", &["South ran out of time"], true)
        .await;
    assert!(
        created_at.elapsed().as_secs() >= SECONDS,
        "the flag fell early"
    );
    let end = snapshot(second.base.clone()).await;
    let result = end.result.expect("over");
    let why = (result.reason, result.seat);
    assert_eq!(why, (trio_core::EndReason::Time, Some(0)));
    assert_eq!(end.clock.expect("a clock").flagged, Some(0));
    b.close().await;
}
