//! The storage backends against one contract, every scenario on SQLite and on PostgreSQL
//! ([`on_both_backends!`]): games and events read back, versions fence appends (also when
//! two instances race), events after a version; and for PostgreSQL, what several instances
//! need: notices with ids only, a resync after the listener is cut off (and a server's
//! clients then told what they missed), leases that go to one instance and pass on when
//! they run out.
//!
//! PostgreSQL as `tests/support/backend.rs` says.

use std::time::Duration;

use serde_json::json;
use sqlx::Connection;
use trio_core::Seat;
use trio_server::protocol::ServerMessage;
use trio_server::store::{
    Append, Cursor, EventKind, EventRow, GameRow, Listed, Notice, PlayerRow, Rated, RatedEnd,
    SeatClaim, SeatRow, Status, Storage, StorageError,
};

use crate::support::backend::on_both_backends;
use crate::support::{Backend, Server, PATIENCE};

fn game(id: &str, automatic: bool) -> GameRow {
    GameRow {
        id: id.to_owned(),
        spec: "gyges".to_owned(),
        seed: u64::MAX - 3,
        seed_nonce: "n".to_owned(),
        seed_hash: "h".to_owned(),
        created_at: 1,
        updated_at: 1,
        definitions: [("board".to_owned(), "name = \"ring\"\n".to_owned())].into(),
        seats: vec![
            SeatRow {
                agent: "human".to_owned(),
                token_hash: Some("ab".to_owned()),
                player: None,
                rematch: None,
            },
            SeatRow {
                agent: "ai:2".to_owned(),
                token_hash: None,
                player: None,
                rematch: None,
            },
        ],
        automatic,
        summary: Some(format!("{{\"id\":\"{id}\"}}")),
        ..GameRow::default()
    }
}

fn event(seq: u64) -> EventRow {
    EventRow {
        seq,
        kind: EventKind::Play,
        seat: Some(Seat(0)),
        action: Some(format!("move {seq}")),
        client_id: Some("c".to_owned()),
    }
}

fn append(id: &str, seq: u64, status: Status, automatic: bool) -> Append {
    Append {
        game_id: id.to_owned(),
        event: event(seq),
        status,
        automatic,
        summary: None,
        clock: None,
        deadline: None,
    }
}

/// Seat 1 of game `id`, open, taken by a guest whose token hashes to `token_hash`.
fn seat_taken(id: &str, token_hash: &str) -> SeatClaim {
    SeatClaim {
        game_id: id.to_owned(),
        seat: Seat(1),
        was: "open".to_owned(),
        agent: "human".to_owned(),
        token_hash: Some(token_hash.to_owned()),
        player: None,
        automatic: false,
        summary: "{}".to_owned(),
        clock: None,
        deadline: None,
        rated: false,
        casual: None,
        seated_at: None,
    }
}

fn lines(page: &[(String, Cursor)]) -> Vec<&str> {
    page.iter().map(|(line, _)| line.as_str()).collect()
}

/// A page of the lobby's lines of running games.
async fn lobby(store: &dyn Storage, after: Option<&Cursor>, limit: usize) -> Vec<String> {
    let page = store.lobby(Listed::Running, after, limit).await.unwrap();
    page.into_iter().map(|(line, _)| line).collect()
}

