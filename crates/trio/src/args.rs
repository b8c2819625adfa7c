//! The game a subcommand works on, as the command line names it: a catalog spec
//! (`gyges`, `"orbit(players=3)"`) and, for convenience, options as flags that fold into it.
//! A flag is named as its option and checked by the same table (`trio games` lists them).

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use clap::Args;
use trio_catalog::{AnyGame, GameSpec, KINDS};
use trio_core::options::OptionDecl;

/// The game and its options, shared by every subcommand that takes a game.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The game: `gyges`, `triles` or `orbit`, or a spec with options such as
    /// `"gyges(variant=official)"`, `"orbit(players=3,order=rgb)"`,
    /// `"triles(variant=own-dots+open-pool)"` (see `trio games`).
    #[arg(value_name = "GAME")]
    pub game: String,

    #[arg(long, value_delimiter = ',', value_name = "VARIANT", help = flag_help("variant", false), long_help = flag_help("variant", true))]
    pub variant: Vec<String>,

    #[arg(long, help = flag_help("players", false), long_help = flag_help("players", true))]
    pub players: Option<String>,

    #[arg(long, value_name = "LETTERS", help = flag_help("order", false), long_help = flag_help("order", true))]
    pub order: Option<String>,

    #[arg(long, value_name = "FILE", help = flag_help("board", false), long_help = flag_help("board", true))]
    pub board: Option<PathBuf>,

    #[arg(long, value_name = "FILE", help = flag_help("tiles", false), long_help = flag_help("tiles", true))]
    pub tiles: Option<PathBuf>,
}

/// The help of the flag for option `name`, from the tables of the games that have it:
/// `Na orbicie: 2, 3 or 4 (default 2).`; `long`, with what the option does.
fn flag_help(name: &str, long: bool) -> String {
    let games: Vec<String> = KINDS
        .iter()
        .filter_map(|kind| {
            let decl = kind.options.iter().find(|d| d.name == name)?;
            let short = format!("{}: {}.", kind.title, takes(decl));
            Some(if long {
                format!("{short} {}", decl.help)
            } else {
                short
            })
        })
        .collect();
    games.join(if long { "\n" } else { " " })
}

/// What an option takes and its default: `2, 3 or 4 (default 2)`.
pub fn takes(decl: &OptionDecl) -> String {
    match decl.default {
        Some(default) => format!("{} (default {default})", decl.expected()),
        None => decl.expected(),
    }
}

impl GameArgs {
    /// The spec with the flags folded in; a flag may not repeat an option of the spec.
    pub fn spec(&self) -> Result<GameSpec> {
        let mut spec: GameSpec = self.game.parse()?;
        let path = |p: &PathBuf| p.to_string_lossy().into_owned();
        let flags = [
            (
                "variant",
                (!self.variant.is_empty()).then(|| self.variant.join("+")),
            ),
            ("players", self.players.clone()),
            ("order", self.order.clone()),
            ("board", self.board.as_ref().map(path)),
            ("tiles", self.tiles.as_ref().map(path)),
        ];
        for (name, value) in flags {
            let Some(value) = value else { continue };
            if spec.option(name).is_some() {
                bail!("--{name} repeats the {name} option of {spec}");
            }
            // The error names the option itself.
            spec = spec.with(name, &value)?;
        }
        Ok(spec)
    }

    /// The game, built (reading any definition file it names).
    pub fn build(&self) -> Result<Arc<dyn AnyGame>> {
        let spec = self.spec()?;
        trio_catalog::build(&spec).with_context(|| format!("cannot set up {spec}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_is_an_option_some_game_declares_and_says_what_it_takes() {
        let command = GameArgs::augment_args(clap::Command::new("trio"));
        let flags: Vec<&str> = command
            .get_arguments()
            .filter_map(|a| a.get_long())
            .collect();
        assert_eq!(flags.len(), 5, "{flags:?}");
        for flag in flags {
            assert!(
                KINDS
                    .iter()
                    .any(|k| k.options.iter().any(|d| d.name == flag)),
                "--{flag} is no game's option"
            );
            assert!(!flag_help(flag, false).is_empty());
        }
        assert_eq!(
            flag_help("players", false),
            "Na orbicie: 2, 3 or 4 (default 2)."
        );
        assert!(flag_help("order", true).ends_with("drawn at random when not given."));
    }
}
