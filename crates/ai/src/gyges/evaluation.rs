//! The static evaluation: mobility and control. For each side it sums up the moves its
//! active row has (as if it were to move, [`trio_gyges::mobility`]) and scores the empty squares its pieces can end
//! on, the pieces they can land on (a 1 is worth most: it is the most agile piece and the
//! one a side would most like to bounce on or move), the squares on the opponent's home
//! row they reach, and the number of moves; control the opponent does not share counts
//! extra. The same summaries tell whether the opponent could leave the board next move, a
//! threat the search must answer rather than evaluate.

use trio_gyges::{mobility, Mobility, Position, Side, Variant};

use super::config::Weights;
use super::score::Score;

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

/// Evaluates `pos`, a position in play where the side to move cannot leave the board.
pub(super) fn evaluate(pos: &Position, variant: Variant, weights: &Weights) -> Leaf {
    if pos.is_setup() {
        return Leaf {
            score: 0,
            stuck: false,
            threatened: false,
        };
    }
    let side = pos.side_to_move();
    let us = mobility(pos, variant);
    if us.moves == 0 {
        return Leaf {
            score: 0,
            stuck: true,
            threatened: false,
        };
    }
    let them = mobility(&pos.with_side_to_move(side.opponent()), variant);
    let cells = pos.cells();
    let score = side_score(&cells, side, &us, &them, weights)
        - side_score(&cells, side.opponent(), &them, &us, weights)
        + weights.tempo
        - if them.goal { weights.threat } else { 0 };
    Leaf {
        score,
        stuck: false,
        threatened: them.goal,
    }
}

fn side_score(cells: &[u8; 36], side: Side, c: &Mobility, other: &Mobility, w: &Weights) -> Score {
    let count = |bits: u64| bits.count_ones() as Score;
    let mut score = c.moves as Score * w.mobility / Weights::MOBILITY_DIVISOR
        + count(c.ends) * w.square
        + count(c.ends & !other.ends) * w.unique_square;
    let mut pieces = c.targets;
    while pieces != 0 {
        let index = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let v = usize::from(cells[index].clamp(1, 3)) - 1;
        score += w.piece[v];
        if other.targets & (1 << index) == 0 {
            score += w.unique_piece[v];
        }
    }
    let goal_row = match side {
        Side::South => RANK_6,
        Side::North => RANK_1,
    };
    score + count((c.ends | c.targets) & goal_row) * w.home_row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_evaluation_is_symmetric_under_mirroring() {
        // A position and its mirror image (ranks reversed, the other side to move) are the
        // same game seen from the other chair, so they must score the same.
        let pos: Position = "..3.../.12.3./..1.2./3....2/.1.2../..3..1 S"
            .parse()
            .unwrap();
        let cells = pos.cells();
        let mirrored: [u8; 36] = std::array::from_fn(|i| cells[(5 - i / 6) * 6 + i % 6]);
        let mirror = Position::from_cells(&mirrored, Side::North).unwrap();
        let w = Weights::TUNED;
        let a = evaluate(&pos, Variant::Seed, &w);
        let b = evaluate(&mirror, Variant::Seed, &w);
        assert_eq!(a.score, b.score);
        assert_eq!(a.threatened, b.threatened);
    }
}
