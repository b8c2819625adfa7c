//! The page as the browser tests play it, on top of the WebDriver client ([`Browser`]):
//! waits on the page's own state (its turn, the end, nothing in flight), moves made by
//! clicks in each game, the lobby's forms. Beside it, the tests' server: one browser test
//! at a time.

use std::ops::Deref;

use serde_json::{json, Value};
use trio_server::protocol::Created;

use crate::driver::Browser;
use crate::support::Server;

/// The page's game as its shown seat sees it.
pub const GAME: &str = "trio.page().shown.game";

/// One browser test at a time: several headless Chromiums at once on a 2-core machine make
/// every wait a race against the clock.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A test's server ([`Server::start`]), held with the turn of its test.
pub struct Served {
    server: Server,
    /// Held while the test runs, released when the test ends, failed or not.
    _turn: tokio::sync::MutexGuard<'static, ()>,
}

impl Deref for Served {
    type Target = Server;

    fn deref(&self) -> &Server {
        &self.server
    }
}

/// A server of the test's own, once no other browser test runs.
pub async fn server() -> Served {
    let turn = ONE_AT_A_TIME.lock().await;
    Served {
        server: Server::start().await,
        _turn: turn,
    }
}

/// A laptop's window, and a phone's (an iPhone 12's CSS pixels), as `(width, height)`.
pub const DESKTOP: (u32, u32) = (1280, 900);
pub const PHONE: (u32, u32) = (390, 844);

/// Triles with one tile left to lay: Black's A7 ends it.
pub const TRILES_LAST_TILE: &str =
    "C@0,0,0 | B:A1 | W:A1B1C1 | pool:A7B8C7D9E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B";

/// How most page tests begin: a server of the test's own, and a browser window of `size`
/// at seat 0 of a new game of `game` with `seats` (from `position` when given).
pub async fn seated(
    size: (u32, u32),
    game: &str,
    seats: &[&str],
    position: Option<&str>,
) -> (Served, Browser) {
    let server = server().await;
    let b = Browser::start(size.0, size.1).await;
    b.seat_of_new(&server, game, seats, position).await;
    (server, b)
}

impl Browser {
    pub async fn moves(&self) -> usize {
        self.js(&format!("return {GAME}.moves.length;"), json!([]))
            .await
            .as_u64()
            .unwrap() as usize
    }

    pub async fn state(&self, expr: &str) -> Value {
        self.js(&format!("return {expr};"), json!([])).await
    }

    /// Waits until it is the page's seat's turn, with nothing in flight and nothing on the
    /// board still moving (a click aims at where a piece will be, as a person waits to see it).
    pub async fn my_turn(&self) {
        self.wait_for(
            "my turn",
            "trio.page() && trio.page().shown && trio.page().myTurn() && !trio.page().sending \
             && !document.getAnimations().length",
        )
        .await;
    }

    /// Starts a game from the lobby: the game, then seat choices by seat.
    pub async fn start_from_lobby(&self, server: &Server, kind: &str, seats: &[&str]) {
        self.goto(&server.url("/")).await;
        self.click(&format!("[data-kind={kind}]")).await;
        for (i, seat) in seats.iter().enumerate() {
            self.click(&format!("select[name=seat{i}] option[value=\"{seat}\"]"))
                .await;
        }
        self.click("[data-action=create]").await;
    }

    /// A new game of `game` (from `position` when given) with `seats`, opened at seat 0.
    pub async fn seat_of_new(
        &self,
        server: &Server,
        game: &str,
        seats: &[&str],
        position: Option<&str>,
    ) -> Created {
        let created = match position {
            Some(position) => server.create_from(game, seats, position).await,
            None => server.create(game, seats).await,
        };
        self.goto(&server.url(&created.seats[0].link)).await;
        created
    }

    /// Plays one turn of Triles by clicks: a placement when there is one, else the button.
    pub async fn triles_turn(&self) {
        self.my_turn().await;
        let legal = self.state(&format!("{GAME}.legal")).await;
        let legal: Vec<String> = serde_json::from_value(legal).unwrap();
        if legal.iter().any(|a| a.contains('@')) {
            self.propose_a_tile().await;
            self.click("[data-act=confirm]").await;
        } else {
            let action = legal[0].clone();
            self.click(&format!("[data-act=\"{action}\"]")).await;
        }
    }

    /// Gygès against the AI: once it is the page's turn, South's row set up as shown; back
    /// when both have set up and it is the page's turn again.
    pub async fn gyges_set_up(&self) {
        self.my_turn().await;
        self.click("[data-act=setup]").await;
        self.wait_for("both set up", &format!("{GAME}.view.phase === 'play'"))
            .await;
        self.my_turn().await;
    }

    /// Triles: a playable tile of the hand chosen, turned until it fits a cell, laid there
    /// (proposed, not yet confirmed).
    pub async fn propose_a_tile(&self) {
        self.click(".hand-tile.playable").await;
        for _ in 0..3 {
            if self.count(".cell.fit").await > 0 {
                break;
            }
            self.click("[data-act=rotate]").await;
        }
        self.click(".cell.fit").await;
    }

