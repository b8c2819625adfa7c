//! The board (docs/rules/orbit.md, "The board is data"; file format in
//! docs/rules/orbit-boards.md): fields and their names ([`Field`], [`Coord`]), the TOML
//! definition file and its validation, and the tables move generation runs on —
//! neighbours of every field and, for every start field and step count, the fields a
//! path of exactly that many steps can end on. Paths pass over pawns, so these tables
//! do not depend on the position.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use arrayvec::ArrayVec;
use serde::Deserialize;
use thiserror::Error;

/// The most fields a board may have: occupancy is kept in one `u128` per colour.
pub const MAX_FIELDS: usize = 128;

/// The most orbits a board may have: positions keep a pawn count per orbit.
pub const MAX_ORBITS: usize = 16;

/// The most neighbours (on the orbit and along lines) one field may have; it bounds
/// the number of paths move generation walks when the tables are built.
pub const MAX_NEIGHBOURS: usize = 6;

/// The longest move: at most 9 pawns are ever in play (3 players with 3 pawns each),
/// and a move has as many steps as pawns stand on the mover's orbit.
pub(crate) const MAX_STEPS: usize = 9;

/// The text of the built-in `classic` board, to copy as a model for new boards.
pub const CLASSIC_TOML: &str = include_str!("../boards/classic.toml");

/// One field of a board, numbered orbit by orbit from the innermost outwards, so that
/// the numeric order of fields is the order of [`Coord`]s (`1.3` before `1.10`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Field(pub(crate) u8);

impl Field {
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub(crate) const fn bit(self) -> u128 {
        1 << self.0
    }
}

/// A field as people write it: orbit (from 1) and field (from 0), `3.7`. Whether the
/// board has it is [`Board::field`]'s answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    pub orbit: u8,
    pub field: u8,
}

/// Text that is not a field name like `3.7`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0:?} is not a field like 3.7")]
pub struct CoordError(pub String);

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.orbit, self.field)
    }
}

impl FromStr for Coord {
    type Err = CoordError;

    fn from_str(text: &str) -> Result<Self, CoordError> {
        let bad = || CoordError(text.to_owned());
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

/// Why a written field is not one a pawn can stand on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FieldError {
    #[error("field {0} is not on the board")]
    NotOnBoard(Coord),
    #[error("{0} is on the final orbit: a pawn there is home, H")]
    FinalOrbit(Coord),
}

/// Where the paths of exactly n steps from one field can end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Reach {
    /// Fields off the final orbit.
    pub fields: u128,
    /// Whether some path enters the final orbit with its last step.
    pub home: bool,
}

/// A validated board. Cloning is cheap: the tables are shared.
#[derive(Clone)]
pub struct Board {
    tables: Arc<Tables>,
}

struct Tables {
    name: String,
    /// Fields of each orbit; index 0 is orbit 1.
    sizes: Vec<u8>,
    /// Whether each orbit is a ring (else an arc), as its file says; index 0 is orbit 1.
    rings: Vec<bool>,
    /// The [`Field`] of field 0 of each orbit.
    starts: Vec<u8>,
    /// The orbit (from 1) of each field.
    orbit_of: Vec<u8>,
    /// The orbit of each field counted from 0, in a table as long as any board, so
    /// that move generation indexes it without a bounds check.
    orbit_index: [u8; MAX_FIELDS],
    neighbours: Vec<ArrayVec<Field, MAX_NEIGHBOURS>>,
    /// Every line, inner field first, in the file's order.
    lines: Vec<(Field, Field)>,
    /// All fields of each orbit; index 0 is orbit 1.
    masks: Vec<u128>,
    /// `reach[field][steps]`.
    reach: Box<[[Reach; MAX_STEPS + 1]; MAX_FIELDS]>,
}

