//! Move ordering: the table's move first, then moves that leave the opponent the fewest
//! replies (near the root, where making every move is affordable) or killer moves and
//! the history heuristic (near the leaves). Moves after which the opponent can leave the
//! board are found here and never searched: they lose at once.

use trio_gyges::{move_count, Move, Position};

use super::score::MAX_PLY;
use super::summaries::Summaries;

const TT_BONUS: i64 = 1 << 40;
const THREAT_BONUS: i64 = 1 << 35;
const KILLER_BONUS: [i64; 2] = [1 << 30, 1 << 29];
const COUNTER_BONUS: i64 = 1 << 28;
/// History counts are halved when one passes this, so old cutoffs fade.
const HISTORY_CAP: i64 = 1 << 20;

/// Killer moves per ply, history counts per (start, end) square, and the move that last
/// refuted each opponent's move, by its (start, end) square.
#[derive(Clone, Debug)]
pub(super) struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<[i64; 36]>,
    counters: Vec<[Option<Move>; 36]>,
}

/// How moves are ranked after the table's move.
#[derive(Clone, Copy, Debug)]
pub(super) enum RankBy {
    /// Killers and history: nothing is made.
    History,
    /// Every move is made to count the opponent's replies and to spot the moves that let
    /// it leave the board, and, with `threats_first`, those after which the mover could.
    Replies { threats_first: bool },
}

/// A move to search, or one that loses at once.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ranked {
    pub mv: Move,
    key: i64,
    /// After this move the opponent can leave the board.
    pub loses: bool,
    /// After this move the mover could leave the board if it moved again.
    pub threatens: bool,
}

/// A node's ranked moves, best first, in the order of a stable sort by key (equal keys
/// keep the generator's order, so the search is reproducible). Most nodes cut after their
/// first move: that one is found by one scan, and the rest are sorted only if asked for
/// (sorting every node's hundreds of moves was about a seventh of the search's time).
#[derive(Debug)]
pub(super) struct RankedMoves {
    /// In the generator's order until the second move is asked for, then sorted without
    /// the first.
    list: Vec<Ranked>,
    /// The first move's place in the unsorted list, once it was given.
    first: Option<usize>,
    /// The next move's place in the sorted list.
    next: usize,
}

impl RankedMoves {
    /// `list` in the generator's order, none given yet.
    fn new(list: Vec<Ranked>) -> Self {
        RankedMoves {
            list,
            first: None,
            next: 0,
        }
    }

    /// The moves in no particular order.
    pub fn unordered(&self) -> &[Ranked] {
        &self.list
    }
}

impl Iterator for RankedMoves {
    type Item = Ranked;

    fn next(&mut self) -> Option<Ranked> {
        match self.first {
            None => {
                if self.list.is_empty() {
                    return None;
                }
                // The first of the highest keys, as a stable sort would put first.
                let mut best = 0;
                for (i, r) in self.list.iter().enumerate().skip(1) {
                    if r.key > self.list[best].key {
                        best = i;
                    }
                }
                self.first = Some(best);
                Some(self.list[best])
            }
            Some(first) => {
                if self.next == 0 {
                    self.list.remove(first);
                    self.list.sort_by_key(|r| std::cmp::Reverse(r.key));
                }
                let r = self.list.get(self.next).copied();
                self.next += 1;
                r
            }
        }
    }
}

fn squares(mv: Move) -> Option<(usize, usize)> {
    match mv {
        Move::Step { from, to } | Move::Replace { from, to, .. } => {
            Some((from.index(), to.index()))
        }
        Move::Goal { from } => Some((from.index(), from.index())),
        Move::Setup(_) => None,
    }
}

