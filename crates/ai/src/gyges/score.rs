//! Search scores: static evaluations in small units, and won or lost positions counted
//! from the root in plies (mate-distance scores), so that a faster win or a slower loss
//! scores better. Every other module goes through these helpers.

/// A score from the point of view of the side to move.
pub type Score = i32;

/// The score of winning on the root's own move; a win `n` plies from the root scores
/// `WIN - n`.
pub const WIN: Score = 30_000;
/// Drawn by repetition or the ply limit.
pub const DRAW: Score = 0;
/// Above every score; the bounds of a full window.
pub const INFINITY: Score = 31_000;
/// Longest line a search may reach; beyond it no win is counted.
pub const MAX_PLY: usize = 128;

/// The score of winning `ply` plies from the root.
pub const fn win_in(ply: usize) -> Score {
    WIN - ply as Score
}

/// The score of losing `ply` plies from the root.
pub const fn loss_in(ply: usize) -> Score {
    -win_in(ply)
}

/// Whether `score` is a forced win or loss rather than an evaluation.
pub const fn is_decisive(score: Score) -> bool {
    score.abs() >= WIN - MAX_PLY as Score
}

/// Plies to the end of the game for a decisive score (positive: the side to move wins).
pub const fn plies_to_end(score: Score) -> Option<i32> {
    if !is_decisive(score) {
        None
    } else if score > 0 {
        Some(WIN - score)
    } else {
        Some(-(WIN + score))
    }
}

/// A decisive score as stored in the transposition table: relative to the node at `ply`
/// instead of the root, so the entry stays right when the node is reached by a longer or
/// shorter path.
pub const fn to_table(score: Score, ply: usize) -> Score {
    if !is_decisive(score) {
        score
    } else if score > 0 {
        score + ply as Score
    } else {
        score - ply as Score
    }
}

/// Undoes [`to_table`] for a node at `ply`.
pub const fn from_table(score: Score, ply: usize) -> Score {
    if !is_decisive(score) {
        score
    } else if score > 0 {
        score - ply as Score
    } else {
        score + ply as Score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faster_wins_score_higher_and_round_trip_through_the_table() {
        assert!(win_in(1) > win_in(3));
        assert!(loss_in(4) > loss_in(2));
        assert!(is_decisive(loss_in(10)) && !is_decisive(500));
        assert_eq!(plies_to_end(win_in(3)), Some(3));
        assert_eq!(plies_to_end(loss_in(2)), Some(-2));
        for score in [win_in(5), loss_in(6), 123, -45] {
            assert_eq!(from_table(to_table(score, 4), 4), score);
        }
        // A win 5 plies from the root found at ply 2 is a win in 3 from that node.
        assert_eq!(from_table(to_table(win_in(5), 2), 0), win_in(3));
    }
}
