//! `trio match`: two agents play many games against each other in parallel, each start
//! played once with agent A in every seat (a pair, seats swapped, for two seats), and the
//! results come with 95% intervals; `--sprt` stops as soon as a sequential test decides.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use trio_ai::{score_to_elo, Pentanomial, Sprt, SprtVerdict, Z_95};
use trio_catalog::{AgentSpec, AnyGame, MatchPlan};
use trio_core::rng;

use crate::args::GameArgs;

/// More threads than this only queue behind each other, and each holds a search's memory.
const MAX_THREADS: usize = 256;

/// The games of a match without `--games`: a cap for a sequential test, else this many.
const DEFAULT_GAMES: usize = 100;
const DEFAULT_SPRT_GAMES: usize = 20_000;

/// Pairs between two progress lines when no progress bar is drawn (output to a file).
const PROGRESS_EVERY: usize = 10;

#[derive(Debug, Args)]
#[command(
    after_help = "Agents: random, ai:1 to ai:5 (each game's strength levels), think:SECONDS \
(the strongest AI on a clock), mcts:N (plain MCTS with N iterations a move and random rollouts, \
the same for every game) or ugi:COMMAND[;NAME=VALUE...] (an external Gygès engine and the \
options it is given); see docs/ai.md.\n\n\
Paired openings: each start is played once with A in every seat, so that a start's luck \
counts for both agents alike. A start is a seed (Triles, Na orbicie: it deals the tiles or \
the dice) or a position (Gygès: both setups, drawn from the seed). With two seats the pairs \
are scored 0, ½, 1, 1½ or 2 for A (the pentanomial line) and A's score gets an interval from \
the pairs' variance. --unpaired plays every game from a new start with seats alternating \
(agents then choose their own Gygès setups). The same --seed (or --book) replays the same \
match on any machine.\n\n\
Examples:\n  trio match gyges --a ai:3 --b ai:1 --games 100 --records games/\n  \
trio book gyges --starts 200 --seed 7 > gyges.book\n  \
trio match gyges --a ai:4 --b ai:3 --book gyges.book --sprt 0,20 --threads 1\n  \
trio match gyges --a think:0.45 --b \"ugi:gyges_engine;maxPly=4\" --sprt 0,50 --threads 1"
)]
pub struct MatchArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The first agent, e.g. `ai:3`.
    #[arg(long, value_name = "AGENT")]
    pub a: AgentSpec,

    /// The second agent (every other seat with 3 or 4 players), e.g. `random`.
    #[arg(long, value_name = "AGENT")]
    pub b: AgentSpec,

    /// How many games, a whole number of starts (even, for two seats): e.g. `--games 200`
    /// is 100 pairs. Default: 100 (102 for three seats); with --book, every start of the
    /// book once; with --sprt, 20000 at most (the book repeats when shorter).
    #[arg(long)]
    pub games: Option<usize>,

    /// Seed of the match: the starts (without --book), every game's chance and the agents'
    /// randomness follow from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Play the starts of this book, one a line, in order: a seed, or a position in the
    /// game's notation; `#` starts a comment. Written by `trio book`, e.g.
    /// `--book gyges.book`.
    #[arg(long, value_name = "FILE", conflicts_with = "unpaired")]
    pub book: Option<PathBuf>,

    /// Every game from a new start of its own, seats alternating, instead of pairs.
    #[arg(long)]
    pub unpaired: bool,

    /// Sequential test of A's strength over B in logistic Elo, H0: elo = ELO0 against H1:
    /// elo = ELO1, on the pairs (two seats only): the match stops as soon as one is
    /// accepted, e.g. `--sprt 0,10` (is A 10 Elo better, or no better at all?).
    #[arg(long, value_name = "ELO0,ELO1", value_parser = parse_elo_pair, conflicts_with = "unpaired", allow_hyphen_values = true)]
    pub sprt: Option<(f64, f64)>,

    /// The SPRT's chance of accepting H1 when H0 is true (false positive), e.g. `0.05`.
    #[arg(long, default_value_t = 0.05, requires = "sprt", value_parser = parse_probability)]
    pub alpha: f64,

    /// The SPRT's chance of accepting H0 when H1 is true (false negative), e.g. `0.05`.
    #[arg(long, default_value_t = 0.05, requires = "sprt", value_parser = parse_probability)]
    pub beta: f64,

    /// Threads playing games at once, at most 256 (default: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,

    /// Write each game's record into this folder (game-0001.json, …), for `trio replay`;
    /// with --sprt, also the games still being played when the test decided.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
}

