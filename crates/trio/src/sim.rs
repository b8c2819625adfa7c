//! `trio sim`: the designer's lab. Plays many games of a spec (or several specs on the
//! same seeds) on all cores and writes `games.jsonl`, `report.md` and `report.html`;
//! Ctrl-C stops early and still writes the report of the games finished. The work is
//! `trio-lab`'s; this is its command line (docs/lab.md).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use trio_catalog::{AgentSpec, GameSpec};
use trio_lab::lab::{self, Ladder, Study, UntilClear};
use trio_lab::report;
use trio_lab::sim::ReviewPlan;

/// More threads than this only queue behind each other.
const MAX_THREADS: usize = 256;

#[derive(Debug, Args)]
#[command(
    about = "Play many games and report how the rules play: wins by seat and turn position \
with 95% intervals, draws, length, branching, how often each rule comes into play \
(games.jsonl, report.md, report.html).",
    after_help = "Agents: one for every seat or one per seat, comma-separated: random, ai:1 to \
ai:5, mcts:N. Different agents rotate seats from game to game as in trio match (agent K sits \
at seat K + game, modulo the seats), so each plays every seat equally often. Game i is seeded \
from --seed and i alone, so the same seed gives the same games on any number of threads, and \
--compare plays every spec on the same seeds.\n\n\
--until-clear FIGURE plays batches of --batch games per spec until the figure's difference \
from the first spec is clear, or within ±--negligible of zero, at a level that accounts for \
every look, up to --max-games; each spec stops once decided. For one spec the figure is \
judged against --against, by default the fair score ½ of a .score figure. FIGURE is a key \
from the report (default position.1.score: the first player's score, a win 1 and a draw ½). \
Ctrl-C stops and writes the report of the games finished. See docs/lab.md.\n\n\
How much is luck (section Luck and skill of the report, and the headline):\n\
--skill [LADDER] plays a skill ladder on every spec: each agent of LADDER (weakest first, \
default random,ai:1,ai:2,ai:3; add ai:4,ai:5 for the whole ladder, far slower) plays the one \
below --skill-games games, seats rotating, and the top plays the weakest. The report gives \
each rung's score against the one below (the skill trace), Bradley-Terry ratings, and the \
coin-flip share p = 2(1 - the top's score against the weakest): the share of results that \
would have to be coin flips for a game of pure skill to give that score (0: pure skill; \
1: pure chance). Two-seat games only.\n\
--duplicate plays every seed again with the seats swapped, as duplicate bridge replays a deal, \
and reports the deal's effect phi: the correlation of the first seat's score in a seed's two \
games.\n\
--stratify [N] balances the first N chance outcomes (default 2: Triles' colours and first \
player, Na orbicie's order and first roll) across the games, as backgammon rollouts do; a \
game still replays from its seed.\n\
--review N reviews the first N games of every spec at --review-level (as trio analyse does) \
and averages luck, skill lost, lead changes, drama and the decisiveness threshold; at \
--clarity N decisions of each (default 4) every legal move is valued, for the clarity: the share \
of the moves that are clearly good (at least 3/4 of the way from their mean value to the best).\n\n\
Examples:\n  trio sim triles --games 2000 --out lab/triles\n  trio sim --compare triles \
\"triles(variant=own-dots)\" --games 1000 --out lab/own-dots\n  trio sim --compare orbit \
\"orbit(board=crates/orbit/tests/boards/funnel.toml)\" --until-clear length --out lab/boards\n  \
trio sim --compare triles \"triles(variant=own-dots)\" --skill random,ai:1,ai:2 --skill-games 200 \
--duplicate --review 40 --out lab/luck"
)]
pub struct SimArgs {
    /// The game spec to study, e.g. `triles` or `"orbit(players=3)"`.
    #[arg(
        value_name = "GAME",
        required_unless_present = "compare",
        conflicts_with = "compare"
    )]
    pub game: Option<String>,

    /// Compare these specs, played on the same seeds; the first is the baseline.
    #[arg(long, num_args = 2.., value_name = "GAME")]
    pub compare: Vec<String>,

    /// Games per spec.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,

    /// Who plays: one agent for every seat, or one per seat (`ai:2,random`).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "random",
        value_name = "AGENTS"
    )]
    pub agents: Vec<AgentSpec>,

    /// Seed of the run: game i is seeded with sub_seed(seed, i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Threads playing at once, at most 256 (default: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,

    /// The folder for games.jsonl, report.md and report.html.
    #[arg(long, value_name = "DIR", default_value = "lab")]
    pub out: PathBuf,

    /// Play in batches until this figure is clear (see above).
    #[arg(long, value_name = "FIGURE", num_args = 0..=1, default_missing_value = "position.1.score")]
    pub until_clear: Option<String>,

    /// With --until-clear: games per spec between two looks.
    #[arg(long, default_value_t = 200)]
    pub batch: usize,

    /// With --until-clear: the most games per spec.
    #[arg(long, default_value_t = 5000)]
    pub max_games: usize,

    /// With --until-clear: the chance of a false claim over the whole run.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,

    /// With --until-clear and one spec: the value the figure is judged against
    /// (default ½ for a score; a share such as 0.5 or a mean such as 40).
    #[arg(long, value_name = "VALUE")]
    pub against: Option<f64>,

    /// With --until-clear: a difference whose interval lies within ±MARGIN is
    /// negligible, and decides its spec too (in the figure's units; shares and scores
    /// as fractions: 0.02 is 2 points).
    #[arg(long, value_name = "MARGIN")]
    pub negligible: Option<f64>,

    /// Play a skill ladder on every spec: these agents, weakest first (see above).
    #[arg(long, value_name = "LADDER", num_args = 0..=1, default_missing_value = "random,ai:1,ai:2,ai:3")]
    pub skill: Option<String>,

    /// With --skill: games of each pairing of the ladder.
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub skill_games: usize,

    /// Play every seed again with the seats swapped: the deal's effect φ.
    #[arg(long)]
    pub duplicate: bool,

    /// Balance the first N chance outcomes across the games (default 2).
    #[arg(long, value_name = "N", num_args = 0..=1, default_missing_value = "2")]
    pub stratify: Option<usize>,

    /// Review the first N games of every spec and average their luck, skill and dynamics.
    #[arg(long, value_name = "N")]
    pub review: Option<usize>,

    /// With --review: the judge's level, 1 to 5 (higher is sharper and slower).
    #[arg(long, default_value_t = 2, value_name = "LEVEL")]
    pub review_level: u8,

    /// With --review: value every legal move at N decisions of each reviewed game, for
    /// the clarity (0: none).
    #[arg(long, default_value_t = 4, value_name = "N")]
    pub clarity: usize,
}

