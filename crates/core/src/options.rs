//! Game options as data. Each game crate declares its options once, in a table of
//! [`OptionDecl`]s beside its `Options` type; the catalog checks specs against that table,
//! the command line lists it, and the server serves it to the page as JSON.
//!
//! A value is text, as a spec writes it (`players=3`). [`OptionDecl::check`] checks it
//! against the option's [`OptionKind`] and gives it back in one written form, so that
//! equal options are equal strings.

use serde::Serialize;
use thiserror::Error;

use crate::text::{excerpt, or_list};

/// One option of a game: what it is called, what it takes, its default and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct OptionDecl {
    /// The name in specs: `players`, `turn-limit`.
    pub name: &'static str,
    #[serde(flatten)]
    pub kind: OptionKind,
    /// The value when the option is not given; `None` when leaving it out means what no
    /// value says (a turn order drawn at random, no variant). For a [`OptionKind::File`],
    /// the name of the built-in definition, for which no file is read.
    pub default: Option<&'static str>,
    /// What the option does, in one English sentence for people.
    pub help: &'static str,
}

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum OptionKind {
    /// One of `values`.
    Choice { values: &'static [&'static str] },
    /// One or more of `values` joined with `+`, written back in the order of `values`.
    Set { values: &'static [&'static str] },
    /// A whole number from `min` to `max`.
    Integer { min: u32, max: u32 },
    /// `min` to `max` different letters of `alphabet`, in the order given.
    Letters {
        alphabet: &'static str,
        min: usize,
        max: usize,
    },
    /// A definition file (a board, a tile set: `what`) by its path, or the built-in one by
    /// the option's default.
    File { what: &'static str },
}

/// An option that a game does not have, or a value that an option does not take.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    #[error("no option {option:?} (it takes: {takes})")]
    Unknown { option: String, takes: String },
    #[error("option {option}: {value:?} is not {expected}")]
    Value {
        option: &'static str,
        value: String,
        expected: String,
    },
}

