//! The search: iterative deepening over a negamax alpha-beta with principal variation
//! search, aspiration windows, late move reductions, a transposition table shared by
//! the threads of a search (lazy SMP), and Gygès' two tactical facts
//! checked first at every node: the side to move wins at once if it can leave the board,
//! and a leaf where the opponent threatens to leave is searched one ply more instead of
//! evaluated. Repetitions along the searched line and the game's ply limit score as draws.

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use trio_core::Game;
use trio_gyges::{generate_moves, Gyges, Move, MoveList, Position, State, Variant};

use super::config::{
    SearchParams, Weights, ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW, CHECK_EVERY, MAX_DEPTH,
    TT_ENTRIES,
};
use super::evaluation::Evaluation;
use super::network::{self, Network};
use super::ordering::{Ordering, RankBy, Ranked};
use super::score::{
    from_table, is_decisive, loss_in, to_table, win_in, Score, DRAW, INFINITY, MAX_PLY,
};
use super::summaries::Summaries;
use super::transposition_table::{Bound, Entry, TranspositionTable};

/// Stack of a helper thread: as much as a deep line needs in a debug build.
const HELPER_STACK: usize = 64 << 20;

/// When a search stops: after an iteration of `depth` plies, after `nodes` nodes, or
/// after `time`, whichever comes first. Depth and nodes give the same move on any
/// machine; time does not. The first iteration always completes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimit {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
}

impl SearchLimit {
    pub fn depth(depth: u32) -> Self {
        SearchLimit {
            depth: Some(depth),
            ..Self::default()
        }
    }

    pub fn nodes(nodes: u64) -> Self {
        SearchLimit {
            nodes: Some(nodes),
            ..Self::default()
        }
    }

    pub fn time(time: Duration) -> Self {
        SearchLimit {
            time: Some(time),
            ..Self::default()
        }
    }
}

/// The outcome of a search, or of one finished iteration of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    pub best: Move,
    /// From the side to move's point of view; see [`super::plies_to_end`] for wins.
    pub score: Score,
    /// The deepest iteration completed.
    pub depth: u32,
    /// The depth of an iteration the search stopped in, when `best` came from it: a move
    /// that beat the previous best there, searched that deep.
    pub unfinished: Option<u32>,
    /// Nodes visited by the whole search so far.
    pub nodes: u64,
    /// The expected line, `best` first.
    pub pv: Vec<Move>,
}

/// A Gygès alpha-beta engine for one variant. Keeps its transposition table, killers and
/// history between searches (of one game); [`GygesEngine::clear`] forgets them.
#[derive(Debug)]
pub struct GygesEngine {
    variant: Variant,
    ply_limit: u32,
    weights: Weights,
    /// A network correcting the evaluation (`None`: the weights alone).
    network: Option<Arc<Network>>,
    params: SearchParams,
    /// Shared with the helper threads of a search.
    tt: Arc<TranspositionTable>,
    /// Threads a search without a node budget runs on, this one included.
    threads: usize,
    ordering: Ordering,
    /// Reach summaries of positions met, so that a position's paths are walked once.
    summaries: Summaries,
    stop: Arc<AtomicBool>,
    // The current search.
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    /// Hashes of the positions on the searched line, the root last before the search.
    path: Vec<u64>,
    /// The moves of the searched line (`None`: a null move).
    line: Vec<Option<Move>>,
    /// Plies of the game before the root, for the ply limit.
    root_plies: u32,
    /// Root moves that repeat a position of the game: scored as draws.
    root_draws: Vec<Move>,
    root_best: Option<(Move, Score)>,
    /// An iteration has completed: from now on the search may stop at any node.
    completed: bool,
    /// The depth of the current iteration.
    root_depth: u32,
    /// The node being entered answers a null move: it may not make another.
    after_null: bool,
}

impl GygesEngine {
    /// An engine for `variant` with the tuned weights and no ply limit.
    pub fn new(variant: Variant) -> Self {
        Self::with_table(variant, Arc::new(TranspositionTable::new(TT_ENTRIES)))
    }

