//! The turn flow of Na orbicie (docs/rules/orbit.md): the game built from its options, the drawn
//! turn order, the die as a chance event, entering, moving and capturing, protection,
//! finishing, the full ranking of 3–4 players and the turn limit, which rule an illegal
//! decision breaks — the [`Game`] implementation.

use std::sync::Arc;

use rand::RngCore;
use trio_core::{listed_action_at, Breach, Facts, Game, NotationError, Outcome, Seat, Turn};

use crate::board::{Board, Field};
use crate::breach;
use crate::diagram;
use crate::events;
use crate::movegen::{self, MoveTable};
use crate::moves::{Action, Move, Place};
use crate::notation::ActionText;
use crate::options::{Options, OptionsError};
use crate::state::{
    game_over, pawns_per_player, Colour, Phase, Setup, SetupError, State, TurnOrder, NO_FIELD,
};
use crate::view::{self, Choices};

/// Na orbicie with fixed options: the game value that creates and judges states.
#[derive(Clone, Debug)]
pub struct Orbit {
    board: Board,
    /// Built from `board` once: cloning a game shares it.
    moves: Arc<MoveTable>,
    players: usize,
    order: Option<TurnOrder>,
    turn_limit: u32,
}

impl Orbit {
    pub fn new(options: Options) -> Result<Self, OptionsError> {
        if !(2..=4).contains(&options.players) {
            return Err(OptionsError::Players(options.players));
        }
        let order = match &options.order {
            Some(colours) if colours.len() != options.players => {
                return Err(OptionsError::OrderLength {
                    given: colours.len(),
                    players: options.players,
                })
            }
            Some(colours) => Some(TurnOrder::new(colours)?),
            None => None,
        };
        if options.turn_limit == 0 {
            return Err(OptionsError::TurnLimit);
        }
        Ok(Self {
            moves: Arc::new(MoveTable::new(&options.board)),
            board: options.board,
            players: options.players,
            order,
            turn_limit: options.turn_limit,
        })
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn players(&self) -> usize {
        self.players
    }

    pub fn turn_limit(&self) -> u32 {
        self.turn_limit
    }

    /// Ends the turn of the colour to move: its old protection lapses and `captured`
    /// (a field, or [`NO_FIELD`]) becomes its new one; then the end of the game, and the
    /// next unfinished colour. (A colour finishes in [`Self::apply_move`], the only action
    /// that brings a pawn home.)
    fn end_turn(&self, state: &mut State, captured: u8) {
        let me = state.to_move;
        state.protected[me.index()] = captured;
        state.turns += 1;
        if self.is_over(state.players(), state.finished.len(), state.turns) {
            state.phase = Phase::Over;
            state.to_move = state.order.as_slice()[0];
            return;
        }
        state.to_move = state.order.after(me, &state.finished);
        state.phase = Phase::Act;
    }

    /// Whether a game in this position is over: at most one player unfinished, or the
    /// turn limit reached.
    #[inline]
    fn is_over(&self, players: usize, finished: usize, turns: u32) -> bool {
        game_over(players, finished, turns, self.turn_limit)
    }

    fn apply_move(&self, state: &mut State, m: &Move) {
        let me = state.to_move.index();
        state.lift(&self.board, me, m.from);
        // Protection follows the pawn, and ends when it goes home. Four selects: a
        // test for "nothing protected" first would be mispredicted too often.
        let landed = match m.to {
            Place::Field(to) => to.0,
            Place::Centre | Place::Home => NO_FIELD,
        };
        for p in &mut state.protected {
            *p = if *p == m.from.0 { landed } else { *p };
        }
        let mut captured = NO_FIELD;
        match m.to {
            Place::Field(to) => {
                // Only a capture says where the captured pawn goes; quiet moves, most
                // of them, skip looking for a victim.
                let victim = m
                    .relocate
                    .and_then(|_| (0..4).find(|&v| v != me && state.occ[v] & to.bit() != 0));
                if let Some(victim) = victim {
                    state.lift(&self.board, victim, to);
                    match m.relocate {
                        Some(Place::Field(r)) => {
                            state.put(&self.board, victim, r);
                            captured = r.0;
                        }
                        // A pawn sent back to the centre is not protected.
                        _ => state.centre[victim] += 1,
                    }
                }
                state.put(&self.board, me, to);
            }
            Place::Home => {
                state.home[me] += 1;
                // Its last pawn home: the colour has finished (it acts no more, so it
                // cannot finish twice).
                if state.home[me] as usize == pawns_per_player(state.players()) {
                    state.finished.push(state.to_move);
                }
            }
            Place::Centre => {}
        }
        self.end_turn(state, captured);
    }

    /// Applies an action other than a move: chance outcomes, rolls, entries, passes.
    fn apply_other(&self, state: &mut State, action: &Action) {
        match action {
            Action::Order(order) => {
                state.order = *order;
                state.to_move = order.as_slice()[0];
                state.phase = Phase::Act;
            }
            Action::Roll => state.phase = Phase::Die,
            Action::Die(face) => {
                if face % 2 == 0 && self.board.mask(1) & !state.occupied() != 0 {
                    state.phase = Phase::Enter;
                } else {
                    self.end_turn(state, NO_FIELD);
                }
            }
            Action::Enter(field) => {
                let me = state.to_move.index();
                state.centre[me] -= 1;
                state.put(&self.board, me, *field);
                self.end_turn(state, NO_FIELD);
            }
            Action::Move(m) => self.apply_move(state, m),
            Action::Pass => self.end_turn(state, NO_FIELD),
        }
    }

    /// What the player to move can do now, for the drawing and the JSON view.
    fn choices(&self, state: &State) -> Choices {
        let mut legal = Vec::new();
        self.legal_actions(state, &mut legal);
        let mut choices = Choices::default();
        for action in &legal {
            match action {
                Action::Roll => choices.roll = true,
                Action::Enter(_) => choices.enter = true,
                Action::Move(_) => choices.moves = true,
                Action::Pass => choices.pass = true,
                Action::Order(_) | Action::Die(_) => {}
            }
        }
        choices
    }

    fn orbit_sum(&self, state: &State, colour: Colour) -> usize {
        let on_orbits: usize = state.fields(colour).map(|f| self.board.orbit_of(f)).sum();
        on_orbits + state.home(colour) * self.board.final_orbit()
    }
}

impl State {
    /// The position `setup` writes in `game` (on its board, within its turn limit); or
    /// every reason it is not one (docs/rules/orbit.md, "Positions").
    pub fn from_setup(setup: &Setup, game: &Orbit) -> Result<State, SetupError> {
        State::check(setup, &game.board, game.turn_limit)
    }
}

impl Default for Orbit {
    fn default() -> Self {
        Self::new(Options::default()).expect("the default options are valid")
    }
}

impl Game for Orbit {
    type State = State;
    type Action = Action;
    type View = State;

