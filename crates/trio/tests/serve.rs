//! `trio serve`, `trio verify` and `trio load` as a person runs them: the server is killed
//! with SIGKILL in the middle of games and started again on the same file, and no
//! acknowledged action is lost; a finished game's record verifies, a tampered one does not.

use std::process::{Command, Stdio};

mod serving;
use serving::{create_game, spawn_serve, Server};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use trio_server::protocol::{Created, Snapshot};

async fn snapshot(
    http: &reqwest::Client,
    base: &str,
    id: &str,
    token: &str,
) -> reqwest::Result<Snapshot> {
    http.get(format!("{base}/api/games/{id}"))
        .bearer_auth(token)
        .send()
        .await?
        .json()
        .await
}

fn pick(legal: &[String], n: &mut u64) -> String {
    *n = n
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    legal[(*n >> 33) as usize % legal.len()].clone()
}

/// Plays random moves in game `created` as fast as the server answers, noting each
/// acknowledged one as (seq, action), until the server is gone or the game is over.
async fn play(
    base: String,
    created: Created,
    acked: Arc<Mutex<Vec<(String, u64, String)>>>,
    mut n: u64,
) {
    let http = reqwest::Client::new();
    loop {
        let Ok(view) = snapshot(&http, &base, &created.id, &created.seats[0].token).await else {
            return;
        };
        let Some(mover) = view.turn.seat.filter(|_| view.result.is_none()) else {
            return;
        };
        let token = &created.seats[usize::from(mover)].token;
        let Ok(mine) = snapshot(&http, &base, &created.id, token).await else {
            return;
        };
        let action = pick(&mine.legal, &mut n);
        let response = http
            .post(format!("{base}/api/games/{}/actions", created.id))
            .bearer_auth(token)
            .json(&json!({"action": action, "expect": mine.seq}))
            .send()
            .await;
        let Ok(response) = response else { return };
        if response.status() != 200 {
            return;
        }
        let Ok(body) = response.json::<Value>().await else {
            return;
        };
        let seq = body["seq"].as_u64().unwrap();
        acked
            .lock()
            .unwrap()
            .push((created.id.clone(), seq, action));
    }
}

#[test]
fn no_acknowledged_action_is_lost_when_the_server_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut server = Server::start(&db);
    let acked = Arc::new(Mutex::new(Vec::new()));
    let games: Vec<Created> = runtime.block_on(async {
        let http = reqwest::Client::new();
        let mut games = Vec::new();
        for _ in 0..4 {
            games.push(create_game(&http, server.addr(), "gyges", &["human", "human"]).await);
        }
        games
    });
    let players: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            runtime.spawn(play(
                server.base.clone(),
                g.clone(),
                acked.clone(),
                i as u64,
            ))
        })
        .collect();
    // Kill it while every game is being played.
    runtime.block_on(async {
        while acked.lock().unwrap().len() < 120 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    });
    server.child.kill().unwrap(); // SIGKILL
    server.child.wait().unwrap();
    for player in players {
        runtime.block_on(player).unwrap();
    }
    let acked = acked.lock().unwrap().clone();
    assert!(acked.len() >= 120);
    let server = Server::start(&db);
    runtime.block_on(async {
        let http = reqwest::Client::new();
        for game in &games {
            let now = snapshot(&http, &server.base, &game.id, &game.seats[0].token)
                .await
                .unwrap();
            for (_, seq, action) in acked.iter().filter(|(id, _, _)| *id == game.id) {
                // Gygès has no chance and nothing was undone: action n is at seq n.
                assert!(
                    now.seq >= *seq,
                    "game {} at {} lost seq {seq}",
                    game.id,
                    now.seq
                );
                assert_eq!(
                    now.moves[*seq as usize - 1].action.as_deref(),
                    Some(action.as_str())
                );
            }
            // And it goes on.
            let mover = usize::from(now.turn.seat.unwrap());
            let token = &game.seats[mover].token;
            let mine = snapshot(&http, &server.base, &game.id, token)
                .await
                .unwrap();
            let response = http
                .post(format!("{}/api/games/{}/actions", server.base, game.id))
                .bearer_auth(token)
                .json(&json!({"action": mine.legal[0], "expect": mine.seq}))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200);
        }
    });
}

fn trio(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_trio"))
        .args(args)
        .output()
        .expect("trio runs")
}

