//! Monte Carlo tree search for any [`Game`]: perfect information, chance, hidden
//! information and 2–4 seats, after OpenSpiel's `MCTSBot` and single-observer
//! information-set MCTS (Cowling, Powley and Whitehouse, 2012).
//!
//! **Information sets.** The bot sees only its view. Each iteration draws a full state
//! consistent with it ([`Game::determinize`]) and walks one tree shared by all draws, keyed
//! by actions; at a decision node only the actions legal in this draw are considered.
//!
//! **Selection** (UCB1 with availability counts): among the children whose action is legal
//! in the current draw, if any has never been tried one of those is added (chosen
//! uniformly), else the child maximising
//!
//! ```text
//!     W / N + C · sqrt(ln A / N)
//! ```
//!
//! where `N` is the child's visits, `W` the sum of its rewards, `A` the number of visits
//! to its parent in which its action was legal (the parent's visits when everything is
//! visible) and `C` is [`MctsConfig::exploration`]. Ties go to the child added last.
//!
//! **Chance.** At [`Turn::Chance`] the outcome is drawn with its probability and the walk
//! follows (or adds) the child keyed by that outcome, so the branches of a die roll or a
//! tile draw keep their statistics apart. Chance nodes are never selected among.
//!
//! **N players.** An evaluation gives a reward in `[0, 1]` to every seat
//! ([`trio_core::Outcome::score`] at the end of a game). Backing up, each node adds the
//! reward of the seat that chose the action leading to it, so every seat in the tree
//! plays for itself (max-n), whatever the number of seats.
//!
//! **Evaluation.** A new leaf is valued by an [`Evaluator`]: by default [`RandomRollout`],
//! uniformly random play to the end, cut after [`MctsConfig::rollout_plies`].
//!
//! **Budget and parallelism.** [`SearchLimit::Iterations`] is split over
//! [`MctsConfig::trees`] independent trees (root parallelism), searched on rayon's pool
//! and each seeded from the bot's rng before any starts; their root visits are summed in
//! a fixed order, so the choice depends on the seed alone, not on threads or machine
//! speed. [`SearchLimit::Time`] runs every tree until a deadline instead, trading that
//! reproducibility for a bounded wait. The move played has the most visits; ties go to
//! the higher total reward, then to the action listed first by the rules.

use std::time::{Duration, Instant};

use rand::{Rng, RngCore};
use rayon::prelude::*;
use trio_core::rng::{self, GameRng};
use trio_core::{sample_weighted, Bot, Game, Seat, Turn};

use crate::evaluator::{score_outcome, Evaluator, RandomRollout};
use crate::node::{NodeId, Tree};

/// When a search stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchLimit {
    /// This many iterations (descent, evaluation, backup) in all trees together:
    /// the same play on any machine.
    Iterations(u32),
    /// Every tree searches until this much time has passed.
    Time(Duration),
}

/// The tunables of [`MctsBot`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    pub limit: SearchLimit,
    /// `C` in the selection formula.
    pub exploration: f64,
    /// Independent trees searched in parallel (at least 1).
    pub trees: usize,
    /// Actions a rollout plays before it stops and scores the state.
    pub rollout_plies: usize,
}

impl MctsConfig {
    /// Between UCB1's textbook √2 and the 0.7 often used with rewards in `[0, 1]`: on the
    /// test games, 300 iterations a move, 1.0 scored 0.53–0.54 against √2 and 0.50–0.53
    /// against 0.7 over 400 games, no clear difference either way.
    pub const EXPLORATION: f64 = 1.0;
    pub const TREES: usize = 2;
    /// Far beyond a normal game of any trio game, so rollouts end by the rules; the cap
    /// only stops aimless random play from running long.
    pub const ROLLOUT_PLIES: usize = 1_000;
    pub const ITERATIONS: u32 = 1_000;

    pub fn new(limit: SearchLimit) -> Self {
        Self {
            limit,
            exploration: Self::EXPLORATION,
            trees: Self::TREES,
            rollout_plies: Self::ROLLOUT_PLIES,
        }
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self::new(SearchLimit::Iterations(Self::ITERATIONS))
    }
}

/// What the last [`MctsBot::choose`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchReport {
    /// Iterations run in all trees together.
    pub iterations: u64,
    /// Nodes in all trees together.
    pub nodes: usize,
    /// Visits of the chosen action, summed over the trees.
    pub visits: u32,
    /// Mean reward of the chosen action for the seat choosing: its expected score.
    pub value: f64,
}

