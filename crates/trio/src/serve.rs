//! `trio serve`: the game server (`trio-server`) on an address, its games in an SQLite
//! file, or in PostgreSQL shared with other instances (`docs/deploy.md`). Only sets up
//! logging, binds and serves; everything else is `trio_server::app`.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use clap::Args;
use trio_server::{Absence, AppState, Limits, Rate, Settings};

#[derive(Debug, Args)]
#[command(after_help = "The API is in docs/api.md, the WebSocket protocol in \
docs/protocol.md, running several instances in docs/deploy.md. Logs go to standard error \
(RUST_LOG=debug for more).\n\nExamples:\n  \
trio serve --db trio.db --addr 127.0.0.1:8080\n  \
trio serve --db postgres://trio@db.internal/trio --addr 0.0.0.0:8080 --instance web-1")]
pub struct ServeArgs {
    /// Where games are kept: an SQLite file (a path or sqlite:PATH; created if missing),
    /// or a PostgreSQL database (postgres://user@host/dbname) that several instances share.
    #[arg(long, default_value = "trio.db")]
    pub db: String,
    /// The address to listen on (port 0: any free port, printed at start).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// With PostgreSQL: this instance's name in the AI leases (default: one made up at
    /// start). Names must differ between instances.
    #[arg(long)]
    pub instance: Option<String>,
    /// With PostgreSQL: seconds an instance's claim to play a game's AI seats and chance
    /// lasts unrenewed; after it, another instance takes the game over.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = lease_seconds)]
    pub ai_lease: f64,
    /// Connections open at once, WebSockets included (default: the descriptor limit less
    /// an eighth, at least 64, kept for storage and logs).
    #[arg(long, value_name = "N")]
    pub max_connections: Option<usize>,
    /// Connections open at once from one address.
    #[arg(long, default_value_t = 64, value_name = "N")]
    pub connections_per_address: usize,
    /// WebSockets open at once from one address.
    #[arg(long, default_value_t = 16, value_name = "N")]
    pub sockets_per_address: usize,
    /// Seconds a request's headers may take, and a kept-alive connection may wait for its
    /// next request.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = timeout_seconds)]
    pub header_timeout: f64,
    /// Seconds a connection may pass no byte either way.
    #[arg(long, default_value_t = 120.0, value_name = "SECONDS", value_parser = timeout_seconds)]
    pub idle_timeout: f64,
    /// Seconds between pings on a quiet WebSocket.
    #[arg(long, default_value_t = 30.0, value_name = "SECONDS", value_parser = timeout_seconds)]
    pub ping_every: f64,
    /// Seconds after a ping a WebSocket that sent nothing is closed.
    #[arg(long, default_value_t = 15.0, value_name = "SECONDS", value_parser = timeout_seconds)]
    pub pong_within: f64,
    /// Games one address may create (N/s, N/min or N/h; N at once, refilled at that rate).
    #[arg(long, default_value = "30/min", value_name = "RATE")]
    pub create_rate: Rate,
    /// Moves, resignations and undos one address may send.
    #[arg(long, default_value = "20/s", value_name = "RATE")]
    pub action_rate: Rate,
    /// Hints one address may ask for.
    #[arg(long, default_value = "30/min", value_name = "RATE")]
    pub hint_rate: Rate,
    /// Replay steps one address may ask for.
    #[arg(long, default_value = "30/s", value_name = "RATE")]
    pub replay_rate: Rate,
    /// Pages of the lobby (GET /api/games, running or finished games) one address may ask
    /// for.
    #[arg(long, default_value = "10/s", value_name = "RATE")]
    pub lobby_rate: Rate,
    /// Passwords set one address may try (sign-ins are limited by their failures instead:
    /// 10 per account, 200 per network, 1,000 in all, each within ten minutes).
    #[arg(long, default_value = "10/h", value_name = "RATE")]
    pub sign_in_rate: Rate,
    /// Running games one creator may have at once: a named player (by its key), or else
    /// an address. One more is refused (409 too-many-games) until one ends.
    #[arg(long, default_value_t = 100, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub games_per_creator: u64,
    /// Events in one game's log past which undo is refused (409 too-many-events), so that
    /// a move-and-undo loop cannot grow a game without bound; moves go on to the game's
    /// end, which its rules bound.
    #[arg(long, default_value_t = 5_000, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_events: u64,
    /// Rated games two named players may begin together within a rolling day (24 hours);
    /// the next between them is played casual, and the seek, the lobby and the game page
    /// say so before it begins (against farming a rating with a second name). Games
    /// against AI levels are not counted; 0 makes every game between people casual.
    #[arg(long, default_value_t = 3, value_name = "N")]
    pub rated_games_per_pair: u64,
    /// In a game without a clock, how long the seat to act may be away, having left the
    /// table after the last move, before the others may claim the win or hand its seat to
    /// the AI (a number and s, m, h or d).
    #[arg(long, default_value = "10m", value_name = "TIME", value_parser = duration)]
    pub absent_after: Duration,
    /// The same for a seat not back since the last move (a game played by correspondence).
    #[arg(long, default_value = "7d", value_name = "TIME", value_parser = duration)]
    pub absent_after_correspondence: Duration,
    /// How long a game may go with nobody acting and nobody connected before it ends (the
    /// seat to act loses; a game still waiting for players ends with no result).
    #[arg(long, default_value = "30d", value_name = "TIME", value_parser = duration)]
    pub expire_after: Duration,
}

