//! Triles evaluation for MCTS, and the Triles strength levels built on it (see
//! `docs/ai.md`, "Triles").
//!
//! [`TrilesRollout`] plays random placements to the end like the generic rollout, but
//! never declines a wedge gift (a random player does one time in as many as it has tile
//! types, plus one) and gives the tile hardest to place ([`burdens`]). Its knobs also
//! allow greedy placements and rollouts cut short and scored by the hands
//! ([`hand_value`]); those measured no stronger (`docs/ai.md`).

use std::fmt;

use rand::Rng;
use trio_core::rng::GameRng;
use trio_core::{Bot, Game, Seat, Turn};
use trio_triles::{Action, Colour, Kind, State, TileSet, Triles};

use crate::evaluator::{score_outcome, Evaluator, Playout, PlayoutCap};
use crate::levels::LEVELS;
use crate::{MctsBot, MctsConfig, SearchLimit};

/// Iterations per move of Triles levels 1–5: levels 1–3 as in the generic table, then six
/// to seven times more a level; level 5 takes 3 s of CPU on an opening move (two trees),
/// less later.
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
}

impl TrilesRollout {
    /// To the end of the game. Cut after 4 decisions (with the best of 4 placements), a
    /// search ran three times the iterations in the same time, yet 8 000 of them scored
    /// only 0.495 against 1 000 of these rollouts.
    pub const PLIES: usize = MctsConfig::ROLLOUT_PLIES;
    /// Uniform placements: the best of 4 by immediate gain measured no stronger and costs
    /// a judgement of each candidate.
    pub const CANDIDATES: usize = 1;
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
    /// The rollout's action among `legal` (at least one) for the mover of `state`.
    fn choose(&self, game: &Triles, state: &State, legal: &[Action], rng: &mut GameRng) -> Action {
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
        let mut best = legal[rng.random_range(0..legal.len())];
        let mut best_value = placement_value(game, state, mover, &best);
        for _ in 1..self.candidates {
            let action = legal[rng.random_range(0..legal.len())];
            let value = placement_value(game, state, mover, &action);
            if value > best_value {
                best = action;
                best_value = value;
            }
        }
        best
    }
}

/// What a legal placement by `mover` brings at once: own loops, opponent dots, a wedge.
fn placement_value(game: &Triles, state: &State, mover: Colour, action: &Action) -> f64 {
    let Action::Place(placement) = action else {
        return 0.0;
    };
    game.effects(state, *placement).map_or(0.0, |e| {
        LOOP_WEIGHT * f64::from(e.loops(mover))
            + DOT_WEIGHT * f64::from(e.dots(mover.opponent()))
            + if e.is_wedge() { WEDGE_WEIGHT } else { 0.0 }
    })
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
        // The playout's buffers are lent out while `choose` reads the rest of `self`.
        let mut playout = std::mem::take(&mut self.playout);
        let cap = PlayoutCap::Decisions(self.plies);
        playout.run(game, state, rng, cap, |state, legal, rng| {
            self.choose(game, state, legal, rng)
        });
        self.playout = playout;
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

/// A Triles bot at `level`: [`triles_mcts_for_level`], boxed.
pub fn triles_bot_for_level(level: u8) -> Box<dyn Bot<Triles>> {
    Box::new(triles_mcts_for_level(level))
}

#[cfg(test)]
mod tests {
    use trio_core::rng;
    use trio_triles::TileId;

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
        let mut legal = Vec::new();
        game.legal_actions(state, &mut legal);
        let mut rng = rng::seeded(7);
        let hits = (0..400)
            .filter(|_| wanted(&rollout.choose(&game, state, &legal, &mut rng)))
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
        let mut uniform = TrilesRollout::default();
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

    #[test]
    fn levels_search_more_and_clamp() {
        assert!(TRILES_LEVEL_ITERATIONS.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(triles_bot_for_level(0).name(), "mcts:24+triles");
        assert_eq!(triles_bot_for_level(5).name(), "mcts:40000+triles");
        assert_eq!(triles_bot_for_level(9).name(), "mcts:40000+triles");
    }
}
