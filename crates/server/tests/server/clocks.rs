//! The time a game goes by: clocks and their flags, absent players (the others claim the
//! win or hand the seat to the AI) and idle games that expire. The server's time is moved on
//! by hand ([`trio_server::Time`]), never waited for.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};
use trio_core::EndReason;
use trio_server::protocol::ServerMessage;
use trio_server::Limits;

use crate::support::backend::on_both_backends;
use crate::support::{ids, Backend, Server};

const MINUTE: Duration = Duration::from_secs(60);
const DAY: Duration = Duration::from_secs(86_400);

#[tokio::test]
async fn a_clock_runs_for_the_person_to_move_and_its_flag_ends_the_game() {
    let server = Server::start().await;
    for bad in [
        json!({"initial": 0, "increment": 0}),
        json!({"days": 31}),
        json!({"minutes": 3}),
    ] {
        let body = json!({"game": "gyges", "seats": ["human", "human"], "clock": bad});
        let (status, _) = server.post("/api/games", None, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    }
    let created = server.create_with(json!({"game": "gyges", "seats": ["human", "human"], "clock": {"initial": 60, "increment": 5}}))
    .await;
    let id = &created.id;
    let first = server.snapshot(id, None).await;
    let clock = first.clock.clone().unwrap();
    assert_eq!(clock.running, Some(0), "South sets up first");
    assert!(clock.remaining_ms[0] <= 60_000 && clock.remaining_ms[1] == 60_000);
    // South moves: the increment is added and North's clock runs.
    let mine = server.snapshot(id, Some(&created.seats[0].token)).await;
    let (status, _) = server
        .act(
            id,
            Some(&created.seats[0].token),
            json!({"action": mine.legal[0], "expect": mine.seq}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let after = server.snapshot(id, None).await.clock.unwrap();
    assert_eq!(after.running, Some(1));
    assert!(after.remaining_ms[0] > 60_000, "{after:?}");

    // A one-second clock: the seat to move loses on time, told to a watcher as the end.
    let created = server.create_with(json!({"game": "gyges", "seats": ["human", "human"], "clock": {"initial": 1, "increment": 0}}))
    .await;
    let mut spectator = server.socket(&created.id, json!({"type": "hello"})).await;
    let end = spectator
        .until(|m| matches!(m, ServerMessage::Event(e) if e.state.as_ref().is_some_and(|s| s.result.is_some())))
        .await;
    let ServerMessage::Event(end) = end else {
        unreachable!()
    };
    let state = end.state.unwrap();
    let result = state.result.unwrap();
    assert_eq!((result.reason, result.seat), (EndReason::Time, Some(0)));
    assert_eq!(state.clock.unwrap().flagged, Some(0));
    let record = server.record(&created.id).await;
    assert_eq!(record.result.unwrap().ranks, [1, 0]);
    // The review says so too: no decision, no blunder, never a resignation.
    let review = server.review(&created.id).await;
    let last = review["review"]["steps"]
        .as_array()
        .unwrap()
        .last()
        .cloned();
    let last = last.expect("the end is a step");
    assert_eq!(
        (&last["action"], &last["seat"]),
        (&json!("time"), &json!(0))
    );
    assert_eq!(last["label"], Value::Null, "{last}");
}

#[tokio::test]
async fn with_more_than_two_a_seat_out_of_time_is_played_on_by_the_ai() {
    let server = Server::start().await;
    let created = server.create_with(json!({"game": "orbit(players=3)", "seats": ["human", "human", "human"], "clock": {"initial": 1, "increment": 0}}))
    .await;
    let flagged = server
        .once(&created.id, |s| {
            s.clock.as_ref().is_some_and(|c| c.flagged.is_some())
        })
        .await;
    let seat = usize::from(flagged.clock.unwrap().flagged.unwrap());
    assert_eq!(flagged.seats[seat].player, "ai:2");
    assert!(flagged.result.is_none(), "the game goes on");
    // The AI moves for it: the seat acts again.
    let before = flagged
        .moves
        .iter()
        .filter(|m| m.seat == Some(seat as u8))
        .count();
    server
        .once(&created.id, |s| {
            s.result.is_some()
                || s.moves
                    .iter()
                    .filter(|m| m.seat == Some(seat as u8))
                    .count()
                    > before
        })
        .await;
}

/// A person who ran out of time in a game of three is played on by the AI and ranked last
/// whatever happens (Board Game Arena's zombie rule): the record says so, and replays, and
/// a server started again on the same file ranks it so.
#[tokio::test]
async fn with_more_than_two_a_seat_out_of_time_ranks_last() {
    let backend = Backend::sqlite();
    let server = Server::on(&backend).await;
    let created = server.create_with(json!({"game": "orbit(players=3)", "seats": ["human", "ai:1", "ai:1"], "clock": {"initial": 1, "increment": 0}}))
    .await;
    let over = server.once(&created.id, |s| s.result.is_some()).await;
    assert_eq!(over.seats[0].player, "ai:2");
    let result = over.result.unwrap();
    assert_eq!(result.retired, [0]);
    let last = *result.ranks.iter().max().unwrap();
    assert_eq!(result.ranks[0], last, "{:?}", result.ranks);
    assert_eq!(result.ranks.iter().filter(|&&r| r == last).count(), 1);
    let record = server.record(&created.id).await;
    assert_eq!(record.result.as_ref().unwrap().retired, [0]);
    let game = trio_catalog::game(&record.game).unwrap();
    assert!(game.replay(&record).is_ok(), "the record replays");
    drop(server);
    let again = Server::on(&backend).await;
    let reloaded = again.snapshot(&created.id, None).await.result.unwrap();
    assert_eq!(reloaded, result);
}

/// South sets up and leaves; North, to act, never came: after the correspondence wait
/// South may choose. North comes and goes: then the live wait counts from its leaving.
/// South claims the win, stored as North's abandonment, read back by a new server.
async fn the_others_claim_the_win_of_an_absent_seat(backend: Backend) {
    let server = Server::within(&backend, Limits::default()).await;
    let created = server.create("gyges", &["human", "human"]).await;
    let (id, south, north) = (
        &created.id,
        created.seats[0].token.as_str(),
        created.seats[1].token.as_str(),
    );
    server.play_first(id, south).await;
    let claim = json!({"choice": "win"});
    assert!(server.snapshot(id, Some(south)).await.absent.is_none());
    let (status, body) = server
        .to_game(id, "absent", Some(south), claim.clone())
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("not-absent"))
    );
    server.time.advance(7 * DAY - MINUTE);
    assert!(server.snapshot(id, None).await.absent.is_none());
    server.time.advance(2 * MINUTE);
    let absent = server
        .snapshot(id, None)
        .await
        .absent
        .expect("North absent");
    assert_eq!(absent.seat, 1);
    // Only another player of the game chooses, and only a choice it knows.
    for (token, body, status, code) in [
        (None, claim.clone(), StatusCode::UNAUTHORIZED, "no-token"),
        (
            Some("nobody"),
            claim.clone(),
            StatusCode::FORBIDDEN,
            "wrong-token",
        ),
        (
            Some(north),
            claim.clone(),
            StatusCode::CONFLICT,
            "not-absent",
        ),
        (
            Some(south),
            json!({"choice": "draw"}),
            StatusCode::BAD_REQUEST,
            "bad-json",
        ),
    ] {
        let (got, answer) = server.to_game(id, "absent", token, body).await;
        assert_eq!(
            (got, answer["code"].as_str()),
            (status, Some(code)),
            "{answer}"
        );
    }

    // North comes back: not absent; it leaves: absent again ten minutes later, South's
    // page told without asking.
    let mut south_ws = server
        .socket(id, json!({"type": "hello", "token": south}))
        .await;
    let north_ws = server
        .socket(id, json!({"type": "hello", "token": north}))
        .await;
    server.once(id, |s| s.seats[1].connected).await;
    assert!(server.snapshot(id, None).await.absent.is_none());
    drop(north_ws);
    server.once(id, |s| !s.seats[1].connected).await;
    server.time.advance(9 * MINUTE);
    assert!(server.snapshot(id, None).await.absent.is_none());
    server.time.advance(2 * MINUTE);
    // Any request lets the room see the time moved on; it tells every client.
    let since = server
        .snapshot(id, None)
        .await
        .absent
        .expect("absent")
        .since_ms;
    assert!(since > absent.since_ms, "counted from its leaving");
    south_ws
        .until(|m| {
            matches!(m, ServerMessage::Snapshot(s)
                if s.absent.as_ref().is_some_and(|a| a.since_ms == since))
        })
        .await;

    let (status, body) = server.to_game(id, "absent", Some(south), claim).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let end = server.snapshot(id, None).await;
    let result = end.result.expect("over");
    let why = (result.reason, result.seat);
    assert_eq!(
        (result.ranks, why),
        (vec![0, 1], (EndReason::Absence, Some(1)))
    );
    assert_eq!(end.abandoned, Some(1));
    let (status, _) = server
        .to_game(id, "absent", Some(south), json!({"choice": "win"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    // Another server on the same store reads the end as it was.
    let again = Server::within(&backend, Limits::default()).await;
    let end = again.snapshot(id, None).await;
    assert_eq!(end.abandoned, Some(1));
    let result = end.result.unwrap();
    assert_eq!((result.reason, result.seat), (EndReason::Absence, Some(1)));
}

/// Handed to the AI, the absent seat is played on by level 2.
async fn the_others_hand_an_absent_seat_to_the_ai(backend: Backend) {
    let server = Server::within(&backend, Limits::default()).await;
    let created = server.create("gyges", &["human", "human"]).await;
    let (id, south) = (&created.id, created.seats[0].token.as_str());
    server.play_first(id, south).await;
    server.time.advance(8 * DAY);
    let (status, body) = server
        .to_game(id, "absent", Some(south), json!({"choice": "ai"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let played = server.once(id, |s| s.moves.len() == 2).await;
    assert_eq!(played.seats[1].player, "ai:2");
    assert_eq!(played.moves[1].seat, Some(1));
    assert!(played.absent.is_none());
}

/// With three players nobody claims the win of an absent seat (every other seat, an AI's
/// too, would share it): the others may only hand the seat to the AI and play on.
#[tokio::test]
async fn with_more_than_two_the_win_of_an_absent_seat_is_not_claimed() {
    let server = Server::start().await;
    let created = server
        .create("orbit(players=3)", &["human", "human", "human"])
        .await;
    let claim = json!({"choice": "win"});
    let (status, body) = server
        .to_game(&created.id, "absent", Some(&created.seats[1].token), claim)
        .await;
    assert_eq!(
        (status, &body["code"]),
        (StatusCode::CONFLICT, &json!("two-players-only"))
    );
}

/// With nobody acting or connected for thirty days, a game still waiting for players ends
/// called off (no ranking); one under way ends as the seat to act's loss by expiry.
async fn idle_games_expire(backend: Backend) {
    let server = Server::within(&backend, Limits::default()).await;
    let waiting = server.create("gyges", &["human", "open"]).await;
    let playing = server.create("gyges", &["human", "human"]).await;
    server
        .play_first(&playing.id, &playing.seats[0].token)
        .await;
    server.time.advance(29 * DAY);
    assert!(!server.snapshot(&waiting.id, None).await.aborted);
    server.time.advance(2 * DAY);
    let aborted = server.once(&waiting.id, |s| s.aborted).await;
    let called_off = aborted.result.expect("a reason");
    assert_eq!(
        (called_off.reason, called_off.ranks),
        (EndReason::Abort, vec![])
    );
    assert_eq!(aborted.turn.kind, trio_server::protocol::TurnKind::Over);
    let (status, body) = server.to_game(&waiting.id, "join", None, json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let ended = server.once(&playing.id, |s| s.result.is_some()).await;
    assert_eq!(ended.abandoned, Some(1));
    let expired = ended.result.expect("over");
    assert_eq!((expired.reason, expired.seat), (EndReason::Expiry, Some(1)));
    let listed = ids(&server.list("").await.1);
    assert!(!listed.contains(&waiting.id), "{listed:?}");
    assert!(!listed.contains(&playing.id), "{listed:?}");
    // The finished games list the one played, not the one nobody could play.
    let (_, finished) = server.list("status=finished").await;
    let finished = ids(&finished);
    assert!(finished.contains(&playing.id), "{finished:?}");
    assert!(!finished.contains(&waiting.id), "{finished:?}");
    // Another server reads the aborted game as aborted.
    let again = Server::within(&backend, Limits::default()).await;
    assert!(again.snapshot(&waiting.id, None).await.aborted);
}

on_both_backends!(
    the_others_claim_the_win_of_an_absent_seat,
    the_others_hand_an_absent_seat_to_the_ai,
    idle_games_expire,
);
