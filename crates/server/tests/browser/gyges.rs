//! Gygès in the page: against the AI by clicks (English and Polish, why not, hint and
//! undo), a finished game with its replay, hot seat, numerals and a shared link, a state
//! sent in several frames, a draw offered, declined and agreed.

use reqwest::StatusCode;
use serde_json::json;

use crate::driver::{screenshot_path, Browser};
use crate::page::{seated, server, DESKTOP, GAME};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gyges_against_the_ai_by_clicks_in_english_and_polish() {
    let server = server().await;
    let b = Browser::start(1280, 900).await;
    b.start_from_lobby(&server, "gyges", &["me", "ai:1"]).await;
    b.wait("svg.board.gyges").await;
    assert!(b.text(".status").await.contains("You play South"));

    // Setup on the board: South's row as shown, confirmed; the AI sets up North.
    b.gyges_set_up().await;

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
    b.my_turn().await;
    assert_eq!(
        b.state(&format!("{GAME}.moves[2].action")).await,
        json!("a1-a2")
    );
    assert_eq!(b.state(&format!("{GAME}.moves[3].seat")).await, json!(1));
    assert!(b.count(".sq.last").await >= 2, "the last move is marked");
    let title = b.state("document.title").await;
    assert!(title.as_str().unwrap().contains("Your turn"), "{title}");

    // A reload comes back to the same seat and position.
    let before = b
        .state(&format!("JSON.stringify({GAME}.view.squares)"))
        .await;
    let count = b.moves().await;
    b.refresh().await;
    b.wait("svg.board.gyges").await;
    b.wait_for(
        "the same game",
        &format!("{GAME} && {GAME}.moves.length === {count}"),
    )
    .await;
    assert_eq!(
        b.state(&format!("JSON.stringify({GAME}.view.squares)"))
            .await,
        before
    );
    assert!(b.text(".status").await.contains("You play South"));

    // Why not? A piece leaves the board only from the far row: the rule, in words.
    // The piece is one that can move but not off the board (the AI's answer may have
    // moved a piece of the first row elsewhere).
    b.my_turn().await;
    let legal: Vec<String> =
        serde_json::from_value(b.state(&format!("{GAME}.legal")).await).unwrap();
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
    b.my_turn().await;
    b.click("[data-act=hint]").await;
    b.wait(".message.hint").await;
    assert!(b.text(".message.hint").await.starts_with("Hint: "));
    // The board as a player sees it: the last move, the hint, a piece chosen.
    b.click("[data-sq=b1]").await;
    b.screenshot(&screenshot_path("gyges.png")).await;
    b.click("[data-sq=b1]").await;
    let count = b.moves().await;
    b.click("[data-act=undo]").await;
    b.wait_for("undone", &format!("{GAME}.moves.length === {}", count - 2))
        .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gyges_finished_game_shows_result_seed_record_and_replay() {
    let server = server().await;
    // The bounce chain of docs/rules/gyges.md: a1 leaves the board, South wins.
    let b = Browser::start(1280, 900).await;
    b.seat_of_new(
        &server,
        "gyges",
        &["human", "ai:1"],
        Some(".33221/2...../....23/....../311.../1..... S"),
    )
    .await;
    b.my_turn().await;
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
    assert_eq!(b.state(&way("chosen")).await, json!([7, ["a2", "a5"]]));
    b.click("[data-act=confirm]").await;
    b.wait("[data-result]").await;
    // Played, the same way is the last move's.
    assert_eq!(b.state(&way("last")).await, json!([7, ["a2", "a5"]]));
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

/// Before both have set up, a seat may call the game off from the page: over with no
/// result, which the page says in words; nothing is left to abort or resign.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_called_off_from_the_page_before_both_have_set_up() {
    let (_server, b) = seated(DESKTOP, "gyges", &["human", "ai:1"], None).await;
    b.my_turn().await;
    b.js("window.confirm = () => true;", json!([])).await;
    b.click("[data-act=abort]").await;
    b.wait("[data-result]").await;
    let result = b.text("[data-result]").await;
    assert!(result.contains("called the game off"), "{result}");
    assert_eq!(b.count("[data-act=abort]").await, 0);
    assert_eq!(b.count("[data-act=resign]").await, 0);
    b.close().await;
}

/// Between two people: the page offers a draw, the other declines it (the button goes:
/// the next offer must wait), then offers one itself, which the page accepts — a draw by
/// agreement, said in words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_is_offered_from_the_page_declined_then_agreed() {
    let server = server().await;
    let b = Browser::start(DESKTOP.0, DESKTOP.1).await;
    let game = b
        .seat_of_new(&server, "gyges", &["human", "human"], None)
        .await;
    let north = game.seats[1].token.as_str();
    b.my_turn().await;
    b.click("[data-act=setup]").await;
    b.wait_for("South set up", &format!("{GAME}.moves.length === 1"))
        .await;
    server.play_first(&game.id, north).await;
    b.my_turn().await;

    b.click("[data-act=draw]").await;
    b.wait_for(
        "the offer made",
        "!document.querySelector('[data-act=draw]')",
    )
    .await;
    let seen = server.snapshot(&game.id, Some(north)).await.offers;
    assert!(seen.draw_offered, "{seen:?}");
    let (status, _) = server
        .to_game(&game.id, "draw/decline", Some(north), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    // Declined: the page may not offer again before two more of its moves.
    b.wait_for(
        "the decline heard",
        &format!("{GAME}.offers && !{GAME}.offers.draw"),
    )
    .await;
    assert_eq!(b.count("[data-act=draw]").await, 0);

    let (status, _) = server
        .to_game(&game.id, "draw", Some(north), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    b.wait("[data-draw=offered]").await;
    b.assert_text("[data-draw=offered]", &["North offers a draw."], false)
        .await;
    b.click("[data-draw=offered] [data-act=draw]").await;
    b.wait("[data-result]").await;
    b.assert_text(
        "[data-result] .headline",
        &["Draw agreed: South accepted the offer"],
        false,
    )
    .await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hot_seat_gyges_keeps_the_board_still_and_names_the_mover() {
    let server = server().await;
    let b = Browser::start(1280, 900).await;
    b.start_from_lobby(&server, "gyges", &["me", "me"]).await;
    b.wait("svg.board.gyges").await;
    b.my_turn().await;
    let a1 = "JSON.stringify(document.querySelector('[data-sq=a1]').getBoundingClientRect())";
    let south = b.state(a1).await;
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
    assert_eq!(b.state(a1).await, south, "the board has not turned");
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
async fn gyges_numerals_are_a_setting_and_a_link_can_be_shared() {
    let server = server().await;
    let b = Browser::start(390, 844).await;
    b.start_from_lobby(&server, "gyges", &["me", "friend"])
        .await;
    b.wait("[data-link=seat1]").await;
    let link = b.attr("[data-link=seat1]", "value").await.unwrap();
    b.click("[data-action=go]").await;
    b.wait("svg.board.gyges").await;

    // Share stands beside Copy where the browser can share (headless Chromium cannot: a
    // stand-in records what is shared).
    assert_eq!(
        b.find("[data-share]").await.is_some(),
        b.state("!!navigator.share").await == json!(true)
    );
    b.js(
        "navigator.share = async data => { window.shared = data; }; trio.page().draw(); \
         document.querySelector('details.invite').open = true;",
        json!([]),
    )
    .await;
    b.click("[data-share=seat1]").await;
    b.wait_for("shared", "window.shared").await;
    assert_eq!(b.state("window.shared.url").await, json!(link));
    // The friend takes the seat: the game begins.
    let (id, code) = link
        .split_once("/games/")
        .unwrap()
        .1
        .split_once("#claim=")
        .unwrap();
    let (joined, _) = server
        .to_game(id, "join", None, json!({"code": code}))
        .await;
    assert_eq!(joined, StatusCode::CREATED);

    // Numerals on the pieces: off, then on, and still on after a reload.
    b.wait("svg.board.gyges .piece").await;
    assert_eq!(b.count(".piece .numeral").await, 0);
    b.click("[data-setting=numerals]").await;
    b.wait(".piece .numeral").await;
    assert_eq!(b.count(".piece .numeral").await, b.count(".piece").await);
    b.refresh().await;
    b.wait("svg.board.gyges .piece .numeral").await;
    assert_eq!(
        b.state("document.querySelector(\".piece[data-value='2'] .numeral\").textContent")
            .await,
        json!("2")
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_and_undo_wait_while_ones_move_is_on_its_way() {
    let (_server, b) = seated(DESKTOP, "gyges", &["human", "ai:1"], None).await;
    b.wait("svg.board.gyges").await;
    b.gyges_set_up().await;
    b.wait("[data-act=hint]:not([disabled])").await;

    // Offline, the move stays on its way: meanwhile neither hint nor undo can be asked.
    offline_for_a_while(&b).await;
    b.click("[data-sq=a1]").await;
    b.click("[data-sq=a2]").await;
    b.click("[data-act=confirm]").await;
    neither_hint_nor_undo_while_on_its_way(&b).await;
    b.wait_for("played and answered", &format!("{GAME}.moves.length >= 4"))
        .await;
    b.my_turn().await;
    b.wait("[data-act=hint]:not([disabled])").await;

    // An undo on its way is an action on its way too.
    let count = b.moves().await;
    offline_for_a_while(&b).await;
    b.click("[data-act=undo]").await;
    neither_hint_nor_undo_while_on_its_way(&b).await;
    b.wait_for("undone", &format!("{GAME}.moves.length === {}", count - 2))
        .await;
    b.my_turn().await;
    b.close().await;
}

/// Drops the page's connection for long enough that what it sends stays on its way.
async fn offline_for_a_while(b: &Browser) {
    b.js("trio.drop(8000);", json!([])).await;
    b.wait("[data-offline]").await;
}

/// Once this seat's action is on its way, neither hint nor undo can be asked: the answer
/// would be for the game before it.
async fn neither_hint_nor_undo_while_on_its_way(b: &Browser) {
    b.wait_for("on its way", "trio.page().sending").await;
    for tool in ["hint", "undo"] {
        let css = format!("[data-act={tool}][disabled]");
        assert!(b.find(&css).await.is_some(), "no {tool}");
    }
}

/// A Gygès middle game whose state (its legal moves) is sent in several frames reaches the
/// page whole, and is played on from it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_state_sent_in_several_frames_reaches_the_page_whole() {
    let server = server().await;
    let b = Browser::start(1280, 900).await;
    let position = "....../31...2/21..3./1..21./..32.3/...... S";
    b.seat_of_new(&server, "gyges", &["human", "human"], Some(position))
        .await;
    b.my_turn().await;
    let legal = b.state(&format!("{GAME}.legal.length")).await;
    let parts = b.state(&format!("{GAME}.legal_parts.length")).await;
    // Past 8 KiB: about 130 bytes a move.
    assert!(legal.as_u64().unwrap() > 100, "{legal} legal moves");
    assert_eq!(legal, parts);
    let before = b.moves().await;
    b.gyges_click_turn().await;
    b.wait_for(
        "the move played",
        &format!("{GAME}.moves.length === {}", before + 1),
    )
    .await;
    b.close().await;
}