/// An MCTS player; see the module documentation for the algorithm.
#[derive(Clone, Debug)]
pub struct MctsBot<G: Game, E: Evaluator<G> = RandomRollout<G>> {
    config: MctsConfig,
    evaluator: E,
    last: Option<SearchReport>,
    // Keeps `G` in the type so one bot serves one game.
    game: std::marker::PhantomData<fn(G)>,
}

impl<G: Game> MctsBot<G> {
    /// A bot valuing leaves by random rollouts of at most `config.rollout_plies`.
    pub fn new(config: MctsConfig) -> Self {
        Self::with_evaluator(config, RandomRollout::new(config.rollout_plies))
    }
}

impl<G: Game, E: Evaluator<G>> MctsBot<G, E> {
    pub fn with_evaluator(config: MctsConfig, evaluator: E) -> Self {
        Self {
            config,
            evaluator,
            last: None,
            game: std::marker::PhantomData,
        }
    }

    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Searches with `limit` from now on, keeping every other setting.
    pub fn set_limit(&mut self, limit: SearchLimit) {
        self.config.limit = limit;
    }

    /// The statistics of the last search; `None` before the first or when the choice
    /// was forced.
    pub fn last_search(&self) -> Option<&SearchReport> {
        self.last.as_ref()
    }

    /// Values the position the states `draw` gives stand for (one state, or states drawn
    /// consistent with a view) for every seat, with one tree of the bot's iteration budget
    /// seeded by `seed`, so that the same position and seed always give the same answer.
    /// A time limit is searched as [`MctsConfig::ITERATIONS`].
    pub fn appraise(
        &self,
        game: &G,
        draw: &mut dyn FnMut(&mut GameRng) -> G::State,
        seed: u64,
    ) -> Appraisal<G::Action> {
        let iterations = match self.config.limit {
            SearchLimit::Iterations(n) => n.max(1),
            SearchLimit::Time(_) => MctsConfig::ITERATIONS,
        };
        let mut search = Search::new(game, &self.config, self.evaluator.clone(), seed);
        let probe = draw(&mut search.rng);
        let turn = game.turn(&probe);
        if turn == Turn::Over {
            let mut values = vec![0.0; game.seat_count()];
            score_outcome(game, &probe, &mut values);
            return Appraisal { values, best: None };
        }
        search.root_values = Some(RootValues::new(game.seat_count()));
        search.run(draw, iterations, None);
        search.appraisal(turn)
    }
}

/// What a search found of a position: each seat's expected score
/// ([`trio_core::Outcome::score`]'s scale) and, where a seat is to move, the action it
/// should choose.
#[derive(Clone, Debug, PartialEq)]
pub struct Appraisal<A> {
    pub values: Vec<f64>,
    pub best: Option<A>,
}

/// Every seat's rewards summed at the root, over all iterations and per root child, for
/// [`MctsBot::appraise`]: the tree itself keeps only the chooser's.
struct RootValues {
    total: Vec<f64>,
    children: Vec<(NodeId, Vec<f64>)>,
}

impl RootValues {
    fn new(seats: usize) -> Self {
        Self {
            total: vec![0.0; seats],
            children: Vec::new(),
        }
    }

    fn add(&mut self, child: Option<NodeId>, rewards: &[f64]) {
        add_to(&mut self.total, rewards);
        let Some(child) = child else { return };
        match self.children.iter_mut().find(|(id, _)| *id == child) {
            Some((_, sums)) => add_to(sums, rewards),
            None => self.children.push((child, rewards.to_vec())),
        }
    }
}

fn add_to(sums: &mut [f64], rewards: &[f64]) {
    for (sum, reward) in sums.iter_mut().zip(rewards) {
        *sum += reward;
    }
}

impl<G: Game, E: Evaluator<G>> Bot<G> for MctsBot<G, E> {
    fn name(&self) -> String {
        let budget = match self.config.limit {
            SearchLimit::Iterations(n) => n.to_string(),
            SearchLimit::Time(t) => format!("{}ms", t.as_millis()),
        };
        match self.evaluator.label() {
            Some(label) => format!("mcts:{budget}+{label}"),
            None => format!("mcts:{budget}"),
        }
    }

