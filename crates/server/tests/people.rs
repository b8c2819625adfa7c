//! Playing with people, on SQLite and on PostgreSQL alike: absent players (the others claim
//! the win or hand the seat to the AI), abandoned games that expire, finished games listed
//! by pages, password sign-in, a player's key reaching its seats on another device. The server's time
//! is moved on by hand ([`trio_server::Time`]), never waited for.
//!
//! Each scenario runs on both backends; PostgreSQL as `tests/storage.rs` says.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::SinkExt;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;
use trio_server::protocol::{Created, Snapshot};
use trio_server::{AppState, Limits, Settings, Time};

mod postgres_support;
use postgres_support::fresh_postgres;

/// A scenario as two tests, `<name>::on_sqlite` and `<name>::on_postgres` (this one skipped
/// without a PostgreSQL, as `postgres_support` says).
macro_rules! on_both_backends {
    ($name:ident, $scenario:ident) => {
        mod $name {
            use super::*;

            #[tokio::test]
            async fn on_sqlite() {
                $scenario(Backend::sqlite()).await;
            }

            #[tokio::test]
            async fn on_postgres() {
                if let Some(url) = fresh_postgres().await {
                    $scenario(Backend::Postgres(url)).await;
                }
            }
        }
    };
}

const MINUTE: Duration = Duration::from_secs(60);
const DAY: Duration = Duration::from_secs(86_400);

/// Where a test's server keeps its games.
enum Backend {
    Sqlite(tempfile::TempDir),
    Postgres(String),
}

impl Backend {
    fn sqlite() -> Self {
        Backend::Sqlite(tempfile::tempdir().unwrap())
    }

    /// Says that game `id` last changed at second `at`, as if it ended then.
    async fn ended_at(&self, id: &str, at: i64) {
        let sql = "UPDATE games SET updated_at = $1 WHERE id = $2";
        match self {
            Backend::Sqlite(dir) => {
                let url = format!("sqlite:{}", dir.path().join("t.db").display());
                let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
                sqlx::query(sql)
                    .bind(at)
                    .bind(id)
                    .execute(&pool)
                    .await
                    .unwrap();
            }
            Backend::Postgres(url) => {
                use sqlx::Connection;
                let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
                sqlx::query(sql)
                    .bind(at)
                    .bind(id)
                    .execute(&mut conn)
                    .await
                    .unwrap();
            }
        }
    }
}

struct Server {
    addr: SocketAddr,
    http: reqwest::Client,
    time: Time,
}

/// A server on `backend` with the default absences and limits, its time its own.
async fn serve(backend: &Backend) -> Server {
    serve_within(backend, Limits::default()).await
}

/// [`serve`] within `limits`, as `trio serve` serves (its clients told apart by address).
async fn serve_within(backend: &Backend, limits: Limits) -> Server {
    serve_with(backend, limits, Settings::default()).await
}

/// [`serve_within`] with `settings`, its time its own.
async fn serve_with(backend: &Backend, limits: Limits, settings: Settings) -> Server {
    let time = Time::default();
    let settings = Settings {
        time: time.clone(),
        ..settings
    };
    let state = match backend {
        Backend::Sqlite(dir) => {
            let path = dir.path().join("t.db");
            AppState::sqlite_with(path.to_str().unwrap(), settings)
                .await
                .unwrap()
        }
        Backend::Postgres(url) => {
            AppState::postgres_with(url, "people", Duration::from_secs(10), settings)
                .await
                .unwrap()
        }
    };
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
        time,
    }
}

impl Server {
    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    async fn create(&self, seats: &[&str]) -> Created {
        let (status, created) = self.try_create(seats, None).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        serde_json::from_value(created).unwrap()
    }

    /// `POST /api/games` of Gygès with `seats`, by the player of `key` if any.
    async fn try_create(&self, seats: &[&str], key: Option<&str>) -> (StatusCode, Value) {
        let mut request = self
            .http
            .post(self.url("/api/games"))
            .json(&json!({"game": "gyges", "seats": seats}));
        if let Some(key) = key {
            request = request.bearer_auth(key);
        }
        let response = request.send().await.unwrap();
        (response.status(), response.json().await.unwrap())
    }