/// `ELO0,ELO1` with `ELO0 < ELO1`.
fn parse_elo_pair(text: &str) -> Result<(f64, f64), String> {
    let (low, high) = text
        .split_once(',')
        .ok_or_else(|| format!("{text:?} is not ELO0,ELO1 (e.g. 0,10)"))?;
    let number = |t: &str| {
        t.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && x.abs() < 1000.0)
            .ok_or_else(|| format!("{t:?} is not an Elo difference between -1000 and 1000"))
    };
    let (elo0, elo1) = (number(low)?, number(high)?);
    if elo0 >= elo1 {
        return Err(format!("ELO0 {elo0} must be below ELO1 {elo1}"));
    }
    Ok((elo0, elo1))
}

fn parse_probability(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|p| *p > 0.0 && *p < 0.5)
        .ok_or_else(|| format!("{text:?} is not a probability above 0 and below 0.5"))
}

/// The lines of a book that are starts: blank lines and `#` comments left out.
pub fn book_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or_default().trim())
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The games of the match and how many there are.
fn plan(args: &MatchArgs, game: &dyn AnyGame) -> Result<MatchPlan> {
    let seats = game.seat_count();
    if args.sprt.is_some() && seats != 2 {
        bail!("--sprt needs a two-seat game: {} has {seats}", game.spec());
    }
    if args.unpaired {
        let games = args.games.unwrap_or(DEFAULT_GAMES);
        if games == 0 {
            bail!("--games must be at least 1");
        }
        return Ok(MatchPlan::Rotating {
            games,
            seed: args.seed,
        });
    }
    let book = match &args.book {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let lines = book_lines(&text);
            if lines.is_empty() {
                bail!("{} has no starts", path.display());
            }
            Some(lines)
        }
        None => None,
    };
    let games = match (args.games, &book, args.sprt) {
        (Some(games), _, _) => games,
        (None, _, Some(_)) => DEFAULT_SPRT_GAMES,
        (None, Some(lines), None) => lines.len() * seats,
        (None, None, None) => DEFAULT_GAMES.next_multiple_of(seats),
    };
    if games == 0 || !games.is_multiple_of(seats) {
        bail!(
            "--games {games} is not a whole number of starts played {seats} times (one with A \
             in each seat): give a multiple of {seats}, or --unpaired"
        );
    }
    let starts = (0..games / seats)
        .map(|k| match &book {
            Some(lines) => lines[k % lines.len()].clone(),
            None => game.book_line(rng::sub_seed(args.seed, k as u64)),
        })
        .collect();
    Ok(MatchPlan::Paired {
        starts,
        seed: args.seed,
    })
}

/// `+35`, `-120`, `+∞`.
fn elo(score: f64) -> String {
    match score_to_elo(score) {
        e if e == f64::INFINITY => "+∞".to_owned(),
        e if e == f64::NEG_INFINITY => "-∞".to_owned(),
        // Adding zero turns −0 into 0.
        e => format!("{:+.0}", e + 0.0),
    }
}

/// `1 pair`, `2 pairs`.
fn pairs(n: usize) -> String {
    format!("{n} pair{}", if n == 1 { "" } else { "s" })
}

/// `LLR 1.23 (-2.94, 2.94)`.
fn llr_line(sprt: &Sprt, tally: &Pentanomial) -> String {
    let (lower, upper) = sprt.bounds();
    format!("LLR {:.2} ({lower:.2}, {upper:.2})", sprt.llr(tally))
}

