//! Actions as integers and views as tensors, for learning frameworks (OpenSpiel and
//! PettingZoo through the Python package, `docs/python.md`): each game's fixed action
//! encoding and observation tensor, both computed from the game's options alone, so that
//! a code means the same action in every state of one game.
//!
//! An action's code is below [`Encoding::action_count`]; decisions and chance outcomes
//! share one numbering. A code is read back by finding it among the legal actions (or
//! chance outcomes) of a state: the codes of one state's actions are distinct (the tests
//! check it on random games).

use trio_core::Game;
use trio_gyges::{Gyges, Move, SetupOrder, Side};
use trio_orbit::{Action as OrbitAction, Colour as OrbitColour, Orbit, Phase, Place};
use trio_triles::{Action as TrilesAction, Colour as TrilesColour, Triles};

/// A game's fixed action encoding and observation tensor.
pub trait Encoding: Game {
    /// How many codes there are: every action's code is below it.
    fn action_count(&self) -> usize;

    /// The code of `action`, a decision or chance outcome of this game.
    fn action_code(&self, action: &Self::Action) -> usize;

    /// The shape of [`Encoding::observe`]'s tensor (row-major).
    fn observation_shape(&self) -> Vec<usize>;

    /// Writes what `view` shows into `out` (as long as the shape's product, zeroed first),
    /// so that a view hides in its tensor what it hides in itself.
    fn observe(&self, view: &Self::View, out: &mut [f32]);

    /// How many numbers [`Encoding::observe`] writes.
    fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }
}

/// Gygès: the 90 setups (in [`SetupOrder::all`]'s order), then `from * 36 + to` for a step,
/// `36 * 36 + from` for the goal, and `36 * 37 + (from * 36 + to) * 36 + drop` for a
/// replacement (squares by [`trio_gyges::Square::index`]).
const GYGES_SETUPS: usize = 90;
const SQUARES: usize = 36;

impl Encoding for Gyges {
    fn action_count(&self) -> usize {
        GYGES_SETUPS + SQUARES * 37 + SQUARES * SQUARES * SQUARES
    }

    fn action_code(&self, action: &Move) -> usize {
        let base = GYGES_SETUPS;
        match *action {
            Move::Setup(order) => SetupOrder::all()
                .iter()
                .position(|o| *o == order)
                .expect("every setup order is one of the 90"),
            Move::Step { from, to } => base + from.index() * SQUARES + to.index(),
            Move::Goal { from } => base + SQUARES * SQUARES + from.index(),
            Move::Replace { from, to, drop } => {
                base + SQUARES * 37 + (from.index() * SQUARES + to.index()) * SQUARES + drop.index()
            }
        }
    }

    /// Five 6×6 planes, rank 1 first: pieces of value 1, 2 and 3, then all ones where
    /// North is to move, and all ones during the setups.
    fn observation_shape(&self) -> Vec<usize> {
        vec![5, 6, 6]
    }

    fn observe(&self, view: &Self::View, out: &mut [f32]) {
        out.fill(0.0);
        let position = view.position();
        for (i, &value) in position.cells().iter().enumerate() {
            if (1..=3).contains(&value) {
                out[usize::from(value - 1) * SQUARES + i] = 1.0;
            }
        }
        if position.side_to_move() == Side::North {
            out[3 * SQUARES..4 * SQUARES].fill(1.0);
        }
        if position.is_setup() {
            out[4 * SQUARES..5 * SQUARES].fill(1.0);
        }
    }
}

/// Where a pawn is or goes, as a number: a field's index, then the centre, then home.
fn orbit_place(fields: usize, place: Place) -> usize {
    match place {
        Place::Field(field) => field.index(),
        Place::Centre => fields,
        Place::Home => fields + 1,
    }
}

/// Orbit: 256 turn orders (colour indices as base-4 digits, first colour lowest), `roll`,
/// the six faces, an entry per field, `pass`, then moves as
/// `(from * places + to) * (places + 1) + relocation` with places the fields, the centre and
/// home (`relocation` 0 for none, else place + 1).
impl Encoding for Orbit {
    fn action_count(&self) -> usize {
        let fields = self.board().field_count();
        let places = fields + 2;
        256 + 1 + 6 + fields + 1 + fields * places * (places + 1)
    }

    fn action_code(&self, action: &OrbitAction) -> usize {
        let fields = self.board().field_count();
        let places = fields + 2;
        match *action {
            OrbitAction::Order(order) => order
                .as_slice()
                .iter()
                .rev()
                .fold(0, |code, colour| code * 4 + colour.index()),
            OrbitAction::Roll => 256,
            OrbitAction::Die(face) => 256 + usize::from(face),
            OrbitAction::Enter(field) => 263 + field.index(),
            OrbitAction::Pass => 263 + fields,
            OrbitAction::Move(m) => {
                let relocation = m.relocate.map_or(0, |p| orbit_place(fields, p) + 1);
                264 + fields
                    + (m.from.index() * places + orbit_place(fields, m.to)) * (places + 1)
                    + relocation
            }
        }
    }

