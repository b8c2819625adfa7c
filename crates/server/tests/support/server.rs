//! A test server on an ephemeral port of 127.0.0.1, on a [`Backend`]: the app alone
//! ([`trio_server::app`]), or within [`Limits`] as `trio serve` runs it (its clients told
//! apart by address). Its clock is its own ([`Time`]): a test moves it on by hand. It stops
//! when dropped. Beside it, the HTTP calls the tests make.

use std::net::SocketAddr;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::MaybeTlsStream;
use trio_server::protocol::{Created, Snapshot};
use trio_server::{Limits, Settings, Time};

use super::{Backend, Socket, PATIENCE};

/// A server of the test's own.
pub struct Server {
    pub addr: SocketAddr,
    pub http: reqwest::Client,
    /// The server's time, to move on by hand (absences, expiry, correspondence clocks).
    pub time: Time,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    /// The backend of a server started on one of its own ([`Server::start`]).
    _backend: Option<Backend>,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

impl Server {
    /// The app alone on a new SQLite file of its own.
    pub async fn start() -> Server {
        let backend = Backend::sqlite();
        let mut server = Server::on(&backend).await;
        server._backend = Some(backend);
        server
    }

    /// The server as `trio serve` runs it, within `limits`, on a new SQLite file of its own.
    pub async fn start_within(limits: Limits) -> Server {
        let backend = Backend::sqlite();
        let mut server = Server::within(&backend, limits).await;
        server._backend = Some(backend);
        server
    }

    /// The app alone on `backend`.
    pub async fn on(backend: &Backend) -> Server {
        Server::with(backend, None, Settings::default()).await
    }

    /// The server as `trio serve` runs it on `backend`, within `limits`.
    pub async fn within(backend: &Backend, limits: Limits) -> Server {
        Server::with(backend, Some(limits), Settings::default()).await
    }

