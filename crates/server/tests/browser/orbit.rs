//! Na orbicie in the page: three players (a friend by link, the AI, a roll sent while
//! offline), a ranked end, AIs playing on, a review, marks that are never a pawn's colour, a
//! capture to the centre.

use serde_json::json;

use crate::driver::{screenshot_path, Browser};
use crate::page::{seated, server, DESKTOP, GAME};
use crate::support::Server;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orbit_three_players_a_friend_by_link_and_the_ai() {
    let server = server().await;
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
        server.show(id, None).await.1["game"],
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
    let orbits = green
        .state(&format!("{GAME}.view.geometry.orbits.length - 1"))
        .await;
    assert_eq!(json!(green.count(".orbit-number").await), orbits);
    red.my_turn().await;
    let prompt = red.text("[data-prompt]").await;
    assert!(
        prompt.starts_with("Roll the die: none of your pawns"),
        "{prompt}"
    );

    // Red rolls (and enters on an even roll), green the same, blue is the AI.
    for (player, seat) in [(&red, 0), (&green, 1)] {
        player.my_turn().await;
        let n = player.moves().await;
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
        if player.state(&format!("{GAME}.view.phase")).await == json!("enter") {
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
    red.my_turn().await;
    let count = red.moves().await;
    green
        .wait_for("both see it", &format!("{GAME}.moves.length === {count}"))
        .await;
    assert!(red.text(".movelist").await.contains("rolled"));

    // A roll sent while offline is sent once when the connection is back.
    let red_rolls = format!("{GAME}.moves.filter(m => m.seat === 0 && m.action === 'roll').length");
    let before = red.state(&red_rolls).await.as_u64().unwrap();
    red.js("trio.drop(1500);", json!([])).await;
    red.wait("[data-offline]").await;
    red.click("[data-act=roll]").await;
    red.wait_for("sent once back online", &format!("trio.page().conns[0].open && trio.page().conns[0].pending.size === 0 && {red_rolls} >= {}", before + 1)).await;
    // Nothing is left unanswered, and the server acks only what it has stored: its game
    // holds every roll the page sent.
    let id = red.state("trio.page().id").await;
    let stored = server.show(id.as_str().unwrap(), None).await.1;
    let stored_rolls = stored["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["seat"] == json!(0) && m["action"] == json!("roll"))
        .count() as u64;
    assert_eq!(stored_rolls, before + 1, "the roll is played once");

    // The friend reloads: same seat, same moves.
    let count = red.moves().await;
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
    b.seat_of_new(server, "orbit(players=3)", &seats, Some(position))
        .await;
    b.my_turn().await;
}

/// Red's pawn on 6.3 goes home.
async fn red_home_from_6_3(b: &Browser) {
    b.click("[data-field='6.3']").await;
    b.click("[data-act=home]").await;
    b.click("[data-act=confirm]").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orbit_finished_three_player_game_is_ranked() {
    let server = server().await;
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
    let server = server().await;
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
    b.record_when_shown().await;
    red_home_from_6_3(&b).await;
    // The AIs may play on for a hundred actions and more, each stored before it is sent:
    // longer than the usual patience on a slow machine (a clean clone's CI run took it).
    b.wait_within("[data-result]", std::time::Duration::from_secs(180))
        .await;
    // Red's move, then the AIs' decisions, shown as they came: in less time than pacing
    // them would have taken.
    let shown: Vec<(Option<u8>, f64)> =
        serde_json::from_value(b.state("window.shownAt").await).unwrap();
    let decisions = b
        .state(&format!(
            "{GAME}.moves.slice(-{}).filter(m => m.seat != null && m.seat !== 0).length",
            shown.len() - 1
        ))
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
    let server = server().await;
    // Three turns, then whoever stands further out wins: red's first roll decides
    // (docs/review.md, "Worked example").
    let b = Browser::start(1280, 900).await;
    b.seat_of_new(
        &server,
        "orbit(turn-limit=3)",
        &["ai:1", "human"],
        Some("rg r r:H,H,H,C/g:H,H,H,C -"),
    )
    .await;
    while !b.my_turn_or_the_end().await {
        b.orbit_decision().await;
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
    let (_server, b) = seated(
        DESKTOP,
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
            !b.my_turn_or_the_end().await,
            "the game ended first, after {decisions}"
        );
        assert_eq!(b.state(MARKS_LIKE_PAWNS).await, json!([]));
        let legal: Vec<String> =
            serde_json::from_value(b.state(&format!("{GAME}.legal")).await).unwrap();
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
            assert_eq!(b.state(MARKS_LIKE_PAWNS).await, json!([]));
            assert!(
                b.count(".mark.target").await + b.count(".home-ring.target").await > 0,
                "where the pawn may end"
            );
            // The chosen pawn's mark is drawn over it.
            let over = b.state(&format!(
                    "(() => {{ const f = document.querySelector(\"{field}\"); \
                     return !!(f.querySelector('.pawn').compareDocumentPosition(f.querySelector('.mark.chosen')) \
                     & Node.DOCUMENT_POSITION_FOLLOWING); }})()"
                ))
            .await;
            assert_eq!(over, json!(true), "the chosen mark is over the pawn");
            // Can move, last move and chosen: three shapes.
            let shapes = b.state("['movable', 'last', 'chosen'].map(k => document.querySelector('.mark.' + k)?.tagName)")
            .await;
            assert_eq!(shapes, json!(["circle", "polygon", "path"]));
            b.screenshot(&screenshot_path("orbit-marks.png")).await;
            break;
        }
        b.orbit_decision().await;
        decisions += 1;
        assert!(decisions < 60, "no move of red's met a marked last move");
    }
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orbit_capture_with_the_centre_as_its_only_place_is_proposed_at_once() {
    let server = server().await;
    // Two pawns on orbit 1: red's moves two steps, onto green's, whose only place is the
    // centre (docs/rules/orbit.md, `move 1.3-1.5>C`).
    let b = Browser::start(1280, 900).await;
    b.seat_of_new(
        &server,
        "orbit",
        &["human", "ai:1"],
        Some("rg r r:C,C,C,1.3/g:C,C,C,1.5 -"),
    )
    .await;
    b.my_turn().await;
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