/// Why a board definition was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    #[error("board file: {0}")]
    Toml(String),
    #[error("board name {name:?} has a control character (U+{:04X}); use printable text", u32::from(*.character))]
    ControlInName { name: String, character: char },
    #[error("a board needs at least 2 orbits, found {0}")]
    TooFewOrbits(usize),
    #[error("a board has at most {MAX_ORBITS} orbits, found {0}")]
    TooManyOrbits(usize),
    #[error("orbit {0} has no fields")]
    EmptyOrbit(usize),
    #[error("the board has {0} fields, at most {MAX_FIELDS} are allowed")]
    TooManyFields(usize),
    #[error("line {0:?} is not written <orbit>.<field>-<orbit>.<field>")]
    BadLine(String),
    #[error("line {line}: field {field} does not exist")]
    FieldOutOfRange { line: String, field: String },
    #[error("line {0} joins two fields of one orbit")]
    LineWithinOrbit(String),
    #[error("line {0} skips an orbit")]
    LineSkipsOrbit(String),
    #[error("line {0} is given twice")]
    DuplicateLine(String),
    #[error("orbit {0} cannot be reached: no line joins it to orbit {prev}", prev = .0 - 1)]
    UnreachableOrbit(usize),
    #[error("field {field} has {count} neighbours, at most {MAX_NEIGHBOURS} are allowed")]
    TooManyNeighbours { field: String, count: usize },
    /// Every problem found, when there is more than one.
    #[error("{} problems: {}", .0.len(), .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
    Several(Vec<BoardError>),
}

impl BoardError {
    /// One error for `errors` (not empty): itself alone, or [`BoardError::Several`].
    fn of(errors: Vec<BoardError>) -> Self {
        trio_core::definition::one_or_several(errors, Self::Several)
    }
}

/// The top-level keys of a board file; its `[[orbit]]` tables are read one by one.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardTop {
    #[serde(default = "custom_name")]
    name: String,
    #[serde(default)]
    lines: Vec<String>,
}

struct BoardFile {
    name: String,
    lines: Vec<String>,
    orbit: Vec<OrbitFile>,
}

/// The name is printed on terminals: escape codes or NUL must not reach them.
fn control_in_name(name: &str) -> Option<BoardError> {
    name.chars()
        .find(|c| c.is_control())
        .map(|character| BoardError::ControlInName {
            name: name.to_owned(),
            character,
        })
}

fn custom_name() -> String {
    "custom".to_owned()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OrbitFile {
    fields: u32,
    #[serde(default)]
    shape: Shape,
}

/// How the fields of one orbit are joined to each other.
#[derive(Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Shape {
    /// Field i is next to i − 1 and i + 1, and the last field to field 0.
    #[default]
    Ring,
    /// Field i is next to i − 1 and i + 1; the ends are not joined.
    Arc,
}

impl Board {
    /// The default board: 7 orbits of 12 fields, lines turned by one field per orbit.
    pub fn classic() -> Self {
        Self::from_toml(CLASSIC_TOML).expect("the built-in classic board is valid")
    }

    /// Reads and validates a board definition (format in docs/rules/orbit-boards.md),
    /// reporting every problem it can find ([`BoardError::Several`]).
    pub fn from_toml(text: &str) -> Result<Self, BoardError> {
        let toml = |e: String| BoardError::Toml(printable(&e));
        let mut table = trio_core::definition::parse(text).map_err(toml)?;
        let mut problems = Vec::new();
        let orbit = trio_core::definition::entries::<OrbitFile>(
            &mut table,
            "orbit",
            "orbit",
            &["name", "lines"],
            &mut problems,
        );
        let top = trio_core::definition::rest::<BoardTop>(table, &mut problems);
        let mut errors: Vec<BoardError> = problems.into_iter().map(toml).collect();
        match (top, orbit) {
            (Some(top), Some(orbit)) => Self::build(BoardFile {
                name: top.name,
                lines: top.lines,
                orbit,
            }),
            (Some(top), None) => {
                // The orbits could not be numbered, but the name can still be checked.
                errors.extend(control_in_name(&top.name));
                Err(BoardError::of(errors))
            }
            (None, _) => Err(BoardError::of(errors)),
        }
    }

