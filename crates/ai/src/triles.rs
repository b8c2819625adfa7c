//! Triles evaluation for MCTS, and the Triles strength levels built on it (see
//! `docs/ai.md`, "Triles").
//!
//! [`TrilesRollout`] plays random placements to the end like the generic rollout, but
//! never declines a wedge gift (a random player does one time in as many as it has tile
//! types, plus one) and gives the tile hardest to place ([`burdens`]). Its knobs also
//! allow greedy placements and rollouts cut short and scored by the hands
//! ([`hand_value`]); those measured no stronger (`docs/ai.md`).

use std::fmt;

use rand::{Rng, RngCore};
use trio_core::rng::GameRng;
use trio_core::{Bot, Game, Seat, Turn};
use trio_triles::{
    Action, Colour, Draws, Effects, Kind, Placement, Setup, State, Table, TileId, TileSet, Tiles,
    Triles, View,
};

use crate::evaluator::{score_outcome, Evaluator, Playout, PlayoutCap};
use crate::levels::LEVELS;
use crate::{MctsBot, MctsConfig, SearchLimit};

/// Iterations per move of Triles levels 1–5: levels 1–3 as in the generic table, then six
/// to seven times more a level; level 5 takes about 0.8 s of CPU on an opening move (two
/// trees), less later (`docs/ai.md`).
pub const TRILES_LEVEL_ITERATIONS: [u32; 5] = [24, 200, 1_000, 6_000, 40_000];

/// What a greedy rollout placement is worth per own loop (an extra placement), per
/// opponent dot (the opponent draws) and for a wedge (a tile given away).
const LOOP_WEIGHT: f64 = 3.0;
const DOT_WEIGHT: f64 = 2.0;
const WEDGE_WEIGHT: f64 = 2.0;

/// Values a leaf by a rollout.
///
/// Each placement is the best, by what it creates (`LOOP_WEIGHT` and the rest), of
/// `candidates` legal ones drawn at random (the first drawn among equals; one: uniform);
/// a wedge gift is always given, the tile hardest to place for both sides together
/// ([`burdens`]); chance follows its probabilities. At the end of the game the outcome
/// scores it; cut after `plies` decisions, [`hand_value`] with `scale`.
pub struct TrilesRollout {
    pub plies: usize,
    pub candidates: usize,
    pub scale: f64,
    playout: Playout<Triles>,
    burden: Vec<[f64; 2]>,
    /// What each legal placement creates, as listed with the actions.
    effects: Vec<Effects>,
}

impl TrilesRollout {
    /// To the end of the game. Cut after 4 decisions (with the best of 4 placements), a
    /// search ran three times the iterations in the same time, yet 8 000 of them scored
    /// only 0.495 against 1 000 of these rollouts.
    pub const PLIES: usize = MctsConfig::ROLLOUT_PLIES;
    /// The best of 8 by immediate gain: with the inferred hand ([`TrilesBot`]) it beat
    /// plain MCTS at equal time in a paired SPRT, and its shorter games make an iteration
    /// cheaper than a uniform rollout's (`docs/ai.md`).
    pub const CANDIDATES: usize = 8;
    /// A lead of one tile is worth a score of about 0.62, two tiles 0.73.
    pub const SCALE: f64 = 2.0;
}

impl Default for TrilesRollout {
    fn default() -> Self {
        Self {
            plies: Self::PLIES,
            candidates: Self::CANDIDATES,
            scale: Self::SCALE,
            playout: Playout::new(),
            burden: Vec::new(),
            effects: Vec::new(),
        }
    }
}

// By hand: the scratch buffers are neither copied nor printed.
impl Clone for TrilesRollout {
    fn clone(&self) -> Self {
        Self {
            plies: self.plies,
            candidates: self.candidates,
            scale: self.scale,
            ..Self::default()
        }
    }
}

impl fmt::Debug for TrilesRollout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TrilesRollout")
            .field("plies", &self.plies)
            .field("candidates", &self.candidates)
            .field("scale", &self.scale)
            .finish()
    }
}

