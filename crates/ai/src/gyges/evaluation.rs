//! The static evaluation: mobility and control. For each side it sums up the moves its
//! active row has (as if it were to move, [`trio_gyges::mobility`]) and scores the empty squares its pieces can end
//! on, the pieces they can land on (a 1 is worth most: it is the most agile piece and the
//! one a side would most like to bounce on or move), the squares on the opponent's home
//! row they reach, and the number of moves; control the opponent does not share counts
//! extra. The same summaries tell whether the opponent could leave the board next move, a
//! threat the search must answer rather than evaluate.
//!
//! The score is linear in what it counts ([`Terms`]), which is what lets Texel's method
//! fit the weights (`texel.rs`).

use trio_gyges::{mobility, Mobility, Position, Side, Variant};

use super::config::Weights;
use super::network::Network;
use super::score::Score;
use super::summaries::Summaries;

/// A leaf's evaluation.
#[derive(Clone, Copy, Debug)]
pub(super) struct Leaf {
    /// From the side to move's point of view.
    pub score: Score,
    /// The side to move has no legal move (and so has lost).
    pub stuck: bool,
    /// The opponent could leave the board if it were to move: the side to move must stop it.
    pub threatened: bool,
}

const RANK_1: u64 = 0b11_1111;
const RANK_6: u64 = RANK_1 << 30;

/// What the evaluation counts for one side, as if it were to move: one number per weight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideTerms {
    pub moves: Score,
    pub squares: Score,
    pub unique_squares: Score,
    /// Pieces it can land on, by value 1, 2, 3.
    pub pieces: [Score; 3],
    pub unique_pieces: [Score; 3],
    pub home_row: Score,
}

/// What the evaluation of a position in play counts: the side to move's terms, the
/// opponent's, and whether the opponent could leave the board next move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    pub us: SideTerms,
    pub them: SideTerms,
    pub threatened: bool,
}

impl SideTerms {
    fn new(cells: &[u8; 36], side: Side, c: &Mobility, other: &Mobility) -> SideTerms {
        let count = |bits: u64| bits.count_ones() as Score;
        let mut terms = SideTerms {
            moves: c.moves as Score,
            squares: count(c.ends),
            unique_squares: count(c.ends & !other.ends),
            ..SideTerms::default()
        };
        let mut pieces = c.targets;
        while pieces != 0 {
            let index = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let v = usize::from(cells[index].clamp(1, 3)) - 1;
            terms.pieces[v] += 1;
            if other.targets & (1 << index) == 0 {
                terms.unique_pieces[v] += 1;
            }
        }
        let goal_row = match side {
            Side::South => RANK_6,
            Side::North => RANK_1,
        };
        terms.home_row = count((c.ends | c.targets) & goal_row);
        terms
    }

    fn score(&self, w: &Weights) -> Score {
        let by_value =
            |n: &[Score; 3], w: &[Score; 3]| -> Score { n.iter().zip(w).map(|(n, w)| n * w).sum() };
        self.moves * w.mobility / Weights::MOBILITY_DIVISOR
            + self.squares * w.square
            + self.unique_squares * w.unique_square
            + by_value(&self.pieces, &w.piece)
            + by_value(&self.unique_pieces, &w.unique_piece)
            + self.home_row * w.home_row
    }
}

impl Terms {
    /// The terms of `pos`, a position in play where the side to move cannot leave the
    /// board; `None` when it has no legal move (and has lost) or is still in setup.
    pub fn of(pos: &Position, variant: Variant) -> Option<Terms> {
        Summarised::of(pos, variant).ok().map(|s| s.terms)
    }

    /// The evaluation of these terms under `weights`, from the side to move's point of view.
    pub fn score(&self, w: &Weights) -> Score {
        self.us.score(w) - self.them.score(w) + w.tempo - if self.threatened { w.threat } else { 0 }
    }
}

