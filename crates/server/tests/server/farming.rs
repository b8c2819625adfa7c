//! No farming (`docs/api.md`, "Ratings" and "Pairing"): a seek is never paired with its own
//! browser or player, and the rated games two people begin together within a day are
//! bounded (`--rated-games-per-pair`, 3 by default): the next is casual, and says so before
//! it begins, however it is made — a seek, a join or a rematch.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::backend::on_both_backends;
use crate::support::{Backend, Server};

on_both_backends!(
    the_fourth_rated_game_of_a_day_between_two_names_is_casual,
    seeks_never_pair_one_browser_or_one_player_but_pair_two_guests,
);

/// The attacker's recipe: two names of one person play rated games, one always losing on
/// purpose. Three a day move the ratings; the fourth and every later one that day are
/// casual (and say so before they begin), move nothing; a day later the pair is rated again.
async fn the_fourth_rated_game_of_a_day_between_two_names_is_casual(backend: Backend) {
    let server = Server::on(&backend).await;
    let (ann, bo) = (
        server.new_player("Ann").await,
        server.new_player("Bo").await,
    );
    let rated_seek = |browser: &str| json!({"game": "gyges", "rated": true, "browser": browser});
    let mut third = None;
    for _ in 0..3 {
        let (first, second) = pair(&server, &ann, &bo, rated_seek).await;
        assert_eq!(second["casual"], Value::Null, "{second}");
        let id = first["id"].as_str().unwrap();
        assert!(server.snapshot(id, None).await.rated);
        play_and_lose(&server, id, [&first, &second], &second).await;
        third = Some((first, second));
    }
    let before = profile(&server, "Ann").await;
    assert_eq!(before["ratings"][0]["games"], 3, "{before}");

    // A rematch of the third, both agreeing, would be the fourth: casual.
    let (first, second) = third.unwrap();
    let id = first["id"].as_str().unwrap();
    let mut agreed = Value::Null;
    for seek in [&first, &second] {
        let token = seek["seat"]["token"].as_str().unwrap();
        let status;
        (status, agreed) = server.to_game(id, "rematch", Some(token), json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "{agreed}");
    }
    let rematch = server
        .snapshot(agreed["game"].as_str().unwrap(), None)
        .await;
    assert!(!rematch.rated && rematch.casual.is_some(), "{rematch:?}");

    // The fourth: the seek that pairs says so, and so does the game, before anyone moves.
    let (first, second) = pair(&server, &ann, &bo, rated_seek).await;
    assert_eq!(second["casual"], "pair-limit", "{second}");
    let id = first["id"].as_str().unwrap().to_owned();
    let waiting = server.snapshot(&id, None).await;
    assert!(!waiting.rated && waiting.seq == 0, "{waiting:?}");
    assert_eq!(
        waiting.casual,
        Some(trio_server::protocol::Casual::PairLimit)
    );
    let (_, lobby) = server.list("").await;
    let line = lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == json!(id));
    assert_eq!(line.unwrap()["casual"], "pair-limit", "{lobby}");
    play_and_lose(&server, &id, [&first, &second], &second).await;
    assert_eq!(profile(&server, "Ann").await["ratings"], before["ratings"]);

    // Joining an open seat is held to the same count.
    let body = json!({"game": "gyges", "seats": ["human", "open"], "rated": true});
    let (_, created) = server.post("/api/games", Some(&ann), body).await;
    let id = created["id"].as_str().unwrap();
    let (status, joined) = server.to_game(id, "join", Some(&bo), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{joined}");
    assert_eq!(joined["casual"], "pair-limit", "{joined}");
    let shown = server.snapshot(id, None).await;
    assert!(!shown.rated && shown.casual.is_some(), "{shown:?}");

    // AI levels are anchors, nobody's pair: Ann's rated game against one stays rated.
    let body = json!({"game": "gyges", "seats": ["human", "ai:1"], "rated": true});
    let (_, created) = server.post("/api/games", Some(&ann), body).await;
    assert!(
        server
            .snapshot(created["id"].as_str().unwrap(), None)
            .await
            .rated
    );

    // A day after, the pair's count starts again.
    server.time.advance(Duration::from_secs(24 * 3600 + 60));
    let (_, second) = pair(&server, &ann, &bo, rated_seek).await;
    assert_eq!(second["casual"], Value::Null, "{second}");
    assert!(
        server
            .snapshot(second["id"].as_str().unwrap(), None)
            .await
            .rated
    );
    assert_eq!(profile(&server, "Ann").await["ratings"][0]["games"], 3);
}