/// How hard each tile type of `set` is to place, per colour ([`Colour::index`]), from 0
/// (always) to 0.8, written to `out`. Measured over 3 000 random games of the default set:
/// a tile with an arc of the mover's colour could always be placed (it extends an own
/// line without closing it); one whose own terminals are caps, with a semicircle among
/// them, about half the time (it must cap an open line or meet an own semicircle); one
/// with only own half-dots about a fifth of the time.
pub fn burdens(set: &TileSet, out: &mut Vec<[f64; 2]>) {
    out.clear();
    out.extend(set.types().iter().map(|tile| {
        Colour::ALL.map(|colour| {
            let own = || tile.terminals().iter().filter(|t| t.colour == colour);
            if own().any(|t| t.kind == Kind::Arc) {
                0.0
            } else if own().any(|t| t.kind == Kind::Semicircle) {
                0.45
            } else {
                0.8
            }
        })
    }));
}

/// Seat `seat`'s chance of winning guessed from the hands: a logistic curve in the
/// difference of hand sizes divided by `scale`, with draws owed counted in the hands and
/// the mover credited half a tile for moving next, a tile per owed extra placement and a
/// gift still to give. 0.5 before colours are drawn.
pub fn hand_value(state: &State, seat: Seat, scale: f64) -> f64 {
    let Some(me) = state.colour_of(seat) else {
        return 0.5;
    };
    let mut size = Colour::ALL.map(|c| state.hand(c).len() as f64);
    for &(colour, n) in &state.table().draws {
        size[colour.index()] += f64::from(n);
    }
    if let Some(mover) = state.table().to_move {
        size[mover.index()] -= 0.5 + f64::from(state.table().extra);
        if state.table().gift_pending {
            size[mover.index()] -= 1.0;
            size[mover.opponent().index()] += 1.0;
        }
    }
    let lead = size[me.opponent().index()] - size[me.index()];
    1.0 / (1.0 + (-lead / scale).exp())
}

impl TrilesRollout {
    /// The rollout's action among `legal` (at least one) for the mover of `state`, where
    /// `effects[i]` is what `legal[i]` creates when it is a placement.
    fn choose(
        &self,
        state: &State,
        legal: &[Action],
        effects: &[Effects],
        rng: &mut GameRng,
    ) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        if state.table().gift_pending {
            // The giver is rid of the tile and the taker must place it: both burdens count.
            let gift = |a: &Action| match a {
                Action::Give(t) => self.burden[t.index()].iter().sum(),
                _ => f64::NEG_INFINITY,
            };
            return *legal
                .iter()
                .max_by(|a, b| gift(a).total_cmp(&gift(b)))
                .expect("at least two actions");
        }
        let mover = state.table().to_move.expect("a seat is to move");
        let value = |i: usize| effects.get(i).map_or(0.0, |e| placement_value(e, mover));
        let mut best = rng.random_range(0..legal.len());
        let mut best_value = value(best);
        for _ in 1..self.candidates {
            let i = rng.random_range(0..legal.len());
            let v = value(i);
            if v > best_value {
                best = i;
                best_value = v;
            }
        }
        legal[best]
    }
}

/// What a placement by `mover` creating `effects` brings at once: own loops, opponent
/// dots, a wedge.
fn placement_value(effects: &Effects, mover: Colour) -> f64 {
    LOOP_WEIGHT * f64::from(effects.loops(mover))
        + DOT_WEIGHT * f64::from(effects.dots(mover.opponent()))
        + if effects.is_wedge() {
            WEDGE_WEIGHT
        } else {
            0.0
        }
}

