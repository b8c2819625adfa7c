//! The turn flow of Triles and its [`Game`] implementation: the game built from its
//! options, the setup as chance events (colours, first mover, the deal, the starting tile),
//! placements or `draw`/`pass`, the rewards in order (empty hand, opponent dots, the wedge
//! gift, extra placements for own loops), the double-pass end and the outcome, which rule
//! a refused decision breaks, and what each seat may see. The top module: it uses all the
//! others. Rules: `docs/rules/triles.md`.

use rand::seq::SliceRandom;
use rand::RngCore;
use trio_core::{Breach, Facts, Game, NotationError, Outcome, Seat, Turn};

use crate::board::{Board, Cell, Geometry, Placement};
use crate::breach;
use crate::diagram;
use crate::events;
use crate::movegen::{Effects, Judge};
use crate::moves::{Action, Violation};
use crate::notation;
use crate::options::{Options, Variant, Variants};
use crate::state::{Setup, SetupError, State, Tiles};
use crate::tileset::{Colour, TileId, TileSet, HAND_SIZE};
use crate::view::{self, Context, View};

/// The game of Triles with its options.
#[derive(Clone, Debug)]
pub struct Triles {
    options: Options,
    geometry: Geometry,
}

impl State {
    /// The state `setup` describes, if `game` can reach it; or every reason it is not.
    pub fn from_setup(setup: &Setup, game: &Triles) -> Result<State, SetupError> {
        let open_pool = game.options.variants.open_pool;
        let (board, faults) = setup.faults(game.tile_set(), &game.geometry, open_pool);
        if faults.is_empty() {
            Ok(State::assemble(board, setup.clone()))
        } else {
            Err(SetupError { faults })
        }
    }
}

impl Default for Triles {
    fn default() -> Self {
        Self::new(Options::default())
    }
}

