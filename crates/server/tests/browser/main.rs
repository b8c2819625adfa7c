//! The web page in real headless Chromium (WebDriver, Debian's `chromedriver`), each test
//! with its own server on 127.0.0.1 and its own browsers, one test at a time: one test
//! binary, a module a concern. The boards are saved to `docs/screenshots/`.

#[path = "../support/mod.rs"]
mod support;

mod driver;
mod page;

mod access;
mod analysis;
mod clocks;
mod gyges;
mod layout;
mod lobby;
mod orbit;
mod people;
mod reconnect;
mod triles;