impl Evaluator<Triles> for TrilesRollout {
    fn label(&self) -> Option<&'static str> {
        Some("triles")
    }

    fn evaluate(
        &mut self,
        game: &Triles,
        state: &mut State,
        rng: &mut GameRng,
        rewards: &mut [f64],
    ) {
        burdens(game.tile_set(), &mut self.burden);
        // The buffers are lent out while `choose` reads the rest of `self`.
        let mut playout = std::mem::take(&mut self.playout);
        let mut effects = std::mem::take(&mut self.effects);
        let cap = PlayoutCap::Decisions(self.plies);
        playout.run_deciding(game, state, rng, cap, |state, legal, rng| {
            game.legal_actions_with_effects(state, legal, &mut effects);
            (!legal.is_empty()).then(|| self.choose(state, legal, &effects, rng))
        });
        self.playout = playout;
        self.effects = effects;
        if game.turn(state) == Turn::Over {
            score_outcome(game, state, rewards);
            return;
        }
        for (seat, reward) in rewards.iter_mut().enumerate() {
            *reward = hand_value(state, Seat(seat as u8), self.scale);
        }
    }
}

/// The MCTS bot of Triles `level` ([`TRILES_LEVEL_ITERATIONS`], [`TrilesRollout`], the
/// default exploration and trees); levels outside [`LEVELS`] are taken as the nearest.
pub fn triles_mcts_for_level(level: u8) -> MctsBot<Triles, TrilesRollout> {
    let level = level.clamp(*LEVELS.start(), *LEVELS.end());
    let iterations = TRILES_LEVEL_ITERATIONS[usize::from(level - 1)];
    let config = MctsConfig::new(SearchLimit::Iterations(iterations));
    MctsBot::with_evaluator(config, TrilesRollout::default())
}

/// The review judge of Triles at judge `level` (1–6, [`crate::JUDGE_LEVELS`]): the
/// level's search with the Triles rollouts, level 6 the top level's with more iterations.
pub fn triles_judge(level: u8) -> MctsBot<Triles, TrilesRollout> {
    let mut bot = triles_mcts_for_level(level);
    let iterations = crate::judge_budget(TRILES_LEVEL_ITERATIONS.map(u64::from), level);
    bot.set_limit(SearchLimit::Iterations(iterations as u32));
    bot
}

/// A Triles bot at `level`: [`TrilesBot`] searching as [`triles_mcts_for_level`].
pub fn triles_bot_for_level(level: u8) -> Box<dyn Bot<Triles>> {
    Box::new(TrilesBot::new(triles_mcts_for_level(level)))
}

/// An MCTS player of Triles that draws the opponent's hidden hand from what its plays
/// revealed (`HandInference`) rather than uniformly from the unseen tiles.
#[derive(Clone, Debug)]
pub struct TrilesBot {
    mcts: MctsBot<Triles, TrilesRollout>,
    inference: HandInference,
}

impl TrilesBot {
    pub fn new(mcts: MctsBot<Triles, TrilesRollout>) -> Self {
        Self {
            mcts,
            inference: HandInference::default(),
        }
    }
}

impl Bot<Triles> for TrilesBot {
    fn name(&self) -> String {
        self.mcts.name()
    }