    /// Per field five numbers (a pawn of red, green, blue, yellow; protected), then per
    /// colour its pawns in the centre and at home, the colour to move (one-hot), and the
    /// phase (one-hot: drawing the order, acting, the die, entering, over).
    fn observation_shape(&self) -> Vec<usize> {
        vec![self.board().field_count() * 5 + 4 + 4 + 4 + 5]
    }

    fn observe(&self, view: &Self::View, out: &mut [f32]) {
        out.fill(0.0);
        let fields = self.board().field_count();
        for colour in OrbitColour::ALL {
            for field in view.fields(colour) {
                out[field.index() * 5 + colour.index()] = 1.0;
            }
        }
        for (field, _) in view.protected() {
            out[field.index() * 5 + 4] = 1.0;
        }
        let rest = fields * 5;
        for colour in OrbitColour::ALL {
            out[rest + colour.index()] = view.centre(colour) as f32;
            out[rest + 4 + colour.index()] = view.home(colour) as f32;
        }
        if let Some(colour) = view.to_move() {
            out[rest + 8 + colour.index()] = 1.0;
        }
        let phase = match view.phase() {
            Phase::Draw => 0,
            Phase::Act => 1,
            Phase::Die => 2,
            Phase::Enter => 3,
            Phase::Over => 4,
        };
        out[rest + 12 + phase] = 1.0;
    }
}

/// The reach of a Triles table: the first tile lies on `0,0` and each next one beside a
/// laid one, so no cell is further than the set's tiles less one from the origin.
fn triles_reach(game: &Triles) -> usize {
    game.tile_set().total_tiles().saturating_sub(1).max(1)
}

/// Triles: placements as `((x + R) * (2R + 1) + (y + R)) * types * 3 + type * 3 + rotation`
/// (`R` the reach: tiles in the set less one), then `draw`, `pass`, `give` per type,
/// `give -`, a chance tile per type, `black:1`, `black:2`, `first:B`, `first:W`.
impl Encoding for Triles {
    fn action_count(&self) -> usize {
        let types = self.tile_set().types().len();
        let width = 2 * triles_reach(self) + 1;
        width * width * types * 3 + 2 + types + 1 + types + 2 + 2
    }

    fn action_code(&self, action: &TrilesAction) -> usize {
        let types = self.tile_set().types().len();
        let reach = triles_reach(self) as i32;
        let width = (2 * reach + 1) as usize;
        let placements = width * width * types * 3;
        match *action {
            TrilesAction::Place(p) => {
                let x = i32::from(p.cell.x) + reach;
                let y = i32::from(p.cell.y) + reach;
                assert!(
                    (0..width as i32).contains(&x) && (0..width as i32).contains(&y),
                    "cell {} lies beyond the table's reach",
                    p.cell
                );
                ((x as usize * width + y as usize) * types + p.tile.index()) * 3
                    + usize::from(p.rotation)
            }
            TrilesAction::Draw => placements,
            TrilesAction::Pass => placements + 1,
            TrilesAction::Give(tile) => placements + 2 + tile.index(),
            TrilesAction::Decline => placements + 2 + types,
            TrilesAction::Tile(tile) => placements + 3 + types + tile.index(),
            TrilesAction::Black(seat) => placements + 3 + 2 * types + seat.index(),
            TrilesAction::First(colour) => placements + 5 + 2 * types + colour.index(),
        }
    }

    /// Seen from the viewer's colour ("own"; black for a spectator or before colours are
    /// drawn): own hand per tile type, the opponent's where visible, a flag for it, both
    /// hand sizes and the pool's, the visible next tile per type, own colour (black, white),
    /// whether the viewer is to move, extra placements owed, a gift pending; then one slot
    /// per tile of the set, in the order laid: tile type (one-hot), rotation (one-hot),
    /// `x / R`, `y / R` and whether the slot holds a tile.
    fn observation_shape(&self) -> Vec<usize> {
        let types = self.tile_set().types().len();
        let header = 3 * types + 1 + 3 + 2 + 3;
        vec![header + self.tile_set().total_tiles() * (types + 3 + 3)]
    }

