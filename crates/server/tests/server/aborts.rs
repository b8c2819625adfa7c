//! Aborting a game before every seat has played (docs/api.md, "Abort"): the farmer's
//! recipe — two names, a rated game resigned before a move — rates no one; a rated seat
//! that never makes its first decision aborts the game; a player who keeps aborting rated
//! games against people waits before its next.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use trio_core::EndReason;
use trio_server::Limits;

use crate::support::backend::on_both_backends;
use crate::support::{Backend, Server};

/// Two named players' keys.
async fn two_names(server: &Server) -> (String, String) {
    (
        server.new_player("Farmer").await,
        server.new_player("Field").await,
    )
}

/// How many rated games player `name` has, as its page says.
async fn rated_games(server: &Server, name: &str) -> u64 {
    let (_, profile) = server.get(&format!("/api/players/{name}"), None).await;
    profile["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["games"].as_u64().unwrap())
        .sum()
}

#[tokio::test]
async fn resigning_a_rated_game_before_every_seat_has_played_aborts_it() {
    let server = Server::start().await;
    let (farmer, field) = two_names(&server).await;
    // The recipe: the field's player gives up at once, then after its own set-up only.
    for moves_first in [false, true] {
        let (id, tokens) = server.rated_pair(&farmer, &field, Value::Null).await;
        let offers = server.snapshot(&id, Some(&tokens[1])).await.offers;
        assert!(offers.abort && !offers.resign, "{offers:?}");
        if moves_first {
            server.play_first(&id, &tokens[0]).await;
        }
        assert_eq!(server.resign(&id, &tokens[1]).await, StatusCode::OK);
        let over = server.snapshot(&id, None).await;
        let result = over.result.unwrap();
        assert_eq!((result.reason, result.seat), (EndReason::Abort, Some(1)));
        assert!(result.ranks.is_empty() && over.rematch.is_none());
        assert_eq!(
            server.record(&id).await.result.unwrap().reason,
            EndReason::Abort
        );
    }
    assert_eq!(rated_games(&server, "Farmer").await, 0, "rated for no one");
    assert_eq!(rated_games(&server, "Field").await, 0);

    // Once both have set up, nothing aborts it: a resignation is one, and rated.
    let (id, tokens) = server.rated_pair(&farmer, &field, Value::Null).await;
    server.play_first(&id, &tokens[0]).await;
    server.play_first(&id, &tokens[1]).await;
    let offers = server.snapshot(&id, Some(&tokens[0])).await.offers;
    assert!(!offers.abort && offers.resign, "{offers:?}");
    let (status, refused) = server
        .to_game(&id, "abort", Some(&tokens[0]), json!({}))
        .await;
    assert_eq!(
        (status, &refused["code"]),
        (StatusCode::CONFLICT, &json!("not-abortable"))
    );
    assert_eq!(server.resign(&id, &tokens[0]).await, StatusCode::OK);
    let result = server.snapshot(&id, None).await.result.unwrap();
    assert_eq!(
        (result.reason, result.ranks),
        (EndReason::Resign, vec![1, 0])
    );
    assert_eq!(rated_games(&server, "Field").await, 1);

    // A casual game may be aborted too (a spectator may not), and still resigned at once.
    let created = server.create("gyges", &["human", "human"]).await;
    let offers = server
        .snapshot(&created.id, Some(&created.seats[0].token))
        .await
        .offers;
    assert!(offers.abort && offers.resign, "{offers:?}");
    let (status, _) = server.to_game(&created.id, "abort", None, json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let seat = Some(created.seats[1].token.as_str());
    let (status, _) = server
        .to_game(&created.id, "abort", seat, json!({"cid": "a1"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    // The same request twice is acknowledged once.
    let (status, again) = server
        .to_game(&created.id, "abort", seat, json!({"cid": "a1"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{again}");
    let result = server.snapshot(&created.id, None).await.result.unwrap();
    assert_eq!((result.reason, result.seat), (EndReason::Abort, Some(1)));
    let created = server.create("gyges", &["human", "human"]).await;
    assert_eq!(
        server.resign(&created.id, &created.seats[0].token).await,
        StatusCode::OK
    );
    let result = server.snapshot(&created.id, None).await.result.unwrap();
    assert_eq!(result.reason, EndReason::Resign);
}

#[tokio::test]
async fn a_rated_seat_that_never_makes_its_first_move_aborts_the_game() {
    let server = Server::start().await;
    let (farmer, field) = two_names(&server).await;
    // Five minutes each: thirty seconds for a first move.
    let clock = json!({"initial": 300, "increment": 0});
    let (id, tokens) = server.rated_pair(&farmer, &field, clock.clone()).await;
    server.time.advance(Duration::from_secs(29));
    assert!(server.snapshot(&id, None).await.result.is_none());
    server.time.advance(Duration::from_secs(2));
    let over = server.once(&id, |s| s.result.is_some()).await;
    let result = over.result.unwrap();
    assert_eq!((result.reason, result.seat), (EndReason::Abort, Some(0)));
    // North's first move is due thirty seconds after South's.
    let (id, tokens2) = server.rated_pair(&farmer, &field, clock).await;
    server.play_first(&id, &tokens2[0]).await;
    server.time.advance(Duration::from_secs(31));
    let over = server.once(&id, |s| s.result.is_some()).await;
    let result = over.result.unwrap();
    assert_eq!((result.reason, result.seat), (EndReason::Abort, Some(1)));
    assert_eq!(rated_games(&server, "Farmer").await, 0);
    drop(tokens);
}

on_both_backends!(a_player_who_keeps_aborting_rated_games_waits);

/// Three rated games against a person aborted in a week: ten minutes before the next
/// rated game, created or joined; casual games, and the other player, are not held back.
async fn a_player_who_keeps_aborting_rated_games_waits(backend: Backend) {
    let server = Server::within(&backend, Limits::default()).await;
    let (farmer, field) = two_names(&server).await;
    for _ in 0..3 {
        let (id, tokens) = server.rated_pair(&farmer, &field, Value::Null).await;
        let (status, body) = server
            .to_game(&id, "abort", Some(&tokens[0]), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let rated = json!({"game": "gyges", "seats": ["human", "open"], "rated": true});
    let (status, refused) = server
        .post("/api/games", Some(&farmer), rated.clone())
        .await;
    assert_eq!(
        (status, &refused["code"]),
        (StatusCode::FORBIDDEN, &json!("rated-wait"))
    );
    assert_eq!(refused["args"], json!({"aborts": "3", "minutes": "10"}));
    let (status, made) = server.post("/api/games", Some(&field), rated.clone()).await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "the other player is not held back"
    );
    let game = made["id"].as_str().unwrap();
    let (status, refused) = server.to_game(game, "join", Some(&farmer), json!({})).await;
    assert_eq!(
        (status, &refused["code"]),
        (StatusCode::FORBIDDEN, &json!("rated-wait"))
    );
    let casual = json!({"game": "gyges", "seats": ["human", "open"]});
    let (status, _) = server.post("/api/games", Some(&farmer), casual).await;
    assert_eq!(status, StatusCode::CREATED);
    // Ten minutes on, it may.
    server.time.advance(Duration::from_secs(601));
    let (status, joined) = server.to_game(game, "join", Some(&farmer), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{joined}");
}
