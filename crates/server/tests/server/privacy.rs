//! What no one else may learn: each seat's hand and draws in Triles, and the AI's hidden
//! hand through undo.

use reqwest::StatusCode;
use serde_json::{json, Value};
use trio_server::protocol::{EventKind, ServerMessage};

use crate::support::{pick, Server};

#[tokio::test]
async fn an_open_hands_seat_sees_itself_and_both_hands_over_its_socket() {
    let server = Server::start().await;
    let created = server
        .create("triles(variant=open-hands)", &["human", "human"])
        .await;
    let id = &created.id;
    // Nothing is hidden, yet each view names its viewer: a seat's hand is its own.
    for seat in &created.seats {
        let mut socket = server
            .socket(id, json!({"type": "hello", "token": seat.token}))
            .await;
        let ServerMessage::Snapshot(snapshot) = socket
            .until(|m| matches!(m, ServerMessage::Snapshot(_)))
            .await
        else {
            unreachable!()
        };
        let view = snapshot.view.value();
        assert_eq!(view["viewer"]["seat"], json!(seat.seat), "{view}");
        assert!(view["hand"].is_object(), "{view}");
        let players = view["players"].as_array().unwrap();
        assert!(players.iter().all(|p| p["hand"].is_object()), "{view}");
    }
    let mut spectator = server.socket(id, json!({"type": "hello"})).await;
    let ServerMessage::Snapshot(snapshot) = spectator
        .until(|m| matches!(m, ServerMessage::Snapshot(_)))
        .await
    else {
        unreachable!()
    };
    let view = snapshot.view.value();
    assert!(view["viewer"].is_null() && view["hand"].is_null(), "{view}");
}

/// Plays a Triles game over WebSocket to the end (or 80 actions), each seat moving on its
/// socket from what it was sent; returns every frame each client got.
#[tokio::test]
async fn triles_hands_and_draws_reach_no_one_else() {
    let server = Server::start().await;
    let created = server.create("triles", &["human", "human"]).await;
    let id = &created.id;
    let tokens = [
        created.seats[0].token.clone(),
        created.seats[1].token.clone(),
    ];
    let mut seats = Vec::new();
    for token in &tokens {
        // From 0: the deal comes as missed events, each as its seat may know it.
        seats.push(
            server
                .socket(id, json!({"type": "hello", "token": token, "since": 0}))
                .await,
        );
    }
    let mut spectator = server
        .socket(id, json!({"type": "hello", "since": 0}))
        .await;
    let mut responses: [Vec<String>; 3] = Default::default();
    let mut n = 11u64;
    for _ in 0..80 {
        let now = server.snapshot(id, None).await;
        responses[2].push(serde_json::to_string(&now).unwrap());
        if now.result.is_some() {
            break;
        }
        let mover = now.turn.seat.unwrap() as usize;
        let mine = server.snapshot(id, Some(&tokens[mover])).await;
        responses[mover].push(serde_json::to_string(&mine).unwrap());
        let other = server.snapshot(id, Some(&tokens[1 - mover])).await;
        responses[1 - mover].push(serde_json::to_string(&other).unwrap());
        let action = pick(&mine.legal, &mut n);
        let cid = format!("c{}", mine.seq);
        seats[mover]
            .send(json!({"type": "act", "cid": cid, "action": action, "expect": mine.seq}))
            .await;
        match seats[mover]
            .until(|m| matches!(m, ServerMessage::Ack { .. } | ServerMessage::Reject { .. }))
            .await
        {
            ServerMessage::Ack { .. } => {}
            other => panic!("{other:?}"),
        }
    }
    let end = server.snapshot(id, None).await;
    for socket in seats.iter_mut().chain(std::iter::once(&mut spectator)) {
        socket.reach(end.seq).await;
    }
    // What each seat knows of its own hand, frame by frame: the hand objects its views held.
    let hands = |frames: &[String], seat: u64| -> Vec<String> {
        let mut hands = Vec::new();
        for frame in frames {
            let v: Value = serde_json::from_str(frame).unwrap();
            for view in [&v["view"], &v["state"]["view"]] {
                if view.is_object() {
                    assert_eq!(
                        view["viewer"]["seat"],
                        json!(seat),
                        "a view for another seat: {frame}"
                    );
                    let hand = view["hand"].as_object().unwrap();
                    if hand.values().map(|c| c.as_u64().unwrap()).sum::<u64>() >= 3 {
                        hands.push(format!("\"hand\":{}", view["hand"]));
                    }
                }
            }
        }
        hands
    };
    let own: Vec<Vec<String>> = (0..2)
        .map(|s| {
            let mut frames = seats[s].frames.clone();
            frames.extend(responses[s].iter().cloned());
            hands(&frames, s as u64)
        })
        .collect();
    assert!(own.iter().all(|h| !h.is_empty()));
    let mut hidden = [0, 0];
    for (s, seat) in seats.iter().enumerate() {
        let others: Vec<&String> = seats[1 - s]
            .frames
            .iter()
            .chain(&responses[1 - s])
            .chain(&spectator.frames)
            .chain(&responses[2])
            .collect();
        for frame in &others {
            for hand in &own[s] {
                // Both hands alike by chance would be no leak; a long hand almost never is.
                assert!(
                    !frame.contains(hand.as_str()) || own[1 - s].contains(hand),
                    "{hand} in {frame}"
                );
            }
            assert!(!frame.contains("pool:"), "a position in {frame}");
        }
        // Each draw this seat saw is hidden from the other seat and the spectator, unless
        // it was forced (the pool holding one kind of tile).
        for frame in &seat.frames {
            let v: Value = serde_json::from_str(frame).unwrap();
            if v["type"] != "event" || v["kind"] != "chance" {
                continue;
            }
            let action = v["action"].as_str().unwrap_or("");
            if !action.starts_with("draw:") {
                continue;
            }
            let seq = &v["seq"];
            let theirs = |frames: &[String]| {
                frames
                    .iter()
                    .map(|f| serde_json::from_str::<Value>(f).unwrap())
                    .find(|e| e["type"] == "event" && &e["seq"] == seq)
                    .unwrap()
            };
            let other = theirs(&seats[1 - s].frames);
            let watcher = theirs(&spectator.frames);
            if other.get("action").is_none() && watcher.get("action").is_none() {
                hidden[s] += 1;
            }
        }
    }
    assert!(hidden[0] >= 5 && hidden[1] >= 5, "{hidden:?}");
    // Nor is the seed anywhere before the end.
    if end.result.is_none() {
        let record = server
            .http
            .get(server.url(&format!("/api/games/{id}/record")))
            .send()
            .await
            .unwrap();
        assert_eq!(record.status(), StatusCode::CONFLICT);
        let text = record.text().await.unwrap();
        assert!(!text.contains("seed\""));
    }
}

