//! `trio rules`: the complete rules of a game, in English or Polish, as `docs/rules/`
//! has them (the web UI shows the same text).

use anyhow::Result;
use clap::{Args, ValueEnum};
use trio_catalog::GameKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    /// English.
    En,
    /// Polski.
    Pl,
}

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  trio rules gyges\n  trio rules orbit --lang pl | less")]
pub struct RulesArgs {
    /// The game: gyges, triles or orbit.
    #[arg(value_name = "GAME")]
    pub game: String,

    /// The language of the text.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    pub lang: Lang,

    /// Also print how the engine implements each rule, with the tests that cover it.
    #[arg(long)]
    pub developers: bool,
}

/// The rules pages, built into the binary.
pub fn text(game: GameKind, lang: Lang) -> &'static str {
    match (game, lang) {
        (GameKind::Gyges, Lang::En) => include_str!("../../../docs/rules/gyges.md"),
        (GameKind::Gyges, Lang::Pl) => include_str!("../../../docs/rules/gyges.pl.md"),
        (GameKind::Triles, Lang::En) => include_str!("../../../docs/rules/triles.md"),
        (GameKind::Triles, Lang::Pl) => include_str!("../../../docs/rules/triles.pl.md"),
        (GameKind::Orbit, Lang::En) => include_str!("../../../docs/rules/orbit.md"),
        (GameKind::Orbit, Lang::Pl) => include_str!("../../../docs/rules/orbit.pl.md"),
    }
}

/// Where the section for developers starts, which players do not need.
const FOR_DEVELOPERS: &str = "\n## For developers";

pub fn run(args: &RulesArgs) -> Result<()> {
    let spec: trio_catalog::GameSpec = args.game.parse()?;
    let text = text(spec.kind, args.lang);
    let shown = match text.find(FOR_DEVELOPERS) {
        Some(cut) if !args.developers => &text[..cut],
        _ => text,
    };
    println!("{}", for_the_terminal(shown).trim_end());
    Ok(())
}

/// The text without the lines that mark its passages for the terminal only
/// (`<!-- cli -->`, `<!-- /cli -->`, which the web page leaves out with what they hold),
/// and a board's fence (`board <game> <position> …`, which the web page draws its own
/// way) plain.
fn for_the_terminal(text: &str) -> String {
    text.lines()
        .filter(|line| !matches!(*line, "<!-- cli -->" | "<!-- /cli -->"))
        .map(|line| match line.starts_with("```board ") {
            true => "```\n".to_owned(),
            false => format!("{line}\n"),
        })
        .collect()
}
