//! Game specs: a game and its options as one string that reads back the same —
//! `gyges`, `gyges(variant=official)`, `orbit(players=3,order=rgb)`,
//! `orbit(board=boards/funnel.toml)`, `triles(variant=own-dots+open-pool)`.
//!
//! Options are checked here against the table of options their game crate declares
//! ([`crate::KindInfo::options`]), and written in one form, so equal specs are equal
//! strings; files named by an option are read when the game is built ([`crate::build`]).

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;
pub use trio_core::excerpt;
use trio_core::options::{self, OptionError};

use crate::kinds::{self, GameKind};

/// A spec that does not read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    #[error("unknown game {0:?} (expected {names})", names = kinds::names())]
    UnknownGame(String),
    #[error("{game} has no option {option:?} (it takes: {takes})")]
    UnknownOption {
        game: GameKind,
        option: String,
        takes: String,
    },
    #[error("option {0:?} is given twice")]
    Repeated(String),
    #[error("{0}")]
    Syntax(String),
    #[error("{game} option {option}: {value:?} is not {expected}")]
    BadValue {
        game: GameKind,
        option: String,
        value: String,
        expected: String,
    },
}

/// A game with its options. Options are kept by name in alphabetical order, which is the
/// order they are written back in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameSpec {
    pub kind: GameKind,
    options: BTreeMap<String, String>,
}

/// The longest spec read, so that a pasted novel is refused before it is parsed.
pub const MAX_SPEC_LEN: usize = 1024;

impl GameSpec {
    /// The game with no options: every option at its default.
    pub fn new(kind: GameKind) -> Self {
        Self {
            kind,
            options: BTreeMap::new(),
        }
    }

    pub fn option(&self, name: &str) -> Option<&str> {
        self.options.get(name).map(String::as_str)
    }

    pub fn options(&self) -> impl Iterator<Item = (&str, &str)> {
        self.options.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Sets an option, checking its name and its value against the game's table.
    pub fn with(mut self, name: &str, value: &str) -> Result<Self, SpecError> {
        let game = self.kind;
        let (decl, value) = options::find(game.info().options, name)
            .and_then(|decl| Ok((decl, decl.check(value)?)))
            .map_err(|error| SpecError::option(game, error))?;
        self.options.insert(decl.name.to_owned(), value);
        Ok(self)
    }
}

impl SpecError {
    /// `error` of an option of `game`.
    fn option(game: GameKind, error: OptionError) -> Self {
        match error {
            OptionError::Unknown { option, takes } => SpecError::UnknownOption {
                game,
                option,
                takes,
            },
            OptionError::Value {
                option,
                value,
                expected,
            } => SpecError::BadValue {
                game,
                option: option.to_owned(),
                value,
                expected,
            },
        }
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        let text = text.trim();
        if text.len() > MAX_SPEC_LEN {
            return Err(SpecError::Syntax(format!(
                "a game spec is at most {MAX_SPEC_LEN} characters; this one has {}",
                text.len()
            )));
        }
        let (name, rest) = match text.find('(') {
            Some(open) => (&text[..open], Some(&text[open + 1..])),
            None => (text, None),
        };
        let kind = GameKind::named(name.trim())
            .ok_or_else(|| SpecError::UnknownGame(excerpt(name.trim())))?;
        let mut spec = GameSpec::new(kind);
        let Some(rest) = rest else {
            return Ok(spec);
        };
        let inner = rest.strip_suffix(')').ok_or_else(|| {
            SpecError::Syntax(format!(
                "{:?} opens a parenthesis it does not close at the end",
                excerpt(text)
            ))
        })?;
        for (option, value) in split_options(inner)? {
            if spec.options.contains_key(&option) {
                return Err(SpecError::Repeated(option));
            }
            spec = spec.with(&option, &value)?;
        }
        Ok(spec)
    }
}

/// Splits `a=1,b="x,y"` into its pairs; a value in double quotes may hold any character,
/// with `\"` and `\\` escaped.
fn split_options(text: &str) -> Result<Vec<(String, String)>, SpecError> {
    let mut pairs = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        let mut name = String::new();
        while let Some(&c) = chars.peek() {
            if c == '=' || c == ',' {
                break;
            }
            name.push(c);
            chars.next();
        }
        let name = name.trim().to_owned();
        if name.is_empty() && chars.peek().is_none() && pairs.is_empty() {
            return Ok(pairs);
        }
        if chars.next() != Some('=') {
            return Err(SpecError::Syntax(format!(
                "expected name=value, found {:?}",
                excerpt(&name)
            )));
        }
        while chars.peek() == Some(&' ') {
            chars.next();
        }
        let mut value = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            loop {
                match chars.next() {
                    None => {
                        return Err(SpecError::Syntax(format!(
                            "the quoted value of {name} is not closed"
                        )))
                    }
                    Some('"') => break,
                    Some('\\') => value.extend(chars.next()),
                    Some(c) => value.push(c),
                }
            }
            while chars.peek() == Some(&' ') {
                chars.next();
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c == ',' {
                    break;
                }
                if matches!(c, '(' | ')' | '"' | '=') {
                    return Err(SpecError::Syntax(format!(
                        "{c:?} in the value of {name}: put such a value in double quotes"
                    )));
                }
                value.push(c);
                chars.next();
            }
        }
        pairs.push((name, value));
        match chars.next() {
            None => return Ok(pairs),
            Some(',') => {}
            Some(c) => {
                return Err(SpecError::Syntax(format!(
                    "expected , or ) after the value of {}, found {c:?}",
                    pairs.last().map_or("", |(n, _)| n.as_str())
                )))
            }
        }
    }
}

