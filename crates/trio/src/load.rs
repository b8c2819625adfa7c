//! `trio load`: a load generator for `trio serve`. It creates many games with people in
//! every seat, connects a WebSocket per seat, and has each seat play a random legal move
//! as soon as it is to move (after `--think-ms`), until each game ends or the time is up.
//! It reports actions per second and the acknowledgement latency (from sending an action
//! to its `ack`) at the 50th, 99th percentile and the worst.
//!
//! Given several instances of one server (`--addr` repeated, sharing a database), it
//! creates game g on instance g mod n and connects seat s of game g to instance
//! (g + s) mod n, so that a game's seats sit on different instances and every action's
//! `ack` and the other seats' events cross between them.
//!
//! It only talks to loopback addresses: it is for measuring servers on this machine.

use std::collections::HashMap;
use std::net::{SocketAddr, ToSocketAddrs};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;
use futures_util::{SinkExt, StreamExt};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use tokio::sync::{watch, Semaphore};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use trio_server::protocol::Created;

/// Games created, and seats connecting, at once.
const SETUP: usize = 32;

#[derive(Debug, Args)]
#[command(
    after_help = "Start a server first, a release build with its per-address limits lifted \
(every seat connects from 127.0.0.1; otherwise the limits are what is measured):\n  \
cargo run --release -p trio -- serve --db /tmp/load.db --action-rate 1000000/s \
--create-rate 1000000/s --games-per-creator 1000000 --connections-per-address 1000000 \
--sockets-per-address 1000000\nthen:\n  trio load --addr 127.0.0.1:8080 --games 1000 --seconds 60\n\n\
Several instances on one database: game g is created on instance g mod n and its seat s \
plays on instance (g + s) mod n, so acks and events cross instances:\n  \
trio load --addr 127.0.0.1:8080 --addr 127.0.0.1:8081 --games 1000 --seconds 60"
)]
pub struct LoadArgs {
    /// A server's address, loopback only; repeat it (or separate with commas) for several
    /// instances of one server.
    #[arg(long, default_value = "127.0.0.1:8080", value_delimiter = ',')]
    pub addr: Vec<String>,
    /// Games played at once.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// The game spec of every game.
    #[arg(long, default_value = "gyges")]
    pub game: String,
    /// How long to play, in seconds, after every seat is connected.
    #[arg(long, default_value_t = 30)]
    pub seconds: u64,
    /// How long a seat waits before each move on average, in milliseconds (each wait is
    /// drawn uniformly from 0 to twice this; 0: at once).
    #[arg(long, default_value_t = 0)]
    pub think_ms: u64,
    /// Seeds the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The fields of a server message (docs/protocol.md) that a seat needs to move.
#[derive(Debug, serde::Deserialize)]
struct Frame {
    #[serde(rename = "type")]
    kind: String,
    seq: Option<u64>,
    cid: Option<String>,
    #[serde(default)]
    legal: Vec<String>,
    result: Option<serde::de::IgnoredAny>,
    state: Option<FrameState>,
    message: Option<String>,
}

#[derive(Debug, serde::Deserialize)]
struct FrameState {
    legal: Vec<String>,
    result: Option<serde::de::IgnoredAny>,
}

/// What one seat measured.
#[derive(Debug, Default)]
struct Tally {
    /// Acknowledgement latencies, in microseconds.
    latencies: Vec<u64>,
    rejected: u64,
    finished: bool,
    error: Option<String>,
}

pub fn run(args: &LoadArgs) -> Result<ExitCode> {
    let addrs = args
        .addr
        .iter()
        .map(|addr| loopback(addr))
        .collect::<Result<Vec<_>>>()?;
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    // A socket per seat, the connections that create the games, and a margin.
    let seats = trio_catalog::game(&args.game)?.seat_count();
    let needed = (args.games * seats + SETUP + 64) as u64;
    if let Some(limit) = trio_server::raise_descriptor_limit().filter(|&l| l < needed) {
        bail!(
            "{} games of {} need about {needed} open descriptors, but this process may \
             open only {limit} (ulimit -n): ask for fewer games",
            args.games,
            args.game
        );
    }
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(drive(args, &addrs))
}

/// The address, if every address it names is a loopback one.
fn loopback(addr: &str) -> Result<SocketAddr> {
    let addrs: Vec<SocketAddr> = addr
        .to_socket_addrs()
        .with_context(|| format!("cannot read the address {addr}"))?
        .collect();
    match addrs.iter().find(|a| a.ip().is_loopback()) {
        Some(a) if addrs.iter().all(|a| a.ip().is_loopback()) => Ok(*a),
        _ => bail!(
            "{addr} is not a loopback address: trio load only measures a server on this machine"
        ),
    }
}

async fn drive(args: &LoadArgs, addrs: &[SocketAddr]) -> Result<ExitCode> {
    let http = reqwest::Client::new();
    let setup = Arc::new(Semaphore::new(SETUP));
    eprintln!("creating {} games of {} …", args.games, args.game);
    let mut creations = Vec::new();
    for g in 0..args.games {
        let http = http.clone();
        let setup = setup.clone();
        let game = args.game.clone();
        let addr = addrs[g % addrs.len()];
        creations.push(tokio::spawn(async move {
            let _permit = setup.acquire_owned().await.expect("open");
            create(&http, addr, &game).await
        }));
    }
    let mut games = Vec::new();
    for creation in creations {
        games.push(creation.await??);
    }
    eprintln!(
        "connecting {} seats …",
        games.iter().map(|g| g.seats.len()).sum::<usize>()
    );
    let (go, started) = watch::channel(None::<Instant>);
    let mut seats = Vec::new();
    let mut connected = Vec::new();
    let mut rng = StdRng::seed_from_u64(args.seed);
    for (g, game) in games.iter().enumerate() {
        for (s, ticket) in game.seats.iter().enumerate() {
            let addr = addrs[(g + s) % addrs.len()];
            let url = format!("ws://{addr}/api/games/{}/ws", game.id);
            let token = ticket.token.clone();
            let setup = setup.clone();
            let started = started.clone();
            let seed = rng.random();
            let think = Duration::from_millis(args.think_ms);
            let (ready, is_ready) = tokio::sync::oneshot::channel();
            connected.push(is_ready);
            seats.push(tokio::spawn(async move {
                let permit = setup.acquire_owned().await.expect("open");
                // A small read buffer, as the server's: 20,000 sockets of the default
                // 128 KiB would hold 2.5 GiB here.
                let config = WebSocketConfig::default().read_buffer_size(4 * 1024);
                let socket =
                    tokio_tungstenite::connect_async_with_config(&url, Some(config), true).await;
                drop(permit);
                let mut tally = Tally::default();
                match socket {
                    Ok((socket, _)) => {
                        let _ = ready.send(());
                        if let Err(e) = play(socket, &token, started, seed, think, &mut tally).await
                        {
                            tally.error = Some(e.to_string());
                        }
                    }
                    Err(e) => {
                        let _ = ready.send(());
                        tally.error = Some(format!("cannot connect: {e}"));
                    }
                }
                tally
            }));
        }
    }
    for ready in connected {
        let _ = ready.await;
    }
    let start = Instant::now();
    let deadline = start + Duration::from_secs(args.seconds);
    eprintln!("playing for up to {} s …", args.seconds);
    go.send(Some(deadline)).ok();
    let mut tallies = Vec::new();
    for seat in seats {
        tallies.push(seat.await?);
    }
    let elapsed = start.elapsed().as_secs_f64();
    report(args, addrs, &games, &tallies, elapsed);
    Ok(if tallies.iter().any(|t| t.error.is_some()) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

async fn create(http: &reqwest::Client, addr: SocketAddr, game: &str) -> Result<Created> {
    let seats = trio_catalog::game(game)?.seat_count();
    let response = http
        .post(format!("http://{addr}/api/games"))
        .json(&json!({"game": game, "seats": vec!["human"; seats]}))
        .send()
        .await
        .context("cannot reach the server")?;
    if !response.status().is_success() {
        bail!("the server refused a game: {}", response.text().await?);
    }
    Ok(response.json().await?)
}

/// One seat: hello, then a random legal move whenever this seat is to move.
async fn play(
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    token: &str,
    mut started: watch::Receiver<Option<Instant>>,
    seed: u64,
    think: Duration,
    tally: &mut Tally,
) -> Result<()> {
    let (mut sink, mut stream) = socket.split();
    let hello = json!({"type": "hello", "token": token}).to_string();
    sink.send(Message::text(hello)).await?;
    let deadline = loop {
        if let Some(deadline) = *started.borrow_and_update() {
            break deadline;
        }
        started.changed().await?;
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut sent: HashMap<String, Instant> = HashMap::new();
    let mut next_cid = 0u64;
    let mut seq = 0;
    // The newest state this seat was sent, acted on once.
    let mut pending: Option<FrameState> = None;
    loop {
        if let Some(state) = pending.take() {
            if state.result.is_some() {
                tally.finished = true;
                break;
            }
            if !state.legal.is_empty() {
                if !think.is_zero() {
                    // Uniform around the mean, so that games do not move in step.
                    let wait = think.mul_f64(rng.random_range(0.0..2.0));
                    // A move the time is up for is not made (nor waited for).
                    if Instant::now() + wait >= deadline {
                        break;
                    }
                    tokio::time::sleep(wait).await;
                }
                let action = &state.legal[rng.random_range(0..state.legal.len())];
                next_cid += 1;
                let cid = next_cid.to_string();
                let act = json!({"type": "act", "cid": cid, "action": action, "expect": seq});
                sent.insert(cid, Instant::now());
                sink.send(Message::text(act.to_string())).await?;
            }
        }
        let remaining = deadline.saturating_duration_since(Instant::now());
        let frame = match tokio::time::timeout(remaining, stream.next()).await {
            Err(_) => break,
            Ok(None) => bail!("the server closed the socket"),
            Ok(Some(frame)) => frame?,
        };
        let Message::Text(text) = frame else { continue };
        // Only what a seat needs to move; the view is skipped unread.
        let frame: Frame = serde_json::from_str(&text)?;
        match frame.kind.as_str() {
            "snapshot" => {
                seq = frame.seq.unwrap_or(seq);
                pending = Some(FrameState {
                    legal: frame.legal,
                    result: frame.result,
                });
            }
            "event" => {
                seq = frame.seq.unwrap_or(seq);
                if frame.state.is_some() {
                    pending = frame.state;
                }
            }
            "ack" => {
                if let Some(at) = frame.cid.and_then(|cid| sent.remove(&cid)) {
                    tally.latencies.push(at.elapsed().as_micros() as u64);
                }
            }
            "reject" => {
                // Counted, not printed: a thousand games would flood the terminal.
                frame.cid.and_then(|cid| sent.remove(&cid));
                tally.rejected += 1;
            }
            "error" => bail!("the server says: {}", frame.message.unwrap_or_default()),
            _ => {}
        }
    }
    let _ = sink.close().await;
    Ok(())
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1] as f64 / 1000.0
}

fn report(
    args: &LoadArgs,
    addrs: &[SocketAddr],
    games: &[Created],
    tallies: &[Tally],
    elapsed: f64,
) {
    let mut latencies: Vec<u64> = tallies
        .iter()
        .flat_map(|t| t.latencies.iter().copied())
        .collect();
    latencies.sort_unstable();
    let actions = latencies.len();
    let finished = tallies.iter().filter(|t| t.finished).count() / games[0].seats.len().max(1);
    let rejected: u64 = tallies.iter().map(|t| t.rejected).sum();
    let errors: Vec<&String> = tallies.iter().filter_map(|t| t.error.as_ref()).collect();
    let instances: Vec<String> = addrs.iter().map(SocketAddr::to_string).collect();
    println!(
        "{} games of {} ({} seats on WebSockets) on {} instance{} ({}), think {} ms, {:.1} s",
        games.len(),
        args.game,
        tallies.len(),
        addrs.len(),
        if addrs.len() == 1 { "" } else { "s" },
        instances.join(", "),
        args.think_ms,
        elapsed
    );
    println!(
        "{actions} actions acknowledged: {:.0} actions/s; {finished} games finished; {rejected} rejected",
        actions as f64 / elapsed
    );
    println!(
        "ack latency: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&latencies, 50.0),
        percentile(&latencies, 99.0),
        percentile(&latencies, 100.0)
    );
    if !errors.is_empty() {
        println!("{} seats failed, the first: {}", errors.len(), errors[0]);
    }
}
