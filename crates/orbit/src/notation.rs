//! Notation of Na orbicie (docs/rules/orbit.md, "Notation" and "Positions"): fields
//! (`3.7`), actions (`roll`, `die 4`, `enter 1.5`, `move 3.7-4.7>3.2`, `move 6.3-H`,
//! `pass`, `order gr`) and positions (`rg r r:C,C,1.3,2.5/g:C,C,C,H -`).
//!
//! The types here are board-free text: [`ActionText`] and [`Setup`] read and write any
//! syntactically correct string; the checked conversions to [`Action`] and
//! [`OrbitState`] look the fields up on a board and report what does not fit.

use std::fmt;
use std::str::FromStr;

use trio_core::NotationError;

use crate::board::{Board, Field, MAX_ORBITS};
use crate::rules::{
    pawns_per_player, Action, Colour, Move, Orbit, OrbitState, Phase, Place, TurnOrder, NO_FIELD,
};

fn error(message: impl Into<String>) -> NotationError {
    NotationError::new(message)
}

/// A field as people write it: orbit (from 1) and field (from 0), `3.7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    pub orbit: u8,
    pub field: u8,
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.orbit, self.field)
    }
}

impl FromStr for Coord {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Self, NotationError> {
        let bad = || error(format!("{text:?} is not a field like 3.7"));
        let (orbit, field) = text.split_once('.').ok_or_else(bad)?;
        let number = |s: &str| {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            s.parse::<u8>().map_err(|_| bad())
        };
        Ok(Coord {
            orbit: number(orbit)?,
            field: number(field)?,
        })
    }
}

/// A place as people write it: `C` the centre, a field, `H` home.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Spot {
    Centre,
    At(Coord),
    Home,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spot::Centre => f.write_str("C"),
            Spot::At(coord) => coord.fmt(f),
            Spot::Home => f.write_str("H"),
        }
    }
}

impl FromStr for Spot {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Self, NotationError> {
        match text {
            "C" => Ok(Spot::Centre),
            "H" => Ok(Spot::Home),
            _ => text.parse().map(Spot::At),
        }
    }
}

/// An action as written, before its fields are looked up on a board.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActionText {
    Order(Vec<Colour>),
    Roll,
    Die(u8),
    Enter(Coord),
    Move {
        from: Coord,
        to: Spot,
        relocate: Option<Spot>,
    },
    Pass,
}

impl fmt::Display for ActionText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionText::Order(colours) => write!(f, "order {}", letters(colours)),
            ActionText::Roll => f.write_str("roll"),
            ActionText::Die(face) => write!(f, "die {face}"),
            ActionText::Enter(coord) => write!(f, "enter {coord}"),
            ActionText::Move { from, to, relocate } => {
                write!(f, "move {from}-{to}")?;
                match relocate {
                    Some(spot) => write!(f, ">{spot}"),
                    None => Ok(()),
                }
            }
            ActionText::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for ActionText {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Self, NotationError> {
        let text = text.trim();
        let (verb, rest) = text.split_once(' ').unwrap_or((text, ""));
        let rest = rest.trim();
        let nothing_more = |action: ActionText| {
            if rest.is_empty() {
                Ok(action)
            } else {
                Err(error(format!(
                    "{verb} takes nothing after it, found {rest:?}"
                )))
            }
        };
        match verb {
            "roll" => nothing_more(ActionText::Roll),
            "pass" => nothing_more(ActionText::Pass),
            "die" => match rest.parse::<u8>() {
                Ok(face @ 1..=6) if rest.bytes().all(|b| b.is_ascii_digit()) => {
                    Ok(ActionText::Die(face))
                }
                _ => Err(error(format!("die shows 1 to 6, not {rest:?}"))),
            },
            "enter" => rest.parse().map(ActionText::Enter),
            "order" => parse_colours(rest).map(ActionText::Order),
            "move" => {
                let (path, relocate) = match rest.split_once('>') {
                    Some((path, spot)) => (path, Some(spot.parse()?)),
                    None => (rest, None),
                };
                let (from, to) = path
                    .split_once('-')
                    .ok_or_else(|| error(format!("move {rest:?} needs <from>-<to>")))?;
                Ok(ActionText::Move {
                    from: from.parse()?,
                    to: to.parse()?,
                    relocate,
                })
            }
            _ => Err(error(format!("unknown action {text:?}"))),
        }
    }
}

