//! Positions of Na orbicie (docs/rules/orbit.md, "Equipment", "Start", "Positions"): the
//! colours and turn orders, what a state waits for ([`Phase`]), the state itself
//! ([`State`]), and its unchecked written form [`Setup`] with the one checked
//! conversion into a state, which reports every reason a setup is refused.

use std::fmt;

use thiserror::Error;
use trio_core::Seat;

use crate::board::{Board, Coord, Field, FieldError, MAX_ORBITS};

/// No field: an empty slot of [`State::protected`].
pub(crate) const NO_FIELD: u8 = u8::MAX;

/// The pawn colours, in the order seats are numbered: red is seat 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Colour {
    Red,
    Green,
    Blue,
    Yellow,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Green, Colour::Blue, Colour::Yellow];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn letter(self) -> char {
        match self {
            Colour::Red => 'r',
            Colour::Green => 'g',
            Colour::Blue => 'b',
            Colour::Yellow => 'y',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
        }
    }

    pub fn from_letter(letter: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.letter() == letter)
    }

    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }

    pub fn from_seat(seat: Seat) -> Option<Colour> {
        Colour::ALL.get(seat.index()).copied()
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Pawns each player has: 4 with 2 players, 3 with 3, 2 with 4.
pub const fn pawns_per_player(players: usize) -> usize {
    match players {
        2 => 4,
        3 => 3,
        _ => 2,
    }
}

/// Up to four distinct colours in an order: the turn order, or the finishing order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TurnOrder {
    colours: [Colour; 4],
    len: u8,
}

/// Why a list of colours is not a turn order.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OrderError {
    #[error("a game has 2 to 4 players, not {0}")]
    Players(usize),
    #[error("{0} is given twice")]
    Repeated(Colour),
    #[error("{colour} does not play in a game of {players}")]
    NotInPlay { colour: Colour, players: usize },
}

impl TurnOrder {
    /// A turn order: the colours of an `n`-player game (the first `n` of red, green,
    /// blue, yellow), each once, in any order.
    pub fn new(colours: &[Colour]) -> Result<Self, OrderError> {
        let players = colours.len();
        if !(2..=4).contains(&players) {
            return Err(OrderError::Players(players));
        }
        let mut order = Self::EMPTY;
        for &colour in colours {
            if colour.index() >= players {
                return Err(OrderError::NotInPlay { colour, players });
            }
            if order.contains(colour) {
                return Err(OrderError::Repeated(colour));
            }
            order.push(colour);
        }
        Ok(order)
    }

    /// Red, green, blue, yellow as far as `players` goes.
    pub fn standard(players: usize) -> Self {
        let mut order = Self::EMPTY;
        Colour::ALL[..players.min(4)]
            .iter()
            .for_each(|&c| order.push(c));
        order
    }

    pub(crate) const EMPTY: Self = Self {
        colours: [Colour::Red; 4],
        len: 0,
    };

    #[inline]
    pub fn as_slice(&self) -> &[Colour] {
        &self.colours[..self.len as usize]
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn contains(&self, colour: Colour) -> bool {
        self.as_slice().contains(&colour)
    }

    /// The colour after `colour` in this order (which holds it) that is not in `skip`;
    /// `colour` itself when all others are.
    #[inline]
    pub(crate) fn after(&self, colour: Colour, skip: &TurnOrder) -> Colour {
        let order = self.as_slice();
        // Found without an early exit: the position of the mover is as good as random,
        // and a mispredicted branch costs more than comparing all.
        let mut i = order
            .iter()
            .enumerate()
            .fold(0, |at, (j, &c)| if c == colour { j } else { at });
        loop {
            i = if i + 1 == order.len() { 0 } else { i + 1 };
            if skip.is_empty() || !skip.contains(order[i]) || order[i] == colour {
                return order[i];
            }
        }
    }

    /// Every ordering of these colours, in lexicographic order.
    pub(crate) fn permutations(&self) -> Vec<TurnOrder> {
        fn extend(prefix: TurnOrder, rest: &[Colour], out: &mut Vec<TurnOrder>) {
            if rest.is_empty() {
                out.push(prefix);
            }
            for (i, &c) in rest.iter().enumerate() {
                let mut next = prefix;
                next.push(c);
                let others: Vec<Colour> = rest
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &c)| c)
                    .collect();
                extend(next, &others, out);
            }
        }
        let mut sorted = self.as_slice().to_vec();
        sorted.sort();
        let mut out = Vec::new();
        extend(TurnOrder::EMPTY, &sorted, &mut out);
        out
    }

    #[inline]
    pub(crate) fn push(&mut self, colour: Colour) {
        self.colours[self.len as usize] = colour;
        self.len += 1;
    }
}

