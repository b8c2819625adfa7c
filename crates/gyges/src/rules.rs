//! The game as a state machine: [`Gyges`] built from its options, whose turn it is, how a game
//! ends (leaving the board, no legal move, threefold repetition, ply limit), which rule an
//! illegal move breaks, and the [`trio_core::Game`] impl. Rules: `docs/rules/gyges.md`,
//! "Rulings" and "Rule ids".

use rand::RngCore;
use serde_json::value::RawValue;
use serde_json::Value;
use trio_core::{Breach, Facts, Game, NotationError, Outcome, Seat, Turn};

use crate::board::Side;
use crate::breach;
use crate::diagram;
use crate::events;
use crate::movegen::{fewest_bounces, generate_moves, has_moves, Variant};
use crate::moves::{Move, MoveList};
use crate::notation::ParsePositionError;
use crate::options::Options;
use crate::state::{End, Position, State};
use crate::view::{self, Shown};

/// The occurrence of a position (same side to move) that draws the game.
const DRAW_OCCURRENCE: usize = 3;

/// Gygès with its options: the variant and the ply limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gyges {
    variant: Variant,
    ply_limit: u32,
}

impl Gyges {
    /// The game with `options`, or with a variant and every other option at its default.
    pub fn new(options: impl Into<Options>) -> Gyges {
        let options = options.into();
        Gyges {
            variant: options.variant,
            ply_limit: options.ply_limit,
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
    pub fn end(&self, state: &State) -> Option<End> {
        let pos = state.position();
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
    fn draw_by_history(&self, state: &State) -> Option<End> {
        if state.occurrences() >= DRAW_OCCURRENCE {
            Some(End::Repetition)
        } else if self.ply_limit != 0 && state.plies() >= self.ply_limit {
            Some(End::PlyLimit)
        } else {
            None
        }
    }
}

impl Gyges {
    /// What the pictures of `state` need to know from the rules.
    fn shown<'a>(&self, state: &'a State) -> Shown<'a> {
        Shown {
            state,
            variant: self.variant,
            ply_limit: self.ply_limit,
            draw_occurrence: DRAW_OCCURRENCE,
            end: self.end(state),
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
    type State = State;
    type Action = Move;
    type View = State;

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

    fn facts(&self) -> Facts {
        Facts {
            seats: 2..=2,
            chance: false,
            hidden_information: false,
            seat_views: false,
            // Two setup moves, then the ply limit; without one, only repetition ends a
            // game, after more moves than can be counted.
            longest_game: match self.ply_limit {
                0 => usize::MAX,
                n => 2 + n as usize,
            },
        }
    }

    fn new_game(&self) -> State {
        State::new(Position::empty())
    }

    fn turn(&self, state: &State) -> Turn {
        match self.end(state) {
            Some(_) => Turn::Over,
            None => Turn::Seat(seat(state.position().side_to_move())),
        }
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Move>) {
        out.clear();
        // A position without moves lists none anyway, so only the other endings are checked.
        if state.position().winner().is_none() && self.draw_by_history(state).is_none() {
            let mut list = MoveList::new();
            generate_moves(state.position(), self.variant, &mut list);
            out.extend_from_slice(&list);
        }
    }

    fn chance_outcomes(&self, _state: &State, out: &mut Vec<(Move, f64)>) {
        out.clear();
    }

    fn apply(&self, state: &mut State, action: &Move) {
        state.apply(*action);
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        self.end(state).map(|end| match end.winner() {
            Some(side) => Outcome::win(seat(side), 2),
            None => Outcome::draw(2),
        })
    }

    fn view(&self, state: &State, _seat: Seat) -> State {
        state.clone()
    }

    fn public_view(&self, state: &State) -> State {
        state.clone()
    }

    fn view_json(&self, view: &State) -> Value {
        view::json(&self.shown(view))
    }

    fn action_parts(&self, state: &State, action: &Move) -> serde_json::Value {
        view::action_parts(state.position(), self.variant, action)
    }

    fn actions_parts(&self, state: &State, actions: &[Move]) -> Box<RawValue> {
        view::actions_parts(state.position(), self.variant, actions)
    }

    fn determinize(&self, view: &State, _rng: &mut dyn RngCore) -> State {
        view.clone()
    }

    fn parse_position(&self, text: &str) -> Result<State, NotationError> {
        match text.parse::<Position>() {
            Ok(position) => Ok(State::new(position)),
            Err(ParsePositionError::Syntax(e)) => Err(NotationError::syntax(e)),
            Err(ParsePositionError::Impossible(e)) => Err(NotationError::impossible(e)),
        }
    }

    fn format_position(&self, state: &State) -> String {
        state.position().to_string()
    }

    fn parse_action(&self, _state: &State, text: &str) -> Result<Move, NotationError> {
        text.parse().map_err(NotationError::syntax)
    }

    fn format_action(&self, _state: &State, action: &Move) -> String {
        action.to_string()
    }

    fn draw(&self, view: &State) -> String {
        diagram::diagram(&self.shown(view), false)
    }

    fn draw_flipped(&self, view: &State) -> Option<String> {
        Some(diagram::diagram(&self.shown(view), true))
    }

    fn breach(&self, state: &State, action: &Move) -> Option<Breach> {
        if self.end(state).is_some() {
            return Some(Breach::new(Breach::GAME_OVER, "the game is over"));
        }
        breach::breach(state.position(), self.variant, *action)
    }

    /// The lab's events (`docs/lab.md`): bounces (the fewest a move's outcome needs, as
    /// paths to one outcome are one move), the length of each chain, replacements, exits
    /// and positions that come back.
    fn rule_events(&self, state: &State, action: &Move, record: &mut dyn FnMut(&'static str, u64)) {
        let pos = state.position();
        let Some(bounces) = fewest_bounces(pos, self.variant, *action) else {
            return;
        };
        record(events::MOVE, 1);
        if bounces > 0 {
            record(events::BOUNCE, u64::from(bounces));
            let chain = usize::from(bounces).min(events::CHAIN.len()) - 1;
            record(events::CHAIN[chain], 1);
        }
        match action {
            Move::Replace { .. } => record(events::REPLACE, 1),
            Move::Goal { .. } => record(events::EXIT, 1),
            Move::Step { .. } | Move::Setup(_) => {}
        }
        let mut next = state.clone();
        next.apply(*action);
        if next.occurrences() > 1 {
            record(events::REPEAT, 1);
        }
    }

    /// How the game ended.
    fn end_events(&self, state: &State, record: &mut dyn FnMut(&'static str, u64)) {
        match self.end(state) {
            Some(End::Goal { .. }) => record(events::END_GOAL, 1),
            Some(End::NoMove { .. }) => record(events::END_NO_MOVE, 1),
            Some(End::Repetition) => record(events::END_REPETITION, 1),
            Some(End::PlyLimit) => record(events::END_PLY_LIMIT, 1),
            None => {}
        }
    }
}