    /// Builds the board, or says every problem it finds: it goes on past each as far as
    /// the checks after it still make sense.
    fn build(file: BoardFile) -> Result<Self, BoardError> {
        let mut errors: Vec<BoardError> = control_in_name(&file.name).into_iter().collect();
        if file.orbit.len() < 2 {
            errors.push(BoardError::TooFewOrbits(file.orbit.len()));
        }
        if file.orbit.len() > MAX_ORBITS {
            errors.push(BoardError::TooManyOrbits(file.orbit.len()));
        }
        let total: usize = file.orbit.iter().map(|o| o.fields as usize).sum();
        if total > MAX_FIELDS {
            errors.push(BoardError::TooManyFields(total));
        }
        for (k, orbit) in file.orbit.iter().enumerate() {
            if orbit.fields == 0 {
                errors.push(BoardError::EmptyOrbit(k + 1));
            }
        }
        // The fields' tables need a board of the right size.
        if errors
            .iter()
            .any(|e| !matches!(e, BoardError::ControlInName { .. }))
        {
            return Err(BoardError::of(errors));
        }
        let mut sizes = Vec::new();
        let mut starts = Vec::new();
        let mut orbit_of = Vec::new();
        let mut masks = Vec::new();
        for (k, orbit) in file.orbit.iter().enumerate() {
            starts.push(orbit_of.len() as u8);
            sizes.push(orbit.fields as u8);
            let mut mask = 0u128;
            for _ in 0..orbit.fields {
                mask |= 1 << orbit_of.len();
                orbit_of.push(k as u8 + 1);
            }
            masks.push(mask);
        }
        let mut tables = Tables {
            name: file.name,
            sizes,
            rings: file
                .orbit
                .iter()
                .map(|o| matches!(o.shape, Shape::Ring))
                .collect(),
            starts,
            orbit_index: std::array::from_fn(|f| orbit_of.get(f).map_or(0, |&k| k - 1)),
            orbit_of,
            neighbours: Vec::new(),
            lines: Vec::new(),
            masks,
            reach: Box::new([[Reach::default(); MAX_STEPS + 1]; MAX_FIELDS]),
        };

        // Neighbours as sets first: a ring of 2 fields or a repeated line must not
        // count twice, and the cap is checked once everything is known.
        let mut adjacent: Vec<Vec<Field>> = vec![Vec::new(); total];
        let mut join = |a: Field, b: Field| {
            if a != b && !adjacent[a.index()].contains(&b) {
                adjacent[a.index()].push(b);
                adjacent[b.index()].push(a);
            }
        };
        for (k, orbit) in file.orbit.iter().enumerate() {
            let n = orbit.fields as u8;
            let at = |i: u8| Field(tables.starts[k] + i);
            for i in 0..n.saturating_sub(1) {
                join(at(i), at(i + 1));
            }
            if matches!(orbit.shape, Shape::Ring) && n > 2 {
                join(at(n - 1), at(0));
            }
        }
        for text in &file.lines {
            let (a, b) = match tables.parse_line(text) {
                Ok(ends) => ends,
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            let line = format!("{}-{}", tables.coord(a), tables.coord(b));
            let (ka, kb) = (tables.orbit_of[a.index()], tables.orbit_of[b.index()]);
            let pair = if ka < kb { (a, b) } else { (b, a) };
            if ka == kb {
                errors.push(BoardError::LineWithinOrbit(line));
            } else if ka.abs_diff(kb) > 1 {
                errors.push(BoardError::LineSkipsOrbit(line));
            } else if tables.lines.contains(&pair) {
                errors.push(BoardError::DuplicateLine(line));
            } else {
                tables.lines.push(pair);
                join(a, b);
            }
        }
        // Every orbit is connected in itself (ring or arc), so an orbit is reachable
        // from orbit 1 exactly when each gap inwards of it is crossed by a line. After a
        // wrong line that would only repeat it.
        let lines_right = errors.is_empty();
        for k in 2..=tables.sizes.len() {
            if lines_right
                && !tables
                    .lines
                    .iter()
                    .any(|&(a, _)| tables.orbit_of[a.index()] as usize == k - 1)
            {
                errors.push(BoardError::UnreachableOrbit(k));
            }
        }
        for (f, list) in adjacent.iter_mut().enumerate() {
            if list.len() > MAX_NEIGHBOURS {
                errors.push(BoardError::TooManyNeighbours {
                    field: tables.coord(Field(f as u8)).to_string(),
                    count: list.len(),
                });
            }
            list.sort();
            tables
                .neighbours
                .push(list.iter().take(MAX_NEIGHBOURS).copied().collect());
        }
        if !errors.is_empty() {
            return Err(BoardError::of(errors));
        }
        tables.walk_all();
        Ok(Self {
            tables: Arc::new(tables),
        })
    }

    pub fn name(&self) -> &str {
        &self.tables.name
    }

    /// Number of orbits; the last one is the final orbit.
    pub fn orbits(&self) -> usize {
        self.tables.sizes.len()
    }

    pub fn final_orbit(&self) -> usize {
        self.orbits()
    }

    /// Number of fields on `orbit` (from 1); 0 if there is no such orbit.
    pub fn fields_on(&self, orbit: usize) -> usize {
        orbit
            .checked_sub(1)
            .and_then(|k| self.tables.sizes.get(k))
            .map_or(0, |&n| n as usize)
    }

    /// Whether `orbit` (from 1) is a ring (its last field next to field 0), else an arc.
    pub fn is_ring(&self, orbit: usize) -> bool {
        orbit
            .checked_sub(1)
            .and_then(|k| self.tables.rings.get(k))
            .is_some_and(|&ring| ring)
    }

    /// All fields, final orbit included.
    pub fn field_count(&self) -> usize {
        self.tables.orbit_of.len()
    }

    /// The field at `coord`, if the board has it.
    pub fn field(&self, coord: Coord) -> Option<Field> {
        self.tables.field(coord)
    }

    pub fn coord(&self, field: Field) -> Coord {
        self.tables.coord(field)
    }

    /// The field at `coord` if a pawn can stand there: on the board, off the final orbit
    /// (a pawn that reaches it is home).
    pub fn standing_field(&self, coord: Coord) -> Result<Field, FieldError> {
        let field = self.field(coord).ok_or(FieldError::NotOnBoard(coord))?;
        if self.orbit_of(field) == self.final_orbit() {
            return Err(FieldError::FinalOrbit(coord));
        }
        Ok(field)
    }

    #[inline]
    pub fn orbit_of(&self, field: Field) -> usize {
        self.tables.orbit_of[field.index()] as usize
    }

    /// The orbit of `field` counted from 0 (`orbit_of - 1`), always below [`MAX_ORBITS`].
    #[inline]
    pub(crate) fn orbit_index(&self, field: Field) -> usize {
        self.tables.orbit_index[field.index() % MAX_FIELDS] as usize % MAX_ORBITS
    }

    pub fn neighbours(&self, field: Field) -> &[Field] {
        &self.tables.neighbours[field.index()]
    }

    /// The lines between orbits, inner field first.
    pub fn lines(&self) -> &[(Field, Field)] {
        &self.tables.lines
    }

    /// The fields of `orbit` (from 1) as a bit set.
    #[inline]
    pub(crate) fn mask(&self, orbit: usize) -> u128 {
        self.tables.masks[orbit - 1]
    }

    #[inline]
    pub(crate) fn reach(&self, from: Field, steps: usize) -> Reach {
        self.tables.reach[from.index() % MAX_FIELDS][steps.min(MAX_STEPS)]
    }
}

/// `text` with its control characters but newlines escaped (`\u{1b}`): the TOML
/// parser's messages quote the offending line, which must not drive a terminal.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() && c != '\n' {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

impl Tables {
    fn field(&self, coord: Coord) -> Option<Field> {
        let k = (coord.orbit as usize).checked_sub(1)?;
        let size = *self.sizes.get(k)?;
        (coord.field < size).then(|| Field(self.starts[k] + coord.field))
    }