    fn observe(&self, view: &Self::View, out: &mut [f32]) {
        out.fill(0.0);
        let types = self.tile_set().types().len();
        let own = view.colour().unwrap_or(TrilesColour::Black);
        let other = match own {
            TrilesColour::Black => TrilesColour::White,
            TrilesColour::White => TrilesColour::Black,
        };
        if let Some(hand) = view.hand_of(own) {
            for (tile, n) in hand.iter() {
                out[tile.index()] = f32::from(n);
            }
        }
        if let Some(hand) = view.hand_of(other) {
            for (tile, n) in hand.iter() {
                out[types + tile.index()] = f32::from(n);
            }
            out[2 * types] = 1.0;
        }
        let at = 2 * types + 1;
        out[at] = view.hand_size(own) as f32;
        out[at + 1] = view.hand_size(other) as f32;
        out[at + 2] = view.pool_size() as f32;
        let table = view.table();
        if let Some(next) = table.next {
            out[at + 3 + next.index()] = 1.0;
        }
        let at = at + 3 + types;
        if view.colour().is_some() {
            out[at + own.index()] = 1.0;
        }
        if view.colour().is_some() && table.to_move == view.colour() {
            out[at + 2] = 1.0;
        }
        out[at + 3] = f32::from(table.extra);
        out[at + 4] = f32::from(u8::from(table.gift_pending));
        let reach = triles_reach(self) as f32;
        let slot = types + 3 + 3;
        for (i, p) in view.placements().iter().enumerate() {
            let base = at + 5 + i * slot;
            out[base + p.tile.index()] = 1.0;
            out[base + types + usize::from(p.rotation)] = 1.0;
            out[base + types + 3] = f32::from(p.cell.x) / reach;
            out[base + types + 4] = f32::from(p.cell.y) / reach;
            out[base + types + 5] = 1.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use trio_core::{rng, Seat, Turn};

    use super::*;
    use crate::{CatalogGame, GameSpec};

    /// Plays random games of `spec` and checks at every state that each decision or chance
    /// outcome has its own code below the count, and that every seat's tensor has the
    /// declared length and is finite.
    fn check_random_games<G: CatalogGame>(spec: &str, games: u64) {
        let game = G::from_spec_files(&spec.parse::<GameSpec>().unwrap()).unwrap();
        let count = game.action_count();
        let mut tensor = vec![0.0; game.observation_len()];
        for seed in 0..games {
            let mut rng = rng::seeded(seed);
            let mut state = game.new_game();
            let mut legal = Vec::new();
            let mut outcomes = Vec::new();
            loop {
                for s in 0..game.seat_count() {
                    game.observe(&game.view(&state, Seat(s as u8)), &mut tensor);
                    assert!(tensor.iter().all(|x| x.is_finite()), "{spec}");
                }
                let actions: Vec<G::Action> = match game.turn(&state) {
                    Turn::Over => break,
                    Turn::Seat(_) => {
                        game.legal_actions(&state, &mut legal);
                        legal.clone()
                    }
                    Turn::Chance => {
                        game.chance_outcomes(&state, &mut outcomes);
                        outcomes.iter().map(|(a, _)| a.clone()).collect()
                    }
                };
                let codes: HashSet<usize> = actions.iter().map(|a| game.action_code(a)).collect();
                assert_eq!(
                    codes.len(),
                    actions.len(),
                    "{spec}: two actions share a code"
                );
                assert!(
                    codes.iter().all(|&c| c < count),
                    "{spec}: a code beyond the count"
                );
                let action = actions[rand::Rng::random_range(&mut rng, 0..actions.len())].clone();
                game.apply(&mut state, &action);
            }
        }
    }

    #[test]
    fn gyges_codes_are_distinct_and_in_range() {
        check_random_games::<Gyges>("gyges", 5);
        check_random_games::<Gyges>("gyges(variant=official)", 5);
    }

    #[test]
    fn orbit_codes_are_distinct_and_in_range() {
        for players in 2..=4 {
            check_random_games::<Orbit>(&format!("orbit(players={players})"), 5);
        }
    }

    #[test]
    fn triles_codes_are_distinct_and_in_range() {
        check_random_games::<Triles>("triles", 5);
        check_random_games::<Triles>("triles(variant=open-hands+open-pool)", 5);
    }

    #[test]
    fn codes_are_fixed() {
        let gyges = Gyges::default();
        let state = gyges
            .parse_position("....../....../....../....../....../...... S")
            .unwrap();
        let setup = gyges.parse_action(&state, "setup 123321").unwrap();
        assert_eq!(gyges.action_code(&setup), 17);
        assert_eq!(gyges.action_count(), 48_078);
        let triles = Triles::default();
        // 52 tiles: reach 51, width 103, 20 types.
        assert_eq!(triles.action_count(), 103 * 103 * 20 * 3 + 47);
        let orbit = Orbit::default();
        assert_eq!(orbit.action_code(&OrbitAction::Roll), 256);
    }

    #[test]
    fn a_hidden_hand_stays_out_of_the_tensor() {
        let game = Triles::default();
        let mut state = game.new_game();
        let mut rng = rng::seeded(3);
        while game.turn(&state) == Turn::Chance {
            let a = game.sample_chance(&state, &mut rng);
            game.apply(&mut state, &a);
        }
        let mut tensor = vec![0.0; game.observation_len()];
        let types = game.tile_set().types().len();
        game.observe(&game.view(&state, Seat(0)), &mut tensor);
        assert!(tensor[types..2 * types + 1].iter().all(|&x| x == 0.0));
        assert!(tensor[..types].iter().any(|&x| x > 0.0));
    }
}