/// Triles against the AI: once the AI has answered, undo is neither offered nor accepted,
/// and no frame the person's socket received names a placement that is not on the table at
/// the end or one of the person's own options: playing, seeing the answer and undoing
/// cannot probe the AI's hidden hand.
#[tokio::test]
async fn undo_against_the_triles_ai_never_shows_a_tile_of_its_hand() {
    let server = Server::start().await;
    let created = server.create("triles", &["human", "ai:1"]).await;
    let (id, token) = (&created.id, &created.seats[0].token);
    let mut ws = server
        .socket(id, json!({"type": "hello", "token": token, "since": 0}))
        .await;
    let mut hidden_hand_refusals = 0;
    for turn in 0..12 {
        // Until the person is to move, noting whether the AI decided meanwhile.
        let mut answered = false;
        let (seq, state) = loop {
            if let ServerMessage::Event(e) = ws.next().await {
                answered |= e.seat == Some(1) && e.kind == EventKind::Play;
                if let Some(state) = e
                    .state
                    .filter(|s| !s.legal.is_empty() || s.result.is_some())
                {
                    break (e.seq, state);
                }
            }
        };
        if state.result.is_some() {
            break;
        }
        if answered {
            assert!(!state.offers.undo, "undo offered after the AI's answer");
            let cid = format!("u{turn}");
            ws.send(json!({"type": "undo", "cid": cid})).await;
            match ws
                .until(|m| matches!(m, ServerMessage::Ack { .. } | ServerMessage::Reject { .. }))
                .await
            {
                ServerMessage::Reject { code, message, .. } => {
                    assert_eq!(code, "no-undo", "{message}");
                    hidden_hand_refusals +=
                        usize::from(message.contains("from a hand you cannot see"));
                }
                other => panic!("an undo past the AI's answer: {other:?}"),
            }
        }
        let cid = format!("a{turn}");
        let action = state.legal[0].clone();
        ws.send(json!({"type": "act", "cid": cid, "action": action, "expect": seq}))
            .await;
        match ws
            .until(|m| matches!(m, ServerMessage::Ack { .. } | ServerMessage::Reject { .. }))
            .await
        {
            ServerMessage::Ack { .. } => {}
            other => panic!("{other:?}"),
        }
    }
    assert!(
        hidden_hand_refusals > 0,
        "no undo was tried past a laid tile"
    );
    // Every frame, in order: each placement it names is on the table at the end or was
    // among the person's legal moves by then.
    let end = server.snapshot(id, Some(token)).await;
    let mut table = Vec::new();
    placements(&serde_json::to_value(&end.view).unwrap(), &mut table);
    let mut own: Vec<String> = Vec::new();
    for frame in &ws.frames {
        let value: Value = serde_json::from_str(frame).unwrap();
        for state in [&value, &value["state"]] {
            if let Some(legal) = state["legal"].as_array() {
                own.extend(legal.iter().filter_map(|l| l.as_str().map(str::to_owned)));
            }
        }
        let mut named = Vec::new();
        placements(&value, &mut named);
        for placement in named {
            assert!(
                table.contains(&placement) || own.contains(&placement),
                "{placement}, neither on the table nor the person's, in {frame}"
            );
        }
    }
}

/// Every string of `json` that is a Triles placement (`A@1,0,2`), in order.
fn placements(json: &Value, out: &mut Vec<String>) {
    match json {
        Value::String(s)
            if s.split_once('@').is_some_and(|(t, _)| {
                !t.is_empty() && t.chars().all(|c| c.is_ascii_uppercase())
            }) =>
        {
            out.push(s.clone())
        }
        Value::Array(items) => items.iter().for_each(|v| placements(v, out)),
        Value::Object(map) => map.values().for_each(|v| placements(v, out)),
        _ => {}
    }
}
