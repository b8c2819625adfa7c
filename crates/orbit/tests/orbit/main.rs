//! The tests of the Na orbicie crate, one module per subject, linked as one binary; the data
//! they read (golden playthroughs, perft files, boards) stays in `tests/`.

mod boards;
mod breach;
mod conformance;
mod events;
mod golden;
mod movegen;
mod perft;
mod rules;
mod views;
