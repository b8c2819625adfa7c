//! The server over real HTTP and WebSocket on an ephemeral port of 127.0.0.1: games played
//! through by two seats and a spectator, every refusal, reconnects, privacy in Triles, and
//! a restart on the same database file.

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use trio_server::protocol::{Created, EventKind, Role, ServerMessage, Snapshot, TurnKind};
use trio_server::{app, AppState};

struct Server {
    addr: SocketAddr,
    http: reqwest::Client,
}

async fn serve(db: &Path) -> Server {
    let state = AppState::sqlite(db.to_str().unwrap()).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app(state)).await.unwrap() });
    Server {
        addr,
        http: reqwest::Client::new(),
    }
}

/// The server as `trio serve` runs it, within `limits`, its clients told apart by address.
async fn serve_within(db: &Path, limits: trio_server::Limits) -> Server {
    let state = AppState::sqlite(db.to_str().unwrap()).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(trio_server::serve(
        listener,
        state,
        limits,
        std::future::pending(),
    ));
    Server {
        addr,
        http: reqwest::Client::new(),
    }
}

/// Reads `tcp` until the server closes it, within 10 s: everything it sent.
async fn read_to_close(tcp: &mut TcpStream) -> Vec<u8> {
    use tokio::io::AsyncReadExt;
    let mut all = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), tcp.read_to_end(&mut all))
        .await
        .expect("closed within 10 s")
        .ok();
    all
}

