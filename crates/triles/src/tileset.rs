//! Tile sets as data: colours and terminals, the definition file (`terminals_per_edge`,
//! and per type its name, terminals clockwise, arc pairs and copies), its validation, and
//! the default 52-tile set built in from `sets/default.toml`. The lowest module: it uses
//! no other. Format: `docs/rules/triles-tilesets.md`; rules: `docs/rules/triles.md`
//! ("Tiles", "Tile-set files").

use std::fmt;

use serde::Deserialize;
use thiserror::Error;

/// Most terminals on one tile edge a set may declare.
pub const MAX_TERMINALS_PER_EDGE: usize = 4;
/// Most terminals on one tile.
pub const MAX_TERMINALS: usize = 3 * MAX_TERMINALS_PER_EDGE;
/// Most tile types in a set.
pub const MAX_TYPES: usize = 64;
/// Most tiles in a set (a placed tile is numbered by a byte).
pub const MAX_TILES: usize = 255;
/// Tiles each player draws at the start, whatever the set.
pub const HAND_SIZE: usize = 8;
/// Tiles a set needs at least: two hands and the starting tile.
pub const MIN_TILES: usize = 2 * HAND_SIZE + 1;

const DEFAULT_SET: &str = include_str!("../sets/default.toml");

/// A line colour, which is also a player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Black,
    White,
}

impl Colour {
    pub const ALL: [Colour; 2] = [Colour::Black, Colour::White];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// `B` or `W`, as the notation writes it.
    pub const fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }

    pub fn from_letter(c: char) -> Option<Colour> {
        match c {
            'B' => Some(Colour::Black),
            'W' => Some(Colour::White),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// What a terminal is: an arc end, or one of the two caps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `a`: joined inside the tile by an arc to another arc end.
    Arc,
    /// `s`: a half-circle, the end of a line; two meeting make the smallest loop.
    Semicircle,
    /// `d`: a half-disc; meeting another cap it makes a dot.
    HalfDot,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Arc, Kind::Semicircle, Kind::HalfDot];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn is_cap(self) -> bool {
        !matches!(self, Kind::Arc)
    }

    pub const fn letter(self) -> char {
        match self {
            Kind::Arc => 'a',
            Kind::Semicircle => 's',
            Kind::HalfDot => 'd',
        }
    }
}

/// One terminal of a tile: a colour and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Terminal {
    pub colour: Colour,
    pub kind: Kind,
}

impl fmt::Display for Terminal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour.letter(), self.kind.letter())
    }
}

/// A tile type, numbered in set order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId(pub u8);

impl TileId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One type of tile of a set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileType {
    name: String,
    terminals: Vec<Terminal>,
    arcs: Vec<[u8; 2]>,
    /// For each terminal, the other end of its arc.
    partner: Vec<Option<u8>>,
    copies: u8,
}

impl TileType {
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Terminals clockwise: terminal `j` lies on tile edge `j / k`, slot `j % k`.
    pub fn terminals(&self) -> &[Terminal] {
        &self.terminals
    }

    pub fn arcs(&self) -> &[[u8; 2]] {
        &self.arcs
    }

    /// The terminal joined to terminal `j` by an arc, if any.
    pub fn partner(&self, j: usize) -> Option<usize> {
        self.partner[j].map(usize::from)
    }

    pub fn copies(&self) -> u8 {
        self.copies
    }
}

/// A validated tile set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSet {
    terminals_per_edge: u8,
    types: Vec<TileType>,
}

impl Default for TileSet {
    fn default() -> Self {
        Self::default_set()
    }
}

impl TileSet {
    /// The project's reconstruction of the author's 52 tiles.
    pub fn default_set() -> Self {
        Self::from_toml(DEFAULT_SET).expect("the built-in set is valid (tested)")
    }