impl Triles {
    pub fn new(options: Options) -> Self {
        let geometry = Geometry::new(&options.tile_set);
        Self { options, geometry }
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn tile_set(&self) -> &TileSet {
        &self.options.tile_set
    }

    pub fn variants(&self) -> Variants {
        self.options.variants
    }

    /// What `placement` would create if the mover made it now, or which rule it breaks.
    pub fn effects(&self, state: &State, placement: Placement) -> Result<Effects, Violation> {
        if self.turn(state) == Turn::Chance || state.is_over() || state.table.gift_pending {
            return Err(Violation::NotPlacing);
        }
        let mover = state.mover();
        if usize::from(placement.tile.0) >= self.tile_set().types().len()
            || state.hands[mover.index()].count(placement.tile) == 0
        {
            let tile = self.tile_set().types().get(placement.tile.index());
            let tile =
                tile.map_or_else(|| format!("#{}", placement.tile.0), |t| t.name().to_owned());
            return Err(Violation::NotYourTile {
                colour: mover,
                tile,
            });
        }
        self.judge(state, mover).check(placement)
    }

    /// [`Game::legal_actions`] with, in `effects`, what each placement would create
    /// ([`Self::effects`]) in the same order; found as the placements are listed, so a
    /// rollout weighing them judges none again. When no placement is legal, `effects`
    /// is empty.
    pub fn legal_actions_with_effects(
        &self,
        state: &State,
        out: &mut Vec<Action>,
        effects: &mut Vec<Effects>,
    ) {
        effects.clear();
        self.list_actions(state, out, |e| effects.push(e));
    }

    /// The legal actions into `out`, each placement's effects to `effect` as it is listed.
    fn list_actions(&self, state: &State, out: &mut Vec<Action>, mut effect: impl FnMut(Effects)) {
        out.clear();
        if !matches!(self.turn(state), Turn::Seat(_)) {
            return;
        }
        let mover = state.mover();
        let hand = &state.hands[mover.index()];
        if state.table.gift_pending {
            out.extend(hand.iter().map(|(t, _)| Action::Give(t)));
            out.push(Action::Decline);
            return;
        }
        self.judge(state, mover)
            .placements(hand.type_mask(), |p, e| {
                out.push(Action::Place(p));
                effect(e);
            });
        if out.is_empty() {
            let draw = state.table.extra == 0 && state.pool_len() > 0;
            out.push(if draw { Action::Draw } else { Action::Pass });
        }
    }

    fn judge<'a>(&'a self, state: &'a State, mover: Colour) -> Judge<'a> {
        Judge {
            geometry: &self.geometry,
            board: &state.board,
            mover,
            own_dots: self.options.variants.own_dots,
        }
    }

    /// An empty board for this game's tile set.
    pub(crate) fn empty_board(&self) -> Board {
        Board::new(&self.options.tile_set)
    }

    /// Lays a tile without judging it (the start tile, a replayed board).
    pub(crate) fn lay(&self, board: &mut Board, placement: Placement) {
        board.place(&self.options.tile_set, &self.geometry, placement);
    }

    fn place(&self, state: &mut State, placement: Placement) {
        let mover = state.mover();
        let effects = self
            .judge(state, mover)
            .check(placement)
            .expect("apply needs a legal placement (play checks)");
        let m = mover.index();
        state.hands[m].remove(placement.tile);
        self.lay(&mut state.board, placement);
        state.table.passes = 0;
        state.table.extra = state.table.extra.saturating_sub(1);
        // Reward 1: an empty hand wins at once.
        if state.hands[m].is_empty() {
            state.winner = Some(mover);
            return;
        }
        // Reward 2 (and `own-dots`): draws, the opponent's first.
        let opponent = mover.opponent();
        let own = if self.options.variants.own_dots {
            effects.dots(mover)
        } else {
            0
        };
        for (colour, n) in [(opponent, effects.dots(opponent)), (mover, own)] {
            if n > 0 {
                state.table.draws.push((colour, n));
            }
        }
        // Reward 3, then 4: the gift is settled first, then the extra placements.
        state.table.gift_pending = effects.is_wedge();
        state.table.extra += effects.loops(mover);
        self.end_turn_if_settled(state);
    }

    fn end_turn_if_settled(&self, state: &mut State) {
        if !state.table.gift_pending && state.table.extra == 0 {
            state.table.to_move = Some(state.mover().opponent());
        }
    }

    /// Settles owed draws that need no chance: from the face-up next tile in
    /// `open-pool`, or none at all once the pool is empty.
    fn settle_draws(&self, state: &mut State) {
        while let Some(&(colour, n)) = state.table.draws.first() {
            if let Some(tile) = state.table.next.filter(|_| self.options.variants.open_pool) {
                state.table.next = None;
                state.hands[colour.index()].add(tile);
                if n == 1 {
                    state.table.draws.remove(0);
                } else {
                    state.table.draws[0].1 -= 1;
                }
            } else if state.pool_len() == 0 {
                state.table.draws.clear();
            } else {
                break;
            }
        }
    }

    /// What the diagram and the JSON need besides a view.
    fn context(&self, view: &View) -> Context<'_> {
        Context {
            set: &self.options.tile_set,
            geometry: &self.geometry,
            variants: Variant::ALL
                .into_iter()
                .filter(|&v| self.options.variants.contains(v))
                .map(Variant::name)
                .collect(),
            seat_names: [Seat(0), Seat(1)].map(|seat| self.seat_name(seat)),
            turn: self.view_turn(view),
        }
    }

    /// Who acts, from what a state and every view show alike.
    fn turn_of(&self, w: &Waiting) -> Turn {
        if w.over {
            return Turn::Over;
        }
        let reveal = self.options.variants.open_pool && !w.next && w.face_down;
        if w.black.is_none() || w.to_move.is_none() || !w.set_up || w.draws || reveal {
            return Turn::Chance;
        }
        let mover = w.to_move.expect("checked");
        let black = w.black.expect("checked");
        Turn::Seat(if mover == Colour::Black {
            black
        } else {
            Seat(1 - black.0)
        })
    }

