//! Named players: keys, names taken once, passwords that sign in on another device, a
//! key reaching its seats elsewhere, and ratings moved by rated games only.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use trio_server::protocol::{Created, ServerMessage, Snapshot};
use trio_server::Limits;

use crate::support::backend::on_both_backends;
use crate::support::{Backend, Server, PATIENCE};

#[tokio::test]
async fn named_players_sit_by_their_key_and_find_their_games() {
    let server = Server::start().await;
    let (status, zoe) = server
        .post("/api/players", None, json!({"name": "Zoë"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{zoe}");
    let key = zoe["key"].as_str().unwrap().to_owned();
    assert_eq!(zoe["link"], json!(format!("/#player={key}")));
    // A name is taken once, however it is written; a bad one says what a name is.
    for (name, code) in [
        ("ZOË", "name-taken"),
        ("Zoe\u{308}", "name-taken"),
        ("x", "bad-name"),
    ] {
        let (status, body) = server
            .post("/api/players", None, json!({"name": name}))
            .await;
        assert_eq!(body["code"], code, "{name}");
        assert!(status.is_client_error());
    }
    let (_, ola) = server
        .post("/api/players", None, json!({"name": "Ola"}))
        .await;
    let ola_key = ola["key"].as_str().unwrap();
    let (status, me) = server.get("/api/players/me", Some(&key)).await;
    assert_eq!((status, &me["name"]), (StatusCode::OK, &json!("Zoë")));
    let (status, body) = server.get("/api/players/me", Some("p-nobody")).await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::FORBIDDEN, &json!("wrong-key"))
    );
    let (status, body) = server.get("/api/players/me/games", None).await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::UNAUTHORIZED, &json!("no-key"))
    );

    // Zoë creates a game with her key, Ola joins its open seat with hers.
    let (status, created) = server
        .post(
            "/api/games",
            Some(&key),
            json!({"game": "gyges", "seats": ["human", "open"]}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let (status, _) = server
        .post(&format!("/api/games/{id}/join"), Some(ola_key), json!({}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let shown = server.snapshot(id, None).await;
    let names: Vec<Option<&str>> = shown
        .seats
        .iter()
        .map(|s| s.player_name.as_deref())
        .collect();
    assert_eq!(names, [Some("Zoë"), Some("Ola")]);
    // A guest's game is nobody's.
    server.create("gyges", &["human", "ai:1"]).await;
    let (status, mine) = server.get("/api/players/me/games", Some(&key)).await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&Value> = mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["id"])
        .collect();
    assert_eq!(ids, [&json!(id)]);
    assert_eq!(mine["games"][0]["seats"][1]["player_name"], "Ola");
}

#[tokio::test]
async fn a_rated_game_against_an_ai_level_moves_the_persons_rating_only() {
    let server = Server::start().await;
    let (_, me) = server
        .post("/api/players", None, json!({"name": "Ida"}))
        .await;
    let (id, token) = &rated_against_level_3(&server, me["key"].as_str().unwrap()).await;
    // No help against a fixed rating: a hint or a takeback would be points taken.
    let (status, refused) = server
        .get(&format!("/api/games/{id}/hint"), Some(token))
        .await;
    assert_eq!(
        (status, &refused["code"]),
        (StatusCode::FORBIDDEN, &json!("rated-game"))
    );
    server.play_first(id, token).await;
    server.once(id, |s| s.turn.seat == Some(0)).await; // the AI's answer
    let mine = server.snapshot(id, Some(token)).await;
    assert_eq!((mine.offers.undo, mine.offers.hint), (false, false));
    let (status, refused) = server.to_game(id, "undo", Some(token), json!({})).await;
    assert_eq!(
        (status, &refused["code"]),
        (StatusCode::FORBIDDEN, &json!("rated-game"))
    );
    assert_eq!(server.resign(id, token).await, StatusCode::OK);
    let (_, ida) = server.get("/api/players/Ida", None).await;
    let lost = ida["ratings"][0]["rating"].as_f64().unwrap();
    // Level 3 stands about 252 above a new player (docs/api.md, "Ratings"): losing to it
    // costs less than losing to an equal.
    assert!(lost < 1500.0 && lost > 1500.0 - 100.0, "{ida}");
    assert_eq!(ida["ratings"][0]["games"], 1);
    let (_, board) = server.get("/api/ratings/gyges", None).await;
    assert_eq!(board["players"].as_array().unwrap().len(), 1, "{board}");
}

#[tokio::test]
async fn a_rated_game_updates_its_players_ratings_once_at_its_end() {
    let server = Server::start().await;
    let mut keys = Vec::new();
    for name in ["Zoë", "Ola"] {
        let (_, me) = server
            .post("/api/players", None, json!({"name": name}))
            .await;
        keys.push(me["key"].as_str().unwrap().to_owned());
    }
    let rated = |seats: Value| json!({"game": "gyges", "seats": seats, "rated": true});
    // Rated is for named people (and AI levels) from the usual start.
    for (body, key) in [
        (rated(json!(["human", "open"])), None),
        (rated(json!(["human", "random"])), Some(keys[0].as_str())),
    ] {
        let (status, answer) = server.post("/api/games", key, body).await;
        assert_eq!(
            (status, &answer["code"]),
            (StatusCode::BAD_REQUEST, &json!("bad-rated"))
        );
    }
    let (status, created) = server
        .post(
            "/api/games",
            Some(&keys[0]),
            rated(json!(["human", "open"])),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let join = format!("/api/games/{id}/join");
    let (status, answer) = server.post(&join, None, json!({})).await;
    assert_eq!(
        (status, &answer["code"]),
        (StatusCode::UNAUTHORIZED, &json!("no-key"))
    );
    // One person, one seat: neither its own second seat nor another one by joining.
    let (status, answer) = server
        .post(
            "/api/games",
            Some(&keys[0]),
            rated(json!(["human", "human"])),
        )
        .await;
    assert_eq!(
        (status, &answer["code"]),
        (StatusCode::BAD_REQUEST, &json!("bad-rated"))
    );
    let (status, answer) = server.post(&join, Some(&keys[0]), json!({})).await;
    assert_eq!(
        (status, &answer["code"]),
        (StatusCode::CONFLICT, &json!("already-seated"))
    );
    let (status, joined) = server.post(&join, Some(&keys[1]), json!({})).await;
    assert_eq!(status, StatusCode::CREATED);
    // Both set up, so that the game can no longer be aborted; then Zoë resigns.
    let south = created["seats"][0]["token"].as_str().unwrap();
    server.play_first(id, south).await;
    server
        .play_first(id, joined["token"].as_str().unwrap())
        .await;
    assert_eq!(server.resign(id, south).await, StatusCode::OK);

    let profile = |name: &'static str| {
        let server = &server;
        async move { server.get(&format!("/api/players/{name}"), None).await.1 }
    };
    let (zoe, ola) = (profile("Zoë").await, profile("Ola").await);
    let rating = |p: &Value| p["ratings"][0]["rating"].as_i64().unwrap();
    assert!(rating(&zoe) < 1500 && rating(&ola) > 1500, "{zoe} {ola}");
    assert_eq!(ola["ratings"][0]["provisional"], true);
    assert_eq!(ola["ratings"][0]["games"], 1);
    assert_eq!(ola["history"].as_array().unwrap().len(), 1);
    assert_eq!(ola["history"][0]["game"], json!(id));
    let (_, board) = server.get("/api/ratings/gyges", None).await;
    let names: Vec<&Value> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["name"])
        .collect();
    assert_eq!(names, [&json!("Ola"), &json!("Zoë")]);
    let (status, _) = server.get("/api/ratings/chess", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A casual game between them changes nothing.
    let (_, casual) = server
        .post(
            "/api/games",
            Some(&keys[0]),
            json!({"game": "gyges", "seats": ["human", "open"]}),
        )
        .await;
    let casual_id = casual["id"].as_str().unwrap();
    server
        .post(
            &format!("/api/games/{casual_id}/join"),
            Some(&keys[1]),
            json!({}),
        )
        .await;
    server
        .resign(casual_id, casual["seats"][0]["token"].as_str().unwrap())
        .await;
    assert_eq!(rating(&profile("Ola").await), rating(&ola));
    let (status, _) = server.get("/api/players/Nobody", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// A named player sets a password and signs in with it on another device: a new key there,
/// the first one kept; wrong passwords, unknown names and names without a password are
/// refused alike.
async fn a_password_signs_a_player_in_elsewhere(backend: Backend) {
    let server = Server::within(&backend, Limits::default()).await;
    let (status, zoe) = server
        .post("/api/players", None, json!({"name": "Zoë"}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{zoe}");
    let first = zoe["key"].as_str().unwrap();
    let sign_in = |name: &str, password: &str| json!({"name": name, "password": password});
    let refused = [
        sign_in("Zoë", "no password yet"),
        sign_in("Nobody", "a password"),
        sign_in("not a name!", "a password"),
    ];
    for body in &refused {
        let (status, answer) = server
            .post("/api/players/sign-in", None, body.clone())
            .await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (StatusCode::FORBIDDEN, Some("wrong-password")),
            "{body}"
        );
    }
    let password = json!({"password": "correct horse"});
    let (status, answer) = server
        .post("/api/players/me/password", None, password.clone())
        .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("no-key"))
    );
    let short = json!({"password": "short"});
    let (status, answer) = server
        .post("/api/players/me/password", Some(first), short)
        .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad-password"))
    );
    let (status, answer) = server
        .post("/api/players/me/password", Some(first), password)
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = server
        .post(
            "/api/players/sign-in",
            None,
            sign_in("Zoë", "correct horsE"),
        )
        .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("wrong-password"))
    );
    // The name as it reads, in any case.
    let (status, signed) = server
        .post(
            "/api/players/sign-in",
            None,
            sign_in("ZOË", "correct horse"),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{signed}");
    assert_eq!(signed["name"], "Zoë");
    assert_eq!(signed["id"], zoe["id"]);
    let second = signed["key"].as_str().unwrap();
    assert_ne!(second, first);
    for key in [first, second] {
        let (_, me) = server.get("/api/players/me", Some(key)).await;
        assert_eq!(me["name"], "Zoë", "both keys are Zoë's");
    }
}

/// A named player's key gets, on another device, a token of each seat the player sits in:
/// the same one each time, the seat's first token still working; nobody else's key gets
/// one. With several instances, one that had the game loaded takes the new token too.
async fn a_players_key_reaches_its_seat_on_another_device(backend: Backend) {
    let server = Server::within(&backend, Limits::default()).await;
    let mut keys = Vec::new();
    for name in ["Zoë", "Ola", "Ewa"] {
        let (status, player) = server
            .post("/api/players", None, json!({"name": name}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{player}");
        keys.push(player["key"].as_str().unwrap().to_owned());
    }
    let body = json!({"game": "gyges", "seats": ["human", "open"]});
    let (_, created) = server.post("/api/games", Some(&keys[0]), body).await;
    let created: Created = serde_json::from_value(created).unwrap();
    let id = &created.id;
    let (status, _) = server.to_game(id, "join", Some(&keys[1]), json!({})).await;
    assert_eq!(status, StatusCode::CREATED);
    // Another instance has the game loaded before the token is made.
    let other = match &backend {
        Backend::Postgres(_) => {
            let other = Server::within(&backend, Limits::default()).await;
            other.snapshot(id, None).await;
            Some(other)
        }
        Backend::Sqlite(_) => None,
    };

    let (status, answer) = server
        .to_game(id, "seat-token", Some(&keys[0]), json!({}))
        .await;
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
    let (_, again) = server
        .to_game(id, "seat-token", Some(&keys[0]), json!({}))
        .await;
    assert_eq!(
        again["seats"][0]["token"],
        token.as_str(),
        "the same token again"
    );
    server.play_first(id, &token).await;
    let (_, ola) = server
        .to_game(id, "seat-token", Some(&keys[1]), json!({}))
        .await;
    assert_eq!(ola["seats"][0]["seat"], 1);
    for (key, status, code) in [
        (Some(keys[2].as_str()), StatusCode::FORBIDDEN, "not-seated"),
        (Some("p-nobody"), StatusCode::FORBIDDEN, "wrong-key"),
        (None, StatusCode::UNAUTHORIZED, "no-key"),
    ] {
        let (got, answer) = server.to_game(id, "seat-token", key, json!({})).await;
        assert_eq!(
            (got, answer["code"].as_str()),
            (status, Some(code)),
            "{answer}"
        );
    }
    let (status, _) = server
        .to_game("0123456789abcdef", "seat-token", Some(&keys[0]), json!({}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    if let Some(other) = other {
        let until = tokio::time::Instant::now() + PATIENCE;
        loop {
            let (status, seen) = other.show(id, Some(&token)).await;
            if status == StatusCode::OK {
                let seen: Snapshot = serde_json::from_value(seen).unwrap();
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

/// A rated game that ended without its ratings — as one could before the two were written
/// in one transaction, when the server stopped between them — gets them at the next start,
/// once, however many instances start at once.
async fn ratings_owed_by_a_crash_are_repaired_once_at_the_next_start(backend: Backend) {
    let server = Server::on(&backend).await;
    let (_, me) = server
        .post("/api/players", None, json!({"name": "Idun"}))
        .await;
    let (id, token) = &rated_against_level_3(&server, me["key"].as_str().unwrap()).await;
    // Both set up (the AI at once), so that the resignation is one, and rated.
    server.play_first(id, token).await;
    server.once(id, |s| s.turn.seat == Some(0)).await;
    assert_eq!(server.resign(id, token).await, StatusCode::OK);
    let profile = async |server: &Server| server.get("/api/players/Idun", None).await.1;
    let rated = profile(&server).await;
    assert_eq!(rated["ratings"][0]["games"], 1, "{rated}");
    drop(server);

    // The end stored, the ratings not.
    backend
        .execute("UPDATE games SET rated_done = FALSE WHERE id = $1", id)
        .await;
    backend
        .execute("DELETE FROM rating_history WHERE game_id = $1", id)
        .await;
    backend
        .execute(
            "DELETE FROM ratings WHERE player_id IN \
             (SELECT player_id FROM seats WHERE game_id = $1)",
            id,
        )
        .await;
    let store = backend.store().await;
    assert_eq!(
        store.owing_ratings().await.unwrap(),
        std::slice::from_ref(id)
    );

    let (first, second) = tokio::join!(Server::on(&backend), Server::on(&backend));
    let until = tokio::time::Instant::now() + PATIENCE;
    while !store.owing_ratings().await.unwrap().is_empty() {
        assert!(
            tokio::time::Instant::now() < until,
            "the ratings were not repaired"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    for server in [&first, &second] {
        let repaired = profile(server).await;
        assert_eq!(repaired["ratings"][0]["games"], 1, "{repaired}");
        assert_eq!(
            repaired["ratings"][0]["rating"],
            rated["ratings"][0]["rating"]
        );
        assert_eq!(
            repaired["history"].as_array().unwrap().len(),
            1,
            "{repaired}"
        );
    }
}

/// A rated game shows each seat's rating — its player's, provisional while uncertain, an AI
/// level's fixed one — in the game, its lobby line and a seek's line; at its end each
/// player's change, sent to the clients and kept once: the game, My games and the player's
/// page agree, and the next game starts from the rating after.
async fn a_rated_game_shows_each_seats_rating_and_its_change_once(backend: Backend) {
    let server = Server::on(&backend).await;
    let (_, me) = server
        .post("/api/players", None, json!({"name": "Ines"}))
        .await;
    let key = me["key"].as_str().unwrap();
    let new = json!({"rating": 1500, "provisional": true});
    let line_of = async |id: &str| {
        let (_, lobby) = server.list("").await;
        let games = lobby["games"].as_array().unwrap();
        games.iter().find(|g| g["id"] == id).cloned().unwrap()
    };
    let body = json!({"game": "gyges", "clock": {"days": 3}, "rated": true});
    let (status, seek) = server.post("/api/seeks", Some(key), body).await;
    assert_eq!(status, StatusCode::CREATED, "{seek}");
    let (sought, seat) = (seek["id"].as_str().unwrap(), &seek["seat"]["seat"]);
    let waiting = line_of(sought).await;
    let seat = seat.as_u64().unwrap() as usize;
    assert_eq!(waiting["seats"][seat]["rating"], new, "{waiting}");
    assert_eq!(waiting["seats"][1 - seat].get("rating"), None, "{waiting}");

    let mut before = 1500;
    for game in 0..2 {
        let (id, token) = &rated_against_level_3(&server, key).await;
        let shown = server.show(id, None).await.1;
        assert_eq!(shown["seats"][0]["rating"]["rating"], before, "{shown}");
        assert_eq!(
            shown["seats"][1]["rating"],
            json!({"rating": 1752, "provisional": false})
        );
        assert_eq!(line_of(id).await["seats"], shown["seats"]);
        // Both set up (the AI at once), so that the resignation is one, and rated.
        server.play_first(id, token).await;
        server.once(id, |s| s.turn.seat == Some(0)).await;
        let mut watching = server.socket(id, json!({"type": "hello"})).await;
        assert_eq!(server.resign(id, token).await, StatusCode::OK);
        // The clients are sent the game afresh, its seats with their changes.
        let ServerMessage::Snapshot(ended) = watching
            .until(|m| matches!(m, ServerMessage::Snapshot(s) if s.result.is_some()))
            .await
        else {
            unreachable!()
        };
        let ines = ended.seats[0].rating.expect("a rating");
        let change = ines.change.expect("a change");
        assert!(ines.rating == before && change < 0, "{ines:?}");
        assert_eq!(ended.seats[1].rating.and_then(|r| r.change), None);

        // Games made in one second list in either order: each found by its id.
        let change_in = |lines: &Value| {
            let lines = lines.as_array().unwrap();
            let line = lines.iter().find(|g| g["id"] == **id).unwrap();
            line["seats"][0]["rating"]["change"].clone()
        };
        let (_, mine) = server.get("/api/players/me/games", Some(key)).await;
        assert_eq!(change_in(&mine["games"]), change, "{mine}");
        let (_, page) = server.get("/api/players/Ines", None).await;
        assert_eq!(
            page["history"].as_array().unwrap().len(),
            game + 1,
            "{page}"
        );
        assert_eq!(page["history"][game]["change"], change, "{page}");
        assert_eq!(page["ratings"][0]["rating"], before + change, "{page}");
        assert_eq!(change_in(&page["games"]), change, "{page}");
        before += change;
    }
}

on_both_backends!(
    a_rated_game_shows_each_seats_rating_and_its_change_once,
    a_password_signs_a_player_in_elsewhere,
    a_players_key_reaches_its_seat_on_another_device,
    ratings_owed_by_a_crash_are_repaired_once_at_the_next_start,
);

/// A rated Gygès game the player of `key` creates against AI level 3: its id and the
/// player's seat token.
async fn rated_against_level_3(server: &Server, key: &str) -> (String, String) {
    let body = json!({"game": "gyges", "seats": ["human", "ai:3"], "rated": true});
    let (status, created) = server.post("/api/games", Some(key), body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let text = |v: &Value| v.as_str().unwrap().to_owned();
    (text(&created["id"]), text(&created["seats"][0]["token"]))
}
