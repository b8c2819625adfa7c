//! A rated game's end moves its players' ratings exactly once, however the server dies:
//! `trio serve` is killed with SIGKILL while rated games end, and after it starts again
//! every finished rated game has moved its player's rating once, and every other none.

use std::sync::{Arc, Mutex};
use std::time::Duration;

mod serving;
use serde_json::{json, Value};
use serving::Server;

const GAMES: usize = 12;
/// Killed once this many games have been acknowledged over; the rest are in flight.
const KILL_AFTER: usize = 5;

struct Rated {
    name: String,
    id: String,
    token: String,
}

async fn post(http: &reqwest::Client, url: String, bearer: &str, body: Value) -> (u16, Value) {
    let response = http.post(url).bearer_auth(bearer).json(&body).send().await;
    match response {
        Ok(r) => (r.status().as_u16(), r.json().await.unwrap_or(Value::Null)),
        Err(_) => (0, Value::Null),
    }
}

/// A named player and its rated game of Gygès against `ai:1`, both set up (each seat has
/// made its first decision), the person to move.
async fn set_up(http: &reqwest::Client, base: &str, n: usize) -> Rated {
    let name = format!("Crash{n}");
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
    let key = me["key"].as_str().unwrap();
    let body = json!({"game": "gyges", "seats": ["human", "ai:1"], "rated": true});
    let (status, created) = post(http, format!("{base}/api/games"), key, body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["seats"][0]["token"].as_str().unwrap().to_owned();
    let game = format!("{base}/api/games/{id}");
    let view = |http: &reqwest::Client| {
        let (game, token) = (game.clone(), token.clone());
        let http = http.clone();
        async move {
            let got = http.get(game).bearer_auth(token).send().await.unwrap();
            got.json::<Value>().await.unwrap()
        }
    };
    let first = view(http).await;
    let action = first["legal"][0].clone();
    let body = json!({"action": action, "expect": first["seq"]});
    let (status, answer) = post(http, format!("{game}/actions"), &token, body).await;
    assert_eq!(status, 200, "{answer}");
    // Until the AI has set up too.
    let until = tokio::time::Instant::now() + Duration::from_secs(60);
    while view(http).await["turn"]["seat"] != 0 {
        assert!(tokio::time::Instant::now() < until, "the AI did not set up");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Rated { name, id, token }
}

/// The player's rating history as its page gives it: the games that moved its rating.
async fn rated_games(http: &reqwest::Client, base: &str, name: &str) -> Vec<String> {
    let url = format!("{base}/api/players/{name}");
    let profile: Value = http.get(url).send().await.unwrap().json().await.unwrap();
    let history = profile["history"].as_array().cloned().unwrap_or_default();
    history
        .iter()
        .map(|h| h["game"].as_str().unwrap().to_owned())
        .collect()
}

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
            games.push(set_up(&http, &server.base, n).await);
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
