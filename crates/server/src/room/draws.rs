//! The seats' draw offers as stored, and what they mean in a game's log: whether an offer
//! still stands, and how long a seat whose offer was declined waits before its next (the
//! rules of offering are `drawer`'s).

use trio_catalog::Live;
use trio_core::{Change, LogEntry, Seat};

use crate::store::DrawRow;

/// Per seat, its draw offers as stored.
#[derive(Clone, Debug)]
pub(super) struct Draws(Vec<DrawRow>);

impl Draws {
    pub(super) fn new(rows: Vec<DrawRow>) -> Self {
        Self(rows)
    }

    pub(super) fn set(&mut self, seat: Seat, row: DrawRow) {
        if let Some(kept) = self.0.get_mut(seat.index()) {
            *kept = row;
        }
    }

    pub(super) fn row(&self, seat: Seat) -> DrawRow {
        self.0.get(seat.index()).copied().unwrap_or_default()
    }

    /// Whether `seat`'s offer stands in `live`: no other seat has decided since it was made.
    pub(super) fn stands(&self, live: &dyn Live, seat: Seat) -> bool {
        self.row(seat)
            .offer
            .is_some_and(|at| !decisions_since(live, at).any(|e| e.by != Some(seat)))
    }

    /// How many more decisions of its own `seat` must make before it may offer again.
    pub(super) fn wait(&self, live: &dyn Live, seat: Seat) -> u64 {
        let row = self.row(seat);
        let Some(declined) = row.declined else {
            return 0;
        };
        let needed = 1u64 << row.declines.clamp(1, 16);
        let made = decisions_since(live, declined)
            .filter(|e| e.by == Some(seat))
            .count() as u64;
        needed.saturating_sub(made)
    }
}

/// The decisions made in `live` after version `at`, newest first: read from the log's end,
/// since every view asks after every change.
fn decisions_since(live: &dyn Live, at: u64) -> impl Iterator<Item = &LogEntry> {
    live.log()
        .iter()
        .rev()
        .take_while(move |e| e.version > at)
        .filter(|e| e.by.is_some() && matches!(e.change, Change::Played(_)))
}
