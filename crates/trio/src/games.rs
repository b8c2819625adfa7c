//! How each game is built from the command line, and what the generic subcommands need
//! from a game beyond [`trio_core::Game`].

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use trio_core::Game;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Gygès: 6×6, two players, neutral pieces that bounce and displace.
    Gyges,
}

/// The game and its options, shared by every subcommand that takes a game.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// Which game.
    #[arg(value_enum)]
    pub game: GameName,

    /// Rule variant, comma-separated where several combine.
    /// Gygès: `seed` (default, the source's rules) or `official` (the 1985 rule book's
    /// border rule, as the public `gyges` engine plays).
    #[arg(long, value_delimiter = ',', value_name = "VARIANT")]
    pub variant: Vec<String>,
}

/// What the subcommands need from a game beyond the rules.
pub trait CliGame: Game + Sized {
    /// Builds the game from its options, refusing those that do not apply to it.
    fn from_args(args: &GameArgs) -> Result<Self>;

    /// The perft count; games with a faster counter than the generic one override it.
    fn perft(&self, state: &Self::State, depth: u32) -> u64 {
        trio_core::perft::perft(self, state, depth)
    }

    /// Whether seats hide something from each other (then hot-seat play hides the screen
    /// between turns and does not print chance outcomes).
    fn hidden_information(&self) -> bool;

    /// How moves are typed, for the play prompt's `help`.
    fn notation_help(&self) -> &'static str;
}

/// Runs `$run::<G>($args...)` with `G` the game type named by `$name`.
macro_rules! with_game {
    ($name:expr, $run:ident($($arg:expr),* $(,)?)) => {
        match $name {
            $crate::games::GameName::Gyges => $run::<trio_gyges::Gyges>($($arg),*),
        }
    };
}
pub(crate) use with_game;

fn single_variant<'a>(args: &'a GameArgs, game: &str) -> Result<Option<&'a str>> {
    match args.variant.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one)),
        _ => bail!("{game} takes one --variant, not {}", args.variant.join(",")),
    }
}

impl CliGame for trio_gyges::Gyges {
    fn from_args(args: &GameArgs) -> Result<Self> {
        let variant = match single_variant(args, "gyges")? {
            None => trio_gyges::Variant::default(),
            Some(v) => v.parse().map_err(|_| {
                anyhow::anyhow!("unknown gyges variant {v:?} (expected seed or official)")
            })?,
        };
        Ok(Self::new(variant))
    }

    fn perft(&self, state: &Self::State, depth: u32) -> u64 {
        trio_gyges::perft(state.position(), self.variant(), depth)
    }

    fn hidden_information(&self) -> bool {
        false
    }

    fn notation_help(&self) -> &'static str {
        "Moves: `b1-d3` (to an empty square), `b1-d3=e2` (replace the piece on d3, drop it on e2),\n\
         `b1-G` (leave the board across the opponent's edge: win). Setup: `setup 123321`\n\
         (piece values for files a..f)."
    }
}