    fn choose(
        &mut self,
        game: &Triles,
        view: &View,
        _seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<Action> {
        self.inference.learn(game, view);
        match self.inference.hands(game, view) {
            Some(hands) => self
                .mcts
                .choose_drawing(game, view, rng, &|rng| hands.draw(game, view, rng)),
            None => self
                .mcts
                .choose_drawing(game, view, rng, &|rng| game.determinize(view, rng)),
        }
    }

    fn inform(&mut self, _game: &Triles, action: Option<&Action>) {
        self.inference.told.push(action.copied());
    }

    fn reset(&mut self) {
        self.inference = HandInference::default();
    }
}

/// A set of tile types as bits by [`TileId::index`] ([`trio_triles::MAX_TYPES`] is 64).
type TypeMask = u64;

fn type_bit(tile: TileId) -> TypeMask {
    1 << tile.index()
}

/// What the opponent's hidden hand may hold, learnt from its plays: one mask of tile types
/// per tile in that hand. A tile comes in as any type (a hidden draw), or as the very
/// type we gave; a `draw` or `pass` (a turn without a placement) shows that no tile then
/// held could be placed on the board of that moment, so every mask loses the types that
/// could; a placed or given tile leaves, taken from the most constrained mask allowing it
/// (the likeliest to have held it).
#[derive(Clone, Debug, Default)]
struct HandInference {
    /// Actions told since the last choice, in order; `None` for a chance outcome this
    /// seat cannot see (the opponent's draws).
    told: Vec<Option<Action>>,
    /// A choice was made since the reset, so the first decision told is ours; every
    /// later one up to the next choice is the opponent's (ours would have been asked).
    chose: bool,
    /// Tiles on the board at the last choice.
    placed: usize,
    slots: Vec<TypeMask>,
}

impl HandInference {
    /// Takes in what was told since the last choice; `view` is the position now.
    fn learn(&mut self, game: &Triles, view: &View) {
        let told = std::mem::take(&mut self.told);
        let Some(me) = view.colour() else {
            return;
        };
        // Before the first choice everything since the deal is told, when the board held
        // only the start tile (laid by chance, not by a decision).
        let mut placed = if self.chose { self.placed } else { 1 };
        let mut decisions = 0;
        for action in told {
            let Some(action) = action else {
                self.slots.push(TypeMask::MAX);
                continue;
            };
            if !matches!(
                action,
                Action::Place(_) | Action::Draw | Action::Pass | Action::Give(_) | Action::Decline
            ) {
                continue;
            }
            let ours = self.chose && decisions == 0;
            decisions += 1;
            match action {
                Action::Place(p) => {
                    if !ours {
                        self.leave(p.tile);
                    }
                    placed += 1;
                }
                Action::Give(t) if ours => self.slots.push(type_bit(t)),
                Action::Give(t) => self.leave(t),
                Action::Draw | Action::Pass if !ours => {
                    let board = &view.placements()[..placed.min(view.placements().len())];
                    let placeable = placeable_types(game, view, board, me.opponent());
                    for slot in &mut self.slots {
                        if *slot & !placeable != 0 {
                            *slot &= !placeable;
                        }
                    }
                }
                _ => {}
            }
        }
        self.chose = true;
        self.placed = view.placements().len();
        // Open hands need no guess; a count that does not add up (open-pool draws, a game
        // told afresh after an undo) forgets what was learnt.
        let size = view.hand_size(me.opponent());
        if view.opponent_hand().is_some() || self.slots.len() != size {
            self.slots = vec![TypeMask::MAX; size];
        }
    }

    /// A type `tile` left the hand: from the narrowest mask allowing it, else the widest.
    fn leave(&mut self, tile: TileId) {
        let bit = type_bit(tile);
        let narrowest = (0..self.slots.len())
            .filter(|&i| self.slots[i] & bit != 0)
            .min_by_key(|&i| self.slots[i].count_ones());
        let widest = || (0..self.slots.len()).max_by_key(|&i| self.slots[i].count_ones());
        if let Some(i) = narrowest.or_else(widest) {
            self.slots.swap_remove(i);
        }
    }

