//! The engines in the page's Web Worker (`ui/engine-worker.js` over the WebAssembly that
//! `scripts/wasm` builds): on a fixed set of positions of every game, what the worker's
//! search finds within a node budget, and the AI level's move, equal native `trio`'s
//! (the catalog's `analyse` and `hint`, which `trio hint` prints); and the analysis board
//! (`/analysis`) built on it.

use reqwest::StatusCode;
use serde_json::json;
use trio_catalog::AnyGame;
use trio_core::Turn;

use crate::driver::Browser;
use crate::page::server;

/// Asks a fresh worker each request in turn and answers them all once every answer came:
/// `{ok}` or `{error}` each, or `{worker}` if the worker itself failed.
const ASK_THE_WORKER: &str = r#"
const [requests, done] = [arguments[0], arguments[arguments.length - 1]];
const worker = new Worker('/ui/engine-worker.js', { type: 'module' });
const answers = [];
worker.onmessage = ({ data }) => {
  answers[data.id] = data;
  if (answers.filter(Boolean).length === requests.length) {
    worker.terminate();
    done(answers);
  }
};
worker.onerror = (e) => done({ worker: String(e.message) });
requests.forEach((request, id) => worker.postMessage({ id, request }));
"#;

/// The position `plies` plies into `game`, each ply its mover's first move or
/// chance's first outcome, then any chance event resolved the same way, so that a seat is
/// to move.
fn position(game: &dyn AnyGame, plies: usize) -> String {
    let mut position = game.start_position();
    let mut played = 0;
    loop {
        let turn = game.turn(&position).unwrap();
        if turn == Turn::Over || (played >= plies && matches!(turn, Turn::Seat(_))) {
            return position;
        }
        let first = game.moves(&position).unwrap().remove(0).0;
        position = game.play(&position, &first).unwrap();
        played += 1;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_workers_moves_equal_native_trios_at_the_same_budget() {
    // Each game and a variant; the budgets are a level's or less, so the test stays quick.
    let cases = [
        ("gyges", 2, 20_000),
        ("gyges", 6, 50_000),
        ("gyges(variant=seed)", 2, 20_000),
        ("triles", 0, 300),
        ("triles(variant=own-dots+open-pool)", 4, 300),
        ("orbit", 3, 300),
        ("orbit(players=3)", 5, 300),
    ];
    let mut requests = Vec::new();
    let mut native = Vec::new();
    for (spec, plies, nodes) in cases {
        let game = trio_catalog::game(spec).unwrap();
        let position = position(game.as_ref(), plies);
        requests.push(json!({
            "op": "analyse", "spec": spec, "position": position, "nodes": nodes, "seed": 7,
        }));
        native.push(serde_json::to_value(game.analyse(&position, nodes, 7).unwrap()).unwrap());
        requests.push(json!({
            "op": "hint", "spec": spec, "position": position, "level": 2, "seed": 7,
        }));
        let hint = game.hint(&position, 2, 7).unwrap();
        native.push(json!({
            "action": hint.action, "parts": hint.parts, "evaluation": hint.evaluation,
        }));
    }

    let server = server().await;
    let b = Browser::start(800, 600).await;
    b.goto(&server.url("/")).await;
    let answers = b.js_async(ASK_THE_WORKER, json!([requests])).await;
    let answers = answers
        .as_array()
        .unwrap_or_else(|| panic!("the worker failed: {answers}"));
    assert_eq!(answers.len(), native.len());
    for ((request, answer), native) in requests.iter().zip(answers).zip(&native) {
        assert_eq!(
            answer.get("ok"),
            Some(native),
            "{request}: the worker answered {answer}"
        );
    }
    // Every answer is a move of its position: the test compares real searches.
    for answer in answers.iter().step_by(2) {
        assert!(answer["ok"]["best"].as_str().is_some_and(|b| !b.is_empty()));
    }
    b.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_board_moves_takes_back_and_shows_the_engines_line() {
    let game = trio_catalog::game("gyges").unwrap();
    let start = game.start_position();
    let set_up = game.play(&start, "setup 123321").unwrap();
    let position = game.play(&set_up, "setup 321123").unwrap();
    let first = game.analyse(&position, 20_000, 1).unwrap();

    let server = server().await;
    let b = Browser::start(1000, 800).await;
    b.goto(&server.url("/analysis?game=gyges&moves=setup%20123321~setup%20321123"))
        .await;
    // The first budget's answer is the native one at the same budget.
    b.wait_for(
        "the engine's first line",
        "document.querySelector('[data-line][data-best-20000]')",
    )
    .await;
    assert_eq!(
        b.attr("[data-line]", "data-best-20000").await.as_deref(),
        Some(first.best.as_str())
    );
    assert!(b.text("[data-eval-text]").await.contains("Expected score"));

    // A move by the side to move, then taken back: the address follows.
    let mv = game.moves(&position).unwrap().remove(0).0;
    b.click(&format!("[data-action='{mv}']")).await;
    b.wait_for(
        "the move in the address",
        "location.search.split('~').length === 3",
    )
    .await;
    b.click("[data-back]").await;
    b.wait_for(
        "the move taken back",
        "location.search.split('~').length === 2 && !!document.querySelector('[data-moves] button')",
    )
    .await;
    // All of it in the browser: nothing asked of the API.
    let api = b
        .js(
            "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/')).length;",
            json!([]),
        )
        .await;
    assert_eq!(api, 0);
    b.close().await;
}

/// A finished game's replay opens the analysis board at the step it shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replays_step_opens_on_the_analysis_board() {
    let server = server().await;
    let created = server.create("gyges", &["human", "human"]).await;
    let (id, south) = (&created.id, &created.seats[0].token);
    server.play_first(id, south).await;
    server.play_first(id, &created.seats[1].token).await;
    assert_eq!(server.resign(id, south).await, StatusCode::OK);
    let b = Browser::start(1000, 800).await;
    b.goto(&server.url(&format!("/games/{id}"))).await;
    b.click("[data-act=replay]").await;
    b.wait(".replay[data-ply='2']").await;
    b.click("[data-replay=back]").await;
    b.wait(".replay[data-ply='1']").await;
    b.click("[data-replay=analyse]").await;
    // South's set-up alone, on the board, the engine at work on North's.
    b.wait_for(
        "the board at the step shown",
        "location.pathname === '/analysis' && /^\\?game=gyges&moves=setup\\+\\d{6}$/.test(location.search) \
         && !!document.querySelector('[data-line]')",
    )
    .await;
    b.close().await;
}