    fn with_table(variant: Variant, tt: Arc<TranspositionTable>) -> Self {
        GygesEngine {
            variant,
            ply_limit: 0,
            weights: Weights::TUNED,
            network: network::for_variant(variant),
            params: SearchParams::TUNED,
            tt,
            threads: 1,
            ordering: Ordering::new(),
            summaries: Summaries::new(variant),
            stop: Arc::new(AtomicBool::new(false)),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            aborted: false,
            path: Vec::new(),
            line: Vec::new(),
            root_plies: 0,
            root_draws: Vec::new(),
            root_best: None,
            completed: false,
            root_depth: 0,
            after_null: false,
        }
    }

    /// The same engine with other evaluation weights.
    pub fn with_weights(mut self, weights: Weights) -> Self {
        self.weights = weights;
        self
    }

    /// The same engine with `network` correcting its evaluation (by default the
    /// variant's, [`network::for_variant`]).
    pub fn with_network(mut self, network: Option<Arc<Network>>) -> Self {
        self.network = network;
        self
    }

    /// The same engine with other search settings.
    pub fn with_params(mut self, params: SearchParams) -> Self {
        self.params = params;
        self
    }

    /// The same engine with a transposition table of about `entries` entries.
    pub fn with_tt_entries(mut self, entries: usize) -> Self {
        self.tt = Arc::new(TranspositionTable::new(entries));
        self
    }