impl fmt::Display for GameSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.name())?;
        if self.options.is_empty() {
            return Ok(());
        }
        f.write_str("(")?;
        for (i, (name, value)) in self.options.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            let plain = value
                .chars()
                .all(|c| !matches!(c, ',' | '(' | ')' | '"' | '=' | '\\') && !c.is_whitespace());
            if plain {
                write!(f, "{name}={value}")?;
            } else {
                let quoted = value.replace('\\', "\\\\").replace('"', "\\\"");
                write!(f, "{name}=\"{quoted}\"")?;
            }
        }
        f.write_str(")")
    }
}

impl Serialize for GameSpec {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for GameSpec {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> GameSpec {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn specs_read_back_the_same() {
        for text in [
            "gyges",
            "gyges(variant=official)",
            "orbit(order=rgb,players=3)",
            "orbit(board=boards/funnel.toml)",
            "triles(variant=open-pool+own-dots)",
            "triles(tiles=\"my tiles, v2.toml\")",
        ] {
            assert_eq!(read(text).to_string(), text);
        }
        assert_eq!(
            read(" orbit( players = 3 , order=rgb ) ").to_string(),
            "orbit(order=rgb,players=3)"
        );
        assert_eq!(
            read("triles(variant=own-dots+open-pool)").to_string(),
            "triles(variant=open-pool+own-dots)"
        );
        assert_eq!(read("gyges()"), read("gyges"));
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let error = |text: &str| text.parse::<GameSpec>().unwrap_err().to_string();
        assert_eq!(
            error("chess"),
            "unknown game \"chess\" (expected gyges, triles or orbit)"
        );
        assert!(error("gyges(players=3)")
            .contains("gyges has no option \"players\" (it takes: variant, ply-limit)"));
        assert!(error("gyges(variant=fast)").contains("\"fast\" is not seed or official"));
        assert!(error("orbit(players=5)").contains("is not 2, 3 or 4"));
        assert!(error("orbit(order=rr)").contains("\"rr\""));
        assert!(error("orbit(players=3").contains("does not close"));
        assert!(error("orbit(players)").contains("name=value"));
        assert!(error("orbit(players=3,players=3)").contains("twice"));
        assert!(error("triles(variant=open-hands+wild)").contains("open-hands+wild"));
        assert!(error("triles(variant=open-hands+wild)")
            .ends_with("is not one or more of open-hands, open-pool, own-dots joined with +"));
        assert!(error("orbit(order=rr)").ends_with("is not 2 to 4 different letters of r, g, b, y"));
        assert!(error("orbit(board=\"\")").ends_with("\"\" is not a board file or classic"));
        assert!(error("orbit(players=two)").contains("orbit option players: \"two\""));
        assert!(error("triles(tiles=a(b))").contains("double quotes"));
        assert!(error(&"x".repeat(5000)).contains("at most 1024"));
        assert!(error(&format!("{}(a=1)", "x".repeat(500))).len() < 200);
    }

    #[test]
    fn specs_are_json_strings() {
        let spec = read("orbit(players=4)");
        let json = serde_json::to_string(&spec).unwrap();
        assert_eq!(json, "\"orbit(players=4)\"");
        assert_eq!(serde_json::from_str::<GameSpec>(&json).unwrap(), spec);
        assert!(serde_json::from_str::<GameSpec>("\"orbit(players=9)\"").is_err());
    }
}