    /// How to draw the opponent's hand, or `None` when nothing is known beyond the view.
    fn hands(&self, game: &Triles, view: &View) -> Option<HandDraw> {
        if self.slots.iter().all(|&s| s == TypeMask::MAX) || view.opponent_hand().is_some() {
            return None;
        }
        let me = view.colour()?;
        let mut unseen = Tiles::full(game.tile_set());
        for tile in view
            .placements()
            .iter()
            .map(|p| p.tile)
            .chain(view.table().next)
        {
            unseen.remove(tile);
        }
        for (tile, n) in view.hand()?.iter() {
            for _ in 0..n {
                unseen.remove(tile);
            }
        }
        let mut slots = self.slots.clone();
        // The narrowest first, so that the wide ones do not take what they need.
        slots.sort_by_key(|s| s.count_ones());
        Some(HandDraw { me, unseen, slots })
    }
}

/// The types of which a tile could be placed by `mover` on `board` (the first placements
/// of `view`'s), by listing the legal placements of a position where it holds every tile
/// not on the board (but one, held by the other colour, of a type with a copy to spare).
fn placeable_types(game: &Triles, view: &View, board: &[Placement], mover: Colour) -> TypeMask {
    let mut rest = Tiles::full(game.tile_set());
    for p in board {
        rest.remove(p.tile);
    }
    let Some((spare, _)) = rest.iter().find(|&(_, n)| n >= 2) else {
        return 0;
    };
    rest.remove(spare);
    let mut other = Tiles::default();
    other.add(spare);
    let mut hands = [other; 2];
    hands[mover.index()] = rest;
    let setup = Setup {
        board: board.to_vec(),
        hands,
        pool: Tiles::default(),
        table: Table {
            next: None,
            to_move: Some(mover),
            extra: 0,
            gift_pending: false,
            draws: Draws::new(),
            passes: 0,
            ..view.table().clone()
        },
    };
    let Ok(state) = State::from_setup(&setup, game) else {
        return 0;
    };
    let mut legal = Vec::new();
    game.legal_actions(&state, &mut legal);
    legal.iter().fold(0, |mask, action| match action {
        Action::Place(p) => mask | type_bit(p.tile),
        _ => mask,
    })
}

/// Draws the opponent's hand for [`HandInference`]: each mask, narrowest first, takes an
/// unseen tile of its types (any, if none is left), with the chance of its copies.
struct HandDraw {
    me: Colour,
    unseen: Tiles,
    slots: Vec<TypeMask>,
}

impl HandDraw {
    fn draw(&self, game: &Triles, view: &View, rng: &mut GameRng) -> State {
        let mut pool = self.unseen;
        let mut hand = Tiles::default();
        for &mask in &self.slots {
            let fits = |t: TileId| mask & type_bit(t) != 0;
            let wanted: u32 = pool
                .iter()
                .filter(|&(t, _)| fits(t))
                .map(|(_, n)| u32::from(n))
                .sum();
            let (total, fits): (u32, &dyn Fn(TileId) -> bool) = if wanted > 0 {
                (wanted, &fits)
            } else {
                (pool.len() as u32, &|_| true)
            };
            if total == 0 {
                break;
            }
            let mut pick = rng.random_range(0..total);
            let tile = pool
                .iter()
                .filter(|&(t, _)| fits(t))
                .find(|&(_, n)| {
                    let found = pick < u32::from(n);
                    pick = pick.saturating_sub(u32::from(n));
                    found
                })
                .map(|(t, _)| t);
            if let Some(tile) = tile {
                pool.remove(tile);
                hand.add(tile);
            }
        }
        let mut hands = [hand; 2];
        hands[self.me.index()] = view.hand().copied().unwrap_or_default();
        let setup = Setup {
            board: view.placements().to_vec(),
            hands,
            pool,
            table: view.table().clone(),
        };
        State::from_setup(&setup, game).unwrap_or_else(|_| game.determinize(view, rng))
    }
}

#[cfg(test)]
mod tests {
    use trio_core::rng;

    use super::*;

    fn position(text: &str) -> State {
        Triles::default()
            .parse_position(text)
            .expect("a valid position")
    }

    /// How often `rollout` chooses an action satisfying `wanted` in `state`, in 400 tries.
    fn share(rollout: &mut TrilesRollout, state: &State, wanted: fn(&Action) -> bool) -> f64 {
        let game = Triles::default();
        burdens(game.tile_set(), &mut rollout.burden);
        let (mut legal, mut effects) = (Vec::new(), Vec::new());
        game.legal_actions_with_effects(state, &mut legal, &mut effects);
        let mut rng = rng::seeded(7);
        let hits = (0..400)
            .filter(|_| wanted(&rollout.choose(state, &legal, &effects, &mut rng)))
            .count();
        hits as f64 / 400.0
    }