    /// `GET /api/games` with `query`.
    async fn list(&self, query: &str) -> (StatusCode, Value) {
        let response = self
            .http
            .get(self.url(&format!("/api/games?{query}")))
            .send()
            .await
            .unwrap();
        (response.status(), response.json().await.unwrap())
    }

    async fn snapshot(&self, id: &str, token: Option<&str>) -> Snapshot {
        let mut request = self.http.get(self.url(&format!("/api/games/{id}")));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    /// `POST /api/games/{id}/{what}` with `token`, if any.
    async fn post(
        &self,
        id: &str,
        what: &str,
        token: Option<&str>,
        body: Value,
    ) -> (StatusCode, Value) {
        let mut request = self
            .http
            .post(self.url(&format!("/api/games/{id}/{what}")))
            .json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        (response.status(), response.json().await.unwrap())
    }

    /// The seat of `token` plays its first legal move.
    async fn play_first(&self, id: &str, token: &str) {
        let mine = self.snapshot(id, Some(token)).await;
        let body = json!({"action": mine.legal[0], "expect": mine.seq});
        let (status, body) = self.post(id, "actions", Some(token), body).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    /// The game's snapshot once `done` holds of it, within 20 s.
    async fn once(&self, id: &str, done: impl Fn(&Snapshot) -> bool) -> Snapshot {
        let until = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let now = self.snapshot(id, None).await;
            if done(&now) {
                return now;
            }
            assert!(tokio::time::Instant::now() < until, "not within 20 s");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// A WebSocket of the seat of `token`, its hello sent.
    async fn socket(
        &self,
        id: &str,
        token: &str,
    ) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>
    {
        let url = format!("ws://{}/api/games/{id}/ws", self.addr);
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let hello = json!({"type": "hello", "token": token}).to_string();
        ws.send(Message::text(hello)).await.unwrap();
        ws
    }
}

/// The next snapshot on `ws` that `pred` accepts, within 20 s.
async fn snapshot_on(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    use futures_util::StreamExt;
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("a message within 20 s")
            .expect("open")
            .unwrap();
        if let Message::Text(text) = frame {
            let message: Value = serde_json::from_str(&text).unwrap();
            if message["type"] == "snapshot" && pred(&message) {
                return message;
            }
        }
    }
}

/// South sets up and leaves; North, to act, never came: after the correspondence wait
/// South may choose. North comes and goes: then the live wait counts from its leaving.
/// South claims the win, stored as North's abandonment, read back by a new server.
async fn the_others_claim_the_win_of_an_absent_seat(backend: Backend) {
    let server = serve(&backend).await;
    let created = server.create(&["human", "human"]).await;
    let (id, south, north) = (
        &created.id,
        created.seats[0].token.as_str(),
        created.seats[1].token.as_str(),
    );
    server.play_first(id, south).await;
    let claim = json!({"choice": "win"});
    assert!(server.snapshot(id, Some(south)).await.absent.is_none());
    let (status, body) = server.post(id, "absent", Some(south), claim.clone()).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("not-absent"))
    );
    server.time.advance(7 * DAY - MINUTE);
    assert!(server.snapshot(id, None).await.absent.is_none());
    server.time.advance(2 * MINUTE);
    let absent = server
        .snapshot(id, None)
        .await
        .absent
        .expect("North absent");
    assert_eq!(absent.seat, 1);
    // Only another player of the game chooses, and only a choice it knows.
    for (token, body, status, code) in [
        (None, claim.clone(), StatusCode::UNAUTHORIZED, "no-token"),
        (
            Some("nobody"),
            claim.clone(),
            StatusCode::FORBIDDEN,
            "wrong-token",
        ),
        (
            Some(north),
            claim.clone(),
            StatusCode::CONFLICT,
            "not-absent",
        ),
        (
            Some(south),
            json!({"choice": "draw"}),
            StatusCode::BAD_REQUEST,
            "bad-json",
        ),
    ] {
        let (got, answer) = server.post(id, "absent", token, body).await;
        assert_eq!(
            (got, answer["code"].as_str()),
            (status, Some(code)),
            "{answer}"
        );
    }