impl fmt::Debug for TurnOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&letters(self.as_slice()))
    }
}

/// The colours' letters, `rg`.
pub(crate) fn letters(colours: &[Colour]) -> String {
    colours.iter().map(|c| c.letter()).collect()
}

/// What the state is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Chance: the turn order is drawn.
    Draw,
    /// The player to move rolls, moves or passes.
    Act,
    /// Chance: the die just rolled shows its face.
    Die,
    /// The player to move rolled even and chooses an orbit-1 field.
    Enter,
    /// The game is over.
    Over,
}

/// Whether a game is over (docs/rules/orbit.md, "End"): at most one player unfinished,
/// or the turn limit reached. `finished` is never above `players`.
#[inline]
pub(crate) fn game_over(players: usize, finished: usize, turns: u32, turn_limit: u32) -> bool {
    players - finished <= 1 || turns >= turn_limit
}

/// A position: everything the rules need, all of it public (perfect information).
///
/// Pawns of one colour are interchangeable, so they are kept as a set of fields plus
/// counts in the centre and at home; equal positions are equal values.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The colours in turn order (red, green, … while [`Phase::Draw`]).
    pub(crate) order: TurnOrder,
    pub(crate) phase: Phase,
    /// The colour to act; the first of `order` while drawing and once the game is over.
    pub(crate) to_move: Colour,
    /// Fields holding a pawn, per colour.
    pub(crate) occ: [u128; 4],
    pub(crate) centre: [u8; 4],
    pub(crate) home: [u8; 4],
    /// Pawns on each orbit (index 0 is orbit 1): a move's step count, kept up to date
    /// because counting the occupancy bits is the slowest part of move generation.
    pub(crate) on_orbit: [u8; MAX_ORBITS],
    /// Per capturing colour, the field of the pawn it protected; that protection ends
    /// with the capturer's next turn, so each colour protects at most one pawn.
    pub(crate) protected: [u8; 4],
    /// Colours with all pawns home, in the order they finished.
    pub(crate) finished: TurnOrder,
    /// Turns ended so far.
    pub(crate) turns: u32,
}

impl State {
    /// The start of a game (docs/rules/orbit.md, "Start"): every pawn of the colours of
    /// `order` in the centre; the order is drawn first when `draw` is set.
    pub(crate) fn start(order: TurnOrder, draw: bool) -> Self {
        let mut state = Self::empty(order);
        let each = pawns_per_player(order.len()) as u8;
        for &c in order.as_slice() {
            state.centre[c.index()] = each;
        }
        state.phase = if draw { Phase::Draw } else { Phase::Act };
        state
    }

    /// No pawns anywhere, the first colour of `order` to act, nothing protected or
    /// finished, no turn played: what [`Self::start`] and [`Self::check`] fill in.
    fn empty(order: TurnOrder) -> Self {
        Self {
            order,
            phase: Phase::Act,
            to_move: order.as_slice().first().copied().unwrap_or(Colour::Red),
            occ: [0; 4],
            centre: [0; 4],
            home: [0; 4],
            on_orbit: [0; MAX_ORBITS],
            protected: [NO_FIELD; 4],
            finished: TurnOrder::EMPTY,
            turns: 0,
        }
    }

    #[inline]
    pub fn players(&self) -> usize {
        self.order.len()
    }

    /// The colours in turn order (the standard order while it is still to be drawn).
    pub fn order(&self) -> &[Colour] {
        self.order.as_slice()
    }

    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The colour to act, if a player acts now.
    pub fn to_move(&self) -> Option<Colour> {
        matches!(self.phase, Phase::Act | Phase::Enter | Phase::Die).then_some(self.to_move)
    }