    fn name(&self) -> &'static str {
        "orbit"
    }

    fn seat_count(&self) -> usize {
        self.players
    }

    fn seat_name(&self, seat: Seat) -> String {
        Colour::from_seat(seat).map_or_else(|| seat.to_string(), |c| c.name().to_owned())
    }

    /// The longest game: each turn is at most a roll, the die and an entry, plus the
    /// draw of the turn order when it is not given.
    fn facts(&self) -> Facts {
        Facts {
            seats: 2..=4,
            chance: true,
            hidden_information: false,
            seat_views: false,
            longest_game: 3 * self.turn_limit as usize + usize::from(self.order.is_none()),
        }
    }

    fn new_game(&self) -> State {
        match self.order {
            Some(order) => State::start(order, false),
            None => State::start(TurnOrder::standard(self.players), true),
        }
    }

    fn turn(&self, state: &State) -> Turn {
        match state.phase {
            Phase::Draw | Phase::Die => Turn::Chance,
            Phase::Act | Phase::Enter => Turn::Seat(state.to_move.seat()),
            Phase::Over => Turn::Over,
        }
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        out.clear();
        match state.phase {
            Phase::Act => {
                // Only a player with a pawn in the centre may roll; one without pawns
                // on the orbits has no move, so it must roll. `roll` is written, then
                // cut off again when not allowed, instead of a test that is often
                // mispredicted.
                out.push(Action::Roll);
                out.truncate(usize::from(state.centre[state.to_move.index()] > 0));
                movegen::moves(&self.board, &self.moves, state, out);
                if out.is_empty() {
                    out.push(Action::Pass);
                }
            }
            Phase::Enter => movegen::entries(&self.board, state, out),
            Phase::Draw | Phase::Die | Phase::Over => {}
        }
    }

