//! Finding a game and a seat: invited and open seats taken once, "Play someone" pairing,
//! rematches, the lobby's lists of running and finished games by pages, and the kinds of
//! game with their options.

use reqwest::StatusCode;
use serde_json::{json, Value};
use trio_server::protocol::{Offers, ServerMessage, TurnKind};
use trio_server::Limits;

use crate::support::backend::on_both_backends;
use crate::support::{ids, Backend, Server};

#[tokio::test]
async fn invited_and_open_seats_are_taken_once_and_the_game_waits_for_them() {
    let server = Server::start().await;
    let created = server
        .create("orbit(players=3)", &["human", "invite", "open"])
        .await;
    let id = created.id.clone();
    // The creator holds its own seat's token alone; the invitation is a link with a code.
    assert_eq!(created.seats.len(), 1);
    assert_eq!(created.seats[0].seat, 0);
    assert_eq!(created.invites.len(), 1);
    let invite = &created.invites[0];
    assert_eq!(invite.seat, 1);
    let code = invite.link.split_once("#claim=").unwrap().1.to_owned();
    let mut spectator = server.socket(&id, json!({"type": "hello"})).await;
    spectator.next().await;
    spectator.next().await;

    let waiting = server.snapshot(&id, Some(&created.seats[0].token)).await;
    assert_eq!(waiting.turn.kind, TurnKind::Waiting);
    assert!(waiting.legal.is_empty());
    let players: Vec<&str> = waiting.seats.iter().map(|s| s.player.as_str()).collect();
    assert_eq!(players, ["human", "invite", "open"]);
    let (status, body) = server
        .act(
            &id,
            Some(&created.seats[0].token),
            json!({"action": "x", "expect": 0}),
        )
        .await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::CONFLICT, &json!("waiting-for-players"))
    );

    // An invited seat needs its code; an open one no code.
    let refused = [
        json!({"code": "0".repeat(32)}),
        json!({"seat": 1}),
        json!({"seat": 0}),
    ];
    for body in refused {
        let (status, answer) = server.to_game(&id, "join", None, body.clone()).await;
        assert_eq!(
            (status, &answer["code"]),
            (StatusCode::CONFLICT, &json!("no-open-seat")),
            "{body}"
        );
    }
    let (status, invited) = server
        .to_game(&id, "join", None, json!({"code": code}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{invited}");
    assert_eq!(invited["seat"], 1);
    let (status, _) = server
        .to_game(&id, "join", None, json!({"code": code}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "an invitation is used once");
    let (status, open) = server.to_game(&id, "join", None, json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{open}");
    assert_eq!(open["seat"], 2);
    let (status, _) = server.to_game(&id, "join", None, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "no seat is left");

    // Everyone is told the game began; chance draws the order, then a person plays.
    spectator
        .until(|m| matches!(m, ServerMessage::Snapshot(s) if s.turn.kind != TurnKind::Waiting))
        .await;
    let tokens = [
        created.seats[0].token.clone(),
        invited["token"].as_str().unwrap().to_owned(),
        open["token"].as_str().unwrap().to_owned(),
    ];
    let now = loop {
        let now = server.snapshot(&id, None).await;
        if now.turn.kind == TurnKind::Seat {
            break now;
        }
        spectator.reach(now.seq + 1).await;
    };
    let players: Vec<&str> = now.seats.iter().map(|s| s.player.as_str()).collect();
    assert_eq!(players, ["human"; 3]);
    let mover = usize::from(now.turn.seat.unwrap());
    let mine = server.snapshot(&id, Some(&tokens[mover])).await;
    let (status, body) = server
        .act(
            &id,
            Some(&tokens[mover]),
            json!({"action": mine.legal[0], "expect": mine.seq}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

#[tokio::test]
async fn play_someone_pairs_the_same_game_and_clock_and_never_oneself() {
    let server = Server::start().await;
    let seek = |body: Value, key: Option<String>| {
        let server = &server;
        async move {
            let (status, body) = server.post("/api/seeks", key.as_deref(), body).await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
            body
        }
    };
    let blitz = json!({"initial": 300, "increment": 3});
    let a = seek(json!({"game": "gyges", "clock": blitz}), None).await;
    assert_eq!(a["paired"], false);
    let first = a["id"].as_str().unwrap().to_owned();
    assert_eq!(
        server.snapshot(&first, None).await.turn.kind,
        TurnKind::Waiting
    );
    // The same browser asking again is not paired with itself.
    let again = seek(
        json!({"game": "gyges", "clock": blitz, "except": [first]}),
        None,
    )
    .await;
    assert_eq!(again["paired"], false);
    // Another game or clock is another queue.
    let other = seek(json!({"game": "gyges"}), None).await;
    assert_eq!(other["paired"], false);
    // The next to ask for the same is paired with the oldest waiting (ordered to the
    // millisecond and beyond: both were most likely made within one second).
    let b = seek(json!({"game": "gyges", "clock": blitz}), None).await;
    assert_eq!((&b["paired"], &b["id"]), (&json!(true), &json!(first)));
    assert_ne!(a["seat"]["seat"], b["seat"]["seat"]);
    let begun = server.snapshot(&first, None).await;
    assert_ne!(begun.turn.kind, TurnKind::Waiting);
    assert!(begun.clock.unwrap().running.is_some());

    // A named player is never paired with itself, even without `except`.
    let (_, me) = server
        .post("/api/players", None, json!({"name": "Ada"}))
        .await;
    let key = me["key"].as_str().unwrap().to_owned();
    let mine = seek(json!({"game": "triles"}), Some(key.clone())).await;
    let twice = seek(json!({"game": "triles"}), Some(key)).await;
    assert_eq!(twice["paired"], false);
    assert_ne!(mine["id"], twice["id"]);

    // Na orbicie for three: two meet, and one gives the last seat to the AI.
    let red = seek(json!({"game": "orbit(players=3)"}), None).await;
    let id = red["id"].as_str().unwrap().to_owned();
    let green = seek(json!({"game": "orbit(players=3)"}), None).await;
    assert_eq!(green["id"], json!(id));
    assert_eq!(
        server.snapshot(&id, None).await.turn.kind,
        TurnKind::Waiting
    );
    let token = red["seat"]["token"].as_str().unwrap();
    // While it waits, a seated person is offered the AI for the open seat and to call the
    // game off, nothing else; a spectator nothing.
    let waiting = server.snapshot(&id, Some(token)).await;
    let fill = Offers {
        fill: true,
        abort: true,
        ..Offers::default()
    };
    assert_eq!(waiting.offers, fill);
    assert_eq!(server.snapshot(&id, None).await.offers, Offers::default());
    let (status, body) = server
        .to_game(&id, "fill", Some(token), json!({"level": 9}))
        .await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::BAD_REQUEST, &json!("bad-seats"))
    );
    let (status, body) = server.to_game(&id, "fill", Some(token), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let filled = server.snapshot(&id, None).await;
    assert_ne!(filled.turn.kind, TurnKind::Waiting);
    let mine = server.snapshot(&id, Some(token)).await.offers;
    assert!(!mine.fill && mine.resign && !mine.against_ai, "{mine:?}");
    assert_eq!(
        filled.seats.iter().filter(|s| s.player == "ai:2").count(),
        1
    );
    let (status, _) = server.to_game(&id, "fill", Some(token), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "no open seat is left");
}

#[tokio::test]
async fn a_rematch_every_person_accepts_rotates_the_seats_and_keeps_game_and_clock() {
    let server = Server::start().await;
    let created = server.create_with(json!({"game": "gyges(ply-limit=40)", "seats": ["human", "human"], "clock": {"initial": 600, "increment": 0}}))
    .await;
    let id = &created.id;
    let (south, north) = (&created.seats[0].token, &created.seats[1].token);
    let (status, body) = server.to_game(id, "rematch", Some(south), json!({})).await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::CONFLICT, &json!("not-over"))
    );
    assert_eq!(server.resign(id, north).await, StatusCode::OK);
    let (status, body) = server
        .post(&format!("/api/games/{id}/rematch"), None, json!({}))
        .await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::UNAUTHORIZED, &json!("no-token"))
    );

    let (status, asked) = server.to_game(id, "rematch", Some(south), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{asked}");
    assert_eq!(asked["game"], Value::Null, "North has not accepted");
    let shown = server.snapshot(id, None).await.rematch.unwrap();
    assert_eq!((shown.agreed, shown.game), (vec![true, false], None));
    // Who agreed is offered it no more; the other still is.
    assert!(!server.snapshot(id, Some(south)).await.offers.rematch);
    assert!(server.snapshot(id, Some(north)).await.offers.rematch);
    let (status, accepted) = server.to_game(id, "rematch", Some(north), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{accepted}");
    let rematch = accepted["game"].as_str().unwrap().to_owned();
    assert!(!server.snapshot(id, Some(north)).await.offers.rematch);
    assert_eq!(
        server
            .snapshot(id, None)
            .await
            .rematch
            .unwrap()
            .game
            .as_deref(),
        Some(rematch.as_str())
    );
    // Seats rotated: South's player is North now; the same game and clock.
    let south_now = server
        .snapshot(&rematch, Some(asked["token"].as_str().unwrap()))
        .await;
    assert_eq!(south_now.you, Some(1));
    let north_now = server
        .snapshot(&rematch, Some(accepted["token"].as_str().unwrap()))
        .await;
    assert_eq!(north_now.you, Some(0));
    assert_eq!(north_now.game, "gyges(ply-limit=40)");
    assert_eq!(
        north_now.clock.unwrap().spec,
        trio_server::protocol::ClockSpec::RealTime {
            initial: 600,
            increment: 0
        }
    );
    // Asking again answers the same rematch, never a second one.
    let (_, again) = server.to_game(id, "rematch", Some(south), json!({})).await;
    assert_eq!(
        (&again["game"], &again["token"]),
        (&json!(rematch), &asked["token"])
    );
}

/// Finished games come the most recently ended first, a page at a time, each with its
/// result; a running game is not among them.
async fn finished_games_are_listed_by_pages(backend: Backend) {
    let server = Server::within(&backend, Limits::default()).await;
    let mut ended = Vec::new();
    for at in [100, 300, 200] {
        let created = server.create("gyges", &["human", "human"]).await;
        let (status, body) = server
            .to_game(
                &created.id,
                "resign",
                Some(&created.seats[1].token),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // As if it ended at second `at`.
        let ended_at = format!("UPDATE games SET updated_at = {at} WHERE id = $1");
        backend.execute(&ended_at, &created.id).await;
        ended.push(created.id);
    }
    let running = server.create("gyges", &["human", "human"]).await;
    let (status, first) = server.list("status=finished&limit=2").await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(ids(&first), [ended[1].clone(), ended[2].clone()]);
    for game in first["games"].as_array().unwrap() {
        assert_eq!(game["over"], true);
        assert_eq!(game["result"]["reason"], "resign", "{game}");
        assert_eq!(game["result"]["seat"], 1, "{game}");
    }
    let next = first["next"].as_str().expect("a next page").to_owned();
    let (_, second) = server
        .list(&format!("status=finished&limit=2&after={next}"))
        .await;
    assert_eq!(ids(&second), [ended[0].clone()]);
    assert!(second.get("next").is_none(), "{second}");
    let (_, running_now) = server.list("").await;
    assert_eq!(ids(&running_now), std::slice::from_ref(&running.id));
    for (query, code) in [
        ("status=finished&after=nonsense", "bad-cursor"),
        ("status=finished&limit=0", "bad-request"),
        ("status=finished&limit=101", "bad-request"),
        ("after=nonsense", "bad-cursor"),
        ("status=running&limit=101", "bad-request"),
        ("status=lost", "bad-request"),
    ] {
        let (status, body) = server.list(query).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some(code)),
            "{query}"
        );
    }
}

/// Running games come the newest first, a page at a time: the pages hold every running
/// game once, and no finished one.
async fn running_games_are_listed_by_pages(backend: Backend) {
    let server = Server::within(&backend, Limits::default()).await;
    let mut running = Vec::new();
    for _ in 0..3 {
        running.push(server.create("gyges", &["human", "human"]).await.id);
    }
    let over = server.create("gyges", &["human", "human"]).await;
    let (status, body) = server
        .to_game(&over.id, "resign", Some(&over.seats[0].token), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, first) = server.list("limit=2").await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(ids(&first).len(), 2, "{first}");
    let next = first["next"].as_str().expect("a next page").to_owned();
    let (_, second) = server
        .list(&format!("status=running&limit=2&after={next}"))
        .await;
    assert!(second.get("next").is_none(), "{second}");
    let mut listed = [ids(&first), ids(&second)].concat();
    listed.sort();
    running.sort();
    assert_eq!(listed, running);
}

on_both_backends!(
    finished_games_are_listed_by_pages,
    running_games_are_listed_by_pages,
);

/// `GET /api/kinds`: every game with its seats and its options' schemas, as the game crates
/// declare them, for the lobby to build its form from.
#[tokio::test]
async fn kinds_list_every_game_with_its_seats_and_option_schemas() {
    let (status, body) = Server::start().await.get("/api/kinds", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let kinds = body["kinds"].as_array().unwrap();
    let names: Vec<&str> = kinds.iter().map(|k| k["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["gyges", "triles", "orbit"]);
    let orbit = &kinds[2];
    assert_eq!(orbit["title"], "Na orbicie");
    assert_eq!(orbit["seats"], json!({"min": 2, "max": 4}));
    let option = |kind: &Value, name: &str| -> Value {
        kind["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("no option {name} in {kind}"))
            .clone()
    };
    let players = option(orbit, "players");
    assert_eq!(
        (
            &players["kind"],
            &players["min"],
            &players["max"],
            &players["default"]
        ),
        (&json!("integer"), &json!(2), &json!(4), &json!("2"))
    );
    assert!(players["help"].as_str().unwrap().ends_with('.'));
    let order = option(orbit, "order");
    assert_eq!(order["kind"], "letters");
    assert_eq!(order["alphabet"], "rgby");
    assert_eq!(order["default"], Value::Null);
    assert_eq!(option(orbit, "board")["kind"], "file");
    assert_eq!(option(orbit, "board")["default"], "classic");
    assert_eq!(kinds[0]["seats"], json!({"min": 2, "max": 2}));
    let variant = option(&kinds[0], "variant");
    assert_eq!(variant["kind"], "choice");
    assert_eq!(variant["values"], json!(["seed", "official"]));
    let triles_variant = option(&kinds[1], "variant");
    assert_eq!(triles_variant["kind"], "set");
    assert_eq!(
        triles_variant["values"],
        json!(["open-hands", "open-pool", "own-dots"])
    );
    assert_eq!(option(&kinds[1], "tiles")["what"], "tile-set");
}
