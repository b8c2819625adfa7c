//! The [`Game`] trait: the one interface every rules crate implements.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::RangeInclusive;

use rand::{Rng, RngCore};

use crate::{Breach, IllegalAction, NotationError, Outcome, Seat};

/// What kind of game this is, for drivers that must plan around it (a server sizing its
/// records, a UI deciding whether to hide the screen between two people at one device).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// How many seats a game of this kind can have; [`Game::seat_count`] is this game's.
    pub seats: RangeInclusive<usize>,
    /// Whether nature acts (dice, draws): [`Turn::Chance`] can occur.
    pub chance: bool,
    /// Whether some seat's view hides part of the state from it (a hand, the pool's order).
    pub hidden_information: bool,
    /// Whether a seat's view differs from a spectator's: it shows what others may not see,
    /// or names its viewer. Otherwise one view serves everyone.
    pub seat_views: bool,
    /// The most actions, chance outcomes included, that a game can last before its rules
    /// stop it.
    pub longest_game: usize,
}

/// Who acts in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// This seat chooses one of [`Game::legal_actions`].
    Seat(Seat),
    /// Nature acts: one of [`Game::chance_outcomes`], drawn with its probability.
    Chance,
    /// The game is over; [`Game::outcome`] ranks the seats.
    Over,
}