impl ActionText {
    pub fn from_action(board: &Board, action: &Action) -> Self {
        let spot = |place: Place| match place {
            Place::Centre => Spot::Centre,
            Place::Field(f) => Spot::At(board.coord(f)),
            Place::Home => Spot::Home,
        };
        match *action {
            Action::Order(order) => ActionText::Order(order.as_slice().to_vec()),
            Action::Roll => ActionText::Roll,
            Action::Die(face) => ActionText::Die(face),
            Action::Enter(field) => ActionText::Enter(board.coord(field)),
            Action::Move(m) => ActionText::Move {
                from: board.coord(m.from),
                to: spot(m.to),
                relocate: m.relocate.map(spot),
            },
            Action::Pass => ActionText::Pass,
        }
    }
}

fn letters(colours: &[Colour]) -> String {
    colours.iter().map(|c| c.letter()).collect()
}

fn parse_colour(letter: char) -> Result<Colour, NotationError> {
    Colour::from_letter(letter).ok_or_else(|| error(format!("{letter:?} is not a colour")))
}

fn parse_colours(text: &str) -> Result<Vec<Colour>, NotationError> {
    text.chars().map(parse_colour).collect()
}

fn field_on(board: &Board, coord: Coord) -> Result<Field, NotationError> {
    board
        .field(coord)
        .ok_or_else(|| error(format!("field {coord} is not on the board")))
}

/// A field where a pawn can stand: on the board, off the final orbit.
fn standing_field(board: &Board, coord: Coord) -> Result<Field, NotationError> {
    let field = field_on(board, coord)?;
    if board.orbit_of(field) == board.final_orbit() {
        return Err(error(format!(
            "{coord} is on the final orbit: a pawn there is home, H"
        )));
    }
    Ok(field)
}

/// Looks the fields of a written action up on `board`.
pub(crate) fn to_action(board: &Board, written: &ActionText) -> Result<Action, NotationError> {
    Ok(match written {
        ActionText::Order(colours) => Action::Order(
            TurnOrder::new(colours)
                .map_err(|e| error(format!("order {}: {e}", letters(colours))))?,
        ),
        ActionText::Roll => Action::Roll,
        ActionText::Die(face) => Action::Die(*face),
        ActionText::Enter(coord) => Action::Enter(standing_field(board, *coord)?),
        ActionText::Move { from, to, relocate } => {
            let to = match to {
                Spot::Centre => return Err(error("a move cannot end in the centre")),
                Spot::At(coord) => Place::Field(standing_field(board, *coord)?),
                Spot::Home => Place::Home,
            };
            let relocate = match relocate {
                None => None,
                Some(Spot::Centre) => Some(Place::Centre),
                Some(Spot::At(coord)) => Some(Place::Field(standing_field(board, *coord)?)),
                Some(Spot::Home) => return Err(error("a captured pawn cannot be put home")),
            };
            Action::Move(Move {
                from: standing_field(board, *from)?,
                to,
                relocate,
            })
        }
        ActionText::Pass => Action::Pass,
    })
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

/// A position as written, before it is checked against a board and the rules.
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
    pub fn from_state(board: &Board, state: &OrbitState) -> Self {
        let to_move = match state.phase() {
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
            order: (state.phase() != Phase::Draw).then(|| state.order().to_vec()),
            to_move,
            pawns,
            protected: state
                .protected()
                .into_iter()
                .map(|(f, c)| (board.coord(f), c))
                .collect(),
            turn: state.turns(),
            finished: state.finished().to_vec(),
        }
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.order {
            Some(order) => f.write_str(&letters(order))?,
            None => f.write_str("?")?,
        }
        match self.to_move {
            ToMove::Draw => f.write_str(" ?")?,
            ToMove::Act(c) => write!(f, " {}", c.letter())?,
            ToMove::Die(c) => write!(f, " {}?", c.letter())?,
            ToMove::Enter(c) => write!(f, " {}+", c.letter())?,
            ToMove::Over => f.write_str(" -")?,
        }
        for (i, (colour, spots)) in self.pawns.iter().enumerate() {
            let spots: Vec<String> = spots.iter().map(Spot::to_string).collect();
            let sep = if i == 0 { " " } else { "/" };
            write!(f, "{sep}{}:{}", colour.letter(), spots.join(","))?;
        }
        if self.protected.is_empty() {
            f.write_str(" -")?;
        } else {
            let list: Vec<String> = self
                .protected
                .iter()
                .map(|(at, c)| format!("{at}@{}", c.letter()))
                .collect();
            write!(f, " {}", list.join(","))?;
        }
        if self.turn > 0 {
            write!(f, " turn={}", self.turn)?;
        }
        if !self.finished.is_empty() {
            write!(f, " finished={}", letters(&self.finished))?;
        }
        Ok(())
    }
}

