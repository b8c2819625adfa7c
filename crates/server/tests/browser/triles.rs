//! Triles in the page: against the AI with a spectator who receives no hidden tile, hot
//! seat behind a pass-the-device screen, the end, open hands, a laptop screen, the wedge
//! gift.

use serde_json::{json, Value};

use crate::driver::{screenshot_path, Browser};
use crate::page::{seated, server, DESKTOP, GAME, TRILES_LAST_TILE};

/// Whether a WebSocket frame names a tile the spectator may not see: a hand's contents,
/// or a drawn tile other than the starting one.
fn hidden_tiles(frames: &[String]) -> (usize, usize) {
    fn hands(v: &Value, found: &mut usize) {
        match v {
            Value::Object(map) => {
                for (k, x) in map {
                    if k == "hand" && !x.is_null() {
                        *found += 1;
                    }
                    hands(x, found);
                }
            }
            Value::Array(list) => list.iter().for_each(|x| hands(x, found)),
            _ => {}
        }
    }
    let mut hand_contents = 0;
    let mut draws = std::collections::BTreeSet::new();
    for frame in frames {
        let v: Value = serde_json::from_str(frame).unwrap();
        hands(&v, &mut hand_contents);
        let mut note = |seq: Option<u64>, i: usize, action: &Value| {
            if action.as_str().is_some_and(|a| a.starts_with("draw:")) {
                draws.insert(seq.map_or(i as u64 + 1, |s| s));
            }
        };
        if v["type"] == "event" {
            note(v["seq"].as_u64(), 0, &v["action"]);
        }
        if v["type"] == "snapshot" {
            // Every move up to the snapshot: drawn tiles seen are counted by position.
            for (i, m) in v["moves"].as_array().unwrap().iter().enumerate() {
                note(None, i, &m["action"]);
            }
        }
    }
    (hand_contents, draws.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triles_against_the_ai_with_a_spectator_who_sees_no_hidden_tile() {
    let server = server().await;
    let b = Browser::start(1280, 900).await;
    b.start_from_lobby(&server, "triles", &["me", "ai:1"]).await;
    b.wait("svg.board.triles").await;
    let id = b.state("trio.page().id").await.as_str().unwrap().to_owned();

    let spectator = Browser::start(1280, 900).await;
    spectator.goto(&server.url(&format!("/games/{id}"))).await;
    spectator.wait("svg.board.triles").await;
    assert!(spectator.text(".status").await.contains("You are watching"));

    // Two turns by clicks; the AI answers.
    b.my_turn().await;
    let ai_moves = format!("{GAME}.moves.filter(m => m.seat === 1).length");
    let before = b.state(&ai_moves).await.as_u64().unwrap();
    // A turn can earn its player another action (a loop's extra tile, a draw): turns are
    // played until the AI has answered, two at least.
    let mut turns = 0;
    loop {
        b.triles_turn().await;
        turns += 1;
        b.wait_for("the move is answered", "!trio.page().sending")
            .await;
        b.my_turn().await;
        let answered = b.state(&format!("{ai_moves} > {before}")).await;
        if turns >= 2 && answered == json!(true) {
            break;
        }
        assert!(turns < 12, "the AI has not answered in {turns} turns");
    }
    let count = b.moves().await;
    assert!(b.count(".tile").await >= 3, "tiles on the table");
    assert!(b.count(".hand-tile").await >= 1, "the hand as a tray");
    let pool = b.attr("[data-pool]", "data-pool").await.unwrap();
    assert!(b
        .text(".triles-info")
        .await
        .contains(&format!("Pool: {pool}")));

    // The spectator sees the same moves, no hand, no tool to act.
    spectator
        .wait_for(
            "the spectator follows",
            &format!("{GAME}.moves.length === {count}"),
        )
        .await;
    assert!(spectator.find(".hand-tile").await.is_none());
    assert!(spectator.find("[data-act=resign]").await.is_none());
    assert!(spectator.find("[data-act=confirm]").await.is_none());
    let html = spectator.state("document.documentElement.outerHTML").await;
    assert!(!html.as_str().unwrap().contains("hand-tile"));
    // Its network traffic holds no hand and no drawn tile but the starting one (the
    // player's own traffic, checked the same way, does show its hand).
    let (hands, draws) = hidden_tiles(&spectator.websocket_frames().await);
    assert_eq!((hands, draws), (0, 1), "a spectator learns no hidden tile");
    let (hands, _) = hidden_tiles(&b.websocket_frames().await);
    assert!(hands > 0, "the check would see a hand");

    // Reload: same position, same hand.
    let hand = b.state(&format!("JSON.stringify({GAME}.view.hand)")).await;
    b.refresh().await;
    b.wait("svg.board.triles").await;
    b.wait_for(
        "the same game",
        &format!("{GAME} && {GAME}.moves.length === {count}"),
    )
    .await;
    assert_eq!(
        b.state(&format!("JSON.stringify({GAME}.view.hand)")).await,
        hand
    );
    // The last placement is marked, found by its parts (the snapshot's, after the reload).
    let last = b
        .state(&format!(
            "JSON.stringify({GAME}.moves.findLast(m => m.parts && m.parts.kind === 'place').parts)"
        ))
        .await;
    let last: Value = serde_json::from_str(last.as_str().unwrap()).unwrap();
    assert_eq!(b.count(".tile.last").await, 1, "one tile is the last");
    assert_eq!(
        b.attr(".tile.last", "data-cell").await.unwrap(),
        format!("{},{}", last["x"], last["y"])
    );

    // A tile chosen, with the cells where it fits. The seed may leave no tile of the hand
    // playable (the player must draw): turns are played until one is.
    b.until_a_tile_is_playable().await;
    b.click(".hand-tile.playable").await;
    b.screenshot(&screenshot_path("triles.png")).await;
    spectator.close().await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triles_hot_seat_hides_each_hand_behind_a_pass_the_device_screen() {
    let server = server().await;
    let b = Browser::start(1280, 900).await;
    b.start_from_lobby(&server, "triles", &["me", "me"]).await;
    b.wait("[data-pass]").await;
    assert_eq!(
        b.count(".hand-tile").await,
        0,
        "no tile shows before the player says so"
    );
    let first = b.attr("[data-pass]", "data-pass").await.unwrap();
    // The screen names the player to move, even before every seat's view has come (it
    // once named the seat whose view came first).
    let mover = b
        .state("trio.page().conns.filter(c => c.game).map(c => c.game.turn.seat)")
        .await;
    assert!(
        mover
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s.as_u64() == first.parse().ok()),
        "the screen names seat {first}, the turn is {mover}"
    );
    b.click("[data-action=unveil]").await;
    b.wait(".hand-tile").await;
    // The focus goes on with the player's own tiles, not back to the top of the page.
    assert_eq!(
        b.state("document.activeElement.matches('.hand-tile')")
            .await,
        json!(true)
    );
    assert!(b.text(".status").await.contains("On this device: "));
    // A turn can earn its player another action (a loop's extra placement, a draw):
    // the same player goes on until the device is to be passed.
    let passed = format!(
        "document.querySelector('[data-pass]') && document.querySelector('[data-pass]').dataset.pass !== '{first}'"
    );
    for _ in 0..10 {
        let before = b.moves().await;
        b.triles_turn().await;
        b.wait_for(
            "the turn played",
            &format!("{GAME}.moves.length > {before} && !trio.page().sending"),
        )
        .await;
        b.wait_for(
            "the next turn",
            &format!(
                "({passed}) || (trio.page().myTurn() && !document.querySelector('[data-pass]'))"
            ),
        )
        .await;
        if b.state(&format!("!!({passed})")).await == json!(true) {
            break;
        }
    }
    b.wait_for("the other player's screen", &passed).await;
    assert_eq!(b.count(".hand-tile").await, 0);
    b.click("[data-action=unveil]").await;
    b.wait(".hand-tile").await;

    // Reloaded, with the second seat's connection slow, the page covers the hands from its
    // first drawing and names only the mover. Put in before the page's scripts: the second
    // WebSocket's messages held back a second each, and a record of what each drawing
    // showed.
    b.cdp(
        "Page.addScriptToEvaluateOnNewDocument",
        json!({"source": "window.handsShown = 0; window.passesShown = []; \
        new MutationObserver(() => { \
            if (document.querySelector('.hand-tile')) window.handsShown += 1; \
            const pass = document.querySelector('[data-pass]'); \
            if (pass) window.passesShown.push(Number(pass.dataset.pass)); \
        }).observe(document, {childList: true, subtree: true}); \
        const Socket = WebSocket; let opened = 0; \
        window.WebSocket = class extends Socket { \
            constructor(...args) { super(...args); this.slow = ++opened === 2; } \
            get onmessage() { return super.onmessage; } \
            set onmessage(f) { super.onmessage = this.slow ? e => setTimeout(() => f(e), 1000) : f; } \
        };"}),
    )
    .await;
    b.refresh().await;
    b.wait("[data-pass]").await;
    b.wait_for("every seat's view", "trio.page().conns.every(c => c.game)")
        .await;
    assert_eq!(b.state("window.handsShown").await, json!(0));
    let mover = b.state(&format!("{GAME}.turn.seat")).await;
    let passes = b.state("window.passesShown").await;
    assert!(
        passes.as_array().unwrap().iter().all(|seat| *seat == mover),
        "every screen named the mover, seat {mover}: {passes}"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triles_finished_game_from_the_last_tile() {
    let (_server, b) = seated(
        DESKTOP,
        "triles",
        &["human", "ai:1"],
        Some(TRILES_LAST_TILE),
    )
    .await;
    b.triles_turn().await;
    b.wait("[data-result]").await;
    let result = b.text("[data-result]").await;
    assert!(
        result.contains("Black wins") && result.contains("Black has no tiles left"),
        "{result}"
    );
    b.wait("[data-check=ok]").await;
    assert!(b.text(".fair").await.contains("trio verify"));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triles_open_hands_is_played_to_the_end_with_both_hands_on_the_table() {
    let (_server, b) = seated(
        DESKTOP,
        "triles(variant=open-hands)",
        &["human", "ai:1"],
        None,
    )
    .await;
    b.wait("svg.board.triles").await;
    b.my_turn().await;
    assert!(b.text(".status").await.contains("You play"));
    // The player's hand is its tray; the other hand lies open beside the table.
    b.wait(".tray .hand-tile").await;
    b.wait(".open-hand .open-tile").await;
    b.screenshot(&screenshot_path("triles-open-hands.png"))
        .await;
    let mut turns = 0;
    while !b.my_turn_or_the_end().await {
        assert!(b.count(".tray .hand-tile").await > 0, "the tray stays");
        b.triles_turn().await;
        turns += 1;
        assert!(turns < 200, "the open-hands game does not end");
    }
    assert!(b.text("[data-result]").await.len() > 3);
    b.close().await;
}

/// Whether every element `css` matches lies inside the viewport, from the page's top.
async fn in_view(b: &Browser, css: &str) -> Value {
    b.js(
        "window.scrollTo(0, 0); const all = [...document.querySelectorAll(arguments[0])]; \
         return all.length > 0 && all.every(e => { const r = e.getBoundingClientRect(); \
         return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; });",
        json!([css]),
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triles_on_a_laptop_screen_keeps_the_prompt_confirm_and_why_not_in_view() {
    let server = server().await;
    let created = server.create("triles", &["human", "ai:1"]).await;
    // A window of 757 px leaves less than that to the page (the laptop shows 757).
    let b = Browser::start(1280, 757).await;
    assert!(b.state("innerHeight").await.as_u64().unwrap() <= 757);
    b.goto(&server.url(&created.seats[0].link)).await;
    b.wait("svg.board.triles").await;
    // Turns are played until a tile of the hand can be laid.
    b.until_a_tile_is_playable().await;
    b.propose_a_tile().await;
    b.wait("[data-act=confirm]").await;
    assert_eq!(
        in_view(&b, "[data-prompt]").await,
        json!(true),
        "the prompt"
    );
    assert_eq!(
        in_view(&b, "[data-act=confirm]").await,
        json!(true),
        "Confirm"
    );

    // A tile laid where it does not fit: the refusal, "Why not?", is in view too.
    let tile = b.state("trio.page().proposed.split('@')[0]").await;
    let tile = tile.as_str().unwrap();
    b.click("[data-act=cancel]").await;
    b.js(
        &format!("trio.page().play('{tile}@40,40,0', true); return true;"),
        json!([]),
    )
    .await;
    b.wait(".message.why").await;
    assert_eq!(in_view(&b, ".message.why").await, json!(true), "Why not?");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triles_wedge_gift_is_the_primary_button() {
    let server = server().await;
    // Black has just closed the ring of A tiles of tests/rules.rs: a loop and a wedge.
    let b = Browser::start(1280, 900).await;
    b.seat_of_new(
        &server,
        "triles",
        &["human", "ai:1"],
        Some(
            "A@0,0,0 A@1,0,1 A@1,1,2 A@0,1,0 A@-1,1,1 A@-1,0,2 C@0,-1,2 | B:A1B1D1 | W:C1D1 \
                 | pool:A2B8C7D7E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B extra:1 give",
        ),
    )
    .await;
    b.my_turn().await;
    b.wait("[data-act='give A']").await;
    assert!(b.text("[data-prompt]").await.starts_with("Wedge!"));
    for gift in ["give A", "give B", "give D"] {
        let class = b.attr(&format!("[data-act='{gift}']"), "class").await;
        assert_eq!(class.as_deref(), Some("primary"), "{gift}");
    }
    let class = b.attr("[data-act='give -']", "class").await;
    assert_eq!(
        class.as_deref(),
        Some(""),
        "Give nothing is not the primary"
    );
    b.click("[data-act='give B']").await;
    b.wait_for(
        "given",
        &format!("{GAME}.moves.some(m => m.action === 'give B')"),
    )
    .await;
    b.close().await;
}
