//! Triles notation, syntax only. Actions: `A@3,-1,2` (type A on cell (3, −1), rotation
//! 2), `draw`, `pass`, `give K`, `give -`; chance outcomes: `draw:K` (tile K comes out of
//! the pool), `black:2` (seat 2 plays black), `first:W` (white moves first). Positions:
//! `<board> | B:<tiles> | W:<tiles> | pool:<tiles>[ next:K] | <to-move>[ <pending>][ <tags>]`
//! with the project's tags for what the spec's string leaves out: `drawing:W2,B1` (draws
//! owed, in order), `passes:1` (turns begun with a pass in a row), `black:2` (seat 2 plays
//! black; seat 1 when absent) or `black:?`, and `?` for a first mover not yet drawn.
//!
//! Reading a position builds a [`Setup`]; whether it is a position is for
//! [`State::from_setup`](crate::State::from_setup) to say, and whether an action is legal for the rules.
//! Errors are [`ParseError`]. Uses `tileset`, `board`, `moves` and `state`. Rules:
//! `docs/rules/triles.md` ("Grid, rotation, notation").

use std::fmt::Write;
use std::num::IntErrorKind;

use thiserror::Error;
use trio_core::{NotationError, Seat};

use crate::board::{Cell, Placement};
use crate::moves::Action;
use crate::state::{Draws, Setup, Table, Tiles};
use crate::tileset::{Colour, TileId, TileSet};

/// Text that is not Triles notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    #[error("unknown action {0:?} (TYPE@X,Y,ROTATION, draw, pass, give TYPE, give -)")]
    UnknownAction(String),
    #[error("{0:?} is not TYPE@X,Y,ROTATION")]
    NotAPlacement(String),
    #[error("unknown tile type {0:?}")]
    UnknownTile(String),
    #[error("coordinate {coordinate:?} in {text:?} is not a number")]
    NotANumber { coordinate: String, text: String },
    #[error(
        "coordinate {coordinate} in {text:?} is out of range: cells run from {} to {}",
        i16::MIN,
        i16::MAX
    )]
    OutOfRange { coordinate: String, text: String },
    #[error("rotation {rotation:?} in {text:?} must be 0, 1 or 2")]
    Rotation { rotation: String, text: String },
    #[error("seat {0:?} must be 1 or 2")]
    Seat(String),
    #[error("colour {0:?} must be B or W")]
    Colour(String),
    #[error("empty tile list (write - for none)")]
    EmptyTiles,
    #[error("expected a tile type at {at:?} in {text:?}")]
    ExpectedTile { at: String, text: String },
    #[error("tile {tile} needs a count from 1 to 255 in {text:?}")]
    TileCount { tile: String, text: String },
    #[error("tile {tile} is listed twice in {text:?}")]
    TileTwice { tile: String, text: String },
    #[error("a position has 5 fields separated by |, not {fields}: {text:?}")]
    Fields { fields: usize, text: String },
    #[error("expected {prefix} at {field:?}")]
    Field { prefix: &'static str, field: String },
    #[error("to-move {0:?} must be B, W or ?")]
    ToMove(String),
    #[error("the last field needs the colour to move")]
    NoToMove,
    #[error("{tag} is given twice in {text:?}")]
    TagTwice { tag: String, text: String },
    #[error("{word:?} needs a number from 1 to {max}")]
    TagNumber { word: String, max: u8 },
    #[error("owed draw {0:?} is not like W2")]
    OwedDraw(String),
    #[error("drawing:{0}: at most two owed draws (the opponent's, then the mover's)")]
    TooManyDraws(String),
    #[error("unknown tag {0:?} (extra:N, give, drawing:W1, passes:N, black:N)")]
    UnknownTag(String),
}

impl From<ParseError> for NotationError {
    fn from(e: ParseError) -> Self {
        NotationError::syntax(e)
    }
}

/// Reads one action or chance outcome.
pub fn parse_action(set: &TileSet, text: &str) -> Result<Action, ParseError> {
    let text = text.trim();
    match text {
        "draw" => return Ok(Action::Draw),
        "pass" => return Ok(Action::Pass),
        "give -" => return Ok(Action::Decline),
        _ => {}
    }
    if let Some(name) = text.strip_prefix("give ") {
        return tile_id(set, name.trim()).map(Action::Give);
    }
    if let Some(name) = text.strip_prefix("draw:") {
        return tile_id(set, name).map(Action::Tile);
    }
    if let Some(seat) = text.strip_prefix("black:") {
        return parse_seat(seat).map(Action::Black);
    }
    if let Some(colour) = text.strip_prefix("first:") {
        return parse_colour(colour).map(Action::First);
    }
    if text.contains('@') {
        return parse_placement(set, text).map(Action::Place);
    }
    Err(ParseError::UnknownAction(text.to_owned()))
}