/// A time such as `90s`, `10m`, `12h` or `7d`.
fn duration(text: &str) -> Result<Duration, String> {
    let bad = || {
        format!(
            "{}: a time is a number and s, m, h or d (10m, 7d)",
            trio_catalog::excerpt(text)
        )
    };
    let unit = match text.chars().last() {
        Some('s') => 1,
        Some('m') => 60,
        Some('h') => 3600,
        Some('d') => 86_400,
        _ => return Err(bad()),
    };
    let count: u64 = text[..text.len() - 1].parse().map_err(|_| bad())?;
    match count.checked_mul(unit) {
        Some(secs) if secs > 0 && secs <= 3650 * 86_400 => Ok(Duration::from_secs(secs)),
        _ => Err(bad()),
    }
}

fn timeout_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.05..=86_400.0).contains(&s) => Ok(s),
        _ => Err("a timeout is 0.05 to 86400 seconds".to_owned()),
    }
}

impl ServeArgs {
    fn settings(&self) -> Settings {
        Settings {
            absence: Absence {
                live: self.absent_after,
                correspondence: self.absent_after_correspondence,
                expire: self.expire_after,
            },
            games_per_creator: self.games_per_creator,
            max_events: self.max_events,
            rated_games_per_pair: self.rated_games_per_pair,
            ..Settings::default()
        }
    }

    fn limits(&self) -> Limits {
        Limits {
            connections: self.max_connections,
            connections_per_address: self.connections_per_address,
            sockets_per_address: self.sockets_per_address,
            header_timeout: Duration::from_secs_f64(self.header_timeout),
            idle_timeout: Duration::from_secs_f64(self.idle_timeout),
            ping_every: Duration::from_secs_f64(self.ping_every),
            pong_within: Duration::from_secs_f64(self.pong_within),
            creates: self.create_rate,
            actions: self.action_rate,
            hints: self.hint_rate,
            replays: self.replay_rate,
            lobby: self.lobby_rate,
            sign_ins: self.sign_in_rate,
        }
    }
}

/// Completes on SIGTERM (what systemd, docker and Kubernetes send) or SIGINT (Ctrl-C).
async fn stop_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    match signal(SignalKind::terminate()) {
        Ok(mut term) => {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
        }
        Err(_) => {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
    eprintln!("trio serve: stopping, draining connections");
}

fn lease_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.5..=3600.0).contains(&s) => Ok(s),
        _ => Err("a lease is 0.5 to 3600 seconds".to_owned()),
    }
}

/// The database `--db` names.
enum Db<'a> {
    Sqlite(&'a str),
    Postgres(&'a str),
}

fn db(text: &str) -> Db<'_> {
    if text.starts_with("postgres://") || text.starts_with("postgresql://") {
        Db::Postgres(text)
    } else {
        Db::Sqlite(text.strip_prefix("sqlite:").unwrap_or(text))
    }
}

pub fn run(args: &ServeArgs) -> Result<ExitCode> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                // PostgreSQL's notices ("relation already exists, skipping") are noise.
                .unwrap_or_else(|_| {
                    tracing_subscriber::EnvFilter::new("info,sqlx::postgres::notice=warn")
                }),
        )
        .with_writer(std::io::stderr)
        .init();
    // A socket per player: as many descriptors as the system lets this process have.
    trio_server::raise_descriptor_limit();
    // Built for the crash tests only: the steps `FAILPOINTS` names act (tests/end_crash.rs).
    #[cfg(feature = "failpoints")]
    let _failpoints = fail::FailScenario::setup();
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async {
        // The URL is not repeated: it may hold a password.
        let (state, kept) = match db(&args.db) {
            Db::Sqlite(path) => {
                // The storage error already holds its cause: not repeated as a chain.
                let state = AppState::sqlite_with(path, args.settings())
                    .await
                    .map_err(|e| {
                        anyhow!(
                            "cannot open the database {}: {e}",
                            trio_catalog::excerpt(path)
                        )
                    })?;
                (state, path.to_owned())
            }
            Db::Postgres(url) => {
                let instance = args.instance.clone().unwrap_or_else(|| {
                    format!(
                        "{}-{}",
                        std::process::id(),
                        trio_server::secrets::new_game_id()
                    )
                });
                let lease = Duration::from_secs_f64(args.ai_lease);
                let state = AppState::postgres_with(url, &instance, lease, args.settings())
                    .await
                    .map_err(|e| anyhow!("cannot open the PostgreSQL database: {e}"))?;
                (state, format!("PostgreSQL, as instance {instance}"))
            }
        };
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        let addr = listener.local_addr()?;
        println!("trio serve: listening on http://{addr} (games in {kept})");
        trio_server::serve(listener, state, args.limits(), stop_signal())
            .await
            .context("the server stopped")?;
        Ok(ExitCode::SUCCESS)
    })
}