    pub fn centre(&self, colour: Colour) -> usize {
        self.centre[colour.index()] as usize
    }

    pub fn home(&self, colour: Colour) -> usize {
        self.home[colour.index()] as usize
    }

    /// The fields holding `colour`'s pawns, in field order.
    pub fn fields(&self, colour: Colour) -> impl Iterator<Item = Field> {
        bits(self.occ[colour.index()])
    }

    pub fn pawn_at(&self, field: Field) -> Option<Colour> {
        Colour::ALL
            .into_iter()
            .find(|c| self.occ[c.index()] & field.bit() != 0)
    }

    /// Protected pawns' fields with the colour whose turn ends their protection, in
    /// field order.
    pub fn protected(&self) -> Vec<(Field, Colour)> {
        let mut list: Vec<(Field, Colour)> = Colour::ALL
            .into_iter()
            .filter(|c| self.protected[c.index()] != NO_FIELD)
            .map(|c| (Field(self.protected[c.index()]), c))
            .collect();
        list.sort();
        list
    }

    /// Colours with all their pawns home, first finisher first.
    pub fn finished(&self) -> &[Colour] {
        self.finished.as_slice()
    }

    /// Turns ended so far (an even roll and its `enter` are one turn).
    #[inline]
    pub fn turns(&self) -> u32 {
        self.turns
    }

    #[inline]
    pub(crate) fn occupied(&self) -> u128 {
        self.occ[0] | self.occ[1] | self.occ[2] | self.occ[3]
    }

    /// Fields holding a protected pawn.
    #[inline]
    pub(crate) fn protected_mask(&self) -> u128 {
        // Most positions protect nothing: one comparison instead of four shifts.
        if self.protected == [NO_FIELD; 4] {
            return 0;
        }
        self.protected
            .iter()
            .filter(|&&f| f != NO_FIELD)
            .fold(0, |m, &f| m | 1 << f)
    }

    /// Puts a pawn of `colour` on the empty `field`.
    #[inline]
    pub(crate) fn put(&mut self, board: &Board, colour: usize, field: Field) {
        self.occ[colour] |= field.bit();
        self.on_orbit[board.orbit_index(field)] += 1;
    }

    /// Takes the pawn of `colour` off `field`.
    #[inline]
    pub(crate) fn lift(&mut self, board: &Board, colour: usize, field: Field) {
        self.occ[colour] &= !field.bit();
        self.on_orbit[board.orbit_index(field)] -= 1;
    }
}

/// The fields of a bit set, in order.
fn bits(mut set: u128) -> impl Iterator<Item = Field> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let f = Field(set.trailing_zeros() as u8);
            set &= set - 1;
            f
        })
    })
}

/// A place as a position writes it: `C` the centre, a field, `H` home.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spot {
    Centre,
    At(Coord),
    Home,
}

/// Who acts, as the second field of a position writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ToMove {
    /// `?`: the turn order is still to be drawn.
    Draw,
    /// `r`: red rolls, moves or passes.
    Act(Colour),
    /// `r?`: red has rolled and the die is still to show its face.
    Die(Colour),
    /// `r+`: red rolled even and chooses an orbit-1 field.
    Enter(Colour),
    /// `-`: the game is over.
    Over,
}

/// A position as written (`notation` reads and writes it), before it is checked against
/// a board and the rules by [`State::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// `None` (`?`) while the order is to be drawn; then the groups are in the order
    /// red, green, blue, yellow.
    pub order: Option<Vec<Colour>>,
    pub to_move: ToMove,
    /// Each colour's pawns, colours in turn order.
    pub pawns: Vec<(Colour, Vec<Spot>)>,
    /// Protected pawns and the colour whose turn ends their protection.
    pub protected: Vec<(Coord, Colour)>,
    /// Turns ended so far (`turn=N`; written when not 0).
    pub turn: u32,
    /// Colours with all pawns home in the order they finished (`finished=gr`; written
    /// when not empty, and may be left out when only one colour has finished).
    pub finished: Vec<Colour>,
}

