//! The web UI in real headless Chromium (WebDriver, Debian's `chromedriver`), each test
//! with its own server on 127.0.0.1 and its own browsers: for each game a start against
//! the AI level 1 from the lobby, moves made by clicking, the AI's answer, a reload to
//! the same position and a finished game (from a position near the end); a friend joining
//! by a seat link, a spectator who sees moves but cannot act and, in Triles, receives no
//! hidden tile; the Polish switch; a phone-sized window; a move sent while offline; each
//! game played to the end by keyboard alone, and axe-core's check of every page. The
//! boards are saved to `docs/screenshots/`.

mod browser_support;

use browser_support::{key, screenshot_path, Browser, Outage, Server};
use serde_json::{json, Value};
use trio_server::protocol::Created;

/// The page's game as its shown seat sees it.
const GAME: &str = "trio.page().shown.game";

async fn moves(b: &Browser) -> usize {
    b.js(&format!("return {GAME}.moves.length;"), json!([]))
        .await
        .as_u64()
        .unwrap() as usize
}

async fn state(b: &Browser, expr: &str) -> Value {
    b.js(&format!("return {expr};"), json!([])).await
}

/// Waits until it is the page's seat's turn, with nothing in flight and nothing on the
/// board still moving (a click aims at where a piece will be, as a person waits to see it).
async fn my_turn(b: &Browser) {
    b.wait_for(
        "my turn",
        "trio.page() && trio.page().shown && trio.page().myTurn() && !trio.page().sending \
         && !document.getAnimations().length",
    )
    .await;
}

/// Starts a game from the lobby: the game, then seat choices by seat.
async fn start_from_lobby(b: &Browser, server: &Server, kind: &str, seats: &[&str]) {
    b.goto(&server.url("/")).await;
    b.click(&format!("[data-kind={kind}]")).await;
    for (i, seat) in seats.iter().enumerate() {
        b.click(&format!("select[name=seat{i}] option[value=\"{seat}\"]"))
            .await;
    }
    b.click("[data-action=create]").await;
}

