//! The kinds of game in the catalog, as one table ([`KindInfo`]: name, title, seats and the
//! options each game crate declares), and the one place where a kind becomes its game type:
//! [`GameKind::visit`], which hands a [`KindVisitor`] the kind's [`CatalogGame`] type.

use std::fmt;
use std::ops::RangeInclusive;

use trio_core::options::OptionDecl;

use crate::games::CatalogGame;

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

/// Code written once for games of every kind, called by [`GameKind::visit`] with the
/// kind's game type.
pub trait KindVisitor {
    type Output;
    fn visit<G: CatalogGame>(self) -> Self::Output;
}

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

    /// Runs `visitor` on this kind's game type.
    pub fn visit<V: KindVisitor>(self, visitor: V) -> V::Output {
        match self {
            GameKind::Gyges => visitor.visit::<trio_gyges::Gyges>(),
            GameKind::Triles => visitor.visit::<trio_triles::Triles>(),
            GameKind::Orbit => visitor.visit::<trio_orbit::Orbit>(),
        }
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
    use crate::spec::GameSpec;

    /// The kind and the seat count of the default game, through the visitor.
    struct Defaults;

    impl KindVisitor for Defaults {
        type Output = (GameKind, usize);
        fn visit<G: CatalogGame>(self) -> (GameKind, usize) {
            let game = G::from_spec(&GameSpec::new(G::KIND), &Default::default()).unwrap();
            (G::KIND, game.seat_count())
        }
    }

    #[test]
    fn the_table_visitor_and_kinds_agree() {
        for info in &KINDS {
            let kind = info.kind;
            assert!(std::ptr::eq(kind.info(), info), "{kind} is out of order");
            assert_eq!(GameKind::named(info.name), Some(kind));
            let (visited, seats) = kind.visit(Defaults);
            assert_eq!(visited, kind);
            assert_eq!(seats, *info.seats.start(), "{kind}");
        }
        let most = crate::game("orbit(players=4)").unwrap().seat_count();
        assert_eq!(most, *GameKind::Orbit.info().seats.end());
        assert_eq!(names(), "gyges, triles or orbit");
        assert_eq!(GameKind::named("chess"), None);
    }
}
