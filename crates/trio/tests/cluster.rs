//! Several `trio serve` processes sharing one PostgreSQL database: the clients of one game on
//! different instances see every event once and in order, and in Triles no hidden tile;
//! one action sent to two instances at once is applied once; no acknowledged action is lost
//! when an instance is killed with SIGKILL; an AI seat plays on from another instance when
//! the lease of a dead one runs out.
//!
//! They need a PostgreSQL server: `TRIO_TEST_POSTGRES` is a superuser's URL on it
//! (`postgres://trio@127.0.0.1:PORT/postgres`, as `scripts/test` exports it), and each test
//! makes its own database there with `psql`. Without it they are skipped, unless
//! `TRIO_REQUIRE_POSTGRES` is set.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use trio_server::protocol::{ServerMessage, Snapshot};

mod serving;
use serving::{create_game, new_player, post, spawn_serve, Database};

/// The most a test may take, however its servers misbehave.
const LIMIT: Duration = Duration::from_secs(120);

/// The longest wait for a client's next message: more than an AI lease of 2 s and the time
/// another instance takes to notice it ran out.
const SILENCE: Duration = Duration::from_secs(20);

/// A `trio serve` process on a free port of 127.0.0.1, its log in a file.
struct Server {
    name: &'static str,
    child: Child,
    /// `127.0.0.1:PORT`.
    addr: String,
    log: PathBuf,
}

impl Server {
    fn start(name: &'static str, db: &Database, logs: &Path, options: &[&str]) -> Server {
        let log = logs.join(format!("{name}.log"));
        let mut args = vec!["--db", db.url.as_str()];
        args.extend_from_slice(options);
        let (mut child, addr) = spawn_serve(&args, File::create(&log).unwrap().into());
        let Some(addr) = addr else {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "instance {name} did not start\n{}",
                std::fs::read_to_string(&log).unwrap_or_default()
            );
        };
        Server {
            name,
            child,
            addr,
            log,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `kill -9`.
    fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        // A failing test shows what its instances said last (RUST_LOG=debug says more).
        let log = if std::thread::panicking() {
            std::fs::read_to_string(&self.log).unwrap_or_default()
        } else {
            String::new()
        };
        if !log.is_empty() {
            let lines: Vec<&str> = log.lines().collect();
            eprintln!(
                "--- the end of instance {}'s log ({}) ---\n{}",
                self.name,
                self.addr,
                lines[lines.len().saturating_sub(60)..].join("\n")
            );
        }
    }
}

/// Runs `test` within [`LIMIT`].
async fn within(test: impl std::future::Future<Output = ()>) {
    tokio::time::timeout(LIMIT, test)
        .await
        .unwrap_or_else(|_| panic!("the test took more than {LIMIT:?}"));
}

/// `GET /api/games/{id}` as a seat (with its token) or a spectator.
async fn snapshot(
    http: &reqwest::Client,
    server: &Server,
    id: &str,
    token: Option<&str>,
) -> Snapshot {
    let mut request = http.get(server.url(&format!("/api/games/{id}")));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200, "instance {}", server.name);
    response.json().await.unwrap()
}

