//! Named players in the page: a key opening its seat on another device, passwords, names
//! seen by each other, ratings moved by a rated game on the players' pages.

use reqwest::StatusCode;
use serde_json::json;
use trio_server::protocol::Created;

use crate::driver::{screenshot_path, Browser};
use crate::page::server;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_another_device_a_players_key_opens_its_own_seat_never_a_watch() {
    let server = server().await;
    // Zoë takes her name and starts a game on one device (the API here).
    let (_, zoe) = server
        .post("/api/players", None, json!({"name": "Zoë"}))
        .await;
    let key = zoe["key"].as_str().unwrap();
    let body = json!({"game": "gyges", "seats": ["human", "ai:1"]});
    let (_, created) = server.post("/api/games", Some(key), body).await;
    let created: Created = serde_json::from_value(created).unwrap();
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
    // The seat's token left the address as soon as the page read it: a copied address
    // gives nothing away. The browser keeps it, a token of this device's own.
    let url: String =
        serde_json::from_value(b.js("return location.href", json!([])).await).unwrap();
    assert!(!url.contains("token"), "{url}");
    let kept: String = serde_json::from_value(
        b.js(
            "return localStorage.getItem('trio.tokens.' + arguments[0])",
            json!([created.id]),
        )
        .await,
    )
    .unwrap();
    assert!(kept.len() > 16, "{kept}");
    assert!(
        !kept.contains(&created.seats[0].token),
        "a token of this device's own"
    );
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_set_on_one_device_signs_the_player_in_on_another() {
    let server = server().await;
    let phone = Browser::start(1280, 900).await;
    phone.take_name(&server, "Zoë").await;
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
    // Both devices are listed, this one marked; the phone is signed out from here.
    laptop.click(".sessions summary").await;
    let listed =
        |n: usize| format!("document.querySelectorAll('.sessions [data-session]').length === {n}");
    laptop.wait_for("both devices listed", &listed(2)).await;
    laptop.click("[data-action=end-other-sessions]").await;
    laptop.wait_for("the laptop alone", &listed(1)).await;
    assert!(laptop.text(".sessions li").await.contains("(this one)"));
    laptop.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn named_players_meet_through_an_open_seat_and_see_each_others_names() {
    let server = server().await;
    let zoe = Browser::start(1280, 900).await;
    zoe.take_name(&server, "Zoë").await;
    for (i, seat) in ["me", "open"].iter().enumerate() {
        zoe.click(&format!("select[name=seat{i}] option[value=\"{seat}\"]"))
            .await;
    }
    zoe.click("[data-action=create]").await;
    zoe.wait("[data-turn=waiting]").await;

    let ola = Browser::start(390, 844).await;
    ola.take_name(&server, "Ola").await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_on_a_clock_moves_the_ratings_shown_on_the_players_pages() {
    let server = server().await;
    let zoe = Browser::start(1280, 900).await;
    let ola = Browser::start(1280, 900).await;
    zoe.take_name(&server, "Zoë").await;
    ola.take_name(&server, "Ola").await;
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
    let id = zoe.state("trio.page().id").await;
    let id = id.as_str().unwrap();
    let token = zoe.state("trio.page().conns[0].token").await;
    let north = ola.state("trio.page().conns[0].token").await;
    // Both set up first: before, a rated game is aborted, not resigned.
    server.play_first(id, token.as_str().unwrap()).await;
    server.play_first(id, north.as_str().unwrap()).await;
    server.resign(id, token.as_str().unwrap()).await;
    ola.wait("[data-result]").await;
    // Two more rated games over the API (three a day is the most between two), Ola losing
    // the first: her page draws each.
    let (zoe_key, ola_key) = (zoe.player_key().await, ola.player_key().await);
    for loser in [&ola_key, &zoe_key] {
        let rated = json!({"game": "gyges", "seats": ["human", "open"], "rated": true});
        let (status, made) = server.post("/api/games", Some(&zoe_key), rated).await;
        assert_eq!(status, StatusCode::CREATED);
        let game = made["id"].as_str().unwrap();
        let (status, joined) = server
            .to_game(game, "join", Some(&ola_key), json!({}))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let south = made["seats"][0]["token"].as_str().unwrap();
        server.play_first(game, south).await;
        server
            .play_first(game, joined["token"].as_str().unwrap())
            .await;
        let token = if loser == &zoe_key {
            made["seats"][0]["token"].clone()
        } else {
            joined["token"].clone()
        };
        assert_eq!(
            server.resign(game, token.as_str().unwrap()).await,
            StatusCode::OK
        );
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
    assert!(shown.contains("3 rated games"), "{shown}");
    assert_eq!(
        ola.attr("svg.history .line", "data-points")
            .await
            .as_deref(),
        Some("3")
    );
    // In the order the games were rated, although all three were within a second or two:
    // a win, the loss, a win.
    let points = ola
        .js(
            "return [...document.querySelectorAll('svg.history circle title')].map(t => parseInt(t.textContent))",
            json!([]),
        )
        .await;
    let points: Vec<i64> = serde_json::from_value(points).unwrap();
    assert!(points[0] > points[1] && points[1] < points[2], "{points:?}");
    // Her games, newest first, each with its result and a replay.
    assert_eq!(ola.count("[data-player-game] [data-replay]").await, 3);
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
            .contains("3 gry rankingowe"),
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

/// A rated game shows each seat's rating beside its player — `?` while provisional, an AI
/// level's fixed one — and at its end (a resignation from the page) how much it moved the
/// player's rating: beside the seat, in the result, and in My games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_games_end_shows_the_players_rating_change() {
    let server = server().await;
    let b = Browser::start(1280, 900).await;
    b.take_name(&server, "Ines").await;
    let key = b.player_key().await;
    let body = json!({"game": "gyges", "seats": ["human", "ai:3"], "rated": true});
    let (status, created) = server.post("/api/games", Some(&key), body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: Created = serde_json::from_value(created).unwrap();
    b.goto(&server.url(&created.seats[0].link)).await;
    b.wait(".players [data-seat='1'] .rating").await;
    let text = async |css: &str| b.text(css).await.trim().to_owned();
    assert_eq!(text(".players [data-seat='0'] .rating").await, "1500?");
    // Gygès level 3's fixed rating (docs/api.md, "Ratings").
    assert_eq!(text(".players [data-seat='1'] .rating").await, "1752");
    // Until both have set up a rated game is aborted, not resigned; and it has no help.
    assert_eq!(b.count("[data-act=resign]").await, 0);
    assert_eq!(b.count("[data-act=abort]").await, 1);
    assert_eq!(b.count("[data-act=hint]").await, 0);
    assert!(b.text(".rated-help").await.contains("no undo and no hint"));
    b.gyges_set_up().await;
    assert_eq!(b.count("[data-act=abort]").await, 0);
    b.js("window.confirm = () => true;", json!([])).await;
    b.click("[data-act=resign]").await;
    let change = ".players [data-seat='0'] [data-rating-change]";
    b.wait(change).await;
    let moved: i64 = b
        .attr(change, "data-rating-change")
        .await
        .and_then(|c| c.parse().ok())
        .unwrap();
    assert!(moved < 0, "a loss costs: {moved}");
    let shown = format!("\u{2212}{}", -moved);
    assert_eq!(text(change).await, shown);
    assert_eq!(text("[data-result] [data-rating-change]").await, shown);
    assert_eq!(
        b.count(".players [data-seat='1'] [data-rating-change]")
            .await,
        0,
        "an AI level's rating never moves"
    );
    b.screenshot(&screenshot_path("rated-end.png")).await;
    b.goto(&server.url("/")).await;
    let mine = format!("[data-my-game='{}']", created.id);
    b.wait(&mine).await;
    let line = b.text(&mine).await;
    assert!(line.contains(&format!("Ines 1500? {shown}")), "{line}");
    b.close().await;
}

/// The fourth rated game of a day between the same two names is casual, and the page says
/// so above the board before anyone moves, and on the lobby's line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fourth_rated_game_of_the_day_between_two_says_casual_before_it_begins() {
    let server = server().await;
    let mut keys = Vec::new();
    for name in ["Ann", "Bo"] {
        let (_, me) = server
            .post("/api/players", None, json!({"name": name}))
            .await;
        keys.push(me["key"].as_str().unwrap().to_owned());
    }
    // Games count once both sit in them, however they go on: three, then the fourth.
    let mut last = None;
    for _ in 0..4 {
        let body = json!({"game": "gyges", "seats": ["human", "open"], "rated": true});
        let (_, created) = server.post("/api/games", Some(&keys[0]), body).await;
        let created: Created = serde_json::from_value(created).unwrap();
        let join = format!("/api/games/{}/join", created.id);
        let (status, _) = server.post(&join, Some(&keys[1]), json!({})).await;
        assert_eq!(status, StatusCode::CREATED);
        last = Some(created);
    }
    let created = last.unwrap();
    let b = Browser::start(1280, 900).await;
    b.goto(&server.url(&created.seats[0].link)).await;
    b.wait("svg.board.gyges").await;
    b.wait("p[data-casual='pair-limit']").await;
    b.assert_text("p[data-casual='pair-limit']", &["Casual, not rated"], false)
        .await;
    assert_eq!(
        b.state("trio.page().shown.game.moves.length").await,
        json!(0)
    );
    b.goto(&server.url("/")).await;
    b.wait(&format!("li[data-game='{}'] [data-casual]", created.id))
        .await;
    b.close().await;
}
