//! Draw offers (docs/api.md, "Draws"): between the two people of a game once both have
//! played; offered, declined — after which the next offer waits for more moves of its
//! own — lapsing when the other decides, offered again and accepted: a draw by agreement,
//! its reason everywhere, rated as a draw.

use reqwest::StatusCode;
use serde_json::{json, Value};
use trio_core::EndReason;

use crate::support::backend::on_both_backends;
use crate::support::{Backend, Server};

on_both_backends!(a_draw_is_offered_declined_offered_again_and_agreed,);

/// `POST /api/games/{id}/{what}` as the seat of `token`: the status, and the error's code
/// and arguments if refused.
async fn ask(server: &Server, id: &str, what: &str, token: &str) -> (StatusCode, Value) {
    let (status, answer) = server.to_game(id, what, Some(token), json!({})).await;
    (status, json!([answer["code"], answer["args"]]))
}

const OK: (StatusCode, Value) = (StatusCode::OK, Value::Null);

async fn a_draw_is_offered_declined_offered_again_and_agreed(backend: Backend) {
    let server = Server::on(&backend).await;
    let (ann, bo) = (
        server.new_player("Ann").await,
        server.new_player("Bo").await,
    );
    let (id, [south, north]) = server.rated_pair(&ann, &bo, Value::Null).await;
    let refused = |code: &str| (StatusCode::CONFLICT, json!([code, null]));

    // Before both have played there is no draw to offer: the game may still be aborted.
    assert_eq!(ask(&server, &id, "draw", &south).await, refused("no-draw"));
    server.play_first(&id, &south).await;
    server.play_first(&id, &north).await;

    // South offers; North sees it, and South's second ask is answered as the first.
    let offers = |token: &str| {
        let (server, id, token) = (&server, id.clone(), token.to_owned());
        async move { server.snapshot(&id, Some(&token)).await.offers }
    };
    assert!(offers(&south).await.draw && !offers(&north).await.draw_offered);
    for _ in 0..2 {
        let (status, answer) = server.to_game(&id, "draw", Some(&south), json!({})).await;
        assert_eq!(
            (status, &answer["seq"]),
            (StatusCode::OK, &json!(2)),
            "{answer}"
        );
    }
    let (mine, theirs) = (offers(&south).await, offers(&north).await);
    assert!(!mine.draw && !mine.draw_offered, "{mine:?}");
    assert!(theirs.draw && theirs.draw_offered, "{theirs:?}");
    // Nothing stands for South to decline; a spectator has no say.
    assert_eq!(
        ask(&server, &id, "draw/decline", &south).await,
        refused("no-draw-offer")
    );
    let (status, _) = server.to_game(&id, "draw", None, json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // North declines: South must make two more moves before offering again.
    assert_eq!(ask(&server, &id, "draw/decline", &north).await.0, OK.0);
    assert!(!offers(&north).await.draw_offered);
    let wait = (StatusCode::CONFLICT, json!(["draw-wait", {"moves": "2"}]));
    assert_eq!(ask(&server, &id, "draw", &south).await, wait);
    assert!(!offers(&south).await.draw);
    for _ in 0..2 {
        server.play_first(&id, &south).await;
        server.play_first(&id, &north).await;
    }

    // An offer lapses when the other decides instead of answering.
    assert_eq!(ask(&server, &id, "draw", &south).await.0, OK.0);
    server.play_first(&id, &south).await;
    assert!(
        offers(&north).await.draw_offered,
        "its own move keeps South's offer"
    );
    server.play_first(&id, &north).await;
    assert!(
        !offers(&north).await.draw_offered,
        "North's move let it lapse"
    );

    // Offered again, accepted by offering too: a draw by agreement, rated as one.
    assert_eq!(ask(&server, &id, "draw", &south).await.0, OK.0);
    assert_eq!(ask(&server, &id, "draw", &north).await.0, OK.0);
    let over = server.snapshot(&id, None).await;
    let result = over.result.expect("over");
    assert_eq!(
        (result.reason, result.seat),
        (EndReason::Agreement, Some(1))
    );
    assert_eq!(result.ranks, [0, 0]);
    let record = server.record(&id).await.result.unwrap();
    assert_eq!(
        (record.reason, record.ranks),
        (EndReason::Agreement, vec![0, 0])
    );
    assert_eq!(ask(&server, &id, "draw", &south).await.1[0], "game-over");
    for name in ["Ann", "Bo"] {
        let (_, profile) = server.get(&format!("/api/players/{name}"), None).await;
        assert_eq!(profile["history"][0]["game"], json!(id), "{profile}");
    }

    // Against the AI there is nobody to agree with.
    let game = server.create("gyges", &["human", "ai:1"]).await;
    let token = &game.seats[0].token;
    server.play_first(&game.id, token).await;
    assert!(!server.snapshot(&game.id, Some(token)).await.offers.draw);
    assert_eq!(
        ask(&server, &game.id, "draw", token).await,
        refused("no-draw")
    );
}