    #[test]
    fn rollouts_prefer_the_placement_that_closes_an_own_loop() {
        // The start tile C (Wa Wa Bs) shows its black semicircle across its bottom edge:
        //
        //        /\
        //       /C \
        //      /____\   <- Bs; below it the one cell where black may place
        //      \    /
        //       \  /    O (Bs Bs Ws) turned to put a Bs there makes a black loop (2 of
        //        \/     the 6 placements); A and B only cap the semicircle's line.
        let state =
            position("C@0,0,0 | B:A1B1O1 | W:D2 | pool:A8B8C8D7E1F1G1H1I1J1K1L1M1N1P1Q1R1S1T1 | B");
        let loop_made = |a: &Action| matches!(a, Action::Place(p) if p.tile == TileId(14));
        let mut greedy = TrilesRollout {
            candidates: 4,
            ..TrilesRollout::default()
        };
        let mut uniform = TrilesRollout {
            candidates: 1,
            ..TrilesRollout::default()
        };
        // The best of four draws makes the loop unless all four miss: 1 − (2/3)⁴ ≈ 0.80.
        assert!(share(&mut greedy, &state, loop_made) > 0.7);
        assert!((share(&mut uniform, &state, loop_made) - 1.0 / 3.0).abs() < 0.1);
    }

    #[test]
    fn rollouts_give_the_tile_hardest_for_both_sides() {
        // A (Ba Ba Ws) is easy for black; E (Bd Bd Wd) is hard for either colour.
        let state = position(
            "C@0,0,0 | B:A1E1 | W:D2 | pool:A8B9C8D7F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B give",
        );
        let gives_e = |a: &Action| *a == Action::Give(TileId(4));
        assert_eq!(share(&mut TrilesRollout::default(), &state, gives_e), 1.0);
    }

    #[test]
    fn burdens_follow_the_own_terminals() {
        let mut b = Vec::new();
        burdens(&TileSet::default_set(), &mut b);
        let [black, white] = [Colour::Black.index(), Colour::White.index()];
        // A: Ba Ba Ws; B: Ba Ba Wd; E: Bd Bd Wd; O: Bs Bs Ws.
        assert_eq!((b[0][black], b[0][white]), (0.0, 0.45));
        assert_eq!((b[1][black], b[1][white]), (0.0, 0.8));
        assert_eq!((b[4][black], b[4][white]), (0.8, 0.8));
        assert_eq!((b[14][black], b[14][white]), (0.45, 0.45));
    }