    /// The moves counted, not listed (`movegen::Counted`): random play draws a
    /// decision at every turn, and this is its hot path. Inlined into the generic
    /// callers with their draw: as a call it took 5 % more instructions.
    #[inline]
    fn legal_action_at(
        &self,
        state: &State,
        scratch: &mut Vec<Action>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Action> {
        if state.phase != Phase::Act {
            return listed_action_at(self, state, scratch, pick);
        }
        // As listed: `roll` if allowed, the moves, `pass` if there is nothing else.
        let roll = usize::from(state.centre[state.to_move.index()] > 0);
        let moves = movegen::Counted::new(&self.board, &self.moves, state);
        let count = roll + moves.len();
        let index = pick(count.max(1));
        Some(if count == 0 {
            Action::Pass
        } else if index < roll {
            Action::Roll
        } else {
            moves.get(&self.board, &self.moves, state, index - roll)
        })
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Action, f64)>) {
        out.clear();
        match state.phase {
            Phase::Draw => {
                let orders = state.order.permutations();
                let p = 1.0 / orders.len() as f64;
                out.extend(orders.into_iter().map(|o| (Action::Order(o), p)));
            }
            Phase::Die => out.extend((1..=6).map(|face| (Action::Die(face), 1.0 / 6.0))),
            Phase::Act | Phase::Enter | Phase::Over => {}
        }
    }

    fn apply(&self, state: &mut State, action: &Action) {
        // Moves first: they are most actions, and one test is cheaper than the jump
        // table of a match over all kinds.
        match action {
            Action::Move(m) => self.apply_move(state, m),
            _ => self.apply_other(state, action),
        }
    }

    /// Finishers by the order they finished; the others by pawns home, then by the sum
    /// of their pawns' orbits (home counting as the final orbit), equal ones sharing.
    fn outcome(&self, state: &State) -> Option<Outcome> {
        if state.phase != Phase::Over {
            return None;
        }
        let players = state.players();
        let mut ranks = vec![0u8; players];
        for (place, colour) in state.finished().iter().enumerate() {
            ranks[colour.index()] = place as u8;
        }
        let key = |c: Colour| (state.home(c), self.orbit_sum(state, c));
        let rest: Vec<Colour> = state
            .order()
            .iter()
            .copied()
            .filter(|&c| !state.finished.contains(c))
            .collect();
        for &c in &rest {
            let ahead = rest.iter().filter(|&&o| key(o) > key(c)).count();
            ranks[c.index()] = (state.finished.len() + ahead) as u8;
        }
        Some(Outcome::from_ranks(ranks))
    }

    fn view(&self, state: &State, _seat: Seat) -> State {
        state.clone()
    }

    fn public_view(&self, state: &State) -> State {
        state.clone()
    }

    fn view_json(&self, view: &State) -> serde_json::Value {
        view::view_json(
            &self.board,
            view,
            self.choices(view),
            self.outcome(view).as_ref(),
            self.turn_limit,
        )
    }

    fn action_parts(&self, _state: &State, action: &Action) -> serde_json::Value {
        view::action_parts(&self.board, action)
    }

    fn breach(&self, state: &State, action: &Action) -> Option<Breach> {
        breach::breach(&self.board, state, action)
    }

    fn determinize(&self, view: &State, _rng: &mut dyn RngCore) -> State {
        view.clone()
    }

    fn parse_position(&self, text: &str) -> Result<State, NotationError> {
        let setup: Setup = text.parse().map_err(NotationError::syntax)?;
        State::from_setup(&setup, self).map_err(NotationError::impossible)
    }