pub fn format_action(set: &TileSet, action: &Action) -> String {
    match *action {
        Action::Place(p) => format_placement(set, p),
        Action::Draw => "draw".to_owned(),
        Action::Pass => "pass".to_owned(),
        Action::Give(t) => format!("give {}", set.name(t)),
        Action::Decline => "give -".to_owned(),
        Action::Tile(t) => format!("draw:{}", set.name(t)),
        Action::Black(seat) => format!("black:{}", seat.0 + 1),
        Action::First(c) => format!("first:{}", c.letter()),
    }
}

/// Reads `A@3,-1,2`.
pub fn parse_placement(set: &TileSet, text: &str) -> Result<Placement, ParseError> {
    let not_one = || ParseError::NotAPlacement(text.to_owned());
    let (name, rest) = text.split_once('@').ok_or_else(not_one)?;
    let tile = tile_id(set, name)?;
    let parts: Vec<&str> = rest.split(',').collect();
    let [x, y, r] = parts[..] else {
        return Err(not_one());
    };
    let coordinate = |s: &str| {
        s.parse::<i16>().map_err(|e| {
            let (coordinate, text) = (s.to_owned(), text.to_owned());
            match e.kind() {
                IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => {
                    ParseError::OutOfRange { coordinate, text }
                }
                _ => ParseError::NotANumber { coordinate, text },
            }
        })
    };
    let cell = Cell::new(coordinate(x)?, coordinate(y)?);
    let rotation = match r {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        _ => {
            return Err(ParseError::Rotation {
                rotation: r.to_owned(),
                text: text.to_owned(),
            })
        }
    };
    Ok(Placement {
        tile,
        cell,
        rotation,
    })
}

pub fn format_placement(set: &TileSet, p: Placement) -> String {
    format!(
        "{}@{},{},{}",
        set.name(p.tile),
        p.cell.x,
        p.cell.y,
        p.rotation
    )
}

fn tile_id(set: &TileSet, name: &str) -> Result<TileId, ParseError> {
    set.id(name)
        .ok_or_else(|| ParseError::UnknownTile(name.to_owned()))
}

fn parse_seat(text: &str) -> Result<Seat, ParseError> {
    match text {
        "1" => Ok(Seat(0)),
        "2" => Ok(Seat(1)),
        _ => Err(ParseError::Seat(text.to_owned())),
    }
}

fn parse_colour(text: &str) -> Result<Colour, ParseError> {
    let mut chars = text.chars();
    match (chars.next().and_then(Colour::from_letter), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(ParseError::Colour(text.to_owned())),
    }
}

/// Reads `A3C2K1` (counts per type) or `-`.
pub fn parse_tiles(set: &TileSet, text: &str) -> Result<Tiles, ParseError> {
    let mut tiles = Tiles::default();
    if text == "-" {
        return Ok(tiles);
    }
    if text.is_empty() {
        return Err(ParseError::EmptyTiles);
    }
    let mut rest = text;
    while !rest.is_empty() {
        let letters = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let (name, after) = rest.split_at(letters);
        let digits = after
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(after.len());
        let (count, after) = after.split_at(digits);
        if name.is_empty() {
            return Err(ParseError::ExpectedTile {
                at: rest.to_owned(),
                text: text.to_owned(),
            });
        }
        let tile = tile_id(set, name)?;
        let count: u8 = match count.parse() {
            Ok(n @ 1..) => n,
            _ => {
                return Err(ParseError::TileCount {
                    tile: name.to_owned(),
                    text: text.to_owned(),
                })
            }
        };
        if tiles.count(tile) > 0 {
            return Err(ParseError::TileTwice {
                tile: name.to_owned(),
                text: text.to_owned(),
            });
        }
        tiles.add_n(tile, count);
        rest = after;
    }
    Ok(tiles)
}

pub fn format_tiles(set: &TileSet, tiles: &Tiles) -> String {
    if tiles.is_empty() {
        return "-".to_owned();
    }
    let mut out = String::new();
    for (t, n) in tiles.iter() {
        write!(out, "{}{n}", set.name(t)).expect("writing to a string");
    }
    out
}

/// `field` after `prefix`.
fn field<'a>(field: &'a str, prefix: &'static str) -> Result<&'a str, ParseError> {
    field.strip_prefix(prefix).ok_or_else(|| ParseError::Field {
        prefix,
        field: field.to_owned(),
    })
}

