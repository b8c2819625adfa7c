//! Accounts that stay their owner's (issue 39), each attack tried as an attacker would:
//! guessing a password from many addresses, from one network, or at the whole server; a
//! look-alike name; a key alone changing the password; the database file read by others.

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

/// The key alone cannot change a password once one is set; the right current password
/// changes it and ends every other session. Sessions are listed with their device, one is
/// ended, then all but the caller's.
async fn sessions_are_listed_and_ended_and_a_password_change_ends_the_others(backend: Backend) {
    let server = Server::on(&backend).await;
    let first = player_with_password(&server, "Zoë", "correct horse").await;
    let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    let sign_in_from = |agent: &'static str, password: &'static str| {
        let request = server
            .http
            .post(server.url("/api/players/sign-in"))
            .header("user-agent", agent)
            .json(&json!({"name": "Zoë", "password": password}));
        async move {
            let response = request.send().await.unwrap();
            assert_eq!(response.status(), StatusCode::CREATED);
            let signed: Value = response.json().await.unwrap();
            signed["key"].as_str().unwrap().to_owned()
        }
    };
    let second = sign_in_from(firefox, "correct horse").await;
    let third = sign_in_from("curl/8.5.0", "correct horse").await;
    let sessions = |key: String| {
        let server = &server;
        async move {
            let (status, list) = server.get("/api/players/me/sessions", Some(&key)).await;
            assert_eq!(status, StatusCode::OK, "{list}");
            list["sessions"].as_array().unwrap().clone()
        }
    };
    let listed = sessions(first.clone()).await;
    assert_eq!(listed.len(), 3, "{listed:?}");
    let current: Vec<&Value> = listed.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(current.len(), 1);
    assert!(
        listed.iter().any(|s| s["label"] == "Firefox on Linux"),
        "{listed:?}"
    );
    // The key alone, or with a wrong current password, changes nothing.
    for body in [
        json!({"password": "stolen key's"}),
        json!({"current": "a guess", "password": "stolen key's"}),
    ] {
        let (status, answer) = server
            .post("/api/players/me/password", Some(&third), body)
            .await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("wrong-password"))
        );
    }
    // One session ended: its key no longer works, and it is gone.
    let third_id = sessions(third.clone())
        .await
        .into_iter()
        .find(|s| s["current"] == true)
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let end = |id: &str| {
        server
            .http
            .delete(server.url(&format!("/api/players/me/sessions/{id}")))
            .bearer_auth(&first)
            .send()
    };
    assert_eq!(end(&third_id).await.unwrap().status(), StatusCode::OK);
    assert_eq!(
        end(&third_id).await.unwrap().status(),
        StatusCode::NOT_FOUND
    );
    let (status, _) = server.get("/api/players/me", Some(&third)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // The password changed on the second device ends the first.
    let (status, answer) = server
        .post(
            "/api/players/me/password",
            Some(&second),
            json!({"current": "correct horse", "password": "battery staple"}),
        )
        .await;
    assert_eq!((status, &answer["ended"]), (StatusCode::OK, &json!(1)));
    let (status, _) = server.get("/api/players/me", Some(&first)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = server.get("/api/players/me", Some(&second)).await;
    assert_eq!(status, StatusCode::OK);
    // Signed out everywhere else from a new device.
    let fourth = sign_in_from(firefox, "battery staple").await;
    let (status, answer) = server
        .post(
            "/api/players/me/sessions/end-others",
            Some(&fourth),
            json!({}),
        )
        .await;
    assert_eq!((status, &answer["ended"]), (StatusCode::OK, &json!(1)));
    let (status, _) = server.get("/api/players/me", Some(&second)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(sessions(fourth).await.len(), 1);
}

/// Look-alike names are one name: a Cyrillic А, a capital I for an l, fullwidth letters
/// or a zero-width joiner do not make another `Alice`; nor does any look of `admin` or
/// `AI` (Greek ΑΙ).
async fn look_alike_invisible_and_reserved_names_are_refused(backend: Backend) {
    let server = Server::on(&backend).await;
    let (status, _) = server
        .post("/api/players", None, json!({"name": "Alice"}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    for (name, code) in [
        ("\u{410}lice", "bad-name"),
        ("AIice", "name-taken"),
        ("Ａｌｉｃｅ", "name-taken"),
        ("Ali\u{200d}ce", "bad-name"),
        ("Alice\u{3164}", "bad-name"),
        ("Ali\u{202e}ce", "bad-name"),
        ("admin", "name-taken"),
        ("\u{430}dmin", "bad-name"),
        ("\u{391}\u{399}", "name-taken"),
        ("Guest7", "name-taken"),
    ] {
        let (status, answer) = server
            .post("/api/players", None, json!({"name": name}))
            .await;
        assert_eq!(answer["code"], code, "{name:?}: {answer}");
        assert!(status.is_client_error());
    }
    // Wholly Cyrillic Сосо reads as Latin Coco.
    let (status, _) = server
        .post("/api/players", None, json!({"name": "Coco"}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, answer) = server
        .post(
            "/api/players",
            None,
            json!({"name": "\u{421}\u{43e}\u{441}\u{43e}"}),
        )
        .await;
    assert_eq!(answer["code"], "name-taken");
}

/// A name taken before look-alikes were compared, beside its look-alike, still signs in
/// after the upgrade; no third look-alike can be taken.
async fn names_taken_before_the_rules_still_sign_in(backend: Backend) {
    let server = Server::on(&backend).await;
    player_with_password(&server, "Alice", "correct horse").await;
    // As a server before migration 20 stored it: no skeleton.
    let key = "p-0123456789abcdef0123456789abcdef";
    let hash: String = trio_server::secrets::hash_token(key)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    backend
        .execute(
            "INSERT INTO players (id, name, name_key, created_at) VALUES ($1, 'AIice', 'aiice', 0)",
            "legacy",
        )
        .await;
    backend
        .execute(
            &format!(
                "INSERT INTO player_keys (key_hash, player_id, created_at) VALUES ('{hash}', $1, 0)"
            ),
            "legacy",
        )
        .await;
    drop(server);
    let server = Server::on(&backend).await;
    let (status, me) = server.get("/api/players/me", Some(key)).await;
    assert_eq!((status, &me["name"]), (StatusCode::OK, &json!("AIice")));
    let (status, _) = server
        .post(
            "/api/players/me/password",
            Some(key),
            json!({"password": "battery staple"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, signed) = server
        .post(
            "/api/players/sign-in",
            None,
            json!({"name": "AIice", "password": "battery staple"}),
        )
        .await;
    assert_eq!(
        (status, &signed["name"]),
        (StatusCode::CREATED, &json!("AIice"))
    );
    let (status, signed) = server
        .post(
            "/api/players/sign-in",
            None,
            json!({"name": "alice", "password": "correct horse"}),
        )
        .await;
    assert_eq!(
        (status, &signed["name"]),
        (StatusCode::CREATED, &json!("Alice"))
    );
    let (_, answer) = server
        .post("/api/players", None, json!({"name": "ALlCE"}))
        .await;
    assert_eq!(answer["code"], "name-taken");
}

/// The SQLite file holds running games' seeds: it, its log and its shared memory are
/// readable by their owner alone, a file made before this included.
#[tokio::test]
async fn the_database_files_are_readable_by_their_owner_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("trio.db");
    let mode = |suffix: &str| {
        let file = format!("{}{suffix}", path.display());
        std::fs::metadata(file).unwrap().permissions().mode() & 0o777
    };
    let state = trio_server::AppState::sqlite(path.to_str().unwrap())
        .await
        .unwrap();
    for suffix in ["", "-wal", "-shm"] {
        assert_eq!(mode(suffix), 0o600, "trio.db{suffix}");
    }
    drop(state);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let _state = trio_server::AppState::sqlite(path.to_str().unwrap())
        .await
        .unwrap();
    assert_eq!(mode(""), 0o600);
}

on_both_backends!(
    guesses_from_30_addresses_at_one_account_are_stopped_by_its_limit,
    guesses_at_many_names_are_stopped_per_network_and_in_all,
    easy_passwords_are_refused,
    look_alike_invisible_and_reserved_names_are_refused,
    names_taken_before_the_rules_still_sign_in,
    sessions_are_listed_and_ended_and_a_password_change_ends_the_others,
);
