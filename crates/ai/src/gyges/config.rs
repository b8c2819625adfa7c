//! The engine's tunables in one place: search constants and the evaluation weights.
//! How the weights were chosen is in `docs/gyges-engine.md`.

use super::score::Score;

/// Transposition table entries allocated by default (24 bytes each: 6 MiB).
pub const TT_ENTRIES: usize = 1 << 18;
/// Half width of the aspiration window around the previous iteration's score.
pub const ASPIRATION_WINDOW: Score = 60;
/// Iterations below this depth search with a full window.
pub const ASPIRATION_MIN_DEPTH: u32 = 3;
/// Nodes between looks at the clock and the stop flag.
pub const CHECK_EVERY: u64 = 1024;
/// The depth [`super::AlphaBetaBot`] searches North's setup to, at most.
pub const SETUP_DEPTH: u32 = 1;
/// Deepest iteration the engine starts when no depth is given.
pub const MAX_DEPTH: u32 = 64;

/// How the search prunes: settings the engine is built with, so that self-play can
/// compare them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    /// Nodes with at least this much depth left (and the root) order their moves by
    /// making each one and counting the replies; shallower nodes use only the table
    /// move, killers and history.
    pub order_by_replies_from: i32,
    /// Late move reductions: at a node with at least this much depth left, moves ranked
    /// after the first [`SearchParams::full_width_moves`] are first searched one ply
    /// shallower, and again at full depth only if they beat alpha. `None`: no reductions.
    pub reduce_from_depth: Option<i32>,
    pub full_width_moves: usize,
    /// Moves ranked after this many are reduced by two plies instead of one.
    pub reduce_twice_after: Option<usize>,
    /// A leaf where the opponent threatens to leave the board is searched one ply more,
    /// but only this many plies beyond the iteration's depth: threats are so common that
    /// unbounded extensions would never end.
    pub threat_extension_plies: usize,
    /// Beyond the extension, a threatened leaf whose side to move has no move that stops
    /// the exit scores as lost instead of being evaluated.
    pub threat_probe: bool,
    /// Where moves are ordered by making them, a move after which the mover could leave
    /// the board (a threat the opponent must answer) is searched first and never reduced.
    pub threats_first: bool,
    /// Null-move pruning: at a node with at least this much depth left whose side to
    /// move is not threatened and whose evaluation is at least beta, the opponent moves
    /// twice in a search [`SearchParams::null_move_reduction`] plies shallower; if even
    /// that fails to bring the score below beta, the node is cut. `None`: off.
    pub null_move_from_depth: Option<i32>,
    pub null_move_reduction: i32,
    /// Forced-line extension (the analogue of chess's single-reply extension): a node
    /// whose moves are made for ordering, below the root, where at most this many moves
    /// do not let the opponent leave the board at once, is searched one ply deeper, as
    /// long as the line stays within twice the iteration's depth. Exit sequences are
    /// chains of such nodes, so they are seen deeper at little cost. `None`: off.
    pub forced_extension: Option<usize>,
    /// Late move pruning: at a node below the root with `d` plies left, `d` at most
    /// [`SearchParams::prune_late_depth`], the moves ranked after the first `d` times this
    /// many are not searched, once one searched move does not lose (so a threatened node
    /// still looks for its defence). Late move reductions start at 2 plies left; a node
    /// with 1 left searches each of its hundreds of moves down to a leaf. `None`: off.
    pub prune_late_after: Option<usize>,
    pub prune_late_depth: i32,
    /// Where moves are ranked by killers and history, the move that last refuted the
    /// opponent's previous move (a countermove) comes right after the killers.
    pub countermoves: bool,
    /// At a cutoff, the moves searched before the one that cut count against their
    /// history (as the cutting one counts for it).
    pub history_malus: bool,
}

impl SearchParams {
    /// What self-play kept (docs/gyges-engine.md).
    pub const TUNED: SearchParams = SearchParams {
        order_by_replies_from: 2,
        reduce_from_depth: Some(2),
        full_width_moves: 4,
        reduce_twice_after: Some(8),
        threat_extension_plies: 2,
        threat_probe: true,
        threats_first: false,
        null_move_from_depth: None,
        null_move_reduction: 2,
        forced_extension: None,
        prune_late_after: None,
        prune_late_depth: 1,
        countermoves: false,
        history_malus: false,
    };
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams::TUNED
    }
}

/// The weights of the evaluation, each per unit of what it counts, from the side to
/// move's point of view minus the opponent's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per legal move, divided by [`Weights::MOBILITY_DIVISOR`].
    pub mobility: Score,
    /// Per empty square one of the side's active-row pieces can end on.
    pub square: Score,
    /// Extra per such square the opponent cannot reach.
    pub unique_square: Score,
    /// Per piece the side can land on (to bounce or replace), by its value 1, 2, 3.
    pub piece: [Score; 3],
    /// Extra per such piece the opponent cannot land on, by value.
    pub unique_piece: [Score; 3],
    /// Per square of the opponent's home row the side can land on or end on.
    pub home_row: Score,
    /// Against the side whose opponent could leave the board next move (at a leaf the
    /// search did not extend): it must spend its move stopping that.
    pub threat: Score,
    /// For having the move.
    pub tempo: Score,
}

impl Weights {
    /// Mobility's weight counts in 64ths of a point per move, so that a fit can set it
    /// finely (8: a point per 8 moves).
    pub const MOBILITY_DIVISOR: Score = 64;

    /// The weights the self-play tuning kept.
    /// Square and piece control are kept at zero: every version of them tried lost to
    /// mobility alone (docs/gyges-engine.md).
    pub const TUNED: Weights = Weights {
        mobility: 8,
        square: 0,
        unique_square: 0,
        piece: [0; 3],
        unique_piece: [0; 3],
        home_row: 8,
        threat: 40,
        tempo: 10,
    };
}

impl Default for Weights {
    fn default() -> Self {
        Weights::TUNED
    }
}
