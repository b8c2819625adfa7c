//! `trio serve` as the integration tests start it: a child process on a free port of
//! 127.0.0.1, and games created over its API.

// Each test binary uses its own part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};
use trio_server::protocol::Created;

/// A `trio serve` process, killed (SIGKILL) when dropped.
pub struct Server {
    pub child: Child,
    pub base: String,
}

impl Server {
    /// `trio serve` on the games in `db`, on a free port of 127.0.0.1.
    pub fn start(db: &Path) -> Server {
        Server::start_at(db, "127.0.0.1:0")
    }

    /// `trio serve` on the games in `db`, listening on `addr`.
    pub fn start_at(db: &Path, addr: &str) -> Server {
        let args = ["--db", db.to_str().unwrap(), "--addr", addr];
        Server::spawned(spawn_serve(&args, Stdio::null()))
    }

    /// `trio serve` on database `db` (a file or a PostgreSQL URL) with the environment
    /// variables `env` set, on a free port of 127.0.0.1.
    pub fn start_with(db: &str, env: &[(&str, &str)]) -> Server {
        Server::spawned(spawn_serve_with(&["--db", db], env, Stdio::null()))
    }

    fn spawned((child, addr): (Child, Option<String>)) -> Server {
        let addr = addr.expect("trio serve says its address");
        Server {
            child,
            base: format!("http://{addr}"),
        }
    }

    pub fn addr(&self) -> &str {
        self.base.trim_start_matches("http://")
    }

    /// Kills the server with SIGKILL and waits until it is gone.
    pub fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `trio serve` with `args`, on a free port unless `args` name an `--addr`; its
/// address (`127.0.0.1:PORT`) as its first line says, or `None` if it printed none (it did
/// not start).
pub fn spawn_serve(args: &[&str], stderr: Stdio) -> (Child, Option<String>) {
    spawn_serve_with(args, &[], stderr)
}

/// [`spawn_serve`] with the environment variables `env` set.
pub fn spawn_serve_with(
    args: &[&str],
    env: &[(&str, &str)],
    stderr: Stdio,
) -> (Child, Option<String>) {
    let free = if args.contains(&"--addr") {
        &[][..]
    } else {
        &["--addr", "127.0.0.1:0"][..]
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_trio"))
        .arg("serve")
        .args(args)
        .args(free)
        // Every test client is on 127.0.0.1: the per-address rates would hold them back.
        .args(["--action-rate", "1000000/s", "--create-rate", "1000000/s"])
        .args(["--lobby-rate", "1000000/s"])
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("trio serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut line)
        .expect("trio serve's output reads");
    let addr = line
        .split_whitespace()
        .find_map(|word| word.strip_prefix("http://"))
        .map(str::to_owned);
    (child, addr)
}

/// Creates a game of `game` with `seats` on the server at `addr`.
pub async fn create_game(
    http: &reqwest::Client,
    addr: &str,
    game: &str,
    seats: &[&str],
) -> Created {
    let response = http
        .post(format!("http://{addr}/api/games"))
        .json(&json!({"game": game, "seats": seats}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

/// A database of its own on the test server, dropped at the end.
pub struct Database {
    admin: String,
    name: String,
    /// The same server and user, this database.
    pub url: String,
}

impl Database {
    /// A new database, or `None` where no PostgreSQL server is given (the test is skipped).
    pub fn create() -> Option<Database> {
        let Some(admin) = std::env::var("TRIO_TEST_POSTGRES")
            .ok()
            .filter(|url| !url.is_empty())
        else {
            assert!(
                std::env::var_os("TRIO_REQUIRE_POSTGRES").is_none(),
                "TRIO_REQUIRE_POSTGRES is set but TRIO_TEST_POSTGRES is not"
            );
            eprintln!("skipped: no PostgreSQL (TRIO_TEST_POSTGRES is not set)");
            return None;
        };
        let name = format!("trio_{:016x}", rand::random::<u64>());
        let out = psql(&admin, &format!("CREATE DATABASE {name}"));
        assert!(
            out.status.success(),
            "cannot create a database on {admin}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (path, options) = admin.split_once('?').unwrap_or((&admin, ""));
        let (server, _) = path
            .rsplit_once('/')
            .filter(|(server, _)| server.contains("//"))
            .unwrap_or_else(|| panic!("no database in TRIO_TEST_POSTGRES={admin}"));
        let url = if options.is_empty() {
            format!("{server}/{name}")
        } else {
            format!("{server}/{name}?{options}")
        };
        Some(Database { admin, name, url })
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        // The cluster is thrown away after the tests: a database left behind harms nothing.
        let _ = psql(
            &self.admin,
            &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
        );
    }
}

fn psql(url: &str, sql: &str) -> std::process::Output {
    Command::new("psql")
        .args(["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql])
        .output()
        .expect("psql runs")
}

/// Posts `body` to `url` with `bearer`: the status and the answer, or 0 and `null` when no
/// answer came (the server died).
pub async fn post(http: &reqwest::Client, url: String, bearer: &str, body: Value) -> (u16, Value) {
    let response = http.post(url).bearer_auth(bearer).json(&body).send().await;
    match response {
        Ok(r) => (r.status().as_u16(), r.json().await.unwrap_or(Value::Null)),
        Err(_) => (0, Value::Null),
    }
}

/// A named player: its name and key.
pub async fn new_player(http: &reqwest::Client, base: &str, name: &str) -> String {
    let url = format!("{base}/api/players");
    let me: Value = http
        .post(url)
        .json(&json!({ "name": name }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    me["key"].as_str().unwrap().to_owned()
}

/// A rated game of Gygès, its player and its token.
pub struct Rated {
    pub name: String,
    pub id: String,
    pub token: String,
}

/// A new player `name` and its rated game of Gygès against `ai:1`, both set up (each seat
/// has made its first decision, so that resigning ends it rated), the person to move.
pub async fn rated_game_set_up(http: &reqwest::Client, base: &str, name: &str) -> Rated {
    let key = new_player(http, base, name).await;
    let body = json!({"game": "gyges", "seats": ["human", "ai:1"], "rated": true});
    let (status, created) = post(http, format!("{base}/api/games"), &key, body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["seats"][0]["token"].as_str().unwrap().to_owned();
    let game = format!("{base}/api/games/{id}");
    let view = || async {
        let got = http.get(&game).bearer_auth(&token).send().await.unwrap();
        got.json::<Value>().await.unwrap()
    };
    let first = view().await;
    let action = first["legal"][0].clone();
    let body = json!({"action": action, "expect": first["seq"]});
    let (status, answer) = post(http, format!("{game}/actions"), &token, body).await;
    assert_eq!(status, 200, "{answer}");
    // Until the AI has set up too.
    let until = tokio::time::Instant::now() + Duration::from_secs(60);
    while view().await["turn"]["seat"] != 0 {
        assert!(tokio::time::Instant::now() < until, "the AI did not set up");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Rated {
        name: name.to_owned(),
        id,
        token,
    }
}

/// The games that moved player `name`'s rating, as its page gives them.
pub async fn rated_games(http: &reqwest::Client, base: &str, name: &str) -> Vec<String> {
    let url = format!("{base}/api/players/{name}");
    let profile: Value = http.get(url).send().await.unwrap().json().await.unwrap();
    let history = profile["history"].as_array().cloned().unwrap_or_default();
    history
        .iter()
        .map(|h| h["game"].as_str().unwrap().to_owned())
        .collect()
}
