//! The transposition table: one entry per slot, indexed by the low bits of the position's
//! Zobrist hash and checked against the whole hash; a new result always replaces the old.

use trio_gyges::Move;

use super::score::Score;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (every move failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub key: u64,
    pub best: Option<Move>,
    /// Decisive scores relative to this node (see [`super::score::to_table`]).
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Debug)]
pub(super) struct TranspositionTable {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of `entries` slots, rounded up to a power of two.
    pub fn new(entries: usize) -> Self {
        let size = entries.max(1).next_power_of_two();
        TranspositionTable {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill(None);
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    pub fn store(&mut self, entry: Entry) {
        self.slots[entry.key as usize & self.mask] = Some(entry);
    }
}
