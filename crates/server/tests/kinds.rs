//! `GET /api/kinds` over real HTTP: every game with its seats and its options' schemas, as
//! the game crates declare them, for the lobby to build its form from.

use reqwest::StatusCode;
use serde_json::{json, Value};
use trio_server::{app, AppState};

async fn kinds() -> (StatusCode, Value) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("kinds.db");
    let state = AppState::sqlite(db.to_str().unwrap()).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app(state)).await.unwrap() });
    let response = reqwest::get(format!("http://{addr}/api/kinds"))
        .await
        .unwrap();
    (response.status(), response.json().await.unwrap())
}

#[tokio::test]
async fn kinds_list_every_game_with_its_seats_and_option_schemas() {
    let (status, body) = kinds().await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let kinds = body["kinds"].as_array().unwrap();
    let names: Vec<&str> = kinds.iter().map(|k| k["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["gyges", "triles", "orbit"]);
    let orbit = &kinds[2];
    assert_eq!(orbit["title"], "Na orbicie");
    assert_eq!(orbit["seats"], json!({"min": 2, "max": 4}));
    let option = |kind: &Value, name: &str| -> Value {
        kind["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == name)
            .unwrap_or_else(|| panic!("no option {name} in {kind}"))
            .clone()
    };
    let players = option(orbit, "players");
    assert_eq!(
        (
            &players["kind"],
            &players["min"],
            &players["max"],
            &players["default"]
        ),
        (&json!("integer"), &json!(2), &json!(4), &json!("2"))
    );
    assert!(players["help"].as_str().unwrap().ends_with('.'));
    let order = option(orbit, "order");
    assert_eq!(order["kind"], "letters");
    assert_eq!(order["alphabet"], "rgby");
    assert_eq!(order["default"], Value::Null);
    assert_eq!(option(orbit, "board")["kind"], "file");
    assert_eq!(option(orbit, "board")["default"], "classic");
    assert_eq!(kinds[0]["seats"], json!({"min": 2, "max": 2}));
    let variant = option(&kinds[0], "variant");
    assert_eq!(variant["kind"], "choice");
    assert_eq!(variant["values"], json!(["seed", "official"]));
    let triles_variant = option(&kinds[1], "variant");
    assert_eq!(triles_variant["kind"], "set");
    assert_eq!(
        triles_variant["values"],
        json!(["open-hands", "open-pool", "own-dots"])
    );
    assert_eq!(option(&kinds[1], "tiles")["what"], "tile-set");
}
