//! `trio serve`: the game server (`trio-server`) on an address, its games in an SQLite
//! file, or in PostgreSQL shared with other instances (`docs/deploy.md`). Only sets up
//! logging, binds and serves; everything else is `trio_server::app`.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use clap::Args;
use trio_server::AppState;

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
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async {
        // The URL is not repeated: it may hold a password.
        let (state, kept) = match db(&args.db) {
            Db::Sqlite(path) => {
                // The storage error already holds its cause: not repeated as a chain.
                let state = AppState::sqlite(path).await.map_err(|e| {
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
                let state = AppState::postgres(url, &instance, lease)
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
        trio_server::serve(listener, state, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .context("the server stopped")?;
        Ok(ExitCode::SUCCESS)
    })
}
