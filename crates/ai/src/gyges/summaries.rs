//! A small cache of reach summaries ([`Mobility`]) by position hash. The search walks
//! the same positions' paths several times: a move made for ordering is often searched
//! next as a leaf (late moves are reduced to leaves) whose evaluation walks the same side
//! again, and principal variation search, late move reductions and iterative deepening
//! search the same leaves again. A summary depends only on the position and the
//! variant, so a hit gives exactly what the walk would: the search is unchanged, node for
//! node, only faster.

use trio_gyges::{has_goal_move, mobility, mobility_unless_goal, Mobility, Position, Variant};

/// Slots, direct-mapped by hash (48 bytes each: 1.5 MiB).
const SLOTS: usize = 1 << 15;

/// What is known of a position's side to move.
#[derive(Clone, Copy, Debug)]
enum Known {
    /// Its whole summary (which tells whether it can leave the board).
    Summary(Mobility),
    /// Only that it can leave the board: the walk stopped at the exit.
    Exit,
}

/// Reach summaries of positions in play, replaced on collision.
#[derive(Clone, Debug)]
pub(super) struct Summaries {
    variant: Variant,
    slots: Vec<Option<(u64, Known)>>,
}

impl Summaries {
    pub fn new(variant: Variant) -> Self {
        Summaries {
            variant,
            slots: vec![None; SLOTS],
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Empties the cache, for positions of `variant` from now on.
    pub fn clear(&mut self, variant: Variant) {
        self.variant = variant;
        self.slots.fill(None);
    }

    fn slot(key: u64) -> usize {
        (key as usize) & (SLOTS - 1)
    }

    fn get(&self, pos: &Position) -> Option<Known> {
        let key = pos.hash();
        match self.slots[Self::slot(key)] {
            Some((k, known)) if k == key => Some(known),
            _ => None,
        }
    }

    fn put(&mut self, pos: &Position, known: Known) {
        let key = pos.hash();
        self.slots[Self::slot(key)] = Some((key, known));
    }

    /// [`mobility_unless_goal`] of `pos`, a position in play.
    pub fn unless_goal(&mut self, pos: &Position) -> Option<Mobility> {
        match self.get(pos) {
            Some(Known::Summary(m)) => (!m.goal).then_some(m),
            Some(Known::Exit) => None,
            None => {
                let m = mobility_unless_goal(pos, self.variant);
                self.put(pos, m.map_or(Known::Exit, Known::Summary));
                m
            }
        }
    }

    /// [`mobility`] of `pos`, a position in play.
    pub fn summary(&mut self, pos: &Position) -> Mobility {
        if let Some(Known::Summary(m)) = self.get(pos) {
            return m;
        }
        let m = mobility(pos, self.variant);
        self.put(pos, Known::Summary(m));
        m
    }

    /// [`has_goal_move`] in `pos`, a position in play (not stored: the walk stops at the
    /// first exit and gives no summary).
    pub fn has_goal(&self, pos: &Position) -> bool {
        match self.get(pos) {
            Some(Known::Summary(m)) => m.goal,
            Some(Known::Exit) => true,
            None => has_goal_move(pos, self.variant),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_answers_are_the_walks_answers() {
        // A threatened position, its opponent's view (which can exit) and a quiet one,
        // asked in every order, twice.
        let positions: Vec<Position> = [
            "...3../..2.../....3./1..3../.22123/.1...1 N",
            "...3../..2.../....3./1..3../.22123/.1...1 S",
            ".2.11./.2..3./.3..../.1..../.3..2./.1.3.2 S",
        ]
        .iter()
        .map(|p| p.parse().unwrap())
        .collect();
        let v = Variant::Official;
        assert!(positions.iter().any(|p| has_goal_move(p, v)));
        assert!(positions.iter().any(|p| !has_goal_move(p, v)));
        for first_full in [false, true] {
            let mut cache = Summaries::new(v);
            for _ in 0..2 {
                for p in &positions {
                    let ask = |cache: &mut Summaries, full: bool| {
                        if full {
                            assert_eq!(cache.summary(p), mobility(p, v));
                        } else {
                            assert_eq!(cache.unless_goal(p), mobility_unless_goal(p, v));
                        }
                        assert_eq!(cache.has_goal(p), has_goal_move(p, v));
                    };
                    ask(&mut cache, first_full);
                    ask(&mut cache, !first_full);
                }
            }
        }
    }
}
