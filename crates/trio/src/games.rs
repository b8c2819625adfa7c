//! How each game is built from the command line, and what the generic subcommands need
//! from a game beyond [`trio_core::Game`].

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use trio_ai::MctsBot;
use trio_core::{rng, Bot, Game, Turn};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameName {
    /// Gygès: 6×6, two players, neutral pieces that bounce and displace.
    Gyges,
    /// Na orbicie: 2–4 players, a die, pawns racing out over the orbits.
    Orbit,
    /// Triles: triangular tiles, hidden hands, a draw pool; lines, dots and loops.
    Triles,
}

/// The game and its options, shared by every subcommand that takes a game.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// Which game.
    #[arg(value_enum)]
    pub game: GameName,

    /// Rule variant, comma-separated where several combine.
    /// Gygès: `seed` (default, the source's rules) or `official` (the 1985 rule book's
    /// border rule, as the public `gyges` engine plays). Triles: any of `open-hands`,
    /// `open-pool`, `own-dots`.
    #[arg(long, value_delimiter = ',', value_name = "VARIANT")]
    pub variant: Vec<String>,

    /// Na orbicie: the number of players, 2 to 4 (default 2).
    #[arg(long)]
    pub players: Option<usize>,

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
    /// Refuses the options set here that `game` does not take.
    fn only(&self, game: &str, takes: &[&str]) -> Result<()> {
        let set = [
            ("--variant", !self.variant.is_empty()),
            ("--players", self.players.is_some()),
            ("--order", self.order.is_some()),
            ("--board", self.board.is_some()),
            ("--tiles", self.tiles.is_some()),
        ];
        match set.iter().find(|(name, on)| *on && !takes.contains(name)) {
            Some((name, _)) => bail!("{game} has no {name} option"),
            None => Ok(()),
        }
    }
}

/// Reads a definition file (a board, a tile set), naming it in any error.
fn read_definition(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
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

    /// The AI at a strength level from 1 to 5.
    fn bot_for_level(level: u8) -> Box<dyn Bot<Self>> {
        trio_ai::bot_for_level(level)
    }

    /// The move the AI at `level` would play for the seat to move, with its evaluation in
    /// words. Searches from that seat's view only.
    fn hint(&self, state: &Self::State, level: u8, seed: u64) -> Result<Hint> {
        mcts_hint(self, state, level, seed)
    }
}

/// The hint of MCTS at `level`: its choice and the expected score it found.
fn mcts_hint<G: CliGame>(game: &G, state: &G::State, level: u8, seed: u64) -> Result<Hint> {
    let bot = MctsBot::<G>::new(trio_ai::level_config(level));
    mcts_bot_hint(game, state, bot, seed)
}

/// The hint of `bot`, an MCTS bot with any evaluator: its choice and the expected score
/// it found.
fn mcts_bot_hint<G: CliGame, E: trio_ai::Evaluator<G>>(
    game: &G,
    state: &G::State,
    mut bot: MctsBot<G, E>,
    seed: u64,
) -> Result<Hint> {
    let Turn::Seat(seat) = game.turn(state) else {
        bail!("no seat is to move in this position");
    };
    let view = game.view(state, seat);
    let action = bot
        .choose(game, &view, seat, &mut rng::seeded(seed))
        .context("the AI found no move")?;
    let evaluation = match bot.last_search() {
        Some(report) => format!(
            "expected score {:.2} for {} (0 loss, 0.5 even, 1 win; {} simulations)",
            report.value,
            game.seat_name(seat),
            report.iterations
        ),
        None => "the only legal move".to_owned(),
    };
    Ok(Hint {
        action: game.format_action(state, &action),
        evaluation,
    })
}

fn count_plies(n: i32) -> String {
    if n == 1 {
        "1 ply".to_owned()
    } else {
        format!("{n} plies")
    }
}

/// A suggested move and what the AI thinks of the position after it.
#[derive(Clone, Debug)]
pub struct Hint {
    pub action: String,
    pub evaluation: String,
}