/// A guest's second seek from the same browser waits beside its first; so does a named
/// player's second seek from another device. Two guests' browsers are paired.
async fn seeks_never_pair_one_browser_or_one_player_but_pair_two_guests(backend: Backend) {
    let server = Server::on(&backend).await;
    let seek = |key: Option<&str>, game: &str, browser: &str| {
        let server = &server;
        let body = json!({"game": game, "browser": browser});
        let key = key.map(str::to_owned);
        async move {
            let (status, body) = server.post("/api/seeks", key.as_deref(), body).await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
            body
        }
    };
    let first = seek(None, "triles", "browser-x").await;
    let again = seek(None, "triles", "browser-x").await;
    assert_eq!(
        (&first["paired"], &again["paired"]),
        (&json!(false), &json!(false))
    );
    assert_ne!(first["id"], again["id"]);
    // Another guest takes the oldest of them.
    let other = seek(None, "triles", "browser-y").await;
    assert_eq!(
        (&other["paired"], &other["id"]),
        (&json!(true), &first["id"])
    );

    // One named player on two devices (two browsers) waits twice too; a guest takes the
    // older game.
    let ann = server.new_player("Ann").await;
    let phone = seek(Some(&ann), "gyges", "phone").await;
    let laptop = seek(Some(&ann), "gyges", "laptop").await;
    assert_eq!(
        (&phone["paired"], &laptop["paired"]),
        (&json!(false), &json!(false))
    );
    let guest = seek(None, "gyges", "browser-z").await;
    assert_eq!(guest["id"], phone["id"]);

    let (status, refused) = server
        .post("/api/seeks", None, json!({"game": "triles", "browser": ""}))
        .await;
    assert_eq!(
        (status, &refused["code"]),
        (StatusCode::BAD_REQUEST, &json!("bad-browser"))
    );
}

/// Player `name`'s page.
async fn profile(server: &Server, name: &str) -> Value {
    server.get(&format!("/api/players/{name}"), None).await.1
}

/// Players `a` and `b` (keys) seek `body(browser)` one after the other, each from a browser
/// of its own: the answers, the second paired into the first's game.
async fn pair(server: &Server, a: &str, b: &str, body: impl Fn(&str) -> Value) -> (Value, Value) {
    let (status, first) = server.post("/api/seeks", Some(a), body("a")).await;
    assert_eq!(
        (status, &first["paired"]),
        (StatusCode::CREATED, &json!(false)),
        "{first}"
    );
    let (status, second) = server.post("/api/seeks", Some(b), body("b")).await;
    assert_eq!(
        (status, &second["paired"]),
        (StatusCode::CREATED, &json!(true)),
        "{second}"
    );
    assert_eq!(first["id"], second["id"]);
    (first, second)
}

/// Each seat of game `id` (its seek answers) makes its first decision, so that the game
/// counts as played, then `loser`'s seat resigns.
async fn play_and_lose(server: &Server, id: &str, seats: [&Value; 2], loser: &Value) {
    let token_of = |seat: u64| {
        let mine = seats
            .iter()
            .find(|s| s["seat"]["seat"] == json!(seat))
            .unwrap();
        mine["seat"]["token"].as_str().unwrap().to_owned()
    };
    for _ in 0..2 {
        let mover = server.snapshot(id, None).await.turn.seat.unwrap();
        server.play_first(id, &token_of(u64::from(mover))).await;
    }
    let loser = loser["seat"]["token"].as_str().unwrap();
    assert_eq!(server.resign(id, loser).await, StatusCode::OK);
}
