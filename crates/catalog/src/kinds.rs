//! The kinds of game in the catalog, as one table ([`KindInfo`]: name, title, seats and the
//! options each game crate declares). Where a kind becomes its game type
//! ([`GameKind::visit`]) is in `games.rs`, beside [`CatalogGame`](crate::CatalogGame).

use std::fmt;
use std::ops::RangeInclusive;

use trio_core::options::OptionDecl;

/// The games in the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    Gyges,
    Triles,
    Orbit,
}

/// What the catalog knows of a kind of game before one is built.
#[derive(Debug)]
pub struct KindInfo {
    pub kind: GameKind,
    /// The name in specs and on the command line.
    pub name: &'static str,
    /// The game's own name, for people.
    pub title: &'static str,
    /// How many seats a game of this kind may have.
    pub seats: RangeInclusive<usize>,
    /// The options a spec may give, as the game crate declares them.
    pub options: &'static [OptionDecl],
}

/// Every kind, in the order of [`GameKind`]'s variants.
pub static KINDS: [KindInfo; 3] = [
    KindInfo {
        kind: GameKind::Gyges,
        name: "gyges",
        title: "Gygès",
        seats: 2..=2,
        options: trio_gyges::OPTIONS,
    },
    KindInfo {
        kind: GameKind::Triles,
        name: "triles",
        title: "Triles",
        seats: 2..=2,
        options: trio_triles::OPTIONS,
    },
    KindInfo {
        kind: GameKind::Orbit,
        name: "orbit",
        title: "Na orbicie",
        seats: 2..=4,
        options: trio_orbit::OPTIONS,
    },
];

impl GameKind {
    pub fn info(self) -> &'static KindInfo {
        &KINDS[self as usize]
    }

    /// The name in specs and on the command line.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The game's own name, for people.
    pub fn title(self) -> &'static str {
        self.info().title
    }

    /// The kind named `name` in specs.
    pub fn named(name: &str) -> Option<GameKind> {
        KINDS.iter().find(|k| k.name == name).map(|k| k.kind)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kinds' names as an error lists them: `gyges, triles or orbit`.
pub(crate) fn names() -> String {
    trio_core::or_list(&KINDS.iter().map(|k| k.name).collect::<Vec<_>>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_and_kinds_agree() {
        for info in &KINDS {
            let kind = info.kind;
            assert!(std::ptr::eq(kind.info(), info), "{kind} is out of order");
            assert_eq!(GameKind::named(info.name), Some(kind));
        }
        assert_eq!(names(), "gyges, triles or orbit");
        assert_eq!(GameKind::named("chess"), None);
    }
}