#[test]
fn a_servers_record_verifies_and_a_tampered_one_does_not() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.db"));
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let record: Value = runtime.block_on(async {
        let http = reqwest::Client::new();
        // Na orbicie: the turn order and every die are drawn from the seed.
        let game = create_game(&http, server.addr(), "orbit", &["human", "human"]).await;
        let mut n = 1;
        for _ in 0..12 {
            let view = snapshot(&http, &server.base, &game.id, &game.seats[0].token)
                .await
                .unwrap();
            let mover = usize::from(view.turn.seat.unwrap());
            let token = &game.seats[mover].token;
            let mine = snapshot(&http, &server.base, &game.id, token)
                .await
                .unwrap();
            let action = pick(&mine.legal, &mut n);
            http.post(format!("{}/api/games/{}/actions", server.base, game.id))
                .bearer_auth(token)
                .json(&json!({"action": action, "expect": mine.seq}))
                .send()
                .await
                .unwrap();
        }
        let response = http
            .post(format!("{}/api/games/{}/resign", server.base, game.id))
            .bearer_auth(&game.seats[1].token)
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        http.get(format!("{}/api/games/{}/record", server.base, game.id))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    });
    let write = |name: &str, record: &Value| {
        let path = dir.path().join(name);
        std::fs::write(&path, record.to_string()).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let good = write("good.json", &record);
    let out = trio(&["verify", &good]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("committed to"));
    // The replay command reads it too.
    assert!(trio(&["replay", &good]).status.success());
    let mut other_nonce = record.clone();
    other_nonce["commitment"]["nonce"] = json!("00000000000000000000000000000000");
    let out = trio(&["verify", &write("nonce.json", &other_nonce)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("the seed or its nonce changed"));
    let mut other_seed = record.clone();
    other_seed["seed"] = json!(record["seed"].as_u64().unwrap() ^ 1);
    assert_eq!(
        trio(&["verify", &write("seed.json", &other_seed)])
            .status
            .code(),
        Some(1)
    );
    // The commitment covers the table too: an edited seat, game or option is named.
    for (name, field, value, named) in [
        (
            "seat.json",
            "seats",
            json!(["human", "ai:3"]),
            "the seats changed",
        ),
        (
            "spec.json",
            "game",
            json!("gyges"),
            "the game or its options changed",
        ),
        (
            "option.json",
            "game",
            json!("orbit(turn-limit=1999)"),
            "the game or its options changed",
        ),
    ] {
        let mut edited = record.clone();
        edited[field] = value;
        let out = trio(&["verify", &write(name, &edited)]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{name}: {text}");
        assert!(text.contains(named), "{name}: {text}");
    }
    // Parts edited to match the edit no longer hash to what was published.
    let mut both = record.clone();
    both["seats"] = json!(["human", "ai:3"]);
    let nonce = record["commitment"]["nonce"].as_str().unwrap();
    let edited: trio_core::Record = serde_json::from_value(both.clone()).unwrap();
    both["commitment"]["parts"]["seats"] =
        json!(trio_server::secrets::commitment_parts(&edited, nonce).seats);
    let out = trio(&["verify", &write("both.json", &both)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("not to the published"));
    // A record of a game created when the hash covered the seed alone still verifies,
    // saying what it does not cover.
    let mut older = record.clone();
    let seed = record["seed"].as_u64().unwrap();
    older["commitment"] = json!({
        "seed_hash": trio_server::secrets::seed_commitment(seed, nonce),
        "nonce": nonce,
    });
    let out = trio(&["verify", &write("older.json", &older)]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("seats and start are not covered"), "{text}");
    // Another die: the seed deals something else there.
    let mut other_die = record.clone();
    let actions = other_die["actions"].as_array_mut().unwrap();
    let die = actions
        .iter()
        .position(|a| a.as_str().unwrap().starts_with("die "))
        .unwrap();
    let face = if actions[die] == "die 1" {
        "die 2"
    } else {
        "die 1"
    };
    actions[die] = json!(face);
    let out = trio(&["verify", &write("die.json", &other_die)]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// `--games-per-creator`, `--max-events` and `--rated-games-per-pair` reach the server: a
/// second game from the same address is refused, and so is an undo once the log holds one
/// event; with no rated games a pair, two people's rated game is casual.
#[test]
fn the_limits_on_games_per_creator_events_and_rated_pairs_are_options() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let args = [
        "--db",
        db.to_str().unwrap(),
        "--games-per-creator",
        "1",
        "--max-events",
        "1",
        "--rated-games-per-pair",
        "0",
    ];
    let (child, addr) = spawn_serve(&args, Stdio::null());
    let server = Server {
        child,
        base: format!("http://{}", addr.expect("trio serve says its address")),
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let http = reqwest::Client::new();
        let game = create_game(&http, server.addr(), "gyges", &["human", "human"]).await;
        let post = |path: String, token: Option<&str>, body: Value| {
            let mut request = http.post(format!("{}{path}", server.base)).json(&body);
            if let Some(token) = token {
                request = request.bearer_auth(token);
            }
            async move {
                let response = request.send().await.unwrap();
                (
                    response.status().as_u16(),
                    response.json::<Value>().await.unwrap(),
                )
            }
        };
        let (status, body) = post(
            "/api/games".to_owned(),
            None,
            json!({"game": "gyges", "seats": ["human", "human"]}),
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("too-many-games"))
        );
        let south = &game.seats[0].token;
        let mine = snapshot(&http, &server.base, &game.id, south)
            .await
            .unwrap();
        let actions = format!("/api/games/{}/actions", game.id);
        let body = json!({"action": mine.legal[0], "expect": 0});
        assert_eq!(post(actions, Some(south), body).await.0, 200);
        let undo = format!("/api/games/{}/undo", game.id);
        let (status, body) = post(undo, Some(south), json!({})).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("too-many-events"))
        );
        let mut keys = Vec::new();
        for name in ["Ann", "Bo"] {
            let (_, me) = post("/api/players".to_owned(), None, json!({"name": name})).await;
            keys.push(me["key"].as_str().unwrap().to_owned());
        }
        let rated = json!({"game": "gyges", "seats": ["human", "open"], "rated": true});
        let (_, created) = post("/api/games".to_owned(), Some(&keys[0]), rated).await;
        let id = created["id"].as_str().unwrap();
        let join = format!("/api/games/{id}/join");
        assert_eq!(post(join, Some(&keys[1]), json!({})).await.0, 201);
        let shown: Value = http
            .get(format!("{}/api/games/{id}", server.base))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(shown["casual"], "pair-limit", "{shown}");
    });
}

