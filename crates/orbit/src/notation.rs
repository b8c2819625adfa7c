//! Notation of Na orbicie (docs/rules/orbit.md, "Notation" and "Positions"): text to
//! and from fields (`3.7`), actions (`roll`, `die 4`, `enter 1.5`, `move 3.7-4.7>3.2`,
//! `move 6.3-H`, `pass`, `order gr`) and positions
//! (`rg r r:C,C,1.3,2.5/g:C,C,C,H -`). Syntax only: [`ActionText`] and [`Setup`] hold
//! any well-written text, board-free; an action's fields are then looked up on a board
//! ([`ActionText::to_action`]). Whether a position is possible is
//! [`State::from_setup`](crate::State::from_setup)'s question, whether an
//! action is legal the rules'.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::Board;
pub use crate::board::{Coord, CoordError, FieldError};
use crate::moves::{Action, Move, Place};
use crate::state::{letters, Colour, OrderError, TurnOrder};
pub use crate::state::{Setup, Spot, ToMove};

/// Text that does not follow the notation, or names a field the board does not have.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error(transparent)]
    Coord(#[from] CoordError),
    #[error(transparent)]
    Field(#[from] FieldError),
    #[error("unknown action {0:?}")]
    UnknownAction(String),
    #[error("{verb} takes nothing after it, found {rest:?}")]
    TrailingText { verb: String, rest: String },
    #[error("die shows 1 to 6, not {0:?}")]
    DieFace(String),
    #[error("move {0:?} needs <from>-<to>")]
    MoveNeedsEnds(String),
    #[error("a move cannot end in the centre")]
    EndsInCentre,
    #[error("a captured pawn cannot be put home")]
    RelocatedHome,
    #[error("order {letters}: {error}")]
    Order { letters: String, error: OrderError },
    #[error("{0:?} is not a colour")]
    NotAColour(String),
    #[error("a position has 4 fields (<order> <to-move> <pawns> <protected>), found {0}")]
    FieldCount(usize),
    #[error("{0:?} is not a colour to move")]
    NotAToMove(String),
    #[error("pawn group {0:?} needs <colour>:")]
    GroupNeedsColour(String),
    #[error("protected pawn {0:?} needs <field>@<colour>")]
    ProtectedNeedsColour(String),
    #[error("turn={0} is not a number of turns")]
    TurnCount(String),
    #[error("unexpected {0:?} after the protected pawns")]
    Unexpected(String),
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
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        match text {
            "C" => Ok(Spot::Centre),
            "H" => Ok(Spot::Home),
            _ => Ok(Spot::At(text.parse()?)),
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
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let text = text.trim();
        let (verb, rest) = text.split_once(' ').unwrap_or((text, ""));
        let rest = rest.trim();
        let nothing_more = |action: ActionText| {
            if rest.is_empty() {
                Ok(action)
            } else {
                Err(ParseError::TrailingText {
                    verb: verb.to_owned(),
                    rest: rest.to_owned(),
                })
            }
        };
        match verb {
            "roll" => nothing_more(ActionText::Roll),
            "pass" => nothing_more(ActionText::Pass),
            "die" => match rest.parse::<u8>() {
                Ok(face @ 1..=6) if rest.bytes().all(|b| b.is_ascii_digit()) => {
                    Ok(ActionText::Die(face))
                }
                _ => Err(ParseError::DieFace(rest.to_owned())),
            },
            "enter" => Ok(ActionText::Enter(rest.parse()?)),
            "order" => parse_colours(rest).map(ActionText::Order),
            "move" => {
                let (path, relocate) = match rest.split_once('>') {
                    Some((path, spot)) => (path, Some(spot.parse()?)),
                    None => (rest, None),
                };
                let (from, to) = path
                    .split_once('-')
                    .ok_or_else(|| ParseError::MoveNeedsEnds(rest.to_owned()))?;
                Ok(ActionText::Move {
                    from: from.parse()?,
                    to: to.parse()?,
                    relocate,
                })
            }
            _ => Err(ParseError::UnknownAction(text.to_owned())),
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

    /// The action this text names on `board`: its fields must be fields a pawn can stand
    /// on, the order one of a game's turn orders. Whether it is legal is not asked.
    pub fn to_action(&self, board: &Board) -> Result<Action, ParseError> {
        Ok(match self {
            ActionText::Order(colours) => {
                Action::Order(TurnOrder::new(colours).map_err(|error| ParseError::Order {
                    letters: letters(colours),
                    error,
                })?)
            }
            ActionText::Roll => Action::Roll,
            ActionText::Die(face) => Action::Die(*face),
            ActionText::Enter(coord) => Action::Enter(board.standing_field(*coord)?),
            ActionText::Move { from, to, relocate } => {
                let to = match to {
                    Spot::Centre => return Err(ParseError::EndsInCentre),
                    Spot::At(coord) => Place::Field(board.standing_field(*coord)?),
                    Spot::Home => Place::Home,
                };
                let relocate = match relocate {
                    None => None,
                    Some(Spot::Centre) => Some(Place::Centre),
                    Some(Spot::At(coord)) => Some(Place::Field(board.standing_field(*coord)?)),
                    Some(Spot::Home) => return Err(ParseError::RelocatedHome),
                };
                Action::Move(Move {
                    from: board.standing_field(*from)?,
                    to,
                    relocate,
                })
            }
            ActionText::Pass => Action::Pass,
        })
    }
}

fn parse_colour(letter: char) -> Result<Colour, ParseError> {
    Colour::from_letter(letter).ok_or_else(|| ParseError::NotAColour(letter.to_string()))
}

fn parse_colours(text: &str) -> Result<Vec<Colour>, ParseError> {
    text.chars().map(parse_colour).collect()
}

/// One colour letter, alone.
fn parse_one_colour(text: &str) -> Result<Colour, ParseError> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => parse_colour(c),
        _ => Err(ParseError::NotAColour(text.to_owned())),
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
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        let [order, to_move, pawns, protected, extra @ ..] = fields.as_slice() else {
            return Err(ParseError::FieldCount(fields.len()));
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
                    _ => return Err(ParseError::NotAToMove(text.to_owned())),
                }
            }
        };
        let pawns = pawns
            .split('/')
            .map(|group| {
                let (letter, spots) = group
                    .split_once(':')
                    .ok_or_else(|| ParseError::GroupNeedsColour(group.to_owned()))?;
                let colour = parse_one_colour(letter)?;
                let spots = spots
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<Vec<Spot>, _>>()?;
                Ok((colour, spots))
            })
            .collect::<Result<Vec<_>, ParseError>>()?;
        let protected = match *protected {
            "-" => Vec::new(),
            list => list
                .split(',')
                .map(|item| {
                    let (at, colour) = item
                        .split_once('@')
                        .ok_or_else(|| ParseError::ProtectedNeedsColour(item.to_owned()))?;
                    Ok((at.parse()?, parse_one_colour(colour)?))
                })
                .collect::<Result<Vec<_>, ParseError>>()?,
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
                        .ok_or_else(|| ParseError::TurnCount(n.to_owned()))?;
                }
                Some(("finished", list)) if !seen_finished => {
                    seen_finished = true;
                    setup.finished = parse_colours(list)?;
                }
                _ => return Err(ParseError::Unexpected((*item).to_owned())),
            }
        }
        Ok(setup)
    }
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
