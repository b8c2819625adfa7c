//! Triles notation. Actions: `A@3,-1,2` (type A on cell (3, −1), rotation 2), `draw`,
//! `pass`, `give K`, `give -`; chance outcomes: `draw:K` (tile K comes out of the pool),
//! `black:2` (seat 2 plays black), `first:W` (white moves first). Positions:
//! `<board> | B:<tiles> | W:<tiles> | pool:<tiles>[ next:K] | <to-move>[ <pending>][ <tags>]`
//! with the project's tags for what the spec's string leaves out: `drawing:W2,B1` (draws
//! owed, in order), `passes:1` (turns begun with a pass in a row), `black:2` (seat 2 plays
//! black; seat 1 when absent) or `black:?`, and `?` for a first mover not yet drawn. See
//! `docs/rules/triles.md` ("Notation").

use std::fmt::Write;

use trio_core::{NotationError, Seat};

use crate::grid::{Board, Cell, Placement};
use crate::rules::{Action, Draws, Tiles, Triles, TrilesState, HAND_SIZE};
use crate::tileset::{Colour, TileId, TileSet};

fn err(message: impl Into<String>) -> NotationError {
    NotationError::new(message)
}

/// Reads one action or chance outcome.
pub fn parse_action(set: &TileSet, text: &str) -> Result<Action, NotationError> {
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
    Err(err(format!(
        "unknown action {text:?} (TYPE@X,Y,ROTATION, draw, pass, give TYPE, give -)"
    )))
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
pub fn parse_placement(set: &TileSet, text: &str) -> Result<Placement, NotationError> {
    let (name, rest) = text
        .split_once('@')
        .ok_or_else(|| err(format!("{text:?} is not TYPE@X,Y,ROTATION")))?;
    let tile = tile_id(set, name)?;
    let parts: Vec<&str> = rest.split(',').collect();
    let [x, y, r] = parts[..] else {
        return Err(err(format!("{text:?} is not TYPE@X,Y,ROTATION")));
    };
    let coordinate = |s: &str| {
        s.parse::<i16>()
            .map_err(|_| err(format!("coordinate {s:?} in {text:?} is not a number")))
    };
    let cell = Cell::new(coordinate(x)?, coordinate(y)?);
    let rotation = match r {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        _ => return Err(err(format!("rotation {r:?} in {text:?} must be 0, 1 or 2"))),
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

fn tile_id(set: &TileSet, name: &str) -> Result<TileId, NotationError> {
    set.id(name)
        .ok_or_else(|| err(format!("unknown tile type {name:?}")))
}

fn parse_seat(text: &str) -> Result<Seat, NotationError> {
    match text {
        "1" => Ok(Seat(0)),
        "2" => Ok(Seat(1)),
        _ => Err(err(format!("seat {text:?} must be 1 or 2"))),
    }
}

fn parse_colour(text: &str) -> Result<Colour, NotationError> {
    let mut chars = text.chars();
    match (chars.next().and_then(Colour::from_letter), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(err(format!("colour {text:?} must be B or W"))),
    }
}

/// Reads `A3C2K1` (counts per type) or `-`.
pub fn parse_tiles(set: &TileSet, text: &str) -> Result<Tiles, NotationError> {
    let mut tiles = Tiles::default();
    if text == "-" {
        return Ok(tiles);
    }
    if text.is_empty() {
        return Err(err("empty tile list (write - for none)"));
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
            return Err(err(format!("expected a tile type at {rest:?} in {text:?}")));
        }
        let tile = tile_id(set, name)?;
        let count: u8 = match count.parse() {
            Ok(n @ 1..) => n,
            _ => {
                return Err(err(format!(
                    "tile {name} needs a count from 1 to 255 in {text:?}"
                )))
            }
        };
        if tiles.count(tile) > 0 {
            return Err(err(format!("tile {name} is listed twice in {text:?}")));
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

/// A position as written, not yet checked against the rules: turn it into a state with
/// [`Triles::state_from_position`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The placements in the order they were made.
    pub board: Vec<Placement>,
    /// Indexed by [`Colour::index`].
    pub hands: [Tiles; 2],
    /// The face-down pool.
    pub pool: Tiles,
    /// The face-up next tile (`open-pool`).
    pub next: Option<TileId>,
    /// `None` while the first mover is not drawn (`?`).
    pub to_move: Option<Colour>,
    pub extra: u8,
    pub give: bool,
    pub draws: Vec<(Colour, u8)>,
    pub passes: u8,
    /// `None` while colours are not drawn (`black:?`).
    pub black: Option<Seat>,
}

impl Position {
    pub fn parse(set: &TileSet, text: &str) -> Result<Position, NotationError> {
        let fields: Vec<&str> = text.split('|').map(str::trim).collect();
        let [board, black, white, pool, turn] = fields[..] else {
            return Err(err(format!(
                "a position has 5 fields separated by |, not {}: {text:?}",
                fields.len()
            )));
        };
        let board = if board == "-" || board.is_empty() {
            Vec::new()
        } else {
            board
                .split_whitespace()
                .map(|p| parse_placement(set, p))
                .collect::<Result<_, _>>()?
        };
        let hand = |field: &str, prefix: &str| {
            field
                .strip_prefix(prefix)
                .ok_or_else(|| err(format!("expected {prefix} at {field:?}")))
                .and_then(|t| parse_tiles(set, t.trim()))
        };
        let hands = [hand(black, "B:")?, hand(white, "W:")?];
        let pool = pool
            .strip_prefix("pool:")
            .ok_or_else(|| err(format!("expected pool: at {pool:?}")))?;
        let (pool, next) = match pool.split_once(" next:") {
            Some((p, n)) => (p, Some(tile_id(set, n.trim())?)),
            None => (pool, None),
        };
        let pool = parse_tiles(set, pool.trim())?;

        let mut words = turn.split_whitespace();
        let to_move = match words.next() {
            Some("?") => None,
            Some(c) => {
                Some(parse_colour(c).map_err(|_| err(format!("to-move {c:?} must be B, W or ?")))?)
            }
            None => return Err(err("the last field needs the colour to move")),
        };
        let mut position = Position {
            board,
            hands,
            pool,
            next,
            to_move,
            extra: 0,
            give: false,
            draws: Vec::new(),
            passes: 0,
            black: Some(Seat(0)),
        };
        let mut seen: Vec<&str> = Vec::new();
        for word in words {
            let (tag, value) = word.split_once(':').unwrap_or((word, ""));
            if seen.contains(&tag) {
                return Err(err(format!("{tag} is given twice in {turn:?}")));
            }
            seen.push(tag);
            let number = |max: u8| match value.parse::<u8>() {
                Ok(n @ 1..) if n <= max => Ok(n),
                _ => Err(err(format!("{word:?} needs a number from 1 to {max}"))),
            };
            match tag {
                "extra" => position.extra = number(u8::MAX)?,
                "give" if value.is_empty() => position.give = true,
                "passes" => position.passes = number(2)?,
                "black" if value == "?" => position.black = None,
                "black" => position.black = Some(parse_seat(value)?),
                "drawing" => {
                    for owed in value.split(',') {
                        let mut chars = owed.chars();
                        let colour = chars.next().and_then(Colour::from_letter);
                        let n = chars.as_str().parse::<u8>().ok().filter(|&n| n > 0);
                        let (Some(colour), Some(n)) = (colour, n) else {
                            return Err(err(format!("owed draw {owed:?} is not like W2")));
                        };
                        position.draws.push((colour, n));
                    }
                }
                _ => {
                    return Err(err(format!(
                        "unknown tag {word:?} (extra:N, give, drawing:W1, passes:N, black:N)"
                    )))
                }
            }
        }
        Ok(position)
    }

    pub fn format(&self, set: &TileSet) -> String {
        let board = if self.board.is_empty() {
            "-".to_owned()
        } else {
            let placements: Vec<String> = self
                .board
                .iter()
                .map(|&p| format_placement(set, p))
                .collect();
            placements.join(" ")
        };
        let mut out = format!(
            "{board} | B:{} | W:{} | pool:{}",
            format_tiles(set, &self.hands[0]),
            format_tiles(set, &self.hands[1]),
            format_tiles(set, &self.pool)
        );
        if let Some(t) = self.next {
            write!(out, " next:{}", set.name(t)).expect("writing to a string");
        }
        out.push_str(" | ");
        out.push(self.to_move.map_or('?', Colour::letter));
        if self.extra > 0 {
            write!(out, " extra:{}", self.extra).expect("writing to a string");
        }
        if self.give {
            out.push_str(" give");
        }
        if !self.draws.is_empty() {
            let owed: Vec<String> = self
                .draws
                .iter()
                .map(|(c, n)| format!("{}{n}", c.letter()))
                .collect();
            write!(out, " drawing:{}", owed.join(",")).expect("writing to a string");
        }
        if self.passes > 0 {
            write!(out, " passes:{}", self.passes).expect("writing to a string");
        }
        match self.black {
            Some(Seat(0)) => {}
            Some(seat) => write!(out, " black:{}", seat.0 + 1).expect("writing to a string"),
            None => out.push_str(" black:?"),
        }
        out
    }
}

impl From<&TrilesState> for Position {
    fn from(state: &TrilesState) -> Position {
        Position {
            board: state.placements().to_vec(),
            hands: [*state.hand(Colour::Black), *state.hand(Colour::White)],
            pool: *state.pool(),
            next: state.next(),
            to_move: state.to_move(),
            extra: state.extra(),
            give: state.gift_pending(),
            draws: state.draws().to_vec(),
            passes: state.passes(),
            black: state.black(),
        }
    }
}

/// Checks a position against the rules and builds its state.
pub(crate) fn to_state(game: &Triles, p: &Position) -> Result<TrilesState, NotationError> {
    let set = game.tile_set();
    let mut board: Board = game.empty_board();
    if p.board.len() > set.total_tiles() {
        return Err(err(format!(
            "{} tiles on the board, the set has {}",
            p.board.len(),
            set.total_tiles()
        )));
    }
    for (i, &placement) in p.board.iter().enumerate() {
        let text = format_placement(set, placement);
        if i == 0 && (placement.cell != Cell::new(0, 0) || placement.rotation != 0) {
            return Err(err(format!(
                "the starting tile {text} must lie on 0,0 with rotation 0"
            )));
        }
        game.fits(&board, placement)
            .map_err(|v| err(format!("{text} does not fit: {v}")))?;
        game.lay(&mut board, placement);
    }
    for id in set.ids() {
        let on_board = p.board.iter().filter(|q| q.tile == id).count();
        let held: usize = p
            .hands
            .iter()
            .chain([&p.pool])
            .map(|h| usize::from(h.count(id)))
            .sum();
        let found = on_board + held + usize::from(p.next == Some(id));
        let copies = usize::from(set.tile(id).copies());
        if found != copies {
            return Err(err(format!(
                "tile {}: {found} in the position, the set has {copies}",
                set.name(id)
            )));
        }
    }
    let open_pool = game.variants().open_pool;
    if p.next.is_some() && !open_pool {
        return Err(err("next: is only shown in the open-pool variant"));
    }
    let [black, white] = [0, 1].map(|i| p.hands[i].len());
    if p.board.is_empty() {
        let pending =
            p.extra > 0 || p.give || !p.draws.is_empty() || p.passes > 0 || p.next.is_some();
        if pending {
            return Err(err("nothing can be owed before the starting tile is laid"));
        }
        if (p.black.is_none() || p.to_move.is_none()) && black + white > 0 {
            return Err(err("colours and the first mover are drawn before the deal"));
        }
        if black > HAND_SIZE || white > HAND_SIZE || (white > 0 && black < HAND_SIZE) {
            return Err(err(format!(
                "the deal gives black {HAND_SIZE} tiles, then white {HAND_SIZE}"
            )));
        }
    } else {
        if p.black.is_none() || p.to_move.is_none() {
            return Err(err(
                "colours and the first mover are drawn before the starting tile",
            ));
        }
        if black == 0 && white == 0 {
            return Err(err("both hands are empty"));
        }
    }
    let pool_len = p.pool.len() + usize::from(p.next.is_some());
    if !p.draws.is_empty() && pool_len == 0 {
        return Err(err("draws are owed from an empty pool"));
    }
    if !p.draws.is_empty() && p.next.is_some() {
        return Err(err("an owed draw would already have taken the next tile"));
    }
    if p.draws.len() > 2 {
        return Err(err(
            "at most two owed draws (the opponent's, then the mover's)",
        ));
    }
    let winner = if p.board.is_empty() {
        None
    } else {
        Colour::ALL
            .into_iter()
            .find(|c| p.hands[c.index()].is_empty())
    };
    Ok(TrilesState {
        board,
        hands: p.hands,
        pool: p.pool,
        next: p.next,
        black: p.black,
        to_move: p.to_move,
        extra: p.extra,
        give: p.give,
        draws: p.draws.iter().copied().collect::<Draws>(),
        passes: p.passes,
        winner,
    })
}
