//! Games played through by seats and a spectator, and what each is told: what a viewer
//! is offered, each move's parts, positions shown as a spectator sees them, canned chat.

use reqwest::StatusCode;
use serde_json::{json, Value};
use trio_server::protocol::{Offers, Role, ServerMessage};

use crate::support::{pick, seq_of, Server};

#[tokio::test]
async fn two_seats_and_a_spectator_play_a_game_through() {
    let server = Server::start().await;
    let created = server.create("gyges", &["human", "human"]).await;
    assert_eq!(created.seats.len(), 2);
    assert_eq!(created.seed_hash.len(), 64);
    assert!(created.seats[0].link.contains(&created.seats[0].token));
    let id = created.id.clone();
    let mut spectator = server.socket(&id, json!({"type": "hello"})).await;
    match spectator.next().await {
        ServerMessage::Welcome { role, seat, .. } => {
            assert_eq!(role, Role::Spectator);
            assert_eq!(seat, None);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(spectator.next().await, ServerMessage::Snapshot(_)));
    // The lobby lists it, without secrets.
    let lobby = server
        .http
        .get(server.url("/api/games"))
        .send()
        .await
        .unwrap();
    let lobby = lobby.text().await.unwrap();
    assert!(lobby.contains(&id));
    assert!(!lobby.contains(&created.seats[0].token));
    // The record waits for the end.
    let (early, _) = server.get(&format!("/api/games/{id}/record"), None).await;
    assert_eq!(early, StatusCode::CONFLICT);
    let mut n = 7;
    let mut played = 0;
    loop {
        let spectator_view = server.snapshot(&id, None).await;
        if spectator_view.result.is_some() {
            break;
        }
        let mover = spectator_view.turn.seat.unwrap() as usize;
        let token = &created.seats[mover].token;
        let mine = server.snapshot(&id, Some(token)).await;
        assert_eq!(mine.you, Some(mover as u8));
        assert!(spectator_view.legal.is_empty());
        let action = pick(&mine.legal, &mut n);
        let (status, body) = server
            .act(
                &id,
                Some(token),
                json!({"action": action, "expect": mine.seq}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(seq_of(&body), mine.seq + 1);
        played += 1;
        // Resign after a while so that the test stays short.
        if played == 60 {
            assert_eq!(
                server.resign(&id, &created.seats[1].token).await,
                StatusCode::OK
            );
        }
    }
    let end = server.snapshot(&id, None).await;
    spectator.reach(end.seq).await;
    // The spectator saw every event once, in order.
    let seqs: Vec<u64> = spectator
        .frames
        .iter()
        .filter_map(|f| {
            let v: Value = serde_json::from_str(f).unwrap();
            (v["type"] == "event").then(|| v["seq"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(seqs, (1..=end.seq).collect::<Vec<_>>());
    assert_eq!(end.moves.len(), played);
    // The record, with the seed revealed and its commitment.
    let record = server.record(&id).await;
    let commitment = record.commitment.clone().unwrap();
    assert_eq!(commitment.seed_hash, created.seed_hash);
    // Published at the start, it covers the game, the seats and the start with the seed.
    let parts = trio_server::secrets::commitment_parts(&record, &commitment.nonce);
    assert_eq!(commitment.parts.as_ref(), Some(&parts));
    assert_eq!(
        trio_server::secrets::commitment_hash(&parts),
        created.seed_hash
    );
    assert!(record.result.is_some());
    let game = trio_catalog::game(&record.game).unwrap();
    game.replay(&record).unwrap();
}

#[tokio::test]
async fn canned_messages_reach_everyone_from_seats_only_and_one_a_second() {
    let server = Server::start().await;
    let created = server.create("gyges", &["human", "human"]).await;
    let id = &created.id;
    let hello = |s: usize| json!({"type": "hello", "token": created.seats[s].token});
    let mut south = server.socket(id, hello(0)).await;
    let mut north = server.socket(id, hello(1)).await;
    let mut watcher = server.socket(id, json!({"type": "hello"})).await;
    for socket in [&mut south, &mut north, &mut watcher] {
        socket
            .until(|m| matches!(m, ServerMessage::Snapshot(_)))
            .await;
    }
    south
        .send(json!({"type": "say", "phrase": "good-luck"}))
        .await;
    south.send(json!({"type": "say", "phrase": "hello"})).await;
    // A move after them, on the same connection: its event comes after what was said.
    let setup = server
        .snapshot(id, Some(&created.seats[0].token))
        .await
        .legal[0]
        .clone();
    south
        .send(json!({"type": "act", "cid": "c1", "action": setup, "expect": 0}))
        .await;
    for socket in [&mut north, &mut watcher] {
        socket.reach(1).await;
        let said: Vec<Value> = socket
            .frames
            .iter()
            .map(|f| serde_json::from_str::<Value>(f).unwrap())
            .filter(|v| v["type"] == "said")
            .collect();
        assert_eq!(
            said,
            [json!({"type": "said", "seat": 0, "phrase": "good-luck"})],
            "the second within a second is dropped"
        );
    }
    watcher.send(json!({"type": "say", "phrase": "oops"})).await;
    let refused = watcher
        .until(|m| matches!(m, ServerMessage::Error { .. }))
        .await;
    assert!(matches!(refused, ServerMessage::Error { code, .. } if code == "spectator"));
    // No free text: an unknown phrase does not read.
    north
        .send(json!({"type": "say", "phrase": "you are bad"}))
        .await;
    let bad = north
        .until(|m| matches!(m, ServerMessage::Error { .. }))
        .await;
    assert!(
        matches!(&bad, ServerMessage::Error { code, .. } if code == "bad-json"),
        "{bad:?}"
    );
}

#[tokio::test]
async fn the_server_says_what_each_viewer_is_offered() {
    let server = Server::start().await;
    let created = server.create("gyges", &["human", "ai:1"]).await;
    let token = created.seats[0].token.clone();
    let mine = server.snapshot(&created.id, Some(&token)).await;
    assert_eq!((mine.offers.undo, mine.offers.hint), (false, true));
    // Against the AI alone: undo and hint belong to the game; resigning is offered.
    assert!(mine.offers.against_ai && mine.offers.resign);
    assert!(!mine.offers.fill && !mine.offers.rematch);
    assert!(!mine.facts.chance && !mine.facts.hidden_information);
    let watcher = server.snapshot(&created.id, None).await;
    assert_eq!(watcher.offers, Offers::default());

    let mut ws = server
        .socket(&created.id, json!({"type": "hello", "token": token}))
        .await;
    ws.until(|m| matches!(m, ServerMessage::Snapshot(_))).await;
    let setup = mine.legal[0].clone();
    ws.send(json!({"type": "act", "cid": "a", "action": setup, "expect": mine.seq}))
        .await;
    // Once the AI has answered, the person's move and the answer may go back.
    let ServerMessage::Event(answered) = ws
        .until(|m| matches!(m, ServerMessage::Event(e) if e.seat == Some(1)))
        .await
    else {
        unreachable!()
    };
    let state = answered.state.expect("a live event carries the state");
    assert_eq!((state.offers.undo, state.offers.hint), (true, true));
    ws.send(json!({"type": "undo", "cid": "b"})).await;
    let ServerMessage::Event(undone) = ws
        .until(|m| matches!(m, ServerMessage::Event(e) if e.undone.is_some()))
        .await
    else {
        unreachable!()
    };
    assert_eq!(undone.undone, Some(2));
    assert!(!undone.state.expect("with the state").offers.undo);
    // A game of two people offers no hint.
    let people = server.create("triles", &["human", "human"]).await;
    let first = server
        .snapshot(&people.id, Some(&people.seats[0].token))
        .await;
    assert!(!first.offers.hint && !first.offers.against_ai && first.offers.resign);
    assert!(first.facts.chance && first.facts.hidden_information);
    // Nor does a game of a person, the AI and another person.
    let three = server
        .create("orbit(players=3)", &["human", "ai:1", "human"])
        .await;
    let first = server
        .snapshot(&three.id, Some(&three.seats[0].token))
        .await;
    assert!(!first.offers.against_ai && first.offers.resign);
    // Once it is over, nothing is offered but a rematch.
    assert_eq!(
        server.resign(&people.id, &people.seats[1].token).await,
        StatusCode::OK
    );
    let over = server
        .snapshot(&people.id, Some(&people.seats[0].token))
        .await;
    assert_eq!(
        over.offers,
        Offers {
            rematch: true,
            ..Offers::default()
        }
    );
}

/// Each legal move goes out with its parts, in the same order, to the mover alone.
#[tokio::test]
async fn legal_moves_come_with_their_parts() {
    let server = Server::start().await;
    let gyges = server.create("gyges", &["human", "human"]).await;
    let south = server
        .snapshot(&gyges.id, Some(&gyges.seats[0].token))
        .await;
    let south_parts = south.legal_parts.value();
    assert_eq!(south.legal.len(), south_parts.as_array().unwrap().len());
    let i = south
        .legal
        .iter()
        .position(|a| a == "setup 123321")
        .unwrap();
    assert_eq!(south_parts[i], json!({"kind": "setup", "values": "123321"}));
    assert!(server.snapshot(&gyges.id, None).await.legal_parts.value() == json!([]));

    let triles = server.create("triles", &["human", "human"]).await;
    let (mover, legal, parts) = loop {
        let watch = server.snapshot(&triles.id, None).await;
        if let Some(seat) = watch.turn.seat {
            let token = &triles.seats[seat as usize].token;
            let mine = server.snapshot(&triles.id, Some(token)).await;
            break (seat, mine.legal, mine.legal_parts.value());
        }
        tokio::task::yield_now().await;
    };
    let other = &triles.seats[1 - mover as usize].token;
    assert!(
        server
            .snapshot(&triles.id, Some(other))
            .await
            .legal_parts
            .value()
            == json!([])
    );
    let parts = parts.as_array().unwrap();
    assert_eq!(legal.len(), parts.len());
    for (action, part) in legal.iter().zip(parts) {
        match part["kind"].as_str().unwrap() {
            "place" => assert_eq!(
                *action,
                format!(
                    "{}@{},{},{}",
                    part["tile"].as_str().unwrap(),
                    part["x"],
                    part["y"],
                    part["rotation"]
                )
            ),
            kind => assert_eq!(action, kind),
        }
    }
}

/// Every action a viewer may know goes out with its parts as well as its notation: in the
/// snapshot's moves, on each event and with a hint (`docs/api.md`, "Legal moves").
#[tokio::test]
async fn played_moves_events_and_hints_come_with_their_parts() {
    let server = Server::start().await;
    let game = server.create("gyges", &["human", "ai:1"]).await;
    let token = game.seats[0].token.clone();
    let mut socket = server
        .socket(&game.id, json!({"type": "hello", "token": token}))
        .await;
    socket
        .until(|m| matches!(m, ServerMessage::Snapshot(_)))
        .await;
    let (status, body) = server
        .act(
            &game.id,
            Some(&token),
            json!({"action": "setup 123321", "expect": 0}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The AI's setup, then South's first move and the AI's answer, each as an event.
    let ServerMessage::Event(theirs) = socket
        .until(|m| matches!(m, ServerMessage::Event(e) if e.seat == Some(1)))
        .await
    else {
        unreachable!()
    };
    assert_eq!(theirs.parts.as_ref().unwrap()["kind"], "setup");
    let setup = theirs.action.clone().unwrap();
    assert_eq!(
        theirs.parts.unwrap()["values"],
        setup.trim_start_matches("setup ")
    );
    let hint_path = format!("/api/games/{}/hint", game.id);
    let (_, hint) = server.get(&hint_path, Some(&token)).await;
    let parts = &hint["parts"];
    assert_eq!(parts["kind"], "move", "{hint}");
    let written = match parts["drop"].as_str() {
        Some(drop) => format!(
            "{}-{}={drop}",
            parts["from"].as_str().unwrap(),
            parts["to"].as_str().unwrap()
        ),
        None => format!(
            "{}-{}",
            parts["from"].as_str().unwrap(),
            parts["to"].as_str().unwrap()
        ),
    };
    assert_eq!(hint["action"], written);
    let snapshot = server.snapshot(&game.id, Some(&token)).await;
    let moves: Vec<_> = snapshot
        .moves
        .iter()
        .map(|m| m.parts.clone().unwrap())
        .collect();
    assert_eq!(
        moves,
        [
            json!({"kind": "setup", "values": "123321"}),
            json!({"kind": "setup", "values": setup.trim_start_matches("setup ")}),
        ]
    );
}

#[tokio::test]
async fn a_position_is_shown_as_a_spectator_sees_it_with_its_moves_and_their_parts() {
    let server = Server::start().await;
    let shown = |game: &str, position: &str| {
        // The positions here hold no character to escape but the space.
        let query = format!("?game={game}&position={}", position.replace(' ', "%20"));
        let server = &server;
        async move { server.get(&format!("/api/positions{query}"), None).await }
    };
    let (status, body) = shown("gyges", ".33221/2...../....23/....../311.../1..... S").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["view"]["squares"]["a2"], 3);
    let goal = body["legal"]
        .as_array()
        .unwrap()
        .iter()
        .position(|a| a == "a1-G");
    let parts = &body["legal_parts"][goal.expect("a1-G is legal")];
    assert_eq!(parts["bounces"], json!(["a2", "a5"]));
    let (status, body) = shown("gyges", "321123/nonsense S").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad-position"))
    );
    let (status, body) = shown("chess", "x").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad-spec"))
    );
}