impl Ordering {
    pub fn new() -> Self {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![[0; 36]; 36],
            counters: vec![[None; 36]; 36],
        }
    }

    pub fn clear(&mut self) {
        *self = Ordering::new();
    }

    /// The move that last refuted `previous` (the opponent's move that led here).
    pub fn counter(&self, previous: Option<Move>) -> Option<Move> {
        let (from, to) = squares(previous?)?;
        self.counters[from][to]
    }

    /// `moves` ranked best first, the rest as `by` says; the positions made are summed up
    /// through `cache`. Ranked by history, `counter` comes after the killers.
    #[allow(clippy::too_many_arguments)]
    pub fn rank(
        &self,
        pos: &Position,
        cache: &mut Summaries,
        moves: &[Move],
        tt_move: Option<Move>,
        counter: Option<Move>,
        ply: usize,
        by: RankBy,
    ) -> RankedMoves {
        let ranked: Vec<Ranked> = moves
            .iter()
            .map(|&mv| {
                let mut key = 0;
                let mut loses = false;
                let mut threatens = false;
                if tt_move == Some(mv) {
                    key += TT_BONUS;
                }
                if let RankBy::Replies { threats_first } = by {
                    let child = pos.make_move(mv);
                    // One walk of the opponent's paths for both questions.
                    let replies = if child.is_setup() {
                        (!cache.has_goal(&child)).then(|| move_count(&child, cache.variant()))
                    } else {
                        cache.unless_goal(&child).map(|m| m.moves)
                    };
                    loses = replies.is_none();
                    if let Some(replies) = replies {
                        key -= replies as i64;
                        threatens = threats_first
                            && cache.has_goal(&child.with_side_to_move(pos.side_to_move()));
                        if threatens {
                            key += THREAT_BONUS;
                        }
                    }
                } else {
                    let killers = &self.killers[ply.min(MAX_PLY)];
                    for (slot, bonus) in killers.iter().zip(KILLER_BONUS) {
                        if *slot == Some(mv) {
                            key += bonus;
                        }
                    }
                    if counter == Some(mv) {
                        key += COUNTER_BONUS;
                    }
                    if let Some((from, to)) = squares(mv) {
                        key += self.history[from][to];
                    }
                }
                Ranked {
                    mv,
                    key,
                    loses,
                    threatens,
                }
            })
            .collect();
        RankedMoves::new(ranked)
    }

    /// Remembers a move that caused a cutoff at `ply` with `depth` left, in answer to
    /// `previous`.
    pub fn reward(&mut self, mv: Move, ply: usize, depth: i32, previous: Option<Move>) {
        if let Some((from, to)) = previous.and_then(squares) {
            self.counters[from][to] = Some(mv);
        }
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        self.add_history(mv, depth, 1);
    }

    /// Counts against a move searched before another one cut the node (history malus).
    pub fn punish(&mut self, mv: Move, depth: i32) {
        self.add_history(mv, depth, -1);
    }

    fn add_history(&mut self, mv: Move, depth: i32, sign: i64) {
        if let Some((from, to)) = squares(mv) {
            let d = i64::from(depth.max(1));
            self.history[from][to] += sign * d * d;
            if self.history[from][to].abs() > HISTORY_CAP {
                for row in &mut self.history {
                    for h in row.iter_mut() {
                        *h /= 2;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::Rng;
    use trio_core::rng;
    use trio_gyges::Square;

    use super::*;

    /// A move told apart by `i` (up to 36).
    fn goal(i: usize) -> Move {
        Move::Goal {
            from: Square::from_index((i % 36) as u8).expect("a square"),
        }
    }

    /// Moves in the generator's order, keyed with many ties.
    fn ranked(keys: &[i64]) -> RankedMoves {
        let list = keys
            .iter()
            .enumerate()
            .map(|(i, &key)| Ranked {
                mv: goal(i),
                key,
                loses: false,
                threatens: false,
            })
            .collect();
        RankedMoves::new(list)
    }

    #[test]
    fn moves_come_in_the_order_of_a_stable_sort() {
        let mut rng = rng::seeded(5);
        for len in [0, 1, 2, 3, 20, 36] {
            let keys: Vec<i64> = (0..len).map(|_| rng.random_range(-3..4)).collect();
            let mut expected: Vec<(i64, usize)> = keys.iter().copied().zip(0..).collect();
            expected.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
            let got: Vec<i64> = ranked(&keys).map(|r| r.key).collect();
            let want: Vec<i64> = expected.iter().map(|&(key, _)| key).collect();
            assert_eq!(got, want, "keys {keys:?}");
            // The same moves too: ties are broken by the generator's order.
            let got: Vec<Move> = ranked(&keys).map(|r| r.mv).collect();
            let want: Vec<Move> = expected.iter().map(|&(_, i)| goal(i)).collect();
            assert_eq!(got, want);
        }
    }
}
