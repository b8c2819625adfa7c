//! The game a subcommand works on, as the command line names it: a catalog spec
//! (`gyges`, `"orbit(players=3)"`) and, for convenience, options as flags that fold into it.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use clap::Args;
use trio_catalog::{AnyGame, GameSpec};

/// The game and its options, shared by every subcommand that takes a game.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The game: `gyges`, `triles` or `orbit`, or a spec with options such as
    /// `"gyges(variant=official)"`, `"orbit(players=3,order=rgb)"`,
    /// `"triles(variant=own-dots+open-pool)"` (see `trio games`).
    #[arg(value_name = "GAME")]
    pub game: String,

    /// Rule variant, comma-separated where several combine.
    /// Gygès: `seed` (default, the source's rules) or `official` (the 1985 rule book's
    /// border rule, as the public `gyges` engine plays). Triles: any of `open-hands`,
    /// `open-pool`, `own-dots`.
    #[arg(long, value_delimiter = ',', value_name = "VARIANT")]
    pub variant: Vec<String>,

    /// Na orbicie: the number of players, 2 to 4 (default 2).
    #[arg(long)]
    pub players: Option<String>,

    /// Na orbicie: the turn order as colour letters (r, g, b, y), e.g. `gr`; default drawn
    /// at random with the seed.
    #[arg(long, value_name = "LETTERS")]
    pub order: Option<String>,

    /// Na orbicie: a board definition file (see docs/rules/orbit-boards.md); default the
    /// built-in `classic` board.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,

    /// Triles: a tile-set definition file (see docs/rules/triles-tilesets.md); default the
    /// built-in 52-tile set.
    #[arg(long, value_name = "FILE")]
    pub tiles: Option<PathBuf>,
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