    fn coord(&self, field: Field) -> Coord {
        let orbit = self.orbit_of[field.index()];
        Coord {
            orbit,
            field: field.0 - self.starts[orbit as usize - 1],
        }
    }

    fn parse_line(&self, text: &str) -> Result<(Field, Field), BoardError> {
        let bad = || BoardError::BadLine(text.to_owned());
        let (a, b) = text.split_once('-').ok_or_else(bad)?;
        let coords: [Coord; 2] = [
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        ];
        // Errors name the line as rewritten from its fields: nothing else of the text.
        let line = format!("{}-{}", coords[0], coords[1]);
        let mut ends = [Field(0); 2];
        for (end, coord) in ends.iter_mut().zip(coords) {
            *end = self
                .field(coord)
                .ok_or_else(|| BoardError::FieldOutOfRange {
                    line: line.clone(),
                    field: coord.to_string(),
                })?;
        }
        Ok((ends[0], ends[1]))
    }

    /// Walks every path of up to [`MAX_STEPS`] steps from every field off the final
    /// orbit, recording where each length can end.
    fn walk_all(&mut self) {
        let last = self.sizes.len() as u8;
        // Walking reads the other tables while filling this one.
        let mut reach = std::mem::replace(
            &mut self.reach,
            Box::new([[Reach::default(); MAX_STEPS + 1]; MAX_FIELDS]),
        );
        for f in 0..self.orbit_of.len() {
            if self.orbit_of[f] != last {
                let from = Field(f as u8);
                self.walk(from, 1, from.bit(), &mut reach[f]);
            }
        }
        self.reach = reach;
    }

