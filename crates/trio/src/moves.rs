//! `trio moves`: the legal moves of a position, one per line, sorted.

use anyhow::Result;
use clap::Args;
use trio_core::{Game, Turn};

use crate::games::{with_game, CliGame, GameArgs};

#[derive(Debug, Args)]
#[command(
    after_help = "Example:\n  trio moves gyges --position \"321123/....../....../....../....../123321 S\""
)]
pub struct MovesArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The position, in the game's notation (see docs/rules/).
    #[arg(long)]
    pub position: String,
}

pub fn run(args: &MovesArgs) -> Result<()> {
    with_game!(args.game.game, list(args))
}

fn list<G: CliGame>(args: &MovesArgs) -> Result<()> {
    let game = G::from_args(&args.game)?;
    let state = parse_position(&game, &args.position)?;
    for line in move_lines(&game, &state) {
        println!("{line}");
    }
    Ok(())
}

/// Reads a position, saying which text failed and why.
pub fn parse_position<G: Game>(game: &G, text: &str) -> Result<G::State> {
    game.parse_position(text)
        .map_err(|e| anyhow::anyhow!("bad position {text:?}: {e}"))
}

/// The sorted lines `trio moves` prints: the mover's legal moves; at a chance event each
/// outcome with its probability; nothing once the game is over.
fn move_lines<G: Game>(game: &G, state: &G::State) -> Vec<String> {
    let mut lines = match game.turn(state) {
        Turn::Over => Vec::new(),
        Turn::Seat(_) => {
            let mut legal = Vec::new();
            game.legal_actions(state, &mut legal);
            legal.iter().map(|a| game.format_action(state, a)).collect()
        }
        Turn::Chance => {
            let mut outcomes = Vec::new();
            game.chance_outcomes(state, &mut outcomes);
            outcomes
                .iter()
                .map(|(a, p)| format!("{}\t{p:.4}", game.format_action(state, a)))
                .collect()
        }
    };
    lines.sort();
    lines
}
