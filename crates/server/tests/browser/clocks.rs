//! Time in the page: clocks counting down and flags, a correspondence reminder, the choice
//! when the other player is away. The server's time is moved on by hand.

use serde_json::json;

use crate::driver::{key, Browser};
use crate::page::{server, GAME};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_counts_down_on_the_page_and_the_game_ends_on_time() {
    let server = server().await;
    let b = Browser::start(1280, 900).await;
    // The lobby offers time controls; a game against the AI on 3 min + 2 s has clocks.
    b.goto(&server.url("/")).await;
    b.wait("select[name=clock]").await;
    b.click("select[name=clock] option[value='3+2']").await;
    b.click("[data-action=create]").await;
    b.wait("[data-clock='0'].running").await;
    let shown = b.state(&format!("{GAME}.clock.spec")).await;
    assert_eq!(shown, json!({"initial": 180, "increment": 2}));
    let before = b.text("[data-clock='0']").await;
    b.wait_for(
        "the clock counts down",
        &format!("document.querySelector(\"[data-clock='0']\").textContent !== {before:?}"),
    )
    .await;

    // Two people on a 2-second clock: nobody moves, South's flag falls.
    let created = server
        .create_with(json!({"game": "gyges", "seats": ["human", "human"],
                            "clock": {"initial": 2, "increment": 0}}))
        .await;
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
    let server = server().await;
    let created = server
        .create_with(json!({"game": "gyges", "seats": ["human", "human"], "clock": {"days": 3}}))
        .await;
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
    let running = server.show(&created.id, None).await.1;
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
async fn the_one_waiting_for_an_absent_player_chooses_by_keyboard() {
    let server = server().await;
    let created = server.create("gyges", &["human", "human"]).await;
    let (id, south_token) = (&created.id, &created.seats[0].token);
    // South sets up; North never comes.
    server.play_first(id, south_token).await;
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
