//! `trio serve` as the integration tests start it: a child process on a free port of
//! 127.0.0.1, and games created over its API.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use serde_json::json;
use trio_server::protocol::Created;

/// Starts `trio serve` with `args` on a free port; its address (`127.0.0.1:PORT`) as its
/// first line says, or `None` if it printed none (it did not start).
pub fn spawn_serve(args: &[&str], stderr: Stdio) -> (Child, Option<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_trio"))
        .arg("serve")
        .args(args)
        .args(["--addr", "127.0.0.1:0"])
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