    /// Who acts in the state a view shows.
    pub fn view_turn(&self, view: &View) -> Turn {
        self.turn_of(&Waiting {
            over: view.winner.is_some() || view.table.passes >= 2,
            black: view.table.black,
            to_move: view.table.to_move,
            set_up: !view.board.is_empty(),
            draws: !view.table.draws.is_empty(),
            face_down: view.pool_size > usize::from(view.table.next.is_some()),
            next: view.table.next.is_some(),
        })
    }

    /// The most actions a game with `tiles` tiles can last. Each tile leaves the pool
    /// once, by a chance event: 19 in the setup (colours, first mover, two hands of 8, the
    /// starting tile) and `tiles - 17` later. Each of the at most `tiles - 1` placements
    /// is followed by at most a gift and a `pass` giving up owed placements; each of the at
    /// most `tiles - 17` draws is one decision; and a turn begun with a pass follows a
    /// placement or a draw, but for the first two.
    fn longest_game(tiles: usize) -> usize {
        let placements = tiles - 1;
        let draws = tiles - 2 * HAND_SIZE - 1;
        let chance = 2 + 2 * HAND_SIZE + 1 + draws;
        let passes = placements + draws + 2;
        chance + 3 * placements + draws + passes
    }

    /// Which rule a decision that is not legal breaks.
    fn refusal(&self, state: &State, action: &Action) -> Breach {
        let said = |rule: &str, message: &str| Breach::new(rule, message);
        let mover = state.mover();
        let written = notation::format_action(self.tile_set(), action);
        match *action {
            Action::Tile(_) | Action::Black(_) | Action::First(_) => Breach::new(
                breach::CHANCE_ONLY,
                format!("{written} is a chance outcome, not a player's decision"),
            )
            .with("action", &written),
            Action::Give(_) if !state.table.gift_pending => said(
                breach::GIVE_ONLY_AFTER_WEDGE,
                "a tile is given only after a wedge",
            ),
            Action::Decline if !state.table.gift_pending => said(
                breach::GIVE_ONLY_AFTER_WEDGE,
                "there is no wedge gift to decline",
            ),
            Action::Give(tile) => {
                let name = self
                    .tile_set()
                    .types()
                    .get(tile.index())
                    .map_or_else(|| format!("#{}", tile.0), |t| t.name().to_owned());
                Violation::NotYourTile {
                    colour: mover,
                    tile: name,
                }
                .breach()
            }
            Action::Decline => said(Breach::NOT_LEGAL, "not a legal move here"),
            _ if state.table.gift_pending => said(
                breach::GIVE_FIRST,
                "the wedge gift is chosen first (give TYPE or give -)",
            ),
            Action::Place(p) => match self.effects(state, p) {
                Err(v) => v.breach(),
                Ok(_) => Breach::new(Breach::NOT_LEGAL, "not a legal move here"),
            },
            Action::Draw | Action::Pass => {
                let mut stuck = true;
                let hand = state.hands[mover.index()].type_mask();
                self.judge(state, mover)
                    .placements(hand, |_, _| stuck = false);
                match (*action, stuck) {
                    (Action::Draw, false) => said(
                        breach::DRAW_ONLY_WHEN_STUCK,
                        "a placement is possible: draw only when none is",
                    ),
                    (Action::Pass, false) => said(
                        breach::PASS_ONLY_WHEN_STUCK,
                        "a placement is possible: pass only when none is",
                    ),
                    (Action::Draw, true) if state.table.extra > 0 => said(
                        breach::OWED_PLACEMENT_PASS,
                        "an owed placement that cannot be made is passed, with no draw",
                    ),
                    (Action::Draw, true) => said(
                        breach::EMPTY_POOL_PASS,
                        "the pool is empty: pass instead of drawing",
                    ),
                    _ => said(
                        breach::PASS_ONLY_WHEN_POOL_EMPTY,
                        "no placement is possible: draw from the pool (pass only when it is empty)",
                    )
                    .with("pool", state.pool_len()),
                }
            }
        }
    }
}