#[test]
fn the_load_generator_plays_and_reports_on_loopback_only() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&dir.path().join("games.db"));
    let out = trio(&[
        "load",
        "--addr",
        server.addr(),
        "--games",
        "4",
        "--seconds",
        "2",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("actions/s") && text.contains("p99"), "{text}");
    assert!(text.contains("on 1 instance ("), "{text}");
    // Two instances, here one server named twice.
    let out = trio(&[
        "load",
        "--addr",
        server.addr(),
        "--addr",
        server.addr(),
        "--games",
        "4",
        "--seconds",
        "2",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("on 2 instances") && text.contains("actions/s"),
        "{text}"
    );
    // Two servers that share no database: one seat of each game is on the other server,
    // which does not know the game, so half the seats fail.
    let other = Server::start(&dir.path().join("other.db"));
    let out = trio(&[
        "load",
        "--addr",
        server.addr(),
        "--addr",
        other.addr(),
        "--games",
        "4",
        "--seconds",
        "1",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("4 seats failed"), "{text}");
    // More sockets than this process may open: said before anything is created.
    let out = trio(&["load", "--addr", server.addr(), "--games", "100000000"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("ask for fewer games"), "{err}");
    let out = trio(&["load", "--addr", "10.1.2.3:8080", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a loopback address"));
    // Every address is checked, the second of a comma-separated list too.
    let list = format!("{},10.1.2.3:8080", server.addr());
    let out = trio(&["load", "--addr", &list, "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("10.1.2.3:8080 is not a loopback address"),
        "{err}"
    );
}

#[test]
fn sigterm_drains_with_close_frames_and_loses_no_acknowledged_action() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut server = Server::start(&db);
    let http = reqwest::Client::new();
    let (game, acked, mut socket) = runtime.block_on(async {
        let game = create_game(&http, server.addr(), "gyges", &["human", "human"]).await;
        let acked = Arc::new(Mutex::new(Vec::new()));
        let url = format!("ws://{}/api/games/{}/ws", server.addr(), game.id);
        let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        futures_util::SinkExt::send(&mut socket, Message::text(r#"{"type":"hello"}"#))
            .await
            .unwrap();
        let player = tokio::spawn(play(server.base.clone(), game.clone(), acked.clone(), 7));
        while acked.lock().unwrap().len() < 20 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        drop(player);
        (game, acked, socket)
    });
    let pid = server.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let close = runtime.block_on(async {
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(10), socket.next())
                .await
                .expect("an answer within 10 s");
            match frame {
                Some(Ok(Message::Close(frame))) => return frame,
                Some(Ok(_)) => {}
                other => panic!("closed without a close frame: {other:?}"),
            }
        }
    });
    assert_eq!(close.map(|f| u16::from(f.code)), Some(1001));
    assert!(
        server.child.wait().unwrap().success(),
        "exits 0 after draining"
    );
    let acked = acked.lock().unwrap().clone();
    let server = Server::start(&db);
    runtime.block_on(async {
        let now = snapshot(&http, &server.base, &game.id, &game.seats[0].token)
            .await
            .unwrap();
        for (_, seq, action) in &acked {
            assert_eq!(
                now.moves[*seq as usize - 1].action.as_deref(),
                Some(action.as_str())
            );
        }
    });
}
