//! A server started again on the same SQLite file (each in a runtime of its own, gone as
//! after kill -9): flags fall when due, games against the AI go on, custom boards and tile
//! sets are the ones created.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use trio_core::EndReason;
use trio_server::protocol::Created;

use crate::support::{ids, pick, Backend, Server, PATIENCE};

#[test]
fn a_flag_falls_when_due_after_a_kill_and_restart() {
    let backend = Backend::sqlite();
    let runtime = || tokio::runtime::Runtime::new().unwrap();
    let created = runtime().block_on(async {
        let server = Server::on(&backend).await;
        server.create_with(json!({"game": "gyges", "seats": ["human", "human"], "clock": {"initial": 2, "increment": 0}}))
        .await
    });
    // The runtime is gone with its rooms and timers, as after kill -9; a new server on the
    // same file lets the flag fall when due although nobody asks for the game.
    runtime().block_on(async {
        let server = Server::on(&backend).await;
        let until = tokio::time::Instant::now() + PATIENCE;
        loop {
            if backend.stored_status(&created.id).await == "over" {
                break;
            }
            assert!(tokio::time::Instant::now() < until, "the flag did not fall");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let end = server.snapshot(&created.id, None).await;
        let result = end.result.unwrap();
        assert_eq!((result.reason, result.seat), (EndReason::Time, Some(0)));
        assert_eq!(end.clock.unwrap().flagged, Some(0));
    });
}

#[test]
fn a_restart_on_the_same_file_goes_on_with_the_ai_seats() {
    let backend = Backend::sqlite();
    let runtime = || tokio::runtime::Runtime::new().unwrap();
    // An Orbit game against the AI: chance and the bot act between the person's moves.
    let (created, before) = runtime().block_on(async {
        let server = Server::on(&backend).await;
        let created = server.create("orbit", &["human", "ai:1"]).await;
        let token = created.seats[0].token.clone();
        let mut n = 3;
        for _ in 0..6 {
            let mine = server.snapshot(&created.id, Some(&token)).await;
            if mine.result.is_some() {
                break;
            }
            if mine.legal.is_empty() {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
            let action = pick(&mine.legal, &mut n);
            let (status, body) = server
                .act(
                    &created.id,
                    Some(&token),
                    json!({"action": action, "expect": mine.seq}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let before = server.snapshot(&created.id, Some(&token)).await;
        (created, before)
    });
    // A game waiting for a person, stored as before the lobby line was (no summary).
    let waiting = runtime().block_on(async {
        let waiting = Server::on(&backend)
            .await
            .create("gyges", &["human", "human"])
            .await;
        backend
            .execute("UPDATE games SET summary = NULL WHERE id = $1", &waiting.id)
            .await;
        waiting
    });
    // The first runtime is gone with every task of that server; a new one starts on the file.
    runtime().block_on(async {
        let server = Server::on(&backend).await;
        // The lobby comes from the store: both games, the old one once it is described.
        let lobby = async {
            loop {
                let listed = ids(&server.list("").await.1);
                if listed.contains(&waiting.id) {
                    break listed.contains(&created.id) || before.result.is_some();
                }
                tokio::task::yield_now().await;
            }
        };
        assert!(
            tokio::time::timeout(PATIENCE, lobby)
                .await
                .expect("the old game is listed"),
            "the running Orbit game is listed"
        );
        let token = &created.seats[0].token;
        let after = server.snapshot(&created.id, Some(token)).await;
        assert!(after.seq >= before.seq);
        assert_eq!(after.moves[..before.moves.len()], before.moves[..]);
        assert_eq!(after.seed_hash, created.seed_hash);
        // It goes on: the person moves when it is their turn again.
        let mut n = 5;
        for _ in 0..50 {
            let mine = server.snapshot(&created.id, Some(token)).await;
            if mine.result.is_some() || !mine.legal.is_empty() {
                if let Some(action) = (!mine.legal.is_empty()).then(|| pick(&mine.legal, &mut n)) {
                    let (status, body) = server
                        .act(
                            &created.id,
                            Some(token),
                            json!({"action": action, "expect": mine.seq}),
                        )
                        .await;
                    assert_eq!(status, StatusCode::OK, "{body}");
                }
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("the game did not go on after the restart");
    });
}

/// A board and a tile set of one's own: sent as texts with the game, played, stored (a
/// restart goes on with them), carried by the record; every wrong file refused clearly.
#[test]
fn custom_boards_and_tile_sets_are_played_stored_and_refused_clearly() {
    let funnel = include_str!("../../../orbit/tests/boards/funnel.toml");
    let double = include_str!("../../../triles/tests/sets/double.toml");
    let backend = Backend::sqlite();
    let runtime = || tokio::runtime::Runtime::new().unwrap();
    let (orbit, triles) = runtime().block_on(async {
        let server = Server::on(&backend).await;
        let server = &server;
        let post = move |body: Value| server.post("/api/games", None, body);
        let refused = |(status, body): (StatusCode, Value), code: &str, says: &str| {
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert_eq!(body["code"], code, "{body}");
            let message = body["message"].as_str().unwrap();
            assert!(message.contains(says), "{message:?} should say {says:?}");
        };
        let seats = json!(["human", "ai:1"]);
        // A path is never read: without its text the spec is refused.
        refused(
            post(json!({"game": "orbit(board=/etc/passwd)", "seats": seats})).await,
            "bad-definition",
            "text is not given",
        );
        refused(
            post(json!({"game": "gyges", "seats": seats, "definitions": {"board": funnel}})).await,
            "bad-definition",
            "names no board file",
        );
        refused(
            post(json!({"game": "orbit(board=x.toml)", "seats": seats,
                        "definitions": {"board": "[[orbit]]\nfields = 4\n"}}))
            .await,
            "bad-definition",
            "at least 2 orbits",
        );
        refused(
            post(json!({"game": "triles(tiles=t.toml)", "seats": seats,
                        "definitions": {"tiles": "terminals_per_edge = 9\n"}}))
            .await,
            "bad-definition",
            "t.toml",
        );
        let (status, orbit) = post(json!({"game": "orbit(board=funnel.toml)", "seats": seats,
                                          "definitions": {"board": funnel}}))
        .await;
        assert_eq!(status, StatusCode::CREATED, "{orbit}");
        let (status, triles) = post(json!({"game": "triles(tiles=double.toml)",
                                           "seats": ["human", "human"],
                                           "definitions": {"tiles": double}}))
        .await;
        assert_eq!(status, StatusCode::CREATED, "{triles}");
        let orbit: Created = serde_json::from_value(orbit).unwrap();
        let triles: Created = serde_json::from_value(triles).unwrap();
        (orbit, triles)
    });
    // After a restart on the same file both games are the ones created.
    runtime().block_on(async {
        let server = Server::on(&backend).await;
        let view = server
            .snapshot(&orbit.id, Some(&orbit.seats[0].token))
            .await
            .view
            .value();
        assert_eq!(
            view["geometry"]["lines"],
            json!(["1.0-2.0", "2.0-3.0", "3.0-4.0", "3.2-4.2"])
        );
        let mine = server
            .snapshot(&triles.id, Some(&triles.seats[0].token))
            .await;
        let view = mine.view.value();
        let types = view["types"].as_object().unwrap();
        assert!(types.keys().all(|name| name.starts_with('T')), "{types:?}");
        assert_eq!(
            types.values().next().unwrap()["terminals"]
                .as_array()
                .unwrap()
                .len(),
            6
        );
        // Played to the end by resigning; the record carries the board's text.
        assert_eq!(
            server.resign(&orbit.id, &orbit.seats[0].token).await,
            StatusCode::OK
        );
        let record = server.record(&orbit.id).await;
        assert_eq!(record.definitions["board"], funnel);
        assert_eq!(record.game, "orbit(board=funnel.toml)");
        let game = trio_catalog::record_game(&record).unwrap();
        game.replay(&record).unwrap();
    });
}