    fn walk(&self, at: Field, step: usize, visited: u128, out: &mut [Reach]) {
        let last = self.sizes.len() as u8;
        for &next in &self.neighbours[at.index()] {
            if visited & next.bit() != 0 {
                continue;
            }
            // The final orbit may only be entered with the last step, so a path ends
            // there whatever its planned length.
            if self.orbit_of[next.index()] == last {
                out[step].home = true;
                continue;
            }
            out[step].fields |= next.bit();
            if step < MAX_STEPS {
                self.walk(next, step + 1, visited | next.bit(), out);
            }
        }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Board")
            .field("name", &self.tables.name)
            .field("fields_per_orbit", &self.tables.sizes)
            .field("lines", &self.tables.lines.len())
            .finish()
    }
}

impl Default for Board {
    fn default() -> Self {
        Self::classic()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(orbit: u8, field: u8) -> Field {
        Board::classic().field(Coord { orbit, field }).unwrap()
    }

    #[test]
    fn classic_layout() {
        let board = Board::classic();
        assert_eq!(board.name(), "classic");
        assert_eq!(board.orbits(), 7);
        assert_eq!(board.field_count(), 84);
        assert_eq!(board.lines().len(), 24);
        // 1.1 lies on a line to 2.1; 1.0 has only its ring neighbours.
        assert_eq!(board.neighbours(c(1, 1)), &[c(1, 0), c(1, 2), c(2, 1)]);
        assert_eq!(board.neighbours(c(1, 0)), &[c(1, 1), c(1, 11)]);
        // 3.0 has a line outwards (0 = 3 mod 3) and none inwards (0 ≠ 2 mod 3).
        assert_eq!(board.neighbours(c(3, 0)), &[c(3, 1), c(3, 11), c(4, 0)]);
    }

    #[test]
    fn reach_of_one_step_and_no_return() {
        let board = Board::classic();
        let one = board.reach(c(1, 1), 1);
        assert_eq!(one.fields, c(1, 0).bit() | c(1, 2).bit() | c(2, 1).bit());
        // Two steps can never end on the start field: no pendulum.
        assert_eq!(board.reach(c(1, 1), 2).fields & c(1, 1).bit(), 0);
    }

    #[test]
    fn final_orbit_only_on_the_last_step() {
        let board = Board::classic();
        assert!(board.reach(c(6, 3), 1).home);
        // 6.3 → 7.3 cannot be the first of two steps; 6.2 → 6.3 → 7.3 is fine.
        assert!(!board.reach(c(6, 3), 2).home);
        assert!(board.reach(c(6, 2), 2).home);
        assert_eq!(board.reach(c(6, 3), 2).fields & board.mask(7), 0);
    }
}
