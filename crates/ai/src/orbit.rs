//! The Na orbicie agent: MCTS whose leaves are valued by a short, mostly greedy rollout
//! and then a race estimate, instead of uniformly random play to the end. A random game
//! lasts about 1 200 plies, so full random rollouts are slow and carry almost no signal.
//!
//! **Race estimate.** A pawn's remaining *work* is its distance in steps to the final
//! orbit (breadth-first over the board, the final orbit entered only by the last step);
//! a centre pawn costs the distance from the best orbit-1 field plus
//! [`OrbitParams::entry_cost`] for the wait for an even roll; a pawn home costs nothing.
//! A colour's work is the sum over its pawns; the colour to act is credited
//! [`OrbitParams::tempo`], or the value of the roll or entry it is making. With
//! `d = work_o − work_s`, seat `s` is taken to finish ahead of seat `o` with probability
//!
//! ```text
//!     (1 − w) · σ(d / scale) + w · σ(d / lead_scale),   σ(x) = 1 / (1 + e^−x)
//! ```
//!
//! (`w` = [`OrbitParams::lead_weight`]; the gentle second term keeps a seat far ahead or
//! behind caring about every step), and its reward is the mean of that over the other
//! seats: an expected [`trio_core::Outcome::score`] (1 ahead of all, 0 behind all; the
//! rewards sum to n/2 like real scores), for 2, 3 or 4 seats alike. Seats already
//! finished keep their places.
//!
//! **Rollouts.** Before the estimate, [`OrbitParams::rollout_plies`] actions (dice
//! included) are played: each seat plays its greediest action (most work saved, its own
//! and a captured pawn's together; a roll is worth half the entry cost), ties broken at
//! random, or with probability [`OrbitParams::rollout_noise`] a uniformly random one.
//! This lets the dice of the next few turns speak without wandering into noise. A
//! rollout that ends the game is scored by the outcome. Either way the rewards are then
//! drawn towards 0.5 by [`OrbitParams::decay`] per action played, so that a sooner win
//! is worth more.
//!
//! **Levels** ([`orbit_bot_for_level`]): iterations per move grow from level to level;
//! the table and the measured ladder are in `docs/ai.md`.

use std::fmt;

use rand::Rng;
use trio_core::rng::GameRng;
use trio_core::{Bot, Game, Turn};
use trio_orbit::notation::Coord;
use trio_orbit::{Action, Board, Colour, Field, Orbit, Phase, Place, State};

use crate::evaluator::{score_outcome, Evaluator, Playout, PlayoutCap};
use crate::levels::LEVELS;
use crate::{MctsBot, MctsConfig, SearchLimit};

/// The tunables of [`OrbitEvaluator`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrbitParams {
    /// Actions (dice included) a rollout plays before the position is estimated.
    pub rollout_plies: usize,
    /// Chance that a rollout action is uniformly random rather than the greediest.
    pub rollout_noise: f64,
    /// Steps of lead that make a seat a σ(1) ≈ 73% favourite against another.
    pub scale: f64,
    /// Weight of a second comparison, over [`Self::lead_scale`] steps, that keeps growing
    /// with the lead where the first has flattened out: without it a seat far ahead (or
    /// behind) sees every move as equal and dawdles.
    pub lead_weight: f64,
    /// Steps of lead that make a σ(1) favourite in that second comparison.
    pub lead_scale: f64,
    /// Per rollout action, the fraction by which the rewards are drawn towards 0.5: a win
    /// reached sooner is worth more, so a seat far ahead hurries home instead of
    /// wandering (every way still wins in the end).
    pub decay: f64,
    /// Steps credited to the colour to move for having the move.
    pub tempo: f64,
    /// Steps a centre pawn costs on top of its best orbit-1 field: the turns lost
    /// waiting for an even roll (two on average), a step each.
    pub entry_cost: f64,
}

impl OrbitParams {
    /// Chosen by self-play at 30–500 iterations (`docs/ai.md`): without rollouts the
    /// estimate alone scored 0.18 against these; rollouts of 60 plies, or a scale of 2
    /// or 8, were no better (0.45–0.52 over 60 games).
    pub const TUNED: Self = Self {
        rollout_plies: 24,
        rollout_noise: 0.2,
        scale: 4.0,
        lead_weight: 0.2,
        lead_scale: 30.0,
        decay: 0.002,
        tempo: 0.5,
        entry_cost: 2.0,
    };
}