/// A game: an immutable value holding the options of one kind of play (variant, board,
/// player count) that creates states and answers every question about them.
///
/// Decisions and chance outcomes are both `Action`s: a die showing 4 or the tile drawn
/// from the pool is an action of nature, applied with [`Game::apply`] like a move.
///
/// Hidden information: [`Game::view`] is what one seat may see of a state, computed by
/// the rules crate alone. Agents decide from views and never from states; to search, they
/// [`Game::determinize`] a view into a full state consistent with it.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    type State: Clone + Debug + PartialEq + Send + Sync;
    type Action: Clone + Debug + PartialEq + Eq + Hash + Send + Sync;
    /// What one seat sees. Games of perfect information use their state.
    type View: Clone + Debug + PartialEq + Send + Sync;

    /// The game's name as the CLI and server spell it (`gyges`, `triles`, `orbit`).
    fn name(&self) -> &'static str;

    /// Number of seats at the table (2–4).
    fn seat_count(&self) -> usize;

    /// What players call a seat (`South`, `black`, `red`).
    fn seat_name(&self, seat: Seat) -> String;

    /// What players call a seat in `state`, where that can change with the game (a Triles
    /// seat is `player 1` until the colours are drawn, then `black` or `white`).
    fn seat_label(&self, _state: &Self::State, seat: Seat) -> String {
        self.seat_name(seat)
    }

    /// Seat range, chance, hidden information and the longest game.
    fn facts(&self) -> Facts;

    /// The state a new game starts from. Shuffles and deals are chance events that follow
    /// it, so the same seed always gives the same game.
    fn new_game(&self) -> Self::State;

    fn turn(&self, state: &Self::State) -> Turn;

    /// The legal decisions of the seat to move, each exactly once, appended to `out`
    /// (cleared first). Empty at a chance node and when the game is over.
    fn legal_actions(&self, state: &Self::State, out: &mut Vec<Self::Action>);

    /// The legal decision at the index `pick` chooses: `pick` is called once with the
    /// number of legal decisions and returns an index below it, and the decision is the
    /// one at that index of [`Game::legal_actions`]' list. `None`, with `pick` not called,
    /// when there is no decision to make. `scratch` is a buffer the game may list into.
    ///
    /// The default lists them all. Random play ([`random_action`]: rollouts, the lab's
    /// random games) calls this at every decision, so a game that can count its decisions
    /// and build only the chosen one overrides it; the conformance suite checks that the
    /// override gives every index's decision, so the draws stay those of the list.
    fn legal_action_at(
        &self,
        state: &Self::State,
        scratch: &mut Vec<Self::Action>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Self::Action> {
        listed_action_at(self, state, scratch, pick)
    }

    /// The legal decisions of the seat to move as it sees them, from its `view` alone: the
    /// mover's options follow from its view (the conformance suite checks it), so any
    /// determinization lists them.
    fn legal_actions_in_view(
        &self,
        view: &Self::View,
        rng: &mut dyn RngCore,
        out: &mut Vec<Self::Action>,
    ) {
        self.legal_actions(&self.determinize(view, rng), out);
    }

    /// The outcomes of the pending chance event with their probabilities (summing to 1),
    /// appended to `out` (cleared first). Empty unless [`Game::turn`] is [`Turn::Chance`].
    fn chance_outcomes(&self, state: &Self::State, out: &mut Vec<(Self::Action, f64)>);

    /// Applies a legal decision or chance outcome without checking it: the fast path for
    /// search. Use [`Game::play`] for anything that comes from outside.
    fn apply(&self, state: &mut Self::State, action: &Self::Action);

    /// The ranking once the game is over; `None` before.
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// What `seat` may see of `state`.
    fn view(&self, state: &Self::State, seat: Seat) -> Self::View;

    /// What a spectator may see of `state`: no more than any seat sees.
    fn public_view(&self, state: &Self::State) -> Self::View;

    /// A view as JSON, the form a browser draws from. Each game documents its shape in
    /// `docs/views.md`; positions, cells and actions in it are written in the game's
    /// notation.
    fn view_json(&self, view: &Self::View) -> serde_json::Value;

    /// An action's parts as JSON (`docs/api.md`, "Legal moves"), `action` being played in
    /// `state`: its `kind` and the places and pieces it names (and how it goes there, where
    /// the notation names only the outcome), so that a page draws it without reading the
    /// notation. A chance outcome is only `{"kind": "chance"}`, whoever may know it. Games
    /// no page draws keep the default, `null`.
    fn action_parts(&self, state: &Self::State, action: &Self::Action) -> serde_json::Value {
        let _ = (state, action);
        serde_json::Value::Null
    }

    /// The parts ([`Game::action_parts`]) of each of `actions`, all legal in `state`, as
    /// one JSON array. A server lists them on every turn, so a game whose parts share work
    /// (Gygès finds one route for all the drops of a replacement) writes them at once.
    fn actions_parts(
        &self,
        state: &Self::State,
        actions: &[Self::Action],
    ) -> Box<serde_json::value::RawValue> {
        let parts: Vec<_> = actions
            .iter()
            .map(|action| self.action_parts(state, action))
            .collect();
        serde_json::value::to_raw_value(&parts).expect("values serialize")
    }

    /// A full state consistent with `view`: hidden parts (the opponent's hand, the order
    /// of a pool) are sampled with `rng` from what the viewing seat cannot rule out.
    fn determinize(&self, view: &Self::View, rng: &mut dyn RngCore) -> Self::State;

    fn parse_position(&self, text: &str) -> Result<Self::State, NotationError>;
    fn format_position(&self, state: &Self::State) -> String;

    /// Reads an action in the game's notation. Only the syntax (and names the game knows)
    /// is checked here; [`Game::play`] checks legality.
    fn parse_action(&self, state: &Self::State, text: &str) -> Result<Self::Action, NotationError>;
    fn format_action(&self, state: &Self::State, action: &Self::Action) -> String;

    /// A diagram of what a seat sees, for a terminal: plain text (Unicode allowed), a few
    /// dozen lines at most, showing everything a player needs to choose a move.
    fn draw(&self, view: &Self::View) -> String;

    /// The diagram seen from the other side of the table, for games whose board has sides
    /// (Gygès: North at the bottom); `None` where turning it round means nothing.
    fn draw_flipped(&self, _view: &Self::View) -> Option<String> {
        None
    }

    /// Applies `action` if the rules allow it in `state` (a decision of the seat to move, or
    /// a possible chance outcome); otherwise leaves `state` untouched.
    fn play(&self, state: &mut Self::State, action: &Self::Action) -> Result<(), IllegalAction> {
        let allowed = match self.turn(state) {
            Turn::Over => Err(Breach::new(Breach::GAME_OVER, "the game is over")),
            Turn::Seat(_) => {
                let mut legal = Vec::new();
                self.legal_actions(state, &mut legal);
                if legal.contains(action) {
                    Ok(())
                } else {
                    Err(self.breach(state, action).unwrap_or_else(|| {
                        Breach::new(Breach::NOT_LEGAL, "not a legal move in this position")
                    }))
                }
            }
            Turn::Chance => {
                let mut outcomes = Vec::new();
                self.chance_outcomes(state, &mut outcomes);
                if outcomes.iter().any(|(a, p)| a == action && *p > 0.0) {
                    Ok(())
                } else {
                    Err(Breach::new(
                        Breach::IMPOSSIBLE_CHANCE,
                        "not a possible chance outcome here",
                    ))
                }
            }
        };
        match allowed {
            Ok(()) => {
                self.apply(state, action);
                Ok(())
            }
            Err(breach) => Err(IllegalAction {
                action: self.format_action(state, action),
                breach,
            }),
        }
    }

    /// Which rule a decision that is not legal in `state` breaks, for [`Game::play`]'s
    /// error; `None` gives the generic [`Breach::NOT_LEGAL`]. Only called for actions
    /// already found illegal.
    fn breach(&self, _state: &Self::State, _action: &Self::Action) -> Option<Breach> {
        None
    }

    /// Which rules `action` brings into play in `state`, before it is applied: `record` is
    /// called with a stable event name (`triles.dot.black`, `gyges.bounce`, `orbit.roll.6`,
    /// listed in `docs/lab.md`) and how many times it happens. For the lab, which counts
    /// how often each rule matters; the default records nothing. Must be cheap: it runs
    /// on every action of thousands of games.
    fn rule_events(
        &self,
        _state: &Self::State,
        _action: &Self::Action,
        _record: &mut dyn FnMut(&'static str, u64),
    ) {
    }

    /// What another seat's decision `action` in `state` shows `to` of what `to`'s view
    /// hides: `None` for nothing, else a phrase for the refusal to take it back (`laid a
    /// tile from a hand you cannot see`). The referee lets no seat undo past such a
    /// decision, since seeing it made again and again would probe what is hidden. The
    /// default is safe for a game that does not say: with hidden information, any decision
    /// may show some of it.
    fn reveals(
        &self,
        _state: &Self::State,
        _action: &Self::Action,
        _to: Seat,
    ) -> Option<&'static str> {
        self.facts()
            .hidden_information
            .then_some("decided from what you cannot see")
    }

    /// Facts about a finished game read from its final `state` (how it ended, what was
    /// left in hand), recorded like [`Game::rule_events`]; the default records nothing.
    fn end_events(&self, _state: &Self::State, _record: &mut dyn FnMut(&'static str, u64)) {}

    /// Draws the outcome of the pending chance event with `rng`.
    ///
    /// # Panics
    /// If the state is not at a chance event.
    fn sample_chance(&self, state: &Self::State, rng: &mut dyn RngCore) -> Self::Action {
        let mut outcomes = Vec::new();
        self.chance_outcomes(state, &mut outcomes);
        sample_weighted(&outcomes, rng)
            .unwrap_or_else(|| panic!("{} has no chance event here", self.name()))
            .clone()
    }
}

/// [`Game::legal_action_at`] by listing the legal decisions into `scratch`: the default,
/// and the way for an override where it has no quicker one.
pub fn listed_action_at<G: Game>(
    game: &G,
    state: &G::State,
    scratch: &mut Vec<G::Action>,
    pick: impl FnOnce(usize) -> usize,
) -> Option<G::Action> {
    game.legal_actions(state, scratch);
    if scratch.is_empty() {
        return None;
    }
    Some(scratch[pick(scratch.len())].clone())
}

/// A legal decision drawn uniformly with `rng`, `None` when there is none: the same
/// decision, drawn the same way, as `legal.choose(rng)` over the listed decisions (an
/// index from `rng.random_range(0..len)`), whether or not the game lists them.
pub fn random_action<G: Game, R: RngCore + ?Sized>(
    game: &G,
    state: &G::State,
    rng: &mut R,
    scratch: &mut Vec<G::Action>,
) -> Option<G::Action> {
    game.legal_action_at(state, scratch, |n| rng.random_range(0..n))
}

/// Picks one item with probability proportional to its weight; `None` when empty.
pub fn sample_weighted<'a, A, R: RngCore + ?Sized>(
    items: &'a [(A, f64)],
    rng: &mut R,
) -> Option<&'a A> {
    let total: f64 = items.iter().map(|(_, p)| p).sum();
    let mut x = rng.random::<f64>() * total;
    for (item, p) in items {
        if x < *p {
            return Some(item);
        }
        x -= p;
    }
    // Rounding can leave `x` just above the last weight.
    items.last().map(|(a, _)| a)
}
