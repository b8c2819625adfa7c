//! What `trio serve` holds each client and creator to: connections per address, what the
//! HTTP layer cannot read, timeouts, rates, running games per creator, events per game.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use trio_server::protocol::Created;
use trio_server::{Limits, Settings};

use crate::support::backend::on_both_backends;
use crate::support::{read_to_close, Backend, Server, PATIENCE};

#[tokio::test]
async fn a_flood_from_one_address_leaves_the_others_served() {
    let limits = Limits {
        connections_per_address: 8,
        ..Default::default()
    };
    let server = Server::start_within(limits).await;
    // Another client, from another address: its connection is open before the flood.
    let other = reqwest::Client::builder()
        .local_address("127.0.0.2".parse::<std::net::IpAddr>().unwrap())
        .build()
        .unwrap();
    let game: Created = other
        .post(server.url("/api/games"))
        .json(&json!({"game": "gyges", "seats": ["human", "human"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut flood = Vec::new();
    for _ in 0..8 {
        flood.push(TcpStream::connect(server.addr).await.unwrap());
    }
    // One more from the flooding address is answered with the JSON error and closed.
    let mut extra = TcpStream::connect(server.addr).await.unwrap();
    let answer = String::from_utf8(read_to_close(&mut extra).await).unwrap();
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(
        answer.contains(r#""code":"too-many-connections""#),
        "{answer}"
    );
    // The other address still lists, shows and plays.
    let lobby = other.get(server.url("/api/games")).send().await.unwrap();
    assert_eq!(lobby.status(), StatusCode::OK);
    let response = other
        .post(server.url(&format!("/api/games/{}/actions", game.id)))
        .bearer_auth(&game.seats[0].token)
        .json(&json!({"action": "setup 123321", "expect": 0}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    drop(flood);
}

/// What the HTTP layer refuses before any handler sees it (a request line that does not
/// read, a path too long, headers too large) is the documented JSON error too, and the
/// connection closes.
#[tokio::test]
async fn requests_the_http_layer_cannot_read_get_the_json_error() {
    use tokio::io::AsyncWriteExt;
    let server = Server::start_within(Default::default()).await;
    let long_path = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70_000));
    // More headers than the HTTP layer takes (100).
    let many_headers = format!(
        "GET /api/games HTTP/1.1\r\nHost: x\r\n{}\r\n",
        "X-Filler: a\r\n".repeat(120)
    );
    for (request, status, code) in [
        ("GET /api/games\r\n\r\n".to_owned(), "400", "bad-request"),
        (
            "BLAH BLAH BLAH BLAH\r\n\r\n".to_owned(),
            "400",
            "bad-request",
        ),
        (long_path, "414", "uri-too-long"),
        (many_headers, "431", "headers-too-large"),
    ] {
        // Each is refused once read whole, so the server closes with nothing left unread.
        let mut tcp = TcpStream::connect(server.addr).await.unwrap();
        tcp.write_all(request.as_bytes()).await.unwrap();
        let answer = String::from_utf8(read_to_close(&mut tcp).await).unwrap();
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status} ")),
            "{status}: {answer}"
        );
        assert!(
            answer.contains("content-type: application/json"),
            "{answer}"
        );
        let body: Value = serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap();
        assert_eq!(body["code"], code, "{answer}");
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
}

#[tokio::test]
async fn a_stalled_request_and_a_silent_socket_are_closed_by_their_timeouts() {
    use tokio::io::AsyncWriteExt;
    let limits = Limits {
        header_timeout: Duration::from_millis(300),
        ping_every: Duration::from_millis(200),
        pong_within: Duration::from_millis(200),
        ..Default::default()
    };
    let server = Server::start_within(limits).await;
    let game = server.create("gyges", &["human", "human"]).await;
    // Half a request, then nothing.
    let mut stalled = TcpStream::connect(server.addr).await.unwrap();
    stalled
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    read_to_close(&mut stalled).await;
    // A seat's WebSocket that says hello and then never answers a ping (a browser gone
    // without closing it): it is let go, and the seat is no longer shown connected.
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    let upgrade = format!(
        "GET /api/games/{}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n",
        game.id
    );
    silent.write_all(upgrade.as_bytes()).await.unwrap();
    let hello = json!({"type": "hello", "token": game.seats[0].token}).to_string();
    // A masked text frame, its mask all zeros.
    let mut frame = vec![0x81, 0x80 | hello.len() as u8, 0, 0, 0, 0];
    frame.extend_from_slice(hello.as_bytes());
    silent.write_all(&frame).await.unwrap();
    let sent = read_to_close(&mut silent).await;
    let text = String::from_utf8_lossy(&sent);
    assert!(
        text.contains(r#""role":"seat""#),
        "joined as the seat: {text}"
    );
    // The last frame is a close frame (0x88) with code 1008.
    let close = [0x88, 2 + "no answer to ping".len() as u8, 0x03, 0xf0];
    assert!(
        sent.windows(4).any(|w| w == close),
        "{}",
        String::from_utf8_lossy(&sent)
    );
    // The room hears of it as the socket ends.
    let let_go = async {
        while server.show(&game.id, None).await.1["seats"][0]["connected"] != json!(false) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    tokio::time::timeout(PATIENCE, let_go)
        .await
        .expect("the seat is still shown connected");
}

#[tokio::test]
async fn creating_games_past_the_rate_is_refused_with_429() {
    let limits = Limits {
        creates: "2/h".parse().unwrap(),
        lobby: "3/h".parse().unwrap(),
        ..Default::default()
    };
    let server = Server::start_within(limits).await;
    server.create("gyges", &["human", "human"]).await;
    server.create("gyges", &["human", "human"]).await;
    let asked = std::time::Instant::now();
    let response = server
        .http
        .post(server.url("/api/games"))
        .json(&json!({"game": "gyges", "seats": ["human", "human"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    // Held back a second (the wait is longer), so that asking again at once floods slowly.
    assert!(
        asked.elapsed() >= Duration::from_secs(1),
        "{:?}",
        asked.elapsed()
    );
    let wait: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=1800).contains(&wait), "{wait}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "rate-limited", "{body}");
    // Other requests from that address are not limited by it; the lobby, which reads
    // the store, has a rate of its own: three pages, then 429.
    for query in ["", "status=finished", "limit=1"] {
        assert_eq!(server.list(query).await.0, StatusCode::OK);
    }
    let (status, body) = server.list("").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body["code"], "rate-limited", "{body}");
}

/// One creator keeps at most so many games running: an address, or apart from it a named
/// player by its key. One more is refused until one of them ends.
async fn a_creator_keeps_at_most_so_many_games_running(backend: Backend) {
    let settings = Settings {
        games_per_creator: 2,
        ..Settings::default()
    };
    let server = Server::with(&backend, Some(Limits::default()), settings).await;
    let people = ["human", "human"];
    let first = server.create("gyges", &people).await;
    server.create("gyges", &people).await;
    let gyges = json!({"game": "gyges", "seats": people});
    let (status, refused) = server.post("/api/games", None, gyges.clone()).await;
    assert_eq!(
        (status, refused["code"].as_str()),
        (StatusCode::CONFLICT, Some("too-many-games")),
        "{refused}"
    );
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("this address"),
        "{refused}"
    );
    let (status, zoe) = server
        .post("/api/players", None, json!({"name": "Zoë"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{zoe}");
    let key = zoe["key"].as_str().unwrap();
    for _ in 0..2 {
        let (status, created) = server.post("/api/games", Some(key), gyges.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
    }
    let (status, refused) = server.post("/api/games", Some(key), gyges).await;
    assert_eq!(refused["code"], "too-many-games", "{status} {refused}");
    assert!(
        refused["message"].as_str().unwrap().contains("this player"),
        "{refused}"
    );
    // "Play someone" makes a game too.
    let (status, refused) = server
        .post("/api/seeks", None, json!({"game": "gyges"}))
        .await;
    assert_eq!(refused["code"], "too-many-games", "{status} {refused}");
    let (status, body) = server
        .to_game(&first.id, "resign", Some(&first.seats[0].token), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    server.create("gyges", &people).await;
}

/// Once a game's log holds the most events a game may, nothing is taken back, and the
/// snapshot offers no undo; the game goes on.
async fn undo_stops_at_the_most_events(backend: Backend) {
    let settings = Settings {
        max_events: 2,
        ..Settings::default()
    };
    let server = Server::with(&backend, Some(Limits::default()), settings).await;
    let game = server.create("gyges", &["human", "human"]).await;
    let (south, north) = (&game.seats[0].token, &game.seats[1].token);
    server.play_first(&game.id, south).await;
    let (status, body) = server
        .to_game(&game.id, "undo", Some(south), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "below the most, undo works: {body}");
    server.play_first(&game.id, south).await;
    server.play_first(&game.id, north).await;
    assert!(!server.snapshot(&game.id, Some(north)).await.offers.undo);
    let (status, body) = server
        .to_game(&game.id, "undo", Some(north), json!({}))
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("too-many-events")),
        "{body}"
    );
    server.play_first(&game.id, south).await;
}

/// Setting a password costs a hash: an address sets few (sign-ins are held by their
/// failures instead, `accounts.rs`).
#[tokio::test]
async fn passwords_set_past_the_rate_are_refused_with_429() {
    let limits = Limits {
        sign_ins: "3/h".parse().unwrap(),
        ..Limits::default()
    };
    let server = Server::start_within(limits).await;
    let password = json!({"password": "correct horse"});
    for _ in 0..3 {
        let (status, _) = server
            .post("/api/players/me/password", None, password.clone())
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    let (status, answer) = server
        .post("/api/players/me/password", None, password)
        .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate-limited"))
    );
}

on_both_backends!(
    a_creator_keeps_at_most_so_many_games_running,
    undo_stops_at_the_most_events,
);