impl FromStr for Setup {
    type Err = NotationError;

    fn from_str(text: &str) -> Result<Self, NotationError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let [order, to_move, pawns, protected, extra @ ..] = fields.as_slice() else {
            return Err(error(format!(
                "a position has 4 fields (<order> <to-move> <pawns> <protected>), found {}",
                fields.len()
            )));
        };
        let order = match *order {
            "?" => None,
            letters => Some(parse_colours(letters)?),
        };
        let to_move = match *to_move {
            "?" => ToMove::Draw,
            "-" => ToMove::Over,
            text => {
                let mut chars = text.chars();
                let colour = parse_colour(chars.next().unwrap_or(' '))?;
                match chars.as_str() {
                    "" => ToMove::Act(colour),
                    "?" => ToMove::Die(colour),
                    "+" => ToMove::Enter(colour),
                    _ => return Err(error(format!("{text:?} is not a colour to move"))),
                }
            }
        };
        let pawns = pawns
            .split('/')
            .map(|group| {
                let (letter, spots) = group
                    .split_once(':')
                    .ok_or_else(|| error(format!("pawn group {group:?} needs <colour>:")))?;
                let mut letter_chars = letter.chars();
                let colour = match (letter_chars.next(), letter_chars.next()) {
                    (Some(c), None) => parse_colour(c)?,
                    _ => return Err(error(format!("{letter:?} is not a colour"))),
                };
                let spots = spots
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<Vec<Spot>, _>>()?;
                Ok((colour, spots))
            })
            .collect::<Result<Vec<_>, NotationError>>()?;
        let protected = match *protected {
            "-" => Vec::new(),
            list => list
                .split(',')
                .map(|item| {
                    let (at, colour) = item.split_once('@').ok_or_else(|| {
                        error(format!("protected pawn {item:?} needs <field>@<colour>"))
                    })?;
                    let mut colour_chars = colour.chars();
                    match (colour_chars.next(), colour_chars.next()) {
                        (Some(c), None) => Ok((at.parse()?, parse_colour(c)?)),
                        _ => Err(error(format!("{colour:?} is not a colour"))),
                    }
                })
                .collect::<Result<Vec<_>, NotationError>>()?,
        };
        let mut setup = Setup {
            order,
            to_move,
            pawns,
            protected,
            turn: 0,
            finished: Vec::new(),
        };
        let (mut seen_turn, mut seen_finished) = (false, false);
        for item in extra {
            match item.split_once('=') {
                Some(("turn", n)) if !seen_turn => {
                    seen_turn = true;
                    setup.turn = n
                        .parse()
                        .ok()
                        .filter(|_| n.bytes().all(|b| b.is_ascii_digit()))
                        .ok_or_else(|| error(format!("turn={n} is not a number of turns")))?;
                }
                Some(("finished", list)) if !seen_finished => {
                    seen_finished = true;
                    setup.finished = parse_colours(list)?;
                }
                _ => {
                    return Err(error(format!(
                        "unexpected {item:?} after the protected pawns"
                    )))
                }
            }
        }
        Ok(setup)
    }
}

