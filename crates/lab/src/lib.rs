//! The designer's lab: how rules and variants play, measured instead of guessed.
//!
//! - [`sim`] plays many games through the core referee on all cores, each seeded from the
//!   run's seed and its index (the same games on any number of threads), counting how
//!   often each rule comes into play ([`trio_core::Game::rule_events`]).
//! - [`figures`] turns the games of a spec into figures with 95% intervals, [`stats`]
//!   holds the statistics (differences of proportions and of means, the sequential plan
//!   of `--until-clear`), [`report`] writes `games.jsonl`, `report.md` and a
//!   self-contained `report.html` with plots as inline SVG ([`plot`]).
//! - [`lab`] runs a study: one spec, or several compared on the same seeds, in batches
//!   until a figure is clear when asked.
//! - [`luck`] measures how much a game is luck: the skill ladder's coin-flip share and
//!   the deal's effect in duplicate games.
//! - [`review`] draws a reviewed game's value graph for `trio analyse --html`.
//! - [`print`](mod@print) draws print-and-play sheets (A4, SVG or PDF) from the same definition
//!   files the engines read.
//!
//! How a designer uses it: `docs/lab.md`.

pub mod figures;
pub mod lab;
pub mod luck;
pub mod plot;
pub mod print;
pub mod report;
pub mod review;
pub mod sim;
pub mod stats;