/// A new game of `game` (from `position` when given) with `seats`, opened at seat 0 in `b`.
async fn seat_of_new(
    b: &Browser,
    server: &Server,
    game: &str,
    seats: &[&str],
    position: Option<&str>,
) -> Created {
    let created = server.create(game, seats, position).await;
    b.goto(&server.url(&created.seats[0].link)).await;
    created
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gyges_against_the_ai_by_clicks_in_english_and_polish() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    start_from_lobby(&b, &server, "gyges", &["me", "ai:1"]).await;
    b.wait("svg.board.gyges").await;
    assert!(b.text(".status").await.contains("You play South"));

    // Setup on the board: South's row as shown, confirmed; the AI sets up North.
    my_turn(&b).await;
    b.click("[data-act=setup]").await;
    b.wait_for("both set up", &format!("{GAME}.view.phase === 'play'"))
        .await;
    my_turn(&b).await;

    // A piece off the active row can be chosen (a tap then asks why not), and the prompt
    // says it cannot move instead of asking for a target none shows.
    b.click("[data-sq=a6]").await;
    b.assert_text("[data-prompt]", &["This piece cannot move"], false)
        .await;
    b.click("[data-sq=a6]").await;
    b.assert_text("[data-prompt]", &["Tap a piece of your active row"], false)
        .await;

    // A move by clicks: the piece, where it ends, then Confirm.
    b.click("[data-sq=a1]").await;
    assert!(b.count(".sq.target").await > 0, "the piece's ends light up");
    b.click("[data-sq=a2]").await;
    b.click("[data-act=confirm]").await;
    b.wait_for("the AI answers", &format!("{GAME}.moves.length >= 4"))
        .await;
    my_turn(&b).await;
    assert_eq!(
        state(&b, &format!("{GAME}.moves[2].action")).await,
        json!("a1-a2")
    );
    assert_eq!(state(&b, &format!("{GAME}.moves[3].seat")).await, json!(1));
    assert!(b.count(".sq.last").await >= 2, "the last move is marked");
    let title = state(&b, "document.title").await;
    assert!(title.as_str().unwrap().contains("Your turn"), "{title}");

    // A reload comes back to the same seat and position.
    let before = state(&b, &format!("JSON.stringify({GAME}.view.squares)")).await;
    let count = moves(&b).await;
    b.refresh().await;
    b.wait("svg.board.gyges").await;
    b.wait_for(
        "the same game",
        &format!("{GAME} && {GAME}.moves.length === {count}"),
    )
    .await;
    assert_eq!(
        state(&b, &format!("JSON.stringify({GAME}.view.squares)")).await,
        before
    );
    assert!(b.text(".status").await.contains("You play South"));

    // Why not? A piece leaves the board only from the far row: the rule, in words.
    // The piece is one that can move but not off the board (the AI's answer may have
    // moved a piece of the first row elsewhere).
    my_turn(&b).await;
    let legal: Vec<String> =
        serde_json::from_value(state(&b, &format!("{GAME}.legal")).await).unwrap();
    let from = legal
        .iter()
        .map(|a| &a[..2])
        .find(|sq| !legal.iter().any(|a| a.starts_with(sq) && a.ends_with('G')))
        .expect("a piece that cannot leave the board")
        .to_owned();
    b.click(&format!("[data-sq={from}]")).await;
    b.click("[data-goal=South]").await;
    b.wait(".message.why").await;
    let why = b.text(".message.why").await;
    assert!(
        why.contains("Why not?") && why.contains("leaves the board only") && why.contains("rank 6"),
        "{why}"
    );

    // Polish: every word switches, the refusal too, and the choice is remembered.
    b.click("[data-lang]").await;
    b.wait_for("Polish", "document.documentElement.lang === 'pl'")
        .await;
    let body = b.text("body").await;
    assert!(
        body.contains("Twój ruch") && body.contains("Grasz: Południe"),
        "{body}"
    );
    let why = b.text(".message.why").await;
    assert!(
        why.contains("Dlaczego nie?") && why.contains("opuszcza planszę tylko"),
        "{why}"
    );
    b.click("[data-nav=rules]").await;
    // The dialog opens at once; its text comes after (data-loaded).
    b.wait("dialog[data-rules=gyges][data-loaded]").await;
    assert!(b
        .text("dialog .rules-body")
        .await
        .contains("Gygès — zasady gry"));
    b.click("dialog .close").await;
    b.refresh().await;
    b.wait("svg.board.gyges").await;
    assert!(b.text(".status").await.contains("Grasz"));
    b.click("[data-lang]").await;
    b.wait_for("English", "document.documentElement.lang === 'en'")
        .await;

    // The hint and the undo against the AI.
    my_turn(&b).await;
    b.click("[data-act=hint]").await;
    b.wait(".message.hint").await;
    assert!(b.text(".message.hint").await.starts_with("Hint: "));
    // The board as a player sees it: the last move, the hint, a piece chosen.
    b.click("[data-sq=b1]").await;
    b.screenshot(&screenshot_path("gyges.png")).await;
    b.click("[data-sq=b1]").await;
    let count = moves(&b).await;
    b.click("[data-act=undo]").await;
    b.wait_for("undone", &format!("{GAME}.moves.length === {}", count - 2))
        .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gyges_finished_game_shows_result_seed_record_and_replay() {
    let server = Server::start().await;
    // The bounce chain of docs/rules/gyges.md: a1 leaves the board, South wins.
    let b = Browser::start(1280, 900).await;
    seat_of_new(
        &b,
        &server,
        "gyges",
        &["human", "ai:1"],
        Some(".33221/2...../....23/....../311.../1..... S"),
    )
    .await;
    my_turn(&b).await;
    b.click("[data-sq=a1]").await;
    b.click("[data-goal=South]").await;
    // The way of the move chosen, bounces and all: a line through the six squares and on
    // into the goal, a ring on the 3 on a2 and on the 2 on a5.
    let way = |kind: &str| {
        format!(
            "(() => {{ const g = document.querySelector('svg.board [data-route={kind}]'); \
             return g && [g.querySelector('polyline').getAttribute('points').split(' ').length, \
             [...g.querySelectorAll('[data-bounce]')].map(c => c.dataset.bounce)]; }})()"
        )
    };
    assert_eq!(state(&b, &way("chosen")).await, json!([7, ["a2", "a5"]]));
    b.click("[data-act=confirm]").await;
    b.wait("[data-result]").await;
    // Played, the same way is the last move's.
    assert_eq!(state(&b, &way("last")).await, json!([7, ["a2", "a5"]]));
    let result = b.text("[data-result]").await;
    assert!(
        result.contains("South wins") && result.contains("left the board"),
        "{result}"
    );
    // No dice and no draws in Gygès: nothing to show fair (Triles' finished game does).
    assert!(b.find(".fair").await.is_none());
    b.wait("[data-act=export]").await;

    // Replay: back, to the start, and a jump.
    b.click("[data-act=replay]").await;
    b.wait("[data-replay=back]").await;
    b.click("[data-replay=back]").await;
    b.wait("[data-ply='0']").await;
    assert_eq!(
        b.attr("[data-sq=a1] .piece", "data-value").await.as_deref(),
        Some("1")
    );
    b.click("[data-replay=forward]").await;
    b.wait("[data-ply='1']").await;
    assert!(
        b.find("[data-sq=a1] .piece").await.is_none(),
        "the piece has left"
    );

    // The whole list stays during a replay, the move shown marked; autoplay runs to the end.
    b.click("[data-replay=first]").await;
    b.wait(".replay[data-ply='0']").await;
    assert_eq!(
        b.count("ol.moves li.decision").await,
        1,
        "the list is whole at the start"
    );
    assert_eq!(b.count("ol.moves li.current").await, 0);
    b.click("[data-replay=play]").await;
    b.wait(".replay[data-ply='1'] [data-replay=play]").await;
    assert_eq!(
        b.text("ol.moves li.current").await,
        b.text("ol.moves li.decision").await
    );
    b.close().await;
}

/// Plays one turn of Triles by clicks: a placement when there is one, else the button.
async fn triles_turn(b: &Browser) {
    my_turn(b).await;
    let legal = state(b, &format!("{GAME}.legal")).await;
    let legal: Vec<String> = serde_json::from_value(legal).unwrap();
    if legal.iter().any(|a| a.contains('@')) {
        b.click(".hand-tile.playable").await;
        for _ in 0..3 {
            if b.count(".cell.fit").await > 0 {
                break;
            }
            b.click("[data-act=rotate]").await;
        }
        b.click(".cell.fit").await;
        b.click("[data-act=confirm]").await;
    } else {
        let action = legal[0].clone();
        b.click(&format!("[data-act=\"{action}\"]")).await;
    }
}

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
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    start_from_lobby(&b, &server, "triles", &["me", "ai:1"]).await;
    b.wait("svg.board.triles").await;
    let id = state(&b, "trio.page().id")
        .await
        .as_str()
        .unwrap()
        .to_owned();

    let spectator = Browser::start(1280, 900).await;
    spectator.goto(&server.url(&format!("/games/{id}"))).await;
    spectator.wait("svg.board.triles").await;
    assert!(spectator.text(".status").await.contains("You are watching"));

    // Two turns by clicks; the AI answers.
    my_turn(&b).await;
    let ai_moves = format!("{GAME}.moves.filter(m => m.seat === 1).length");
    let before = state(&b, &ai_moves).await.as_u64().unwrap();
    // A turn can earn its player another action (a loop's extra tile, a draw): turns are
    // played until the AI has answered, two at least.
    let mut turns = 0;
    loop {
        triles_turn(&b).await;
        turns += 1;
        b.wait_for("the move is answered", "!trio.page().sending")
            .await;
        my_turn(&b).await;
        let answered = state(&b, &format!("{ai_moves} > {before}")).await;
        if turns >= 2 && answered == json!(true) {
            break;
        }
        assert!(turns < 12, "the AI has not answered in {turns} turns");
    }
    let count = moves(&b).await;
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
    let html = state(&spectator, "document.documentElement.outerHTML").await;
    assert!(!html.as_str().unwrap().contains("hand-tile"));
    // Its network traffic holds no hand and no drawn tile but the starting one (the
    // player's own traffic, checked the same way, does show its hand).
    let (hands, draws) = hidden_tiles(&spectator.websocket_frames().await);
    assert_eq!((hands, draws), (0, 1), "a spectator learns no hidden tile");
    let (hands, _) = hidden_tiles(&b.websocket_frames().await);
    assert!(hands > 0, "the check would see a hand");

    // Reload: same position, same hand.
    let hand = state(&b, &format!("JSON.stringify({GAME}.view.hand)")).await;
    b.refresh().await;
    b.wait("svg.board.triles").await;
    b.wait_for(
        "the same game",
        &format!("{GAME} && {GAME}.moves.length === {count}"),
    )
    .await;
    assert_eq!(
        state(&b, &format!("JSON.stringify({GAME}.view.hand)")).await,
        hand
    );
    // The last placement is marked, found by its parts (the snapshot's, after the reload).
    let last = state(
        &b,
        &format!(
            "JSON.stringify({GAME}.moves.findLast(m => m.parts && m.parts.kind === 'place').parts)"
        ),
    )
    .await;
    let last: Value = serde_json::from_str(last.as_str().unwrap()).unwrap();
    assert_eq!(b.count(".tile.last").await, 1, "one tile is the last");
    assert_eq!(
        b.attr(".tile.last", "data-cell").await.unwrap(),
        format!("{},{}", last["x"], last["y"])
    );

    // A tile chosen, with the cells where it fits. The seed may leave no tile of the hand
    // playable (the player must draw): turns are played until one is.
    for _ in 0..10 {
        my_turn(&b).await;
        if b.count(".hand-tile.playable").await > 0 {
            break;
        }
        triles_turn(&b).await;
        b.wait_for("the move is answered", "!trio.page().sending")
            .await;
    }
    b.click(".hand-tile.playable").await;
    b.screenshot(&screenshot_path("triles.png")).await;
    spectator.close().await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triles_hot_seat_hides_each_hand_behind_a_pass_the_device_screen() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    start_from_lobby(&b, &server, "triles", &["me", "me"]).await;
    b.wait("[data-pass]").await;
    assert_eq!(
        b.count(".hand-tile").await,
        0,
        "no tile shows before the player says so"
    );
    let first = b.attr("[data-pass]", "data-pass").await.unwrap();
    // The screen names the player to move, even before every seat's view has come (it
    // once named the seat whose view came first).
    let mover = state(
        &b,
        "trio.page().conns.filter(c => c.game).map(c => c.game.turn.seat)",
    )
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
        state(&b, "document.activeElement.matches('.hand-tile')").await,
        json!(true)
    );
    assert!(b.text(".status").await.contains("On this device: "));
    // A turn can earn its player another action (a loop's extra placement, a draw):
    // the same player goes on until the device is to be passed.
    let passed = format!(
        "document.querySelector('[data-pass]') && document.querySelector('[data-pass]').dataset.pass !== '{first}'"
    );
    for _ in 0..10 {
        let before = moves(&b).await;
        triles_turn(&b).await;
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
        if state(&b, &format!("!!({passed})")).await == json!(true) {
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
    assert_eq!(state(&b, "window.handsShown").await, json!(0));
    let mover = state(&b, &format!("{GAME}.turn.seat")).await;
    let passes = state(&b, "window.passesShown").await;
    assert!(
        passes.as_array().unwrap().iter().all(|seat| *seat == mover),
        "every screen named the mover, seat {mover}: {passes}"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triles_finished_game_from_the_last_tile() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    seat_of_new(
        &b,
        &server,
        "triles",
        &["human", "ai:1"],
        Some("C@0,0,0 | B:A1 | W:A1B1C1 | pool:A7B8C7D9E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B"),
    )
    .await;
    triles_turn(&b).await;
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
async fn orbit_three_players_a_friend_by_link_and_the_ai() {
    let server = Server::start().await;
    let red = Browser::start(1280, 900).await;
    red.goto(&server.url("/")).await;
    red.click("[data-kind=orbit]").await;
    red.click("select[name=players] option[value='3']").await;
    red.click("select[name=order] option[value='rgb']").await;
    // The form offers every option of the server's table: here the turn limit.
    red.wait("input[name=turn-limit]").await;
    red.js(
        "const i = document.querySelector('input[name=turn-limit]'); \
         i.value = '500'; i.dispatchEvent(new Event('change'));",
        json!([]),
    )
    .await;
    for (i, seat) in ["me", "friend", "ai:1"].iter().enumerate() {
        red.click(&format!("select[name=seat{i}] option[value=\"{seat}\"]"))
            .await;
    }
    red.click("[data-action=create]").await;
    red.wait("[data-link=seat1]").await;
    let link = red.attr("[data-link=seat1]", "value").await.unwrap();
    let id = link
        .split("/games/")
        .nth(1)
        .unwrap()
        .split('#')
        .next()
        .unwrap();
    assert_eq!(
        server.show(id, None).await["game"],
        "orbit(order=rgb,players=3,turn-limit=500)"
    );
    let watch = red.attr("[data-link=spectator]", "value").await.unwrap();
    // The link is an invitation, not the seat's token: the creator never holds it.
    assert!(link.contains("#claim=") && !link.contains("token") && !watch.contains("token"));
    red.click("[data-action=go]").await;
    red.wait("svg.board.orbit").await;
    // Nobody plays before every seat is taken.
    red.wait("[data-turn=waiting]").await;

    let green = Browser::start(1280, 900).await;
    green.goto(&link).await;
    green.wait("[data-join]").await;
    assert!(green
        .text("[data-join]")
        .await
        .contains("invited to play green"));
    green.click("[data-act=join]").await;
    green
        .wait_for("seated", "trio.page().conns.some(c => c.role === 'seat')")
        .await;
    green.wait("svg.board.orbit").await;
    assert!(green.text(".status").await.contains("You play green"));
    assert!(green.find("[data-join]").await.is_none());
    red.wait_for(
        "green is here",
        "document.querySelector('[data-seat=\"1\"] .presence.on')",
    )
    .await;

    // Each orbit has its number; before a pawn is out, the prompt offers the roll alone.
    let orbits = state(&green, &format!("{GAME}.view.geometry.orbits.length - 1")).await;
    assert_eq!(json!(green.count(".orbit-number").await), orbits);
    my_turn(&red).await;
    let prompt = red.text("[data-prompt]").await;
    assert!(
        prompt.starts_with("Roll the die: none of your pawns"),
        "{prompt}"
    );

    // Red rolls (and enters on an even roll), green the same, blue is the AI.
    for (player, seat) in [(&red, 0), (&green, 1)] {
        my_turn(player).await;
        let n = moves(player).await;
        player.click("[data-act=roll]").await;
        player
            .wait_for(
                "the die falls",
                &format!(
                    "{GAME}.moves.slice({n}).some(m => m.action && m.action.startsWith('die'))"
                ),
            )
            .await;
        player.wait("[data-die]").await;
        if state(player, &format!("{GAME}.view.phase")).await == json!("enter") {
            player.click(".field.target.enter").await;
            player.click("[data-act=confirm]").await;
            player.wait_for("entered", "!trio.page().sending").await;
        }
        player
            .wait_for("the turn passes", &format!("{GAME}.turn.seat !== {seat}"))
            .await;
    }
    red.wait_for(
        "blue (AI) played",
        &format!("{GAME}.moves.some(m => m.seat === 2)"),
    )
    .await;
    my_turn(&red).await;
    let count = moves(&red).await;
    green
        .wait_for("both see it", &format!("{GAME}.moves.length === {count}"))
        .await;
    assert!(red.text(".movelist").await.contains("rolled"));

    // A roll sent while offline is sent once when the connection is back.
    let red_rolls = format!("{GAME}.moves.filter(m => m.seat === 0 && m.action === 'roll').length");
    let before = state(&red, &red_rolls).await.as_u64().unwrap();
    red.js("trio.drop(1500);", json!([])).await;
    red.wait("[data-offline]").await;
    red.click("[data-act=roll]").await;
    red.wait_for("sent once back online", &format!("trio.page().conns[0].open && trio.page().conns[0].pending.size === 0 && {red_rolls} >= {}", before + 1)).await;
    // Nothing is left unanswered, and the server acks only what it has stored: its game
    // holds every roll the page sent.
    let id = state(&red, "trio.page().id").await;
    let stored = server.show(id.as_str().unwrap(), None).await;
    let stored_rolls = stored["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["seat"] == json!(0) && m["action"] == json!("roll"))
        .count() as u64;
    assert_eq!(stored_rolls, before + 1, "the roll is played once");

    // The friend reloads: same seat, same moves.
    let count = moves(&red).await;
    green.refresh().await;
    green.wait("svg.board.orbit").await;
    green
        .wait_for(
            "the same game",
            &format!("{GAME} && {GAME}.moves.length >= {count}"),
        )
        .await;
    assert!(green.text(".status").await.contains("You play green"));
    red.screenshot(&screenshot_path("orbit.png")).await;
    green.close().await;
    red.close().await;
}

/// Na orbicie for three from `position`, red (this page) against two AIs, red to play.
async fn orbit_three_from(b: &Browser, server: &Server, position: &str) {
    let seats = ["human", "ai:1", "ai:1"];
    seat_of_new(b, server, "orbit(players=3)", &seats, Some(position)).await;
    my_turn(b).await;
}

/// Red's pawn on 6.3 goes home.
async fn red_home_from_6_3(b: &Browser) {
    b.click("[data-field='6.3']").await;
    b.click("[data-act=home]").await;
    b.click("[data-act=confirm]").await;
}

/// From now on, `window.shownAt` lists each move as the page's game gets it: its seat and
/// when.
async fn record_when_shown(b: &Browser) {
    let script = format!(
        "window.shownAt = []; let n = {GAME}.moves.length;
         setInterval(() => {{ const moves = {GAME}.moves;
           for (const m of moves.slice(n)) shownAt.push([m.seat, performance.now()]);
           n = moves.length; }}, 5);"
    );
    b.js(&script, json!([])).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orbit_finished_three_player_game_is_ranked() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    orbit_three_from(
        &b,
        &server,
        "rgb r r:H,H,6.3/g:H,H,H/b:C,C,C - turn=50 finished=g",
    )
    .await;
    red_home_from_6_3(&b).await;
    b.wait("[data-result]").await;
    let ranking = b.text(".ranking").await;
    assert_eq!(
        ranking.lines().collect::<Vec<_>>(),
        ["1. green", "2. red", "3. blue"],
        "{ranking}"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn once_the_only_person_is_placed_the_ais_play_on_unpaced_and_are_summed_up() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    orbit_three_from(
        &b,
        &server,
        "rgb r r:H,H,6.3/g:H,5.3,4.1/b:H,5.6,4.0 - turn=50",
    )
    .await;
    // Slowly: paced, each AI decision would be shown 1.8 s after the one before.
    b.click("select[data-setting=motion] option[value=slow]")
        .await;
    record_when_shown(&b).await;
    red_home_from_6_3(&b).await;
    // The AIs may play on for a hundred actions and more, each stored before it is sent:
    // longer than the usual patience on a slow machine (a clean clone's CI run took it).
    b.wait_within("[data-result]", std::time::Duration::from_secs(180))
        .await;
    // Red's move, then the AIs' decisions, shown as they came: in less time than pacing
    // them would have taken.
    let shown: Vec<(Option<u8>, f64)> =
        serde_json::from_value(state(&b, "window.shownAt").await).unwrap();
    let decisions = state(
        &b,
        &format!(
            "{GAME}.moves.slice(-{}).filter(m => m.seat != null && m.seat !== 0).length",
            shown.len() - 1
        ),
    )
    .await
    .as_u64()
    .unwrap();
    assert!(decisions >= 2, "the AIs played {decisions} decisions");
    let took = shown[shown.len() - 1].1 - shown[0].1;
    assert!(
        took < (decisions - 1) as f64 * 1800.0,
        "{decisions} decisions of the AIs shown over {took} ms"
    );
    // Summed up in a line: who came where.
    let line = b.text("[data-played-on=done]").await;
    assert!(
        line.starts_with("The AIs played on: ")
            && ["Green 2nd", "Blue 2nd"].iter().any(|p| line.contains(p))
            && ["Green 3rd", "Blue 3rd"].iter().any(|p| line.contains(p)),
        "{line}"
    );
    assert_eq!(
        b.attr(".status .turn", "data-outcome").await.as_deref(),
        Some("won")
    );
    b.close().await;
}

/// A finished game reviewed: the review's graph, its words and the roll that decided it,
/// which opens the replay before it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watcher_reviews_a_finished_game_and_opens_its_deciding_roll() {
    let server = Server::start().await;
    // Three turns, then whoever stands further out wins: red's first roll decides
    // (docs/review.md, "Worked example").
    let b = Browser::start(1280, 900).await;
    seat_of_new(
        &b,
        &server,
        "orbit(turn-limit=3)",
        &["ai:1", "human"],
        Some("rg r r:H,H,H,C/g:H,H,H,C -"),
    )
    .await;
    while !my_turn_or_the_end(&b).await {
        orbit_decision(&b).await;
    }
    b.click("[data-act=review]").await;
    b.wait("[data-review=ready]").await;
    assert_eq!(b.count("[data-review] polyline").await, 2, "a line a seat");
    let words = b.text("[data-review-seat='0']").await;
    assert!(
        words.contains("chance") && words.contains("own moves"),
        "{words}"
    );
    // Red's first roll, the game's second action, is worth about ±0.25 to each side:
    // always listed.
    let first = b
        .text("[data-review-list=lucky] [data-review-step='1']")
        .await;
    assert!(first.starts_with("2. die"), "{first}");
    b.click("[data-review-list=lucky] [data-review-step='1']")
        .await;
    b.wait(".replay[data-ply='1']").await;
    b.screenshot(&screenshot_path("review.png")).await;
    // In Polish too.
    b.click("[data-lang=pl]").await;
    b.wait_for(
        "the Polish review",
        "document.querySelector('[data-review] h2').textContent === 'Analiza'",
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_sized_window_plays() {
    let server = Server::start().await;
    let b = Browser::start(390, 844).await;
    seat_of_new(&b, &server, "gyges", &["human", "ai:1"], None).await;
    b.wait("svg.board.gyges").await;
    my_turn(&b).await;
    let fits = state(
        &b,
        "(() => { const r = document.querySelector('svg.board').getBoundingClientRect(); \
         return r.width <= innerWidth && r.height <= innerHeight && \
         document.documentElement.scrollWidth <= innerWidth; })()",
    )
    .await;
    assert_eq!(fits, json!(true), "the board fits the screen");
    let height = state(
        &b,
        "document.querySelector('[data-act=setup]').getBoundingClientRect().height",
    )
    .await;
    assert!(
        height.as_f64().unwrap() >= 44.0,
        "a button a finger can hit"
    );
    b.click("[data-act=setup]").await;
    b.wait_for("both set up", &format!("{GAME}.view.phase === 'play'"))
        .await;
    my_turn(&b).await;
    b.click("[data-sq=a1]").await;
    b.click("[data-sq=a2]").await;
    b.click("[data-act=confirm]").await;
    b.wait_for("the AI answers", &format!("{GAME}.moves.length >= 4"))
        .await;
    my_turn(&b).await;
    b.screenshot(&screenshot_path("phone-gyges.png")).await;

    // Triles on the phone too: the table, the tray, a tile chosen.
    seat_of_new(&b, &server, "triles", &["human", "ai:1"], None).await;
    b.wait("svg.board.triles").await;
    my_turn(&b).await;
    if b.find(".hand-tile.playable").await.is_some() {
        b.click(".hand-tile.playable").await;
    }
    let fits = state(&b, "document.documentElement.scrollWidth <= innerWidth").await;
    assert_eq!(fits, json!(true));
    b.screenshot(&screenshot_path("phone-triles.png")).await;
    b.close().await;
}

/// Waits until it is the page's seat's turn or the game is over; whether it is over.
async fn my_turn_or_the_end(b: &Browser) -> bool {
    b.wait_for(
        "my turn or the end",
        "document.querySelector('[data-result]') || (trio.page() && trio.page().shown \
         && trio.page().myTurn() && !trio.page().sending && !document.getAnimations().length)",
    )
    .await;
    b.find("[data-result]").await.is_some()
}

/// Plays one decision of Na orbicie by clicks, racing: the move that goes furthest out
/// (home best), else an entry, a roll or a pass. A capture sends the captured pawn to the
/// first place offered.
async fn orbit_decision(b: &Browser) {
    let legal: Vec<String> =
        serde_json::from_value(state(b, &format!("{GAME}.legal")).await).unwrap();
    let reach = |to: &str| match to {
        "H" => 99,
        field => field.split('.').next().unwrap().parse().unwrap(),
    };
    let best = legal
        .iter()
        .filter_map(|a| a.strip_prefix("move "))
        .filter_map(|m| {
            let (from, rest) = m.split_once('-')?;
            let to = rest.split('>').next()?;
            Some((from, to, reach(to) * 16 - reach(from)))
        })
        .max_by_key(|&(.., score)| score);
    if let Some((from, to, _)) = best {
        b.click(&format!(".field[data-field='{from}']")).await;
        if to == "H" {
            b.click("[data-act=home]").await;
        } else {
            b.click(&format!(".field[data-field='{to}']")).await;
            // A capture: the captured pawn goes to a field, or back to the centre.
            if b.find("[data-act=confirm]").await.is_none() {
                match b.find(".field.target.drop").await {
                    Some(_) => b.click(".field.target.drop").await,
                    None => b.click("[data-field=C]").await,
                }
            }
        }
    } else if legal.iter().any(|a| a.starts_with("enter")) {
        b.click(".field.target.enter").await;
    } else if legal.iter().any(|a| a == "roll") {
        b.click("[data-act=roll]").await;
        return;
    } else {
        b.click("[data-act=pass]").await;
        return;
    }
    b.click("[data-act=confirm]").await;
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
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;

    // Na orbicie on the small funnel board, against the AI, to the end.
    b.goto(&server.url("/")).await;
    b.click("[data-kind=orbit]").await;
    upload_in_the_lobby(&b, "board", "../orbit/tests/boards/funnel.toml").await;
    b.click("select[name=seat1] option[value=\"ai:1\"]").await;
    b.click("[data-action=create]").await;
    b.wait("svg.board.orbit").await;
    let id = state(&b, "trio.page().id").await;
    let shown = server.show(id.as_str().unwrap(), None).await;
    assert_eq!(shown["game"], "orbit(board=funnel.toml)");
    // The page draws the funnel: 2 + 2 + 4 fields off the final orbit, four lines.
    assert_eq!(b.count("g.field").await, 8);
    assert_eq!(b.count("line.orbit-line").await, 4);
    b.screenshot(&screenshot_path("orbit-funnel.png")).await;
    let mut decisions = 0;
    while !my_turn_or_the_end(&b).await {
        orbit_decision(&b).await;
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
    let id = state(&b, "trio.page().id").await;
    let shown = server.show(id.as_str().unwrap(), None).await;
    assert_eq!(shown["game"], "triles(tiles=double.toml)");
    b.wait(".hand-tile").await;
    let types = state(&b, &format!("Object.keys({GAME}.view.types)")).await;
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
    while !my_turn_or_the_end(&b).await {
        triles_turn(&b).await;
        turns += 1;
        assert!(turns < 200, "the Triles game does not end");
    }
    assert!(b.text("[data-result]").await.len() > 3);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triles_open_hands_is_played_to_the_end_with_both_hands_on_the_table() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    seat_of_new(
        &b,
        &server,
        "triles(variant=open-hands)",
        &["human", "ai:1"],
        None,
    )
    .await;
    b.wait("svg.board.triles").await;
    my_turn(&b).await;
    assert!(b.text(".status").await.contains("You play"));
    // The player's hand is its tray; the other hand lies open beside the table.
    b.wait(".tray .hand-tile").await;
    b.wait(".open-hand .open-tile").await;
    b.screenshot(&screenshot_path("triles-open-hands.png"))
        .await;
    let mut turns = 0;
    while !my_turn_or_the_end(&b).await {
        assert!(b.count(".tray .hand-tile").await > 0, "the tray stays");
        triles_turn(&b).await;
        turns += 1;
        assert!(turns < 200, "the open-hands game does not end");
    }
    assert!(b.text("[data-result]").await.len() > 3);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_takes_a_player_back_to_its_seat() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    start_from_lobby(&b, &server, "gyges", &["me", "ai:1"]).await;
    b.wait("svg.board.gyges").await;
    let id = state(&b, "trio.page().id")
        .await
        .as_str()
        .unwrap()
        .to_owned();

    // Back in the lobby, the game's link opens the seat this browser holds, not a watch.
    b.goto(&server.url("/")).await;
    let link = format!(".running a[href^=\"/games/{id}\"]");
    b.wait(&link).await;
    assert!(b.text(".running").await.contains("you play here"));
    b.click(&link).await;
    b.wait("svg.board.gyges").await;
    my_turn(&b).await;
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

/// The marks of Na orbicie's board whose fill or stroke is near a pawn's colour (within
/// 80 of 255 per channel, Euclidean): each as its class, property and colour.
const MARKS_LIKE_PAWNS: &str = "(() => {
  const rgb = c => { const m = /rgba?\\(([\\d.]+), ([\\d.]+), ([\\d.]+)/.exec(c || ''); return m ? m.slice(1, 4).map(Number) : null; };
  const pawns = [...document.querySelectorAll('svg.orbit .home-count .pawn-body')].map(e => rgb(getComputedStyle(e).fill));
  const marks = document.querySelectorAll('svg.orbit .mark, svg.orbit .field.target .spot, svg.orbit .hatch-line, \
    svg.orbit .home-ring.target, svg.orbit .centre-disc.target, svg.orbit .field.proposed .spot, svg.orbit .die.can-roll .die-face');
  const near = [];
  for (const e of marks) for (const prop of ['fill', 'stroke']) {
    const c = rgb(getComputedStyle(e)[prop]);
    if (c && pawns.some(p => Math.hypot(c[0] - p[0], c[1] - p[1], c[2] - p[2]) < 80)) near.push(`${e.getAttribute('class')} ${prop} ${getComputedStyle(e)[prop]}`);
  }
  return near;
})()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orbit_marks_are_never_a_pawns_colour_and_differ_by_shape() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    seat_of_new(
        &b,
        &server,
        "orbit(players=4)",
        &["human", "ai:1", "ai:1", "ai:1"],
        Some("rgby r r:1.0,4.0/g:1.5,1.7/b:C,C/y:C,C -"),
    )
    .await;
    b.wait("svg.board.orbit").await;
    assert_eq!(b.count(".home-count .pawn-body").await, 4);
    // Red plays on until a pawn of its can move while a last move is marked: then the
    // chosen pawn, the other movable ones and the last move show together.
    let mut decisions = 0;
    loop {
        assert!(
            !my_turn_or_the_end(&b).await,
            "the game ended first, after {decisions}"
        );
        assert_eq!(state(&b, MARKS_LIKE_PAWNS).await, json!([]));
        let legal: Vec<String> =
            serde_json::from_value(state(&b, &format!("{GAME}.legal")).await).unwrap();
        let from = legal
            .iter()
            .filter_map(|a| a.strip_prefix("move "))
            .map(|m| m.split('-').next().unwrap().to_owned())
            .next();
        if let (Some(from), true) = (&from, b.count(".mark.last").await > 0) {
            assert!(
                b.count(".mark.movable").await > 0,
                "the pawns that can move"
            );
            b.click(&format!(".field[data-field='{from}']")).await;
            let field = format!(".field.selected[data-field='{from}']");
            b.wait(&format!("{field} .mark.chosen")).await;
            assert_eq!(state(&b, MARKS_LIKE_PAWNS).await, json!([]));
            assert!(
                b.count(".mark.target").await + b.count(".home-ring.target").await > 0,
                "where the pawn may end"
            );
            // The chosen pawn's mark is drawn over it.
            let over = state(
                &b,
                &format!(
                    "(() => {{ const f = document.querySelector(\"{field}\"); \
                     return !!(f.querySelector('.pawn').compareDocumentPosition(f.querySelector('.mark.chosen')) \
                     & Node.DOCUMENT_POSITION_FOLLOWING); }})()"
                ),
            )
            .await;
            assert_eq!(over, json!(true), "the chosen mark is over the pawn");
            // Can move, last move and chosen: three shapes.
            let shapes = state(
                &b,
                "['movable', 'last', 'chosen'].map(k => document.querySelector('.mark.' + k)?.tagName)",
            )
            .await;
            assert_eq!(shapes, json!(["circle", "polygon", "path"]));
            b.screenshot(&screenshot_path("orbit-marks.png")).await;
            break;
        }
        orbit_decision(&b).await;
        decisions += 1;
        assert!(decisions < 60, "no move of red's met a marked last move");
    }
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
    let server = Server::start().await;
    let created = server.create("triles", &["human", "ai:1"], None).await;
    // A window of 757 px leaves less than that to the page (the issue's laptop shows 757).
    let b = Browser::start(1280, 757).await;
    assert!(state(&b, "innerHeight").await.as_u64().unwrap() <= 757);
    b.goto(&server.url(&created.seats[0].link)).await;
    b.wait("svg.board.triles").await;
    // Turns are played until a tile of the hand can be laid.
    for _ in 0..10 {
        my_turn(&b).await;
        if b.count(".hand-tile.playable").await > 0 {
            break;
        }
        triles_turn(&b).await;
        b.wait_for("the move is answered", "!trio.page().sending")
            .await;
    }
    b.click(".hand-tile.playable").await;
    for _ in 0..3 {
        if b.count(".cell.fit").await > 0 {
            break;
        }
        b.click("[data-act=rotate]").await;
    }
    b.click(".cell.fit").await;
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
    let tile = state(&b, "trio.page().proposed.split('@')[0]").await;
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
async fn hint_and_undo_wait_while_ones_move_is_on_its_way() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    seat_of_new(&b, &server, "gyges", &["human", "ai:1"], None).await;
    b.wait("svg.board.gyges").await;
    my_turn(&b).await;
    b.click("[data-act=setup]").await;
    b.wait_for("both set up", &format!("{GAME}.view.phase === 'play'"))
        .await;
    my_turn(&b).await;
    b.wait("[data-act=hint]:not([disabled])").await;

    // Offline, the move stays on its way: meanwhile neither hint nor undo can be asked.
    b.js("trio.drop(8000);", json!([])).await;
    b.wait("[data-offline]").await;
    b.click("[data-sq=a1]").await;
    b.click("[data-sq=a2]").await;
    b.click("[data-act=confirm]").await;
    b.wait_for("on its way", "trio.page().sending").await;
    assert!(
        b.find("[data-act=hint][disabled]").await.is_some(),
        "no hint"
    );
    assert!(
        b.find("[data-act=undo][disabled]").await.is_some(),
        "no undo"
    );
    b.wait_for("played and answered", &format!("{GAME}.moves.length >= 4"))
        .await;
    my_turn(&b).await;
    b.wait("[data-act=hint]:not([disabled])").await;

    // An undo on its way is an action on its way too.
    let count = moves(&b).await;
    b.js("trio.drop(8000);", json!([])).await;
    b.wait("[data-offline]").await;
    b.click("[data-act=undo]").await;
    b.wait_for("on its way", "trio.page().sending").await;
    assert!(
        b.find("[data-act=hint][disabled]").await.is_some(),
        "no hint"
    );
    assert!(
        b.find("[data-act=undo][disabled]").await.is_some(),
        "no undo"
    );
    b.wait_for("undone", &format!("{GAME}.moves.length === {}", count - 2))
        .await;
    my_turn(&b).await;
    b.close().await;
}

/// Waits until the prompt names the move a second tap or Confirm plays, in `words` (or
/// words that begin so).
async fn prompt_names(b: &Browser, words: &str) {
    b.wait("[data-act=confirm]").await;
    let prompt = b.text("[data-prompt]").await;
    assert!(
        prompt.contains(&format!("Confirm to play this move: {words}")),
        "{prompt}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_prompt_names_the_move_about_to_be_played_in_each_game() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;

    // Gygès: a piece and where it ends.
    seat_of_new(&b, &server, "gyges", &["human", "ai:1"], None).await;
    my_turn(&b).await;
    b.click("[data-act=setup]").await;
    b.wait_for("both set up", &format!("{GAME}.view.phase === 'play'"))
        .await;
    my_turn(&b).await;
    b.click("[data-sq=a1]").await;
    b.click("[data-sq=a2]").await;
    prompt_names(&b, "a1 → a2.").await;

    // Triles: a tile laid in a cell where it fits.
    seat_of_new(&b, &server, "triles", &["human", "ai:1"], None).await;
    b.wait("svg.board.triles").await;
    for _ in 0..10 {
        my_turn(&b).await;
        if b.count(".hand-tile.playable").await > 0 {
            break;
        }
        triles_turn(&b).await;
        b.wait_for("the move is answered", "!trio.page().sending")
            .await;
    }
    b.click(".hand-tile.playable").await;
    for _ in 0..3 {
        if b.count(".cell.fit").await > 0 {
            break;
        }
        b.click("[data-act=rotate]").await;
    }
    b.click(".cell.fit").await;
    b.wait_for("a tile proposed", "trio.page().proposed").await;
    let proposed = state(&b, "trio.page().proposed").await;
    // `A@x,y,r`: the tile and the cell in words, the turn after them.
    let (tile, at) = proposed.as_str().unwrap().split_once('@').unwrap();
    let (cell, _) = at.rsplit_once(',').unwrap();
    prompt_names(&b, &format!("lays {tile} at {cell}")).await;

    // Na orbicie: red rolls until a pawn of its can move without a capture.
    seat_of_new(
        &b,
        &server,
        "orbit",
        &["human", "ai:1"],
        Some("rg r r:C,C,1.0,4.0/g:C,C,1.5,1.7 -"),
    )
    .await;
    b.wait("svg.board.orbit").await;
    let mut named = false;
    for _ in 0..20 {
        assert!(!my_turn_or_the_end(&b).await, "the game ended first");
        let legal: Vec<String> =
            serde_json::from_value(state(&b, &format!("{GAME}.legal")).await).unwrap();
        let plain = legal
            .iter()
            .filter_map(|a| a.strip_prefix("move "))
            .find(|m| !m.contains('>') && !m.ends_with('H'))
            .map(str::to_owned);
        if let Some(plain) = plain {
            let (from, to) = plain.split_once('-').unwrap();
            b.click(&format!(".field[data-field='{from}']")).await;
            b.click(&format!(".field[data-field='{to}']")).await;
            prompt_names(&b, &format!("{from} → {to}.")).await;
            named = true;
            break;
        }
        orbit_decision(&b).await;
    }
    assert!(named, "red never had a plain move");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_page_says_its_variant_and_shows_fairness_only_with_chance() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    seat_of_new(
        &b,
        &server,
        "gyges(variant=official)",
        &["human", "ai:1"],
        None,
    )
    .await;
    b.wait("svg.board.gyges").await;
    b.wait(".spec").await;
    assert_eq!(
        b.text(".spec").await,
        "Variant: official (1985 rule book) · Move limit: 300"
    );
    assert!(b.find(".fair").await.is_none(), "Gygès has no chance");

    seat_of_new(
        &b,
        &server,
        "triles(variant=open-hands)",
        &["human", "ai:1"],
        None,
    )
    .await;
    b.wait("svg.board.triles").await;
    b.wait(".spec").await;
    assert_eq!(
        b.text(".spec").await,
        "Variants: open hands · Tile set: standard (52 tiles)"
    );
    assert!(b.text(".fair").await.contains("Fair dice and draws"));
    b.click("[data-lang]").await;
    b.wait_for("Polish", "document.documentElement.lang === 'pl'")
        .await;
    assert!(b.text(".spec").await.starts_with("Warianty: odkryte ręce"));
    b.click("[data-lang]").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triles_wedge_gift_is_the_primary_button() {
    let server = Server::start().await;
    // Black has just closed the ring of A tiles of tests/rules.rs: a loop and a wedge.
    let b = Browser::start(1280, 900).await;
    seat_of_new(
        &b,
        &server,
        "triles",
        &["human", "ai:1"],
        Some(
            "A@0,0,0 A@1,0,1 A@1,1,2 A@0,1,0 A@-1,1,1 A@-1,0,2 C@0,-1,2 | B:A1B1D1 | W:C1D1 \
                 | pool:A2B8C7D7E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B extra:1 give",
        ),
    )
    .await;
    my_turn(&b).await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hot_seat_gyges_keeps_the_board_still_and_names_the_mover() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    start_from_lobby(&b, &server, "gyges", &["me", "me"]).await;
    b.wait("svg.board.gyges").await;
    my_turn(&b).await;
    let a1 = "JSON.stringify(document.querySelector('[data-sq=a1]').getBoundingClientRect())";
    let south = state(&b, a1).await;
    assert!(b.text(".status .turn").await.contains("Your turn, South"));
    b.click("[data-act=setup]").await;
    b.wait_for(
        "North to set up",
        "trio.page().shown.seat === 1 && trio.page().myTurn() && !trio.page().sending",
    )
    .await;
    b.wait_for(
        "the turn named",
        "document.querySelector('.status .turn').textContent.includes('North')",
    )
    .await;
    assert_eq!(state(&b, a1).await, south, "the board has not turned");
    // Its setting turns the board to the player to move.
    b.click("[data-setting=turn]").await;
    b.wait_for(
        "the board turned to North",
        &format!("{a1} !== {}", serde_json::to_string(&south).unwrap()),
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stranger_joins_an_open_seat_from_the_lobby() {
    let server = Server::start().await;
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

/// Takes `name` in the lobby of `b`.
async fn take_name(b: &Browser, server: &Server, name: &str) {
    b.goto(&server.url("/")).await;
    b.wait("input[name=player-name]").await;
    b.js(
        "document.querySelector('input[name=player-name]').value = arguments[0];",
        json!([name]),
    )
    .await;
    b.click("[data-action=take-name]").await;
    b.wait(&format!("[data-me='{name}']")).await;
}

/// The key of the named player the page of `b` is.
async fn player_key(b: &Browser) -> String {
    let me = b
        .js(
            "return JSON.parse(localStorage.getItem('trio.player'))",
            json!([]),
        )
        .await;
    me["key"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_another_device_a_players_key_opens_its_own_seat_never_a_watch() {
    let server = Server::start().await;
    // Zoë takes her name and starts a game on one device (the API here).
    let zoe: Value = server
        .http
        .post(server.url("/api/players"))
        .json(&json!({"name": "Zoë"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let key = zoe["key"].as_str().unwrap();
    let created: trio_server::protocol::Created = server
        .http
        .post(server.url("/api/games"))
        .bearer_auth(key)
        .json(&json!({"game": "gyges", "seats": ["human", "ai:1"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    // On another device, her sign-in link: the lobby and My games open her seat.
    let b = Browser::start(1280, 900).await;
    b.goto(&server.url(&format!("/#player={key}"))).await;
    b.wait("[data-me='Zoë']").await;
    let line = format!(".running li[data-mine] a[href='/games/{}']", created.id);
    b.wait(&line).await;
    let mine = format!("[data-my-game='{}'] a", created.id);
    b.wait(&mine).await;
    b.click(&mine).await;
    b.wait_for(
        "her seat",
        "trio.page() && trio.page().shown && trio.page().shown.role === 'seat'",
    )
    .await;
    assert!(
        b.text(".status").await.contains("You play South"),
        "{}",
        b.text(".status").await
    );
    let url: String =
        serde_json::from_value(b.js("return location.href", json!([])).await).unwrap();
    assert!(url.contains("#token="), "{url}");
    assert!(
        !url.contains(&created.seats[0].token),
        "a token of this device's own"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_set_on_one_device_signs_the_player_in_on_another() {
    let server = Server::start().await;
    let phone = Browser::start(1280, 900).await;
    take_name(&phone, &server, "Zoë").await;
    phone.click(".password summary").await;
    phone
        .js(
            "document.querySelector('input[name=new-password]').value = 'correct horse';",
            json!([]),
        )
        .await;
    phone.click("[data-action=set-password]").await;
    phone.wait("[data-password-set]").await;
    phone.close().await;

    let laptop = Browser::start(1280, 900).await;
    laptop.goto(&server.url("/")).await;
    laptop.click(".sign-in summary").await;
    let fill = "document.querySelector('input[name=sign-in-name]').value = arguments[0]; \
                document.querySelector('input[name=sign-in-password]').value = arguments[1];";
    laptop.js(fill, json!(["Zoë", "wrong horse"])).await;
    laptop.click("[data-action=sign-in]").await;
    laptop.wait(".me .error").await;
    assert!(laptop
        .text(".me .error")
        .await
        .contains("No player has this name and password"));
    laptop.click(".sign-in summary").await;
    laptop.js(fill, json!(["zoë", "correct horse"])).await;
    laptop.click("[data-action=sign-in]").await;
    laptop.wait("[data-me='Zoë']").await;
    laptop.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn named_players_meet_through_an_open_seat_and_see_each_others_names() {
    let server = Server::start().await;
    let zoe = Browser::start(1280, 900).await;
    take_name(&zoe, &server, "Zoë").await;
    for (i, seat) in ["me", "open"].iter().enumerate() {
        zoe.click(&format!("select[name=seat{i}] option[value=\"{seat}\"]"))
            .await;
    }
    zoe.click("[data-action=create]").await;
    zoe.wait("[data-turn=waiting]").await;

    let ola = Browser::start(390, 844).await;
    take_name(&ola, &server, "Ola").await;
    // A name already taken is refused with the reason.
    let third = Browser::start(1280, 900).await;
    third.goto(&server.url("/")).await;
    third.wait("input[name=player-name]").await;
    third
        .js(
            "document.querySelector('input[name=player-name]').value = 'zoë';",
            json!([]),
        )
        .await;
    third.click("[data-action=take-name]").await;
    third.wait("section.me .error").await;
    assert!(third.text("section.me .error").await.contains("taken"));
    third.close().await;

    ola.wait("li[data-open] button[data-join]").await;
    assert!(ola.text("li[data-open]").await.contains("Zoë"));
    ola.click("li[data-open] button[data-join]").await;
    ola.wait("svg.board.gyges").await;
    for b in [&zoe, &ola] {
        b.wait_for("both named", "document.querySelector('.players') && document.querySelector('.players').textContent.includes('Ola') && document.querySelector('.players').textContent.includes('Zoë')").await;
    }
    // Zoë's games list it, from her key.
    zoe.goto(&server.url("/")).await;
    zoe.wait("[data-my-game]").await;
    assert!(zoe.text("[data-my-game]").await.contains("Ola"));
    for b in [zoe, ola] {
        b.close().await;
    }
}

/// Plays one Gygès decision by clicks: the setup as shown, else the first plain move (a
/// piece to an empty square), confirmed.
async fn gyges_click_turn(b: &Browser) {
    if state(b, &format!("{GAME}.view.phase")).await == json!("setup") {
        b.click("[data-act=setup]").await;
    } else {
        let legal: Vec<String> =
            serde_json::from_value(state(b, &format!("{GAME}.legal")).await).unwrap();
        let plain = legal
            .iter()
            .find(|a| a.len() == 5 && a.as_bytes()[2] == b'-')
            .expect("a plain move");
        b.click(&format!("[data-sq={}]", &plain[..2])).await;
        b.click(&format!("[data-sq={}]", &plain[3..])).await;
        b.click("[data-act=confirm]").await;
    }
    b.wait_for("sent", "!trio.page().sending").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_strangers_find_each_other_with_play_someone_and_play_to_the_end() {
    let server = Server::start().await;
    let zoe = Browser::start(1280, 900).await;
    let ola = Browser::start(390, 844).await;
    for (b, name) in [(&zoe, "Zoë"), (&ola, "Ola")] {
        take_name(b, &server, name).await;
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
        state(&zoe, "trio.page().id").await,
        state(&ola, "trio.page().id").await
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
            } else if state(b, "trio.page().myTurn()").await == json!(true) {
                gyges_click_turn(b).await;
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
    let first = state(&zoe, "trio.page().id").await;
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
async fn the_one_waiting_for_an_absent_player_chooses_by_keyboard() {
    let server = Server::start().await;
    let created = server.create("gyges", &["human", "human"], None).await;
    let (id, south_token) = (&created.id, &created.seats[0].token);
    // South sets up; North never comes.
    let mine = server.show(id, Some(south_token)).await;
    let played = server
        .http
        .post(server.url(&format!("/api/games/{id}/actions")))
        .bearer_auth(south_token)
        .json(&json!({"action": mine["legal"][0], "expect": mine["seq"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(played.status(), 200);
    let south = Browser::start(1280, 900).await;
    south.goto(&server.url(&created.seats[0].link)).await;
    south.wait(".status .who").await;
    assert_eq!(south.count("[data-absent]").await, 0);
    // A week on: any request lets the room see it, and it tells South's page.
    server
        .time
        .advance(std::time::Duration::from_secs(8 * 86_400));
    server.show(id, None).await;
    south.wait("[data-absent='1']").await;
    assert!(south
        .text("[data-absent]")
        .await
        .contains("North has been away"));
    // Keep waiting, by keyboard: the offer goes until the page opens again.
    south
        .js(
            "document.querySelector('[data-act=absent-wait]').focus()",
            json!([]),
        )
        .await;
    south.press(&[key::ENTER]).await;
    south
        .wait_for(
            "the offer put away",
            "!document.querySelector('[data-absent]')",
        )
        .await;
    south.refresh().await;
    south.wait("[data-act=absent-win]").await;
    south
        .js(
            "document.querySelector('[data-act=absent-win]').focus()",
            json!([]),
        )
        .await;
    south.press(&[key::ENTER]).await;
    south.wait("[data-result] .headline").await;
    assert_eq!(
        south.text("[data-result] .headline").await,
        "North left the game"
    );
    assert_eq!(south.count("[data-absent]").await, 0);
    south.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_running_games_by_pages_with_more() {
    let server = Server::start().await;
    // One more than the lobby shows at first.
    let mut ids = Vec::new();
    for _ in 0..21 {
        ids.push(server.create("gyges", &["human", "human"], None).await.id);
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
    let server = Server::start().await;
    // Eleven games South gave up: one more than the lobby shows at first.
    let mut ids = Vec::new();
    for _ in 0..11 {
        let created = server.create("gyges", &["human", "human"], None).await;
        server.resign(&created.id, &created.seats[0].token).await;
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
    let server = Server::start().await;
    let created = server.create("gyges", &["human", "invite"], None).await;
    let south = Browser::start(1280, 900).await;
    south.goto(&server.url(&created.seats[0].link)).await;
    let north = Browser::start(1280, 900).await;
    north.goto(&server.url(&created.invites[0].link)).await;
    north.click("[data-act=join]").await;
    north
        .wait_for("seated", "trio.page().conns.some(c => c.role === 'seat')")
        .await;
    // South gives up; the game is over on both pages.
    server.resign(&created.id, &created.seats[0].token).await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_on_a_clock_moves_the_ratings_shown_on_the_players_pages() {
    let server = Server::start().await;
    let zoe = Browser::start(1280, 900).await;
    let ola = Browser::start(1280, 900).await;
    take_name(&zoe, &server, "Zoë").await;
    take_name(&ola, &server, "Ola").await;
    // Zoë offers a rated game on 10 + 5 to anyone.
    zoe.goto(&server.url("/")).await;
    zoe.wait("input[name=rated]").await;
    zoe.click("input[name=rated]").await;
    zoe.click("select[name=clock] option[value='10+5']").await;
    zoe.click("select[name=seat1] option[value=\"open\"]").await;
    zoe.click("[data-action=create]").await;
    zoe.wait("[data-turn=waiting]").await;
    ola.goto(&server.url("/")).await;
    ola.wait("li[data-open] button[data-join]").await;
    assert!(
        ola.find("li[data-open] [data-rated]").await.is_some(),
        "rated"
    );
    ola.js(
        "document.querySelector('li[data-open]').scrollIntoView({block: 'center'})",
        json!([]),
    )
    .await;
    ola.screenshot(&screenshot_path("lobby-open-seats.png"))
        .await;
    ola.click("li[data-open] button[data-join]").await;
    for b in [&zoe, &ola] {
        b.wait("[data-clock='0'].running").await;
        let said = b.text("[data-spec]").await;
        assert!(
            said.contains("10 min + 5 s") && said.contains("rated"),
            "{said}"
        );
    }
    zoe.screenshot(&screenshot_path("clocks.png")).await;
    // Zoë gives up: the rated game is over, and Ola's rating rises.
    let id = state(&zoe, "trio.page().id").await;
    let token = state(&zoe, "trio.page().conns[0].token").await;
    server
        .resign(id.as_str().unwrap(), token.as_str().unwrap())
        .await;
    ola.wait("[data-result]").await;
    // Three more rated games over the API, Ola losing the last: her page draws each.
    let (zoe_key, ola_key) = (player_key(&zoe).await, player_key(&ola).await);
    for loser in [&zoe_key, &zoe_key, &ola_key] {
        let made = server
            .http
            .post(server.url("/api/games"))
            .bearer_auth(&zoe_key)
            .json(&json!({"game": "gyges", "seats": ["human", "open"], "rated": true}))
            .send()
            .await
            .unwrap();
        assert_eq!(made.status(), 201);
        let made: Value = made.json().await.unwrap();
        let game = made["id"].as_str().unwrap();
        let joined = server
            .http
            .post(server.url(&format!("/api/games/{game}/join")))
            .bearer_auth(&ola_key)
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        assert_eq!(joined.status(), 201);
        let joined: Value = joined.json().await.unwrap();
        let token = if loser == &zoe_key {
            made["seats"][0]["token"].clone()
        } else {
            joined["token"].clone()
        };
        server.resign(game, token.as_str().unwrap()).await;
    }
    ola.click("[data-player-link='Ola']").await;
    ola.wait("[data-rating=gyges]").await;
    let shown = ola.text("[data-rating=gyges]").await;
    let rating: i64 = shown
        .split("Rating ")
        .nth(1)
        .and_then(|r| r.split('?').next())
        .and_then(|r| r.trim().parse().ok())
        .unwrap_or_else(|| panic!("{shown}"));
    assert!(
        rating > 1500 && shown.contains('?'),
        "provisional and higher: {shown}"
    );
    assert!(shown.contains("4 rated games"), "{shown}");
    assert_eq!(
        ola.attr("svg.history .line", "data-points")
            .await
            .as_deref(),
        Some("4")
    );
    // In the order the games were rated, although all four were within a second or two:
    // three wins, then the loss.
    let points = ola
        .js(
            "return [...document.querySelectorAll('svg.history circle title')].map(t => parseInt(t.textContent))",
            json!([]),
        )
        .await;
    let points: Vec<i64> = serde_json::from_value(points).unwrap();
    assert!(
        points[0] < points[1] && points[1] < points[2] && points[2] > points[3],
        "{points:?}"
    );
    // Her games, newest first, each with its result and a replay.
    assert_eq!(ola.count("[data-player-game] [data-replay]").await, 4);
    let games = ola.text(".player-games").await;
    assert!(
        games.contains("South resigned") && games.contains("North resigned"),
        "{games}"
    );
    ola.screenshot(&screenshot_path("player.png")).await;
    // On a phone, in Polish: the same page fits the screen, its words in Polish forms.
    let phone = Browser::start(390, 844).await;
    phone.goto(&server.url("/players/Ola")).await;
    phone.wait("[data-lang=pl]").await;
    phone.click("[data-lang=pl]").await;
    phone.wait("[data-rating=gyges] svg.history").await;
    assert!(
        phone
            .text("[data-rating=gyges]")
            .await
            .contains("4 gry rankingowe"),
        "{}",
        phone.text("[data-rating=gyges]").await
    );
    assert_eq!(
        phone
            .js(
                "return document.documentElement.scrollWidth <= window.innerWidth",
                json!([])
            )
            .await,
        json!(true),
        "the page is wider than the phone"
    );
    phone.screenshot(&screenshot_path("phone-player.png")).await;
    phone.close().await;
    // The lobby's leaderboard lists both, Ola first.
    zoe.goto(&server.url("/")).await;
    zoe.wait("[data-leaders=gyges]").await;
    let board = zoe.text("[data-leaders=gyges]").await;
    assert!(
        board.find("Ola").unwrap() < board.find("Zoë").unwrap(),
        "{board}"
    );
    for b in [zoe, ola] {
        b.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_counts_down_on_the_page_and_the_game_ends_on_time() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    // The lobby offers time controls; a game against the AI on 3 min + 2 s has clocks.
    b.goto(&server.url("/")).await;
    b.wait("select[name=clock]").await;
    b.click("select[name=clock] option[value='3+2']").await;
    b.click("[data-action=create]").await;
    b.wait("[data-clock='0'].running").await;
    let shown = state(&b, &format!("{GAME}.clock.spec")).await;
    assert_eq!(shown, json!({"initial": 180, "increment": 2}));
    let before = b.text("[data-clock='0']").await;
    b.wait_for(
        "the clock counts down",
        &format!("document.querySelector(\"[data-clock='0']\").textContent !== {before:?}"),
    )
    .await;

    // Two people on a 2-second clock: nobody moves, South's flag falls.
    let response = server
        .http
        .post(server.url("/api/games"))
        .json(&json!({"game": "gyges", "seats": ["human", "human"], "clock": {"initial": 2, "increment": 0}}))
        .send()
        .await
        .unwrap();
    let created: Created = response.json().await.unwrap();
    b.goto(&server.url(&created.seats[1].link)).await;
    b.wait("[data-clock='0'].running").await;
    b.wait("[data-outcome]").await;
    b.wait("[data-clock='0'].flagged").await;
    b.assert_text(".result", &["South ran out of time"], true)
        .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_move_is_reminded_at_three_quarters_and_flagged_when_its_days_run_out() {
    let server = Server::start().await;
    let response = server
        .http
        .post(server.url("/api/games"))
        .json(&json!({"game": "gyges", "seats": ["human", "human"], "clock": {"days": 3}}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let created: Created = response.json().await.unwrap();
    // South sets up first: its three days run.
    let b = Browser::start(1280, 900).await;
    b.goto(&server.url(&created.seats[0].link)).await;
    b.wait("[data-clock='0'].running").await;
    b.assert_text("[data-clock='0']", &["2 d 23 h", "3 d 0 h"], false)
        .await;
    assert_eq!(b.count("[data-remind]").await, 0);

    // Two days and seven hours on (the server's time, moved by hand): 17 hours are left,
    // under a quarter of 72, and the page says so; the game goes on.
    let hour = std::time::Duration::from_secs(3600);
    server.time.advance(55 * hour);
    b.refresh().await;
    b.wait("[data-remind]").await;
    assert!(b.text("[data-remind]").await.contains("three quarters"));
    b.assert_text("[data-clock='0']", &["16:", "17:00"], false)
        .await;
    assert_eq!(b.count("[data-outcome]").await, 0);
    let running = server.show(&created.id, None).await;
    assert!(running["result"].is_null(), "{running}");

    // Past the third day: nobody asks for the game, yet the server's watch for due flags
    // lets South's fall, and the open page hears of it.
    server.time.advance(18 * hour);
    b.wait("[data-outcome]").await;
    b.wait("[data-clock='0'].flagged").await;
    b.assert_text(".result", &["South ran out of time"], true)
        .await;
    assert_eq!(b.count("[data-remind]").await, 0);
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gyges_numerals_are_a_setting_and_a_link_can_be_shared() {
    let server = Server::start().await;
    let b = Browser::start(390, 844).await;
    start_from_lobby(&b, &server, "gyges", &["me", "friend"]).await;
    b.wait("[data-link=seat1]").await;
    let link = b.attr("[data-link=seat1]", "value").await.unwrap();
    b.click("[data-action=go]").await;
    b.wait("svg.board.gyges").await;

    // Share stands beside Copy where the browser can share (headless Chromium cannot: a
    // stand-in records what is shared).
    assert_eq!(
        b.find("[data-share]").await.is_some(),
        state(&b, "!!navigator.share").await == json!(true)
    );
    b.js(
        "navigator.share = async data => { window.shared = data; }; trio.page().draw(); \
         document.querySelector('details.invite').open = true;",
        json!([]),
    )
    .await;
    b.click("[data-share=seat1]").await;
    b.wait_for("shared", "window.shared").await;
    assert_eq!(state(&b, "window.shared.url").await, json!(link));
    // The friend takes the seat: the game begins.
    let (id, code) = link
        .split_once("/games/")
        .unwrap()
        .1
        .split_once("#claim=")
        .unwrap();
    let joined = server
        .http
        .post(server.url(&format!("/api/games/{id}/join")))
        .json(&json!({"code": code}))
        .send()
        .await
        .unwrap();
    assert_eq!(joined.status(), 201);

    // Numerals on the pieces: off, then on, and still on after a reload.
    b.wait("svg.board.gyges .piece").await;
    assert_eq!(b.count(".piece .numeral").await, 0);
    b.click("[data-setting=numerals]").await;
    b.wait(".piece .numeral").await;
    assert_eq!(b.count(".piece .numeral").await, b.count(".piece").await);
    b.refresh().await;
    b.wait("svg.board.gyges .piece .numeral").await;
    assert_eq!(
        state(
            &b,
            "document.querySelector(\".piece[data-value='2'] .numeral\").textContent"
        )
        .await,
        json!("2")
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orbit_capture_with_the_centre_as_its_only_place_is_proposed_at_once() {
    let server = Server::start().await;
    // Two pawns on orbit 1: red's moves two steps, onto green's, whose only place is the
    // centre (docs/rules/orbit.md, `move 1.3-1.5>C`).
    let b = Browser::start(1280, 900).await;
    seat_of_new(
        &b,
        &server,
        "orbit",
        &["human", "ai:1"],
        Some("rg r r:C,C,C,1.3/g:C,C,C,1.5 -"),
    )
    .await;
    my_turn(&b).await;
    b.click("[data-field='1.3']").await;
    b.wait("[data-field='1.5'].target.capture").await;
    b.click("[data-field='1.5']").await;
    b.wait_for(
        "the capture proposed",
        "trio.page().proposed === 'move 1.3-1.5>C'",
    )
    .await;
    let prompt = b.text("[data-prompt]").await;
    assert!(
        prompt.contains("goes to the centre")
            && prompt.contains("1.3 → 1.5, captures, the pawn to the centre."),
        "{prompt}"
    );
    // A second tap on the same field plays it.
    b.click("[data-field='1.5']").await;
    b.wait_for(
        "the capture played",
        &format!("{GAME}.moves.some(m => m.action === 'move 1.3-1.5>C')"),
    )
    .await;
    b.close().await;
}

/// Presses Tab (with Shift, `back`) until the focus is on what `css` matches.
async fn tab_to(b: &Browser, css: &str, back: bool) {
    let keys: &[&str] = if back {
        &[key::SHIFT, key::TAB]
    } else {
        &[key::TAB]
    };
    for _ in 0..80 {
        let here = b
            .js(
                "return !!document.activeElement && document.activeElement.matches(arguments[0]);",
                json!([css]),
            )
            .await;
        if here == json!(true) {
            return;
        }
        b.press(keys).await;
    }
    panic!("Tab never reached {css}");
}

/// Moves the board's focus with the arrow keys to the target `key`, each arrow the way the
/// target lies on screen, and chooses it with Enter.
async fn choose_by_keys(b: &Browser, target: &str) {
    tab_to(b, "svg.board [data-key]", false).await;
    let way = "const a = document.activeElement;
        const t = document.querySelector(`svg.board [data-key=\"${arguments[0]}\"]`);
        if (!t) return 'missing';
        if (a === t) return 'here';
        const c = e => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
        const [ax, ay] = c(a);
        const [tx, ty] = c(t);
        const dx = tx - ax, dy = ty - ay;
        return Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : (dy > 0 ? 'down' : 'up');";
    for _ in 0..40 {
        let arrow = match b.js(way, json!([target])).await.as_str().unwrap() {
            "here" => {
                // The keyboard's focus is ringed.
                assert_eq!(
                    b.attr("svg.board .focus-ring", "data-focus")
                        .await
                        .as_deref(),
                    Some(target)
                );
                b.press(&[key::ENTER]).await;
                return;
            }
            "right" => key::RIGHT,
            "left" => key::LEFT,
            "down" => key::DOWN,
            "up" => key::UP,
            other => panic!("target {target}: {other}"),
        };
        b.press(&[arrow]).await;
    }
    panic!("the arrow keys never reached {target}");
}

/// The label a screen reader says for the board's target `key`.
async fn label_of(b: &Browser, target: &str) -> String {
    b.attr(&format!("svg.board [data-key=\"{target}\"]"), "aria-label")
        .await
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gyges_is_played_to_the_end_by_keyboard_alone() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    // Two plies after the setup: one move each, then a draw.
    seat_of_new(&b, &server, "gyges(ply-limit=2)", &["human", "ai:1"], None).await;
    my_turn(&b).await;
    assert!(
        b.attr("svg.board", "aria-label")
            .await
            .unwrap()
            .contains("arrow keys"),
        "the board says how to play it"
    );
    // The setup: Enter on a square of the home row changes its piece, Confirm by Tab.
    // 123321: a 2 on a1 (once), a 1 on b1 (twice), so two of each still.
    choose_by_keys(&b, "a1").await;
    b.wait_for("a1 changed", "trio.page().board.setup === '223321'")
        .await;
    choose_by_keys(&b, "b1").await;
    b.press(&[key::ENTER]).await;
    b.wait_for("b1 changed", "trio.page().board.setup === '213321'")
        .await;
    tab_to(&b, "[data-act=setup]", false).await;
    b.press(&[key::ENTER]).await;
    b.wait_for("both set up", &format!("{GAME}.view.phase === 'play'"))
        .await;
    my_turn(&b).await;
    let legal: Vec<String> =
        serde_json::from_value(state(&b, &format!("{GAME}.legal")).await).unwrap();
    let action = legal
        .iter()
        .find(|a| !a.contains('=') && !a.ends_with('G'))
        .unwrap()
        .clone();
    let (from, to) = action.split_once('-').unwrap();
    assert!(label_of(&b, from).await.contains("can move"));
    choose_by_keys(&b, from).await;
    b.wait_for("chosen", "document.querySelector('.sq.selected')")
        .await;
    let label = label_of(&b, to).await;
    assert!(label.contains("a piece can end here"), "{label}");
    b.screenshot(&screenshot_path("focus-ring.png")).await;
    // Escape drops the choice; choose again, Enter proposes, Enter plays.
    b.press(&[key::ESCAPE]).await;
    b.wait_for("dropped", "!document.querySelector('.sq.selected')")
        .await;
    choose_by_keys(&b, from).await;
    choose_by_keys(&b, to).await;
    prompt_names(&b, &format!("{from} → {to}.")).await;
    b.press(&[key::ENTER]).await;
    b.wait("[data-result]").await;
    // The AI's move was said in words in the live region, then the end.
    b.wait_for(
        "the AI's move said",
        "document.querySelector('[data-live]').textContent.includes('North: ')",
    )
    .await;
    // The position in words, on request.
    tab_to(&b, "[data-act=describe]", false).await;
    b.press(&[key::ENTER]).await;
    b.wait("[data-description]").await;
    assert!(b.text("[data-description]").await.contains("Row 6: "));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn triles_is_played_to_the_end_by_keyboard_alone() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    seat_of_new(
        &b,
        &server,
        "triles",
        &["human", "ai:1"],
        Some("C@0,0,0 | B:A1 | W:A1B1C1 | pool:A7B8C7D9E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B"),
    )
    .await;
    my_turn(&b).await;
    // The tile from the tray by Tab and Enter; R turns it.
    tab_to(&b, "[data-tile=A]", false).await;
    b.press(&[key::ENTER]).await;
    b.wait_for("chosen", "trio.page().board.selected === 'A'")
        .await;
    // The page drawn anew keeps the focus on the tile chosen (not on the body).
    assert_eq!(
        state(&b, "document.activeElement.matches('[data-tile=A]')").await,
        json!(true)
    );
    let rotation = state(&b, "trio.page().board.rotation").await;
    b.press(&["r"]).await;
    b.wait_for(
        "turned",
        &format!("trio.page().board.rotation !== {rotation}"),
    )
    .await;
    for _ in 0..3 {
        if b.count(".cell.fit").await > 0 {
            break;
        }
        b.press(&["r"]).await;
    }
    let cell = b.attr(".cell.fit", "data-key").await.unwrap();
    assert!(label_of(&b, &cell).await.contains("the tile fits here"));
    // Back to the table (Shift+Tab), to the cell, Enter proposes, Enter lays it.
    tab_to(&b, "svg.board [data-key]", true).await;
    choose_by_keys(&b, &cell).await;
    b.wait_for("proposed", "trio.page().proposed").await;
    b.press(&[key::ENTER]).await;
    b.wait("[data-result]").await;
    assert!(b.text("[data-result]").await.contains("Black wins"));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orbit_is_played_to_the_end_by_keyboard_alone() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    seat_of_new(
        &b,
        &server,
        "orbit(players=3)",
        &["human", "ai:1", "ai:1"],
        Some("rgb r r:H,H,6.3/g:H,H,H/b:C,C,C - turn=50 finished=g"),
    )
    .await;
    my_turn(&b).await;
    let label = label_of(&b, "6.3").await;
    assert!(
        label.contains("orbit 6, field 3")
            && label.contains("red pawn")
            && label.contains("can move"),
        "{label}"
    );
    // In Polish too.
    b.click("[data-lang]").await;
    b.wait_for("Polish", "document.documentElement.lang === 'pl'")
        .await;
    let label = label_of(&b, "6.3").await;
    assert!(
        label.contains("orbita 6, pole 3") && label.contains("pionek: czerwony"),
        "{label}"
    );
    assert!(b
        .attr("svg.board", "aria-label")
        .await
        .unwrap()
        .contains("strzałki"));
    b.click("[data-lang]").await;
    b.wait_for("English", "document.documentElement.lang === 'en'")
        .await;
    choose_by_keys(&b, "6.3").await;
    b.wait_for("home offered", "document.querySelector('[data-act=home]')")
        .await;
    assert!(label_of(&b, "H").await.contains("the pawn can go home"));
    choose_by_keys(&b, "H").await;
    b.wait_for("proposed", "trio.page().proposed").await;
    b.press(&[key::ENTER]).await;
    b.wait("[data-result]").await;
    assert!(b.text(".ranking").await.starts_with("1. green"));
    b.close().await;
}

/// The serious and critical violations axe-core finds in the page as it stands.
async fn axe_violations(b: &Browser, axe: &str) -> Vec<String> {
    b.js(&format!("{axe}\nreturn true;"), json!([])).await;
    let found = b
        .js_async(
            "const done = arguments[arguments.length - 1];
             axe.run(document).then(r => done(r.violations
               .filter(v => v.impact === 'serious' || v.impact === 'critical')
               .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => `${n.target.join(' ')}: ${n.failureSummary}`).join('; ')}`)),
               e => done([String(e)]));",
            json!([]),
        )
        .await;
    serde_json::from_value(found).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn axe_finds_nothing_serious_in_the_lobby_and_each_game_page() {
    let Some(axe) = browser_support::axe_source() else {
        return;
    };
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    let mut found = Vec::new();
    b.goto(&server.url("/")).await;
    b.wait("[data-kind=gyges]").await;
    found.extend(
        axe_violations(&b, &axe)
            .await
            .into_iter()
            .map(|v| format!("lobby: {v}")),
    );
    for (game, seats) in [
        ("gyges", &["human", "ai:1"][..]),
        ("triles", &["human", "ai:1"][..]),
        ("orbit(players=2)", &["human", "ai:1"][..]),
    ] {
        seat_of_new(&b, &server, game, seats, None).await;
        my_turn(&b).await;
        found.extend(
            axe_violations(&b, &axe)
                .await
                .into_iter()
                .map(|v| format!("{game}: {v}")),
        );
    }
    assert!(found.is_empty(), "axe-core finds:\n{}", found.join("\n"));
    b.close().await;
}

/// The board's targets in view, as a finger finds them: the least distance between two
/// fields' centres, how many fields are in view, and the least side of any other target.
async fn finger_sizes(b: &Browser) -> (f64, usize, f64) {
    let found = b
        .js(
            "const box = document.querySelector('svg.board').getBoundingClientRect();
             const inView = r => r.left + r.width / 2 >= box.left && r.left + r.width / 2 <= box.right
               && r.top + r.height / 2 >= box.top && r.top + r.height / 2 <= box.bottom;
             const fields = [...document.querySelectorAll('svg.board .field .spot')]
               .map(e => e.getBoundingClientRect()).filter(inView)
               .map(r => [r.left + r.width / 2, r.top + r.height / 2]);
             let apart = Infinity;
             fields.forEach((p, i) => fields.slice(i + 1).forEach(q => { apart = Math.min(apart, Math.hypot(p[0] - q[0], p[1] - q[1])); }));
             const others = [...document.querySelectorAll('svg.board [data-key]:not(.field)')]
               .map(e => e.getBoundingClientRect()).filter(inView).map(r => Math.min(r.width, r.height));
             return [apart, fields.length, Math.min(...others, Infinity)];",
            json!([]),
        )
        .await;
    let found: (Option<f64>, usize, Option<f64>) = serde_json::from_value(found).unwrap();
    (
        found.0.unwrap_or(f64::INFINITY),
        found.1,
        found.2.unwrap_or(f64::INFINITY),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orbit_on_a_phone_has_every_target_a_finger_wide() {
    let server = Server::start().await;
    let b = Browser::start(390, 844).await;
    seat_of_new(&b, &server, "orbit(players=2)", &["human", "ai:1"], None).await;
    my_turn(&b).await;
    // The board zoomed round the places in play: fields a finger apart, the rest as wide.
    let (apart, fields, others) = finger_sizes(&b).await;
    assert!(fields >= 6, "{fields} fields in view");
    assert!(apart >= 44.0, "fields {apart} px apart");
    assert!(others >= 44.0, "a target {others} px wide");
    let fits = state(&b, "document.documentElement.scrollWidth <= innerWidth").await;
    assert_eq!(fits, json!(true), "the page does not scroll sideways");
    // A roll by a tap; the targets it gives (fields of orbit 1 to enter) are in view.
    b.click("[data-act=roll]").await;
    b.wait_for(
        "rolled",
        &format!("{GAME}.moves.length > 0 && !trio.page().sending"),
    )
    .await;
    // The roll is said by the prompt, where the eyes are: the zoomed board may leave the
    // die out of view, and the moves are far below.
    b.wait_for(
        "the roll said by the prompt",
        "[...document.querySelectorAll('.action-bar .rolled')] \
         .some(r => r.offsetParent !== null && r.textContent.includes(' rolled '))",
    )
    .await;
    if my_turn_or_the_end(&b).await {
        return;
    }
    if b.count(".field.target").await > 0 {
        let (apart, _, _) = finger_sizes(&b).await;
        assert!(apart >= 44.0, "fields {apart} px apart with targets");
    }
    b.screenshot(&screenshot_path("phone-orbit.png")).await;
    b.close().await;
}

/// Waits until the server says seat 0 of game `id` is connected (`true`) or not.
async fn seat_0_connected(server: &Server, id: &str, connected: bool) {
    let started = std::time::Instant::now();
    while server.show(id, None).await["seats"][0]["connected"] != json!(connected) {
        assert!(
            started.elapsed() < browser_support::PATIENCE,
            "seat 0's `connected` never became {connected}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_left_closes_its_socket_and_an_outage_shows_no_stale_green() {
    let server = Server::start().await;
    // The page reaches the server through a way the test cuts: an outage.
    let way = Outage::to(&server).await;
    let b = Browser::start(1280, 900).await;
    let created = server.create("gyges", &["human", "human"], None).await;
    b.goto(&way.url(&created.seats[0].link)).await;
    my_turn(&b).await;
    seat_0_connected(&server, &created.id, true).await;
    // Left for another page (kept in the back/forward cache): the seat is let go at once,
    // and taken again when the page comes back.
    let transition =
        "window.dispatchEvent(new PageTransitionEvent(arguments[0], { persisted: true }));";
    b.js(transition, json!(["pagehide"])).await;
    seat_0_connected(&server, &created.id, false).await;
    b.js(transition, json!(["pageshow"])).await;
    seat_0_connected(&server, &created.id, true).await;
    b.wait("[data-presence=on]").await;

    // An outage (the server unreachable, reconnecting failing): nobody is shown connected
    // (the page cannot know), and a move waits visibly for the connection, never looking
    // sent, for as long as the outage lasts.
    my_turn(&b).await;
    way.cut(true);
    b.wait("[data-offline]").await;
    assert_eq!(b.count("[data-presence=on]").await, 0);
    assert_eq!(b.count("[data-presence=unknown]").await, 2);
    b.click("[data-act=setup]").await;
    let turn = "document.querySelector('.status .turn').textContent";
    b.wait_for(
        "waiting said",
        &format!("{turn}.includes('waiting for the connection')"),
    )
    .await;
    // Past a few failed reconnections, still so.
    b.wait_for("reconnections failed", "trio.page().conns[0].failures >= 3")
        .await;
    let said = state(&b, turn).await;
    assert!(said.as_str().unwrap().starts_with("Not sent yet"), "{said}");
    assert_eq!(b.count("[data-presence=on]").await, 0);
    assert_eq!(state(&b, &format!("{GAME}.moves.length")).await, json!(0));
    way.cut(false);
    b.wait_for("sent once back", &format!("{GAME}.moves.length === 1"))
        .await;
    b.wait("[data-presence=on]").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_keeps_its_width_whether_or_not_it_scrolls() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    seat_of_new(&b, &server, "gyges", &["human", "ai:1"], None).await;
    my_turn(&b).await;
    // The width the page lays out in (the body's), as it is (taller than the window) and cut short (as
    // a page is before Confirm's row or a message makes it scroll): the same, so that
    // nothing moves sideways when a scroll bar comes or goes.
    let widths = state(
        &b,
        "(() => { const main = document.querySelector('main'); \
         const scrolls = document.documentElement.scrollHeight > innerHeight; \
         const tall = document.body.getBoundingClientRect().width; \
         main.style.display = 'none'; \
         const short = document.body.getBoundingClientRect().width; \
         const still = document.documentElement.scrollHeight <= innerHeight; \
         main.style.display = ''; \
         return [scrolls, still, tall === short]; })()",
    )
    .await;
    assert_eq!(
        widths,
        json!([true, true, true]),
        "[scrolls, then not, same width]"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_stays_put_when_confirm_appears() {
    let server = Server::start().await;
    for (width, height) in [(1280, 900), (390, 844)] {
        let b = Browser::start(width, height).await;
        seat_of_new(&b, &server, "gyges", &["human", "ai:1"], None).await;
        my_turn(&b).await;
        b.click("[data-act=setup]").await;
        b.wait_for("both set up", &format!("{GAME}.view.phase === 'play'"))
            .await;
        my_turn(&b).await;
        let board =
            "(() => { const r = document.querySelector('svg.board').getBoundingClientRect(); \
                     return [r.x, r.y + scrollY, r.width, r.height]; })()";
        let before = state(&b, board).await;
        // A piece and where it ends: Confirm's row appears (and may make the page scroll).
        b.click("[data-sq=a1]").await;
        b.click("[data-sq=a2]").await;
        b.wait("[data-act=confirm]").await;
        let after = state(&b, board).await;
        assert_eq!(
            before, after,
            "{width}×{height}: [x, y, width, height] of the board"
        );
        b.close().await;
    }
}

/// Whether a piece of the board is being shown moving.
const MOVING: &str =
    "[...document.querySelectorAll('svg.board .piece')].some(p => p.getAnimations().length)";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_slide_at_the_speed_chosen_and_not_with_reduced_motion() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    seat_of_new(&b, &server, "gyges", &["human", "ai:1"], None).await;
    my_turn(&b).await;
    // Slowly, so that the test sees the AI's piece on its way.
    b.click("select[data-setting=motion] option[value=slow]")
        .await;
    b.click("[data-act=setup]").await;
    b.wait_for("both set up", &format!("{GAME}.view.phase === 'play'"))
        .await;
    my_turn(&b).await;
    b.click("[data-sq=a1]").await;
    b.click("[data-sq=a2]").await;
    b.click("[data-act=confirm]").await;
    b.wait_for(
        "the AI's move slides",
        &format!("{GAME}.moves.length >= 4 && {MOVING}"),
    )
    .await;

    // Asked for less motion, nothing moves.
    b.cdp(
        "Emulation.setEmulatedMedia",
        json!({"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}),
    )
    .await;
    my_turn(&b).await;
    let legal: Vec<String> =
        serde_json::from_value(state(&b, &format!("{GAME}.legal")).await).unwrap();
    let action = legal
        .iter()
        .find(|a| !a.contains('=') && !a.ends_with('G'))
        .unwrap();
    let (from, to) = action.split_once('-').unwrap();
    b.click(&format!("[data-sq={from}]")).await;
    b.click(&format!("[data-sq={to}]")).await;
    b.click("[data-act=confirm]").await;
    b.wait_for("the AI answers", &format!("{GAME}.moves.length >= 6"))
        .await;
    assert_eq!(state(&b, MOVING).await, json!(false));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ais_answer_is_shown_at_a_pace_a_person_can_follow() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    seat_of_new(&b, &server, "gyges", &["human", "ai:1"], None).await;
    my_turn(&b).await;
    b.click("[data-act=setup]").await;
    b.wait_for("both set up", &format!("{GAME}.view.phase === 'play'"))
        .await;
    my_turn(&b).await;
    record_when_shown(&b).await;
    b.click("[data-sq=a1]").await;
    b.click("[data-sq=a2]").await;
    b.click("[data-act=confirm]").await;
    b.wait_for("the AI answers", "window.shownAt.length >= 2")
        .await;
    let shown = state(&b, "window.shownAt").await;
    let (mine, ai) = (&shown[0], &shown[1]);
    assert_eq!((mine[0].clone(), ai[0].clone()), (json!(0), json!(1)));
    let gap = ai[1].as_f64().unwrap() - mine[1].as_f64().unwrap();
    // Normal speed: 640 ms after one's own move (the AI answers in well under 100 ms).
    assert!(
        gap >= 600.0,
        "the AI's answer shown {gap} ms after one's move"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_dialog_has_no_terminal_commands() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    b.goto(&server.url("/")).await;
    for lang in ["en", "pl"] {
        if lang == "pl" {
            b.click("[data-lang]").await;
            b.wait_for("Polish", "document.documentElement.lang === 'pl'")
                .await;
        }
        for kind in ["gyges", "triles", "orbit"] {
            b.click("[data-nav=rules]").await;
            b.click(&format!("dialog .tabs [data-kind={kind}]")).await;
            b.wait(&format!("dialog[data-rules={kind}][data-loaded]"))
                .await;
            let text = b.text("dialog .rules-body").await;
            // The page's rules: the players' part, but the passages for the terminal.
            for command in [
                "trio play ",
                "trio rules ",
                "trio moves ",
                "--seat",
                "--variant",
            ] {
                let at = text.find(command);
                assert!(
                    at.is_none(),
                    "{kind} ({lang}) says {command}: {}",
                    text.get(at.unwrap_or(0).saturating_sub(200)..at.unwrap_or(0))
                        .unwrap_or_default()
                );
            }
            assert!(text.len() > 2000, "{kind} ({lang}): the rules are there");
            // Its boards drawn as the game page draws them, not as the terminal does (the
            // Triles chart of cell coordinates stays text).
            let terminal = state(
                &b,
                "[...document.querySelectorAll('dialog .rules-body pre')]\
                 .filter(p => /a b c d e f|\\b[BW][asd]\\b|home:/.test(p.textContent)).length",
            )
            .await;
            assert_eq!(terminal, json!(0), "{kind} ({lang}): the terminal's boards");
            let drawn = b.count("dialog figure[data-board] > svg").await;
            assert_eq!(drawn, b.count("dialog figure[data-board]").await);
            assert!(drawn >= 2, "{kind} ({lang}): {drawn} boards drawn");
            if kind == "gyges" {
                // The ways of the bounce chain (two bounces) and of the `official`
                // example (one) drawn with a ring at each bounce.
                assert_eq!(b.count("dialog figure svg [data-bounce]").await, 3);
                if lang == "en" {
                    b.js(
                        "document.querySelectorAll('dialog figure')[4]\
                         .scrollIntoView({ block: 'center' });",
                        json!([]),
                    )
                    .await;
                    b.screenshot(&screenshot_path("rules-gyges.png")).await;
                }
            }

            b.click("dialog .close").await;
        }
    }
    b.close().await;
}

/// A Gygès middle game whose state (its legal moves) is sent in several frames reaches the
/// page whole, and is played on from it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_state_sent_in_several_frames_reaches_the_page_whole() {
    let server = Server::start().await;
    let b = Browser::start(1280, 900).await;
    let position = "....../31...2/21..3./1..21./..32.3/...... S";
    seat_of_new(&b, &server, "gyges", &["human", "human"], Some(position)).await;
    my_turn(&b).await;
    let legal = state(&b, &format!("{GAME}.legal.length")).await;
    let parts = state(&b, &format!("{GAME}.legal_parts.length")).await;
    // Past 8 KiB: about 130 bytes a move.
    assert!(legal.as_u64().unwrap() > 100, "{legal} legal moves");
    assert_eq!(legal, parts);
    let before = moves(&b).await;
    gyges_click_turn(&b).await;
    b.wait_for(
        "the move played",
        &format!("{GAME}.moves.length === {}", before + 1),
    )
    .await;
    b.close().await;
}
