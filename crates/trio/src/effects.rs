//! `trio effects triles`: what one placement would do — dots, loops and closed lines per
//! colour, whether it is a wedge — or which rule forbids it.

use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Args;
use trio_core::Game;
use trio_triles::{Action, Colour, Triles};

use trio_catalog::{CatalogGame, GameKind};

use crate::args::GameArgs;

#[derive(Debug, Args)]
#[command(
    after_help = "Prints one line per colour and one for the wedge; for a move the rules \
forbid, `illegal:` and the rule it breaks (exit code 1).\n\nExample:\n  trio effects triles \
--position \"C@0,0,0 A@0,-1,2 | B:A2B2C2D1 | W:A1B2C1D2E1J1 | pool:A5B5C5D6F1G1H1I1K1L1M1N1O1P1Q1R1S1T1 | W\" --move C@1,0,0"
)]
pub struct EffectsArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The position, in the game's notation (see docs/rules/triles.md).
    #[arg(long, allow_hyphen_values = true)]
    pub position: String,

    /// The placement to examine, like `A@1,0,2` (type @ x, y, rotation).
    #[arg(long = "move", value_name = "PLACEMENT")]
    pub placement: String,
}

pub fn run(args: &EffectsArgs) -> Result<ExitCode> {
    let spec = args.game.spec()?;
    if spec.kind != GameKind::Triles {
        bail!("effects is for triles only, not {}", spec.kind);
    }
    let game = Triles::from_spec_files(&spec)?;
    let state = game
        .parse_position(&args.position)
        .map_err(|e| anyhow::anyhow!("bad position: {e}"))?;
    let placement = match game.parse_action(&state, &args.placement) {
        Ok(Action::Place(p)) => p,
        Ok(_) => bail!("{:?} is not a placement like A@1,0,2", args.placement),
        Err(e) => bail!("bad placement {:?}: {e}", args.placement),
    };
    match game.effects(&state, placement) {
        Ok(effects) => {
            println!("legal: {}", args.placement);
            for colour in Colour::ALL {
                println!(
                    "{colour}: {} dots, {} loops, {} lines closed",
                    effects.dots(colour),
                    effects.loops(colour),
                    effects.closed(colour)
                );
            }
            let wedge = if effects.is_wedge() { "yes" } else { "no" };
            println!("wedge: {wedge} ({} neighbours)", effects.neighbours);
            Ok(ExitCode::SUCCESS)
        }
        Err(violation) => {
            println!("illegal: {violation}");
            Ok(ExitCode::FAILURE)
        }
    }
}