/// An argument as a shell reads it back.
fn quote(arg: &str) -> String {
    let plain = !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./:=,+-@%".contains(c));
    if plain {
        arg.to_owned()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
}

pub fn run(args: &SimArgs) -> Result<ExitCode> {
    if args.threads > MAX_THREADS {
        bail!("--threads {} is more than {MAX_THREADS}", args.threads);
    }
    if args.games == 0 && args.until_clear.is_none() {
        bail!("--games must be at least 1");
    }
    if !(0.0 < args.alpha && args.alpha < 1.0) {
        bail!("--alpha {} is not between 0 and 1", args.alpha);
    }
    if !(1..=5).contains(&args.review_level) {
        bail!(
            "--review-level {} is not a level from 1 to 5",
            args.review_level
        );
    }
    let skill = match &args.skill {
        Some(ladder) => {
            if args.skill_games == 0 {
                bail!("--skill-games must be at least 1");
            }
            let rungs = ladder
                .split(',')
                .map(|a| {
                    a.trim()
                        .parse::<AgentSpec>()
                        .with_context(|| format!("--skill agent {a:?}"))
                })
                .collect::<Result<Vec<_>>>()?;
            Some(Ladder {
                rungs,
                games: args.skill_games,
            })
        }
        None => None,
    };
    let texts: Vec<&String> = match &args.game {
        Some(game) => vec![game],
        None => args.compare.iter().collect(),
    };
    let specs = texts
        .iter()
        .map(|t| t.parse::<GameSpec>().with_context(|| format!("game {t:?}")))
        .collect::<Result<Vec<_>>>()?;
    let until_clear = args.until_clear.as_ref().map(|figure| UntilClear {
        figure: figure.clone(),
        batch: args.batch,
        cap: args.max_games,
        alpha: args.alpha,
        against: args.against,
        margin: args.negligible,
    });
    let per_spec = if until_clear.is_some() {
        args.max_games
    } else {
        args.games
    };
    let study = Study {
        specs,
        agents: args.agents.clone(),
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        until_clear,
        stratify: args.stratify.unwrap_or(0),
        duplicate: args.duplicate,
        review: args.review.map(|games| ReviewPlan {
            games,
            level: args.review_level,
            clarity: args.clarity,
        }),
        skill,
    };
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        // A second Ctrl-C leaves at once.
        let _ = ctrlc::set_handler(move || {
            if stop.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
            eprintln!("stopping: finishing the games in progress, then writing the report");
        });
    }
    let per_spec = per_spec * (1 + usize::from(study.duplicate))
        + study.skill.as_ref().map_or(0, Ladder::games);
    let bar = ProgressBar::new((per_spec * study.specs.len()) as u64).with_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {per_sec}  {elapsed} (eta {eta})",
        )
        .expect("a valid template"),
    );
    let findings = lab::run(&study, &stop, &|| bar.inc(1))?;
    bar.finish_and_clear();
    let command = std::env::args()
        .map(|a| quote(&a))
        .collect::<Vec<_>>()
        .join(" ");
    let command = command
        .split_once(' ')
        .map_or(command.clone(), |(_, rest)| format!("trio {rest}"));
    let written = report::write(&args.out, &findings, &command)
        .with_context(|| format!("cannot write the report into {}", args.out.display()))?;
    for (i, summary) in findings.summaries.iter().enumerate() {
        let show = |key: &str, share: bool| {
            summary.figure(key).map_or(String::new(), |f| {
                report::estimate(&f.measure.estimate(trio_lab::stats::Z_95), share)
            })
        };
        println!(
            "{}: {} games; first player wins {}, scores {}; draws {}; length {}",
            summary.spec,
            summary.games,
            show("position.1.win", true),
            show("position.1.score", true),
            show("draw", true),
            show("length", false)
        );
        if let Some(ladder) = findings.skill.get(i) {
            println!(
                "  coin-flip share {} ({} against {})",
                report::estimate(&ladder.coin_flips, true),
                ladder.rungs.last().map_or("", String::as_str),
                ladder.rungs[0]
            );
        }
        if let Some(Some(d)) = findings.deal_effects.get(i) {
            println!(
                "  deal's effect φ {} over {} seeds played both ways",
                report::estimate(&d.phi, false),
                d.pairs
            );
        }
        if summary.figure("review.luck-share").is_some() {
            println!(
                "  reviewed: chance's share {}, lead changes {}, clarity {}",
                show("review.luck-share", true),
                show("review.lead-changes", false),
                show("review.clarity", true)
            );
        }
    }
    if let Some(v) = &findings.verdict {
        for j in &v.judged {
            let which = match j.status {
                lab::Status::Clear => "clear",
                lab::Status::Negligible => "negligible",
                lab::Status::Open => "not clear",
            };
            println!("{} {}: {which} after {} games", j.spec, v.figure, j.games);
        }
    }
    println!(
        "Wrote {}, {} and {}.",
        written.games.display(),
        written.markdown.display(),
        written.html.display()
    );
    if findings.interrupted {
        eprintln!("interrupted: the report covers the games finished");
        return Ok(ExitCode::from(130));
    }
    Ok(ExitCode::SUCCESS)
}