    /// Reads and validates a set definition file, reporting every problem it can find
    /// ([`TileSetError::Several`]; a tile's first problem for each tile).
    pub fn from_toml(text: &str) -> Result<Self, TileSetError> {
        let mut table = trio_core::definition::parse(text).map_err(TileSetError::Toml)?;
        let mut problems = Vec::new();
        let tile = trio_core::definition::entries::<RawTile>(
            &mut table,
            "tile",
            "tile",
            &["terminals_per_edge"],
            &mut problems,
        );
        let top = trio_core::definition::rest::<RawTop>(table, &mut problems);
        match (top, tile) {
            (Some(top), Some(tile)) if problems.is_empty() => RawSet {
                terminals_per_edge: top.terminals_per_edge,
                tile,
            }
            .validate(),
            _ => Err(TileSetError::of(
                problems.into_iter().map(TileSetError::Toml).collect(),
            )),
        }
    }

    /// `k`: terminals on each tile edge.
    pub fn terminals_per_edge(&self) -> usize {
        usize::from(self.terminals_per_edge)
    }

    pub fn terminals_per_tile(&self) -> usize {
        3 * self.terminals_per_edge()
    }

    pub fn types(&self) -> &[TileType] {
        &self.types
    }

    pub fn tile(&self, id: TileId) -> &TileType {
        &self.types[id.index()]
    }

    pub fn ids(&self) -> impl Iterator<Item = TileId> {
        (0..self.types.len() as u8).map(TileId)
    }

    pub fn id(&self, name: &str) -> Option<TileId> {
        self.types
            .iter()
            .position(|t| t.name == name)
            .map(|i| TileId(i as u8))
    }

    pub fn name(&self, id: TileId) -> &str {
        &self.types[id.index()].name
    }

    /// All tiles, counting copies.
    pub fn total_tiles(&self) -> usize {
        self.types.iter().map(|t| usize::from(t.copies)).sum()
    }
}

/// A set file that cannot be played, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TileSetError {
    #[error("not a valid set file: {0}")]
    Toml(String),
    #[error("terminals_per_edge must be 1 to {MAX_TERMINALS_PER_EDGE}, not {0}")]
    TerminalsPerEdge(i64),
    #[error("the set has no tiles")]
    NoTiles,
    #[error("the set has {0} tile types, at most {MAX_TYPES} are allowed")]
    TooManyTypes(usize),
    #[error("the set has {0} tiles, at least {MIN_TILES} are needed for two hands and the start")]
    TooFewTiles(usize),
    #[error("the set has {0} tiles, at most {MAX_TILES} are allowed")]
    TooManyTiles(usize),
    #[error("tile name {0:?} must be letters only")]
    Name(String),
    #[error("tile name {0:?} is used twice")]
    DuplicateName(String),
    #[error("tile {tile}: {found} terminals, but terminals_per_edge = {k} needs {}", 3 * k)]
    TerminalCount {
        tile: String,
        found: usize,
        k: usize,
    },
    #[error("tile {tile}: terminal {index} {text:?} has colour {colour:?}, not B or W")]
    Colour {
        tile: String,
        index: usize,
        text: String,
        colour: String,
    },
    #[error("tile {tile}: terminal {index} {text:?} has kind {kind:?}, not a, s or d")]
    Kind {
        tile: String,
        index: usize,
        text: String,
        kind: String,
    },
    #[error("tile {tile}: arc {arc} {ends:?} must be a pair of terminal indices, like [0, 1]")]
    ArcShape {
        tile: String,
        /// The arc's index in the tile's `arcs`.
        arc: usize,
        ends: Vec<i64>,
    },
    #[error("tile {tile}: arc end {index} is not a terminal (0 to {last})")]
    ArcOutOfRange {
        tile: String,
        index: i64,
        last: usize,
    },
    #[error("tile {tile}: arc joins terminal {index} to itself")]
    ArcToItself { tile: String, index: usize },
    #[error("tile {tile}: arc end {index} is a cap ({terminal}), not an arc end")]
    ArcOnCap {
        tile: String,
        index: usize,
        terminal: Terminal,
    },
    #[error("tile {tile}: arc {a}-{b} joins different colours")]
    ArcColours { tile: String, a: usize, b: usize },
    #[error("tile {tile}: terminal {index} is in two arcs")]
    TerminalInTwoArcs { tile: String, index: usize },
    #[error("tile {tile}: terminal {index} is an arc end in no arc")]
    ArcEndWithoutArc { tile: String, index: usize },
    #[error("tile {tile}: copies must be 1 to 255, not {copies}")]
    Copies { tile: String, copies: i64 },
    /// Every problem found, when there is more than one.
    #[error("{} problems: {}", .0.len(), .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Several(Vec<TileSetError>),
}

