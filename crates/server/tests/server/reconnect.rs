//! Connections that break or lag: a resend after a reconnect applied once, missed events
//! sent again from `since`, slow readers and clients that read nothing let go, and long
//! messages sent in frames.

use std::time::Duration;

use futures_util::SinkExt;
use reqwest::StatusCode;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;
use trio_server::protocol::{Role, ServerMessage};
use trio_server::Limits;

use crate::support::{seq_of, Server};

#[tokio::test]
async fn a_resend_after_a_reconnect_is_applied_once_and_missed_events_come_back() {
    let server = Server::start().await;
    let created = server.create("gyges", &["human", "human"]).await;
    let id = &created.id;
    let south = &created.seats[0].token;
    let north = &created.seats[1].token;
    let mut seat = server
        .socket(id, json!({"type": "hello", "token": south}))
        .await;
    match seat.next().await {
        ServerMessage::Welcome {
            role,
            seat,
            connected,
            ..
        } => {
            assert_eq!((role, seat), (Role::Seat, Some(0)));
            assert_eq!(connected, vec![true, false]);
        }
        other => panic!("{other:?}"),
    }
    let act = json!({"type": "act", "cid": "move-1", "action": "setup 123321", "expect": 0});
    seat.send(act.clone()).await;
    let acked = seat.until(|m| matches!(m, ServerMessage::Ack { .. })).await;
    let ServerMessage::Ack { cid, seq } = acked else {
        unreachable!()
    };
    assert_eq!((cid.as_str(), seq), ("move-1", 1));
    // The ack comes before the event it caused.
    let event = seat.next().await;
    assert!(
        matches!(&event, ServerMessage::Event(e) if e.seq == 1),
        "{event:?}"
    );
    drop(seat);
    // North moves meanwhile; a spectator saw up to 0 and comes back.
    let (status, _) = server
        .act(
            id,
            Some(north),
            json!({"action": "setup 321123", "expect": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let mut watcher = server
        .socket(id, json!({"type": "hello", "since": 0}))
        .await;
    watcher.next().await;
    let missed: Vec<_> = [watcher.next().await, watcher.next().await]
        .into_iter()
        .collect();
    match (&missed[0], &missed[1]) {
        (ServerMessage::Event(a), ServerMessage::Event(b)) => {
            assert_eq!((a.seq, b.seq), (1, 2));
            assert_eq!(a.action.as_deref(), Some("setup 123321"));
            assert!(a.state.is_none() && b.state.is_some());
        }
        other => panic!("{other:?}"),
    }
    // South reconnects, having seen 1, and resends its move: acknowledged, not replayed.
    let mut seat = server
        .socket(id, json!({"type": "hello", "token": south, "since": 1}))
        .await;
    seat.next().await;
    match seat.next().await {
        ServerMessage::Event(e) => assert_eq!(e.seq, 2),
        other => panic!("{other:?}"),
    }
    seat.send(act).await;
    match seat
        .until(|m| matches!(m, ServerMessage::Ack { .. } | ServerMessage::Reject { .. }))
        .await
    {
        ServerMessage::Ack { seq, .. } => assert_eq!(seq, 1),
        other => panic!("{other:?}"),
    }
    let now = server.snapshot(id, None).await;
    assert_eq!(now.seq, 2);
    assert_eq!(now.moves.len(), 2);
    // Presence: South is here, North is not.
    assert_eq!(
        now.seats.iter().map(|s| s.connected).collect::<Vec<_>>(),
        vec![true, false]
    );
    // A stale action over the socket is rejected with the seq now.
    seat.send(json!({"type": "act", "cid": "move-2", "action": "a1-a2", "expect": 1}))
        .await;
    match seat
        .until(|m| matches!(m, ServerMessage::Reject { .. } | ServerMessage::Ack { .. }))
        .await
    {
        ServerMessage::Reject { code, seq, .. } => {
            assert_eq!((code.as_str(), seq), ("stale-version", 2))
        }
        other => panic!("{other:?}"),
    }
}

/// In a Gygès game of two people, seat 1's client reading nothing: the setups, then one
/// move of the seat to move and its undo again and again until the server lets seat 1's
/// client go (its seat shows as disconnected). The game's `seq` then, the seat to move and
/// its move.
async fn play_until_let_go(server: &Server, id: &str, tokens: [&str; 2]) -> (u64, usize, String) {
    let mut seq = 0;
    for _ in 0..2 {
        let now = server.snapshot(id, None).await;
        let mover = usize::from(now.turn.seat.unwrap());
        let mine = server.snapshot(id, Some(tokens[mover])).await;
        let (status, body) = server
            .act(
                id,
                Some(tokens[mover]),
                json!({"action": mine.legal[0], "expect": mine.seq}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        seq = seq_of(&body);
    }
    let mover = usize::from(server.snapshot(id, None).await.turn.seat.unwrap());
    let action = server.snapshot(id, Some(tokens[mover])).await.legal[0].clone();
    let mut cycles = 0;
    while server.snapshot(id, None).await.seats[1].connected {
        assert!(
            cycles < 20_000,
            "the client that reads nothing is still held after {cycles} moves"
        );
        for _ in 0..16 {
            let (status, body) = server
                .act(
                    id,
                    Some(tokens[mover]),
                    json!({"action": action, "expect": seq}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let (status, body) = server
                .to_game(
                    id,
                    "undo",
                    Some(tokens[mover]),
                    json!({"expect": seq_of(&body)}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            seq = seq_of(&body);
        }
        cycles += 16;
    }
    (seq, mover, action)
}

/// A client that keeps sending but reads nothing at all cannot be sent even a close frame:
/// once a write has waited for the ping interval plus the pong deadline, it is
/// disconnected, not held (the idle timeout, far off here, never comes: bytes still flow
/// from it).
#[tokio::test]
async fn a_client_that_reads_nothing_at_all_is_disconnected() {
    let limits = Limits {
        ping_every: Duration::from_millis(500),
        pong_within: Duration::from_millis(500),
        idle_timeout: Duration::from_secs(600),
        actions: "1000000/s".parse().unwrap(),
        ..Default::default()
    };
    let server = Server::start_within(limits).await;
    let created = server.create("gyges", &["human", "human"]).await;
    let id = &created.id;
    let tokens = [
        created.seats[0].token.as_str(),
        created.seats[1].token.as_str(),
    ];
    let mut slow = server
        .socket_with_small_buffer(id, json!({"type": "hello", "token": tokens[1]}))
        .await;
    // Its welcome says it has joined; from then on it reads nothing.
    assert!(matches!(slow.next().await, ServerMessage::Welcome { .. }));
    play_until_let_go(&server, id, tokens).await;
    // Its pings, one every 50 ms, go out until the server has hung up on it.
    let mut every = tokio::time::interval(Duration::from_millis(50));
    let hung_up = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            every.tick().await;
            let ping = Message::text(json!({"type": "ping"}).to_string());
            if slow.ws.send(ping).await.is_err() {
                break;
            }
        }
    })
    .await;
    assert!(
        hung_up.is_ok(),
        "the server still holds a client that reads nothing"
    );
    assert_eq!(slow.closing().await, None, "no close frame gets through");
}

/// A seat's client that stops reading does not hold the game up: once its queue is full
/// the room lets it go (its seat shows as disconnected), and when it reads again it gets
/// what was queued, then a close frame 1013. Reconnecting with `since`, it gets every
/// event it missed, in order, and an action it sent meanwhile, neither taken nor answered
/// then, is applied once when sent again.
#[tokio::test]
async fn a_slow_reader_is_closed_with_1013_and_catches_up_with_since() {
    let server = Server::start().await;
    let created = server.create("gyges", &["human", "human"]).await;
    let id = &created.id;
    let tokens = [
        created.seats[0].token.as_str(),
        created.seats[1].token.as_str(),
    ];
    let mut slow = server
        .socket_with_small_buffer(id, json!({"type": "hello", "token": tokens[1], "since": 0}))
        .await;
    let ServerMessage::Welcome { seq: joined, .. } = slow.next().await else {
        panic!("a welcome first")
    };
    let (mut seq, mover, action) = play_until_let_go(&server, id, tokens).await;
    // The other seat to move: the dropped client answers, reading nothing yet.
    let (status, body) = server
        .act(
            id,
            Some(tokens[mover]),
            json!({"action": action, "expect": seq}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    seq = seq_of(&body);
    let theirs = server.snapshot(id, Some(tokens[1 - mover])).await;
    let late = json!({"type": "act", "cid": "late", "action": theirs.legal[0], "expect": seq});
    slow.send(late.clone()).await;
    let (code, reason) = slow.closing().await.expect("a close frame");
    assert_eq!(code, 1013, "{reason}");
    assert!(reason.contains("reconnect with since"), "{reason}");
    // What it got before the close: the events from its hello on, none missing, and no
    // answer to the late action, which the game has not taken.
    let mut seen = joined;
    for frame in &slow.frames {
        let message: ServerMessage = serde_json::from_str(frame).unwrap();
        match message {
            ServerMessage::Event(e) => {
                assert_eq!(e.seq, seen + 1, "events in order, none missing");
                seen = e.seq;
            }
            ServerMessage::Ack { cid, .. } | ServerMessage::Reject { cid, .. } => {
                assert_ne!(cid, "late", "{frame}");
            }
            _ => {}
        }
    }
    assert!(seen > joined, "it was sent events before it was dropped");
    assert_eq!(
        server.snapshot(id, None).await.seq,
        seq,
        "the late action waits"
    );
    // Back with `since`: every event missed, in order, then the resend is applied once.
    let mut back = server
        .socket(
            id,
            json!({"type": "hello", "token": tokens[1], "since": seen}),
        )
        .await;
    let ServerMessage::Welcome { seq: now, .. } = back.next().await else {
        panic!("a welcome first")
    };
    assert_eq!(now, seq);
    for expected in seen + 1..=now {
        match back.next().await {
            ServerMessage::Event(e) => assert_eq!(e.seq, expected),
            other => panic!("event {expected} missed: {other:?}"),
        }
    }
    for _ in 0..2 {
        back.send(late.clone()).await;
        match back
            .until(|m| matches!(m, ServerMessage::Ack { .. } | ServerMessage::Reject { .. }))
            .await
        {
            ServerMessage::Ack { cid, seq: acked } => {
                assert_eq!((cid.as_str(), acked), ("late", seq + 1));
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(server.snapshot(id, None).await.seq, seq + 1, "applied once");
}

/// A message longer than 8 KiB (here a Gygès position's thousand legal moves) goes out in
/// frames of at most 8 KiB that a client reads as one message: no socket keeps a write
/// buffer the size of the longest message it was ever sent.
#[tokio::test]
async fn a_long_message_goes_out_in_frames_of_at_most_8_kib() {
    use std::io::{BufRead, BufReader, Write};
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    use tokio_tungstenite::tungstenite::protocol::frame::FrameSocket;
    let server = Server::start().await;
    let game = server
        .create_with(json!({"game": "gyges", "seats": ["human", "human"],
            "position": "....../31...2/21..3./1..21./..32.3/...... S"}))
        .await;
    let (addr, id, token) = (server.addr, game.id.clone(), game.seats[0].token.clone());
    let frames = tokio::task::spawn_blocking(move || {
        let tcp = std::net::TcpStream::connect(addr).unwrap();
        tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut writer = tcp.try_clone().unwrap();
        write!(
            writer,
            "GET /api/games/{id}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n"
        )
        .unwrap();
        let mut reader = BufReader::new(tcp);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.starts_with("HTTP/1.1 101"), "{line}");
        while line != "\r\n" {
            line.clear();
            reader.read_line(&mut line).unwrap();
        }
        let hello = json!({"type": "hello", "token": token}).to_string();
        // A masked text frame, its mask all zeros.
        let mut frame = vec![0x81, 0x80 | hello.len() as u8, 0, 0, 0, 0];
        frame.extend_from_slice(hello.as_bytes());
        writer.write_all(&frame).unwrap();
        let buffered = reader.buffer().to_vec();
        let mut socket = FrameSocket::from_partially_read(reader.into_inner(), buffered);
        // The welcome, then the snapshot's frames up to its last.
        let mut frames = Vec::new();
        while let Some(frame) = socket.read(None).unwrap() {
            let last = frame.header().is_final;
            frames.push(frame);
            if last && frames.len() > 1 {
                break;
            }
        }
        frames
    })
    .await
    .unwrap();
    let (welcome, snapshot) = frames.split_first().unwrap();
    assert_eq!(welcome.header().opcode, OpCode::Data(Data::Text));
    assert!(snapshot.len() > 2, "{} frames", snapshot.len());
    assert_eq!(snapshot[0].header().opcode, OpCode::Data(Data::Text));
    let mut text = Vec::new();
    for (i, frame) in snapshot.iter().enumerate() {
        assert!(
            frame.payload().len() <= 8 * 1024,
            "{}",
            frame.payload().len()
        );
        assert_eq!(frame.header().is_final, i + 1 == snapshot.len());
        if i > 0 {
            assert_eq!(frame.header().opcode, OpCode::Data(Data::Continue));
        }
        text.extend_from_slice(frame.payload());
    }
    let message: Value = serde_json::from_slice(&text).unwrap();
    assert_eq!(message["type"], "snapshot");
    assert!(message["legal"].as_array().unwrap().len() > 100);
}