impl Server {
    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    async fn create(&self, game: &str, seats: &[&str]) -> Created {
        let response = self
            .http
            .post(self.url("/api/games"))
            .json(&json!({"game": game, "seats": seats}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        response.json().await.unwrap()
    }

    async fn show(&self, id: &str, token: Option<&str>) -> (StatusCode, Value) {
        let mut request = self.http.get(self.url(&format!("/api/games/{id}")));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        (response.status(), response.json().await.unwrap())
    }

    async fn snapshot(&self, id: &str, token: Option<&str>) -> Snapshot {
        let (status, body) = self.show(id, token).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        serde_json::from_value(body).unwrap()
    }

    async fn act(&self, id: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        let mut request = self
            .http
            .post(self.url(&format!("/api/games/{id}/actions")))
            .json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        (response.status(), response.json().await.unwrap())
    }

    async fn resign(&self, id: &str, token: &str) -> StatusCode {
        self.post(id, "resign", token, json!({})).await.0
    }

    /// `POST /api/games/{id}/{what}` (`resign`, `undo`) as `token`'s seat.
    async fn post(&self, id: &str, what: &str, token: &str, body: Value) -> (StatusCode, Value) {
        let response = self
            .http
            .post(self.url(&format!("/api/games/{id}/{what}")))
            .bearer_auth(token)
            .json(&body)
            .send()
            .await
            .unwrap();
        (response.status(), response.json().await.unwrap())
    }

    async fn record(&self, id: &str) -> trio_core::Record {
        let response = self
            .http
            .get(self.url(&format!("/api/games/{id}/record")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    async fn socket(&self, id: &str, hello: Value) -> Socket {
        let url = format!("ws://{}/api/games/{id}/ws", self.addr);
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Socket::hello(ws, hello).await
    }

    /// A WebSocket with a small receive buffer, so that a client that stops reading fills
    /// it, and then the server's queue for it, soon.
    async fn socket_with_small_buffer(&self, id: &str, hello: Value) -> Socket {
        let tcp = tokio::net::TcpSocket::new_v4().unwrap();
        tcp.set_recv_buffer_size(4096).unwrap();
        let stream = tcp.connect(self.addr).await.unwrap();
        let url = format!("ws://{}/api/games/{id}/ws", self.addr);
        let (ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
            .await
            .unwrap();
        Socket::hello(ws, hello).await
    }
}

struct Socket {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every text frame received, as sent.
    frames: Vec<String>,
}

impl Socket {
    async fn hello(mut ws: WebSocketStream<MaybeTlsStream<TcpStream>>, hello: Value) -> Self {
        ws.send(Message::text(hello.to_string())).await.unwrap();
        Self {
            ws,
            frames: Vec::new(),
        }
    }

    async fn send(&mut self, message: Value) {
        self.ws
            .send(Message::text(message.to_string()))
            .await
            .unwrap();
    }

    /// The next message, within 10 s.
    async fn next(&mut self) -> ServerMessage {
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("a message within 10 s")
                .expect("the socket is open")
                .unwrap();
            if let Message::Text(text) = frame {
                self.frames.push(text.to_string());
                return serde_json::from_str(&text).unwrap();
            }
        }
    }

    /// Messages until one `pred` accepts, which is returned.
    async fn until(&mut self, pred: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
        loop {
            let message = self.next().await;
            if pred(&message) {
                return message;
            }
        }
    }

    /// Reads until the socket closes, within 10 s: the close frame's code and reason, `None`
    /// if it closed without one.
    async fn closing(&mut self) -> Option<(u16, String)> {
        let within = Duration::from_secs(10);
        loop {
            let frame = tokio::time::timeout(within, self.ws.next())
                .await
                .expect("closed within 10 s");
            match frame {
                Some(Ok(Message::Close(frame))) => {
                    return frame.map(|f| (f.code.into(), f.reason.to_string()))
                }
                Some(Ok(Message::Text(text))) => self.frames.push(text.to_string()),
                Some(Ok(_)) => {}
                None | Some(Err(_)) => return None,
            }
        }
    }

    /// Reads until the game is at `seq` (an event or snapshot at it).
    async fn reach(&mut self, seq: u64) {
        self.until(|m| match m {
            ServerMessage::Event(e) => e.seq >= seq,
            ServerMessage::Snapshot(s) => s.seq >= seq,
            _ => false,
        })
        .await;
    }
}

fn seq_of(body: &Value) -> u64 {
    body["seq"]
        .as_u64()
        .unwrap_or_else(|| panic!("no seq in {body}"))
}

/// A random legal move of the seat to move, by a simple generator (no rand needed).
fn pick(legal: &[String], n: &mut u64) -> String {
    *n = n
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    legal[(*n >> 33) as usize % legal.len()].clone()
}

#[tokio::test]
async fn two_seats_and_a_spectator_play_a_game_through() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let created = server.create("gyges", &["human", "human"]).await;
    assert_eq!(created.seats.len(), 2);
    assert_eq!(created.seed_hash.len(), 64);
    assert!(created.seats[0].link.contains(&created.seats[0].token));
    let id = created.id.clone();
    let mut spectator = server.socket(&id, json!({"type": "hello"})).await;
    match spectator.next().await {
        ServerMessage::Welcome { role, seat, .. } => {
            assert_eq!(role, Role::Spectator);
            assert_eq!(seat, None);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(spectator.next().await, ServerMessage::Snapshot(_)));
    // The lobby lists it, without secrets.
    let lobby = server
        .http
        .get(server.url("/api/games"))
        .send()
        .await
        .unwrap();
    let lobby = lobby.text().await.unwrap();
    assert!(lobby.contains(&id));
    assert!(!lobby.contains(&created.seats[0].token));
    // The record waits for the end.
    let early = server
        .http
        .get(server.url(&format!("/api/games/{id}/record")))
        .send()
        .await
        .unwrap();
    assert_eq!(early.status(), StatusCode::CONFLICT);
    let mut n = 7;
    let mut played = 0;
    loop {
        let spectator_view = server.snapshot(&id, None).await;
        if spectator_view.result.is_some() {
            break;
        }
        let mover = spectator_view.turn.seat.unwrap() as usize;
        let token = &created.seats[mover].token;
        let mine = server.snapshot(&id, Some(token)).await;
        assert_eq!(mine.you, Some(mover as u8));
        assert!(spectator_view.legal.is_empty());
        let action = pick(&mine.legal, &mut n);
        let (status, body) = server
            .act(
                &id,
                Some(token),
                json!({"action": action, "expect": mine.seq}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(seq_of(&body), mine.seq + 1);
        played += 1;
        // Resign after a while so that the test stays short.
        if played == 60 {
            assert_eq!(
                server.resign(&id, &created.seats[1].token).await,
                StatusCode::OK
            );
        }
    }
    let end = server.snapshot(&id, None).await;
    spectator.reach(end.seq).await;
    // The spectator saw every event once, in order.
    let seqs: Vec<u64> = spectator
        .frames
        .iter()
        .filter_map(|f| {
            let v: Value = serde_json::from_str(f).unwrap();
            (v["type"] == "event").then(|| v["seq"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(seqs, (1..=end.seq).collect::<Vec<_>>());
    assert_eq!(end.moves.len(), played);
    // The record, with the seed revealed and its commitment.
    let record = server.record(&id).await;
    let commitment = record.commitment.clone().unwrap();
    assert_eq!(commitment.seed_hash, created.seed_hash);
    // Published at the start, it covers the game, the seats and the start with the seed.
    let parts = trio_server::secrets::commitment_parts(&record, &commitment.nonce);
    assert_eq!(commitment.parts.as_ref(), Some(&parts));
    assert_eq!(
        trio_server::secrets::commitment_hash(&parts),
        created.seed_hash
    );
    assert!(record.result.is_some());
    let game = trio_catalog::game(&record.game).unwrap();
    game.replay(&record).unwrap();
}

/// `POST /api/games/{id}/join` with `body`.
async fn join(server: &Server, id: &str, body: Value) -> (StatusCode, Value) {
    let response = server
        .http
        .post(server.url(&format!("/api/games/{id}/join")))
        .json(&body)
        .send()
        .await
        .unwrap();
    (response.status(), response.json().await.unwrap())
}

#[tokio::test]
async fn invited_and_open_seats_are_taken_once_and_the_game_waits_for_them() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let created = server
        .create("orbit(players=3)", &["human", "invite", "open"])
        .await;
    let id = created.id.clone();
    // The creator holds its own seat's token alone; the invitation is a link with a code.
    assert_eq!(created.seats.len(), 1);
    assert_eq!(created.seats[0].seat, 0);
    assert_eq!(created.invites.len(), 1);
    let invite = &created.invites[0];
    assert_eq!(invite.seat, 1);
    let code = invite.link.split_once("#claim=").unwrap().1.to_owned();
    let mut spectator = server.socket(&id, json!({"type": "hello"})).await;
    spectator.next().await;
    spectator.next().await;

    let waiting = server.snapshot(&id, Some(&created.seats[0].token)).await;
    assert_eq!(waiting.turn.kind, TurnKind::Waiting);
    assert!(waiting.legal.is_empty());
    let players: Vec<&str> = waiting.seats.iter().map(|s| s.player.as_str()).collect();
    assert_eq!(players, ["human", "invite", "open"]);
    let (status, body) = server
        .act(
            &id,
            Some(&created.seats[0].token),
            json!({"action": "x", "expect": 0}),
        )
        .await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::CONFLICT, &json!("waiting-for-players"))
    );

    // An invited seat needs its code; an open one no code.
    let refused = [
        json!({"code": "0".repeat(32)}),
        json!({"seat": 1}),
        json!({"seat": 0}),
    ];
    for body in refused {
        let (status, answer) = join(&server, &id, body.clone()).await;
        assert_eq!(
            (status, &answer["code"]),
            (StatusCode::CONFLICT, &json!("no-open-seat")),
            "{body}"
        );
    }
    let (status, invited) = join(&server, &id, json!({"code": code})).await;
    assert_eq!(status, StatusCode::CREATED, "{invited}");
    assert_eq!(invited["seat"], 1);
    let (status, _) = join(&server, &id, json!({"code": code})).await;
    assert_eq!(status, StatusCode::CONFLICT, "an invitation is used once");
    let (status, open) = join(&server, &id, json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{open}");
    assert_eq!(open["seat"], 2);
    let (status, _) = join(&server, &id, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "no seat is left");

    // Everyone is told the game began; chance draws the order, then a person plays.
    spectator
        .until(|m| matches!(m, ServerMessage::Snapshot(s) if s.turn.kind != TurnKind::Waiting))
        .await;
    let tokens = [
        created.seats[0].token.clone(),
        invited["token"].as_str().unwrap().to_owned(),
        open["token"].as_str().unwrap().to_owned(),
    ];
    let now = loop {
        let now = server.snapshot(&id, None).await;
        if now.turn.kind == TurnKind::Seat {
            break now;
        }
        spectator.reach(now.seq + 1).await;
    };
    let players: Vec<&str> = now.seats.iter().map(|s| s.player.as_str()).collect();
    assert_eq!(players, ["human"; 3]);
    let mover = usize::from(now.turn.seat.unwrap());
    let mine = server.snapshot(&id, Some(&tokens[mover])).await;
    let (status, body) = server
        .act(
            &id,
            Some(&tokens[mover]),
            json!({"action": mine.legal[0], "expect": mine.seq}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// `method path` with `key` as the bearer, if any, and `body` (for a POST).
async fn with_key(
    server: &Server,
    post: Option<Value>,
    path: &str,
    key: Option<&str>,
) -> (StatusCode, Value) {
    let mut request = match post {
        Some(body) => server.http.post(server.url(path)).json(&body),
        None => server.http.get(server.url(path)),
    };
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    let response = request.send().await.unwrap();
    (response.status(), response.json().await.unwrap())
}

#[tokio::test]
async fn named_players_sit_by_their_key_and_find_their_games() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let (status, zoe) = with_key(&server, Some(json!({"name": "Zoë"})), "/api/players", None).await;
    assert_eq!(status, StatusCode::CREATED, "{zoe}");
    let key = zoe["key"].as_str().unwrap().to_owned();
    assert_eq!(zoe["link"], json!(format!("/#player={key}")));
    // A name is taken once, however it is written; a bad one says what a name is.
    for (name, code) in [
        ("ZOË", "name-taken"),
        ("Zoe\u{308}", "name-taken"),
        ("x", "bad-name"),
    ] {
        let (status, body) =
            with_key(&server, Some(json!({"name": name})), "/api/players", None).await;
        assert_eq!(body["code"], code, "{name}");
        assert!(status.is_client_error());
    }
    let (_, ola) = with_key(&server, Some(json!({"name": "Ola"})), "/api/players", None).await;
    let ola_key = ola["key"].as_str().unwrap();
    let (status, me) = with_key(&server, None, "/api/players/me", Some(&key)).await;
    assert_eq!((status, &me["name"]), (StatusCode::OK, &json!("Zoë")));
    let (status, body) = with_key(&server, None, "/api/players/me", Some("p-nobody")).await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::FORBIDDEN, &json!("wrong-key"))
    );
    let (status, body) = with_key(&server, None, "/api/players/me/games", None).await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::UNAUTHORIZED, &json!("no-key"))
    );

    // Zoë creates a game with her key, Ola joins its open seat with hers.
    let (status, created) = with_key(
        &server,
        Some(json!({"game": "gyges", "seats": ["human", "open"]})),
        "/api/games",
        Some(&key),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let (status, _) = with_key(
        &server,
        Some(json!({})),
        &format!("/api/games/{id}/join"),
        Some(ola_key),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let shown = server.snapshot(id, None).await;
    let names: Vec<Option<&str>> = shown
        .seats
        .iter()
        .map(|s| s.player_name.as_deref())
        .collect();
    assert_eq!(names, [Some("Zoë"), Some("Ola")]);
    // A guest's game is nobody's.
    server.create("gyges", &["human", "ai:1"]).await;
    let (status, mine) = with_key(&server, None, "/api/players/me/games", Some(&key)).await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&Value> = mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["id"])
        .collect();
    assert_eq!(ids, [&json!(id)]);
    assert_eq!(mine["games"][0]["seats"][1]["player_name"], "Ola");
}

/// Creates `game` for `seats` with `clock`.
async fn create_with_clock(server: &Server, game: &str, seats: &[&str], clock: Value) -> Created {
    let response = server
        .http
        .post(server.url("/api/games"))
        .json(&json!({"game": game, "seats": seats, "clock": clock}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

/// The game's snapshot once `done` holds of it, within 10 s.
async fn once(server: &Server, id: &str, done: impl Fn(&Snapshot) -> bool) -> Snapshot {
    let until = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let now = server.snapshot(id, None).await;
        if done(&now) {
            return now;
        }
        assert!(
            tokio::time::Instant::now() < until,
            "not within 10 s: {:?}",
            now.clock
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_clock_runs_for_the_person_to_move_and_its_flag_ends_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    for bad in [
        json!({"initial": 0, "increment": 0}),
        json!({"days": 31}),
        json!({"minutes": 3}),
    ] {
        let response = server
            .http
            .post(server.url("/api/games"))
            .json(&json!({"game": "gyges", "seats": ["human", "human"], "clock": bad}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
    let created = create_with_clock(
        &server,
        "gyges",
        &["human", "human"],
        json!({"initial": 60, "increment": 5}),
    )
    .await;
    let id = &created.id;
    let first = server.snapshot(id, None).await;
    let clock = first.clock.clone().unwrap();
    assert_eq!(clock.running, Some(0), "South sets up first");
    assert!(clock.remaining_ms[0] <= 60_000 && clock.remaining_ms[1] == 60_000);
    // South moves: the increment is added and North's clock runs.
    let mine = server.snapshot(id, Some(&created.seats[0].token)).await;
    let (status, _) = server
        .act(
            id,
            Some(&created.seats[0].token),
            json!({"action": mine.legal[0], "expect": mine.seq}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let after = server.snapshot(id, None).await.clock.unwrap();
    assert_eq!(after.running, Some(1));
    assert!(after.remaining_ms[0] > 60_000, "{after:?}");

    // A one-second clock: the seat to move loses on time, told to a watcher as the end.
    let created = create_with_clock(
        &server,
        "gyges",
        &["human", "human"],
        json!({"initial": 1, "increment": 0}),
    )
    .await;
    let mut spectator = server.socket(&created.id, json!({"type": "hello"})).await;
    let end = spectator
        .until(|m| matches!(m, ServerMessage::Event(e) if e.state.as_ref().is_some_and(|s| s.result.is_some())))
        .await;
    let ServerMessage::Event(end) = end else {
        unreachable!()
    };
    let state = end.state.unwrap();
    assert_eq!(state.result.unwrap().resigned, Some(0));
    assert_eq!(state.clock.unwrap().flagged, Some(0));
    let record = server.record(&created.id).await;
    assert_eq!(record.result.unwrap().ranks, [1, 0]);
}

#[tokio::test]
async fn with_more_than_two_a_seat_out_of_time_is_played_on_by_the_ai() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let created = create_with_clock(
        &server,
        "orbit(players=3)",
        &["human", "human", "human"],
        json!({"initial": 1, "increment": 0}),
    )
    .await;
    let flagged = once(&server, &created.id, |s| {
        s.clock.as_ref().is_some_and(|c| c.flagged.is_some())
    })
    .await;
    let seat = usize::from(flagged.clock.unwrap().flagged.unwrap());
    assert_eq!(flagged.seats[seat].player, "ai:2");
    assert!(flagged.result.is_none(), "the game goes on");
    // The AI moves for it: the seat acts again.
    let before = flagged
        .moves
        .iter()
        .filter(|m| m.seat == Some(seat as u8))
        .count();
    once(&server, &created.id, |s| {
        s.result.is_some()
            || s.moves
                .iter()
                .filter(|m| m.seat == Some(seat as u8))
                .count()
                > before
    })
    .await;
}

#[test]
fn a_flag_falls_when_due_after_a_kill_and_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let runtime = || tokio::runtime::Runtime::new().unwrap();
    let created = runtime().block_on(async {
        let server = serve(&db).await;
        create_with_clock(
            &server,
            "gyges",
            &["human", "human"],
            json!({"initial": 2, "increment": 0}),
        )
        .await
    });
    // The runtime is gone with its rooms and timers, as after kill -9; a new server on the
    // same file lets the flag fall when due although nobody asks for the game.
    runtime().block_on(async {
        let server = serve(&db).await;
        let until = tokio::time::Instant::now() + Duration::from_secs(10);
        let pool = sqlx::SqlitePool::connect(&format!("sqlite:{}", db.display()))
            .await
            .unwrap();
        loop {
            let status: String = sqlx::query_scalar("SELECT status FROM games WHERE id = $1")
                .bind(&created.id)
                .fetch_one(&pool)
                .await
                .unwrap();
            if status == "over" {
                break;
            }
            assert!(tokio::time::Instant::now() < until, "the flag did not fall");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let end = server.snapshot(&created.id, None).await;
        assert_eq!(end.result.unwrap().resigned, Some(0));
        assert_eq!(end.clock.unwrap().flagged, Some(0));
    });
}

#[tokio::test]
async fn play_someone_pairs_the_same_game_and_clock_and_never_oneself() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let seek = |body: Value, key: Option<String>| {
        let server = &server;
        async move {
            let (status, body) = with_key(server, Some(body), "/api/seeks", key.as_deref()).await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
            body
        }
    };
    let blitz = json!({"initial": 300, "increment": 3});
    let a = seek(json!({"game": "gyges", "clock": blitz}), None).await;
    assert_eq!(a["paired"], false);
    let first = a["id"].as_str().unwrap().to_owned();
    assert_eq!(
        server.snapshot(&first, None).await.turn.kind,
        TurnKind::Waiting
    );
    // The same browser asking again is not paired with itself.
    let again = seek(
        json!({"game": "gyges", "clock": blitz, "except": [first]}),
        None,
    )
    .await;
    assert_eq!(again["paired"], false);
    // Another game or clock is another queue.
    let other = seek(json!({"game": "gyges"}), None).await;
    assert_eq!(other["paired"], false);
    // The next to ask for the same is paired with the oldest waiting (ordered to the
    // millisecond and beyond: both were most likely made within one second).
    let b = seek(json!({"game": "gyges", "clock": blitz}), None).await;
    assert_eq!((&b["paired"], &b["id"]), (&json!(true), &json!(first)));
    assert_ne!(a["seat"]["seat"], b["seat"]["seat"]);
    let begun = server.snapshot(&first, None).await;
    assert_ne!(begun.turn.kind, TurnKind::Waiting);
    assert!(begun.clock.unwrap().running.is_some());

    // A named player is never paired with itself, even without `except`.
    let (_, me) = with_key(&server, Some(json!({"name": "Ada"})), "/api/players", None).await;
    let key = me["key"].as_str().unwrap().to_owned();
    let mine = seek(json!({"game": "triles"}), Some(key.clone())).await;
    let twice = seek(json!({"game": "triles"}), Some(key)).await;
    assert_eq!(twice["paired"], false);
    assert_ne!(mine["id"], twice["id"]);

    // Na orbicie for three: two meet, and one gives the last seat to the AI.
    let red = seek(json!({"game": "orbit(players=3)"}), None).await;
    let id = red["id"].as_str().unwrap().to_owned();
    let green = seek(json!({"game": "orbit(players=3)"}), None).await;
    assert_eq!(green["id"], json!(id));
    assert_eq!(
        server.snapshot(&id, None).await.turn.kind,
        TurnKind::Waiting
    );
    let token = red["seat"]["token"].as_str().unwrap();
    let (status, body) = server.post(&id, "fill", token, json!({"level": 9})).await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::BAD_REQUEST, &json!("bad-seats"))
    );
    let (status, body) = server.post(&id, "fill", token, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let filled = server.snapshot(&id, None).await;
    assert_ne!(filled.turn.kind, TurnKind::Waiting);
    assert_eq!(
        filled.seats.iter().filter(|s| s.player == "ai:2").count(),
        1
    );
    let (status, _) = server.post(&id, "fill", token, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "no open seat is left");
}

#[tokio::test]
async fn a_rematch_every_person_accepts_rotates_the_seats_and_keeps_game_and_clock() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let created = create_with_clock(
        &server,
        "gyges(ply-limit=40)",
        &["human", "human"],
        json!({"initial": 600, "increment": 0}),
    )
    .await;
    let id = &created.id;
    let (south, north) = (&created.seats[0].token, &created.seats[1].token);
    let (status, body) = server.post(id, "rematch", south, json!({})).await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::CONFLICT, &json!("not-over"))
    );
    assert_eq!(server.resign(id, north).await, StatusCode::OK);
    let (status, body) = with_key(
        &server,
        Some(json!({})),
        &format!("/api/games/{id}/rematch"),
        None,
    )
    .await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::UNAUTHORIZED, &json!("no-token"))
    );

    let (status, asked) = server.post(id, "rematch", south, json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{asked}");
    assert_eq!(asked["game"], Value::Null, "North has not accepted");
    let shown = server.snapshot(id, None).await.rematch.unwrap();
    assert_eq!((shown.agreed, shown.game), (vec![true, false], None));
    let (status, accepted) = server.post(id, "rematch", north, json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    let rematch = accepted["game"].as_str().unwrap().to_owned();
    assert_eq!(
        server
            .snapshot(id, None)
            .await
            .rematch
            .unwrap()
            .game
            .as_deref(),
        Some(rematch.as_str())
    );
    // Seats rotated: South's player is North now; the same game and clock.
    let south_now = server
        .snapshot(&rematch, Some(asked["token"].as_str().unwrap()))
        .await;
    assert_eq!(south_now.you, Some(1));
    let north_now = server
        .snapshot(&rematch, Some(accepted["token"].as_str().unwrap()))
        .await;
    assert_eq!(north_now.you, Some(0));
    assert_eq!(north_now.game, "gyges(ply-limit=40)");
    assert_eq!(
        north_now.clock.unwrap().spec,
        trio_server::protocol::ClockSpec::RealTime {
            initial: 600,
            increment: 0
        }
    );
    // Asking again answers the same rematch, never a second one.
    let (_, again) = server.post(id, "rematch", south, json!({})).await;
    assert_eq!(
        (&again["game"], &again["token"]),
        (&json!(rematch), &asked["token"])
    );
}

#[tokio::test]
async fn canned_messages_reach_everyone_from_seats_only_and_one_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let created = server.create("gyges", &["human", "human"]).await;
    let id = &created.id;
    let hello = |s: usize| json!({"type": "hello", "token": created.seats[s].token});
    let mut south = server.socket(id, hello(0)).await;
    let mut north = server.socket(id, hello(1)).await;
    let mut watcher = server.socket(id, json!({"type": "hello"})).await;
    for socket in [&mut south, &mut north, &mut watcher] {
        socket
            .until(|m| matches!(m, ServerMessage::Snapshot(_)))
            .await;
    }
    south
        .send(json!({"type": "say", "phrase": "good-luck"}))
        .await;
    south.send(json!({"type": "say", "phrase": "hello"})).await;
    // A move after them, on the same connection: its event comes after what was said.
    let setup = server
        .snapshot(id, Some(&created.seats[0].token))
        .await
        .legal[0]
        .clone();
    south
        .send(json!({"type": "act", "cid": "c1", "action": setup, "expect": 0}))
        .await;
    for socket in [&mut north, &mut watcher] {
        socket.reach(1).await;
        let said: Vec<Value> = socket
            .frames
            .iter()
            .map(|f| serde_json::from_str::<Value>(f).unwrap())
            .filter(|v| v["type"] == "said")
            .collect();
        assert_eq!(
            said,
            [json!({"type": "said", "seat": 0, "phrase": "good-luck"})],
            "the second within a second is dropped"
        );
    }
    watcher.send(json!({"type": "say", "phrase": "oops"})).await;
    let refused = watcher
        .until(|m| matches!(m, ServerMessage::Error { .. }))
        .await;
    assert!(matches!(refused, ServerMessage::Error { code, .. } if code == "spectator"));
    // No free text: an unknown phrase does not read.
    north
        .send(json!({"type": "say", "phrase": "you are bad"}))
        .await;
    let bad = north
        .until(|m| matches!(m, ServerMessage::Error { .. }))
        .await;
    assert!(
        matches!(&bad, ServerMessage::Error { code, .. } if code == "bad-json"),
        "{bad:?}"
    );
}

#[tokio::test]
async fn a_rated_game_against_an_ai_level_moves_the_persons_rating_only() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let (_, me) = with_key(&server, Some(json!({"name": "Ida"})), "/api/players", None).await;
    let key = me["key"].as_str().unwrap();
    let body = json!({"game": "gyges", "seats": ["human", "ai:3"], "rated": true});
    let (status, created) = with_key(&server, Some(body), "/api/games", Some(key)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    assert_eq!(server.resign(id, token).await, StatusCode::OK);
    let (_, ida) = with_key(&server, None, "/api/players/Ida", None).await;
    let lost = ida["ratings"][0]["rating"].as_f64().unwrap();
    // Level 3 stands about 252 above a new player (docs/api.md, "Ratings"): losing to it
    // costs less than losing to an equal.
    assert!(lost < 1500.0 && lost > 1500.0 - 100.0, "{ida}");
    assert_eq!(ida["ratings"][0]["games"], 1);
    let (_, board) = with_key(&server, None, "/api/ratings/gyges", None).await;
    assert_eq!(board["players"].as_array().unwrap().len(), 1, "{board}");
}

#[tokio::test]
async fn a_rated_game_updates_its_players_ratings_once_at_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let mut keys = Vec::new();
    for name in ["Zoë", "Ola"] {
        let (_, me) = with_key(&server, Some(json!({"name": name})), "/api/players", None).await;
        keys.push(me["key"].as_str().unwrap().to_owned());
    }
    let rated = |seats: Value| json!({"game": "gyges", "seats": seats, "rated": true});
    // Rated is for named people (and AI levels) from the usual start.
    for (body, key) in [
        (rated(json!(["human", "open"])), None),
        (rated(json!(["human", "random"])), Some(keys[0].as_str())),
    ] {
        let (status, answer) = with_key(&server, Some(body), "/api/games", key).await;
        assert_eq!(
            (status, &answer["code"]),
            (StatusCode::BAD_REQUEST, &json!("bad-rated"))
        );
    }
    let (status, created) = with_key(
        &server,
        Some(rated(json!(["human", "open"]))),
        "/api/games",
        Some(&keys[0]),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let join = format!("/api/games/{id}/join");
    let (status, answer) = with_key(&server, Some(json!({})), &join, None).await;
    assert_eq!(
        (status, &answer["code"]),
        (StatusCode::UNAUTHORIZED, &json!("no-key"))
    );
    let (status, _) = with_key(&server, Some(json!({})), &join, Some(&keys[1])).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(
        server
            .resign(id, created["seats"][0]["token"].as_str().unwrap())
            .await,
        StatusCode::OK
    );

    let profile = |name: &'static str| {
        let server = &server;
        async move {
            with_key(server, None, &format!("/api/players/{name}"), None)
                .await
                .1
        }
    };
    let (zoe, ola) = (profile("Zoë").await, profile("Ola").await);
    let rating = |p: &Value| p["ratings"][0]["rating"].as_i64().unwrap();
    assert!(rating(&zoe) < 1500 && rating(&ola) > 1500, "{zoe} {ola}");
    assert_eq!(ola["ratings"][0]["provisional"], true);
    assert_eq!(ola["ratings"][0]["games"], 1);
    assert_eq!(ola["history"].as_array().unwrap().len(), 1);
    assert_eq!(ola["history"][0]["game"], json!(id));
    let (_, board) = with_key(&server, None, "/api/ratings/gyges", None).await;
    let names: Vec<&Value> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["name"])
        .collect();
    assert_eq!(names, [&json!("Ola"), &json!("Zoë")]);
    let (status, _) = with_key(&server, None, "/api/ratings/chess", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A casual game between them changes nothing.
    let (_, casual) = with_key(
        &server,
        Some(json!({"game": "gyges", "seats": ["human", "open"]})),
        "/api/games",
        Some(&keys[0]),
    )
    .await;
    let casual_id = casual["id"].as_str().unwrap();
    with_key(
        &server,
        Some(json!({})),
        &format!("/api/games/{casual_id}/join"),
        Some(&keys[1]),
    )
    .await;
    server
        .resign(casual_id, casual["seats"][0]["token"].as_str().unwrap())
        .await;
    assert_eq!(rating(&profile("Ola").await), rating(&ola));
    let (status, _) = with_key(&server, None, "/api/players/Nobody", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn refusals_say_why_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
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
        let response = server
            .http
            .post(server.url("/api/games"))
            .json(&json!({"game": game, "seats": seats}))
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::BAD_REQUEST,
            "{game} {seats:?}"
        );
        let body: Value = response.json().await.unwrap();
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
    let closed = tokio::time::timeout(Duration::from_secs(10), async {
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
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("games.db")).await;
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
async fn a_resend_after_a_reconnect_is_applied_once_and_missed_events_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let created = server.create("gyges", &["human", "human"]).await;
    let id = &created.id;
    let south = &created.seats[0].token;
    let north = &created.seats[1].token;
    let mut seat = server
        .socket(id, json!({"type": "hello", "token": south}))
        .await;
    match seat.next().await {
        ServerMessage::Welcome {
            role,
            seat,
            connected,
            ..
        } => {
            assert_eq!((role, seat), (Role::Seat, Some(0)));
            assert_eq!(connected, vec![true, false]);
        }
        other => panic!("{other:?}"),
    }
    let act = json!({"type": "act", "cid": "move-1", "action": "setup 123321", "expect": 0});
    seat.send(act.clone()).await;
    let acked = seat.until(|m| matches!(m, ServerMessage::Ack { .. })).await;
    let ServerMessage::Ack { cid, seq } = acked else {
        unreachable!()
    };
    assert_eq!((cid.as_str(), seq), ("move-1", 1));
    // The ack comes before the event it caused.
    let event = seat.next().await;
    assert!(
        matches!(&event, ServerMessage::Event(e) if e.seq == 1),
        "{event:?}"
    );
    drop(seat);
    // North moves meanwhile; a spectator saw up to 0 and comes back.
    let (status, _) = server
        .act(
            id,
            Some(north),
            json!({"action": "setup 321123", "expect": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let mut watcher = server
        .socket(id, json!({"type": "hello", "since": 0}))
        .await;
    watcher.next().await;
    let missed: Vec<_> = [watcher.next().await, watcher.next().await]
        .into_iter()
        .collect();
    match (&missed[0], &missed[1]) {
        (ServerMessage::Event(a), ServerMessage::Event(b)) => {
            assert_eq!((a.seq, b.seq), (1, 2));
            assert_eq!(a.action.as_deref(), Some("setup 123321"));
            assert!(a.state.is_none() && b.state.is_some());
        }
        other => panic!("{other:?}"),
    }
    // South reconnects, having seen 1, and resends its move: acknowledged, not replayed.
    let mut seat = server
        .socket(id, json!({"type": "hello", "token": south, "since": 1}))
        .await;
    seat.next().await;
    match seat.next().await {
        ServerMessage::Event(e) => assert_eq!(e.seq, 2),
        other => panic!("{other:?}"),
    }
    seat.send(act).await;
    match seat
        .until(|m| matches!(m, ServerMessage::Ack { .. } | ServerMessage::Reject { .. }))
        .await
    {
        ServerMessage::Ack { seq, .. } => assert_eq!(seq, 1),
        other => panic!("{other:?}"),
    }
    let now = server.snapshot(id, None).await;
    assert_eq!(now.seq, 2);
    assert_eq!(now.moves.len(), 2);
    // Presence: South is here, North is not.
    assert_eq!(
        now.seats.iter().map(|s| s.connected).collect::<Vec<_>>(),
        vec![true, false]
    );
    // A stale action over the socket is rejected with the seq now.
    seat.send(json!({"type": "act", "cid": "move-2", "action": "a1-a2", "expect": 1}))
        .await;
    match seat
        .until(|m| matches!(m, ServerMessage::Reject { .. } | ServerMessage::Ack { .. }))
        .await
    {
        ServerMessage::Reject { code, seq, .. } => {
            assert_eq!((code.as_str(), seq), ("stale-version", 2))
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn an_open_hands_seat_sees_itself_and_both_hands_over_its_socket() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let created = server
        .create("triles(variant=open-hands)", &["human", "human"])
        .await;
    let id = &created.id;
    // Nothing is hidden, yet each view names its viewer: a seat's hand is its own.
    for seat in &created.seats {
        let mut socket = server
            .socket(id, json!({"type": "hello", "token": seat.token}))
            .await;
        let ServerMessage::Snapshot(snapshot) = socket
            .until(|m| matches!(m, ServerMessage::Snapshot(_)))
            .await
        else {
            unreachable!()
        };
        let view = snapshot.view.value();
        assert_eq!(view["viewer"]["seat"], json!(seat.seat), "{view}");
        assert!(view["hand"].is_object(), "{view}");
        let players = view["players"].as_array().unwrap();
        assert!(players.iter().all(|p| p["hand"].is_object()), "{view}");
    }
    let mut spectator = server.socket(id, json!({"type": "hello"})).await;
    let ServerMessage::Snapshot(snapshot) = spectator
        .until(|m| matches!(m, ServerMessage::Snapshot(_)))
        .await
    else {
        unreachable!()
    };
    let view = snapshot.view.value();
    assert!(view["viewer"].is_null() && view["hand"].is_null(), "{view}");
}

/// Plays a Triles game over WebSocket to the end (or 80 actions), each seat moving on its
/// socket from what it was sent; returns every frame each client got.
#[tokio::test]
async fn triles_hands_and_draws_reach_no_one_else() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let created = server.create("triles", &["human", "human"]).await;
    let id = &created.id;
    let tokens = [
        created.seats[0].token.clone(),
        created.seats[1].token.clone(),
    ];
    let mut seats = Vec::new();
    for token in &tokens {
        // From 0: the deal comes as missed events, each as its seat may know it.
        seats.push(
            server
                .socket(id, json!({"type": "hello", "token": token, "since": 0}))
                .await,
        );
    }
    let mut spectator = server
        .socket(id, json!({"type": "hello", "since": 0}))
        .await;
    let mut responses: [Vec<String>; 3] = Default::default();
    let mut n = 11u64;
    for _ in 0..80 {
        let now = server.snapshot(id, None).await;
        responses[2].push(serde_json::to_string(&now).unwrap());
        if now.result.is_some() {
            break;
        }
        let mover = now.turn.seat.unwrap() as usize;
        let mine = server.snapshot(id, Some(&tokens[mover])).await;
        responses[mover].push(serde_json::to_string(&mine).unwrap());
        let other = server.snapshot(id, Some(&tokens[1 - mover])).await;
        responses[1 - mover].push(serde_json::to_string(&other).unwrap());
        let action = pick(&mine.legal, &mut n);
        let cid = format!("c{}", mine.seq);
        seats[mover]
            .send(json!({"type": "act", "cid": cid, "action": action, "expect": mine.seq}))
            .await;
        match seats[mover]
            .until(|m| matches!(m, ServerMessage::Ack { .. } | ServerMessage::Reject { .. }))
            .await
        {
            ServerMessage::Ack { .. } => {}
            other => panic!("{other:?}"),
        }
    }
    let end = server.snapshot(id, None).await;
    for socket in seats.iter_mut().chain(std::iter::once(&mut spectator)) {
        socket.reach(end.seq).await;
    }
    // What each seat knows of its own hand, frame by frame: the hand objects its views held.
    let hands = |frames: &[String], seat: u64| -> Vec<String> {
        let mut hands = Vec::new();
        for frame in frames {
            let v: Value = serde_json::from_str(frame).unwrap();
            for view in [&v["view"], &v["state"]["view"]] {
                if view.is_object() {
                    assert_eq!(
                        view["viewer"]["seat"],
                        json!(seat),
                        "a view for another seat: {frame}"
                    );
                    let hand = view["hand"].as_object().unwrap();
                    if hand.values().map(|c| c.as_u64().unwrap()).sum::<u64>() >= 3 {
                        hands.push(format!("\"hand\":{}", view["hand"]));
                    }
                }
            }
        }
        hands
    };
    let own: Vec<Vec<String>> = (0..2)
        .map(|s| {
            let mut frames = seats[s].frames.clone();
            frames.extend(responses[s].iter().cloned());
            hands(&frames, s as u64)
        })
        .collect();
    assert!(own.iter().all(|h| !h.is_empty()));
    let mut hidden = [0, 0];
    for (s, seat) in seats.iter().enumerate() {
        let others: Vec<&String> = seats[1 - s]
            .frames
            .iter()
            .chain(&responses[1 - s])
            .chain(&spectator.frames)
            .chain(&responses[2])
            .collect();
        for frame in &others {
            for hand in &own[s] {
                // Both hands alike by chance would be no leak; a long hand almost never is.
                assert!(
                    !frame.contains(hand.as_str()) || own[1 - s].contains(hand),
                    "{hand} in {frame}"
                );
            }
            assert!(!frame.contains("pool:"), "a position in {frame}");
        }
        // Each draw this seat saw is hidden from the other seat and the spectator, unless
        // it was forced (the pool holding one kind of tile).
        for frame in &seat.frames {
            let v: Value = serde_json::from_str(frame).unwrap();
            if v["type"] != "event" || v["kind"] != "chance" {
                continue;
            }
            let action = v["action"].as_str().unwrap_or("");
            if !action.starts_with("draw:") {
                continue;
            }
            let seq = &v["seq"];
            let theirs = |frames: &[String]| {
                frames
                    .iter()
                    .map(|f| serde_json::from_str::<Value>(f).unwrap())
                    .find(|e| e["type"] == "event" && &e["seq"] == seq)
                    .unwrap()
            };
            let other = theirs(&seats[1 - s].frames);
            let watcher = theirs(&spectator.frames);
            if other.get("action").is_none() && watcher.get("action").is_none() {
                hidden[s] += 1;
            }
        }
    }
    assert!(hidden[0] >= 5 && hidden[1] >= 5, "{hidden:?}");
    // Nor is the seed anywhere before the end.
    if end.result.is_none() {
        let record = server
            .http
            .get(server.url(&format!("/api/games/{id}/record")))
            .send()
            .await
            .unwrap();
        assert_eq!(record.status(), StatusCode::CONFLICT);
        let text = record.text().await.unwrap();
        assert!(!text.contains("seed\""));
    }
}

#[test]
fn a_restart_on_the_same_file_goes_on_with_the_ai_seats() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let runtime = || tokio::runtime::Runtime::new().unwrap();
    // An Orbit game against the AI: chance and the bot act between the person's moves.
    let (created, before) = runtime().block_on(async {
        let server = serve(&db).await;
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
        let waiting = serve(&db).await.create("gyges", &["human", "human"]).await;
        let pool = sqlx::SqlitePool::connect(&format!("sqlite:{}", db.display()))
            .await
            .unwrap();
        sqlx::query("UPDATE games SET summary = NULL WHERE id = $1")
            .bind(&waiting.id)
            .execute(&pool)
            .await
            .unwrap();
        waiting
    });
    // The first runtime is gone with every task of that server; a new one starts on the file.
    runtime().block_on(async {
        let server = serve(&db).await;
        // The lobby comes from the store: both games, the old one once it is described.
        let lobby = async {
            loop {
                let lobby: Value = server
                    .http
                    .get(server.url("/api/games"))
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                let ids: Vec<&str> = lobby["games"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|g| g["id"].as_str().unwrap())
                    .collect();
                if ids.contains(&waiting.id.as_str()) {
                    break ids.contains(&created.id.as_str()) || before.result.is_some();
                }
                tokio::task::yield_now().await;
            }
        };
        assert!(
            tokio::time::timeout(Duration::from_secs(20), lobby)
                .await
                .expect("the old game is listed within 20 s"),
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

#[tokio::test]
async fn the_server_says_what_each_viewer_is_offered() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let created = server.create("gyges", &["human", "ai:1"]).await;
    let token = created.seats[0].token.clone();
    let mine = server.snapshot(&created.id, Some(&token)).await;
    assert_eq!((mine.offers.undo, mine.offers.hint), (false, true));
    assert!(!mine.facts.chance && !mine.facts.hidden_information);
    let watcher = server.snapshot(&created.id, None).await;
    assert_eq!((watcher.offers.undo, watcher.offers.hint), (false, false));

    let mut ws = server
        .socket(&created.id, json!({"type": "hello", "token": token}))
        .await;
    ws.until(|m| matches!(m, ServerMessage::Snapshot(_))).await;
    let setup = mine.legal[0].clone();
    ws.send(json!({"type": "act", "cid": "a", "action": setup, "expect": mine.seq}))
        .await;
    // Once the AI has answered, the person's move and the answer may go back.
    let ServerMessage::Event(answered) = ws
        .until(|m| matches!(m, ServerMessage::Event(e) if e.seat == Some(1)))
        .await
    else {
        unreachable!()
    };
    let state = answered.state.expect("a live event carries the state");
    assert_eq!((state.offers.undo, state.offers.hint), (true, true));
    ws.send(json!({"type": "undo", "cid": "b"})).await;
    let ServerMessage::Event(undone) = ws
        .until(|m| matches!(m, ServerMessage::Event(e) if e.undone.is_some()))
        .await
    else {
        unreachable!()
    };
    assert_eq!(undone.undone, Some(2));
    assert!(!undone.state.expect("with the state").offers.undo);
    // A game of two people offers no hint.
    let people = server.create("triles", &["human", "human"]).await;
    let first = server
        .snapshot(&people.id, Some(&people.seats[0].token))
        .await;
    assert!(!first.offers.hint);
    assert!(first.facts.chance && first.facts.hidden_information);
}

/// Triles against the AI: once the AI has answered, undo is neither offered nor accepted,
/// and no frame the person's socket received names a placement that is not on the table at
/// the end or one of the person's own options: playing, seeing the answer and undoing
/// cannot probe the AI's hidden hand.
#[tokio::test]
async fn undo_against_the_triles_ai_never_shows_a_tile_of_its_hand() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let created = server.create("triles", &["human", "ai:1"]).await;
    let (id, token) = (&created.id, &created.seats[0].token);
    let mut ws = server
        .socket(id, json!({"type": "hello", "token": token, "since": 0}))
        .await;
    let mut hidden_hand_refusals = 0;
    for turn in 0..12 {
        // Until the person is to move, noting whether the AI decided meanwhile.
        let mut answered = false;
        let (seq, state) = loop {
            if let ServerMessage::Event(e) = ws.next().await {
                answered |= e.seat == Some(1) && e.kind == EventKind::Play;
                if let Some(state) = e
                    .state
                    .filter(|s| !s.legal.is_empty() || s.result.is_some())
                {
                    break (e.seq, state);
                }
            }
        };
        if state.result.is_some() {
            break;
        }
        if answered {
            assert!(!state.offers.undo, "undo offered after the AI's answer");
            let cid = format!("u{turn}");
            ws.send(json!({"type": "undo", "cid": cid})).await;
            match ws
                .until(|m| matches!(m, ServerMessage::Ack { .. } | ServerMessage::Reject { .. }))
                .await
            {
                ServerMessage::Reject { code, message, .. } => {
                    assert_eq!(code, "no-undo", "{message}");
                    hidden_hand_refusals +=
                        usize::from(message.contains("from a hand you cannot see"));
                }
                other => panic!("an undo past the AI's answer: {other:?}"),
            }
        }
        let cid = format!("a{turn}");
        let action = state.legal[0].clone();
        ws.send(json!({"type": "act", "cid": cid, "action": action, "expect": seq}))
            .await;
        match ws
            .until(|m| matches!(m, ServerMessage::Ack { .. } | ServerMessage::Reject { .. }))
            .await
        {
            ServerMessage::Ack { .. } => {}
            other => panic!("{other:?}"),
        }
    }
    assert!(
        hidden_hand_refusals > 0,
        "no undo was tried past a laid tile"
    );
    // Every frame, in order: each placement it names is on the table at the end or was
    // among the person's legal moves by then.
    let end = server.snapshot(id, Some(token)).await;
    let mut table = Vec::new();
    placements(&serde_json::to_value(&end.view).unwrap(), &mut table);
    let mut own: Vec<String> = Vec::new();
    for frame in &ws.frames {
        let value: Value = serde_json::from_str(frame).unwrap();
        for state in [&value, &value["state"]] {
            if let Some(legal) = state["legal"].as_array() {
                own.extend(legal.iter().filter_map(|l| l.as_str().map(str::to_owned)));
            }
        }
        let mut named = Vec::new();
        placements(&value, &mut named);
        for placement in named {
            assert!(
                table.contains(&placement) || own.contains(&placement),
                "{placement}, neither on the table nor the person's, in {frame}"
            );
        }
    }
}

/// In a Gygès game of two people, seat 1's client reading nothing: the setups, then one
/// move of the seat to move and its undo again and again until the server lets seat 1's
/// client go (its seat shows as disconnected). The game's `seq` then, the seat to move and
/// its move.
async fn play_until_let_go(server: &Server, id: &str, tokens: [&str; 2]) -> (u64, usize, String) {
    let mut seq = 0;
    for _ in 0..2 {
        let now = server.snapshot(id, None).await;
        let mover = usize::from(now.turn.seat.unwrap());
        let mine = server.snapshot(id, Some(tokens[mover])).await;
        let (status, body) = server
            .act(
                id,
                Some(tokens[mover]),
                json!({"action": mine.legal[0], "expect": mine.seq}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        seq = seq_of(&body);
    }
    let mover = usize::from(server.snapshot(id, None).await.turn.seat.unwrap());
    let action = server.snapshot(id, Some(tokens[mover])).await.legal[0].clone();
    let mut cycles = 0;
    while server.snapshot(id, None).await.seats[1].connected {
        assert!(
            cycles < 20_000,
            "the client that reads nothing is still held after {cycles} moves"
        );
        for _ in 0..16 {
            let (status, body) = server
                .act(
                    id,
                    Some(tokens[mover]),
                    json!({"action": action, "expect": seq}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let (status, body) = server
                .post(id, "undo", tokens[mover], json!({"expect": seq_of(&body)}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            seq = seq_of(&body);
        }
        cycles += 16;
    }
    (seq, mover, action)
}

/// A client that keeps sending but reads nothing at all cannot be sent even a close frame:
/// once a write has waited for the ping interval plus the pong deadline, it is
/// disconnected, not held (the idle timeout, far off here, never comes: bytes still flow
/// from it).
#[tokio::test]
async fn a_client_that_reads_nothing_at_all_is_disconnected() {
    let dir = tempfile::tempdir().unwrap();
    let limits = trio_server::Limits {
        ping_every: Duration::from_millis(500),
        pong_within: Duration::from_millis(500),
        idle_timeout: Duration::from_secs(600),
        actions: "1000000/s".parse().unwrap(),
        ..Default::default()
    };
    let server = serve_within(&dir.path().join("t.db"), limits).await;
    let created = server.create("gyges", &["human", "human"]).await;
    let id = &created.id;
    let tokens = [
        created.seats[0].token.as_str(),
        created.seats[1].token.as_str(),
    ];
    let mut slow = server
        .socket_with_small_buffer(id, json!({"type": "hello", "token": tokens[1]}))
        .await;
    // Its welcome says it has joined; from then on it reads nothing.
    assert!(matches!(slow.next().await, ServerMessage::Welcome { .. }));
    play_until_let_go(&server, id, tokens).await;
    // Its pings, one every 50 ms, go out until the server has hung up on it.
    let mut every = tokio::time::interval(Duration::from_millis(50));
    let hung_up = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            every.tick().await;
            let ping = Message::text(json!({"type": "ping"}).to_string());
            if slow.ws.send(ping).await.is_err() {
                break;
            }
        }
    })
    .await;
    assert!(
        hung_up.is_ok(),
        "the server still holds a client that reads nothing"
    );
    assert_eq!(slow.closing().await, None, "no close frame gets through");
}

/// Every string of `json` that is a Triles placement (`A@1,0,2`), in order.
fn placements(json: &Value, out: &mut Vec<String>) {
    match json {
        Value::String(s)
            if s.split_once('@').is_some_and(|(t, _)| {
                !t.is_empty() && t.chars().all(|c| c.is_ascii_uppercase())
            }) =>
        {
            out.push(s.clone())
        }
        Value::Array(items) => items.iter().for_each(|v| placements(v, out)),
        Value::Object(map) => map.values().for_each(|v| placements(v, out)),
        _ => {}
    }
}

/// A seat's client that stops reading does not hold the game up: once its queue is full
/// the room lets it go (its seat shows as disconnected), and when it reads again it gets
/// what was queued, then a close frame 1013. Reconnecting with `since`, it gets every
/// event it missed, in order, and an action it sent meanwhile, neither taken nor answered
/// then, is applied once when sent again.
#[tokio::test]
async fn a_slow_reader_is_closed_with_1013_and_catches_up_with_since() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let created = server.create("gyges", &["human", "human"]).await;
    let id = &created.id;
    let tokens = [
        created.seats[0].token.as_str(),
        created.seats[1].token.as_str(),
    ];
    let mut slow = server
        .socket_with_small_buffer(id, json!({"type": "hello", "token": tokens[1], "since": 0}))
        .await;
    let ServerMessage::Welcome { seq: joined, .. } = slow.next().await else {
        panic!("a welcome first")
    };
    let (mut seq, mover, action) = play_until_let_go(&server, id, tokens).await;
    // The other seat to move: the dropped client answers, reading nothing yet.
    let (status, body) = server
        .act(
            id,
            Some(tokens[mover]),
            json!({"action": action, "expect": seq}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    seq = seq_of(&body);
    let theirs = server.snapshot(id, Some(tokens[1 - mover])).await;
    let late = json!({"type": "act", "cid": "late", "action": theirs.legal[0], "expect": seq});
    slow.send(late.clone()).await;
    let (code, reason) = slow.closing().await.expect("a close frame");
    assert_eq!(code, 1013, "{reason}");
    assert!(reason.contains("reconnect with since"), "{reason}");
    // What it got before the close: the events from its hello on, none missing, and no
    // answer to the late action, which the game has not taken.
    let mut seen = joined;
    for frame in &slow.frames {
        let message: ServerMessage = serde_json::from_str(frame).unwrap();
        match message {
            ServerMessage::Event(e) => {
                assert_eq!(e.seq, seen + 1, "events in order, none missing");
                seen = e.seq;
            }
            ServerMessage::Ack { cid, .. } | ServerMessage::Reject { cid, .. } => {
                assert_ne!(cid, "late", "{frame}");
            }
            _ => {}
        }
    }
    assert!(seen > joined, "it was sent events before it was dropped");
    assert_eq!(
        server.snapshot(id, None).await.seq,
        seq,
        "the late action waits"
    );
    // Back with `since`: every event missed, in order, then the resend is applied once.
    let mut back = server
        .socket(
            id,
            json!({"type": "hello", "token": tokens[1], "since": seen}),
        )
        .await;
    let ServerMessage::Welcome { seq: now, .. } = back.next().await else {
        panic!("a welcome first")
    };
    assert_eq!(now, seq);
    for expected in seen + 1..=now {
        match back.next().await {
            ServerMessage::Event(e) => assert_eq!(e.seq, expected),
            other => panic!("event {expected} missed: {other:?}"),
        }
    }
    for _ in 0..2 {
        back.send(late.clone()).await;
        match back
            .until(|m| matches!(m, ServerMessage::Ack { .. } | ServerMessage::Reject { .. }))
            .await
        {
            ServerMessage::Ack { cid, seq: acked } => {
                assert_eq!((cid.as_str(), acked), ("late", seq + 1));
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(server.snapshot(id, None).await.seq, seq + 1, "applied once");
}

#[tokio::test]
async fn a_client_id_of_no_or_too_many_bytes_is_refused_on_both_ways_in() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
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

/// A board and a tile set of one's own: sent as texts with the game, played, stored (a
/// restart goes on with them), carried by the record; every wrong file refused clearly.
#[test]
fn custom_boards_and_tile_sets_are_played_stored_and_refused_clearly() {
    let funnel = include_str!("../../orbit/tests/boards/funnel.toml");
    let double = include_str!("../../triles/tests/sets/double.toml");
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    let runtime = || tokio::runtime::Runtime::new().unwrap();
    let (orbit, triles) = runtime().block_on(async {
        let server = serve(&db).await;
        let post = |body: Value| {
            let request = server.http.post(server.url("/api/games")).json(&body);
            async move {
                let response = request.send().await.unwrap();
                let status = response.status();
                (status, response.json::<Value>().await.unwrap())
            }
        };
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
        let server = serve(&db).await;
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

/// Each legal move goes out with its parts, in the same order, to the mover alone.
#[tokio::test]
async fn legal_moves_come_with_their_parts() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let gyges = server.create("gyges", &["human", "human"]).await;
    let south = server
        .snapshot(&gyges.id, Some(&gyges.seats[0].token))
        .await;
    let south_parts = south.legal_parts.value();
    assert_eq!(south.legal.len(), south_parts.as_array().unwrap().len());
    let i = south
        .legal
        .iter()
        .position(|a| a == "setup 123321")
        .unwrap();
    assert_eq!(south_parts[i], json!({"kind": "setup", "values": "123321"}));
    assert!(server.snapshot(&gyges.id, None).await.legal_parts.value() == json!([]));

    let triles = server.create("triles", &["human", "human"]).await;
    let (mover, legal, parts) = loop {
        let watch = server.snapshot(&triles.id, None).await;
        if let Some(seat) = watch.turn.seat {
            let token = &triles.seats[seat as usize].token;
            let mine = server.snapshot(&triles.id, Some(token)).await;
            break (seat, mine.legal, mine.legal_parts.value());
        }
        tokio::task::yield_now().await;
    };
    let other = &triles.seats[1 - mover as usize].token;
    assert!(
        server
            .snapshot(&triles.id, Some(other))
            .await
            .legal_parts
            .value()
            == json!([])
    );
    let parts = parts.as_array().unwrap();
    assert_eq!(legal.len(), parts.len());
    for (action, part) in legal.iter().zip(parts) {
        match part["kind"].as_str().unwrap() {
            "place" => assert_eq!(
                *action,
                format!(
                    "{}@{},{},{}",
                    part["tile"].as_str().unwrap(),
                    part["x"],
                    part["y"],
                    part["rotation"]
                )
            ),
            kind => assert_eq!(action, kind),
        }
    }
}

/// Every action a viewer may know goes out with its parts as well as its notation: in the
/// snapshot's moves, on each event and with a hint (`docs/api.md`, "Legal moves").
#[tokio::test]
async fn played_moves_events_and_hints_come_with_their_parts() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let game = server.create("gyges", &["human", "ai:1"]).await;
    let token = game.seats[0].token.clone();
    let mut socket = server
        .socket(&game.id, json!({"type": "hello", "token": token}))
        .await;
    socket
        .until(|m| matches!(m, ServerMessage::Snapshot(_)))
        .await;
    let (status, body) = server
        .act(
            &game.id,
            Some(&token),
            json!({"action": "setup 123321", "expect": 0}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The AI's setup, then South's first move and the AI's answer, each as an event.
    let ServerMessage::Event(theirs) = socket
        .until(|m| matches!(m, ServerMessage::Event(e) if e.seat == Some(1)))
        .await
    else {
        unreachable!()
    };
    assert_eq!(theirs.parts.as_ref().unwrap()["kind"], "setup");
    let setup = theirs.action.clone().unwrap();
    assert_eq!(
        theirs.parts.unwrap()["values"],
        setup.trim_start_matches("setup ")
    );
    let hint: Value = server
        .http
        .get(server.url(&format!("/api/games/{}/hint", game.id)))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let parts = &hint["parts"];
    assert_eq!(parts["kind"], "move", "{hint}");
    let written = match parts["drop"].as_str() {
        Some(drop) => format!(
            "{}-{}={drop}",
            parts["from"].as_str().unwrap(),
            parts["to"].as_str().unwrap()
        ),
        None => format!(
            "{}-{}",
            parts["from"].as_str().unwrap(),
            parts["to"].as_str().unwrap()
        ),
    };
    assert_eq!(hint["action"], written);
    let snapshot = server.snapshot(&game.id, Some(&token)).await;
    let moves: Vec<_> = snapshot
        .moves
        .iter()
        .map(|m| m.parts.clone().unwrap())
        .collect();
    assert_eq!(
        moves,
        [
            json!({"kind": "setup", "values": "123321"}),
            json!({"kind": "setup", "values": setup.trim_start_matches("setup ")}),
        ]
    );
}

#[tokio::test]
async fn a_flood_from_one_address_leaves_the_others_served() {
    let dir = tempfile::tempdir().unwrap();
    let limits = trio_server::Limits {
        connections_per_address: 8,
        ..Default::default()
    };
    let server = serve_within(&dir.path().join("games.db"), limits).await;
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
    let dir = tempfile::tempdir().unwrap();
    let server = serve_within(&dir.path().join("games.db"), Default::default()).await;
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
    let dir = tempfile::tempdir().unwrap();
    let limits = trio_server::Limits {
        header_timeout: Duration::from_millis(300),
        ping_every: Duration::from_millis(200),
        pong_within: Duration::from_millis(200),
        ..Default::default()
    };
    let server = serve_within(&dir.path().join("games.db"), limits).await;
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
    tokio::time::timeout(Duration::from_secs(10), let_go)
        .await
        .expect("the seat is still shown connected");
}

#[tokio::test]
async fn creating_games_past_the_rate_is_refused_with_429() {
    let dir = tempfile::tempdir().unwrap();
    let limits = trio_server::Limits {
        creates: "2/h".parse().unwrap(),
        lobby: "3/h".parse().unwrap(),
        ..Default::default()
    };
    let server = serve_within(&dir.path().join("games.db"), limits).await;
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
    for query in ["", "?status=finished", "?limit=1"] {
        let lobby = server.http.get(server.url(&format!("/api/games{query}")));
        assert_eq!(lobby.send().await.unwrap().status(), StatusCode::OK);
    }
    let refused = server
        .http
        .get(server.url("/api/games"))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "rate-limited", "{body}");
}

#[tokio::test]
async fn a_position_is_shown_as_a_spectator_sees_it_with_its_moves_and_their_parts() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("t.db")).await;
    let shown = |game: &str, position: &str| {
        // The positions here hold no character to escape but the space.
        let query = format!("?game={game}&position={}", position.replace(' ', "%20"));
        let request = server
            .http
            .get(server.url(&format!("/api/positions{query}")));
        async move {
            let response = request.send().await.unwrap();
            (response.status(), response.json::<Value>().await.unwrap())
        }
    };
    let (status, body) = shown("gyges", ".33221/2...../....23/....../311.../1..... S").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["view"]["squares"]["a2"], 3);
    let goal = body["legal"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a == "a1-G");
    let parts = &body["legal_parts"][goal.expect("a1-G is legal")];
    assert_eq!(parts["bounces"], json!(["a2", "a5"]));
    let (status, body) = shown("gyges", "321123/nonsense S").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad-position"))
    );
    let (status, body) = shown("chess", "x").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad-spec"))
    );
}

/// A message longer than 8 KiB (here a Gygès position's thousand legal moves) goes out in
/// frames of at most 8 KiB that a client reads as one message: no socket keeps a write
/// buffer the size of the longest message it was ever sent.
#[tokio::test]
async fn a_long_message_goes_out_in_frames_of_at_most_8_kib() {
    use std::io::{BufRead, BufReader, Write};
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    use tokio_tungstenite::tungstenite::protocol::frame::FrameSocket;
    let dir = tempfile::tempdir().unwrap();
    let server = serve(&dir.path().join("games.db")).await;
    let response = server
        .http
        .post(server.url("/api/games"))
        .json(&json!({"game": "gyges", "seats": ["human", "human"],
            "position": "....../31...2/21..3./1..21./..32.3/...... S"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let game: Created = response.json().await.unwrap();
    let (addr, id, token) = (server.addr, game.id.clone(), game.seats[0].token.clone());
    let frames = tokio::task::spawn_blocking(move || {
        let tcp = std::net::TcpStream::connect(addr).unwrap();
        tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut writer = tcp.try_clone().unwrap();
        write!(
            writer,
            "GET /api/games/{id}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n"
        )
        .unwrap();
        let mut reader = BufReader::new(tcp);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with("HTTP/1.1 101"), "{line}");
        while line != "\r\n" {
            line.clear();
            reader.read_line(&mut line).unwrap();
        }
        let hello = json!({"type": "hello", "token": token}).to_string();
        // A masked text frame, its mask all zeros.
        let mut frame = vec![0x81, 0x80 | hello.len() as u8, 0, 0, 0, 0];
        frame.extend_from_slice(hello.as_bytes());
        writer.write_all(&frame).unwrap();
        let buffered = reader.buffer().to_vec();
        let mut socket = FrameSocket::from_partially_read(reader.into_inner(), buffered);
        // The welcome, then the snapshot's frames up to its last.
        let mut frames = Vec::new();
        while let Some(frame) = socket.read(None).unwrap() {
            let last = frame.header().is_final;
            frames.push(frame);
            if last && frames.len() > 1 {
                break;
            }
        }
        frames
    })
    .await
    .unwrap();
    let (welcome, snapshot) = frames.split_first().unwrap();
    assert_eq!(welcome.header().opcode, OpCode::Data(Data::Text));
    assert!(snapshot.len() > 2, "{} frames", snapshot.len());
    assert_eq!(snapshot[0].header().opcode, OpCode::Data(Data::Text));
    let mut text = Vec::new();
    for (i, frame) in snapshot.iter().enumerate() {
        assert!(
            frame.payload().len() <= 8 * 1024,
            "{}",
            frame.payload().len()
        );
        assert_eq!(frame.header().is_final, i + 1 == snapshot.len());
        if i > 0 {
            assert_eq!(frame.header().opcode, OpCode::Data(Data::Continue));
        }
        text.extend_from_slice(frame.payload());
    }
    let message: Value = serde_json::from_slice(&text).unwrap();
    assert_eq!(message["type"], "snapshot");
    assert!(message["legal"].as_array().unwrap().len() > 100);
}