/// Reads a position, unchecked.
pub fn parse_setup(set: &TileSet, text: &str) -> Result<Setup, ParseError> {
    let fields: Vec<&str> = text.split('|').map(str::trim).collect();
    let [board, black, white, pool, turn] = fields[..] else {
        return Err(ParseError::Fields {
            fields: fields.len(),
            text: text.to_owned(),
        });
    };
    let board = if board == "-" || board.is_empty() {
        Vec::new()
    } else {
        board
            .split_whitespace()
            .map(|p| parse_placement(set, p))
            .collect::<Result<_, _>>()?
    };
    let hands = [
        parse_tiles(set, field(black, "B:")?.trim())?,
        parse_tiles(set, field(white, "W:")?.trim())?,
    ];
    let pool = field(pool, "pool:")?;
    let (pool, next) = match pool.split_once(" next:") {
        Some((p, n)) => (p, Some(tile_id(set, n.trim())?)),
        None => (pool, None),
    };
    let pool = parse_tiles(set, pool.trim())?;

    let mut words = turn.split_whitespace();
    let to_move = match words.next() {
        Some("?") => None,
        Some(c) => Some(parse_colour(c).map_err(|_| ParseError::ToMove(c.to_owned()))?),
        None => return Err(ParseError::NoToMove),
    };
    let mut setup = Setup {
        board,
        hands,
        pool,
        table: Table {
            next,
            black: Some(Seat(0)),
            to_move,
            extra: 0,
            gift_pending: false,
            draws: Draws::new(),
            passes: 0,
        },
    };
    let mut seen: Vec<&str> = Vec::new();
    for word in words {
        let (tag, value) = word.split_once(':').unwrap_or((word, ""));
        if seen.contains(&tag) {
            return Err(ParseError::TagTwice {
                tag: tag.to_owned(),
                text: turn.to_owned(),
            });
        }
        seen.push(tag);
        let number = |max: u8| match value.parse::<u8>() {
            Ok(n @ 1..) if n <= max => Ok(n),
            _ => Err(ParseError::TagNumber {
                word: word.to_owned(),
                max,
            }),
        };
        match tag {
            "extra" => setup.table.extra = number(u8::MAX)?,
            "give" if value.is_empty() => setup.table.gift_pending = true,
            "passes" => setup.table.passes = number(2)?,
            "black" if value == "?" => setup.table.black = None,
            "black" => setup.table.black = Some(parse_seat(value)?),
            "drawing" => {
                for owed in value.split(',') {
                    let mut chars = owed.chars();
                    let colour = chars.next().and_then(Colour::from_letter);
                    let n = chars.as_str().parse::<u8>().ok().filter(|&n| n > 0);
                    let (Some(colour), Some(n)) = (colour, n) else {
                        return Err(ParseError::OwedDraw(owed.to_owned()));
                    };
                    setup
                        .table
                        .draws
                        .try_push((colour, n))
                        .map_err(|_| ParseError::TooManyDraws(value.to_owned()))?;
                }
            }
            _ => return Err(ParseError::UnknownTag(word.to_owned())),
        }
    }
    Ok(setup)
}

/// Writes a position.
pub fn format_setup(set: &TileSet, setup: &Setup) -> String {
    let board = if setup.board.is_empty() {
        "-".to_owned()
    } else {
        let placements: Vec<String> = setup
            .board
            .iter()
            .map(|&p| format_placement(set, p))
            .collect();
        placements.join(" ")
    };
    let mut out = format!(
        "{board} | B:{} | W:{} | pool:{}",
        format_tiles(set, &setup.hands[0]),
        format_tiles(set, &setup.hands[1]),
        format_tiles(set, &setup.pool)
    );
    if let Some(t) = setup.table.next {
        write!(out, " next:{}", set.name(t)).expect("writing to a string");
    }
    out.push_str(" | ");
    out.push(setup.table.to_move.map_or('?', Colour::letter));
    if setup.table.extra > 0 {
        write!(out, " extra:{}", setup.table.extra).expect("writing to a string");
    }
    if setup.table.gift_pending {
        out.push_str(" give");
    }
    if !setup.table.draws.is_empty() {
        let owed: Vec<String> = setup
            .table
            .draws
            .iter()
            .map(|(c, n)| format!("{}{n}", c.letter()))
            .collect();
        write!(out, " drawing:{}", owed.join(",")).expect("writing to a string");
    }
    if setup.table.passes > 0 {
        write!(out, " passes:{}", setup.table.passes).expect("writing to a string");
    }
    match setup.table.black {
        Some(Seat(0)) => {}
        Some(seat) => write!(out, " black:{}", seat.0 + 1).expect("writing to a string"),
        None => out.push_str(" black:?"),
    }
    out
}
