//! Connections in the page: a page left (back/forward cache) lets its seat go, and an
//! outage shows nobody connected while a move waits visibly for the connection.

use std::net::SocketAddr;

use serde_json::json;

use crate::driver::{Browser, PATIENCE};
use crate::page::{server, GAME};
use crate::support::Server;

/// A way to a server that a test cuts and mends, as a network outage or the server going
/// down would look to a browser: while cut, every connection through it is closed and new
/// ones are closed as soon as they come.
pub struct Outage {
    pub addr: SocketAddr,
    cut: tokio::sync::watch::Sender<bool>,
}

impl Outage {
    /// A way to `server`, open.
    pub async fn to(server: &Server) -> Outage {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let cut = tokio::sync::watch::Sender::new(false);
        let (target, watch) = (server.addr, cut.subscribe());
        tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let mut watch = watch.clone();
                if *watch.borrow() {
                    continue;
                }
                tokio::spawn(async move {
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(target).await else {
                        return;
                    };
                    // Ends as either side closes, or the way is cut (or the test over).
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = watch.wait_for(|cut| *cut) => {}
                    }
                });
            }
        });
        Outage { addr, cut }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Cuts the way (`true`) or mends it.
    pub fn cut(&self, cut: bool) {
        self.cut.send_replace(cut);
    }
}

/// Waits until the server says seat 0 of game `id` is connected (`true`) or not.
async fn seat_0_connected(server: &Server, id: &str, connected: bool) {
    let started = std::time::Instant::now();
    while server.show(id, None).await.1["seats"][0]["connected"] != json!(connected) {
        assert!(
            started.elapsed() < PATIENCE,
            "seat 0's `connected` never became {connected}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_left_closes_its_socket_and_an_outage_shows_no_stale_green() {
    let server = server().await;
    // The page reaches the server through a way the test cuts: an outage.
    let way = Outage::to(&server).await;
    let b = Browser::start(1280, 900).await;
    let created = server.create("gyges", &["human", "human"]).await;
    b.goto(&way.url(&created.seats[0].link)).await;
    b.my_turn().await;
    seat_0_connected(&server, &created.id, true).await;
    // Left for another page (kept in the back/forward cache): the seat is let go at once,
    // and taken again when the page comes back.
    let transition =
        "window.dispatchEvent(new PageTransitionEvent(arguments[0], { persisted: true }));";
    b.js(transition, json!(["pagehide"])).await;
    seat_0_connected(&server, &created.id, false).await;
    b.js(transition, json!(["pageshow"])).await;
    seat_0_connected(&server, &created.id, true).await;
    b.wait("[data-presence=on]").await;

    // An outage (the server unreachable, reconnecting failing): nobody is shown connected
    // (the page cannot know), and a move waits visibly for the connection, never looking
    // sent, for as long as the outage lasts.
    b.my_turn().await;
    way.cut(true);
    b.wait("[data-offline]").await;
    assert_eq!(b.count("[data-presence=on]").await, 0);
    assert_eq!(b.count("[data-presence=unknown]").await, 2);
    b.click("[data-act=setup]").await;
    let turn = "document.querySelector('.status .turn').textContent";
    b.wait_for(
        "waiting said",
        &format!("{turn}.includes('waiting for the connection')"),
    )
    .await;
    // Past a few failed reconnections, still so.
    b.wait_for("reconnections failed", "trio.page().conns[0].failures >= 3")
        .await;
    let said = b.state(turn).await;
    assert!(said.as_str().unwrap().starts_with("Not sent yet"), "{said}");
    assert_eq!(b.count("[data-presence=on]").await, 0);
    assert_eq!(b.state(&format!("{GAME}.moves.length")).await, json!(0));
    way.cut(false);
    b.wait_for("sent once back", &format!("{GAME}.moves.length === 1"))
        .await;
    b.wait("[data-presence=on]").await;
    b.close().await;
}