    /// The server on `backend` with `settings` (its time replaced by its own): within
    /// `limits` as `trio serve` runs it, or without them the app alone.
    pub async fn with(backend: &Backend, limits: Option<Limits>, settings: Settings) -> Server {
        let time = Time::default();
        let settings = Settings {
            time: time.clone(),
            ..settings
        };
        let state = backend.state(settings).await;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let stopped = async {
            let _ = stopped.await;
        };
        match limits {
            Some(limits) => {
                tokio::spawn(trio_server::serve(listener, state, limits, stopped));
            }
            None => {
                let app = axum::serve(listener, trio_server::app(state));
                tokio::spawn(async move { app.with_graceful_shutdown(stopped).await.unwrap() });
            }
        }
        Server {
            addr,
            http: reqwest::Client::new(),
            time,
            stop: Some(stop),
            _backend: None,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `GET path` with `key` (a player's key or a seat's token) as the bearer, if any: the
    /// status and the JSON answer.
    pub async fn get(&self, path: &str, key: Option<&str>) -> (StatusCode, Value) {
        answer(bearer(self.http.get(self.url(path)), key)).await
    }

    /// `POST path` of `body` with `key` as the bearer, if any.
    pub async fn post(&self, path: &str, key: Option<&str>, body: Value) -> (StatusCode, Value) {
        answer(bearer(self.http.post(self.url(path)).json(&body), key)).await
    }

    /// Creates `game` with `seats`.
    pub async fn create(&self, game: &str, seats: &[&str]) -> Created {
        self.create_with(json!({"game": game, "seats": seats}))
            .await
    }

    /// Creates `game` with `seats` from `position`.
    pub async fn create_from(&self, game: &str, seats: &[&str], position: &str) -> Created {
        self.create_with(json!({"game": game, "seats": seats, "position": position}))
            .await
    }

    /// Creates the game `body` says (with a clock, from a position, …).
    pub async fn create_with(&self, body: Value) -> Created {
        let (status, created) = self.post("/api/games", None, body).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        serde_json::from_value(created).unwrap()
    }

    /// `GET /api/games/{id}` as the seat of `token`, or a spectator.
    pub async fn show(&self, id: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.get(&format!("/api/games/{id}"), token).await
    }

    /// The game as the seat of `token`, or a spectator, sees it.
    pub async fn snapshot(&self, id: &str, token: Option<&str>) -> Snapshot {
        let (status, body) = self.show(id, token).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        serde_json::from_value(body).unwrap()
    }

    /// `POST /api/games/{id}/{what}` (`actions`, `resign`, `undo`, `join`, …) of `body` as
    /// the seat of `token`, if any.
    pub async fn to_game(
        &self,
        id: &str,
        what: &str,
        token: Option<&str>,
        body: Value,
    ) -> (StatusCode, Value) {
        self.post(&format!("/api/games/{id}/{what}"), token, body)
            .await
    }

    /// `POST /api/games/{id}/actions` of `body` as the seat of `token`, if any.
    pub async fn act(&self, id: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.to_game(id, "actions", token, body).await
    }

    /// A new named player's key.
    pub async fn new_player(&self, name: &str) -> String {
        let (status, me) = self.post("/api/players", None, json!({"name": name})).await;
        assert_eq!(status, StatusCode::CREATED, "{me}");
        me["key"].as_str().unwrap().to_owned()
    }

    /// A rated Gygès game player `south` (a key) creates with `clock` and `north` joins: its
    /// id and the two seats' tokens.
    pub async fn rated_pair(
        &self,
        south: &str,
        north: &str,
        clock: Value,
    ) -> (String, [String; 2]) {
        let body =
            json!({"game": "gyges", "seats": ["human", "open"], "rated": true, "clock": clock});
        let (status, made) = self.post("/api/games", Some(south), body).await;
        assert_eq!(status, StatusCode::CREATED, "{made}");
        let id = made["id"].as_str().unwrap().to_owned();
        let (status, joined) = self.to_game(&id, "join", Some(north), json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "{joined}");
        let token = |v: &Value| v.as_str().unwrap().to_owned();
        (
            id,
            [token(&made["seats"][0]["token"]), token(&joined["token"])],
        )
    }

    /// The seat of `token` gives up game `id`.
    pub async fn resign(&self, id: &str, token: &str) -> StatusCode {
        self.to_game(id, "resign", Some(token), json!({})).await.0
    }

    /// The seat of `token` plays its first legal move.
    pub async fn play_first(&self, id: &str, token: &str) {
        let mine = self.snapshot(id, Some(token)).await;
        let body = json!({"action": mine.legal[0], "expect": mine.seq});
        let (status, body) = self.act(id, Some(token), body).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }

    /// The record of finished game `id`.
    pub async fn record(&self, id: &str) -> trio_core::Record {
        let (status, body) = self.get(&format!("/api/games/{id}/record"), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        serde_json::from_value(body).unwrap()
    }

    /// `GET /api/games?{query}`: the lobby's lists.
    pub async fn list(&self, query: &str) -> (StatusCode, Value) {
        self.get(&format!("/api/games?{query}"), None).await
    }

    /// The game's snapshot, as a spectator sees it, once `done` holds of it.
    pub async fn once(&self, id: &str, done: impl Fn(&Snapshot) -> bool) -> Snapshot {
        let until = tokio::time::Instant::now() + PATIENCE;
        loop {
            let now = self.snapshot(id, None).await;
            if done(&now) {
                return now;
            }
            assert!(
                tokio::time::Instant::now() < until,
                "not within {PATIENCE:?}: {now:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The review of finished game `id` (`GET /api/games/{id}/review`), asked again while
    /// it is being made (`202`).
    pub async fn review(&self, id: &str) -> Value {
        // A judge's search, on a machine that may be busy: longer than a message.
        let until = tokio::time::Instant::now() + 3 * PATIENCE;
        loop {
            let (status, body) = self.get(&format!("/api/games/{id}/review"), None).await;
            match status.as_u16() {
                200 => return body,
                202 => assert!(tokio::time::Instant::now() < until, "no review in time"),
                _ => panic!("{status}: {body}"),
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// A WebSocket to game `id`, `hello` sent.
    pub async fn socket(&self, id: &str, hello: Value) -> Socket {
        let url = format!("ws://{}/api/games/{id}/ws", self.addr);
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Socket::hello(ws, hello).await
    }

    /// A WebSocket with a small receive buffer, so that a client that stops reading fills
    /// it, and then the server's queue for it, soon.
    pub async fn socket_with_small_buffer(&self, id: &str, hello: Value) -> Socket {
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

fn bearer(request: reqwest::RequestBuilder, key: Option<&str>) -> reqwest::RequestBuilder {
    match key {
        Some(key) => request.bearer_auth(key),
        None => request,
    }
}

/// The status and the JSON body of the answer to `request`.
async fn answer(request: reqwest::RequestBuilder) -> (StatusCode, Value) {
    let response = request.send().await.unwrap();
    let (status, url) = (response.status(), response.url().clone());
    let body = response.bytes().await.unwrap();
    let body = serde_json::from_slice(&body).unwrap_or_else(|e| {
        panic!(
            "{status} {url}: not JSON ({e}): {}",
            String::from_utf8_lossy(&body)
        )
    });
    (status, body)
}

/// The ids of the games of a list of the lobby's.
pub fn ids(list: &Value) -> Vec<String> {
    list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_owned())
        .collect()
}

/// The `seq` an answer says the game is at.
pub fn seq_of(body: &Value) -> u64 {
    body["seq"]
        .as_u64()
        .unwrap_or_else(|| panic!("no seq in {body}"))
}

/// A random legal move of the seat to move, by a simple generator (no rand needed).
pub fn pick(legal: &[String], n: &mut u64) -> String {
    *n = n
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    legal[(*n >> 33) as usize % legal.len()].clone()
}