    fn choose(
        &mut self,
        game: &G,
        view: &G::View,
        _seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<G::Action> {
        self.choose_drawing(game, view, rng, &|rng| game.determinize(view, rng))
    }
}

impl<G: Game, E: Evaluator<G>> MctsBot<G, E> {
    /// [`Bot::choose`] searching the states `draw` gives instead of
    /// [`Game::determinize`]'s: for a bot that knows more of what is hidden than its view
    /// says, from what the other seats have played.
    pub fn choose_drawing(
        &mut self,
        game: &G,
        view: &G::View,
        rng: &mut dyn RngCore,
        draw: &(dyn Fn(&mut GameRng) -> G::State + Sync),
    ) -> Option<G::Action> {
        self.last = None;
        let mut legal = Vec::new();
        game.legal_actions_in_view(view, rng, &mut legal);
        if legal.len() <= 1 {
            return legal.pop();
        }

        let trees = self.config.trees.max(1);
        let seeds: Vec<u64> = (0..trees).map(|_| rng.next_u64()).collect();
        let (budget, deadline) = match self.config.limit {
            SearchLimit::Iterations(n) => (n.max(1), None),
            SearchLimit::Time(t) => (u32::MAX, Some(Instant::now() + t)),
        };
        let results: Vec<RootStats<G::Action>> = seeds
            .par_iter()
            .enumerate()
            .map(|(i, &seed)| {
                // Tree i gets its share of the budget, the first ones the remainder.
                let share = budget / trees as u32 + u32::from((i as u32) < budget % trees as u32);
                let mut search = Search::new(game, &self.config, self.evaluator.clone(), seed);
                search.run(&mut |rng| draw(rng), share, deadline);
                search.root_stats()
            })
            .collect();

        let mut visits = vec![0u32; legal.len()];
        let mut reward = vec![0.0f64; legal.len()];
        let mut report = SearchReport {
            iterations: 0,
            nodes: 0,
            visits: 0,
            value: 0.0,
        };
        for tree in &results {
            report.iterations += tree.iterations;
            report.nodes += tree.nodes;
            for (action, n, w) in &tree.children {
                if let Some(i) = legal.iter().position(|a| a == action) {
                    visits[i] += n;
                    reward[i] += w;
                }
            }
        }
        // Most visits, then most reward, then the first listed: `max_by` keeps the last
        // of equals, so the indices are walked backwards.
        let best = (0..legal.len())
            .rev()
            .max_by(|&a, &b| {
                visits[a]
                    .cmp(&visits[b])
                    .then(reward[a].total_cmp(&reward[b]))
            })
            .expect("at least two legal actions");
        report.visits = visits[best];
        report.value = if visits[best] > 0 {
            reward[best] / f64::from(visits[best])
        } else {
            0.0
        };
        self.last = Some(report);
        Some(legal.swap_remove(best))
    }
}

/// A root's children after one tree's search: `(action, visits, total reward)`.
struct RootStats<A> {
    iterations: u64,
    nodes: usize,
    children: Vec<(A, u32, f64)>,
}

/// One tree being searched, with the buffers its iterations reuse.
struct Search<'a, G: Game, E> {
    game: &'a G,
    config: &'a MctsConfig,
    evaluator: E,
    rng: GameRng,
    tree: Tree<G::Action>,
    iterations: u64,
    legal: Vec<G::Action>,
    chance: Vec<(G::Action, f64)>,
    tried: Vec<bool>,
    path: Vec<NodeId>,
    rewards: Vec<f64>,
    /// Kept only when appraising.
    root_values: Option<RootValues>,
}

impl<'a, G: Game, E: Evaluator<G>> Search<'a, G, E> {
    fn new(game: &'a G, config: &'a MctsConfig, evaluator: E, seed: u64) -> Self {
        Self {
            game,
            config,
            evaluator,
            rng: rng::seeded(seed),
            tree: Tree::new(),
            iterations: 0,
            legal: Vec::new(),
            chance: Vec::new(),
            tried: Vec::new(),
            path: Vec::new(),
            rewards: vec![0.0; game.seat_count()],
            root_values: None,
        }
    }

    /// Runs iterations from the states `draw` gives: determinizations of a view, or one
    /// state every time.
    fn run(
        &mut self,
        draw: &mut dyn FnMut(&mut GameRng) -> G::State,
        iterations: u32,
        deadline: Option<Instant>,
    ) {
        for _ in 0..iterations {
            if deadline.is_some_and(|d| self.iterations > 0 && Instant::now() >= d) {
                break;
            }
            let state = draw(&mut self.rng);
            self.iterate(state);
            self.iterations += 1;
        }
    }

