//! The options of Triles (docs/rules/triles.md, "Variants"; tile sets in
//! docs/rules/triles-tilesets.md): the variants, [`Options`], the table [`OPTIONS`] that
//! specs, the command line and the server read, and [`Options::from_values`], which builds
//! the options from a spec's `name → value` pairs.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;
use trio_core::options::{self, OptionDecl, OptionError, OptionKind};
use trio_core::Seat;

use crate::tileset::{Colour, TileSet, TileSetError};

/// The options a spec may give, each once.
pub const OPTIONS: &[OptionDecl] = &[
    OptionDecl {
        name: "variant",
        kind: OptionKind::Set {
            values: &[
                Variant::OpenHands.name(),
                Variant::OpenPool.name(),
                Variant::OwnDots.name(),
            ],
        },
        default: None,
        help: "Rule variants, any together: open-hands shows both hands, open-pool the next \
               tile of the pool, own-dots makes every dot draw for the player of its colour.",
    },
    OptionDecl {
        name: "tiles",
        kind: OptionKind::File { what: "tile-set" },
        default: Some("standard"),
        help: "The tiles: a tile-set file (docs/rules/triles-tilesets.md) or the built-in \
               standard set of 52.",
    },
];

/// A rule variant from the source, a game option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Hands are visible to both players.
    OpenHands,
    /// The next tile of the pool is visible to both players.
    OpenPool,
    /// Rule 3 is lifted; every dot makes the player of its colour draw.
    OwnDots,
}

impl Variant {
    pub const ALL: [Variant; 3] = [Variant::OpenHands, Variant::OpenPool, Variant::OwnDots];

    pub const fn name(self) -> &'static str {
        match self {
            Variant::OpenHands => "open-hands",
            Variant::OpenPool => "open-pool",
            Variant::OwnDots => "own-dots",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name that is not one of `open-hands`, `open-pool`, `own-dots`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown variant {0:?} (open-hands, open-pool, own-dots)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}

/// The variants in play; they combine freely.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variants {
    pub open_hands: bool,
    pub open_pool: bool,
    pub own_dots: bool,
}

impl Variants {
    /// These variants and `variant`.
    pub fn with(mut self, variant: Variant) -> Self {
        match variant {
            Variant::OpenHands => self.open_hands = true,
            Variant::OpenPool => self.open_pool = true,
            Variant::OwnDots => self.own_dots = true,
        }
        self
    }

    pub fn contains(self, variant: Variant) -> bool {
        match variant {
            Variant::OpenHands => self.open_hands,
            Variant::OpenPool => self.open_pool,
            Variant::OwnDots => self.own_dots,
        }
    }
}

/// The options of one kind of play.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub variants: Variants,
    pub tile_set: TileSet,
    /// The seat that plays black; drawn at random (a chance event) when `None`.
    pub black: Option<Seat>,
    /// The colour that moves first; drawn at random (a chance event) when `None`.
    pub first: Option<Colour>,
}

/// Why options were refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    #[error(transparent)]
    TileSet(#[from] TileSetError),
}

impl Options {
    /// The options `values` give (names and values as in [`OPTIONS`]), every other one at
    /// its default. A tile set is given as its file's text; leave it out for the standard
    /// one.
    pub fn from_values<'a>(
        values: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionsError> {
        let mut options = Options::default();
        for (name, value) in values {
            let decl = options::find(OPTIONS, name)?;
            match name {
                "variant" => {
                    for variant in decl.check(value)?.split('+') {
                        options.variants = options.variants.with(variant.parse()?);
                    }
                }
                "tiles" => options.tile_set = TileSet::from_toml(value)?,
                _ => unreachable!("option {name} is declared but not built"),
            }
        }
        Ok(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value each option takes, so that every declared option is built.
    fn sample(name: &str) -> &'static str {
        match name {
            "variant" => "own-dots+open-hands",
            "tiles" => include_str!("../tests/sets/double.toml"),
            _ => panic!("no sample value for option {name}"),
        }
    }

    #[test]
    fn every_declared_option_is_built() {
        let options =
            Options::from_values(OPTIONS.iter().map(|d| (d.name, sample(d.name)))).unwrap();
        assert_eq!(
            options.variants,
            Variants::default()
                .with(Variant::OwnDots)
                .with(Variant::OpenHands)
        );
        assert_ne!(options.tile_set, TileSet::default());
    }

    #[test]
    fn bad_values_are_refused() {
        let error = |name, value| Options::from_values([(name, value)]).unwrap_err();
        assert!(matches!(
            error("variant", "open-hands+wild"),
            OptionsError::Option(OptionError::Value { .. })
        ));
        assert!(matches!(
            error("tiles", "types = 3"),
            OptionsError::TileSet(_)
        ));
        assert!(error("black", "1")
            .to_string()
            .contains("it takes: variant, tiles"));
    }
}
