//! What the web page needs from the server, without a browser: its files and the rules
//! pages, games started from a position, refusals with their rule's arguments, hints and
//! undo against the AI only, replays and reviews of finished games; and that the page has
//! an English and a Polish message for every rule id of docs/rules.

use std::collections::BTreeSet;

use serde_json::{json, Value};

use crate::support::Server;

#[tokio::test]
async fn the_page_its_files_and_the_rules_are_served() {
    let server = Server::start().await;
    for path in ["/", "/games/0123456789abcdef"] {
        let response = server.http.get(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 200);
        let csp = response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(csp.contains("default-src 'self'"));
        assert!(response.text().await.unwrap().contains("/app.js\""));
    }
    let response = server
        .http
        .get(server.url("/ui/app.js"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/javascript"));
    let etag = response.headers()["etag"].clone();
    let again = server
        .http
        .get(server.url("/ui/app.js"))
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    for (file, title) in [
        ("gyges.md", "# Gygès — the rules"),
        ("triles.pl.md", "# Triles — zasady gry"),
        ("orbit.pl.md", "# Na orbicie — zasady gry"),
    ] {
        let text = server
            .http
            .get(server.url(&format!("/rules/{file}")))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(text.starts_with(title), "{file}");
    }
    for missing in [
        "/ui/nothing.js",
        "/rules/../Cargo.toml",
        "/rules/nothing.md",
    ] {
        let response = server.http.get(server.url(missing)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{missing}");
    }
}

#[tokio::test]
async fn files_are_compressed_cached_for_good_by_version_and_a_browser_gets_a_404_page() {
    let server = Server::start().await;
    let get = |path: &str, accept: &str| {
        server
            .http
            .get(server.url(path))
            .header("accept", accept)
            .header("accept-encoding", "gzip")
            .send()
    };
    let header = |response: &reqwest::Response, name: &str| {
        response
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_owned())
    };
    let page = get("/", "text/html").await.unwrap();
    assert_eq!(header(&page, "content-encoding").as_deref(), Some("gzip"));
    assert_eq!(header(&page, "cache-control").as_deref(), Some("no-cache"));
    let page = server.http.get(server.url("/")).send().await.unwrap();
    let html = page.text().await.unwrap();
    // The page's files are under a version, so each can be kept for a year; the modules'
    // relative imports are under the same version.
    let app = html
        .split('"')
        .find(|s| s.starts_with("/v/") && s.ends_with("/app.js"))
        .unwrap_or_else(|| panic!("no versioned app.js in {html}"))
        .to_owned();
    for path in [
        app.clone(),
        app.replace("app.js", "dom.js"),
        app.replace("app.js", "style.css"),
    ] {
        let response = get(&path, "*/*").await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(
            header(&response, "content-encoding").as_deref(),
            Some("gzip"),
            "{path}"
        );
        let cache = header(&response, "cache-control").unwrap();
        assert!(
            cache.contains("max-age=31536000") && cache.contains("immutable"),
            "{path}: {cache}"
        );
    }
    // A version not this build's gets today's file, but not for good.
    let old = get("/v/0123/app.js", "*/*").await.unwrap();
    assert_eq!(old.status(), 200);
    assert_eq!(header(&old, "cache-control").as_deref(), Some("no-cache"));

    let icon = get("/favicon.ico", "image/*").await.unwrap();
    assert_eq!(icon.status(), 200);
    assert_eq!(
        header(&icon, "content-type").as_deref(),
        Some("image/svg+xml")
    );

    // An unknown address: a browser gets the page (which says so) as a 404; the API and
    // anything not asking for HTML get the documented JSON.
    let nope = server
        .http
        .get(server.url("/nope"))
        .header("accept", "text/html,*/*")
        .send()
        .await
        .unwrap();
    assert_eq!(nope.status(), 404);
    assert!(header(&nope, "content-type")
        .unwrap()
        .starts_with("text/html"));
    assert!(nope.text().await.unwrap().contains("/app.js\""));
    for (path, accept) in [
        ("/api/nope", "text/html,*/*"),
        ("/nope", "application/json"),
    ] {
        let response = server
            .http
            .get(server.url(path))
            .header("accept", accept)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 404, "{path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], "not-found", "{path}");
    }
}

#[tokio::test]
async fn a_game_starts_from_a_position_and_a_bad_one_is_refused() {
    let server = Server::start().await;
    let position = ".33221/2...../....23/....../311.../1..... S";
    let created = server
        .create_from("gyges", &["human", "human"], position)
        .await;
    let (_, shown) = server
        .show(&created.id, Some(&created.seats[0].token))
        .await;
    assert_eq!(shown["view"]["position"], json!(position));
    assert!(shown["legal"].as_array().unwrap().contains(&json!("a1-G")));
    // Every seat and the lobby are told that the creator set the start.
    assert_eq!(shown["set_up"], json!(["position"]));
    let (_, lobby) = server.list("").await;
    let listed = lobby["games"].as_array().unwrap().iter();
    let line = listed
        .clone()
        .find(|g| g["id"] == json!(created.id))
        .unwrap();
    assert_eq!(line["set_up"], json!(["position"]));
    let nonsense = json!({"game": "gyges", "seats": ["human", "ai:1"], "position": "nonsense"});
    let (status, body) = server.post("/api/games", None, nonsense).await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], json!("bad-position"));
}

