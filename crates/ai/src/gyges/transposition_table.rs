//! The transposition table: one entry per slot, indexed by the low bits of the position's
//! Zobrist hash and checked against the whole hash; a new result always replaces the old.
//!
//! The table is shared by the threads of one search without locks: an entry is packed in
//! one `u64` and stored beside its hash XORed with it, so a slot torn by two threads
//! writing at once fails the hash check and reads as empty (Hyatt and Mann's lockless
//! hashing).

use std::sync::atomic::{AtomicU64, Ordering};

use trio_gyges::{Move, Square};

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    pub key: u64,
    /// The best move found; setup moves are not kept.
    pub best: Option<Move>,
    /// Decisive scores relative to this node (see [`super::score::to_table`]).
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

// The packed layout: bits 0–20 the move, 21–36 the score, 37–44 the depth, 45–46 the
// bound, and bit 47 set in every entry, so that no entry packs to an empty slot's 0.
const MOVE_BITS: u32 = 21;
const SCORE_SHIFT: u32 = MOVE_BITS;
const DEPTH_SHIFT: u32 = SCORE_SHIFT + 16;
const BOUND_SHIFT: u32 = DEPTH_SHIFT + 8;
const STORED: u64 = 1 << (BOUND_SHIFT + 2);

/// A move in 21 bits: a 3-bit kind, then three 6-bit squares; 0 for none.
fn pack_move(mv: Option<Move>) -> u64 {
    let sq = |s: Square, slot: u32| (s.index() as u64) << (3 + 6 * slot);
    match mv {
        Some(Move::Step { from, to }) => 1 | sq(from, 0) | sq(to, 1),
        Some(Move::Replace { from, to, drop }) => 2 | sq(from, 0) | sq(to, 1) | sq(drop, 2),
        Some(Move::Goal { from }) => 3 | sq(from, 0),
        Some(Move::Setup(_)) | None => 0,
    }
}

fn unpack_move(bits: u64) -> Option<Move> {
    let sq = |slot: u32| Square::from_index(((bits >> (3 + 6 * slot)) & 63) as u8);
    match bits & 7 {
        1 => Some(Move::Step {
            from: sq(0)?,
            to: sq(1)?,
        }),
        2 => Some(Move::Replace {
            from: sq(0)?,
            to: sq(1)?,
            drop: sq(2)?,
        }),
        3 => Some(Move::Goal { from: sq(0)? }),
        _ => None,
    }
}

impl Entry {
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        pack_move(self.best)
            | u64::from(self.score as i16 as u16) << SCORE_SHIFT
            | u64::from(self.depth.clamp(0, 255) as u8) << DEPTH_SHIFT
            | bound << BOUND_SHIFT
            | STORED
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            best: unpack_move(data & ((1 << MOVE_BITS) - 1)),
            score: Score::from((data >> SCORE_SHIFT) as u16 as i16),
            depth: i32::from((data >> DEPTH_SHIFT) as u8),
            bound: match (data >> BOUND_SHIFT) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
        }
    }
}

#[derive(Debug)]
struct Slot {
    /// The entry's key XORed with its data.
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Debug)]
pub(super) struct TranspositionTable {
    slots: Vec<Slot>,
    mask: usize,
}

impl TranspositionTable {
    /// A table of `entries` slots, rounded up to a power of two.
    pub fn new(entries: usize) -> Self {
        let size = entries.max(1).next_power_of_two();
        TranspositionTable {
            slots: (0..size)
                .map(|_| Slot {
                    check: AtomicU64::new(0),
                    data: AtomicU64::new(0),
                })
                .collect(),
            mask: size - 1,
        }
    }

    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot.data.load(Ordering::Relaxed);
        // A torn slot matches no key; an empty one has no `STORED` bit.
        (slot.check.load(Ordering::Relaxed) ^ data == key && data & STORED != 0)
            .then(|| Entry::unpack(key, data))
    }

    pub fn store(&self, entry: Entry) {
        let slot = &self.slots[entry.key as usize & self.mask];
        let data = entry.pack();
        slot.check.store(entry.key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_the_packing() {
        let table = TranspositionTable::new(16);
        let moves = [
            None,
            Some("b1-d3".parse().unwrap()),
            Some("f6-a1=c4".parse().unwrap()),
            Some("e6-G".parse().unwrap()),
        ];
        for (i, best) in moves.into_iter().enumerate() {
            for (score, depth, bound) in [
                (-29_990, 1, Bound::Upper),
                (0, 7, Bound::Exact),
                (1234, 64, Bound::Lower),
            ] {
                let entry = Entry {
                    key: 0xdead_beef_0000_0000 | i as u64,
                    best,
                    score,
                    depth,
                    bound,
                };
                table.store(entry);
                assert_eq!(table.probe(entry.key), Some(entry));
                assert_eq!(table.probe(entry.key ^ 1 << 40), None, "another position");
            }
        }
        table.clear();
        assert_eq!(table.probe(0xdead_beef_0000_0000), None);
    }
}
