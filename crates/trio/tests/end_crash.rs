//! A game's end is written exactly once, whatever step of it the server dies at. `trio
//! serve`, built with its crash points (`cargo test -p trio --features failpoints --test
//! end_crash`, as `scripts/test` runs it), dies at each step of a rated game's end in turn —
//! before its transaction, after the ratings are written in it, after the last event is
//! appended, after the commit — on SQLite and on PostgreSQL. Started again on the same
//! database, the game has either ended with its reason and moved the player's rating once,
//! or not ended and moved nothing; then the player resigns again and it ends, once.

use serde_json::{json, Value};

mod serving;
use serving::{post, rated_game_set_up, rated_games, Database, Server};

/// Each crash point at the end of a game (`crates/server/src/crash.rs`) in the order they
/// are reached, and whether the end is committed when the server dies there.
const STEPS: [(&str, bool); 4] = [
    ("end-before", false),
    ("end-rated", false),
    ("end-appended", false),
    ("end-committed", true),
];

#[test]
fn a_rated_end_is_written_once_whatever_step_the_server_dies_at_on_sqlite() {
    for (step, committed) in STEPS {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db");
        die_at(db.to_str().unwrap(), step, committed);
    }
}

#[test]
fn a_rated_end_is_written_once_whatever_step_the_server_dies_at_on_postgres() {
    for (step, committed) in STEPS {
        let Some(db) = Database::create() else { return };
        die_at(&db.url, step, committed);
    }
}

/// A rated game on `db` ends by resignation while the server dies at `step`; then, started
/// again, its end and the rating stand as they must.
fn die_at(db: &str, step: &str, committed: bool) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let http = reqwest::Client::new();
    let crash = format!("{step}=return");
    let mut server = Server::start_with(db, &[("FAILPOINTS", &crash)]);
    let game = runtime.block_on(async {
        let game = rated_game_set_up(&http, &server.base, "Faller").await;
        let resign = format!("{}/api/games/{}/resign", server.base, game.id);
        let (status, answer) = post(&http, resign, &game.token, json!({})).await;
        assert_eq!(
            status, 0,
            "{step}: the server answered {answer} instead of dying"
        );
        game
    });
    let died = server.child.wait().unwrap();
    assert!(
        !died.success(),
        "{step}: the server ended by itself: {died}"
    );

    let server = Server::start_with(db, &[]);
    runtime.block_on(async {
        let url = format!("{}/api/games/{}", server.base, game.id);
        let now: Value = http.get(&url).send().await.unwrap().json().await.unwrap();
        let over = !now["result"].is_null();
        assert_eq!(over, committed, "{step}: after the restart {now}");
        assert_eq!(
            rated_games(&http, &server.base, "Faller").await.len(),
            usize::from(over)
        );
        if !over {
            let resign = format!("{url}/resign");
            let (status, answer) = post(&http, resign, &game.token, json!({})).await;
            assert_eq!(status, 200, "{step}: resigning again: {answer}");
        }
        let now: Value = http.get(&url).send().await.unwrap().json().await.unwrap();
        assert_eq!(now["result"]["reason"], "resign", "{step}: {now}");
        assert_eq!(
            rated_games(&http, &server.base, "Faller").await,
            [game.id.as_str()]
        );
        let url = format!("{}/api/players/Faller", server.base);
        let profile: Value = http.get(url).send().await.unwrap().json().await.unwrap();
        assert_eq!(profile["ratings"][0]["games"], 1, "{step}: {profile}");
    });
}