/// What decides whose turn it is, read from a state or a view.
struct Waiting {
    over: bool,
    black: Option<Seat>,
    to_move: Option<Colour>,
    set_up: bool,
    draws: bool,
    /// The pool holds tiles face down.
    face_down: bool,
    /// A tile of the pool is face up (`open-pool`).
    next: bool,
}

impl Game for Triles {
    type State = State;
    type Action = Action;
    type View = View;

    fn name(&self) -> &'static str {
        "triles"
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        match self.options.black {
            Some(b) if b == seat => "black".to_owned(),
            Some(_) => "white".to_owned(),
            None => format!("player {}", seat.0 + 1),
        }
    }

    /// The colour once drawn, so that prompts and the diagram speak alike.
    fn seat_label(&self, state: &State, seat: Seat) -> String {
        match state.table.black {
            Some(b) if b == seat => "black".to_owned(),
            Some(_) => "white".to_owned(),
            None => self.seat_name(seat),
        }
    }

    fn facts(&self) -> Facts {
        Facts {
            seats: 2..=2,
            chance: true,
            // The pool is a multiset whose draws are chance events, so with both hands
            // open nothing of the state is hidden from either seat (with or without
            // `open-pool`).
            hidden_information: !self.options.variants.open_hands,
            // A view names its viewer, whose hand is its tray even when both lie open.
            seat_views: true,
            longest_game: Self::longest_game(self.options.tile_set.total_tiles()),
        }
    }

    fn new_game(&self) -> State {
        let o = &self.options;
        let setup = Setup::new_game(&o.tile_set, o.black, o.first);
        State::assemble(self.empty_board(), setup)
    }

    fn turn(&self, state: &State) -> Turn {
        self.turn_of(&Waiting {
            over: state.is_over(),
            black: state.table.black,
            to_move: state.table.to_move,
            set_up: state.set_up(),
            draws: !state.table.draws.is_empty(),
            face_down: !state.pool.is_empty(),
            next: state.table.next.is_some(),
        })
    }

    fn legal_actions(&self, state: &State, out: &mut Vec<Action>) {
        self.list_actions(state, out, |_| {});
    }

    fn chance_outcomes(&self, state: &State, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if self.turn(state) != Turn::Chance {
            return;
        }
        if state.table.black.is_none() {
            out.extend([(Action::Black(Seat(0)), 0.5), (Action::Black(Seat(1)), 0.5)]);
        } else if state.table.to_move.is_none() {
            out.extend([
                (Action::First(Colour::Black), 0.5),
                (Action::First(Colour::White), 0.5),
            ]);
        } else {
            let size = state.pool.len() as f64;
            out.extend(
                state
                    .pool
                    .iter()
                    .map(|(t, n)| (Action::Tile(t), f64::from(n) / size)),
            );
        }
    }

    fn apply(&self, state: &mut State, action: &Action) {
        match *action {
            Action::Black(seat) => state.table.black = Some(seat),
            Action::First(colour) => state.table.to_move = Some(colour),
            Action::Tile(tile) => {
                state.pool.remove(tile);
                let [black, white] = &mut state.hands;
                if state.board.placements().is_empty() {
                    if black.len() < HAND_SIZE {
                        black.add(tile);
                    } else if white.len() < HAND_SIZE {
                        white.add(tile);
                    } else {
                        let start = Placement {
                            tile,
                            cell: Cell::new(0, 0),
                            rotation: 0,
                        };
                        self.lay(&mut state.board, start);
                    }
                } else if self.options.variants.open_pool {
                    state.table.next = Some(tile);
                } else {
                    let (colour, n) = state.table.draws[0];
                    state.hands[colour.index()].add(tile);
                    if n == 1 {
                        state.table.draws.remove(0);
                    } else {
                        state.table.draws[0].1 -= 1;
                    }
                }
            }
            Action::Place(p) => self.place(state, p),
            Action::Draw => {
                state.table.passes = 0;
                state.table.draws.push((state.mover(), 1));
                state.table.to_move = Some(state.mover().opponent());
            }
            Action::Pass => {
                if state.table.extra > 0 {
                    // An owed placement that cannot be made: the rest is dropped.
                    state.table.extra = 0;
                } else {
                    state.table.passes += 1;
                }
                state.table.to_move = Some(state.mover().opponent());
            }
            Action::Give(tile) => {
                let mover = state.mover();
                state.hands[mover.index()].remove(tile);
                state.hands[mover.opponent().index()].add(tile);
                state.table.gift_pending = false;
                if state.hands[mover.index()].is_empty() {
                    state.winner = Some(mover);
                } else {
                    self.end_turn_if_settled(state);
                }
            }
            Action::Decline => {
                state.table.gift_pending = false;
                self.end_turn_if_settled(state);
            }
        }
        self.settle_draws(state);
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        if let Some(winner) = state.winner {
            return Some(Outcome::win(state.seat_of(winner)?, 2));
        }
        if state.table.passes < 2 {
            return None;
        }
        let [b, w] = [0, 1].map(|i| state.hands[i].len());
        let seat = |c| state.seat_of(c).expect("colours are drawn before play");
        Some(match b.cmp(&w) {
            std::cmp::Ordering::Less => Outcome::win(seat(Colour::Black), 2),
            std::cmp::Ordering::Greater => Outcome::win(seat(Colour::White), 2),
            std::cmp::Ordering::Equal => Outcome::draw(2),
        })
    }

    /// Every decision comes from the mover's hand, hidden unless `open-hands`: a placement
    /// or a gift shows one of its tiles, a draw or a pass that none of them fits, a gift
    /// declined something of what it holds.
    fn reveals(&self, state: &State, action: &Action, to: Seat) -> Option<&'static str> {
        let mover = state.table.to_move.and_then(|c| state.seat_of(c));
        if self.options.variants.open_hands || mover == Some(to) {
            return None;
        }
        match action {
            Action::Place(_) => Some("laid a tile from a hand you cannot see"),
            Action::Give(_) => Some("gave a tile from a hand you cannot see"),
            Action::Draw | Action::Pass => {
                Some("showed that no tile of a hand you cannot see fits")
            }
            Action::Decline => Some("kept every tile of a hand you cannot see"),
            Action::Tile(_) | Action::Black(_) | Action::First(_) => None,
        }
    }

    fn view(&self, state: &State, seat: Seat) -> View {
        View::new(state, Some(seat), self.options.variants.open_hands)
    }

    fn public_view(&self, state: &State) -> View {
        View::new(state, None, self.options.variants.open_hands)
    }

    fn view_json(&self, view: &View) -> serde_json::Value {
        view::view_json(&self.context(view), view)
    }

    fn action_parts(&self, _state: &State, action: &Action) -> serde_json::Value {
        view::action_parts(&self.options.tile_set, action)
    }

    fn determinize(&self, view: &View, rng: &mut dyn RngCore) -> State {
        let set = &self.options.tile_set;
        let mut board = self.empty_board();
        let mut unseen = Tiles::full(set);
        for &p in &view.board {
            self.lay(&mut board, p);
            unseen.remove(p.tile);
        }
        let visible = view.hands.iter().flatten();
        for (t, n) in visible
            .flat_map(|h| h.iter())
            .chain(view.table.next.map(|t| (t, 1)))
        {
            for _ in 0..n {
                unseen.remove(t);
            }
        }
        // The hidden hands come from the tiles the viewer cannot see; the rest is the pool.
        let mut hidden: Vec<TileId> = Vec::with_capacity(unseen.len());
        for (t, n) in unseen.iter() {
            hidden.extend(std::iter::repeat_n(t, usize::from(n)));
        }
        // (Only when some hand is hidden, so that open hands draw nothing from `rng`.)
        let sizes = Colour::ALL.map(|c| view.hand_sizes[c.index()]);
        if Colour::ALL
            .iter()
            .any(|c| view.hands[c.index()].is_none() && sizes[c.index()] > 0)
        {
            hidden.shuffle(rng);
        }
        let mut hidden = hidden.into_iter();
        let mut pool = unseen;
        let hands = Colour::ALL.map(|c| match view.hands[c.index()] {
            Some(known) => known,
            None => {
                let mut hand = Tiles::default();
                for t in hidden.by_ref().take(view.hand_sizes[c.index()]) {
                    hand.add(t);
                    pool.remove(t);
                }
                hand
            }
        });
        let setup = Setup {
            board: view.board.clone(),
            hands,
            pool,
            table: view.table.clone(),
        };
        State::assemble(board, setup)
    }

    fn parse_position(&self, text: &str) -> Result<State, NotationError> {
        let setup = notation::parse_setup(self.tile_set(), text)?;
        State::from_setup(&setup, self).map_err(NotationError::impossible)
    }

    fn format_position(&self, state: &State) -> String {
        notation::format_setup(self.tile_set(), &Setup::from(state))
    }

    fn parse_action(&self, _state: &State, text: &str) -> Result<Action, NotationError> {
        Ok(notation::parse_action(self.tile_set(), text)?)
    }

    fn format_action(&self, _state: &State, action: &Action) -> String {
        notation::format_action(self.tile_set(), action)
    }

    fn draw(&self, view: &View) -> String {
        diagram::draw(&self.context(view), view)
    }

    fn breach(&self, state: &State, action: &Action) -> Option<Breach> {
        Some(self.refusal(state, action))
    }

    /// The lab's events (`docs/lab.md`): what each placement creates, the rewards it earns,
    /// gifts, draws and passes.
    fn rule_events(
        &self,
        state: &State,
        action: &Action,
        record: &mut dyn FnMut(&'static str, u64),
    ) {
        match *action {
            Action::Place(placement) => {
                let mover = state.mover();
                let Ok(effects) = self.judge(state, mover).check(placement) else {
                    return;
                };
                record(events::PLACE, 1);
                if state.table.extra > 0 {
                    record(events::EXTRA_PLACED, 1);
                }
                for colour in Colour::ALL {
                    let c = colour.index();
                    for (names, n) in [
                        (events::DOT, effects.dots[c]),
                        (events::LOOP, effects.loops[c]),
                        (events::CLOSED, effects.closed[c]),
                    ] {
                        if n > 0 {
                            record(names[c], u64::from(n));
                        }
                    }
                }
                if effects.is_wedge() {
                    record(events::WEDGE, 1);
                }
                // Reward 1 wins at once: nothing else is owed.
                if state.hands[mover.index()].len() == 1 {
                    return;
                }
                let own = if self.options.variants.own_dots {
                    effects.dots(mover)
                } else {
                    0
                };
                let owed = u64::from(effects.dots(mover.opponent()) + own);
                if owed > 0 {
                    record(events::REWARD_DRAW_OWED, owed);
                    let lost = owed.saturating_sub(state.pool_len() as u64);
                    if lost > 0 {
                        record(events::REWARD_DRAW_LOST, lost);
                    }
                }
                if effects.loops(mover) > 0 {
                    record(events::EXTRA_OWED, u64::from(effects.loops(mover)));
                }
            }
            Action::Draw => record(events::DRAW, 1),
            Action::Pass if state.table.extra > 0 => {
                record(events::EXTRA_LOST, u64::from(state.table.extra))
            }
            Action::Pass => record(events::PASS, 1),
            Action::Give(_) => record(events::GIFT, 1),
            Action::Decline => record(events::GIFT_DECLINED, 1),
            Action::Tile(_) | Action::Black(_) | Action::First(_) => {}
        }
    }

    /// How the game ended (an empty hand or two passes) and what was left in the hands
    /// and the pool.
    fn end_events(&self, state: &State, record: &mut dyn FnMut(&'static str, u64)) {
        if state.winner.is_some() {
            record(events::END_EMPTY_HAND, 1);
        } else if state.table.passes >= 2 {
            record(events::END_DOUBLE_PASS, 1);
        }
        for colour in Colour::ALL {
            record(
                events::HAND[colour.index()],
                state.hands[colour.index()].len() as u64,
            );
        }
        record(events::POOL_LEFT, state.pool_len() as u64);
    }
}