/// `POST /api/games/{id}/actions`: the status and the body.
async fn post_action(
    http: &reqwest::Client,
    server: &Server,
    id: &str,
    token: &str,
    body: &Value,
) -> (u16, Value) {
    let response = http
        .post(server.url(&format!("/api/games/{id}/actions")))
        .bearer_auth(token)
        .json(body)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

/// The AI's suggestion for the seat to move in a game against the AI.
async fn hint(http: &reqwest::Client, server: &Server, id: &str, token: &str) -> String {
    let response = http
        .get(server.url(&format!("/api/games/{id}/hint")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "a hint from {}", server.name);
    let body: Value = response.json().await.unwrap();
    body["action"].as_str().unwrap().to_owned()
}

/// A random legal move, by a simple generator (the same moves every run).
fn pick(legal: &[String], n: &mut u64) -> String {
    *n = n
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    legal[(*n >> 33) as usize % legal.len()].clone()
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// An `act` sent and not yet answered.
struct Act {
    cid: String,
    action: String,
    expect: u64,
}

/// A client of one game on a WebSocket, as docs/protocol.md describes one: a seat (with its
/// token) or a spectator. It keeps every frame it got, across reconnects.
struct Client {
    name: &'static str,
    game: String,
    token: Option<String>,
    socket: Socket,
    frames: Vec<String>,
    /// The last `seq` seen.
    seq: u64,
    /// This seat's legal moves at `seq`, when it is to act and has not yet.
    legal: Vec<String>,
    result: Option<trio_core::RecordResult>,
    /// Resent, same cid, after a reconnect.
    pending: Option<Act>,
    /// (seq, action) of every action of this seat acknowledged.
    acked: Vec<(u64, String)>,
    /// The state of [`pick`].
    n: u64,
}

async fn open(addr: &str, game: &str, token: Option<&str>, since: Option<u64>) -> Socket {
    let url = format!("ws://{addr}/api/games/{game}/ws");
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let hello = json!({"type": "hello", "token": token, "since": since});
    socket.send(Message::text(hello.to_string())).await.unwrap();
    socket
}

impl Client {
    /// Connects and says hello; returns once welcomed, the game's `seq` then fixed for it.
    async fn connect(
        name: &'static str,
        addr: &str,
        game: &str,
        token: Option<&str>,
        since: Option<u64>,
    ) -> Client {
        let mut client = Client {
            name,
            game: game.to_owned(),
            token: token.map(str::to_owned),
            socket: open(addr, game, token, since).await,
            frames: Vec::new(),
            seq: 0,
            legal: Vec::new(),
            result: None,
            pending: None,
            acked: Vec::new(),
            n: name.bytes().map(u64::from).sum(),
        };
        loop {
            match client.recv().await {
                Some(ServerMessage::Welcome { .. }) => return client,
                Some(message) => client.handle(message),
                None => panic!("{name}: the socket closed before the welcome"),
            }
        }
    }

    /// Connects again (to `addr`) from the last `seq` seen and resends the unanswered act.
    async fn reconnect(&mut self, addr: &str) {
        self.socket = open(addr, &self.game, self.token.as_deref(), Some(self.seq)).await;
        if let Some(act) = &self.pending {
            let message =
                json!({"type": "act", "cid": act.cid, "action": act.action, "expect": act.expect});
            self.socket
                .send(Message::text(message.to_string()))
                .await
                .unwrap();
        }
    }

    /// The next message, `None` once the socket is closed.
    async fn recv(&mut self) -> Option<ServerMessage> {
        loop {
            let frame = tokio::time::timeout(SILENCE, self.socket.next())
                .await
                .unwrap_or_else(|_| panic!("{}: no message in {SILENCE:?}", self.name));
            match frame {
                Some(Ok(Message::Text(text))) => {
                    self.frames.push(text.to_string());
                    return Some(serde_json::from_str(&text).unwrap());
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    fn handle(&mut self, message: ServerMessage) {
        match message {
            ServerMessage::Snapshot(now) => {
                self.seq = now.seq;
                self.legal = now.legal;
                self.result = now.result;
            }
            ServerMessage::Event(event) => {
                self.seq = event.seq;
                // Of missed events only the last has the state; until it, no moves are known.
                self.legal.clear();
                if let Some(state) = event.state {
                    self.legal = state.legal;
                    self.result = state.result;
                }
            }
            ServerMessage::Ack { cid, seq } => {
                let act = self
                    .pending
                    .take()
                    .unwrap_or_else(|| panic!("{}: an ack of nothing sent: {cid}", self.name));
                assert_eq!(
                    (cid.as_str(), seq),
                    (act.cid.as_str(), act.expect + 1),
                    "{}: the ack of {}",
                    self.name,
                    act.action
                );
                self.acked.push((seq, act.action));
            }
            ServerMessage::Reject { .. } | ServerMessage::Error { .. } => {
                panic!("{}: {message:?}", self.name)
            }
            ServerMessage::Welcome { .. }
            | ServerMessage::Presence { .. }
            | ServerMessage::Said { .. }
            | ServerMessage::Pong => {}
        }
    }

    /// Reads until this seat may act (`Some(true)`: its moves are in `legal`), the game is
    /// over (`Some(false)`) or the socket closes (`None`).
    async fn until_turn(&mut self) -> Option<bool> {
        loop {
            if self.pending.is_none() {
                if self.result.is_some() {
                    return Some(false);
                }
                if !self.legal.is_empty() {
                    return Some(true);
                }
            }
            let message = self.recv().await?;
            self.handle(message);
        }
    }

    /// Sends `action` as chosen at the `seq` seen.
    async fn act(&mut self, action: String) {
        let act = Act {
            cid: format!("at-{}", self.seq),
            action,
            expect: self.seq,
        };
        let message =
            json!({"type": "act", "cid": act.cid, "action": act.action, "expect": act.expect});
        // On a socket already closed it is resent after the reconnect.
        let _ = self.socket.send(Message::text(message.to_string())).await;
        self.legal.clear();
        self.pending = Some(act);
    }

    /// Plays random legal moves until the game is over (`true`) or the socket closes.
    async fn play(&mut self) -> bool {
        while let Some(turn) = self.until_turn().await {
            if !turn {
                return true;
            }
            let action = pick(&self.legal, &mut self.n);
            self.act(action).await;
        }
        false
    }

    /// The seqs of the events received, in order.
    fn event_seqs(&self) -> Vec<u64> {
        self.frames
            .iter()
            .map(|frame| serde_json::from_str::<Value>(frame).unwrap())
            .filter(|message| message["type"] == "event")
            .map(|event| event["seq"].as_u64().unwrap())
            .collect()
    }
}

#[tokio::test]
async fn triles_seats_and_a_spectator_on_two_instances_see_every_event_and_no_hidden_tile() {
    let Some((_db, _logs, a, b)) = two_instances() else {
        return;
    };
    within(async {
        let http = reqwest::Client::new();
        let game = create_game(&http, &a.addr, "triles", &["human", "human"]).await;
        let token = |seat: usize| Some(game.seats[seat].token.as_str());
        // From 0, each sees every event as it may know it, the deal included.
        let clients = [
            Client::connect("seat 0", &a.addr, &game.id, token(0), Some(0)).await,
            Client::connect("seat 1", &b.addr, &game.id, token(1), Some(0)).await,
            Client::connect("spectator", &b.addr, &game.id, None, Some(0)).await,
        ];
        let players = clients.map(|mut client| {
            tokio::spawn(async move {
                assert!(client.play().await, "{}: the socket closed", client.name);
                client
            })
        });
        let mut clients = Vec::new();
        for player in players {
            clients.push(player.await.unwrap());
        }
        let end = snapshot(&http, &a, &game.id, None).await;
        assert!(end.result.is_some());
        let end_b = snapshot(&http, &b, &game.id, None).await;
        assert_eq!((end_b.seq, &end_b.result), (end.seq, &end.result));
        for client in &clients {
            assert_eq!(
                client.event_seqs(),
                (1..=end.seq).collect::<Vec<_>>(),
                "{}",
                client.name
            );
            assert_eq!(client.result, end.result, "{}", client.name);
        }
        let [seat0, seat1, spectator] = &clients[..] else {
            unreachable!()
        };
        check_triles_privacy([seat0, seat1], spectator);
    })
    .await;
}

/// Checks, as `crates/server/tests/server/privacy.rs` does for one server, that no frame tells a
/// client a Triles tile it may not know: every view is its own client's, showing no other
/// hand; a seat's hand is in no frame of the other seat or the spectator (unless the other
/// held the same hand); the other seat and the spectator get a seat's draws without the tile.
fn check_triles_privacy(seats: [&Client; 2], spectator: &Client) {
    let parsed = |client: &Client| -> Vec<Value> {
        client
            .frames
            .iter()
            .map(|frame| serde_json::from_str(frame).unwrap())
            .collect()
    };
    // The hands (of 3 tiles or more: 2 alike by chance would be no leak) a seat was shown.
    let mut own: [Vec<String>; 2] = Default::default();
    for (client, viewer) in seats
        .iter()
        .enumerate()
        .map(|(s, client)| (*client, json!(s)))
        .chain([(spectator, Value::Null)])
    {
        for message in parsed(client) {
            let view = &message["state"]["view"];
            if !view.is_object() {
                continue;
            }
            assert_eq!(view["viewer"]["seat"], viewer, "another's view: {message}");
            for player in view["players"].as_array().unwrap() {
                if !player["seat"].is_null() && player["seat"] != viewer {
                    assert!(player["hand"].is_null(), "another's hand: {message}");
                }
            }
            if let Some(s) = viewer.as_u64() {
                let tiles: u64 = view["hand"]
                    .as_object()
                    .unwrap()
                    .values()
                    .map(|count| count.as_u64().unwrap())
                    .sum();
                if tiles >= 3 {
                    own[s as usize].push(format!("\"hand\":{}", view["hand"]));
                }
            } else {
                assert!(view["hand"].is_null(), "a hand for a spectator: {message}");
            }
        }
    }
    assert!(own.iter().all(|hands| !hands.is_empty()), "{own:?}");
    let mut hidden = [0, 0];
    for (s, seat) in seats.iter().enumerate() {
        for frame in seats[1 - s].frames.iter().chain(&spectator.frames) {
            for hand in &own[s] {
                assert!(
                    !frame.contains(hand.as_str()) || own[1 - s].contains(hand),
                    "{hand} of seat {s} in {frame}"
                );
            }
            assert!(!frame.contains("pool:"), "a position in {frame}");
        }
        // Each draw is hidden from the other seat and the spectator, unless it was forced
        // (the pool holding one kind of tile).
        let others = [parsed(seats[1 - s]), parsed(spectator)];
        for event in parsed(seat) {
            let drew = event["type"] == "event"
                && event["kind"] == "chance"
                && event["action"]
                    .as_str()
                    .is_some_and(|action| action.starts_with("draw:"));
            if !drew {
                continue;
            }
            let told = others.iter().any(|frames| {
                let theirs = frames
                    .iter()
                    .find(|e| e["type"] == "event" && e["seq"] == event["seq"])
                    .expect("every client gets every event");
                theirs.get("action").is_some()
            });
            if !told {
                hidden[s] += 1;
            }
        }
    }
    assert!(hidden[0] >= 5 && hidden[1] >= 5, "{hidden:?}");
}

#[tokio::test]
async fn one_action_sent_to_two_instances_at_once_is_applied_once() {
    let Some((_db, _logs, a, b)) = two_instances() else {
        return;
    };
    within(async {
        let http = reqwest::Client::new();
        let game = create_game(&http, &a.addr, "gyges", &["human", "human"]).await;
        let id = game.id.as_str();
        let mut played = Vec::new();
        let mut n = 5;
        for round in 0..40 {
            let before = snapshot(&http, &a, id, None).await;
            if before.result.is_some() {
                break;
            }
            let seq = before.seq;
            let mover = usize::from(before.turn.seat.unwrap());
            let token = game.seats[mover].token.as_str();
            let mine = snapshot(&http, &b, id, Some(token)).await;
            let action = pick(&mine.legal, &mut n);
            if round % 2 == 0 {
                // As a client resending to another instance: both get the first answer.
                let cid = format!("round-{round}");
                let body = json!({"action": action, "expect": seq, "cid": cid});
                let (at_a, at_b) = tokio::join!(
                    post_action(&http, &a, id, token, &body),
                    post_action(&http, &b, id, token, &body)
                );
                for (status, body) in [at_a, at_b] {
                    assert_eq!((status, &body["seq"]), (200, &json!(seq + 1)), "{body}");
                }
            } else {
                let body = json!({"action": action, "expect": seq});
                let (at_a, at_b) = tokio::join!(
                    post_action(&http, &a, id, token, &body),
                    post_action(&http, &b, id, token, &body)
                );
                let (won, lost, loser) = if at_a.0 == 200 {
                    (at_a, at_b, &b)
                } else {
                    (at_b, at_a, &a)
                };
                assert_eq!((won.0, &won.1["seq"]), (200, &json!(seq + 1)), "{}", won.1);
                let now = snapshot(&http, loser, id, None).await;
                // The turn has passed, and api.md checks the turn before `expect`.
                let (code, status) = match now.result {
                    Some(_) => ("game-over", 409),
                    None => ("not-your-turn", 403),
                };
                assert_eq!(
                    (lost.0, &lost.1["code"]),
                    (status, &json!(code)),
                    "{}",
                    lost.1
                );
                // Whoever moves now is refused at the old seq by the instance that lost.
                if let Some(next) = now.turn.seat.filter(|_| now.result.is_none()) {
                    let (status, body) = post_action(
                        &http,
                        loser,
                        id,
                        &game.seats[usize::from(next)].token,
                        &json!({"action": action, "expect": seq}),
                    )
                    .await;
                    assert_eq!((status, &body["code"]), (409, &json!("stale-version")));
                }
            }
            played.push(Some(action));
            // Every instance shows it once, at once.
            for server in [&a, &b] {
                let now = snapshot(&http, server, id, None).await;
                assert_eq!(now.seq, seq + 1, "instance {}", server.name);
                let moves: Vec<_> = now.moves.into_iter().map(|m| m.action).collect();
                assert_eq!(moves, played, "instance {}", server.name);
            }
        }
        assert!(played.len() >= 20, "the game ended after {}", played.len());
    })
    .await;
}

#[tokio::test]
async fn no_acknowledged_action_is_lost_when_an_instance_is_killed() {
    let Some(db) = Database::create() else { return };
    let logs = tempfile::tempdir().unwrap();
    let mut a = Server::start("A", &db, logs.path(), &[]);
    let b = Server::start("B", &db, logs.path(), &[]);
    within(async {
        let http = reqwest::Client::new();
        let game = create_game(&http, &a.addr, "gyges", &["human", "human"]).await;
        // All are welcomed before anyone moves: each sees every event from the first.
        let mut seats = Vec::new();
        for (seat, name) in ["seat 0", "seat 1"].into_iter().enumerate() {
            let token = Some(game.seats[seat].token.as_str());
            seats.push(Client::connect(name, &a.addr, &game.id, token, None).await);
        }
        // A spectator on B tells when the game is well under way: then A dies as they play.
        let mut watcher = Client::connect("spectator", &b.addr, &game.id, None, None).await;
        let players: Vec<_> = seats
            .into_iter()
            .map(|mut client| {
                let survivor = b.addr.clone();
                tokio::spawn(async move {
                    // A dies before the end.
                    assert!(!client.play().await, "{}: the game ended on A", client.name);
                    client.reconnect(&survivor).await;
                    assert!(client.play().await, "{}: B closed the socket", client.name);
                    client
                })
            })
            .collect();
        while watcher.seq < 40 && watcher.result.is_none() {
            let message = watcher.recv().await.expect("B is up");
            watcher.handle(message);
        }
        assert!(watcher.result.is_none(), "the game ended before the kill");
        a.kill();
        assert!(watcher.play().await, "B closed the spectator's socket");
        let mut clients = Vec::new();
        for player in players {
            clients.push(player.await.unwrap());
        }
        let end = snapshot(&http, &b, &game.id, None).await;
        assert!(end.result.is_some());
        for client in clients.iter().chain([&watcher]) {
            assert_eq!(
                client.event_seqs(),
                (1..=end.seq).collect::<Vec<_>>(),
                "{}",
                client.name
            );
        }
        // Every action was acknowledged once, and is at its seq (Gygès has no chance).
        let mut acked: Vec<(u64, String)> = clients
            .iter()
            .flat_map(|client| client.acked.clone())
            .collect();
        acked.sort();
        let moves: Vec<(u64, String)> = (1..)
            .zip(end.moves.iter().map(|m| m.action.clone().unwrap()))
            .collect();
        assert_eq!(acked, moves);
    })
    .await;
}

#[tokio::test]
async fn an_ai_seat_plays_on_from_another_instance_when_its_instance_dies() {
    let Some(db) = Database::create() else { return };
    let logs = tempfile::tempdir().unwrap();
    let lease = ["--ai-lease", "2"];
    let mut a = Server::start("A", &db, logs.path(), &lease);
    let b = Server::start("B", &db, logs.path(), &lease);
    within(async {
        let http = reqwest::Client::new();
        let game = create_game(&http, &a.addr, "gyges", &["human", "ai:2"]).await;
        let (id, token) = (game.id.as_str(), game.seats[0].token.as_str());
        let mut person = Client::connect("person", &a.addr, id, Some(token), None).await;
        // The person plays the AI's hints: against ai:2, random moves lose within a few.
        // The setup and a move, each answered on A; then a move, and A dies at its ack.
        for _ in 0..3 {
            assert_eq!(person.until_turn().await, Some(true), "the person's turn");
            let action = hint(&http, &a, id, token).await;
            person.act(action).await;
        }
        while person.pending.is_some() {
            let message = person.recv().await.expect("A is up");
            person.handle(message);
        }
        a.kill();
        let (killed_at, _) = person.acked[2];
        // A held the AI's seat: B plays it once A's lease has run out.
        person.reconnect(&b.addr).await;
        let mut turn = tokio::time::timeout(SILENCE, person.until_turn())
            .await
            .unwrap_or_else(|_| panic!("no answer from the AI within {SILENCE:?}"))
            .expect("B keeps the socket open");
        // And the next ones at once.
        let mut moves_on_b = 0;
        while turn && moves_on_b < 3 {
            let action = hint(&http, &b, id, token).await;
            person.act(action).await;
            moves_on_b += 1;
            turn = person.until_turn().await.expect("B keeps the socket open");
        }
        let end = snapshot(&http, &b, id, Some(token)).await;
        assert_eq!(person.event_seqs(), (1..=person.seq).collect::<Vec<_>>());
        assert!(
            end.moves.len() as u64 > killed_at,
            "no answer to the move at {killed_at}"
        );
        // Each of the person's moves is where it was acknowledged, and the AI answered it
        // (unless it ended the game).
        for (seq, action) in &person.acked {
            let at = *seq as usize - 1;
            assert_eq!(end.moves[at].action.as_ref(), Some(action));
            assert_eq!(end.moves[at].seat, Some(0));
            if let Some(answer) = end.moves.get(at + 1) {
                assert_eq!(answer.seat, Some(1));
            } else {
                assert!(end.result.is_some(), "no answer to {action}");
            }
        }
        assert!(
            person.acked.len() > 3 || end.result.is_some(),
            "the game did not go on on B"
        );
    })
    .await;
}

/// Instances A and B on a database of their own (`None` where no PostgreSQL is given, and
/// the test is skipped), their logs in a folder kept until the end.
fn two_instances() -> Option<(Database, tempfile::TempDir, Server, Server)> {
    let db = Database::create()?;
    let logs = tempfile::tempdir().unwrap();
    let a = Server::start("A", &db, logs.path(), &[]);
    let b = Server::start("B", &db, logs.path(), &[]);
    Some((db, logs, a, b))
}

/// No farming across instances (`docs/api.md`, "No farming", "Abort"): both limits are
/// counted in the database. Two people's fourth rated game of the day is casual though each
/// was made on one instance and joined on the other; a person who aborted three rated games
/// against people, alternately on each instance, waits before the next on either.
#[tokio::test]
async fn the_rated_limits_hold_across_instances() {
    let Some((_db, _logs, a, b)) = two_instances() else {
        return;
    };
    within(async {
        let http = reqwest::Client::new();
        let rated = json!({"game": "gyges", "seats": ["human", "open"], "rated": true});
        // A rated game made by `maker` on one instance and joined by `joiner` on the other:
        // its id, the maker's token, and the join's answer.
        let made_and_joined = |n: usize, maker: String, joiner: String| {
            let (made_on, joined_on) = if n.is_multiple_of(2) {
                (&a, &b)
            } else {
                (&b, &a)
            };
            let (http, rated) = (http.clone(), rated.clone());
            async move {
                let (status, made) = post(&http, made_on.url("/api/games"), &maker, rated).await;
                assert_eq!(status, 201, "game {n} on {}: {made}", made_on.name);
                let id = made["id"].as_str().unwrap().to_owned();
                let token = made["seats"][0]["token"].as_str().unwrap().to_owned();
                let join = joined_on.url(&format!("/api/games/{id}/join"));
                let (status, joined) = post(&http, join, &joiner, json!({})).await;
                assert_eq!(
                    status, 201,
                    "game {n} joined on {}: {joined}",
                    joined_on.name
                );
                (id, token, joined)
            }
        };

        let ann = new_player(&http, &a.url(""), "Ann").await;
        let bo = new_player(&http, &b.url(""), "Bo").await;
        for n in 0..3 {
            let (_, _, joined) = made_and_joined(n, ann.clone(), bo.clone()).await;
            assert_eq!(joined["casual"], Value::Null, "game {n}: {joined}");
        }
        let (id, _, joined) = made_and_joined(3, ann.clone(), bo.clone()).await;
        assert_eq!(joined["casual"], "pair-limit", "{joined}");
        // The instance that made the game hears of it (a notice, then it reads it again).
        for server in [&a, &b] {
            let until = tokio::time::Instant::now() + SILENCE;
            while snapshot(&http, server, &id, None).await.rated {
                assert!(
                    tokio::time::Instant::now() < until,
                    "{} still rates it",
                    server.name
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }

        let cy = new_player(&http, &a.url(""), "Cy").await;
        let di = new_player(&http, &b.url(""), "Di").await;
        for n in 0..3 {
            let (id, token, _) = made_and_joined(n, cy.clone(), di.clone()).await;
            // Aborted on the instance that did not make it.
            let on = if n.is_multiple_of(2) { &b } else { &a };
            let abort = on.url(&format!("/api/games/{id}/abort"));
            let (status, answer) = post(&http, abort, &token, json!({})).await;
            assert_eq!(status, 200, "abort {n} on {}: {answer}", on.name);
        }
        for server in [&a, &b] {
            let made = post(&http, server.url("/api/games"), &cy, rated.clone()).await;
            assert_eq!(
                (made.0, &made.1["code"]),
                (403, &json!("rated-wait")),
                "on {}",
                server.name
            );
        }
    })
    .await;
}

/// A draw offered on one instance is seen and accepted on the other (docs/api.md, "Draws"):
/// the offers are stored with the seats, and the end is written once.
#[tokio::test]
async fn a_draw_offered_on_one_instance_is_accepted_on_another() {
    let Some((_db, _logs, a, b)) = two_instances() else {
        return;
    };
    within(async {
        let http = reqwest::Client::new();
        let game = create_game(&http, &a.addr, "gyges", &["human", "human"]).await;
        let id = game.id.as_str();
        let tokens = [game.seats[0].token.as_str(), game.seats[1].token.as_str()];
        for (n, token) in tokens.iter().enumerate() {
            let now = snapshot(&http, &a, id, Some(token)).await;
            let body = json!({"action": now.legal[0], "expect": n});
            assert_eq!(post_action(&http, &a, id, token, &body).await.0, 200);
        }
        let draw = |server: &Server| server.url(&format!("/api/games/{id}/draw"));
        let (status, answer) = post(&http, draw(&a), tokens[0], json!({})).await;
        assert_eq!(status, 200, "{answer}");
        // B hears of it (a notice, then it reads the seats again): wait for it.
        let until = tokio::time::Instant::now() + SILENCE;
        while !snapshot(&http, &b, id, Some(tokens[1]))
            .await
            .offers
            .draw_offered
        {
            assert!(tokio::time::Instant::now() < until, "B never saw the offer");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let (status, answer) = post(&http, draw(&b), tokens[1], json!({})).await;
        assert_eq!(status, 200, "{answer}");
        for server in [&a, &b] {
            let until = tokio::time::Instant::now() + SILENCE;
            loop {
                let now = snapshot(&http, server, id, None).await;
                if let Some(result) = now.result {
                    assert_eq!(result.reason.as_str(), "agreement");
                    assert_eq!(result.ranks, [0, 0]);
                    break;
                }
                assert!(
                    tokio::time::Instant::now() < until,
                    "{} never saw the end",
                    server.name
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    })
    .await;
}