/// The declaration of `name` in `decls`.
pub fn find(decls: &'static [OptionDecl], name: &str) -> Result<&'static OptionDecl, OptionError> {
    decls
        .iter()
        .find(|d| d.name == name)
        .ok_or_else(|| OptionError::Unknown {
            option: excerpt(name),
            takes: decls.iter().map(|d| d.name).collect::<Vec<_>>().join(", "),
        })
}

impl OptionDecl {
    /// `value` (spaces around it ignored) in its one written form, or why this option does
    /// not take it.
    pub fn check(&self, value: &str) -> Result<String, OptionError> {
        let value = value.trim();
        let bad = || self.refuse(value);
        match self.kind {
            OptionKind::Choice { values } => values
                .contains(&value)
                .then(|| value.to_owned())
                .ok_or_else(bad),
            OptionKind::Set { values } => {
                let mut given = Vec::new();
                for part in value.split('+') {
                    let part = part.trim();
                    given.push(values.iter().find(|v| **v == part).ok_or_else(bad)?);
                }
                Ok(values
                    .iter()
                    .filter(|v| given.contains(v))
                    .copied()
                    .collect::<Vec<_>>()
                    .join("+"))
            }
            OptionKind::Integer { min, max } => match value.parse::<u32>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n.to_string()),
                _ => Err(bad()),
            },
            OptionKind::Letters { alphabet, min, max } => {
                let mut seen = Vec::new();
                for c in value.chars() {
                    if !alphabet.contains(c) || seen.contains(&c) {
                        return Err(bad());
                    }
                    seen.push(c);
                }
                (min..=max)
                    .contains(&seen.len())
                    .then(|| value.to_owned())
                    .ok_or_else(bad)
            }
            OptionKind::File { .. } if value.is_empty() => Err(bad()),
            OptionKind::File { .. } => Ok(value.to_owned()),
        }
    }

    /// The number an integer option's `value` stands for, checked against its range.
    pub fn integer(&self, value: &str) -> Result<u32, OptionError> {
        self.check(value)?.parse().map_err(|_| self.refuse(value))
    }

    /// The error for a `value` that this option does not take.
    pub fn refuse(&self, value: &str) -> OptionError {
        OptionError::Value {
            option: self.name,
            value: excerpt(value),
            expected: self.expected(),
        }
    }

    /// What the option takes, in words that follow "is not": `2, 3 or 4`, `seed or
    /// official`, `a board file or classic`.
    pub fn expected(&self) -> String {
        match self.kind {
            OptionKind::Choice { values } => or_list(values),
            OptionKind::Set { values } => {
                format!("one or more of {} joined with +", values.join(", "))
            }
            // A short range reads best spelled out.
            OptionKind::Integer { min, max } if max - min < 4 => {
                or_list(&(min..=max).map(|n| n.to_string()).collect::<Vec<_>>())
            }
            OptionKind::Integer { min, max } => format!("a whole number from {min} to {max}"),
            OptionKind::Letters { alphabet, min, max } => {
                let letters: Vec<String> = alphabet.chars().map(String::from).collect();
                let count = if min == max {
                    min.to_string()
                } else {
                    format!("{min} to {max}")
                };
                format!("{count} different letters of {}", letters.join(", "))
            }
            OptionKind::File { what } => match self.default {
                Some(builtin) => format!("a {what} file or {builtin}"),
                None => format!("a {what} file"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &[OptionDecl] = &[
        OptionDecl {
            name: "rule",
            kind: OptionKind::Choice {
                values: &["seed", "official"],
            },
            default: Some("seed"),
            help: "The rule.",
        },
        OptionDecl {
            name: "variant",
            kind: OptionKind::Set {
                values: &["open-hands", "open-pool", "own-dots"],
            },
            default: None,
            help: "Variants.",
        },
        OptionDecl {
            name: "players",
            kind: OptionKind::Integer { min: 2, max: 4 },
            default: Some("2"),
            help: "Players.",
        },
        OptionDecl {
            name: "turn-limit",
            kind: OptionKind::Integer {
                min: 1,
                max: 10_000,
            },
            default: Some("2000"),
            help: "Turns.",
        },
        OptionDecl {
            name: "order",
            kind: OptionKind::Letters {
                alphabet: "rgby",
                min: 2,
                max: 4,
            },
            default: None,
            help: "Order.",
        },
        OptionDecl {
            name: "board",
            kind: OptionKind::File { what: "board" },
            default: Some("classic"),
            help: "Board.",
        },
    ];

    fn decl(name: &str) -> &'static OptionDecl {
        find(TABLE, name).unwrap()
    }

    fn refused(name: &str, value: &str) -> String {
        decl(name).check(value).unwrap_err().to_string()
    }

    #[test]
    fn a_choice_is_one_of_its_values() {
        assert_eq!(decl("rule").check(" official ").unwrap(), "official");
        assert_eq!(
            refused("rule", "fast"),
            "option rule: \"fast\" is not seed or official"
        );
    }

    #[test]
    fn a_set_is_written_back_in_the_tables_order_once_each() {
        let variant = decl("variant");
        assert_eq!(
            variant.check("own-dots + open-hands").unwrap(),
            "open-hands+own-dots"
        );
        assert_eq!(variant.check("own-dots+own-dots").unwrap(), "own-dots");
        assert_eq!(
            refused("variant", "open-hands+wild"),
            "option variant: \"open-hands+wild\" is not one or more of open-hands, open-pool, \
             own-dots joined with +"
        );
        assert!(variant.check("").is_err());
        assert!(variant.check("open-pool+").is_err());
    }

    #[test]
    fn an_integer_is_a_whole_number_in_its_range() {
        assert_eq!(decl("players").check("3").unwrap(), "3");
        assert_eq!(decl("turn-limit").check("0500").unwrap(), "500");
        assert_eq!(decl("turn-limit").integer("10000").unwrap(), 10_000);
        assert_eq!(
            refused("players", "5"),
            "option players: \"5\" is not 2, 3 or 4"
        );
        assert_eq!(
            refused("turn-limit", "0"),
            "option turn-limit: \"0\" is not a whole number from 1 to 10000"
        );
        for bad in ["-1", "2.5", "many", "", "99999999999"] {
            assert!(decl("turn-limit").check(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn letters_are_different_letters_of_the_alphabet_in_number() {
        assert_eq!(decl("order").check("gr").unwrap(), "gr");
        assert_eq!(decl("order").check("ybgr").unwrap(), "ybgr");
        assert_eq!(
            refused("order", "rr"),
            "option order: \"rr\" is not 2 to 4 different letters of r, g, b, y"
        );
        for bad in ["r", "rx", "rgbyr", "RG"] {
            assert!(decl("order").check(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_file_is_any_path_or_the_built_in_name() {
        assert_eq!(
            decl("board").check("boards/my board.toml").unwrap(),
            "boards/my board.toml"
        );
        assert_eq!(decl("board").check("classic").unwrap(), "classic");
        assert_eq!(
            refused("board", " "),
            "option board: \"\" is not a board file or classic"
        );
    }

    #[test]
    fn an_unknown_name_lists_the_options_and_long_values_are_cut() {
        assert_eq!(
            find(TABLE, "colour").unwrap_err().to_string(),
            "no option \"colour\" (it takes: rule, variant, players, turn-limit, order, board)"
        );
        assert!(refused("rule", &"x".repeat(5000)).len() < 100);
    }

    #[test]
    fn declarations_are_json_for_the_page() {
        let json = serde_json::to_value(TABLE).unwrap();
        assert_eq!(
            json[2],
            serde_json::json!({"name": "players", "kind": "integer", "min": 2, "max": 4,
                               "default": "2", "help": "Players."})
        );
        assert_eq!(json[1]["kind"], "set");
        assert_eq!(json[1]["default"], serde_json::Value::Null);
        assert_eq!(json[4]["alphabet"], "rgby");
        assert_eq!(json[5]["what"], "board");
    }
}