#[tokio::test]
async fn an_illegal_move_names_its_rule_with_arguments() {
    let server = Server::start().await;
    let created = server
        .create_from(
            "gyges",
            &["human", "human"],
            "321123/....../....../....../....../123321 S",
        )
        .await;
    let token = &created.seats[0].token;
    let path = format!("/api/games/{}/actions", created.id);
    let (status, body) = server
        .post(&path, Some(token), json!({"action": "b1-b5", "expect": 0}))
        .await;
    assert_eq!(status, 422);
    assert_eq!(body["rule"], json!("gyges.exact-steps"));
    assert_eq!(
        body["args"],
        json!({"piece": "b1", "to": "b5", "value": "2"})
    );
}

#[tokio::test]
async fn hints_and_undo_are_for_games_against_the_ai() {
    let server = Server::start().await;
    let start = "321123/....../....../....../....../123321 S";
    // Against a person: no hint.
    let friends = server
        .create_from("gyges", &["human", "human"], start)
        .await;
    let (status, body) = server
        .get(
            &format!("/api/games/{}/hint", friends.id),
            Some(&friends.seats[0].token),
        )
        .await;
    assert_eq!((status.as_u16(), &body["code"]), (403, &json!("no-hint")));

    // Against the AI: a legal move of the seat to move, never for a spectator.
    let game = server.create_from("gyges", &["human", "ai:1"], start).await;
    let token = &game.seats[0].token;
    let hint_path = format!("/api/games/{}/hint", game.id);
    let (status, hint) = server.get(&hint_path, Some(token)).await;
    assert_eq!(status, 200, "{hint}");
    let shown = server.show(&game.id, Some(token)).await.1;
    assert!(shown["legal"].as_array().unwrap().contains(&hint["action"]));
    let (status, _) = server.get(&hint_path, None).await;
    assert_eq!(status, 401);

    // A move, the AI's answer, and an undo of both.
    let (status, _) = server
        .post(
            &format!("/api/games/{}/actions", game.id),
            Some(token),
            json!({"action": hint["action"], "expect": 0}),
        )
        .await;
    assert_eq!(status, 200);
    let answered = server.once(&game.id, |s| s.seq >= 2).await;
    assert_eq!(answered.seq, 2, "the AI answered");
    let (status, body) = server
        .post(
            &format!("/api/games/{}/undo", game.id),
            Some(token),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let shown = server.show(&game.id, Some(token)).await.1;
    assert_eq!(shown["moves"], json!([]));
    assert_eq!(shown["view"]["position"], json!(start));

    // Between people, the other's answer cannot be taken back.
    let token = &friends.seats[0].token;
    let actions = format!("/api/games/{}/actions", friends.id);
    let (status, _) = server
        .post(
            &actions,
            Some(token),
            json!({"action": "a1-a2", "expect": 0}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, _) = server
        .post(
            &actions,
            Some(&friends.seats[1].token),
            json!({"action": "c6-c5", "expect": 1}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, body) = server
        .post(
            &format!("/api/games/{}/undo", friends.id),
            Some(token),
            json!({}),
        )
        .await;
    assert_eq!((status.as_u16(), &body["code"]), (409, &json!("no-undo")));
}

#[tokio::test]
async fn a_finished_game_replays_move_by_move() {
    let server = Server::start().await;
    let position = "rgb r r:H,H,6.3/g:H,H,H/b:C,C,C - turn=50 finished=g";
    let game = server
        .create_from("orbit(players=3)", &["human", "ai:1", "ai:1"], position)
        .await;
    let token = &game.seats[0].token;
    let (status, body) = server
        .get(&format!("/api/games/{}/replay/0", game.id), None)
        .await;
    assert_eq!((status.as_u16(), &body["code"]), (409, &json!("not-over")));
    let (status, _) = server
        .post(
            &format!("/api/games/{}/actions", game.id),
            Some(token),
            json!({"action": "move 6.3-H", "expect": 0}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, start) = server
        .get(&format!("/api/games/{}/replay/0", game.id), Some(token))
        .await;
    assert_eq!(
        (start["ply"].clone(), start["total"].clone()),
        (json!(0), json!(1))
    );
    let at = |v: &Value| -> Vec<String> {
        v["view"]["pawns"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["colour"] == "red")
            .map(|p| p["at"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(at(&start), ["6.3", "H", "H"]);
    let (_, end) = server
        .get(&format!("/api/games/{}/replay/99", game.id), None)
        .await;
    assert_eq!(end["ply"], json!(1));
    assert_eq!(at(&end), ["H", "H", "H"]);
    assert_eq!(end["view"]["phase"], json!("over"));
}

#[tokio::test]
async fn a_finished_game_is_reviewed_once_asked_and_not_before() {
    let server = Server::start().await;
    let position = "rgb r r:H,H,6.3/g:H,H,H/b:C,C,C - turn=50 finished=g";
    let game = server
        .create_from("orbit(players=3)", &["human", "ai:1", "ai:1"], position)
        .await;
    let review = format!("/api/games/{}/review", game.id);
    let (status, body) = server.get(&review, None).await;
    assert_eq!((status.as_u16(), &body["code"]), (409, &json!("not-over")));
    let (status, _) = server
        .post(
            &format!("/api/games/{}/actions", game.id),
            Some(&game.seats[0].token),
            json!({"action": "move 6.3-H", "expect": 0}),
        )
        .await;
    assert_eq!(status, 200);
    // The first ask starts it; the asks after it see its progress until it is made.
    let (status, body) = server.get(&review, None).await;
    assert_eq!(status, 202, "{body}");
    assert!(body["progress"]["done"].is_u64(), "{body}");
    let made = server.review(&game.id).await;
    assert_eq!(made["level"], json!(3));
    let steps = made["review"]["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0]["action"], json!("move 6.3-H"));
    assert_eq!(steps[0]["seat"], json!(0));
    // Green first, red second, blue last: each seat's sum is its result.
    let seats = made["review"]["seats"].as_array().unwrap();
    let results: Vec<f64> = seats
        .iter()
        .map(|s| s["result"].as_f64().unwrap())
        .collect();
    assert_eq!(results, [0.5, 1.0, 0.0]);
    for s in seats {
        let f = |k: &str| s[k].as_f64().unwrap();
        let sum = f("start") + f("luck") - f("skill") + f("others") + f("residual");
        assert!((sum - f("result")).abs() < 1e-9, "{s}");
    }
    // Kept: asked again, the same review at once.
    let (status, again) = server.get(&review, None).await;
    assert_eq!((status.as_u16(), &again), (200, &made));
}

/// The rule ids listed at the end of each docs/rules/<game>.md.
fn documented_rule_ids() -> BTreeSet<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules");
    let mut ids = BTreeSet::new();
    for game in ["gyges", "triles", "orbit"] {
        let text = std::fs::read_to_string(root.join(format!("{game}.md"))).unwrap();
        let section = &text[text.find("## Rule ids").expect("a Rule ids section")..];
        for line in section.lines().filter(|l| l.starts_with("| `")) {
            let id = line[3..].split('`').next().unwrap();
            ids.insert(id.to_owned());
        }
        // Ids named in the text after the table (core.game-over, core.impossible-chance).
        for word in section.split('`').skip(1).step_by(2) {
            if word.starts_with("core.") {
                ids.insert(word.to_owned());
            }
        }
    }
    ids
}

#[test]
fn every_rule_id_has_an_english_and_a_polish_message() {
    let ids = documented_rule_ids();
    assert!(ids.len() >= 40, "{ids:?}");
    for lang in ["en", "pl"] {
        let words = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("ui/i18n-{lang}.js")),
        )
        .unwrap();
        let rules = &words[words.find("const RULES").unwrap()..words.find("const WORDS").unwrap()];
        for id in &ids {
            assert!(
                rules.contains(&format!("'{id}':")),
                "no {lang} message for {id}"
            );
        }
    }
}