impl Setup {
    /// How `state` is written on `board`: pawns in the canonical order (centre, fields in
    /// numeric order, home), protected pawns in field order.
    pub fn from_state(board: &Board, state: &State) -> Self {
        let to_move = match state.phase {
            Phase::Draw => ToMove::Draw,
            Phase::Act => ToMove::Act(state.to_move),
            Phase::Die => ToMove::Die(state.to_move),
            Phase::Enter => ToMove::Enter(state.to_move),
            Phase::Over => ToMove::Over,
        };
        let pawns = state
            .order()
            .iter()
            .map(|&c| {
                let mut spots = vec![Spot::Centre; state.centre(c)];
                spots.extend(state.fields(c).map(|f| Spot::At(board.coord(f))));
                spots.extend(std::iter::repeat_n(Spot::Home, state.home(c)));
                (c, spots)
            })
            .collect();
        Setup {
            order: (state.phase != Phase::Draw).then(|| state.order().to_vec()),
            to_move,
            pawns,
            protected: state
                .protected()
                .into_iter()
                .map(|(f, c)| (board.coord(f), c))
                .collect(),
            turn: state.turns,
            finished: state.finished().to_vec(),
        }
    }
}

/// One reason a [`Setup`] is not a position of the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupFault {
    #[error("turn order: {0}")]
    Order(OrderError),
    #[error("the pawn groups must be {expected} in this order, found {found}")]
    Groups { expected: String, found: String },
    #[error("{colour} has {found} pawns; with {players} players each has {each}")]
    PawnCount {
        colour: Colour,
        found: usize,
        players: usize,
        each: usize,
    },
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error("two pawns on {0}")]
    TwoPawns(Coord),
    #[error("finished={listed} must list exactly the colours with all pawns home ({home})")]
    Finished { listed: String, home: String },
    #[error("protected field {0} holds no pawn")]
    ProtectedEmpty(Coord),
    #[error("{at}@{}: {until} cannot protect a {owner} pawn", until.letter())]
    ProtectedBy {
        at: Coord,
        until: Colour,
        owner: Colour,
    },
    #[error("{0} protects two pawns; a capture ends the last")]
    ProtectsTwo(Colour),
    #[error("to-move ? needs the order ? (still to be drawn)")]
    DrawWithOrder,
    #[error("order ? needs to-move ?")]
    OrderUnknown,
    #[error("to-move - but the game is not over")]
    NotOver,
    #[error("the game is over: to-move must be -")]
    Over,
    #[error("{0} is not playing in this game")]
    NotInGame(Colour),
    #[error("{at}@{}: {} is not playing in this game", until.letter(), until)]
    ProtectorNotInGame { at: Coord, until: Colour },
    #[error("finished={}: {} is not playing in this game", letters(listed), colour)]
    FinisherNotInGame { listed: Vec<Colour>, colour: Colour },
    #[error("{0} has finished: it no longer acts")]
    HasFinished(Colour),
    #[error("{0} has rolled without a pawn in the centre")]
    RolledWithoutCentrePawn(Colour),
    #[error("orbit 1 has no empty field to enter")]
    OrbitOneFull,
}

/// Why a [`Setup`] was refused: every reason found, in the order of the position's
/// fields, never none. The message joins them with `; `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", .faults.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct SetupError {
    pub faults: Vec<SetupFault>,
}