    // North comes back: not absent; it leaves: absent again ten minutes later, South's
    // page told without asking.
    let mut south_ws = server.socket(id, south).await;
    let north_ws = server.socket(id, north).await;
    server.once(id, |s| s.seats[1].connected).await;
    assert!(server.snapshot(id, None).await.absent.is_none());
    drop(north_ws);
    server.once(id, |s| !s.seats[1].connected).await;
    server.time.advance(9 * MINUTE);
    assert!(server.snapshot(id, None).await.absent.is_none());
    server.time.advance(2 * MINUTE);
    // Any request lets the room see the time moved on; it tells every client.
    let since = server
        .snapshot(id, None)
        .await
        .absent
        .expect("absent")
        .since_ms;
    assert!(since > absent.since_ms, "counted from its leaving");
    snapshot_on(&mut south_ws, |m| m["absent"]["since_ms"] == since).await;

    let (status, body) = server.post(id, "absent", Some(south), claim).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let end = server.snapshot(id, None).await;
    let result = end.result.expect("over");
    assert_eq!((result.ranks, result.resigned), (vec![0, 1], Some(1)));
    assert_eq!(end.abandoned, Some(1));
    let (status, _) = server
        .post(id, "absent", Some(south), json!({"choice": "win"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    // Another server on the same store reads the end as it was.
    let again = serve(&backend).await;
    let end = again.snapshot(id, None).await;
    assert_eq!(end.abandoned, Some(1));
    assert_eq!(end.result.unwrap().resigned, Some(1));
}

/// Handed to the AI, the absent seat is played on by level 2.
async fn the_others_hand_an_absent_seat_to_the_ai(backend: Backend) {
    let server = serve(&backend).await;
    let created = server.create(&["human", "human"]).await;
    let (id, south) = (&created.id, created.seats[0].token.as_str());
    server.play_first(id, south).await;
    server.time.advance(8 * DAY);
    let (status, body) = server
        .post(id, "absent", Some(south), json!({"choice": "ai"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let played = server.once(id, |s| s.moves.len() == 2).await;
    assert_eq!(played.seats[1].player, "ai:2");
    assert_eq!(played.moves[1].seat, Some(1));
    assert!(played.absent.is_none());
}

/// With nobody acting or connected for thirty days, a game still waiting for players ends
/// with no result; one under way ends as the seat to act's abandonment.
async fn idle_games_expire(backend: Backend) {
    let server = serve(&backend).await;
    let waiting = server.create(&["human", "open"]).await;
    let playing = server.create(&["human", "human"]).await;
    server
        .play_first(&playing.id, &playing.seats[0].token)
        .await;
    server.time.advance(29 * DAY);
    assert!(!server.snapshot(&waiting.id, None).await.aborted);
    server.time.advance(2 * DAY);
    let aborted = server.once(&waiting.id, |s| s.aborted).await;
    assert!(aborted.result.is_none());
    assert_eq!(aborted.turn.kind, trio_server::protocol::TurnKind::Over);
    let (status, body) = server.post(&waiting.id, "join", None, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let ended = server.once(&playing.id, |s| s.result.is_some()).await;
    assert_eq!(ended.abandoned, Some(1));
    let listed = ids(&server.list("").await.1);
    assert!(!listed.contains(&waiting.id), "{listed:?}");
    assert!(!listed.contains(&playing.id), "{listed:?}");
    // The finished games list the one played, not the one nobody could play.
    let (_, finished) = server.list("status=finished").await;
    let finished = ids(&finished);
    assert!(finished.contains(&playing.id), "{finished:?}");
    assert!(!finished.contains(&waiting.id), "{finished:?}");
    // Another server reads the aborted game as aborted.
    let again = serve(&backend).await;
    assert!(again.snapshot(&waiting.id, None).await.aborted);
}

/// The ids of the games of a list.
fn ids(list: &Value) -> Vec<String> {
    list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_owned())
        .collect()
}

/// Finished games come the most recently ended first, a page at a time, each with its
/// result; a running game is not among them.
async fn finished_games_are_listed_by_pages(backend: Backend) {
    let server = serve(&backend).await;
    let mut ended = Vec::new();
    for at in [100, 300, 200] {
        let created = server.create(&["human", "human"]).await;
        let (status, body) = server
            .post(
                &created.id,
                "resign",
                Some(&created.seats[1].token),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        backend.ended_at(&created.id, at).await;
        ended.push(created.id);
    }
    let running = server.create(&["human", "human"]).await;
    let (status, first) = server.list("status=finished&limit=2").await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(ids(&first), [ended[1].clone(), ended[2].clone()]);
    for game in first["games"].as_array().unwrap() {
        assert_eq!(game["over"], true);
        assert_eq!(game["result"]["resigned"], 1, "{game}");
    }
    let next = first["next"].as_str().expect("a next page").to_owned();
    let (_, second) = server
        .list(&format!("status=finished&limit=2&after={next}"))
        .await;
    assert_eq!(ids(&second), [ended[0].clone()]);
    assert!(second.get("next").is_none(), "{second}");
    let (_, running_now) = server.list("").await;
    assert_eq!(ids(&running_now), std::slice::from_ref(&running.id));
    for (query, code) in [
        ("status=finished&after=nonsense", "bad-cursor"),
        ("status=finished&limit=0", "bad-request"),
        ("status=finished&limit=101", "bad-request"),
        ("after=nonsense", "bad-cursor"),
        ("status=running&limit=101", "bad-request"),
        ("status=lost", "bad-request"),
    ] {
        let (status, body) = server.list(query).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some(code)),
            "{query}"
        );
    }
}

/// Running games come the newest first, a page at a time: the pages hold every running
/// game once, and no finished one.
async fn running_games_are_listed_by_pages(backend: Backend) {
    let server = serve(&backend).await;
    let mut running = Vec::new();
    for _ in 0..3 {
        running.push(server.create(&["human", "human"]).await.id);
    }
    let over = server.create(&["human", "human"]).await;
    let (status, body) = server
        .post(&over.id, "resign", Some(&over.seats[0].token), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, first) = server.list("limit=2").await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(ids(&first).len(), 2, "{first}");
    let next = first["next"].as_str().expect("a next page").to_owned();
    let (_, second) = server
        .list(&format!("status=running&limit=2&after={next}"))
        .await;
    assert!(second.get("next").is_none(), "{second}");
    let mut listed = [ids(&first), ids(&second)].concat();
    listed.sort();
    running.sort();
    assert_eq!(listed, running);
}

/// One creator keeps at most so many games running: an address, or apart from it a named
/// player by its key. One more is refused until one of them ends.
async fn a_creator_keeps_at_most_so_many_games_running(backend: Backend) {
    let settings = Settings {
        games_per_creator: 2,
        ..Settings::default()
    };
    let server = serve_with(&backend, Limits::default(), settings).await;
    let people = ["human", "human"];
    let first = server.create(&people).await;
    server.create(&people).await;
    let (status, refused) = server.try_create(&people, None).await;
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
    let (status, zoe) = players_post(&server, "", None, json!({"name": "Zoë"})).await;
    assert_eq!(status, StatusCode::CREATED, "{zoe}");
    let key = zoe["key"].as_str().unwrap();
    for _ in 0..2 {
        let (status, created) = server.try_create(&people, Some(key)).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
    }
    let (status, refused) = server.try_create(&people, Some(key)).await;
    assert_eq!(refused["code"], "too-many-games", "{status} {refused}");
    assert!(
        refused["message"].as_str().unwrap().contains("this player"),
        "{refused}"
    );
    // "Play someone" makes a game too.
    let (status, refused) = seek(&server).await;
    assert_eq!(refused["code"], "too-many-games", "{status} {refused}");
    let (status, body) = server
        .post(&first.id, "resign", Some(&first.seats[0].token), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    server.create(&people).await;
}

/// Once a game's log holds the most events a game may, nothing is taken back, and the
/// snapshot offers no undo; the game goes on.
async fn undo_stops_at_the_most_events(backend: Backend) {
    let settings = Settings {
        max_events: 2,
        ..Settings::default()
    };
    let server = serve_with(&backend, Limits::default(), settings).await;
    let game = server.create(&["human", "human"]).await;
    let (south, north) = (&game.seats[0].token, &game.seats[1].token);
    server.play_first(&game.id, south).await;
    let (status, body) = server.post(&game.id, "undo", Some(south), json!({})).await;
    assert_eq!(status, StatusCode::OK, "below the most, undo works: {body}");
    server.play_first(&game.id, south).await;
    server.play_first(&game.id, north).await;
    assert!(!server.snapshot(&game.id, Some(north)).await.offers.undo);
    let (status, body) = server.post(&game.id, "undo", Some(north), json!({})).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("too-many-events")),
        "{body}"
    );
    server.play_first(&game.id, south).await;
}

async fn seek(server: &Server) -> (StatusCode, Value) {
    let response = server
        .http
        .post(server.url("/api/seeks"))
        .json(&json!({"game": "gyges"}))
        .send()
        .await
        .unwrap();
    (response.status(), response.json().await.unwrap())
}

/// `POST /api/players{path}` with `key`, if any.
async fn players_post(
    server: &Server,
    path: &str,
    key: Option<&str>,
    body: Value,
) -> (StatusCode, Value) {
    let mut request = server
        .http
        .post(server.url(&format!("/api/players{path}")))
        .json(&body);
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    let response = request.send().await.unwrap();
    (response.status(), response.json().await.unwrap())
}

/// A named player sets a password and signs in with it on another device: a new key there,
/// the first one kept; wrong passwords, unknown names and names without a password are
/// refused alike.
async fn a_password_signs_a_player_in_elsewhere(backend: Backend) {
    let server = serve(&backend).await;
    let (status, zoe) = players_post(&server, "", None, json!({"name": "Zoë"})).await;
    assert_eq!(status, StatusCode::CREATED, "{zoe}");
    let first = zoe["key"].as_str().unwrap();
    let sign_in = |name: &str, password: &str| json!({"name": name, "password": password});
    let refused = [
        sign_in("Zoë", "no password yet"),
        sign_in("Nobody", "a password"),
        sign_in("not a name!", "a password"),
    ];
    for body in &refused {
        let (status, answer) = players_post(&server, "/sign-in", None, body.clone()).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("wrong-password")),
            "{body}"
        );
    }
    let password = json!({"password": "correct horse"});
    let (status, answer) = players_post(&server, "/me/password", None, password.clone()).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("no-key"))
    );
    let (status, answer) = players_post(
        &server,
        "/me/password",
        Some(first),
        json!({"password": "short"}),
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad-password"))
    );
    let (status, answer) = players_post(&server, "/me/password", Some(first), password).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) =
        players_post(&server, "/sign-in", None, sign_in("Zoë", "correct horsE")).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("wrong-password"))
    );
    // The name as it reads, in any case.
    let (status, signed) =
        players_post(&server, "/sign-in", None, sign_in("ZOË", "correct horse")).await;
    assert_eq!(status, StatusCode::CREATED, "{signed}");
    assert_eq!(signed["name"], "Zoë");
    assert_eq!(signed["id"], zoe["id"]);
    let second = signed["key"].as_str().unwrap();
    assert_ne!(second, first);
    for key in [first, second] {
        let me: Value = server
            .http
            .get(server.url("/api/players/me"))
            .bearer_auth(key)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(me["name"], "Zoë", "both keys are Zoë's");
    }
}