    /// The root's values and best action after [`Search::run`] with root values kept:
    /// at a seat's turn the most visited child's (the move [`MctsBot::choose`] plays);
    /// at a chance event the mean over all iterations, which follow the outcomes'
    /// probabilities.
    fn appraisal(&self, turn: Turn) -> Appraisal<G::Action> {
        let root = self
            .root_values
            .as_ref()
            .expect("appraising keeps root values");
        let mean = |sums: &[f64], n: u32| sums.iter().map(|s| s / f64::from(n.max(1))).collect();
        let best = match turn {
            Turn::Seat(_) => root.children.iter().rev().max_by(|(a, _), (b, _)| {
                let (a, b) = (self.tree.node(*a), self.tree.node(*b));
                a.visits.cmp(&b.visits).then(a.reward.total_cmp(&b.reward))
            }),
            _ => None,
        };
        match best {
            Some((id, sums)) => {
                let node = self.tree.node(*id);
                Appraisal {
                    values: mean(sums, node.visits),
                    best: node.action.clone(),
                }
            }
            None => Appraisal {
                values: mean(&root.total, self.iterations as u32),
                best: None,
            },
        }
    }

    /// One descent from the root through `state`, an evaluation, and the backup.
    fn iterate(&mut self, mut state: G::State) {
        let game = self.game;
        self.path.clear();
        self.path.push(Tree::<G::Action>::ROOT);
        let mut node = Tree::<G::Action>::ROOT;
        loop {
            let (child, added) = match game.turn(&state) {
                Turn::Over => {
                    score_outcome(game, &state, &mut self.rewards);
                    break;
                }
                Turn::Chance => {
                    game.chance_outcomes(&state, &mut self.chance);
                    let Some(outcome) = sample_weighted(&self.chance, &mut self.rng) else {
                        score_outcome(game, &state, &mut self.rewards);
                        break;
                    };
                    match self.tree.find_child(node, outcome) {
                        Some(child) => (child, false),
                        None => (self.tree.add_child(node, outcome.clone(), None), true),
                    }
                }
                Turn::Seat(seat) => match self.select(node, &state, seat) {
                    Some(step) => step,
                    None => {
                        score_outcome(game, &state, &mut self.rewards);
                        break;
                    }
                },
            };
            let action = self
                .tree
                .node(child)
                .action
                .as_ref()
                .expect("only the root has none");
            game.apply(&mut state, action);
            self.path.push(child);
            node = child;
            if added {
                self.evaluator
                    .evaluate(game, &mut state, &mut self.rng, &mut self.rewards);
                break;
            }
        }
        if let Some(root) = &mut self.root_values {
            root.add(self.path.get(1).copied(), &self.rewards);
        }
        for &id in &self.path {
            let node = self.tree.node_mut(id);
            node.visits += 1;
            if let Some(seat) = node.actor {
                node.reward += self.rewards[seat.index()];
            }
        }
    }

    /// The child of `node` to follow for `seat` in `state`, and whether it is new; `None`
    /// if the seat has no legal action (a broken game).
    fn select(&mut self, node: NodeId, state: &G::State, seat: Seat) -> Option<(NodeId, bool)> {
        self.game.legal_actions(state, &mut self.legal);
        if self.legal.is_empty() {
            return None;
        }
        self.tried.clear();
        self.tried.resize(self.legal.len(), false);
        let mut best = None;
        let mut best_value = f64::NEG_INFINITY;
        let mut child = self.tree.first_child(node);
        while let Some(c) = child {
            let n = self.tree.node_mut(c);
            let legal_here = n
                .action
                .as_ref()
                .and_then(|a| self.legal.iter().position(|l| l == a));
            if let Some(i) = legal_here {
                self.tried[i] = true;
                n.available += 1;
                let visits = f64::from(n.visits.max(1));
                let value = n.reward / visits
                    + self.config.exploration * (f64::from(n.available).ln() / visits).sqrt();
                if value > best_value {
                    best_value = value;
                    best = Some(c);
                }
            }
            child = self.tree.next_sibling(c);
        }
        let untried = self.tried.iter().filter(|&&t| !t).count();
        if untried == 0 {
            return best.map(|c| (c, false));
        }
        let pick = self.rng.random_range(0..untried);
        let index = (0..self.legal.len())
            .filter(|&i| !self.tried[i])
            .nth(pick)?;
        let child = self
            .tree
            .add_child(node, self.legal[index].clone(), Some(seat));
        self.tree.node_mut(child).available = 1;
        Some((child, true))
    }

    fn root_stats(self) -> RootStats<G::Action> {
        let mut children = Vec::new();
        let mut child = self.tree.first_child(Tree::<G::Action>::ROOT);
        while let Some(c) = child {
            let n = self.tree.node(c);
            if let Some(action) = &n.action {
                children.push((action.clone(), n.visits, n.reward));
            }
            child = self.tree.next_sibling(c);
        }
        RootStats {
            iterations: self.iterations,
            nodes: self.tree.len(),
            children,
        }
    }
}
