//! `trio serve` as the integration tests start it: a child process on a free port of
//! 127.0.0.1, and games created over its API.

// Each test binary uses its own part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::json;
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
        let (child, addr) = spawn_serve(&args, Stdio::null());
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