on_both_backends!(password_sign_in, a_password_signs_a_player_in_elsewhere);

#[tokio::test]
async fn sign_ins_past_the_rate_are_refused_with_429() {
    let limits = Limits {
        sign_ins: "3/h".parse().unwrap(),
        ..Limits::default()
    };
    let backend = Backend::sqlite();
    let server = serve_within(&backend, limits).await;
    let guess = json!({"name": "Zoë", "password": "guess guess"});
    for _ in 0..3 {
        let (status, _) = players_post(&server, "/sign-in", None, guess.clone()).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let (status, answer) = players_post(&server, "/sign-in", None, guess).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate-limited"))
    );
}

/// `POST /api/games/{id}/seat-token` with `key`, if any.
async fn seat_token(server: &Server, id: &str, key: Option<&str>) -> (StatusCode, Value) {
    let mut request = server
        .http
        .post(server.url(&format!("/api/games/{id}/seat-token")));
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    let response = request.send().await.unwrap();
    (response.status(), response.json().await.unwrap())
}

/// A named player's key gets, on another device, a token of each seat the player sits in:
/// the same one each time, the seat's first token still working; nobody else's key gets
/// one. With several instances, one that had the game loaded takes the new token too.
async fn a_players_key_reaches_its_seat_on_another_device(backend: Backend) {
    let server = serve(&backend).await;
    let mut keys = Vec::new();
    for name in ["Zoë", "Ola", "Ewa"] {
        let (status, player) = players_post(&server, "", None, json!({"name": name})).await;
        assert_eq!(status, StatusCode::CREATED, "{player}");
        keys.push(player["key"].as_str().unwrap().to_owned());
    }
    let response = server
        .http
        .post(server.url("/api/games"))
        .bearer_auth(&keys[0])
        .json(&json!({"game": "gyges", "seats": ["human", "open"]}))
        .send()
        .await
        .unwrap();
    let created: Created = response.json().await.unwrap();
    let id = &created.id;
    let (status, _) = server
        .http
        .post(server.url(&format!("/api/games/{id}/join")))
        .bearer_auth(&keys[1])
        .json(&json!({}))
        .send()
        .await
        .map(|r| (r.status(), ()))
        .unwrap();
    assert_eq!(status, StatusCode::CREATED);
    // Another instance has the game loaded before the token is made.
    let other = match &backend {
        Backend::Postgres(_) => {
            let other = serve(&backend).await;
            other.snapshot(id, None).await;
            Some(other)
        }
        Backend::Sqlite(_) => None,
    };

    let (status, answer) = seat_token(&server, id, Some(&keys[0])).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let seats = answer["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 1);
    assert_eq!(seats[0]["seat"], 0);
    let token = seats[0]["token"].as_str().unwrap().to_owned();
    assert_ne!(token, created.seats[0].token);
    assert_eq!(seats[0]["link"], format!("/games/{id}#token={token}"));
    assert_eq!(server.snapshot(id, Some(&token)).await.you, Some(0));
    assert_eq!(
        server.snapshot(id, Some(&created.seats[0].token)).await.you,
        Some(0),
        "the first device's token still works"
    );
    let (_, again) = seat_token(&server, id, Some(&keys[0])).await;
    assert_eq!(
        again["seats"][0]["token"],
        token.as_str(),
        "the same token again"
    );
    server.play_first(id, &token).await;
    let (_, ola) = seat_token(&server, id, Some(&keys[1])).await;
    assert_eq!(ola["seats"][0]["seat"], 1);
    for (key, status, code) in [
        (Some(keys[2].as_str()), StatusCode::FORBIDDEN, "not-seated"),
        (Some("p-nobody"), StatusCode::FORBIDDEN, "wrong-key"),
        (None, StatusCode::UNAUTHORIZED, "no-key"),
    ] {
        let (got, answer) = seat_token(&server, id, key).await;
        assert_eq!(
            (got, answer["code"].as_str()),
            (status, Some(code)),
            "{answer}"
        );
    }
    let (status, _) = seat_token(&server, "0123456789abcdef", Some(&keys[0])).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    if let Some(other) = other {
        let until = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let response = other
                .http
                .get(other.url(&format!("/api/games/{id}")))
                .bearer_auth(&token)
                .send()
                .await
                .unwrap();
            if response.status() == StatusCode::OK {
                let seen: Snapshot = response.json().await.unwrap();
                assert_eq!(seen.you, Some(0));
                break;
            }
            assert!(
                tokio::time::Instant::now() < until,
                "the other instance never took it"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

on_both_backends!(
    a_key_reaches_its_seat,
    a_players_key_reaches_its_seat_on_another_device
);

on_both_backends!(finished_games_listed, finished_games_are_listed_by_pages);
on_both_backends!(running_games_listed, running_games_are_listed_by_pages);
on_both_backends!(undo_stops_at_most_events, undo_stops_at_the_most_events);
on_both_backends!(
    games_per_creator,
    a_creator_keeps_at_most_so_many_games_running
);

on_both_backends!(
    absent_seat_win_claimed,
    the_others_claim_the_win_of_an_absent_seat
);

on_both_backends!(
    absent_seat_to_the_ai,
    the_others_hand_an_absent_seat_to_the_ai
);

on_both_backends!(idle_games_expire, idle_games_expire);
