//! The options of Na orbicie (docs/rules/orbit.md): [`Options`], the table [`OPTIONS`] that
//! specs, the command line and the server read, and [`Options::from_values`], which builds
//! them from a spec's `name → value` pairs.

use thiserror::Error;
use trio_core::options::{self, OptionDecl, OptionError, OptionKind};

use crate::board::{Board, BoardError};
use crate::state::{Colour, OrderError};

/// Turns after which an unfinished game is ranked as it stands.
pub const DEFAULT_TURN_LIMIT: u32 = 2_000;

/// The options a spec may give, each once.
pub const OPTIONS: &[OptionDecl] = &[
    OptionDecl {
        name: "players",
        kind: OptionKind::Integer { min: 2, max: 4 },
        default: Some("2"),
        help: "How many players race, each with its own colour.",
    },
    OptionDecl {
        name: "order",
        kind: OptionKind::Letters {
            alphabet: "rgby",
            min: 2,
            max: 4,
        },
        default: None,
        help: "The turn order as colour letters (r red, g green, b blue, y yellow), first \
               mover first, one per player; drawn at random when not given.",
    },
    OptionDecl {
        name: "board",
        kind: OptionKind::File { what: "board" },
        default: Some("classic"),
        help: "The board: a board file (docs/rules/orbit-boards.md) or the built-in classic \
               board.",
    },
    OptionDecl {
        name: "turn-limit",
        // Five times the default: far beyond a real game, short of a server's patience.
        kind: OptionKind::Integer {
            min: 1,
            max: 10_000,
        },
        default: Some("2000"),
        help: "Turns (of all players together) after which an unfinished game stops and \
               the players still racing are ranked as they stand.",
    },
];

/// How a game of Na orbicie is played.
#[derive(Clone, Debug)]
pub struct Options {
    /// 2, 3 or 4.
    pub players: usize,
    pub board: Board,
    /// The turn order; `None` draws it as the game's first chance event.
    pub order: Option<Vec<Colour>>,
    /// Turns after which the game is ranked as it stands.
    pub turn_limit: u32,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            players: 2,
            board: Board::classic(),
            order: None,
            turn_limit: DEFAULT_TURN_LIMIT,
        }
    }
}

/// Why options were refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    #[error(transparent)]
    Option(#[from] OptionError),
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error("a game has 2 to 4 players, not {0}")]
    Players(usize),
    #[error("turn order: {0}")]
    Order(#[from] OrderError),
    #[error("the turn order names {given} colours for {players} players")]
    OrderLength { given: usize, players: usize },
    #[error("the turn limit must be at least 1")]
    TurnLimit,
}

impl Options {
    /// The options `values` give (names and values as in [`OPTIONS`]), every other one at
    /// its default. A board is given as its file's text; leave it out for the classic one.
    /// A turn order alone sets the number of players.
    pub fn from_values<'a>(
        values: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionsError> {
        let mut options = Options::default();
        let mut players = None;
        for (name, value) in values {
            let decl = options::find(OPTIONS, name)?;
            match name {
                "players" => players = Some(decl.integer(value)? as usize),
                "order" => {
                    let letters = decl.check(value)?;
                    let colours = letters
                        .chars()
                        .map(|c| Colour::from_letter(c).ok_or_else(|| decl.refuse(value)))
                        .collect::<Result<Vec<_>, _>>()?;
                    options.order = Some(colours);
                }
                "board" => options.board = Board::from_toml(value)?,
                "turn-limit" => options.turn_limit = decl.integer(value)?,
                _ => unreachable!("option {name} is declared but not built"),
            }
        }
        options.players = players
            .or(options.order.as_ref().map(Vec::len))
            .unwrap_or(options.players);
        Ok(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::CLASSIC_TOML;

    /// A value each option takes, so that every declared option is built.
    fn sample(name: &str) -> &'static str {
        match name {
            "players" => "3",
            "order" => "byr",
            "board" => CLASSIC_TOML,
            "turn-limit" => "500",
            _ => panic!("no sample value for option {name}"),
        }
    }

    #[test]
    fn every_declared_option_is_built_and_a_default_changes_nothing() {
        let values: Vec<(&str, &str)> = OPTIONS.iter().map(|d| (d.name, sample(d.name))).collect();
        let options = Options::from_values(values).unwrap();
        assert_eq!(options.players, 3);
        assert_eq!(
            options.order,
            Some(vec![Colour::Blue, Colour::Yellow, Colour::Red])
        );
        assert_eq!(options.turn_limit, 500);
        // A default given builds what leaving the option out builds.
        let files = |d: &&OptionDecl| matches!(d.kind, OptionKind::File { .. });
        for decl in OPTIONS.iter().filter(|d| !files(d)) {
            if let Some(default) = decl.default {
                let given = Options::from_values([(decl.name, default)]).unwrap();
                let default_options = format!("{:?}", Options::default());
                assert_eq!(format!("{given:?}"), default_options, "{}", decl.name);
            }
        }
    }

    #[test]
    fn an_order_alone_sets_the_players_and_bad_values_are_refused() {
        assert_eq!(Options::from_values([("order", "bgr")]).unwrap().players, 3);
        let error = |values: &[(&str, &str)]| {
            Options::from_values(values.iter().copied())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            error(&[("players", "5")]),
            "option players: \"5\" is not 2, 3 or 4"
        );
        assert!(error(&[("order", "rr")]).contains("\"rr\""));
        assert!(error(&[("colour", "r")]).contains("it takes: players, order, board, turn-limit"));
        assert_eq!(
            error(&[("turn-limit", "0")]),
            "option turn-limit: \"0\" is not a whole number from 1 to 10000"
        );
        assert!(error(&[("board", "orbits = ")]).starts_with("board file:"));
    }
}