/// A position in play's terms and the two summaries they were counted from.
#[derive(Clone, Copy, Debug)]
pub struct Summarised {
    pub terms: Terms,
    /// The value on each square ([`Position::cells`]), which both were counted from.
    pub cells: [u8; 36],
    /// The side to move's summary.
    pub us: Mobility,
    /// The opponent's, as if it were to move.
    pub them: Mobility,
}

impl Summarised {
    /// `pos`'s, or why there are none: `Err(true)` when the side to move has no legal
    /// move, `Err(false)` in setup.
    pub fn of(pos: &Position, variant: Variant) -> Result<Summarised, bool> {
        if pos.is_setup() {
            return Err(false);
        }
        Summarised::with_ours(pos, mobility(pos, variant), |them| mobility(them, variant))
    }

    /// Those of a position in play whose side to move's summary is `us`; `summary` gives
    /// the opponent's, of the position with it to move.
    fn with_ours(
        pos: &Position,
        us: Mobility,
        summary: impl FnOnce(&Position) -> Mobility,
    ) -> Result<Summarised, bool> {
        let side = pos.side_to_move();
        if us.moves == 0 {
            return Err(true);
        }
        let them = summary(&pos.with_side_to_move(side.opponent()));
        let cells = pos.cells();
        let terms = Terms {
            us: SideTerms::new(&cells, side, &us, &them),
            them: SideTerms::new(&cells, side.opponent(), &them, &us),
            threatened: them.goal,
        };
        Ok(Summarised {
            terms,
            cells,
            us,
            them,
        })
    }
}

/// The evaluation: the weights, and a network's correction when there is one.
#[derive(Clone, Copy, Debug)]
pub(super) struct Evaluation<'a> {
    pub weights: &'a Weights,
    pub network: Option<&'a Network>,
}

impl Evaluation<'_> {
    /// Evaluates `pos`, a position in play where the side to move cannot leave the board.
    pub fn of(&self, pos: &Position, variant: Variant) -> Leaf {
        self.leaf(pos, Summarised::of(pos, variant))
    }

    /// Evaluates `pos`, a position in play, unless its side to move can leave the board
    /// (`None`): the side's summary answers both, so a leaf walks its paths once for the
    /// two. The summaries come from `cache` when it has them.
    pub fn unless_exit(&self, pos: &Position, cache: &mut Summaries) -> Option<Leaf> {
        if pos.is_setup() {
            return Some(self.of(pos, cache.variant()));
        }
        let us = cache.unless_goal(pos)?;
        Some(self.leaf(
            pos,
            Summarised::with_ours(pos, us, |them| cache.summary(them)),
        ))
    }

    fn leaf(&self, pos: &Position, summarised: Result<Summarised, bool>) -> Leaf {
        match summarised {
            Ok(s) => Leaf {
                score: s.terms.score(self.weights)
                    + self.network.map_or(0, |net| {
                        net.score(pos.side_to_move(), &s.cells, &s.us, &s.them)
                    }),
                stuck: false,
                threatened: s.terms.threatened,
            },
            Err(stuck) => Leaf {
                score: 0,
                stuck,
                threatened: false,
            },
        }
    }
}

/// A position in play and its mirror image (ranks reversed, the other side to move): the
/// same game seen from the other chair, which every evaluation must see alike.
#[cfg(test)]
pub(super) fn position_and_mirror() -> (Position, Position) {
    let pos: Position = "..3.../.12.3./..1.2./3....2/.1.2../..3..1 S"
        .parse()
        .unwrap();
    let cells = pos.cells();
    let mirrored: [u8; 36] = std::array::from_fn(|i| cells[(5 - i / 6) * 6 + i % 6]);
    (pos, Position::from_cells(&mirrored, Side::North).unwrap())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_evaluation_is_symmetric_under_mirroring() {
        let (pos, mirror) = position_and_mirror();
        let eval = Evaluation {
            weights: &Weights::TUNED,
            network: None,
        };
        let a = eval.of(&pos, Variant::Seed);
        let b = eval.of(&mirror, Variant::Seed);
        assert_eq!(a.score, b.score);
        assert_eq!(a.threatened, b.threatened);
    }
}
