//! The tests of the Gygès crate, one module per subject, linked as one binary; the data
//! they read (golden playthroughs, perft files) stays in `tests/`.

mod common;
mod conformance;
mod events;
mod golden;
mod notation;
mod perft;
mod properties;
mod reference;
mod rules;
mod ugi;