pub fn run(args: &MatchArgs) -> Result<()> {
    if args.threads > MAX_THREADS {
        bail!("--threads {} is more than {MAX_THREADS}", args.threads);
    }
    let game = args.game.build()?;
    let plan = plan(args, game.as_ref())?;
    let total = match &plan {
        MatchPlan::Rotating { games, .. } => *games,
        MatchPlan::Paired { starts, .. } => starts.len() * game.seat_count(),
    };
    let sprt = args.sprt.map(|(elo0, elo1)| Sprt {
        elo0,
        elo1,
        alpha: args.alpha,
        beta: args.beta,
    });
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let bar = ProgressBar::new(total as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed} (eta {eta})  {msg}")
            .expect("a valid template"),
    );
    let write_error = std::sync::Mutex::new(None);
    let stop = |scores: &[f64]| {
        let Some(sprt) = &sprt else { return false };
        if !scores.len().is_multiple_of(2) {
            return false;
        }
        let tally = Pentanomial::from_games(scores);
        let line = llr_line(sprt, &tally);
        if bar.is_hidden() {
            if tally.pairs().is_multiple_of(PROGRESS_EVERY) {
                eprintln!("{}: {line}", pairs(tally.pairs()));
            }
        } else {
            bar.set_message(line);
        }
        sprt.verdict(&tally) != SprtVerdict::Continue
    };
    let summary = game.run_match(
        &args.a,
        &args.b,
        &plan,
        args.threads,
        &|done, index, record| {
            bar.set_position(done as u64);
            if let Some(dir) = &args.records {
                let path = dir.join(format!("game-{:04}.json", index + 1));
                if let Err(e) = std::fs::write(&path, record.to_json()) {
                    let mut slot = write_error.lock().expect("no panics while held");
                    slot.get_or_insert(format!("cannot write {}: {e}", path.display()));
                }
            }
        },
        &stop,
    )?;
    bar.finish_and_clear();
    if let Some(e) = write_error.into_inner().expect("no panics while held") {
        bail!(e);
    }
    let seats = game.seat_count();
    let how = match (&plan, seats) {
        (MatchPlan::Rotating { .. }, _) => "seats alternating".to_owned(),
        (MatchPlan::Paired { .. }, 2) => format!("{}, seats swapped", pairs(summary.games / 2)),
        (MatchPlan::Paired { .. }, _) => {
            format!("{} starts, A in every seat", summary.games / seats)
        }
    };
    let book = match &args.book {
        Some(path) => format!("book {}", path.display()),
        None => format!("seed {}", args.seed),
    };
    println!(
        "{}, {} games ({how}), {book}: A = {}, B = {} ({:.1} plies a game on average)",
        game.spec(),
        summary.games,
        args.a,
        args.b,
        summary.average_plies()
    );
    let names: Vec<String> = std::iter::once(format!("A {}", args.a))
        .chain((1..seats).map(|_| format!("B {}", args.b)))
        .collect();
    print!("{}", summary.table(&names));
    if matches!(plan, MatchPlan::Paired { .. }) && seats == 2 {
        let tally = summary.pentanomial();
        let interval = tally.interval(Z_95);
        let [p0, p1, p2, p3, p4] = tally.counts;
        println!(
            "pairs scoring 0, ½, 1, 1½, 2 for A: {p0} {p1} {p2} {p3} {p4}; A's score {:.3} \
             [{:.3}, {:.3}] from the pairs' variance, Elo {} [{}, {}]",
            tally.score(),
            interval.low,
            interval.high,
            elo(tally.score()),
            elo(interval.low),
            elo(interval.high)
        );
        if let Some(sprt) = &sprt {
            let verdict = match sprt.verdict(&tally) {
                SprtVerdict::H1 => format!(
                    "H1 accepted: A is better than B by {} Elo rather than {}",
                    sprt.elo1, sprt.elo0
                ),
                SprtVerdict::H0 => format!(
                    "H0 accepted: A is better than B by {} Elo (or less) rather than {}",
                    sprt.elo0, sprt.elo1
                ),
                SprtVerdict::Continue => "no decision within --games".to_owned(),
            };
            println!(
                "SPRT elo0 {}, elo1 {} (alpha {}, beta {}): {} after {}; {verdict}",
                sprt.elo0,
                sprt.elo1,
                sprt.alpha,
                sprt.beta,
                llr_line(sprt, &tally),
                pairs(tally.pairs())
            );
        }
    }
    if let Some(dir) = &args.records {
        println!("Records in {}.", dir.display());
    }
    Ok(())
}
