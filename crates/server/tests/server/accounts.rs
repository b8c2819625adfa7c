//! Accounts that stay their owner's (issue 39), each attack tried as an attacker would:
//! guessing a password from many addresses, from one network, or at the whole server.

use std::net::IpAddr;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use trio_server::{Allowance, Limits, Settings, SignInLimits};

use crate::support::backend::on_both_backends;
use crate::support::{Backend, Server};

/// A client whose requests come from `ip` (any of 127.0.0.0/8 is this machine).
fn client_from(ip: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::from(ip))
        .build()
        .unwrap()
}

/// A sign-in from `client`: the status, the wait asked for (`Retry-After`) and the answer.
async fn sign_in(
    server: &Server,
    client: &reqwest::Client,
    name: &str,
    password: &str,
) -> (StatusCode, Option<u64>, Value) {
    let response = client
        .post(server.url("/api/players/sign-in"))
        .json(&json!({"name": name, "password": password}))
        .send()
        .await
        .unwrap();
    let status = response.status();
    let wait = response
        .headers()
        .get("retry-after")
        .map(|w| w.to_str().unwrap().parse().unwrap());
    (status, wait, response.json().await.unwrap())
}

/// A new player named `name` whose password is `password`.
async fn player_with_password(server: &Server, name: &str, password: &str) -> String {
    let (status, player) = server
        .post("/api/players", None, json!({"name": name}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{player}");
    let key = player["key"].as_str().unwrap().to_owned();
    let (status, answer) = server
        .post(
            "/api/players/me/password",
            Some(&key),
            json!({"password": password}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    key
}

/// 30 addresses guessing one player's password in turn: ten wrong guesses, then every
/// try, the right password too, is `429 rate-limited` until the oldest failure is ten
/// minutes old.
async fn guesses_from_30_addresses_at_one_account_are_stopped_by_its_limit(backend: Backend) {
    let server = Server::within(&backend, Limits::default()).await;
    player_with_password(&server, "Zoë", "correct horse").await;
    let mut answers = Vec::new();
    for i in 0..30 {
        let guesser = client_from([127, 0, 0, 2 + i]);
        let (status, wait, answer) = sign_in(&server, &guesser, "Zoë", &format!("guess {i}")).await;
        if status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(answer["code"], "rate-limited");
            assert!(wait.is_some_and(|w| (1..=600).contains(&w)), "{wait:?}");
        }
        answers.push(status);
    }
    let wrong = answers
        .iter()
        .filter(|&&s| s == StatusCode::FORBIDDEN)
        .count();
    assert_eq!(wrong, 10, "{answers:?}");
    assert!(answers[10..]
        .iter()
        .all(|&s| s == StatusCode::TOO_MANY_REQUESTS));
    let owner = client_from([127, 0, 0, 99]);
    let (status, _, _) = sign_in(&server, &owner, "ZOË", "correct horse").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    server.time.advance(Duration::from_secs(601));
    let (status, _, signed) = sign_in(&server, &owner, "ZOË", "correct horse").await;
    assert_eq!(status, StatusCode::CREATED, "{signed}");
}

/// One address guessing at many names is stopped by its network's allowance, another
/// address is not; the server's cap on failures in all stops everyone. Sign-ins that
/// succeed use no allowance.
async fn guesses_at_many_names_are_stopped_per_network_and_in_all(backend: Backend) {
    let minutes = Duration::from_secs(600);
    let settings = Settings {
        sign_in_limits: SignInLimits {
            per_account: Allowance::new(10, minutes),
            per_network: Allowance::new(3, minutes),
            overall: Allowance::new(5, minutes),
        },
        ..Settings::default()
    };
    let server = Server::with(&backend, Some(Limits::default()), settings).await;
    player_with_password(&server, "Ola", "correct horse").await;
    let owner = client_from([127, 0, 0, 3]);
    for _ in 0..6 {
        let (status, _, _) = sign_in(&server, &owner, "Ola", "correct horse").await;
        assert_eq!(status, StatusCode::CREATED);
    }
    let guesser = client_from([127, 0, 0, 4]);
    for name in ["Ann", "Bob", "Cy"] {
        let (status, _, _) = sign_in(&server, &guesser, name, "a guess").await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let (status, wait, _) = sign_in(&server, &guesser, "Dee", "a guess").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(wait.is_some_and(|w| (1..=600).contains(&w)), "{wait:?}");
    let other = client_from([127, 0, 0, 5]);
    for name in ["Dee", "Eve"] {
        let (status, _, _) = sign_in(&server, &other, name, "a guess").await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    // Five failures in all: the cap holds everyone, the owner too.
    let (status, _, _) = sign_in(&server, &owner, "Ola", "correct horse").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

/// A password that is the name, or one of the most used, is refused whatever its case.
async fn easy_passwords_are_refused(backend: Backend) {
    let server = Server::on(&backend).await;
    let (_, ida) = server
        .post("/api/players", None, json!({"name": "Aleksandra"}))
        .await;
    let key = ida["key"].as_str().unwrap();
    for password in [
        "ALEKSANDRA",
        "password",
        "Iloveyou",
        "12345678",
        "qwertyuiop",
    ] {
        let (status, answer) = server
            .post(
                "/api/players/me/password",
                Some(key),
                json!({"password": password}),
            )
            .await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("weak-password")),
            "{password}"
        );
    }
}

on_both_backends!(
    guesses_from_30_addresses_at_one_account_are_stopped_by_its_limit,
    guesses_at_many_names_are_stopped_per_network_and_in_all,
    easy_passwords_are_refused,
);