    #[test]
    fn hand_value_grows_with_the_lead_and_is_shared_by_the_seats() {
        // Black (seat 0) moves: half a tile ahead with equal hands.
        let even = "C@0,0,0 | B:A1B1 | W:D2 | pool:A8B8C8D7E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B";
        let ahead = "C@0,0,0 | B:A1 | W:D2 | pool:A8B9C8D7E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | B";
        let behind = "C@0,0,0 | B:A1B1O1 | W:D1 | pool:A8B8C8D8E1F1G1H1I1J1K1L1M1N1P1Q1R1S1T1 | B";
        let [even, ahead, behind] = [even, ahead, behind].map(position);
        let black = |s: &State| hand_value(s, s.seat_of(Colour::Black).unwrap(), 2.0);
        assert!(black(&behind) < 0.5 && 0.5 < black(&even) && black(&even) < black(&ahead));
        for s in [&even, &ahead, &behind] {
            let white = hand_value(s, s.seat_of(Colour::White).unwrap(), 2.0);
            assert!((black(s) + white - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn rewards_are_scores_for_both_seats() {
        let game = Triles::default();
        let mut rng = rng::seeded(3);
        let mut cut = TrilesRollout {
            plies: 4,
            candidates: 4,
            ..TrilesRollout::default()
        };
        let mut to_end = TrilesRollout::default();
        for _ in 0..50 {
            let mut state = game.new_game();
            while game.turn(&state) == Turn::Chance {
                let outcome = game.sample_chance(&state, &mut rng);
                game.apply(&mut state, &outcome);
            }
            for evaluator in [&mut cut, &mut to_end] {
                let mut rewards = [f64::NAN; 2];
                evaluator.evaluate(&game, &mut state.clone(), &mut rng, &mut rewards);
                assert!(
                    rewards.iter().all(|r| (0.0..=1.0).contains(r)),
                    "{rewards:?}"
                );
                assert!((rewards[0] + rewards[1] - 1.0).abs() < 1e-12, "{rewards:?}");
            }
            // Played to the end, a rollout reports the outcome: 0, 1, or a draw.
            let mut rewards = [f64::NAN; 2];
            to_end.evaluate(&game, &mut state, &mut rng, &mut rewards);
            assert!([0.0, 0.5, 1.0].contains(&rewards[0]), "{rewards:?}");
        }
    }

    /// White's view of `text` after being told `told`, and the hands then drawn for
    /// black 200 times.
    fn inferred_hands(text: &str, told: &[Option<Action>]) -> (HandInference, Vec<Tiles>) {
        let game = Triles::default();
        let view = game.view(&position(text), Seat(1));
        let mut inference = HandInference {
            told: told.to_vec(),
            ..HandInference::default()
        };
        inference.learn(&game, &view);
        let draw = inference.hands(&game, &view).expect("something was learnt");
        let mut rng = rng::seeded(9);
        let hands = (0..200)
            .map(|_| *draw.draw(&game, &view, &mut rng).hand(Colour::Black))
            .collect();
        (inference, hands)
    }

    #[test]
    fn a_draw_shows_the_tiles_the_drawer_could_have_placed_are_not_held() {
        // Black, told its deal (8 hidden tiles), drew instead of placing next to C (Wa Wa
        // Bs), then drew one more tile. A (Ba Ba Ws) always fits an own semicircle, so
        // none of the first 8 is an A; only the tile drawn since may be.
        let text = "C@0,0,0 | B:E1F1G1H1I1J1K1L1M1 | W:A2B2C2D2 | \
                    pool:A7B7C6D7N1O1P1Q1R1S1T1 | W";
        let mut told = vec![None; 8];
        told.extend([Some(Action::Draw), None]);
        let (inference, hands) = inferred_hands(text, &told);
        let a = TileId(0);
        let allow_a = inference.slots.iter().filter(|&&s| s & type_bit(a) != 0);
        assert_eq!(allow_a.count(), 1, "{:x?}", inference.slots);
        assert!(hands.iter().all(|h| h.count(a) <= 1 && h.len() == 9));
        // Drawn uniformly, 9 of the 43 tiles white cannot see (7 As) hold two As or more
        // almost half the time.
        let game = Triles::default();
        let view = game.view(&position(text), Seat(1));
        let mut rng = rng::seeded(9);
        let uniform = (0..200)
            .filter(|_| {
                game.determinize(&view, &mut rng)
                    .hand(Colour::Black)
                    .count(a)
                    >= 2
            })
            .count();
        assert!(uniform > 20, "{uniform}");
    }

    #[test]
    fn a_tile_given_to_the_opponent_is_in_its_hand() {
        // White chose before (its first decision told is its own): it gave black an E.
        let text = "C@0,0,0 | B:A1B1C1E1F1G1H1I1J1 | W:A2B2C2D2 | \
                    pool:A6B6C5D7K1L1M1N1O1P1Q1R1S1T1 | B";
        let e = TileId(4);
        let mut inference = HandInference {
            told: vec![Some(Action::Give(e))],
            chose: true,
            placed: 1,
            slots: vec![TypeMask::MAX; 8],
        };
        let game = Triles::default();
        let view = game.view(&position(text), Seat(1));
        inference.learn(&game, &view);
        let draw = inference.hands(&game, &view).expect("the gift is known");
        let mut rng = rng::seeded(4);
        for _ in 0..50 {
            let state = draw.draw(&game, &view, &mut rng);
            assert!(state.hand(Colour::Black).count(e) == 1);
            assert_eq!(state.hand(Colour::White), view.hand().unwrap());
        }
    }

    #[test]
    fn levels_search_more_and_clamp() {
        assert!(TRILES_LEVEL_ITERATIONS.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(triles_bot_for_level(0).name(), "mcts:24+triles");
        assert_eq!(triles_bot_for_level(5).name(), "mcts:40000+triles");
        assert_eq!(triles_bot_for_level(9).name(), "mcts:40000+triles");
    }
}