impl TileSetError {
    /// One error for `errors` (not empty): itself alone, or [`TileSetError::Several`].
    fn of(errors: Vec<TileSetError>) -> Self {
        trio_core::definition::one_or_several(errors, Self::Several)
    }
}

/// The top-level keys of a set file; its `[[tile]]` tables are read one by one.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTop {
    terminals_per_edge: i64,
}

struct RawSet {
    terminals_per_edge: i64,
    tile: Vec<RawTile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTile {
    name: String,
    terminals: String,
    /// Checked to be pairs by [`RawTile::validate`]: read as pairs, serde would ignore
    /// entries after the second.
    #[serde(default)]
    arcs: Vec<Vec<i64>>,
    copies: i64,
}

impl RawSet {
    fn validate(self) -> Result<TileSet, TileSetError> {
        let k = match usize::try_from(self.terminals_per_edge) {
            Ok(k @ 1..=MAX_TERMINALS_PER_EDGE) => k,
            _ => return Err(TileSetError::TerminalsPerEdge(self.terminals_per_edge)),
        };
        if self.tile.is_empty() {
            return Err(TileSetError::NoTiles);
        }
        if self.tile.len() > MAX_TYPES {
            return Err(TileSetError::TooManyTypes(self.tile.len()));
        }
        let mut types: Vec<TileType> = Vec::with_capacity(self.tile.len());
        let mut errors = Vec::new();
        for raw in self.tile {
            match raw.validate(k) {
                Ok(tile) if types.iter().any(|t| t.name == tile.name) => {
                    errors.push(TileSetError::DuplicateName(tile.name));
                }
                Ok(tile) => types.push(tile),
                Err(e) => errors.push(e),
            }
        }
        // The count is only known once every tile reads.
        if errors.is_empty() {
            let total: usize = types.iter().map(|t| usize::from(t.copies)).sum();
            if total < MIN_TILES {
                errors.push(TileSetError::TooFewTiles(total));
            }
            if total > MAX_TILES {
                errors.push(TileSetError::TooManyTiles(total));
            }
        }
        if !errors.is_empty() {
            return Err(TileSetError::of(errors));
        }
        Ok(TileSet {
            terminals_per_edge: k as u8,
            types,
        })
    }
}

impl RawTile {
    fn validate(self, k: usize) -> Result<TileType, TileSetError> {
        let name = self.name;
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(TileSetError::Name(name));
        }
        let texts: Vec<&str> = self.terminals.split_whitespace().collect();
        if texts.len() != 3 * k {
            return Err(TileSetError::TerminalCount {
                tile: name,
                found: texts.len(),
                k,
            });
        }
        let mut terminals = Vec::with_capacity(texts.len());
        for (index, text) in texts.iter().enumerate() {
            terminals.push(parse_terminal(&name, index, text)?);
        }
        let mut partner: Vec<Option<u8>> = vec![None; terminals.len()];
        let mut arcs = Vec::with_capacity(self.arcs.len());
        for (arc, ends) in self.arcs.into_iter().enumerate() {
            let [a, b] = ends[..] else {
                return Err(TileSetError::ArcShape {
                    tile: name,
                    arc,
                    ends,
                });
            };
            let last = terminals.len() - 1;
            let end = |index: i64| match usize::try_from(index) {
                Ok(i) if i <= last => Ok(i),
                _ => Err(TileSetError::ArcOutOfRange {
                    tile: name.clone(),
                    index,
                    last,
                }),
            };
            let (a, b) = (end(a)?, end(b)?);
            if a == b {
                return Err(TileSetError::ArcToItself {
                    tile: name,
                    index: a,
                });
            }
            for i in [a, b] {
                if terminals[i].kind.is_cap() {
                    return Err(TileSetError::ArcOnCap {
                        tile: name,
                        index: i,
                        terminal: terminals[i],
                    });
                }
                if partner[i].is_some() {
                    return Err(TileSetError::TerminalInTwoArcs {
                        tile: name,
                        index: i,
                    });
                }
            }
            if terminals[a].colour != terminals[b].colour {
                return Err(TileSetError::ArcColours { tile: name, a, b });
            }
            partner[a] = Some(b as u8);
            partner[b] = Some(a as u8);
            arcs.push([a as u8, b as u8]);
        }
        if let Some(index) =
            (0..terminals.len()).find(|&i| terminals[i].kind == Kind::Arc && partner[i].is_none())
        {
            return Err(TileSetError::ArcEndWithoutArc { tile: name, index });
        }
        let copies = match u8::try_from(self.copies) {
            Ok(c @ 1..) => c,
            _ => {
                return Err(TileSetError::Copies {
                    tile: name,
                    copies: self.copies,
                })
            }
        };
        Ok(TileType {
            name,
            terminals,
            arcs,
            partner,
            copies,
        })
    }
}

