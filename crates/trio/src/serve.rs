//! `trio serve`: the game server (`trio-server`) on an address, its games in an SQLite
//! file. Only sets up logging, binds and serves; everything else is `trio_server::app`.

use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use trio_server::AppState;

#[derive(Debug, Args)]
#[command(after_help = "The API is in docs/api.md, the WebSocket protocol in \
docs/protocol.md. Logs go to standard error (RUST_LOG=debug for more).\n\nExample:\n  \
trio serve --db trio.db --addr 127.0.0.1:8080")]
pub struct ServeArgs {
    /// The SQLite file games are kept in; created if missing.
    #[arg(long, default_value = "trio.db")]
    pub db: String,
    /// The address to listen on (port 0: any free port, printed at start).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
}

pub fn run(args: &ServeArgs) -> Result<ExitCode> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async {
        let state = AppState::sqlite(&args.db)
            .await
            .with_context(|| format!("cannot open the database {}", args.db))?;
        let listener = tokio::net::TcpListener::bind(&args.addr)
            .await
            .with_context(|| format!("cannot listen on {}", args.addr))?;
        let addr = listener.local_addr()?;
        println!(
            "trio serve: listening on http://{addr} (games in {})",
            args.db
        );
        trio_server::serve(listener, state, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .context("the server stopped")?;
        Ok(ExitCode::SUCCESS)
    })
}
