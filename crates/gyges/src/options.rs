//! The options of Gygès (docs/rules/gyges.md, "Variant `official`"): [`Options`], the
//! table [`OPTIONS`] that specs, the command line and the server read, and
//! [`Options::from_values`], which builds the options from a spec's `name → value` pairs.

use thiserror::Error;
use trio_core::options::{self, OptionDecl, OptionError, OptionKind};

use crate::movegen::{UnknownVariant, Variant};

/// Plies after setup after which a game is drawn, unless configured otherwise.
pub const DEFAULT_PLY_LIMIT: u32 = 300;

/// The options a spec may give, each once.
pub const OPTIONS: &[OptionDecl] = &[
    OptionDecl {
        name: "variant",
        kind: OptionKind::Choice {
            values: &["seed", "official"],
        },
        default: Some("seed"),
        help: "The movement rule: seed, the source's (a piece never stands on a square twice \
               in one move), or official, the 1985 rule book's border rule as the public \
               gyges engine plays it.",
    },
    OptionDecl {
        name: "ply-limit",
        // At least one move each after the setup; a limit keeps every game finite.
        kind: OptionKind::Integer {
            min: 2,
            max: 10_000,
        },
        default: Some("300"),
        help: "Plies (moves of either player) after the setup at which the game is drawn.",
    },
];

/// How a game of Gygès is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub variant: Variant,
    /// Plies after setup after which the game is drawn; 0 for none.
    pub ply_limit: u32,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            variant: Variant::default(),
            ply_limit: DEFAULT_PLY_LIMIT,
        }
    }
}

/// The variant with every other option at its default.
impl From<Variant> for Options {
    fn from(variant: Variant) -> Self {
        Self {
            variant,
            ..Self::default()
        }
    }
}

/// Why options were refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
}

impl Options {
    /// The options `values` give (names and values as in [`OPTIONS`]), every other one at
    /// its default.
    pub fn from_values<'a>(
        values: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionsError> {
        let mut options = Options::default();
        for (name, value) in values {
            let decl = options::find(OPTIONS, name)?;
            match name {
                "variant" => options.variant = decl.check(value)?.parse()?,
                "ply-limit" => options.ply_limit = decl.integer(value)?,
                _ => unreachable!("option {name} is declared but not built"),
            }
        }
        Ok(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_of_the_table_is_built_and_others_refused() {
        let OptionKind::Choice { values } = OPTIONS[0].kind else {
            panic!("variant is a choice")
        };
        for value in values {
            let options = Options::from_values([("variant", *value)]).unwrap();
            assert_eq!(options.variant.to_string(), *value);
        }
        assert_eq!(
            Options::from_values([]).unwrap(),
            Options::from_values([("variant", "seed")]).unwrap()
        );
        let error = |name, value| {
            Options::from_values([(name, value)])
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            error("variant", "fast"),
            "option variant: \"fast\" is not seed or official"
        );
        assert!(error("players", "2").contains("it takes: variant"));
        assert_eq!(
            Options::from_values([("ply-limit", "300")]).unwrap(),
            Options::default(),
            "the declared default is DEFAULT_PLY_LIMIT"
        );
        assert_eq!(
            Options::from_values([("ply-limit", "40")])
                .unwrap()
                .ply_limit,
            40
        );
        assert_eq!(
            error("ply-limit", "1"),
            "option ply-limit: \"1\" is not a whole number from 2 to 10000"
        );
    }
}