impl Default for OrbitParams {
    fn default() -> Self {
        Self::TUNED
    }
}

/// Values a Na orbicie position for every seat; see the module documentation.
pub struct OrbitEvaluator {
    params: OrbitParams,
    /// Built from the board of the first game evaluated; a clone builds its own, so a
    /// search never uses another board's distances.
    work: Option<Work>,
    playout: Playout<Orbit>,
}

impl OrbitEvaluator {
    pub fn new(params: OrbitParams) -> Self {
        Self {
            params,
            work: None,
            playout: Playout::new(),
        }
    }

    pub fn params(&self) -> &OrbitParams {
        &self.params
    }
}

impl Default for OrbitEvaluator {
    fn default() -> Self {
        Self::new(OrbitParams::TUNED)
    }
}

// By hand: the distance table and scratch buffers are rebuilt, not copied or printed.
impl Clone for OrbitEvaluator {
    fn clone(&self) -> Self {
        Self::new(self.params)
    }
}

impl fmt::Debug for OrbitEvaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OrbitEvaluator")
            .field("params", &self.params)
            .finish()
    }
}

impl Evaluator<Orbit> for OrbitEvaluator {
    fn label(&self) -> Option<&'static str> {
        Some("race")
    }

    fn evaluate(
        &mut self,
        game: &Orbit,
        state: &mut State,
        rng: &mut GameRng,
        rewards: &mut [f64],
    ) {
        let params = self.params;
        let work = self
            .work
            .get_or_insert_with(|| Work::new(game.board(), params.entry_cost));
        let cap = PlayoutCap::Actions(params.rollout_plies);
        let plies = self.playout.run(game, state, rng, cap, |_, legal, rng| {
            let pick = if rng.random::<f64>() < params.rollout_noise {
                rng.random_range(0..legal.len())
            } else {
                greediest(work, legal, rng)
            };
            legal[pick]
        });
        if game.turn(state) == Turn::Over {
            score_outcome(game, state, rewards);
        } else {
            race(work, &params, state, rewards);
        }
        let kept = (1.0 - params.decay).powi(plies as i32);
        for reward in rewards.iter_mut() {
            *reward = 0.5 + (*reward - 0.5) * kept;
        }
    }
}

/// The index of the action in `legal` that saves the most work, ties drawn uniformly;
/// 0 if `legal` is empty.
fn greediest(work: &Work, legal: &[Action], rng: &mut GameRng) -> usize {
    let mut best = 0;
    let mut best_gain = f64::NEG_INFINITY;
    let mut ties = 0;
    for (i, action) in legal.iter().enumerate() {
        let gain = work.gain(action);
        if gain > best_gain {
            best = i;
            best_gain = gain;
            ties = 1;
        } else if gain == best_gain {
            // Reservoir sampling: the k-th of k equals replaces the pick with chance 1/k.
            ties += 1;
            if rng.random_range(0..ties) == 0 {
                best = i;
            }
        }
    }
    best
}

