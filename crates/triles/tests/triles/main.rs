//! The tests of the Triles crate, one module per subject, linked as one binary; the data
//! they read (golden playthroughs, perft files, tile sets) stays in `tests/`.

mod breach;
mod common;
mod events;
mod golden;
mod notation;
mod perft;
mod playouts;
mod rules;
mod views;