    /// Triles: turns are played until a tile of the hand can be laid (the seed may leave
    /// none playable: the player must draw).
    pub async fn until_a_tile_is_playable(&self) {
        for _ in 0..10 {
            self.my_turn().await;
            if self.count(".hand-tile.playable").await > 0 {
                break;
            }
            self.triles_turn().await;
            self.wait_for("the move is answered", "!trio.page().sending")
                .await;
        }
    }

    /// Waits until it is the page's seat's turn or the game is over; whether it is over.
    pub async fn my_turn_or_the_end(&self) -> bool {
        self.wait_for(
            "my turn or the end",
            "document.querySelector('[data-result]') || (trio.page() && trio.page().shown \
             && trio.page().myTurn() && !trio.page().sending && !document.getAnimations().length)",
        )
        .await;
        self.find("[data-result]").await.is_some()
    }

    /// Plays one decision of Na orbicie by clicks, racing: the move that goes furthest out
    /// (home best), else an entry, a roll or a pass. A capture sends the captured pawn to the
    /// first place offered.
    pub async fn orbit_decision(&self) {
        let legal: Vec<String> =
            serde_json::from_value(self.state(&format!("{GAME}.legal")).await).unwrap();
        let reach = |to: &str| match to {
            "H" => 99,
            field => field.split('.').next().unwrap().parse().unwrap(),
        };
        let best = legal
            .iter()
            .filter_map(|a| a.strip_prefix("move "))
            .filter_map(|m| {
                let (from, rest) = m.split_once('-')?;
                let to = rest.split('>').next()?;
                Some((from, to, reach(to) * 16 - reach(from)))
            })
            .max_by_key(|&(.., score)| score);
        if let Some((from, to, _)) = best {
            self.click(&format!(".field[data-field='{from}']")).await;
            if to == "H" {
                self.click("[data-act=home]").await;
            } else {
                self.click(&format!(".field[data-field='{to}']")).await;
                // A capture: the captured pawn goes to a field, or back to the centre.
                if self.find("[data-act=confirm]").await.is_none() {
                    match self.find(".field.target.drop").await {
                        Some(_) => self.click(".field.target.drop").await,
                        None => self.click("[data-field=C]").await,
                    }
                }
            }
        } else if legal.iter().any(|a| a.starts_with("enter")) {
            self.click(".field.target.enter").await;
        } else if legal.iter().any(|a| a == "roll") {
            self.click("[data-act=roll]").await;
            return;
        } else {
            self.click("[data-act=pass]").await;
            return;
        }
        self.click("[data-act=confirm]").await;
    }

    /// Takes `name` in the lobby of `b`.
    pub async fn take_name(&self, server: &Server, name: &str) {
        self.goto(&server.url("/")).await;
        self.wait("input[name=player-name]").await;
        self.js(
            "document.querySelector('input[name=player-name]').value = arguments[0];",
            json!([name]),
        )
        .await;
        self.click("[data-action=take-name]").await;
        self.wait(&format!("[data-me='{name}']")).await;
    }

    /// The key of the named player the page of `b` is.
    pub async fn player_key(&self) -> String {
        let me = self
            .js(
                "return JSON.parse(localStorage.getItem('trio.player'))",
                json!([]),
            )
            .await;
        me["key"].as_str().unwrap().to_owned()
    }

    /// Plays one Gygès decision by clicks: the setup as shown, else the first plain move (a
    /// piece to an empty square), confirmed.
    pub async fn gyges_click_turn(&self) {
        if self.state(&format!("{GAME}.view.phase")).await == json!("setup") {
            self.click("[data-act=setup]").await;
        } else {
            let legal: Vec<String> =
                serde_json::from_value(self.state(&format!("{GAME}.legal")).await).unwrap();
            let plain = legal
                .iter()
                .find(|a| a.len() == 5 && a.as_bytes()[2] == b'-')
                .expect("a plain move");
            self.click(&format!("[data-sq={}]", &plain[..2])).await;
            self.click(&format!("[data-sq={}]", &plain[3..])).await;
            self.click("[data-act=confirm]").await;
        }
        self.wait_for("sent", "!trio.page().sending").await;
    }

    /// Waits until the prompt names the move a second tap or Confirm plays, in `words` (or
    /// words that begin so).
    pub async fn prompt_names(&self, words: &str) {
        self.wait("[data-act=confirm]").await;
        let prompt = self.text("[data-prompt]").await;
        assert!(
            prompt.contains(&format!("Confirm to play this move: {words}")),
            "{prompt}"
        );
    }

    /// From now on, `window.shownAt` lists each move as the page's game gets it: its seat and
    /// when.
    pub async fn record_when_shown(&self) {
        let script = format!(
            "window.shownAt = []; let n = {GAME}.moves.length;
             setInterval(() => {{ const moves = {GAME}.moves;
               for (const m of moves.slice(n)) shownAt.push([m.seat, performance.now()]);
               n = moves.length; }}, 5);"
        );
        self.js(&script, json!([])).await;
    }
}