/// Fills `rewards` with the race estimate of `state` (not over).
fn race(work: &Work, params: &OrbitParams, state: &State, rewards: &mut [f64]) {
    let players = state.players();
    let mut left = [0.0f64; 4];
    for (c, colour) in Colour::ALL[..players].iter().enumerate() {
        left[c] = work.of(state, *colour);
    }
    if let Some(mover) = state.to_move() {
        left[mover.index()] -= match state.phase() {
            Phase::Die => params.entry_cost / 2.0,
            Phase::Enter => params.entry_cost,
            _ => params.tempo,
        };
    }
    let finished = state.finished();
    let place = |c: usize| finished.iter().position(|f| f.index() == c);
    for (s, reward) in rewards.iter_mut().enumerate().take(players) {
        let beaten: f64 = (0..players)
            .filter(|&o| o != s)
            .map(|o| match (place(s), place(o)) {
                (Some(a), Some(b)) => f64::from(u8::from(a < b)),
                (Some(_), None) => 1.0,
                (None, Some(_)) => 0.0,
                (None, None) => {
                    let lead = left[o] - left[s];
                    (1.0 - params.lead_weight) * sigmoid(lead / params.scale)
                        + params.lead_weight * sigmoid(lead / params.lead_scale)
                }
            })
            .sum();
        *reward = beaten / (players - 1) as f64;
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The work, in steps, left to each place of a board.
#[derive(Clone, Debug)]
struct Work {
    /// Per field: steps to the final orbit (0 on it).
    fields: Vec<f64>,
    /// A centre pawn: the best orbit-1 field plus the entry cost.
    centre: f64,
    entry_cost: f64,
}

impl Work {
    fn new(board: &Board, entry_cost: f64) -> Self {
        let count = board.field_count();
        let last = board.final_orbit();
        let mut steps = vec![u32::MAX; count];
        let mut queue: Vec<Field> = all_fields(board)
            .filter(|&f| board.orbit_of(f) == last)
            .collect();
        for field in &queue {
            steps[field.index()] = 0;
        }
        // Breadth first out of the final orbit, never along it: a path may only enter
        // it with its last step.
        let mut next = 0;
        while let Some(&field) = queue.get(next) {
            next += 1;
            for &n in board.neighbours(field) {
                if steps[n.index()] == u32::MAX && board.orbit_of(n) != last {
                    steps[n.index()] = steps[field.index()] + 1;
                    queue.push(n);
                }
            }
        }
        let fields: Vec<f64> = steps.iter().map(|&s| f64::from(s)).collect();
        let best_entry = all_fields(board)
            .filter(|&f| board.orbit_of(f) == 1)
            .map(|f| fields[f.index()])
            .fold(f64::INFINITY, f64::min);
        Self {
            fields,
            centre: best_entry + entry_cost,
            entry_cost,
        }
    }

    fn field(&self, field: Field) -> f64 {
        self.fields[field.index()]
    }

    fn place(&self, place: Place) -> f64 {
        match place {
            Place::Centre => self.centre,
            Place::Field(field) => self.field(field),
            Place::Home => 0.0,
        }
    }

    /// The work left to `colour`'s pawns.
    fn of(&self, state: &State, colour: Colour) -> f64 {
        let on_board: f64 = state.fields(colour).map(|f| self.field(f)).sum();
        on_board + state.centre(colour) as f64 * self.centre
    }

    /// The work `action` saves its player, a captured pawn's added work included; for
    /// entries, only their order among themselves matters.
    fn gain(&self, action: &Action) -> f64 {
        match *action {
            // An even roll, one in two, saves the wait.
            Action::Roll => self.entry_cost / 2.0,
            Action::Enter(field) => -self.field(field),
            Action::Move(m) => {
                let hit = match (m.to, m.relocate) {
                    (Place::Field(to), Some(put)) => self.place(put) - self.field(to),
                    _ => 0.0,
                };
                self.field(m.from) - self.place(m.to) + hit
            }
            Action::Order(_) | Action::Die(_) | Action::Pass => 0.0,
        }
    }
}

/// Every field of `board`, orbit by orbit from the innermost.
fn all_fields(board: &Board) -> impl Iterator<Item = Field> + '_ {
    (1..=board.orbits()).flat_map(move |orbit| {
        (0..board.fields_on(orbit)).filter_map(move |field| {
            board.field(Coord {
                orbit: orbit as u8,
                field: field as u8,
            })
        })
    })
}

/// Na orbicie's MCTS with the race evaluator.
pub type OrbitBot = MctsBot<Orbit, OrbitEvaluator>;

/// Iterations per move of Na orbicie levels 1–5: five times more at each level up to
/// level 4, then ten, as the returns shrink (10 000 scored 0.67 against 2 500 over 30
/// games). Level 5 takes under a tenth of a second a move; the ladder measured is in
/// `docs/ai.md`.
const ORBIT_LEVEL_ITERATIONS: [u32; 5] = [8, 40, 200, 1_000, 10_000];

/// `C` of the levels: the race estimate moves by a few hundredths per step, so less
/// exploration than the generic 1.0 pays; at 400 iterations 0.5 scored 0.60 against 1.0
/// over 60 games.
const ORBIT_EXPLORATION: f64 = 0.5;

/// The search settings of a Na orbicie level; levels outside [`LEVELS`] are taken as the
/// nearest one.
pub fn orbit_level_config(level: u8) -> MctsConfig {
    let index = usize::from(level.clamp(*LEVELS.start(), *LEVELS.end()) - 1);
    MctsConfig {
        exploration: ORBIT_EXPLORATION,
        ..MctsConfig::new(SearchLimit::Iterations(ORBIT_LEVEL_ITERATIONS[index]))
    }
}

/// The Na orbicie bot at `level`, as its concrete type (for its search report).
pub fn orbit_mcts_for_level(level: u8) -> OrbitBot {
    MctsBot::with_evaluator(orbit_level_config(level), OrbitEvaluator::default())
}

/// The review judge of Na orbicie at judge `level` (1–6, [`crate::JUDGE_LEVELS`]): the
/// level's search, level 6 the top level's with more iterations.
pub fn orbit_judge(level: u8) -> OrbitBot {
    let mut bot = orbit_mcts_for_level(level);
    let iterations = crate::judge_budget(ORBIT_LEVEL_ITERATIONS.map(u64::from), level);
    bot.set_limit(SearchLimit::Iterations(iterations as u32));
    bot
}

/// The Na orbicie bot at `level`.
pub fn orbit_bot_for_level(level: u8) -> Box<dyn Bot<Orbit>> {
    Box::new(orbit_mcts_for_level(level))
}

#[cfg(test)]
mod tests {
    use trio_core::{rng, Seat};
    use trio_orbit::Options;

    use super::*;

    fn game(players: usize) -> Orbit {
        Orbit::new(Options {
            players,
            ..Options::default()
        })
        .unwrap()
    }

    fn field(board: &Board, text: &str) -> Field {
        board.field(text.parse().unwrap()).unwrap()
    }

    /// The race estimate alone: no rollout.
    fn estimate(game: &Orbit, position: &str) -> Vec<f64> {
        let mut evaluator = OrbitEvaluator::new(OrbitParams {
            rollout_plies: 0,
            ..OrbitParams::TUNED
        });
        let mut state = game.parse_position(position).unwrap();
        let mut rewards = vec![0.0; game.players()];
        evaluator.evaluate(game, &mut state, &mut rng::seeded(1), &mut rewards);
        rewards
    }

    #[test]
    fn work_counts_steps_to_the_final_orbit() {
        // On `classic`, lines leave orbit k at fields ≡ k (mod 3): from 1.1 the way out
        // is 1.1-2.1-2.2-3.2-3.3-4.3-4.4-5.4-5.5-6.5-6.6-H, 11 steps.
        let board = Board::classic();
        let work = Work::new(&board, 2.0);
        let steps = |text| work.field(field(&board, text));
        assert_eq!(steps("6.0"), 1.0);
        assert_eq!(steps("6.1"), 2.0);
        assert_eq!(steps("5.2"), 3.0);
        assert_eq!(steps("1.1"), 11.0);
        assert_eq!(steps("1.0"), 12.0);
        assert_eq!(steps("7.4"), 0.0);
        assert_eq!(work.place(Place::Centre), 13.0);
        assert_eq!(work.place(Place::Home), 0.0);
    }

    #[test]
    fn the_colour_ahead_is_the_favourite() {
        let game = game(2);
        // Red has three pawns home and the fourth a step away; green has not started.
        let ahead = estimate(&game, "rg g r:6.0,H,H,H/g:C,C,C,C -");
        assert!(ahead[0] > 0.95, "{ahead:?}");
        // Even that far ahead, a step more still counts (the lead term).
        let back = estimate(&game, "rg g r:6.1,H,H,H/g:C,C,C,C -");
        assert!(ahead[0] > back[0] + 5e-4, "{ahead:?} {back:?}");
        // Equal positions (turning the board by three fields keeps its lines): equal
        // chances but for the move.
        let even = estimate(&game, "rg r r:C,C,1.1,2.5/g:C,C,1.4,2.8 -");
        assert!(even[0] > 0.5 && even[0] < 0.6, "{even:?}");
        // A pawn across the line to orbit 3 is better, for the one who has it only.
        let further = estimate(&game, "rg r r:C,C,1.1,3.5/g:C,C,1.4,2.8 -");
        let behind = estimate(&game, "rg r r:C,C,1.1,2.5/g:C,C,1.4,3.8 -");
        assert!(further[0] > even[0] && even[0] > behind[0]);
        for rewards in [ahead, back, even, further, behind] {
            assert!((rewards[0] + rewards[1] - 1.0).abs() < 1e-9, "{rewards:?}");
        }
    }

    #[test]
    fn a_capture_costs_the_captured() {
        let game = game(2);
        // Green's pawn on 2.2 sent back to 1.0, or to the centre.
        let before = estimate(&game, "rg r r:C,C,C,1.3/g:C,C,C,2.2 -");
        let back = estimate(&game, "rg r r:C,C,C,1.3/g:C,C,C,1.0 -");
        let centre = estimate(&game, "rg r r:C,C,C,1.3/g:C,C,C,C -");
        assert!(before[0] < back[0] && back[0] < centre[0]);
    }

    #[test]
    fn finished_colours_keep_their_places() {
        let game = game(3);
        // Green finished first; red is far ahead of blue for second place.
        let rewards = estimate(&game, "rgb r r:6.0,H,H/g:H,H,H/b:C,C,C -");
        assert_eq!(rewards[1], 1.0);
        assert!(rewards[0] > 0.45 && rewards[0] < 0.5, "{rewards:?}");
        assert!(rewards[2] < 0.05, "{rewards:?}");
        assert!((rewards.iter().sum::<f64>() - 1.5).abs() < 1e-9);
    }

    #[test]
    fn rewards_are_scores_for_any_number_of_players() {
        for players in 2..=4 {
            let game = game(players);
            let mut evaluator = OrbitEvaluator::default();
            let mut rng = rng::seeded(players as u64);
            let mut state = game.new_game();
            let mut rewards = vec![0.0; players];
            // Along a greedy game, every leaf's rewards are scores summing to n/2.
            while game.turn(&state) != Turn::Over {
                evaluator.evaluate(&game, &mut state.clone(), &mut rng, &mut rewards);
                assert!(
                    rewards.iter().all(|r| (0.0..=1.0).contains(r)),
                    "{rewards:?}"
                );
                let sum: f64 = rewards.iter().sum();
                assert!((sum - players as f64 / 2.0).abs() < 1e-9, "{rewards:?}");
                let mut one = OrbitEvaluator::new(OrbitParams {
                    rollout_plies: 1,
                    rollout_noise: 0.0,
                    ..OrbitParams::TUNED
                });
                one.evaluate(&game, &mut state, &mut rng, &mut rewards);
            }
        }
    }

    #[test]
    fn the_greediest_action_saves_the_most_work() {
        let game = game(2);
        let board = game.board();
        let work = Work::new(board, 2.0);
        // Red alone on orbit 5 moves a step: 5.2-6.2 (a line) gains one, along the orbit
        // loses one.
        let state = game.parse_position("rg r r:5.2,H,H,H/g:C,C,C,C -").unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&state, &mut legal);
        let pick = greediest(&work, &legal, &mut rng::seeded(1));
        assert_eq!(game.format_action(&state, &legal[pick]), "move 5.2-6.2");
    }

    #[test]
    fn the_search_captures_the_pawn_about_to_win() {
        // Green's last pawn, on 6.3, goes home next turn unless stopped. Red's two pawns
        // on orbit 5 move two steps: 5.2-6.2-6.3 takes it and puts it back on orbit 5.
        let game = game(2);
        let state = game
            .parse_position("rg r r:5.2,5.7,H,H/g:6.3,H,H,H -")
            .unwrap();
        let mut bot = orbit_mcts_for_level(3);
        let action = bot
            .choose(&game, &state, Seat(0), &mut rng::seeded(7))
            .unwrap();
        let text = game.format_action(&state, &action);
        assert!(text.starts_with("move 5.2-6.3>5."), "{text}");
    }

    #[test]
    fn the_search_takes_the_last_pawn_home() {
        let game = game(2);
        let state = game
            .parse_position("rg r r:6.0,H,H,H/g:4.4,5.1,H,H -")
            .unwrap();
        let mut bot = orbit_mcts_for_level(1);
        let action = bot
            .choose(&game, &state, Seat(0), &mut rng::seeded(7))
            .unwrap();
        assert_eq!(game.format_action(&state, &action), "move 6.0-H");
    }

    #[test]
    fn levels_grow_and_clamp() {
        let budget = |level| match orbit_level_config(level).limit {
            SearchLimit::Iterations(n) => n,
            SearchLimit::Time(_) => panic!("levels are counted in iterations"),
        };
        assert!((1..5).all(|l| budget(l) < budget(l + 1)));
        assert_eq!(budget(0), budget(1));
        assert_eq!(budget(9), budget(5));
        assert_eq!(
            orbit_bot_for_level(2).name(),
            format!("mcts:{}+race", budget(2))
        );
    }
}