/// Games and events read back from the store opened anew; versions fence appends; the
/// lobby's pages; due games.
async fn reads_back_and_fences(backend: Backend) {
    let store = backend.store().await;
    if let Backend::Sqlite(_) = backend {
        assert!(store.lease_ttl().is_none() && store.notices().is_none());
    }
    store.create(&game("g1", false)).await.unwrap();
    for seq in 1..=3 {
        let status = if seq == 3 {
            Status::Over
        } else {
            Status::Running
        };
        store
            .append(append("g1", seq, status, false))
            .await
            .unwrap();
    }
    // Version 3 is taken: a second writer at version 2 is refused, and so is a gap.
    for seq in [3, 5] {
        let refused = store
            .append(append("g1", seq, Status::Running, false))
            .await;
        assert!(
            matches!(refused, Err(StorageError::Conflict { .. })),
            "{refused:?}"
        );
    }
    store.create(&game("g2", false)).await.unwrap();
    let newer = GameRow {
        created_at: 2,
        ..game("g3", true)
    };
    store.create(&newer).await.unwrap();
    // The lobby lists the running games, newest first, a page at a time; only g3 has a
    // bot to play.
    assert_eq!(
        lobby(&*store, None, 10).await,
        [r#"{"id":"g3"}"#, r#"{"id":"g2"}"#]
    );
    let first = store.lobby(Listed::Running, None, 1).await.unwrap();
    assert_eq!(lines(&first), [r#"{"id":"g3"}"#]);
    let after = &first[0].1;
    assert_eq!((after.at, after.id.as_str()), (2, "g3"));
    assert_eq!(lobby(&*store, Some(after), 10).await, [r#"{"id":"g2"}"#]);
    // Games created in the same second follow each other by id.
    store.create(&game("g4", false)).await.unwrap();
    let second = store.lobby(Listed::Running, Some(after), 1).await.unwrap();
    assert_eq!(lines(&second), [r#"{"id":"g2"}"#]);
    assert_eq!(
        lobby(&*store, Some(&second[0].1), 10).await,
        [r#"{"id":"g4"}"#]
    );
    // Alone, a game with a bot to act is due; shared, not while its creator's lease runs.
    let alone = store.lease_ttl().is_none();
    assert_eq!(
        store.due(10, 0, 0).await.unwrap(),
        if alone { vec!["g3"] } else { vec![] }
    );
    store
        .append(Append {
            summary: Some(r#"{"id":"g3","seq":1}"#.to_owned()),
            ..append("g3", 1, Status::Running, false)
        })
        .await
        .unwrap();
    assert!(
        store.due(10, 0, 0).await.unwrap().is_empty(),
        "g3's bot has played"
    );
    assert_eq!(lobby(&*store, None, 1).await, [r#"{"id":"g3","seq":1}"#]);
    drop(store);
    let store = backend.store().await;
    let loaded = store.load("g1").await.unwrap().unwrap();
    assert_eq!(loaded.game.seed, u64::MAX - 3);
    assert_eq!(loaded.game.version, 3);
    assert_eq!(loaded.game.status, Status::Over);
    assert_eq!(loaded.game.seats[1].token_hash, None);
    assert_eq!(loaded.game.definitions, game("x", false).definitions);
    assert_eq!(loaded.events, (1..=3).map(event).collect::<Vec<_>>());
    assert_eq!(
        store.since("g1", 1).await.unwrap(),
        (2..=3).map(event).collect::<Vec<_>>()
    );
    assert!(store.since("g1", 3).await.unwrap().is_empty());
    assert!(store.load("nope").await.unwrap().is_none());
}

/// Two writers append the same `seq` at once, many times: one wins each time.
async fn one_of_two_racing_appends_wins(backend: Backend) {
    let (a, b) = backend.two_stores().await;
    a.create(&game("race", false)).await.unwrap();
    for seq in 1..=40 {
        let (x, y) = tokio::join!(
            a.append(append("race", seq, Status::Running, false)),
            b.append(append("race", seq, Status::Running, false)),
        );
        let won = [&x, &y].iter().filter(|r| r.is_ok()).count();
        assert_eq!(won, 1, "seq {seq}: {x:?} {y:?}");
        for lost in [x, y].into_iter().filter_map(Result::err) {
            assert!(matches!(lost, StorageError::Conflict { .. }), "{lost:?}");
        }
    }
    assert_eq!(a.since("race", 0).await.unwrap().len(), 40);
}

/// Many games' appends at once, as a busy server sends them (the backends write them in
/// batches): each is answered for itself, a refused one failing none of the others.
async fn appends_at_once_are_each_answered(backend: Backend) {
    let store = backend.store().await;
    let ids: Vec<String> = (0..60).map(|g| format!("many{g}")).collect();
    for id in &ids {
        store.create(&game(id, false)).await.unwrap();
    }
    // Every game gets its next event, every third also one that skips a version.
    let mut sent = Vec::new();
    for (g, id) in ids.iter().enumerate() {
        sent.push((id.clone(), 1, true));
        if g % 3 == 0 {
            sent.push((id.clone(), 3, false));
        }
    }
    let answers = futures_util::future::join_all(
        sent.iter()
            .map(|(id, seq, _)| store.append(append(id, *seq, Status::Running, false))),
    )
    .await;
    for ((id, seq, fits), answer) in sent.iter().zip(answers) {
        assert_eq!(answer.is_ok(), *fits, "{id} at {seq}: {answer:?}");
    }
    for id in &ids {
        assert_eq!(store.since(id, 0).await.unwrap(), vec![event(1)], "{id}");
    }
}

/// Two claims of one waiting seat at once, as from two instances: one takes it, and the
/// seat reads back taken with the winner's token and the lobby line it wrote.
async fn a_waiting_seat_is_taken_once(backend: Backend) {
    let (a, b) = backend.two_stores().await;
    let mut row = game("seats", false);
    row.seats[1] = SeatRow {
        agent: "open".to_owned(),
        token_hash: None,
        player: None,
        rematch: None,
    };
    a.create(&row).await.unwrap();
    create_players(a.as_ref(), ["player", "Name", "key"], &["a", "b"]).await;
    // A folded name is taken once; a key names its player.
    let again = PlayerRow {
        id: "player-c".to_owned(),
        name: "NAMEa".to_owned(),
    };
    assert!(!a
        .create_player(&again, "namea", "skeleton-c", "key-c")
        .await
        .unwrap());
    assert_eq!(
        b.player_of("key-b").await.unwrap().map(|p| p.name),
        Some("Nameb".to_owned())
    );
    assert!(a.player_of("key-c").await.unwrap().is_none());
    let claim = |who: &str| SeatClaim {
        player: Some(format!("player-{who}")),
        summary: format!(r#"{{"id":"seats","by":"{who}"}}"#),
        ..seat_taken("seats", &format!("{who}{who}"))
    };
    let (x, y) = (claim("a"), claim("b"));
    let (x, y) = tokio::join!(a.claim_seat(&x), b.claim_seat(&y));
    let (x, y) = (x.unwrap(), y.unwrap());
    assert!(x != y, "one claim wins: {x} {y}");
    let winner = if x { "a" } else { "b" };
    let seat = &a.load("seats").await.unwrap().unwrap().game.seats[1];
    assert_eq!(seat.agent, "human");
    assert_eq!(
        seat.player.as_ref().map(|p| p.name.clone()),
        Some(format!("Name{winner}"))
    );
    // The winner's games list the game; the loser's none.
    let loser = if winner == "a" { "b" } else { "a" };
    assert_eq!(
        a.player_games(&format!("player-{winner}"), 10)
            .await
            .unwrap()
            .len(),
        1
    );
    assert!(a
        .player_games(&format!("player-{loser}"), 10)
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        seat.token_hash.as_deref(),
        Some(format!("{winner}{winner}").as_str())
    );
    // A seat that does not wait is never claimed.
    assert!(!a.claim_seat(&claim("a")).await.unwrap());
    let line = format!(r#"{{"id":"seats","by":"{winner}"}}"#);
    assert!(lobby(&*a, None, 100).await.contains(&line));
}

/// A clock's deadline makes its game due once it passes, and a stopped clock no longer.
async fn a_passed_deadline_is_due(backend: Backend) {
    let store = backend.store().await;
    store.create(&game("clocked", false)).await.unwrap();
    let due_at = |now| {
        let store = store.clone();
        async move {
            store
                .due(100, now, 0)
                .await
                .unwrap()
                .contains(&"clocked".to_owned())
        }
    };
    assert!(!due_at(i64::MAX).await, "no clock runs");
    let ticking = |seq, deadline| Append {
        clock: Some(format!("{{\"at\":{seq}}}")),
        deadline,
        ..append("clocked", seq, Status::Running, false)
    };
    store.append(ticking(1, Some(1_000))).await.unwrap();
    assert!(!due_at(1_000).await, "not yet at the deadline itself");
    assert!(due_at(1_001).await);
    store.append(ticking(2, None)).await.unwrap();
    assert!(!store
        .due(100, i64::MAX, 0)
        .await
        .unwrap()
        .contains(&"clocked".to_owned()));
    let loaded = store.load("clocked").await.unwrap().unwrap();
    assert_eq!(loaded.game.clock.as_deref(), Some("{\"at\":2}"));
}

/// A game unchanged for long is due; one waiting for players is then aborted once, only if
/// it is still idle, and is never seated after.
async fn an_idle_game_is_due_and_aborted_once(backend: Backend) {
    let store = backend.store().await;
    let mut idle = game("idle", false);
    idle.seats[1].agent = "open".to_owned();
    idle.seats[1].token_hash = None;
    store.create(&idle).await.unwrap();
    let updated = store.load("idle").await.unwrap().unwrap().game.updated_at;
    assert!(!store
        .due(100, 0, updated)
        .await
        .unwrap()
        .contains(&"idle".to_owned()));
    assert!(store
        .due(100, 0, updated + 1)
        .await
        .unwrap()
        .contains(&"idle".to_owned()));
    assert!(
        !store.abort("idle", updated, "{}").await.unwrap(),
        "not idle long enough"
    );
    assert!(store
        .abort("idle", updated + 1, r#"{"over":true}"#)
        .await
        .unwrap());
    assert!(
        !store.abort("idle", updated + 1, "{}").await.unwrap(),
        "once"
    );
    let loaded = store.load("idle").await.unwrap().unwrap().game;
    assert_eq!(loaded.status, Status::Over);
    assert!(
        !store.claim_seat(&seat_taken("idle", "t")).await.unwrap(),
        "an aborted game is not seated"
    );
    let seats = store.load("idle").await.unwrap().unwrap().game.seats;
    assert_eq!(seats[1].agent, "open");
}

/// A rematch is named once, when the last person agrees.
async fn a_rematch_is_named_once_when_all_agree(backend: Backend) {
    let (a, b) = backend.two_stores().await;
    a.create(&game("again", false)).await.unwrap();
    let people = [Seat(0), Seat(1)];
    assert!(!a
        .agree_rematch("again", Seat(0), "h0", &people, "r1")
        .await
        .unwrap());
    let (x, y) = tokio::join!(
        a.agree_rematch("again", Seat(1), "h1", &people, "r2"),
        b.agree_rematch("again", Seat(1), "h1", &people, "r3"),
    );
    assert!(x.unwrap() ^ y.unwrap(), "named by one of the two");
    assert!(!a
        .agree_rematch("again", Seat(0), "h0", &people, "r4")
        .await
        .unwrap());
    let loaded = a.load("again").await.unwrap().unwrap().game;
    assert!(matches!(loaded.rematch.as_deref(), Some("r2" | "r3")));
    let hashes: Vec<_> = loaded.seats.iter().map(|s| s.rematch.as_deref()).collect();
    assert_eq!(hashes, [Some("h0"), Some("h1")]);
}

/// Creates a named player for each of `who`: `<id>-<who>` named `<name><who>`, its key
/// `<key>-<who>`.
async fn create_players(store: &dyn Storage, [id, name, key]: [&str; 3], who: &[&str]) {
    for who in who {
        let player = PlayerRow {
            id: format!("{id}-{who}"),
            name: format!("{name}{who}"),
        };
        let folded = player.name.to_lowercase();
        assert!(store
            .create_player(&player, &folded, &folded, &format!("{key}-{who}"))
            .await
            .unwrap());
    }
}

/// A rated game's ratings are updated once, and read back by player and by kind.
async fn a_rated_game_is_rated_once(backend: Backend) {
    let store = backend.store().await;
    create_players(store.as_ref(), ["rater", "Rater", "rk"], &["x", "y"]).await;
    store
        .create(&GameRow {
            rated: true,
            ..game("rated", false)
        })
        .await
        .unwrap();
    let ranked = [
        (Rated::Player("rater-x".to_owned()), 0),
        (Rated::Player("rater-y".to_owned()), 1),
    ];
    assert!(store
        .rate("rated", "gyges", &ranked)
        .await
        .unwrap()
        .is_some());
    assert!(
        store
            .rate("rated", "gyges", &ranked)
            .await
            .unwrap()
            .is_none(),
        "once"
    );
    store.create(&game("casual", false)).await.unwrap();
    assert!(
        store
            .rate("casual", "gyges", &ranked)
            .await
            .unwrap()
            .is_none(),
        "not rated"
    );
    let board = store.leaderboard("gyges", 10).await.unwrap();
    let names: Vec<&str> = board.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["Raterx", "Ratery"]);
    assert_eq!(board[0].rating.games, 1);
    let profile = store.profile("Ratery").await.unwrap().unwrap();
    assert_eq!(profile.ratings.len(), 1);
    assert!(profile.ratings[0].rating.rating < 1500.0);
    assert_eq!(profile.history.len(), 1);
    assert_eq!(profile.history[0].game_id, "rated");
    assert!(store.profile("Nobody").await.unwrap().is_none());
}

/// A game's end and its ratings are written together or not at all, and only once; a game
/// that ended without them (before they were written together) is listed as owing them.
async fn a_game_ends_with_its_ratings_or_not_at_all(backend: Backend) {
    let store = backend.store().await;
    for who in ["u", "v"] {
        let player = PlayerRow {
            id: format!("ender-{who}"),
            name: format!("Ender{who}"),
        };
        let (name, key) = (format!("ender{who}"), format!("ek-{who}"));
        assert!(store
            .create_player(&player, &name, &name, &key)
            .await
            .unwrap());
    }
    let rated = |id: &str| {
        let mut row = GameRow {
            rated: true,
            ..game(id, false)
        };
        for (seat, (id, name)) in row
            .seats
            .iter_mut()
            .zip([("ender-u", "Enderu"), ("ender-v", "Enderv")])
        {
            seat.player = Some(PlayerRow {
                id: id.to_owned(),
                name: name.to_owned(),
            });
        }
        row
    };
    let rating = |second: &str| RatedEnd {
        kind: "gyges".to_owned(),
        ranked: vec![
            (Rated::Player("ender-u".to_owned()), 0),
            (Rated::Player(second.to_owned()), 1),
        ],
    };
    let games_of = async |name: &str| match store.profile(name).await.unwrap() {
        Some(profile) => profile.ratings.iter().map(|r| r.rating.games).sum::<u32>(),
        None => 0,
    };
    store.create(&rated("ending")).await.unwrap();
    let last = || append("ending", 1, Status::Over, false);

    // A rating that cannot be written (no such player) keeps the end from being written.
    let failed = store.finish(last(), Some(rating("ender-ghost"))).await;
    assert!(
        matches!(failed, Err(ref e) if !matches!(e, StorageError::Conflict { .. })),
        "{failed:?}"
    );
    let stored = store.load("ending").await.unwrap().unwrap();
    assert_eq!((stored.game.version, stored.events.len()), (0, 0));
    assert_eq!(games_of("Enderu").await, 0);

    // Each seat's change is kept with the end, and given back with the lobby line.
    let line = json!({"seats": [{"seat": 0}, {"seat": 1}]}).to_string();
    let shown = store
        .finish(
            Append {
                summary: Some(line),
                ..last()
            },
            Some(rating("ender-v")),
        )
        .await
        .unwrap();
    let changes: Vec<Option<i64>> = shown.iter().map(|r| r.change).collect();
    assert!(
        matches!(changes[..], [Some(won), Some(lost)] if won > 0 && lost < 0),
        "{shown:?}"
    );
    assert_eq!(
        (shown[0].rating, shown[0].provisional),
        (1500, true),
        "{shown:?}"
    );
    let stored = store.load("ending").await.unwrap().unwrap();
    assert_eq!((stored.game.status, stored.game.version), (Status::Over, 1));
    assert!(!stored.game.ratings_owed);
    let kept: Vec<_> = stored.game.ratings.iter().flatten().copied().collect();
    assert_eq!(kept, shown);
    let (listed, _) = store
        .lobby(Listed::Finished, None, 10)
        .await
        .unwrap()
        .into_iter()
        .find(|(line, _)| line.contains("rating"))
        .expect("the ended game's line");
    let listed: serde_json::Value = serde_json::from_str(&listed).unwrap();
    assert_eq!(listed["seats"][1]["rating"]["change"], json!(changes[1]));
    let history = store.profile("Enderv").await.unwrap().unwrap().history;
    assert_eq!(history[0].change, changes[1]);
    assert_eq!((games_of("Enderu").await, games_of("Enderv").await), (1, 1));
    // Ended once: the same end again changes nothing.
    let again = store.finish(last(), Some(rating("ender-v"))).await;
    assert!(
        matches!(again, Err(StorageError::Conflict { .. })),
        "{again:?}"
    );
    assert_eq!(games_of("Enderu").await, 1);
    assert!(store.owing_ratings().await.unwrap().is_empty());

    // Ended as before, its ratings apart: owed until they are updated, once.
    store.create(&rated("owing")).await.unwrap();
    store
        .append(append("owing", 1, Status::Over, false))
        .await
        .unwrap();
    assert_eq!(store.owing_ratings().await.unwrap(), ["owing"]);
    assert!(
        store
            .load("owing")
            .await
            .unwrap()
            .unwrap()
            .game
            .ratings_owed
    );
    let ranked = rating("ender-v").ranked;
    assert!(store
        .rate("owing", "gyges", &ranked)
        .await
        .unwrap()
        .is_some());
    assert!(store
        .rate("owing", "gyges", &ranked)
        .await
        .unwrap()
        .is_none());
    assert!(store.owing_ratings().await.unwrap().is_empty());
    assert!(
        !store
            .load("owing")
            .await
            .unwrap()
            .unwrap()
            .game
            .ratings_owed
    );
    assert_eq!(games_of("Enderu").await, 2);
}

/// A review is kept once: the first kept stays, whoever keeps another.
async fn a_review_is_kept_once(backend: Backend) {
    let (a, b) = backend.two_stores().await;
    a.create(&game("reviewed", false)).await.unwrap();
    assert_eq!(a.review("reviewed", 3).await.unwrap(), None);
    a.store_review("reviewed", 3, "{\"judge\":\"a\"}")
        .await
        .unwrap();
    b.store_review("reviewed", 3, "{\"judge\":\"b\"}")
        .await
        .unwrap();
    let kept = b.review("reviewed", 3).await.unwrap();
    assert_eq!(kept.as_deref(), Some("{\"judge\":\"a\"}"));
    assert_eq!(a.review("reviewed", 4).await.unwrap(), None, "per level");
}

on_both_backends!(
    reads_back_and_fences,
    one_of_two_racing_appends_wins,
    a_waiting_seat_is_taken_once,
    a_passed_deadline_is_due,
    an_idle_game_is_due_and_aborted_once,
    a_rematch_is_named_once_when_all_agree,
    a_rated_game_is_rated_once,
    a_game_ends_with_its_ratings_or_not_at_all,
    a_review_is_kept_once,
    appends_at_once_are_each_answered,
);

async fn next_notice(notices: &mut tokio::sync::mpsc::Receiver<Notice>) -> Notice {
    tokio::time::timeout(PATIENCE, notices.recv())
        .await
        .expect("a notice")
        .expect("the listener runs")
}

#[tokio::test]
async fn postgres_notices_say_ids_only_and_a_cut_listener_resyncs() {
    let Some(backend) = Backend::postgres().await else {
        return;
    };
    let url = backend.url();
    let lease = Duration::from_secs(10);
    let a = backend.store_as("a", lease).await;
    let b = backend.store_as("b", lease).await;
    let mut heard = b.notices().expect("notices, once");
    assert!(b.notices().is_none());
    // What travels on the bus, read raw: the game and the version, never the action.
    let mut raw = sqlx::postgres::PgListener::connect(url).await.unwrap();
    raw.listen(trio_server::NOTICE_CHANNEL).await.unwrap();

    a.create(&game("n1", false)).await.unwrap();
    a.append(append("n1", 1, Status::Running, false))
        .await
        .unwrap();
    assert_eq!(
        next_notice(&mut heard).await,
        Notice::Event {
            game: "n1".to_owned(),
            seq: 1
        }
    );
    assert_eq!(raw.recv().await.unwrap().payload(), "n1:1");

    // A seat taken is told as such, with no token.
    let mut waiting = game("n2", false);
    waiting.seats[1].agent = "open".to_owned();
    a.create(&waiting).await.unwrap();
    assert!(a.claim_seat(&seat_taken("n2", "cd")).await.unwrap());
    assert_eq!(
        next_notice(&mut heard).await,
        Notice::Seated {
            game: "n2".to_owned()
        }
    );
    assert_eq!(raw.recv().await.unwrap().payload(), "n2:seated");

    // Cut every listener's connection: b listens again, then asks for a resync.
    cut_listeners(url).await;
    assert_eq!(next_notice(&mut heard).await, Notice::Resync);
    a.append(append("n1", 2, Status::Running, false))
        .await
        .unwrap();
    assert_eq!(
        next_notice(&mut heard).await,
        Notice::Event {
            game: "n1".to_owned(),
            seq: 2
        }
    );
}

#[tokio::test]
async fn postgres_leases_go_to_one_instance_and_pass_on_when_they_run_out() {
    let Some(backend) = Backend::postgres().await else {
        return;
    };
    let lease = Duration::from_millis(600);
    let a = backend.store_as("a", lease).await;
    let b = backend.store_as("b", lease).await;
    // A new game waiting on a bot is a's: b may not play it, and it is not due.
    a.create(&game("l1", true)).await.unwrap();
    assert!(!b.claim("l1").await.unwrap());
    assert!(a.claim("l1").await.unwrap(), "a renews its own lease");
    assert!(b.due(10, 0, 0).await.unwrap().is_empty());
    // a dies (stops renewing): once the lease runs out the game is due, and b takes it.
    assert_eq!(due_once_a_lease_runs_out(&*b).await, vec!["l1".to_owned()]);
    assert!(b.claim("l1").await.unwrap());
    assert!(!a.claim("l1").await.unwrap());
    assert!(b.due(10, 0, 0).await.unwrap().is_empty());
    // An append leaving a person to act frees the lease; one leaving a bot takes it.
    b.append(append("l1", 1, Status::Running, false))
        .await
        .unwrap();
    assert!(a.due(10, 0, 0).await.unwrap().is_empty());
    a.append(append("l1", 2, Status::Running, true))
        .await
        .unwrap();
    assert!(!b.claim("l1").await.unwrap());
    // A finished game is never due: not when a lease a took after it has run out (that
    // game then ended, so that the lobby below lists l2 alone).
    a.append(append("l1", 3, Status::Over, true)).await.unwrap();
    a.create(&game("l3", true)).await.unwrap();
    assert_eq!(due_once_a_lease_runs_out(&*b).await, vec!["l3".to_owned()]);
    assert!(b.claim("l3").await.unwrap());
    b.append(append("l3", 1, Status::Over, false))
        .await
        .unwrap();
    // The lobby lists the running games of every instance, newest first.
    b.create(&game("l2", false)).await.unwrap();
    assert_eq!(lobby(&*a, None, 10).await, ["{\"id\":\"l2\"}"]);
}

/// The games due on `store` once one is, as when a lease has run out.
async fn due_once_a_lease_runs_out(store: &dyn Storage) -> Vec<String> {
    let until = tokio::time::Instant::now() + PATIENCE;
    loop {
        let due = store.due(10, 0, 0).await.unwrap();
        if !due.is_empty() {
            return due;
        }
        assert!(tokio::time::Instant::now() < until, "no lease ran out");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Cuts every connection that listens for notices, as a network fault would.
async fn cut_listeners(url: &str) {
    let mut admin = sqlx::PgConnection::connect(url).await.unwrap();
    let cut = sqlx::query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    )
    .fetch_all(&mut admin)
    .await
    .unwrap();
    assert!(!cut.is_empty(), "no listener to cut");
}

#[tokio::test]
async fn a_server_tells_its_clients_what_a_lost_notice_hid_once_it_listens_again() {
    let Some(backend) = Backend::postgres().await else {
        return;
    };
    let url = backend.url();
    let server = Server::on(&backend).await;
    let created = server.create("gyges", &["human", "human"]).await;
    let snapshot = server
        .snapshot(&created.id, Some(&created.seats[0].token))
        .await;
    let mut spectator = server.socket(&created.id, json!({"type": "hello"})).await;
    assert!(matches!(
        spectator.next().await,
        ServerMessage::Welcome { .. }
    ));
    assert!(matches!(spectator.next().await, ServerMessage::Snapshot(_)));

    // Another instance's move whose notice is lost: written without one.
    let action = snapshot.legal[0].clone();
    let mut other = sqlx::PgConnection::connect(url).await.unwrap();
    let mut tx = other.begin().await.unwrap();
    sqlx::query("UPDATE games SET version = 1 WHERE id = $1 AND version = 0")
        .bind(&created.id)
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO events (game_id, seq, kind, seat, action, created_at) \
         VALUES ($1, 1, 'play', 0, $2, 0)",
    )
    .bind(&created.id)
    .bind(&action)
    .execute(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();

    // The server listens again after the cut, then has its rooms read what they missed.
    cut_listeners(url).await;
    let ServerMessage::Event(event) = spectator.next().await else {
        panic!("the missed event")
    };
    assert_eq!(event.seq, 1, "{event:?}");
    assert_eq!(event.action.as_deref(), Some(action.as_str()), "{event:?}");
}
