//! [`AlphaBetaBot`]: the engine in a seat, with a budget of depth, nodes or time.

use rand::{Rng, RngCore};
use trio_core::{Bot, Seat};
use trio_gyges::{Gyges, Move, SetupOrder, State, Variant};

use super::config::SETUP_DEPTH;
use super::search::{GygesEngine, SearchLimit};
use super::setup_book::SetupBook;

/// Plays the engine's best move under a fixed [`SearchLimit`]. With a depth or node budget
/// its play depends on the position and the game so far alone.
#[derive(Debug)]
pub struct AlphaBetaBot {
    engine: GygesEngine,
    limit: SearchLimit,
    /// Sets up from the [`SetupBook`], drawing among its best this many orders, or
    /// without it when `None`.
    book_top: Option<usize>,
}

impl AlphaBetaBot {
    /// A bot searching each move within `limit`, for whatever variant the game plays.
    pub fn new(limit: SearchLimit) -> Self {
        AlphaBetaBot {
            engine: GygesEngine::new(Default::default()),
            limit,
            book_top: None,
        }
    }

    /// A bot around an engine set up by the caller (weights, table size).
    pub fn with_engine(engine: GygesEngine, limit: SearchLimit) -> Self {
        AlphaBetaBot {
            engine,
            limit,
            book_top: None,
        }
    }

    /// The same bot setting up (official variant) from the setup book, drawing at random
    /// among the `top` orders it ranks best: 1 always plays the best, more vary.
    pub fn with_setup_book(mut self, top: usize) -> Self {
        self.book_top = Some(top.max(1));
        self
    }

    /// The book's choice for the setup to make in `view`, if the bot uses the book here.
    fn book_setup(&self, game: &Gyges, view: &State, rng: &mut dyn RngCore) -> Option<Move> {
        // The book was scored with the official rules; the seed variant sets up from search.
        let top = self
            .book_top
            .filter(|_| game.variant() == Variant::Official)?;
        let book = SetupBook::builtin();
        let pos = view.position();
        let ranking = if pos.occupied() == 0 {
            book.south_ranking()
        } else {
            let row: [u8; 6] = pos.cells()[..6].try_into().ok()?;
            book.north_ranking(SetupOrder::from_values(row)?)
        };
        let choices = &ranking[..top.min(ranking.len())];
        let (order, _) = choices[rng.random_range(0..choices.len())];
        Some(Move::Setup(order))
    }
}

impl Bot<Gyges> for AlphaBetaBot {
    /// `alphabeta:` and the budget: `d6` (depth), `50000n` (nodes), `200ms` (time),
    /// joined by `+` when there are several.
    fn name(&self) -> String {
        let mut parts = Vec::new();
        if let Some(d) = self.limit.depth {
            parts.push(format!("d{d}"));
        }
        if let Some(n) = self.limit.nodes {
            parts.push(format!("{n}n"));
        }
        if let Some(t) = self.limit.time {
            parts.push(format!("{}ms", t.as_millis()));
        }
        if parts.is_empty() {
            parts.push("unbounded".to_owned());
        }
        format!("alphabeta:{}", parts.join("+"))
    }

    /// With the setup book, setups come from it. Without, South's setup comes first and
    /// is drawn at random (the engine knows nothing yet to prefer one order); North's is
    /// searched to `SETUP_DEPTH`, its 90 orders times South's replies being too many to
    /// search as deep as a move.
    fn choose(
        &mut self,
        game: &Gyges,
        view: &State,
        _seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<Move> {
        let pos = view.position();
        if pos.is_setup() {
            if let Some(setup) = self.book_setup(game, view, rng) {
                return Some(setup);
            }
            if pos.occupied() == 0 {
                return Some(Move::Setup(SetupOrder::random(rng)));
            }
            let depth = self.limit.depth.map_or(SETUP_DEPTH, |d| d.min(SETUP_DEPTH));
            let limit = SearchLimit {
                depth: Some(depth),
                ..self.limit
            };
            return self.engine.search(game, view, limit).map(|r| r.best);
        }
        self.engine.search(game, view, self.limit).map(|r| r.best)
    }

    fn reset(&mut self) {
        self.engine.clear();
    }
}
