//! What every test binary of the server shares (`#[path = "../support/mod.rs"] mod support;`
//! in each `tests/<binary>/main.rs`):
//!
//! - [`backend`]: where a test server keeps its games — a new SQLite file, or a new
//!   database on the PostgreSQL that `TRIO_TEST_POSTGRES` names — and the macro
//!   [`on_both_backends!`] that runs one scenario on each;
//! - [`server`]: one way to start a server on a backend, the app alone or within
//!   [`trio_server::Limits`] as `trio serve` runs it, with its own clock
//!   ([`trio_server::Time`], moved on by hand, never waited for), and the HTTP calls the
//!   tests make;
//! - [`socket`]: a WebSocket client of a game, and a raw TCP reader.
//!
//! Every wait here is on a condition (a message, a state), bounded by [`PATIENCE`].

// Each binary uses a part of what is shared.
#![allow(dead_code, unused_imports, unused_macros)]

pub mod backend;
pub mod server;
pub mod socket;

pub use backend::Backend;
pub use server::{ids, pick, seq_of, Server};
pub use socket::{read_to_close, Socket};

/// How long a test waits for what it expects before it fails.
pub const PATIENCE: std::time::Duration = std::time::Duration::from_secs(20);