    fn format_position(&self, state: &State) -> String {
        Setup::from_state(&self.board, state).to_string()
    }

    fn parse_action(&self, _state: &State, text: &str) -> Result<Action, NotationError> {
        let written: ActionText = text.parse().map_err(NotationError::syntax)?;
        written
            .to_action(&self.board)
            .map_err(NotationError::syntax)
    }

    fn format_action(&self, _state: &State, action: &Action) -> String {
        ActionText::from_action(&self.board, action).to_string()
    }

    fn draw(&self, view: &State) -> String {
        diagram::draw(&self.board, view, self.choices(view))
    }

    /// The lab's events (`docs/lab.md`): rolls by face, entries, moves home, captures and
    /// where the captured pawn goes, protection given and protection that took a capture
    /// away, passes, and the table turn on which each colour finished.
    fn rule_events(
        &self,
        state: &State,
        action: &Action,
        record: &mut dyn FnMut(&'static str, u64),
    ) {
        let me = state.to_move.index();
        if state.phase == Phase::Act && self.protection_used(state) {
            record(events::PROTECTION_USED, 1);
        }
        match action {
            Action::Order(_) => {}
            Action::Roll => record(events::ROLL, 1),
            Action::Die(face) => {
                let face = usize::from(*face).clamp(1, 6);
                record(events::FACE[face - 1], 1);
                if face % 2 == 0 && self.board.mask(1) & !state.occupied() == 0 {
                    record(events::ROLL_BLOCKED, 1);
                }
            }
            Action::Enter(_) => record(events::ENTER, 1),
            Action::Pass => record(events::PASS, 1),
            Action::Move(m) => {
                record(events::MOVE, 1);
                let to_orbit = match m.to {
                    Place::Field(to) => self.board.orbit_of(to),
                    Place::Home => {
                        record(events::HOME, 1);
                        if usize::from(state.home[me]) + 1 == pawns_per_player(state.players()) {
                            record(events::FINISH_TURN[me], u64::from(state.turns) + 1);
                        }
                        return;
                    }
                    Place::Centre => return,
                };
                match m.relocate {
                    None => {}
                    Some(Place::Field(r)) => {
                        record(events::CAPTURE, 1);
                        record(events::RELOCATED, 1);
                        record(events::PROTECT, 1);
                        if self.board.orbit_of(r) + 1 < to_orbit {
                            record(events::FALLBACK, 1);
                        }
                    }
                    Some(Place::Centre | Place::Home) => {
                        record(events::CAPTURE, 1);
                        record(events::TO_CENTRE, 1);
                        if to_orbit > 1 {
                            record(events::FALLBACK, 1);
                        }
                    }
                }
            }
        }
    }

    /// How the game ended and after how many turns.
    fn end_events(&self, state: &State, record: &mut dyn FnMut(&'static str, u64)) {
        if state.phase != Phase::Over {
            return;
        }
        if state.finished.len() + 1 >= state.players() {
            record(events::END_FINISHED, 1);
        } else {
            record(events::END_TURN_LIMIT, 1);
        }
        record(events::TURNS, u64::from(state.turns));
    }
}

impl Orbit {
    /// Whether protection takes a capture away from the player to move now: one of its
    /// pawns could end on a protected pawn, or a protected pawn of its own could end on
    /// another colour's pawn.
    fn protection_used(&self, state: &State) -> bool {
        let protected = state.protected_mask();
        if protected == 0 {
            return false;
        }
        let own = state.occ[state.to_move.index()];
        let others = state.occupied() & !own;
        let mut rest = own;
        while rest != 0 {
            let from = Field(rest.trailing_zeros() as u8);
            rest &= rest - 1;
            let steps = state.on_orbit[self.board.orbit_index(from)];
            let ends = self.board.reach(from, usize::from(steps)).fields;
            let victims = if protected & from.bit() != 0 {
                others
            } else {
                others & protected
            };
            if ends & victims != 0 {
                return true;
            }
        }
        false
    }
}
