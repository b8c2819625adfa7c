//! Each game played to the end by keyboard alone, axe-core's check of every page, and
//! targets a finger wide on a phone.

use serde_json::json;

use crate::driver::{axe_source, key, screenshot_path, Browser};
use crate::page::{seated, server, DESKTOP, GAME, PHONE, TRILES_LAST_TILE};

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
    let server = server().await;
    let b = Browser::start(1280, 900).await;
    // Two plies after the setup: one move each, then a draw.
    b.seat_of_new(&server, "gyges(ply-limit=2)", &["human", "ai:1"], None)
        .await;
    b.my_turn().await;
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
    b.my_turn().await;
    let legal: Vec<String> =
        serde_json::from_value(b.state(&format!("{GAME}.legal")).await).unwrap();
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
    b.prompt_names(&format!("{from} → {to}.")).await;
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
    let (_server, b) = seated(
        DESKTOP,
        "triles",
        &["human", "ai:1"],
        Some(TRILES_LAST_TILE),
    )
    .await;
    b.my_turn().await;
    // The tile from the tray by Tab and Enter; R turns it.
    tab_to(&b, "[data-tile=A]", false).await;
    b.press(&[key::ENTER]).await;
    b.wait_for("chosen", "trio.page().board.selected === 'A'")
        .await;
    // The page drawn anew keeps the focus on the tile chosen (not on the body).
    assert_eq!(
        b.state("document.activeElement.matches('[data-tile=A]')")
            .await,
        json!(true)
    );
    let rotation = b.state("trio.page().board.rotation").await;
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
    let (_server, b) = seated(
        DESKTOP,
        "orbit(players=3)",
        &["human", "ai:1", "ai:1"],
        Some("rgb r r:H,H,6.3/g:H,H,H/b:C,C,C - turn=50 finished=g"),
    )
    .await;
    b.my_turn().await;
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
    let Some(axe) = axe_source() else {
        return;
    };
    let server = server().await;
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
        b.seat_of_new(&server, game, seats, None).await;
        b.my_turn().await;
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
    let (_server, b) = seated(PHONE, "orbit(players=2)", &["human", "ai:1"], None).await;
    b.my_turn().await;
    // The board zoomed round the places in play: fields a finger apart, the rest as wide.
    let (apart, fields, others) = finger_sizes(&b).await;
    assert!(fields >= 6, "{fields} fields in view");
    assert!(apart >= 44.0, "fields {apart} px apart");
    assert!(others >= 44.0, "a target {others} px wide");
    let fits = b
        .state("document.documentElement.scrollWidth <= innerWidth")
        .await;
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
    if b.my_turn_or_the_end().await {
        return;
    }
    if b.count(".field.target").await > 0 {
        let (apart, _, _) = finger_sizes(&b).await;
        assert!(apart >= 44.0, "fields {apart} px apart with targets");
    }
    b.screenshot(&screenshot_path("phone-orbit.png")).await;
    b.close().await;
}
