//! Every refusal, in the documented order and JSON: over HTTP and over the WebSocket.

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;
use trio_server::protocol::ServerMessage;

use crate::support::{Server, PATIENCE};

#[tokio::test]
async fn refusals_say_why_in_order() {
    let server = Server::start().await;
    let created = server.create("gyges", &["human", "human"]).await;
    let id = &created.id;
    let south = created.seats[0].token.as_str();
    let north = created.seats[1].token.as_str();
    let code = |body: &Value| body["code"].as_str().unwrap_or("").to_owned();
    // Unknown game.
    let (status, body) = server
        .act(
            "0123456789abcdef",
            Some(south),
            json!({"action": "x", "expect": 0}),
        )
        .await;
    assert_eq!(
        (status, code(&body).as_str()),
        (StatusCode::NOT_FOUND, "not-found")
    );
    let (status, _) = server.show("nope", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // No token, a wrong token, the other seat's token.
    let (status, body) = server
        .act(id, None, json!({"action": "setup 123321", "expect": 0}))
        .await;
    assert_eq!(
        (status, code(&body).as_str()),
        (StatusCode::UNAUTHORIZED, "no-token")
    );
    let (status, body) = server
        .act(
            id,
            Some("0000"),
            json!({"action": "setup 123321", "expect": 0}),
        )
        .await;
    assert_eq!(
        (status, code(&body).as_str()),
        (StatusCode::FORBIDDEN, "wrong-token")
    );
    let (status, _) = server.show(id, Some("0000")).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = server
        .act(
            id,
            Some(north),
            json!({"action": "setup 123321", "expect": 0}),
        )
        .await;
    assert_eq!(
        (status, code(&body).as_str()),
        (StatusCode::FORBIDDEN, "not-your-turn")
    );
    // Stale, bad notation, illegal.
    let (status, body) = server
        .act(
            id,
            Some(south),
            json!({"action": "setup 123321", "expect": 5}),
        )
        .await;
    assert_eq!(
        (status, code(&body).as_str()),
        (StatusCode::CONFLICT, "stale-version")
    );
    let (status, body) = server
        .act(id, Some(south), json!({"action": "fly away", "expect": 0}))
        .await;
    assert_eq!(
        (status, code(&body).as_str()),
        (StatusCode::BAD_REQUEST, "bad-notation"),
        "{body}"
    );
    let (status, body) = server
        .act(id, Some(south), json!({"action": "a1-a2", "expect": 0}))
        .await;
    assert_eq!(
        (status, code(&body).as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "illegal"),
        "{body}"
    );
    assert!(
        body["rule"].as_str().unwrap().starts_with("gyges."),
        "{body}"
    );
    // Malformed and oversized bodies.
    let response = server
        .http
        .post(server.url(&format!("/api/games/{id}/actions")))
        .bearer_auth(south)
        .header("content-type", "application/json")
        .body("{\"action\": ")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(code(&body), "bad-json");
    let (status, body) = server.act(id, Some(south), json!({"action": 3})).await;
    assert_eq!(
        (status, code(&body).as_str()),
        (StatusCode::BAD_REQUEST, "bad-json")
    );
    let huge = "x".repeat(100_000);
    let (status, body) = server
        .act(id, Some(south), json!({"action": huge, "expect": 0}))
        .await;
    assert_eq!(
        (status, code(&body).as_str()),
        (StatusCode::PAYLOAD_TOO_LARGE, "too-large")
    );
    // Bad games and seats.
    for (game, seats, expected) in [
        ("chess", vec!["human", "human"], "bad-spec"),
        (
            "orbit(board=/etc/passwd)",
            vec!["human", "human"],
            "bad-definition",
        ),
        ("gyges", vec!["human"], "bad-seats"),
        ("gyges", vec!["human", "ugi:/bin/sh"], "bad-seats"),
        ("gyges", vec!["ai:1", "ai:2"], "bad-seats"),
        ("gyges", vec!["human", "ai:9"], "bad-seats"),
    ] {
        let (status, body) = server
            .post("/api/games", None, json!({"game": game, "seats": seats}))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{game} {seats:?}");
        assert_eq!(code(&body), expected, "{body}");
    }
    // Nothing was played; a legal move still goes through.
    let (status, body) = server
        .act(
            id,
            Some(south),
            json!({"action": "setup 123321", "expect": 0}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Over WebSocket: malformed, oversized and a spectator's act.
    let mut spectator = server.socket(id, json!({"type": "hello"})).await;
    spectator
        .until(|m| matches!(m, ServerMessage::Snapshot(_)))
        .await;
    spectator
        .send(json!({"type": "act", "cid": "a", "action": "setup 123321", "expect": 1}))
        .await;
    match spectator
        .until(|m| matches!(m, ServerMessage::Reject { .. }))
        .await
    {
        ServerMessage::Reject { code, .. } => assert_eq!(code, "spectator"),
        _ => unreachable!(),
    }
    spectator.ws.send(Message::text("{nope")).await.unwrap();
    match spectator
        .until(|m| matches!(m, ServerMessage::Error { .. }))
        .await
    {
        ServerMessage::Error { code, .. } => assert_eq!(code, "bad-json"),
        _ => unreachable!(),
    }
    spectator.send(json!({"type": "ping"})).await;
    spectator.until(|m| matches!(m, ServerMessage::Pong)).await;
    // An oversized message closes that socket, and only that one.
    let _ = spectator.ws.send(Message::text("x".repeat(200_000))).await;
    let closed = tokio::time::timeout(PATIENCE, async {
        loop {
            match spectator.ws.next().await {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return,
                _ => {}
            }
        }
    })
    .await;
    assert!(closed.is_ok());
    let (status, _) = server.show(id, None).await;
    assert_eq!(status, StatusCode::OK);
    // A bad token on the socket.
    let mut intruder = server
        .socket(id, json!({"type": "hello", "token": "abc"}))
        .await;
    match intruder.next().await {
        ServerMessage::Error { code, .. } => assert_eq!(code, "wrong-token"),
        other => panic!("{other:?}"),
    }
    assert_eq!(intruder.closing().await, Some((1008, "wrong-token".into())));
}

#[tokio::test]
async fn every_error_is_the_documented_json() {
    let server = Server::start().await;
    let game = server.create("gyges", &["human", "human"]).await;
    let id = &game.id;
    let token = &game.seats[0].token;
    let requests = [
        (
            server.http.delete(server.url("/api/games")),
            StatusCode::METHOD_NOT_ALLOWED,
            "bad-method",
        ),
        (
            server
                .http
                .get(server.url(&format!("/api/games/{id}/replay/-1"))),
            StatusCode::BAD_REQUEST,
            "bad-request",
        ),
        (
            server.http.get(server.url(&format!("/api/games/{id}/ws"))),
            StatusCode::BAD_REQUEST,
            "bad-request",
        ),
        (
            server.http.get(server.url("/nowhere")),
            StatusCode::NOT_FOUND,
            "not-found",
        ),
        (
            server
                .http
                .post(server.url(&format!("/api/games/{id}/resign")))
                .bearer_auth(token)
                .json(&json!([])),
            StatusCode::BAD_REQUEST,
            "bad-json",
        ),
    ];
    for (request, status, expected) in requests {
        let response = request.send().await.unwrap();
        let what = format!("{} {}", response.status(), response.url());
        assert_eq!(response.status(), status, "{what}");
        let body: Value = response
            .json()
            .await
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(body["code"], expected, "{what}: {body}");
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{body}"
        );
    }
    // `[]` resigned nothing.
    assert!(server.snapshot(id, Some(token)).await.result.is_none());
    // A socket that does not say hello first is told so, and closed with a reason.
    let mut rude = server.socket(id, json!({"type": "ping"})).await;
    match rude.next().await {
        ServerMessage::Error { code, .. } => assert_eq!(code, "no-hello"),
        other => panic!("{other:?}"),
    }
    assert_eq!(rude.closing().await, Some((1008, "no-hello".into())));
}

#[tokio::test]
async fn a_client_id_of_no_or_too_many_bytes_is_refused_on_both_ways_in() {
    let server = Server::start().await;
    let created = server.create("gyges", &["human", "human"]).await;
    let token = created.seats[0].token.clone();
    let long = "c".repeat(65);
    for cid in ["", long.as_str()] {
        let (status, body) = server
            .act(
                &created.id,
                Some(&token),
                json!({"action": "setup 123321", "expect": 0, "cid": cid}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("bad-cid"))
        );
    }
    let mut ws = server
        .socket(&created.id, json!({"type": "hello", "token": token}))
        .await;
    ws.until(|m| matches!(m, ServerMessage::Snapshot(_))).await;
    ws.send(json!({"type": "act", "cid": long, "action": "setup 123321", "expect": 0}))
        .await;
    let ServerMessage::Error { code, .. } =
        ws.until(|m| matches!(m, ServerMessage::Error { .. })).await
    else {
        unreachable!()
    };
    assert_eq!(code, "bad-cid");
    assert_eq!(
        server.snapshot(&created.id, None).await.seq,
        0,
        "nothing applied"
    );
}
