//! How the page shows itself: a phone-sized window, a width that does not move, a board
//! that stays put, moves that slide (or not), the AI's pace, the prompt naming the move, the
//! variant said, the rules dialog.

use serde_json::json;

use crate::driver::{screenshot_path, Browser};
use crate::page::{seated, server, DESKTOP, GAME, PHONE};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_sized_window_plays() {
    let (server, b) = seated(PHONE, "gyges", &["human", "ai:1"], None).await;
    b.wait("svg.board.gyges").await;
    b.my_turn().await;
    let fits = b
        .state(
            "(() => { const r = document.querySelector('svg.board').getBoundingClientRect(); \
         return r.width <= innerWidth && r.height <= innerHeight && \
         document.documentElement.scrollWidth <= innerWidth; })()",
        )
        .await;
    assert_eq!(fits, json!(true), "the board fits the screen");
    let height = b
        .state("document.querySelector('[data-act=setup]').getBoundingClientRect().height")
        .await;
    assert!(
        height.as_f64().unwrap() >= 44.0,
        "a button a finger can hit"
    );
    b.gyges_set_up().await;
    b.click("[data-sq=a1]").await;
    b.click("[data-sq=a2]").await;
    b.click("[data-act=confirm]").await;
    b.wait_for("the AI answers", &format!("{GAME}.moves.length >= 4"))
        .await;
    b.my_turn().await;
    b.screenshot(&screenshot_path("phone-gyges.png")).await;

    // Triles on the phone too: the table, the tray, a tile chosen.
    b.seat_of_new(&server, "triles", &["human", "ai:1"], None)
        .await;
    b.wait("svg.board.triles").await;
    b.my_turn().await;
    if b.find(".hand-tile.playable").await.is_some() {
        b.click(".hand-tile.playable").await;
    }
    let fits = b
        .state("document.documentElement.scrollWidth <= innerWidth")
        .await;
    assert_eq!(fits, json!(true));
    b.screenshot(&screenshot_path("phone-triles.png")).await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_keeps_its_width_whether_or_not_it_scrolls() {
    let (_server, b) = seated(DESKTOP, "gyges", &["human", "ai:1"], None).await;
    b.my_turn().await;
    // The width the page lays out in (the body's), as it is (taller than the window) and cut short (as
    // a page is before Confirm's row or a message makes it scroll): the same, so that
    // nothing moves sideways when a scroll bar comes or goes.
    let widths = b
        .state(
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
    let server = server().await;
    for (width, height) in [(1280, 900), (390, 844)] {
        let b = Browser::start(width, height).await;
        b.seat_of_new(&server, "gyges", &["human", "ai:1"], None)
            .await;
        b.gyges_set_up().await;
        let board =
            "(() => { const r = document.querySelector('svg.board').getBoundingClientRect(); \
                     return [r.x, r.y + scrollY, r.width, r.height]; })()";
        let before = b.state(board).await;
        // A piece and where it ends: Confirm's row appears (and may make the page scroll).
        b.click("[data-sq=a1]").await;
        b.click("[data-sq=a2]").await;
        b.wait("[data-act=confirm]").await;
        let after = b.state(board).await;
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
    let (_server, b) = seated(DESKTOP, "gyges", &["human", "ai:1"], None).await;
    b.my_turn().await;
    // Slowly, so that the test sees the AI's piece on its way.
    b.click("select[data-setting=motion] option[value=slow]")
        .await;
    b.gyges_set_up().await;
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
    b.my_turn().await;
    let legal: Vec<String> =
        serde_json::from_value(b.state(&format!("{GAME}.legal")).await).unwrap();
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
    assert_eq!(b.state(MOVING).await, json!(false));
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ais_answer_is_shown_at_a_pace_a_person_can_follow() {
    let (_server, b) = seated(DESKTOP, "gyges", &["human", "ai:1"], None).await;
    b.gyges_set_up().await;
    b.record_when_shown().await;
    b.click("[data-sq=a1]").await;
    b.click("[data-sq=a2]").await;
    b.click("[data-act=confirm]").await;
    b.wait_for("the AI answers", "window.shownAt.length >= 2")
        .await;
    let shown = b.state("window.shownAt").await;
    let (mine, ai) = (&shown[0], &shown[1]);
    assert_eq!((mine[0].clone(), ai[0].clone()), (json!(0), json!(1)));
    let gap = ai[1].as_f64().unwrap() - mine[1].as_f64().unwrap();
    // Normal speed: 640 ms after one's own move (the AI answers in well under 100 ms); the
    // page records each as drawn, so a busy machine's slow draw of one's own move eats a
    // little of the gap.
    assert!(
        gap >= 500.0,
        "the AI's answer shown {gap} ms after one's move"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_prompt_names_the_move_about_to_be_played_in_each_game() {
    let server = server().await;
    let b = Browser::start(1280, 900).await;

    // Gygès: a piece and where it ends.
    b.seat_of_new(&server, "gyges", &["human", "ai:1"], None)
        .await;
    b.gyges_set_up().await;
    b.click("[data-sq=a1]").await;
    b.click("[data-sq=a2]").await;
    b.prompt_names("a1 → a2.").await;

    // Triles: a tile laid in a cell where it fits.
    b.seat_of_new(&server, "triles", &["human", "ai:1"], None)
        .await;
    b.wait("svg.board.triles").await;
    b.until_a_tile_is_playable().await;
    b.propose_a_tile().await;
    b.wait_for("a tile proposed", "trio.page().proposed").await;
    let proposed = b.state("trio.page().proposed").await;
    // `A@x,y,r`: the tile and the cell in words, the turn after them.
    let (tile, at) = proposed.as_str().unwrap().split_once('@').unwrap();
    let (cell, _) = at.rsplit_once(',').unwrap();
    b.prompt_names(&format!("lays {tile} at {cell}")).await;

    // Na orbicie: red rolls until a pawn of its can move without a capture.
    b.seat_of_new(
        &server,
        "orbit",
        &["human", "ai:1"],
        Some("rg r r:C,C,1.0,4.0/g:C,C,1.5,1.7 -"),
    )
    .await;
    b.wait("svg.board.orbit").await;
    let mut named = false;
    for _ in 0..20 {
        assert!(!b.my_turn_or_the_end().await, "the game ended first");
        let legal: Vec<String> =
            serde_json::from_value(b.state(&format!("{GAME}.legal")).await).unwrap();
        let plain = legal
            .iter()
            .filter_map(|a| a.strip_prefix("move "))
            .find(|m| !m.contains('>') && !m.ends_with('H'))
            .map(str::to_owned);
        if let Some(plain) = plain {
            let (from, to) = plain.split_once('-').unwrap();
            b.click(&format!(".field[data-field='{from}']")).await;
            b.click(&format!(".field[data-field='{to}']")).await;
            b.prompt_names(&format!("{from} → {to}.")).await;
            named = true;
            break;
        }
        b.orbit_decision().await;
    }
    assert!(named, "red never had a plain move");
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_page_says_its_variant_and_shows_fairness_only_with_chance() {
    let (server, b) = seated(DESKTOP, "gyges(variant=official)", &["human", "ai:1"], None).await;
    b.wait("svg.board.gyges").await;
    b.wait(".spec").await;
    assert_eq!(
        b.text(".spec").await,
        "Variant: official (1985 rule book) · Move limit: 300"
    );
    assert!(b.find(".fair").await.is_none(), "Gygès has no chance");

    b.seat_of_new(
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
async fn the_rules_dialog_has_no_terminal_commands() {
    let server = server().await;
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
            let terminal = b
                .state(
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