/// Runs `$run::<G>($args...)` with `G` the game type named by `$name`.
macro_rules! with_game {
    ($name:expr, $run:ident($($arg:expr),* $(,)?)) => {
        match $name {
            $crate::games::GameName::Gyges => $run::<trio_gyges::Gyges>($($arg),*),
            $crate::games::GameName::Orbit => $run::<trio_orbit::Orbit>($($arg),*),
            $crate::games::GameName::Triles => $run::<trio_triles::Triles>($($arg),*),
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
        args.only("gyges", &["--variant"])?;
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

    fn bot_for_level(level: u8) -> Box<dyn Bot<Self>> {
        trio_ai::gyges_bot_for_level(level)
    }

    /// Levels 2–5 ask the alpha-beta engine, whose score is more telling than MCTS's.
    fn hint(&self, state: &Self::State, level: u8, seed: u64) -> Result<Hint> {
        let Some(limit) = trio_ai::gyges_level_limit(level) else {
            return mcts_hint(self, state, level, seed);
        };
        let mut engine = trio_ai::GygesEngine::new(self.variant());
        let Turn::Seat(seat) = self.turn(state) else {
            bail!("no seat is to move in this position");
        };
        let side = self.seat_name(seat);
        let result = engine
            .search(self, state, limit)
            .context("the game is over")?;
        let evaluation = match trio_ai::gyges::plies_to_end(result.score) {
            Some(plies) if plies > 0 => format!("{side} wins in {}", count_plies(plies)),
            Some(plies) => format!("{side} loses in {}", count_plies(-plies)),
            None => format!(
                "score {:+} for {side} (depth {}, {} nodes; line {})",
                result.score,
                result.depth,
                result.nodes,
                result
                    .pv
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        };
        Ok(Hint {
            action: result.best.to_string(),
            evaluation,
        })
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

impl CliGame for trio_orbit::Orbit {
    fn from_args(args: &GameArgs) -> Result<Self> {
        args.only("orbit", &["--players", "--order", "--board"])?;
        let mut options = trio_orbit::Options::default();
        if let Some(players) = args.players {
            options.players = players;
        }
        if let Some(path) = &args.board {
            options.board = trio_orbit::Board::from_toml(&read_definition(path)?)
                .with_context(|| format!("bad board file {}", path.display()))?;
        }
        if let Some(letters) = &args.order {
            let order = letters
                .chars()
                .map(|c| {
                    trio_orbit::Colour::from_letter(c)
                        .with_context(|| format!("--order: {c:?} is not a colour (r, g, b, y)"))
                })
                .collect::<Result<Vec<_>>>()?;
            if args.players.is_none() {
                options.players = order.len();
            }
            options.order = Some(order);
        }
        Ok(Self::new(options)?)
    }

    fn hidden_information(&self) -> bool {
        false
    }

    fn bot_for_level(level: u8) -> Box<dyn Bot<Self>> {
        trio_ai::orbit_bot_for_level(level)
    }

    /// Asks the same search as [`Self::bot_for_level`], with the race evaluator.
    fn hint(&self, state: &Self::State, level: u8, seed: u64) -> Result<Hint> {
        mcts_bot_hint(self, state, trio_ai::orbit_mcts_for_level(level), seed)
    }

    fn notation_help(&self) -> &'static str {
        "Fields are `<orbit>.<field>` (`3.7`), the centre `C`, home `H`.\n\
         Actions: `roll` (while you have a pawn in the centre), `enter 1.5` after an even roll,\n\
         `move 3.7-4.7` (the engine finds the path), a capture names where the captured pawn\n\
         goes: `move 3.7-4.7>3.2`; `move 6.3-H` reaches home; `pass` when nothing else is possible."
    }
}

impl CliGame for trio_triles::Triles {
    fn from_args(args: &GameArgs) -> Result<Self> {
        args.only("triles", &["--variant", "--tiles"])?;
        let mut options = trio_triles::Options::default();
        for name in &args.variant {
            options.variants = options.variants.with(name.parse()?);
        }
        if let Some(path) = &args.tiles {
            options.tile_set = trio_triles::TileSet::from_toml(&read_definition(path)?)
                .with_context(|| format!("bad tile-set file {}", path.display()))?;
        }
        Ok(Self::new(options))
    }

    fn hidden_information(&self) -> bool {
        !self.variants().open_hands
    }

    fn bot_for_level(level: u8) -> Box<dyn Bot<Self>> {
        trio_ai::triles_bot_for_level(level)
    }

    /// Asks the same search as [`Self::bot_for_level`], with the Triles rollouts.
    fn hint(&self, state: &Self::State, level: u8, seed: u64) -> Result<Hint> {
        mcts_bot_hint(self, state, trio_ai::triles_mcts_for_level(level), seed)
    }

    fn notation_help(&self) -> &'static str {
        "Place a tile: `A@3,-1,2` (type A on cell x=3, y=-1, rotation 2). Up cells (x+y even)\n\
         have edges L, R and a flat bottom; down cells a flat top. Rotation r puts the tile's\n\
         terminal i on edge order[(i+r) mod 3], clockwise from L (up) or R (down).\n\
         Other actions: `draw` (no placement possible), `pass` (empty pool, or an owed extra\n\
         placement you cannot make), `give K` (wedge: give tile K to the opponent), `give -`."
    }
}
