//! The lobby: back to one's seat, open seats joined, "Play someone", the lists of running
//! and finished games by pages, a rematch, a board and a tile set of one's own uploaded.

use reqwest::StatusCode;
use serde_json::json;

use crate::driver::{screenshot_path, Browser};
use crate::page::{server, GAME};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_takes_a_player_back_to_its_seat() {
    let server = server().await;
    let b = Browser::start(1280, 900).await;
    b.start_from_lobby(&server, "gyges", &["me", "ai:1"]).await;
    b.wait("svg.board.gyges").await;
    let id = b.state("trio.page().id").await.as_str().unwrap().to_owned();

    // Back in the lobby, the game's link opens the seat this browser holds, not a watch.
    b.goto(&server.url("/")).await;
    let link = format!(".running a[href^=\"/games/{id}\"]");
    b.wait(&link).await;
    assert!(b.text(".running").await.contains("you play here"));
    b.click(&link).await;
    b.wait("svg.board.gyges").await;
    b.my_turn().await;
    assert!(b.text(".status").await.contains("You play South"));
    b.click("[data-act=setup]").await;
    b.wait_for("set up", &format!("{GAME}.moves.some(m => m.seat === 0)"))
        .await;

    // Another browser, holding no seat, still watches.
    let other = Browser::start(1280, 900).await;
    other.goto(&server.url("/")).await;
    other.click(&link).await;
    other.wait("svg.board.gyges").await;
    other
        .wait_for(
            "watching",
            "trio.page().shown && trio.page().shown.role === 'spectator'",
        )
        .await;
    assert!(other.text(".status").await.contains("You are watching"));
    other.close().await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stranger_joins_an_open_seat_from_the_lobby() {
    let server = server().await;
    let red = Browser::start(1280, 900).await;
    red.goto(&server.url("/")).await;
    red.click("[data-kind=orbit]").await;
    red.click("select[name=players] option[value='3']").await;
    for (i, seat) in ["me", "open", "ai:1"].iter().enumerate() {
        red.click(&format!("select[name=seat{i}] option[value=\"{seat}\"]"))
            .await;
    }
    red.click("[data-action=create]").await;
    // No invitation to send: the game opens at once, waiting for someone to join.
    red.wait("[data-turn=waiting]").await;
    assert!(
        red.find("[data-join]").await.is_none(),
        "the creator has its seat"
    );

    let stranger = Browser::start(390, 844).await;
    stranger.goto(&server.url("/")).await;
    stranger.wait("li[data-open] button[data-join]").await;
    stranger.click("li[data-open] button[data-join]").await;
    stranger.wait("svg.board.orbit").await;
    stranger
        .wait_for("seated", "trio.page().conns.some(c => c.role === 'seat')")
        .await;
    assert!(stranger.text(".status").await.contains("You play green"));
    // Every seat is taken: chance draws the order, and the creator sees the game begin.
    red.wait_for("the game began", &format!("{GAME}.turn.kind !== 'waiting'"))
        .await;
    // The seat is no longer open to anyone else.
    let other = Browser::start(1280, 900).await;
    other.goto(&server.url("/")).await;
    other.wait("ul.games li").await;
    assert_eq!(other.count("li[data-open]").await, 0);
    for b in [red, stranger, other] {
        b.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_strangers_find_each_other_with_play_someone_and_play_to_the_end() {
    let server = server().await;
    let zoe = Browser::start(1280, 900).await;
    let ola = Browser::start(390, 844).await;
    for (b, name) in [(&zoe, "Zoë"), (&ola, "Ola")] {
        b.take_name(&server, name).await;
        b.wait("input[name=ply-limit]").await;
        // A short game: drawn four plies after the setups.
        b.js(
            "const i = document.querySelector('input[name=ply-limit]'); \
             i.value = '4'; i.dispatchEvent(new Event('change'));",
            json!([]),
        )
        .await;
        b.click("[data-action=seek]").await;
        b.wait("svg.board.gyges").await;
    }
    // The first waited; the second took the other seat: both play, named.
    for b in [&zoe, &ola] {
        b.wait_for(
            "both named and playing",
            &format!(
                "{GAME} && {GAME}.turn.kind !== 'waiting' && \
                 document.querySelector('.players').textContent.includes('Zoë') && \
                 document.querySelector('.players').textContent.includes('Ola')"
            ),
        )
        .await;
    }
    assert_eq!(
        zoe.state("trio.page().id").await,
        ola.state("trio.page().id").await
    );
    loop {
        let mut over = false;
        for b in [&zoe, &ola] {
            b.wait_for(
                "a turn or the end",
                "document.querySelector('[data-result]') || trio.page().myTurn() || \
                 trio.page().shown.game.turn.seat !== trio.page().shown.seat",
            )
            .await;
            if b.find("[data-result]").await.is_some() {
                over = true;
            } else if b.state("trio.page().myTurn()").await == json!(true) {
                b.gyges_click_turn().await;
            }
        }
        if over {
            break;
        }
    }
    for b in [&zoe, &ola] {
        b.wait("[data-result]").await;
        assert!(
            b.text("[data-result]").await.contains("ply limit"),
            "{}",
            b.text("[data-result]").await
        );
    }
    // A rematch, asked by one and accepted by the other; then each one's My games lists
    // both games, the first with its result, on the desktop and on the phone.
    let first = zoe.state("trio.page().id").await;
    for b in [&zoe, &ola] {
        b.wait("[data-act=rematch]").await;
        b.click("[data-act=rematch]").await;
    }
    for b in [&zoe, &ola] {
        b.wait_for(
            "in the rematch",
            &format!("trio.page() && trio.page().id && trio.page().id !== {first}"),
        )
        .await;
    }
    for b in [&zoe, &ola] {
        b.goto(&server.url("/")).await;
        b.wait_for(
            "both games listed",
            "document.querySelectorAll('[data-my-game]').length === 2",
        )
        .await;
        let over = format!("[data-my-game={first}] [data-replay]");
        assert!(b.find(&over).await.is_some(), "the first game is over");
    }
    for b in [zoe, ola] {
        b.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_running_games_by_pages_with_more() {
    let server = server().await;
    // One more than the lobby shows at first.
    let mut ids = Vec::new();
    for _ in 0..21 {
        ids.push(server.create("gyges", &["human", "human"]).await.id);
    }
    let b = Browser::start(1280, 900).await;
    b.goto(&server.url("/")).await;
    b.wait("[data-game]").await;
    assert_eq!(b.count("[data-game]").await, 20);
    b.click("[data-act=more-running]").await;
    b.wait_for(
        "the next page",
        "document.querySelectorAll('[data-game]').length === 21",
    )
    .await;
    assert_eq!(b.count("[data-act=more-running]").await, 0, "the last page");
    let mut shown: Vec<String> = serde_json::from_value(
        b.js(
            "return [...document.querySelectorAll('[data-game]')].map(e => e.dataset.game)",
            json!([]),
        )
        .await,
    )
    .unwrap();
    shown.sort();
    ids.sort();
    assert_eq!(shown, ids, "each game once");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_finished_games_with_their_result_and_more_by_pages() {
    let server = server().await;
    // Eleven games South gave up: one more than the lobby shows at first.
    let mut ids = Vec::new();
    for _ in 0..11 {
        let created = server.create("gyges", &["human", "human"]).await;
        assert_eq!(
            server.resign(&created.id, &created.seats[0].token).await,
            StatusCode::OK
        );
        ids.push(created.id);
    }
    let b = Browser::start(1280, 900).await;
    b.goto(&server.url("/")).await;
    b.wait("[data-finished-game]").await;
    assert_eq!(b.count("[data-finished-game]").await, 10);
    assert!(b
        .text("[data-finished-game]")
        .await
        .contains("South resigned"));
    b.click("[data-act=more-finished]").await;
    b.wait_for(
        "the next page",
        "document.querySelectorAll('[data-finished-game]').length === 11",
    )
    .await;
    assert_eq!(
        b.count("[data-act=more-finished]").await,
        0,
        "the last page"
    );
    let shown: Vec<String> = serde_json::from_value(
        b.js(
            "return [...document.querySelectorAll('[data-finished-game]')].map(e => e.dataset.finishedGame)",
            json!([]),
        )
        .await,
    )
    .unwrap();
    let mut sorted = shown.clone();
    sorted.sort();
    sorted.dedup();
    ids.sort();
    assert_eq!(sorted, ids, "each game once");
    // The replay link opens the game over, as a spectator of this browser's.
    let href = b
        .attr(&format!("[data-replay='{}']", shown[0]), "href")
        .await
        .unwrap();
    assert!(
        href.ends_with(&format!("/games/{}#watch", shown[0])),
        "{href}"
    );
    b.click(&format!("[data-replay='{}']", shown[0])).await;
    b.wait("[data-result] .headline").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_accepted_by_the_other_opens_with_the_seats_rotated() {
    let server = server().await;
    let created = server.create("gyges", &["human", "invite"]).await;
    let south = Browser::start(1280, 900).await;
    south.goto(&server.url(&created.seats[0].link)).await;
    let north = Browser::start(1280, 900).await;
    north.goto(&server.url(&created.invites[0].link)).await;
    north.click("[data-act=join]").await;
    north
        .wait_for("seated", "trio.page().conns.some(c => c.role === 'seat')")
        .await;
    // South gives up; the game is over on both pages.
    assert_eq!(
        server.resign(&created.id, &created.seats[0].token).await,
        StatusCode::OK
    );
    south.wait("[data-act=rematch]").await;
    south.click("[data-act=rematch]").await;
    south.wait("[data-rematch] .note").await;
    north.wait("[data-act=rematch]").await;
    assert!(north
        .text("[data-rematch]")
        .await
        .contains("South asked for a rematch"));
    north.click("[data-act=rematch]").await;
    for (b, now) in [(&south, "North"), (&north, "South")] {
        b.wait_for("in the rematch", &format!("trio.page() && trio.page().id !== '{}' && trio.page().shown && trio.page().shown.role === 'seat'", created.id)).await;
        b.wait(".status .who").await;
        assert!(
            b.text(".status").await.contains(&format!("You play {now}")),
            "{}",
            b.text(".status").await
        );
    }
    for b in [south, north] {
        b.close().await;
    }
}

/// Chooses the file option `name` in the lobby from `file` (a path in this repository).
async fn upload_in_the_lobby(b: &Browser, name: &str, file: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(file)
        .canonicalize()
        .unwrap();
    b.upload(&format!("input[type=file][name={name}]"), &path)
        .await;
    let label = path.file_name().unwrap().to_str().unwrap();
    b.wait_for(
        "the file is read",
        &format!("document.querySelector('[data-file={name}]').textContent === '{label}'"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_and_a_tile_set_of_ones_own_are_uploaded_and_played_to_the_end() {
    let server = server().await;
    let b = Browser::start(1280, 900).await;

    // Na orbicie on the small funnel board, against the AI, to the end.
    b.goto(&server.url("/")).await;
    b.click("[data-kind=orbit]").await;
    upload_in_the_lobby(&b, "board", "../orbit/tests/boards/funnel.toml").await;
    b.click("select[name=seat1] option[value=\"ai:1\"]").await;
    b.click("[data-action=create]").await;
    b.wait("svg.board.orbit").await;
    let id = b.state("trio.page().id").await;
    let shown = server.show(id.as_str().unwrap(), None).await.1;
    assert_eq!(shown["game"], "orbit(board=funnel.toml)");
    // The page draws the funnel: 2 + 2 + 4 fields off the final orbit, four lines.
    assert_eq!(b.count("g.field").await, 8);
    assert_eq!(b.count("line.orbit-line").await, 4);
    b.screenshot(&screenshot_path("orbit-funnel.png")).await;
    let mut decisions = 0;
    while !b.my_turn_or_the_end().await {
        b.orbit_decision().await;
        decisions += 1;
        assert!(decisions < 400, "the funnel game does not end");
    }
    assert!(b.text("[data-result]").await.len() > 3);

    // Triles with two terminals on every edge, against the AI, to the end.
    b.goto(&server.url("/")).await;
    b.click("[data-kind=triles]").await;
    upload_in_the_lobby(&b, "tiles", "../triles/tests/sets/double.toml").await;
    b.click("select[name=seat1] option[value=\"ai:1\"]").await;
    b.click("[data-action=create]").await;
    b.wait("svg.board.triles").await;
    let id = b.state("trio.page().id").await;
    let shown = server.show(id.as_str().unwrap(), None).await.1;
    assert_eq!(shown["game"], "triles(tiles=double.toml)");
    b.wait(".hand-tile").await;
    let types = b.state(&format!("Object.keys({GAME}.view.types)")).await;
    assert!(
        types
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t.as_str().unwrap().starts_with('T')),
        "{types}"
    );
    b.screenshot(&screenshot_path("triles-double.png")).await;
    let mut turns = 0;
    while !b.my_turn_or_the_end().await {
        b.triles_turn().await;
        turns += 1;
        assert!(turns < 200, "the Triles game does not end");
    }
    assert!(b.text("[data-result]").await.len() > 3);
    b.close().await;
}