impl State {
    /// The position `setup` writes, on `board`, in a game stopped after `turn_limit`
    /// turns; or every reason it is not one (docs/rules/orbit.md, "Positions"). Public as
    /// [`State::from_setup`].
    pub(crate) fn check(setup: &Setup, board: &Board, turn_limit: u32) -> Result<Self, SetupError> {
        let mut faults = Vec::new();
        let colours: Vec<Colour> = setup.pawns.iter().map(|(c, _)| *c).collect();
        let players = colours.len();
        let order = match &setup.order {
            Some(order) => TurnOrder::new(order).unwrap_or_else(|e| {
                faults.push(SetupFault::Order(e));
                TurnOrder::standard(players)
            }),
            None => TurnOrder::standard(players),
        };
        if !(2..=4).contains(&players) || colours != order.as_slice() {
            faults.push(SetupFault::Groups {
                expected: letters(order.as_slice()),
                found: letters(&colours),
            });
        }
        if !faults.is_empty() {
            // Without the colours of a game nothing else can be judged.
            return Err(SetupError { faults });
        }
        let mut state = Self::empty(order);
        state.turns = setup.turn;

        let each = pawns_per_player(players);
        for (colour, spots) in &setup.pawns {
            if spots.len() != each {
                faults.push(SetupFault::PawnCount {
                    colour: *colour,
                    found: spots.len(),
                    players,
                    each,
                });
            }
            let c = colour.index();
            for spot in spots {
                match *spot {
                    Spot::Centre => state.centre[c] = state.centre[c].saturating_add(1),
                    Spot::Home => state.home[c] = state.home[c].saturating_add(1),
                    Spot::At(coord) => match board.standing_field(coord) {
                        Err(e) => faults.push(e.into()),
                        Ok(field) if state.occupied() & field.bit() != 0 => {
                            faults.push(SetupFault::TwoPawns(coord));
                        }
                        Ok(field) => state.put(board, c, field),
                    },
                }
            }
        }

        let mut all_home: Vec<Colour> = colours
            .iter()
            .copied()
            .filter(|&c| state.home(c) == each)
            .collect();
        all_home.sort();
        let finished = if setup.finished.is_empty() && all_home.len() == 1 {
            all_home.clone()
        } else {
            setup.finished.clone()
        };
        let mut sorted = finished.clone();
        sorted.sort();
        if let Some(&colour) = finished.iter().find(|&&c| !order.contains(c)) {
            faults.push(SetupFault::FinisherNotInGame {
                listed: finished.clone(),
                colour,
            });
        } else if sorted != all_home {
            faults.push(SetupFault::Finished {
                listed: letters(&finished),
                home: letters(&all_home),
            });
        } else {
            finished.iter().for_each(|&c| state.finished.push(c));
        }

        for &(coord, until) in &setup.protected {
            let field = match board.standing_field(coord) {
                Ok(field) => field,
                Err(e) => {
                    faults.push(e.into());
                    continue;
                }
            };
            let Some(owner) = state.pawn_at(field) else {
                faults.push(SetupFault::ProtectedEmpty(coord));
                continue;
            };
            if !order.contains(until) {
                faults.push(SetupFault::ProtectorNotInGame { at: coord, until });
            } else if until == owner {
                faults.push(SetupFault::ProtectedBy {
                    at: coord,
                    until,
                    owner,
                });
            } else if state.protected[until.index()] != NO_FIELD {
                faults.push(SetupFault::ProtectsTwo(until));
            } else {
                state.protected[until.index()] = field.0;
            }
        }

        let over = game_over(players, state.finished.len(), state.turns, turn_limit);
        let first = order.as_slice().first().copied().unwrap_or(Colour::Red);
        let (phase, to_move) = match setup.to_move {
            ToMove::Draw if setup.order.is_none() => (Phase::Draw, first),
            ToMove::Draw => {
                faults.push(SetupFault::DrawWithOrder);
                (Phase::Draw, first)
            }
            _ if setup.order.is_none() => {
                faults.push(SetupFault::OrderUnknown);
                (Phase::Draw, first)
            }
            ToMove::Over => {
                if !over {
                    faults.push(SetupFault::NotOver);
                }
                (Phase::Over, first)
            }
            _ if over => {
                faults.push(SetupFault::Over);
                (Phase::Over, first)
            }
            ToMove::Act(c) => (Phase::Act, c),
            ToMove::Die(c) => (Phase::Die, c),
            ToMove::Enter(c) => (Phase::Enter, c),
        };
        if matches!(phase, Phase::Act | Phase::Die | Phase::Enter) {
            if !order.contains(to_move) {
                faults.push(SetupFault::NotInGame(to_move));
            } else if state.finished.contains(to_move) {
                faults.push(SetupFault::HasFinished(to_move));
            } else if phase != Phase::Act && state.centre(to_move) == 0 {
                faults.push(SetupFault::RolledWithoutCentrePawn(to_move));
            }
            if phase == Phase::Enter && board.mask(1) & !state.occupied() == 0 {
                faults.push(SetupFault::OrbitOneFull);
            }
        }
        state.phase = phase;
        state.to_move = to_move;
        if faults.is_empty() {
            Ok(state)
        } else {
            Err(SetupError { faults })
        }
    }
}
