//! The game as a state machine: whose turn it is, how a game ends (leaving the board, no
//! legal move, threefold repetition, ply limit) and the [`trio_core::Game`] impl.
//! Rules: `docs/rules/gyges.md`.

use std::fmt;
use std::str::FromStr;

use rand::RngCore;
use thiserror::Error;
use trio_core::{Game, NotationError, Outcome, Seat, Turn};

use crate::board::{Position, Side};
use crate::movegen::{generate_moves, has_moves, Move, MoveList};

/// Which movement rule is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// The seed's rule: a piece never stands on a square twice in one move.
    #[default]
    Seed,
    /// The rule book's rule as the `gyges` crate implements it: a border between two squares
    /// is not crossed twice, and a piece bounced on is not landed on again.
    Official,
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Seed => "seed",
            Variant::Official => "official",
        })
    }
}

/// A variant name that is neither `seed` nor `official`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown variant {0:?} (expected seed or official)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "seed" => Ok(Variant::Seed),
            "official" => Ok(Variant::Official),
            _ => Err(UnknownVariant(s.to_owned())),
        }
    }
}

/// Plies after setup after which a game is drawn, unless configured otherwise.
pub const DEFAULT_PLY_LIMIT: u32 = 300;

/// Gygès with its options: the variant and the ply limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gyges {
    variant: Variant,
    ply_limit: u32,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The winner left the board across the opponent's edge.
    Goal { winner: Side },
    /// The side to move had no legal move and lost.
    NoMove { loser: Side },
    /// The position occurred for the third time with the same side to move.
    Repetition,
    /// The ply limit was reached.
    PlyLimit,
}

impl End {
    /// The winning side, `None` for a draw.
    pub fn winner(self) -> Option<Side> {
        match self {
            End::Goal { winner } => Some(winner),
            End::NoMove { loser } => Some(loser.opponent()),
            End::Repetition | End::PlyLimit => None,
        }
    }
}

/// A game in progress: the position plus what repetition and the ply limit need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    position: Position,
    /// Plies played since setup ended.
    plies: u32,
    /// Hashes of the positions since setup ended, the current one last.
    history: Vec<u64>,
}

impl GameState {
    /// A game starting at `position` with no history.
    pub fn new(position: Position) -> GameState {
        let history = if position.is_setup() {
            Vec::new()
        } else {
            vec![position.hash()]
        };
        GameState {
            position,
            plies: 0,
            history,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Plies played since setup ended.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// How many times the current position has occurred (same side to move).
    pub fn occurrences(&self) -> usize {
        let now = self.position.hash();
        self.history.iter().filter(|&&h| h == now).count()
    }

    /// Plays `mv` without checking it.
    fn apply(&mut self, mv: Move) {
        let setup = matches!(mv, Move::Setup(_));
        self.position = self.position.make_move(mv);
        if !setup {
            self.plies += 1;
        }
        if !self.position.is_setup() {
            self.history.push(self.position.hash());
        }
    }
}

impl Gyges {
    /// The game with `variant` and the default ply limit of 300 plies after setup.
    pub fn new(variant: Variant) -> Gyges {
        Gyges {
            variant,
            ply_limit: DEFAULT_PLY_LIMIT,
        }
    }

    /// The same game drawn after `limit` plies after setup; 0 means no limit.
    pub fn with_ply_limit(self, limit: u32) -> Gyges {
        Gyges {
            ply_limit: limit,
            ..self
        }
    }

    /// The movement rule played.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Plies after setup after which the game is drawn; 0 for none.
    pub fn ply_limit(&self) -> u32 {
        self.ply_limit
    }

    /// How the game has ended, `None` while it goes on. Checked in this order: leaving the
    /// board, no legal move, third occurrence, ply limit.
    pub fn end(&self, state: &GameState) -> Option<End> {
        let pos = &state.position;
        if let Some(winner) = pos.winner() {
            return Some(End::Goal { winner });
        }
        if !has_moves(pos, self.variant) {
            return Some(End::NoMove {
                loser: pos.side_to_move(),
            });
        }
        self.draw_by_history(state)
    }

    /// The draws that depend on the game's history rather than on the position.
    fn draw_by_history(&self, state: &GameState) -> Option<End> {
        if state.occurrences() >= 3 {
            Some(End::Repetition)
        } else if self.ply_limit != 0 && state.plies >= self.ply_limit {
            Some(End::PlyLimit)
        } else {
            None
        }
    }
}

impl Default for Gyges {
    fn default() -> Self {
        Gyges::new(Variant::default())
    }
}

fn seat(side: Side) -> Seat {
    Seat(side.index() as u8)
}

impl Game for Gyges {
    type State = GameState;
    type Action = Move;
    type View = GameState;

    fn name(&self) -> &'static str {
        "gyges"
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        match seat.0 {
            0 => "South".to_owned(),
            _ => "North".to_owned(),
        }
    }

    fn new_game(&self) -> GameState {
        GameState::new(Position::empty())
    }

    fn turn(&self, state: &GameState) -> Turn {
        match self.end(state) {
            Some(_) => Turn::Over,
            None => Turn::Seat(seat(state.position.side_to_move())),
        }
    }

    fn legal_actions(&self, state: &GameState, out: &mut Vec<Move>) {
        out.clear();
        // A position without moves lists none anyway, so only the other endings are checked.
        if state.position.winner().is_none() && self.draw_by_history(state).is_none() {
            let mut list = MoveList::new();
            generate_moves(&state.position, self.variant, &mut list);
            out.extend_from_slice(&list);
        }
    }

    fn chance_outcomes(&self, _state: &GameState, out: &mut Vec<(Move, f64)>) {
        out.clear();
    }

    fn apply(&self, state: &mut GameState, action: &Move) {
        state.apply(*action);
    }

    fn outcome(&self, state: &GameState) -> Option<Outcome> {
        self.end(state).map(|end| match end.winner() {
            Some(side) => Outcome::win(seat(side), 2),
            None => Outcome::draw(2),
        })
    }

    fn view(&self, state: &GameState, _seat: Seat) -> GameState {
        state.clone()
    }

    fn determinize(&self, view: &GameState, _rng: &mut dyn RngCore) -> GameState {
        view.clone()
    }

    fn parse_position(&self, text: &str) -> Result<GameState, NotationError> {
        let position: Position = text
            .parse()
            .map_err(|e| NotationError::new(format!("{e}")))?;
        Ok(GameState::new(position))
    }

    fn format_position(&self, state: &GameState) -> String {
        state.position.to_string()
    }

    fn parse_action(&self, _state: &GameState, text: &str) -> Result<Move, NotationError> {
        text.parse().map_err(|e| NotationError::new(format!("{e}")))
    }

    fn format_action(&self, _state: &GameState, action: &Move) -> String {
        action.to_string()
    }

    fn draw(&self, view: &GameState) -> String {
        crate::draw::diagram(self, view)
    }
}