    /// The same engine searching on `threads` threads (at least 1) when a search has no
    /// node budget; see [`GygesEngine::set_threads`].
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.set_threads(threads);
        self
    }

    /// Searches without a node budget run on `threads` threads (at least 1) sharing the
    /// transposition table ("lazy SMP"): the extra threads search the same root, one in
    /// two of them a ply deeper, and fill the table for this one, whose result is played.
    /// Their timing differs from run to run, so such searches are not reproducible; node
    /// budgets (the strength levels) always search on one thread.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Plays `variant` from now on, forgetting what was learnt in the other.
    pub fn set_variant(&mut self, variant: Variant) {
        if variant != self.variant {
            self.variant = variant;
            self.network = network::for_variant(variant);
            self.clear();
        }
    }

    /// The flag that stops a running search when set. A search does not clear it: whoever
    /// sets it clears it before the next search (so a stop sent just before a search
    /// starts is not lost).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Forgets the transposition table, killers, history and summaries (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
        self.summaries.clear(self.variant);
    }

    /// Searches a game in progress under `game`'s rules: its ply limit and the positions
    /// already played (a move back into one of them scores as a draw). `None` if the game
    /// is over.
    pub fn search(
        &mut self,
        game: &Gyges,
        state: &State,
        limit: SearchLimit,
    ) -> Option<SearchResult> {
        self.search_with(game, state, limit, &mut |_| {})
    }

    /// [`GygesEngine::search`], calling `on_iteration` with the result after each
    /// completed iteration (a caller that reports the time taken reads its own clock).
    pub fn search_with(
        &mut self,
        game: &Gyges,
        state: &State,
        limit: SearchLimit,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> Option<SearchResult> {
        if game.end(state).is_some() {
            return None;
        }
        self.set_variant(game.variant());
        self.ply_limit = game.ply_limit();
        self.root_plies = state.plies();
        let mut moves = MoveList::new();
        generate_moves(state.position(), self.variant, &mut moves);
        self.root_draws = moves
            .iter()
            .filter(|mv| {
                let mut next = state.clone();
                game.apply(&mut next, mv);
                next.occurrences() >= 2
            })
            .copied()
            .collect();
        self.run(state.position(), limit, on_iteration)
    }

    /// Searches `pos` alone: no game history and no ply limit. `None` if the side to move
    /// has no legal move or the game is won.
    pub fn search_position(&mut self, pos: &Position, limit: SearchLimit) -> Option<SearchResult> {
        self.search_position_with(pos, limit, &mut |_| {})
    }

    /// [`GygesEngine::search_position`], calling `on_iteration` after each iteration.
    pub fn search_position_with(
        &mut self,
        pos: &Position,
        limit: SearchLimit,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> Option<SearchResult> {
        self.ply_limit = 0;
        self.root_plies = 0;
        self.root_draws.clear();
        self.run(pos, limit, on_iteration)
    }

    /// Searches on this thread, with helper threads when the engine has them and the limit
    /// has no node budget.
    fn run(
        &mut self,
        pos: &Position,
        limit: SearchLimit,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> Option<SearchResult> {
        if self.threads == 1 || limit.nodes.is_some() {
            return self.iterate(pos, limit, 1, on_iteration);
        }
        let done = Arc::new(AtomicBool::new(false));
        std::thread::scope(|scope| {
            for i in 1..self.threads {
                let mut helper = self.helper(Arc::clone(&done));
                let first_depth = 1 + (i % 2) as u32;
                // A helper that cannot start only costs speed.
                let _ = std::thread::Builder::new()
                    .stack_size(HELPER_STACK)
                    .spawn_scoped(scope, move || {
                        helper.iterate(pos, limit, first_depth, &mut |_| {})
                    });
            }
            let result = self.iterate(pos, limit, 1, on_iteration);
            done.store(true, AtomicOrdering::Relaxed);
            result
        })
    }

    /// An engine for a helper thread: this one's settings, table and root, its own
    /// ordering, stopped by `done`.
    fn helper(&self, done: Arc<AtomicBool>) -> GygesEngine {
        GygesEngine {
            weights: self.weights,
            network: self.network.clone(),
            params: self.params,
            ordering: self.ordering.clone(),
            stop: done,
            ply_limit: self.ply_limit,
            root_plies: self.root_plies,
            root_draws: self.root_draws.clone(),
            ..GygesEngine::with_table(self.variant, Arc::clone(&self.tt))
        }
    }

    /// Iterative deepening from `first_depth`.
    fn iterate(
        &mut self,
        pos: &Position,
        limit: SearchLimit,
        first_depth: u32,
        on_iteration: &mut dyn FnMut(&SearchResult),
    ) -> Option<SearchResult> {
        self.nodes = 0;
        self.node_limit = limit.nodes.unwrap_or(u64::MAX);
        // The clock is read only for a time limit: on WebAssembly in a browser
        // (wasm32-unknown-unknown) `Instant::now()` panics, and there the search is given
        // node budgets alone.
        self.deadline = limit.time.map(|t| Instant::now() + t);
        self.aborted = false;
        self.completed = false;
        self.path.clear();
        self.path.push(pos.hash());
        self.line.clear();
        let mut moves = MoveList::new();
        generate_moves(pos, self.variant, &mut moves);
        if moves.is_empty() {
            return None;
        }
        if let Some(&goal) = moves.iter().find(|mv| matches!(mv, Move::Goal { .. })) {
            let result = SearchResult {
                best: goal,
                score: win_in(1),
                depth: 1,
                unfinished: None,
                nodes: 1,
                pv: vec![goal],
            };
            on_iteration(&result);
            return Some(result);
        }
        let max_depth = limit.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut best: Option<SearchResult> = None;
        for depth in first_depth.min(max_depth)..=max_depth {
            let prev = best.as_ref().map(|r| r.score);
            self.root_depth = depth;
            let mut pv = Vec::new();
            let score = match prev {
                Some(s) if depth >= ASPIRATION_MIN_DEPTH && !is_decisive(s) => {
                    let (a, b) = (s - ASPIRATION_WINDOW, s + ASPIRATION_WINDOW);
                    let score = self.negamax(pos, depth as i32, a, b, 0, &mut pv);
                    if !self.aborted && (score <= a || score >= b) {
                        self.negamax(pos, depth as i32, -INFINITY, INFINITY, 0, &mut pv)
                    } else {
                        score
                    }
                }
                _ => self.negamax(pos, depth as i32, -INFINITY, INFINITY, 0, &mut pv),
            };
            if self.aborted && best.is_some() {
                // A root move that beat the previous best in the unfinished iteration was
                // searched to the new depth: play it.
                if let (Some(prev), Some((mv, score))) = (best.as_mut(), self.root_best) {
                    if mv != prev.best {
                        *prev = SearchResult {
                            best: mv,
                            score,
                            unfinished: Some(depth),
                            pv: vec![mv],
                            ..prev.clone()
                        };
                    }
                }
                if let Some(prev) = best.as_mut() {
                    prev.nodes = self.nodes;
                }
                break;
            }
            let Some((mv, _)) = self.root_best else { break };
            if pv.first() != Some(&mv) {
                pv = vec![mv];
            }
            let result = SearchResult {
                best: mv,
                score,
                depth,
                unfinished: None,
                nodes: self.nodes,
                pv,
            };
            on_iteration(&result);
            let decided = is_decisive(score);
            best = Some(result);
            self.completed = true;
            if decided || self.aborted {
                break;
            }
        }
        best
    }

    /// How many plies shallower the move ranked `r`, after `searched` others, is first
    /// searched at a node with `depth` left (late move reductions).
    fn reduction(&self, depth: i32, searched: usize, r: &Ranked) -> i32 {
        let p = &self.params;
        if r.threatens
            || searched < p.full_width_moves
            || p.reduce_from_depth.is_none_or(|d| depth < d)
        {
            0
        } else if p.reduce_twice_after.is_some_and(|n| searched >= n) {
            2
        } else {
            1
        }
    }

    /// Whether a node with `depth` left below the root, whose best searched move scores
    /// `best`, stops before its move ranked after `searched` searched ones (late move
    /// pruning, [`SearchParams::prune_late_after`]).
    fn prunes_late(&self, depth: i32, ply: usize, searched: usize, best: Score) -> bool {
        let p = &self.params;
        ply > 0
            && depth <= p.prune_late_depth
            && p.prune_late_after
                .is_some_and(|n| searched >= n * depth.max(1) as usize)
            && !(is_decisive(best) && best < 0)
    }

    /// Whether a node's moves, ranked by replies, leave so few that do not lose at once
    /// that the node is extended ([`SearchParams::forced_extension`]).
    fn forced(&self, ranked: &[Ranked], by: RankBy) -> bool {
        match (self.params.forced_extension, by) {
            (Some(n), RankBy::Replies { .. }) => ranked.iter().filter(|r| !r.loses).count() <= n,
            // Ranked by history, the losing moves are not known.
            _ => false,
        }
    }

    fn evaluation(&self) -> Evaluation<'_> {
        Evaluation {
            weights: &self.weights,
            network: self.network.as_deref(),
        }
    }

    /// Null-move pruning: a score at least `beta` when the side to move, unthreatened
    /// and already at or above `beta` by the evaluation, stays there even if it lets the
    /// opponent move twice (searched shallower with a null window); `None` to search on.
    /// Never twice in a row.
    fn null_move(
        &mut self,
        pos: &Position,
        depth: i32,
        beta: Score,
        ply: usize,
        after_null: bool,
    ) -> Option<Score> {
        let from = self.params.null_move_from_depth?;
        if ply == 0 || after_null || depth < from || is_decisive(beta) {
            return None;
        }
        let leaf = self.evaluation().of(pos, self.variant);
        if leaf.stuck || leaf.threatened || leaf.score < beta {
            return None;
        }
        let null = pos.with_side_to_move(pos.side_to_move().opponent());
        self.path.push(null.hash());
        self.line.push(None);
        self.after_null = true;
        let mut null_pv = Vec::new();
        let reduced = depth - 1 - self.params.null_move_reduction;
        let score = -self.negamax(&null, reduced, -beta, -beta + 1, ply + 1, &mut null_pv);
        self.path.pop();
        self.line.pop();
        if self.aborted {
            Some(DRAW)
        } else if score >= beta {
            // A win found after passing is not proved for the real moves.
            Some(if is_decisive(score) { beta } else { score })
        } else {
            None
        }
    }

    /// Whether the side to move has a move after which the opponent cannot leave the
    /// board.
    fn can_stop_exit(&self, pos: &Position) -> bool {
        let mut moves = MoveList::new();
        generate_moves(pos, self.variant, &mut moves);
        moves
            .iter()
            .any(|&mv| !self.summaries.has_goal(&pos.make_move(mv)))
    }

    /// Whether the search must stop now; looks at the clock and the flag now and then.
    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes % CHECK_EVERY == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            if late || self.stop.load(AtomicOrdering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Whether the position just entered repeats one earlier on the line or in the game
    /// (same side to move, so every second entry).
    fn repeats(&self) -> bool {
        let n = self.path.len();
        let now = self.path[n - 1];
        self.path[..n - 1]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&h| h == now)
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        pv: &mut Vec<Move>,
    ) -> Score {
        pv.clear();
        self.nodes += 1;
        let after_null = std::mem::take(&mut self.after_null);
        // The first iteration always completes, so there is a move to play.
        if self.completed && self.out_of_budget() {
            return DRAW;
        }
        if ply > 0 {
            if self.repeats() {
                return DRAW;
            }
            if self.ply_limit != 0 && self.root_plies + ply as u32 >= self.ply_limit {
                return DRAW;
            }
            // A leaf asks while it evaluates (below).
            let leaf = depth <= 0 || ply >= MAX_PLY;
            if !leaf && self.summaries.has_goal(pos) {
                return win_in(ply + 1);
            }
        } else {
            self.root_best = None;
        }
        let mut depth = depth;
        if depth <= 0 || ply >= MAX_PLY {
            let evaluation = Evaluation {
                weights: &self.weights,
                network: self.network.as_deref(),
            };
            let Some(leaf) = evaluation.unless_exit(pos, &mut self.summaries) else {
                return win_in(ply + 1);
            };
            if leaf.stuck {
                return loss_in(ply);
            }
            let extend = ply < self.root_depth as usize + self.params.threat_extension_plies;
            if !leaf.threatened || ply >= MAX_PLY {
                return leaf.score;
            }
            if !extend {
                // Too deep to search the answers: only ask whether there is one.
                return if self.params.threat_probe && !self.can_stop_exit(pos) {
                    loss_in(ply + 2)
                } else {
                    leaf.score
                };
            }
            // The opponent threatens to leave the board: see which moves stop it.
            depth = 1;
        }

        let key = pos.hash();
        let entry = self.tt.probe(key);
        let tt_move = entry.and_then(|e| e.best);
        if let Some(e) = entry.filter(|e| ply > 0 && e.depth >= depth) {
            let score = from_table(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }

        if let Some(score) = self.null_move(pos, depth, beta, ply, after_null) {
            return score;
        }

        let mut moves = Box::new(MoveList::new());
        generate_moves(pos, self.variant, &mut moves);
        if moves.is_empty() {
            return loss_in(ply);
        }
        let by = if ply == 0 || depth >= self.params.order_by_replies_from {
            RankBy::Replies {
                threats_first: self.params.threats_first,
            }
        } else {
            RankBy::History
        };
        let previous = self.line.last().copied().flatten();
        let counter = if self.params.countermoves {
            self.ordering.counter(previous)
        } else {
            None
        };
        let ranked =
            self.ordering
                .rank(pos, &mut self.summaries, &moves, tt_move, counter, ply, by);
        drop(moves);
        if ply > 0
            && self.forced(ranked.unordered(), by)
            && ply as i32 + depth < 2 * self.root_depth as i32
        {
            depth += 1;
        }

        let alpha_start = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut child_pv = Vec::new();
        let mut searched = 0;
        // With the history malus, the moves searched so far.
        let mut tried = Vec::new();
        for r in ranked {
            if self.prunes_late(depth, ply, searched, best_score) {
                break;
            }
            let score = if r.loses {
                loss_in(ply + 2)
            } else if ply == 0 && self.root_draws.contains(&r.mv) {
                DRAW
            } else {
                let child = pos.make_move(r.mv);
                self.path.push(child.hash());
                self.line.push(Some(r.mv));
                let score = if searched == 0 {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, &mut child_pv)
                } else {
                    let reduction = self.reduction(depth, searched, &r);
                    let null_window = |engine: &mut Self, depth, pv: &mut Vec<Move>| {
                        -engine.negamax(&child, depth, -alpha - 1, -alpha, ply + 1, pv)
                    };
                    let mut s = null_window(self, depth - 1 - reduction, &mut child_pv);
                    if reduction > 0 && s > alpha && !self.aborted {
                        s = null_window(self, depth - 1, &mut child_pv);
                    }
                    if s > alpha && s < beta && !self.aborted {
                        -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, &mut child_pv)
                    } else {
                        s
                    }
                };
                self.path.pop();
                self.line.pop();
                searched += 1;
                if self.params.history_malus {
                    tried.push(r.mv);
                }
                score
            };
            if self.aborted {
                return DRAW;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(r.mv);
                if ply == 0 {
                    self.root_best = Some((r.mv, score));
                }
                if score > alpha {
                    alpha = score;
                    pv.clear();
                    pv.push(r.mv);
                    if !r.loses {
                        pv.extend_from_slice(&child_pv);
                    }
                }
            }
            if alpha >= beta {
                self.ordering.reward(r.mv, ply, depth, previous);
                for &mv in tried.iter().filter(|&&mv| mv != r.mv) {
                    self.ordering.punish(mv, depth);
                }
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            best: best_move,
            score: to_table(best_score, ply),
            depth,
            bound,
        });
        best_score
    }
}