/// Checks a written position against `game`'s board and the rules.
pub(crate) fn to_state(game: &Orbit, setup: &Setup) -> Result<OrbitState, NotationError> {
    let board = game.board();
    let colours: Vec<Colour> = setup.pawns.iter().map(|(c, _)| *c).collect();
    let order = match &setup.order {
        Some(order) => TurnOrder::new(order).map_err(|e| error(format!("turn order: {e}")))?,
        None => TurnOrder::standard(colours.len()),
    };
    let players = colours.len();
    if !(2..=4).contains(&players) || colours != order.as_slice() {
        return Err(error(format!(
            "the pawn groups must be {} in this order, found {}",
            letters(order.as_slice()),
            letters(&colours)
        )));
    }
    let mut state = OrbitState {
        order,
        phase: Phase::Act,
        to_move: order.as_slice()[0],
        occ: [0; 4],
        centre: [0; 4],
        home: [0; 4],
        on_orbit: [0; MAX_ORBITS],
        protected: [NO_FIELD; 4],
        finished: TurnOrder::EMPTY,
        turns: setup.turn,
    };
    let each = pawns_per_player(players);
    for (colour, spots) in &setup.pawns {
        if spots.len() != each {
            return Err(error(format!(
                "{colour} has {} pawns; with {players} players each has {each}",
                spots.len()
            )));
        }
        let c = colour.index();
        for spot in spots {
            match *spot {
                Spot::Centre => state.centre[c] += 1,
                Spot::Home => state.home[c] += 1,
                Spot::At(coord) => {
                    let field = standing_field(board, coord)?;
                    if state.occupied() & field.bit() != 0 {
                        return Err(error(format!("two pawns on {coord}")));
                    }
                    state.put(board, c, field);
                }
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
    if sorted != all_home {
        return Err(error(format!(
            "finished={} must list exactly the colours with all pawns home ({})",
            letters(&finished),
            letters(&all_home)
        )));
    }
    finished.iter().for_each(|&c| state.finished.push(c));

    for &(coord, until) in &setup.protected {
        let field = standing_field(board, coord)?;
        let owner = state
            .pawn_at(field)
            .ok_or_else(|| error(format!("protected field {coord} holds no pawn")))?;
        if !order.contains(until) || until == owner {
            return Err(error(format!(
                "{coord}@{}: {until} cannot protect a {owner} pawn",
                until.letter()
            )));
        }
        if state.protected[until.index()] != NO_FIELD {
            return Err(error(format!(
                "{until} protects two pawns; a capture ends the last"
            )));
        }
        state.protected[until.index()] = field.0;
    }

    let over = game.is_over(players, state.finished.len(), state.turns);
    let (phase, to_move) = match setup.to_move {
        ToMove::Draw if setup.order.is_none() => (Phase::Draw, order.as_slice()[0]),
        ToMove::Draw => return Err(error("to-move ? needs the order ? (still to be drawn)")),
        _ if setup.order.is_none() => return Err(error("order ? needs to-move ?")),
        ToMove::Over if over => (Phase::Over, order.as_slice()[0]),
        ToMove::Over => return Err(error("to-move - but the game is not over")),
        _ if over => return Err(error("the game is over: to-move must be -")),
        ToMove::Act(c) => (Phase::Act, c),
        ToMove::Die(c) => (Phase::Die, c),
        ToMove::Enter(c) => (Phase::Enter, c),
    };
    if matches!(phase, Phase::Act | Phase::Die | Phase::Enter) {
        if !order.contains(to_move) || state.finished.contains(to_move) {
            return Err(error(format!("{to_move} is not a player still playing")));
        }
        if phase != Phase::Act && state.centre(to_move) == 0 {
            return Err(error(format!(
                "{to_move} has rolled without a pawn in the centre"
            )));
        }
        if phase == Phase::Enter && board.mask(1) & !state.occupied() == 0 {
            return Err(error("orbit 1 has no empty field to enter"));
        }
    }
    state.phase = phase;
    state.to_move = to_move;
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        for text in [
            "roll",
            "pass",
            "die 4",
            "enter 1.5",
            "order gbr",
            "move 3.7-4.7",
            "move 3.7-4.7>3.2",
            "move 1.3-1.5>C",
            "move 6.3-H",
        ] {
            let action: ActionText = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
    }

    #[test]
    fn bad_actions_are_errors() {
        for text in [
            "", "jump", "roll 3", "die 7", "die +2", "enter 1", "move 1.2", "move a-b",
        ] {
            assert!(text.parse::<ActionText>().is_err(), "{text} parsed");
        }
    }

    #[test]
    fn spec_example_position_round_trips() {
        let text = "rg r r:C,C,1.3,2.5/g:C,C,C,H -";
        let setup: Setup = text.parse().unwrap();
        assert_eq!(setup.to_string(), text);
        assert_eq!(setup.to_move, ToMove::Act(Colour::Red));
    }
}