fn parse_terminal(tile: &str, index: usize, text: &str) -> Result<Terminal, TileSetError> {
    let mut chars = text.chars();
    let (c, kind) = (chars.next(), chars.as_str());
    let colour = c
        .and_then(Colour::from_letter)
        .ok_or_else(|| TileSetError::Colour {
            tile: tile.to_owned(),
            index,
            text: text.to_owned(),
            colour: c.map(String::from).unwrap_or_default(),
        })?;
    let kind = match kind {
        "a" => Kind::Arc,
        "s" => Kind::Semicircle,
        "d" => Kind::HalfDot,
        _ => {
            return Err(TileSetError::Kind {
                tile: tile.to_owned(),
                index,
                text: text.to_owned(),
                kind: kind.to_owned(),
            })
        }
    };
    Ok(Terminal { colour, kind })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(tiles: &str) -> Result<TileSet, TileSetError> {
        // Enough copies of a plain tile to pass the size check.
        let filler =
            "[[tile]]\nname = \"Z\"\nterminals = \"Ba Ba Ws\"\narcs = [[0, 1]]\ncopies = 20\n";
        TileSet::from_toml(&format!("terminals_per_edge = 1\n{filler}{tiles}"))
    }

    fn tile(name: &str, terminals: &str, arcs: &str) -> String {
        format!(
            "[[tile]]\nname = \"{name}\"\nterminals = \"{terminals}\"\narcs = {arcs}\ncopies = 1\n"
        )
    }

    #[test]
    fn default_set_is_the_reconstruction() {
        let set = TileSet::default_set();
        assert_eq!(set.total_tiles(), 52);
        assert_eq!(set.types().len(), 20);
        assert_eq!(set.terminals_per_edge(), 1);
        let a = set.tile(set.id("A").unwrap());
        assert_eq!(a.copies(), 9);
        assert_eq!(
            a.terminals()
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>(),
            ["Ba", "Ba", "Ws"]
        );
        assert_eq!(a.partner(0), Some(1));
        assert_eq!(a.partner(2), None);
        // Every default tile shows both colours.
        for t in set.types() {
            assert!(Colour::ALL
                .iter()
                .all(|c| t.terminals().iter().any(|x| x.colour == *c)));
        }
    }

    #[test]
    fn errors_name_the_problem() {
        let cases = [
            (
                tile("X", "Ka Ba Ws", "[[0, 1]]"),
                "tile X: terminal 0 \"Ka\" has colour \"K\", not B or W",
            ),
            (
                tile("X", "Bx Ba Ws", "[[0, 1]]"),
                "tile X: terminal 0 \"Bx\" has kind \"x\", not a, s or d",
            ),
            (
                tile("X", "Ba Wa Ws", "[[0, 1]]"),
                "tile X: arc 0-1 joins different colours",
            ),
            (
                tile("X", "Ba Ba Ba", "[[0, 1], [1, 2]]"),
                "tile X: terminal 1 is in two arcs",
            ),
            (
                tile("X", "Ba Ba Ba", "[[0, 1]]"),
                "tile X: terminal 2 is an arc end in no arc",
            ),
            (
                tile("X", "Ba Bs Ws", "[[0, 1]]"),
                "tile X: arc end 1 is a cap (Bs), not an arc end",
            ),
            (
                tile("X", "Ba Ba Ws", "[[0, 3]]"),
                "tile X: arc end 3 is not a terminal (0 to 2)",
            ),
            (
                tile("X", "Ba Ba Ws", "[[1, 1]]"),
                "tile X: arc joins terminal 1 to itself",
            ),
            (
                tile("X1", "Ba Ba Ws", "[[0, 1]]"),
                "tile name \"X1\" must be letters only",
            ),
            (
                tile("Z", "Ba Ba Ws", "[[0, 1]]"),
                "tile name \"Z\" is used twice",
            ),
            (
                tile("X", "Ba Ba", "[[0, 1]]"),
                "tile X: 2 terminals, but terminals_per_edge = 1 needs 3",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(set(&text).unwrap_err().to_string(), message, "{text}");
        }
    }

    /// Found by a user: extra entries in an arc were ignored and the set loaded.
    #[test]
    fn malformed_arcs_are_refused() {
        let cases = [
            (
                "[[0, 1, 99, -5, 7]]",
                "tile X: arc 0 [0, 1, 99, -5, 7] must be a pair of terminal indices, like [0, 1]",
            ),
            (
                "[[0, 1], [2]]",
                "tile X: arc 1 [2] must be a pair of terminal indices, like [0, 1]",
            ),
            (
                "[[]]",
                "tile X: arc 0 [] must be a pair of terminal indices, like [0, 1]",
            ),
        ];
        for (arcs, message) in cases {
            let text = tile("X", "Ba Ba Ws", arcs);
            assert_eq!(set(&text).unwrap_err().to_string(), message, "{text}");
        }
    }

    #[test]
    fn whole_set_errors() {
        let no_tiles = TileSet::from_toml("terminals_per_edge = 1\n").unwrap_err();
        assert_eq!(no_tiles, TileSetError::NoTiles);
        let k = TileSet::from_toml("terminals_per_edge = 0\n").unwrap_err();
        assert_eq!(k.to_string(), "terminals_per_edge must be 1 to 4, not 0");
        let few = TileSet::from_toml(&format!(
            "terminals_per_edge = 1\n{}",
            tile("A", "Ba Ba Ws", "[[0, 1]]")
        ));
        assert_eq!(few.unwrap_err(), TileSetError::TooFewTiles(1));
        let zero =
            set("[[tile]]\nname = \"Y\"\nterminals = \"Bs Bs Bs\"\ncopies = 0\n").unwrap_err();
        assert_eq!(zero.to_string(), "tile Y: copies must be 1 to 255, not 0");
        let unknown = TileSet::from_toml("terminals_per_edge = 1\ncolour = 3\n").unwrap_err();
        assert!(
            unknown.to_string().starts_with("not a valid set file"),
            "{unknown}"
        );
    }

    #[test]
    fn a_broken_set_file_reports_every_problem() {
        // A top-level key after [[tile]] gets its hint; then three broken tiles at once.
        let text = format!(
            "{}terminals_per_edge = 1\n{}{}",
            tile("X", "Ka Ba Ws", "[[0, 1]]"),
            tile("Y", "Ba Ba Ws", "[[0, 0]]"),
            tile("Z", "Ba Ba", "[]")
        );
        let error = TileSet::from_toml(&format!("terminals_per_edge = 1\n{text}")).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("tile 1: terminals_per_edge is a top-level key"),
            "{error}"
        );
        let error = set(&text.replace("terminals_per_edge = 1\n", "")).unwrap_err();
        let TileSetError::Several(errors) = &error else {
            panic!("{error}")
        };
        let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(messages.len(), 3, "{messages:?}");
        assert!(
            messages[0].starts_with("tile X: terminal 0"),
            "{messages:?}"
        );
        assert!(messages[1].starts_with("tile Y: arc"), "{messages:?}");
        assert!(
            messages[2].starts_with("tile Z: 2 terminals"),
            "{messages:?}"
        );
    }
}
