//! The setup book: every pair of setups (South's 90 orders × North's 90) scored offline by
//! a search of the position they make, from South's point of view. South, who sets up
//! first, ranks its orders by the worst North can reply (maximin); North, who sees
//! South's row, ranks its replies by the score they leave South. The scores are
//! `setup_book.txt` (written by the `gyges_setup_book` example; how, and what it is worth:
//! `docs/gyges-engine.md`).

use std::sync::OnceLock;

use rayon::prelude::*;
use trio_gyges::{Position, SetupOrder, Side, Variant};

use super::score::Score;
use super::search::{GygesEngine, SearchLimit};

const ORDERS: usize = 90;

/// Scores of every setup pair, from South's point of view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupBook {
    /// `scores[south * 90 + north]`, orders numbered as in [`SetupOrder::all`].
    scores: Vec<Score>,
}

fn index(order: SetupOrder) -> usize {
    // `all` is in the order of the digits from file a, not `SetupOrder`'s own: no binary search.
    SetupOrder::all()
        .iter()
        .position(|&o| o == order)
        .expect("every order is in SetupOrder::all")
}

/// The position after South's `south` and North's `north` setups.
pub fn setup_position(south: SetupOrder, north: SetupOrder) -> Position {
    let mut cells = [0u8; 36];
    cells[..6].copy_from_slice(&south.values());
    cells[30..].copy_from_slice(&north.values());
    // South moves first once both rows are set up.
    Position::from_cells(&cells, Side::South).expect("two home rows set up make a position")
}

impl SetupBook {
    /// The book in the repository (`setup_book.txt`).
    pub fn builtin() -> &'static SetupBook {
        static BOOK: OnceLock<SetupBook> = OnceLock::new();
        BOOK.get_or_init(|| {
            SetupBook::parse(include_str!("setup_book.txt"))
                .expect("the repository's setup book parses (tested)")
        })
    }

    /// Scores every pair by searching its position within `limit` with a fresh engine
    /// (so the book depends on nothing but the engine and the limit), on `threads`
    /// threads (0: one per core).
    pub fn compute(variant: Variant, limit: SearchLimit, threads: usize) -> SetupBook {
        let score = |i: usize| -> Score {
            let all = SetupOrder::all();
            let pos = setup_position(all[i / ORDERS], all[i % ORDERS]);
            let mut engine = GygesEngine::new(variant);
            engine.search_position(&pos, limit).map_or(0, |r| r.score)
        };
        let scores = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| (0..ORDERS * ORDERS).into_par_iter().map(score).collect()),
            Err(_) => (0..ORDERS * ORDERS).map(score).collect(),
        };
        SetupBook { scores }
    }

    /// The text `parse` reads: a comment line, then a line per South order (in
    /// [`SetupOrder::all`]'s order) of the scores against each North order.
    pub fn to_text(&self, comment: &str) -> String {
        let mut text = format!("# {comment}\n");
        for row in self.scores.chunks(ORDERS) {
            let line: Vec<String> = row.iter().map(Score::to_string).collect();
            text.push_str(&line.join(" "));
            text.push('\n');
        }
        text
    }

    /// Reads [`SetupBook::to_text`]'s text: 90 lines of 90 scores, `#` comments.
    pub fn parse(text: &str) -> Result<SetupBook, String> {
        let mut scores = Vec::with_capacity(ORDERS * ORDERS);
        let rows = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        for (n, row) in rows.enumerate() {
            let before = scores.len();
            for word in row.split_whitespace() {
                scores.push(
                    word.parse()
                        .map_err(|_| format!("row {}: {word:?} is not a score", n + 1))?,
                );
            }
            if scores.len() - before != ORDERS {
                return Err(format!(
                    "row {} has {} scores, not {ORDERS}",
                    n + 1,
                    scores.len() - before
                ));
            }
        }
        if scores.len() != ORDERS * ORDERS {
            return Err(format!("{} rows, not {ORDERS}", scores.len() / ORDERS));
        }
        Ok(SetupBook { scores })
    }

    /// The score for South of the two setups.
    pub fn score(&self, south: SetupOrder, north: SetupOrder) -> Score {
        self.scores[index(south) * ORDERS + index(north)]
    }

    /// South's orders, best first, each with the score North's best reply leaves it.
    pub fn south_ranking(&self) -> Vec<(SetupOrder, Score)> {
        let mut ranking: Vec<(SetupOrder, Score)> = SetupOrder::all()
            .iter()
            .zip(self.scores.chunks(ORDERS))
            .map(|(&order, row)| (order, row.iter().copied().min().unwrap_or(0)))
            .collect();
        ranking.sort_by_key(|&(order, score)| (std::cmp::Reverse(score), order));
        ranking
    }

    /// North's replies to South's `south`, best for North first, each with South's score.
    pub fn north_ranking(&self, south: SetupOrder) -> Vec<(SetupOrder, Score)> {
        let row = &self.scores[index(south) * ORDERS..][..ORDERS];
        let mut ranking: Vec<(SetupOrder, Score)> = SetupOrder::all()
            .iter()
            .copied()
            .zip(row.iter().copied())
            .collect();
        ranking.sort_by_key(|&(order, score)| (score, order));
        ranking
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_book_parses_and_ranks_consistently() {
        let book = SetupBook::builtin();
        let south = book.south_ranking();
        assert_eq!(south.len(), ORDERS);
        assert!(south.windows(2).all(|w| w[0].1 >= w[1].1));
        // South's score for an order is what North's best reply leaves it.
        let (best, worst_case) = south[0];
        let replies = book.north_ranking(best);
        assert_eq!(replies[0].1, worst_case);
        assert_eq!(book.score(best, replies[0].0), worst_case);
        assert!(replies.windows(2).all(|w| w[0].1 <= w[1].1));
    }

    #[test]
    fn a_book_round_trips_and_bad_text_is_refused() {
        let scores = (0..ORDERS * ORDERS)
            .map(|i| (i % 97) as Score - 40)
            .collect();
        let book = SetupBook { scores };
        assert_eq!(SetupBook::parse(&book.to_text("test")), Ok(book));
        assert!(SetupBook::parse("1 2 3").is_err());
        assert!(SetupBook::parse("").is_err());
    }

    #[test]
    fn a_setup_position_is_the_games_after_both_setups() {
        use trio_core::Game;
        let all = SetupOrder::all();
        let game = trio_gyges::Gyges::default();
        let mut state = game.new_game();
        game.apply(&mut state, &trio_gyges::Move::Setup(all[3]));
        game.apply(&mut state, &trio_gyges::Move::Setup(all[89]));
        assert_eq!(*state.position(), setup_position(all[3], all[89]));
    }
}
