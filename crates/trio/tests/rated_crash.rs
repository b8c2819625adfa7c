//! A rated game's end moves its players' ratings exactly once, however the server dies:
//! `trio serve` is killed with SIGKILL while rated games end, and after it starts again
//! every finished rated game has moved its player's rating once, and every other none.

use std::sync::{Arc, Mutex};
use std::time::Duration;

mod serving;
use serde_json::{json, Value};
use serving::{post, rated_game_set_up, rated_games, Rated, Server};

const GAMES: usize = 12;
/// Killed once this many games have been acknowledged over; the rest are in flight.
const KILL_AFTER: usize = 5;

#[test]
fn every_rated_end_moves_the_ratings_once_when_the_server_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let http = reqwest::Client::new();
    let mut server = Server::start(&db);
    let games: Vec<Rated> = runtime.block_on(async {
        let mut games = Vec::new();
        for n in 0..GAMES {
            games.push(rated_game_set_up(&http, &server.base, &format!("Crash{n}")).await);
        }
        games
    });
    let ended = Arc::new(Mutex::new(Vec::new()));
    let resigning: Vec<_> = games
        .iter()
        .map(|g| {
            let (http, ended) = (http.clone(), ended.clone());
            let url = format!("{}/api/games/{}/resign", server.base, g.id);
            let (id, token) = (g.id.clone(), g.token.clone());
            runtime.spawn(async move {
                if post(&http, url, &token, json!({})).await.0 == 200 {
                    ended.lock().unwrap().push(id);
                }
            })
        })
        .collect();
    runtime.block_on(async {
        while ended.lock().unwrap().len() < KILL_AFTER {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    });
    server.kill();
    for task in resigning {
        runtime.block_on(task).unwrap();
    }
    let acknowledged = ended.lock().unwrap().clone();

    let server = Server::start(&db);
    runtime.block_on(async {
        for game in &games {
            let url = format!("{}/api/games/{}", server.base, game.id);
            let now: Value = http.get(url).send().await.unwrap().json().await.unwrap();
            let over = !now["result"].is_null();
            if acknowledged.contains(&game.id) {
                assert!(over, "an acknowledged resignation was lost: {now}");
            }
            // Repaired at start if owed: wait for it rather than for a time.
            let until = tokio::time::Instant::now() + Duration::from_secs(60);
            let expected = if over { vec![game.id.clone()] } else { vec![] };
            loop {
                let moved = rated_games(&http, &server.base, &game.name).await;
                if moved == expected {
                    break;
                }
                assert!(moved.len() <= 1, "rated twice: {moved:?}");
                assert!(
                    tokio::time::Instant::now() < until,
                    "{}: {moved:?}, expected {expected:?}",
                    game.name
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    });
}
