//! The server over real HTTP and WebSocket on ephemeral ports of 127.0.0.1, without a
//! browser: one test binary, a module a concern. The servers, their backends and clients
//! are `tests/support/`'s.

#[path = "../support/mod.rs"]
mod support;

mod aborts;
mod accounts;
mod clocks;
mod draws;
mod engine;
mod farming;
mod layout;
mod limits;
mod lobby;
mod people;
mod play;
mod privacy;
mod reconnect;
mod refusals;
mod restart;
mod storage;
mod ui;
