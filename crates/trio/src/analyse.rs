//! `trio analyse`: a finished game reviewed move by move — each position's value for each
//! seat, what each decision cost, what each roll or draw gave, and each seat's result
//! taken apart into luck and skill (`docs/review.md`).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use trio_ai::review::{Review, LARGE_RESIDUAL, NOISE_MARGIN};
use trio_catalog::excerpt;
use trio_core::Seat;

use crate::replay::read_record;

#[derive(Debug, Args)]
#[command(
    after_help = "How to read it (docs/review.md): every value is a seat's expected \
score, 1 for a win, 0.5 even, 0 for a loss. A move's loss is how much less it left its \
player than the best move found: from 0.05 an inaccuracy, 0.10 a mistake, 0.20 a blunder. \
A roll or draw's luck is the value after it minus the average over what it could have \
been. Each result is taken apart as start + luck − own moves + others' moves + residual, \
the residual being what the judge's searches could not account for.\n\nExamples:\n  \
trio play gyges --seat 1=ai:2 --seat 2=ai:3 --record game.json\n  trio analyse game.json\n  \
trio analyse game.json --level 4 --html review.html\n  trio analyse game.json --json > review.json"
)]
pub struct AnalyseArgs {
    /// A record written by `trio play --record`, `trio match --records` or the server.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The judge's strength, 1 to 6: the search of that AI level (docs/ai.md), 6 the top
    /// level with twice its search; each level about five times the work of the one
    /// below. By default one level above the strongest player (6 for people), at least 3.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
    pub level: Option<u8>,

    /// Threads the judge searches on (by default every core): the review is the same on
    /// any number.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,

    /// Print the review as JSON (the shape of docs/review.md) instead of tables.
    #[arg(long)]
    pub json: bool,

    /// Also write an HTML page with the graph of each seat's value over the game.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// How many of a seat's costliest moves, and of the luckiest events, are listed.
const TOP: usize = 3;

/// Losses and luck smaller than this print as 0.00 and are not listed.
const SHOWN: f64 = 0.005;

pub fn run(args: &AnalyseArgs) -> Result<()> {
    let record = read_record(&args.file)?;
    let game = trio_catalog::record_game(&record)
        .with_context(|| format!("cannot set up the recorded game {}", excerpt(&record.game)))?;
    let live = game
        .replay(&record)
        .with_context(|| format!("{} does not replay", args.file.display()))?;
    let names: Vec<String> = (0..live.seat_count())
        .map(|s| live.seat_name(Seat(s as u8)))
        .collect();
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} positions and moves  {elapsed} (eta {eta})",
        )
        .expect("a valid template"),
    );
    let started = Instant::now();
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let review = game.review(&record, args.level, threads, &mut |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    let took = started.elapsed();
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&review).expect("a review always serializes")
        );
    }
    let tables = text(&review, &names);
    if !args.json {
        let seats: Vec<String> = names
            .iter()
            .zip(&record.seats)
            .map(|(name, agent)| format!("{name} ({agent})"))
            .collect();
        println!(
            "{}, seed {}: {}.\n{} Took {:.1} s on {threads} thread{}.\n",
            record.game,
            record.seed,
            seats.join(" vs "),
            judge_words(&review),
            took.as_secs_f64(),
            if threads == 1 { "" } else { "s" },
        );
        print!("{tables}");
    }
    if let Some(path) = &args.html {
        let title = format!("{} — review", record.game);
        std::fs::write(
            path,
            trio_lab::review::html(&title, &review, &names, &tables),
        )
        .with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

/// The review as tables: every step, the costliest moves, the luckiest events, the sums.
pub fn text(review: &Review, names: &[String]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let who =
        |seat: Option<u8>| seat.map_or("chance".to_owned(), |s| names[usize::from(s)].clone());
    let header: Vec<String> = names.iter().map(|n| format!("{n:>7.7}")).collect();
    let _ = writeln!(
        out,
        "{:>4}  {:<8} {:<22} {}   loss  note",
        "#",
        "by",
        "action",
        header.join(" ")
    );
    for (i, step) in review.steps.iter().enumerate() {
        let values: Vec<String> = step.after.iter().map(|v| format!("{v:>7.2}")).collect();
        let loss = step.skill_loss.map_or(String::new(), |l| format!("{l:.2}"));
        let note = match (&step.luck, step.label, &step.best) {
            (Some(luck), _, _) => luck
                .iter()
                .zip(names)
                .filter(|(l, _)| l.abs() >= SHOWN)
                .map(|(l, n)| format!("{n} {l:+.2}"))
                .collect::<Vec<_>>()
                .join(", "),
            (_, Some(label), Some(best)) => format!("{label:?}, better {best}").to_lowercase(),
            (_, Some(label), None) => format!("{label:?}").to_lowercase(),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "{:>4}  {:<8.8} {:<22.22} {}  {loss:>5}  {note}",
            i + 1,
            who(step.seat),
            step.action,
            values.join(" ")
        );
    }
    let _ = writeln!(out, "\nMoves that cost the most:");
    let mut costly: Vec<(usize, f64)> = review
        .steps
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.skill_loss.filter(|&l| l >= SHOWN).map(|l| (i, l)))
        .collect();
    costly.sort_by(|a, b| b.1.total_cmp(&a.1));
    if costly.is_empty() {
        let _ = writeln!(out, "  none: every move was the judge's choice or as good");
    }
    for &(i, loss) in costly.iter().take(TOP * names.len()) {
        let step = &review.steps[i];
        let better = step
            .best
            .as_ref()
            .map_or(String::new(), |b| format!(", better {b}"));
        let _ = writeln!(
            out,
            "  #{} {} {}: lost {loss:.2}{better}",
            i + 1,
            who(step.seat),
            step.action
        );
    }
    let mut lucky: Vec<(usize, f64)> = review
        .steps
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            s.luck
                .as_ref()
                .map(|l| (i, l.iter().map(|x| x.abs()).fold(0.0, f64::max)))
        })
        .filter(|&(_, l)| l >= SHOWN)
        .collect();
    if !lucky.is_empty() {
        lucky.sort_by(|a, b| b.1.total_cmp(&a.1));
        let _ = writeln!(out, "\nRolls and draws that mattered most:");
        for &(i, _) in lucky.iter().take(TOP * names.len()) {
            let step = &review.steps[i];
            let luck = step.luck.as_ref().expect("a chance step");
            let by: Vec<String> = luck
                .iter()
                .zip(names)
                .map(|(l, n)| format!("{n} {l:+.2}"))
                .collect();
            let _ = writeln!(out, "  #{} {}: {}", i + 1, step.action, by.join(", "));
        }
    }
    let _ = writeln!(
        out,
        "\nEach result taken apart (start + luck − own moves + others' moves + residual = result):"
    );
    for (seat, s) in review.seats.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {:<8} {:.2} {:+.2} − {:.2} {:+.2} {:+.2} = {:.2}   ({}: {}, {}, {})",
            names[seat],
            s.start,
            s.luck,
            s.skill,
            s.others,
            s.residual,
            s.result,
            count(s.decisions, "decision"),
            count(s.inaccuracies, "inaccuracy"),
            count(s.mistakes, "mistake"),
            count(s.blunders, "blunder"),
        );
    }
    let d = &review.dynamics;
    let chance = review.steps.iter().any(|s| s.luck.is_some());
    let share = if chance {
        format!(
            "chance made {:.0}% of what moved the values",
            100.0 * d.luck_share
        )
    } else {
        "nothing was left to chance".to_owned()
    };
    let _ = writeln!(
        out,
        "\nHow it went: {} lead changes; the winner stood {:.2} behind on average, {:.2} at worst; \
         no lead above {:.2} was lost, and {:.0}% of the game came after the winner passed it for \
         good; {share}.",
        d.lead_changes,
        d.drama,
        d.drama_max,
        d.loser_peak,
        100.0 * d.decided_share,
    );
    for (seat, s) in review.seats.iter().enumerate() {
        let luck = match chance {
            false => String::new(),
            true if s.luck < 0.0 => format!(" lost {:.2} to chance and", -s.luck),
            true => format!(" gained {:.2} from chance and", s.luck),
        };
        let _ = writeln!(
            out,
            "  {}{luck} lost {:.2} to its own moves; the judge could not account for {:.2} \
             of this result.",
            names[seat],
            s.skill,
            s.residual.abs()
        );
    }
    let n = &review.noise;
    let _ = writeln!(
        out,
        "\nHow sure the judge is: looked at twice, {} positions moved by {:.2} (root mean \
         square), so a move is labelled only from a loss of {:.2} ({NOISE_MARGIN} times that, \
         and at least 0.05).",
        n.positions,
        n.spread,
        n.least_label()
    );
    let worst = review
        .seats
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.residual.abs().total_cmp(&b.1.residual.abs()));
    if let Some((seat, s)) = worst.filter(|(_, s)| s.residual.abs() >= LARGE_RESIDUAL) {
        let stronger = review
            .judge_level
            .filter(|&l| l < *trio_ai::JUDGE_LEVELS.end())
            .map_or(String::new(), |l| {
                format!(" A stronger judge (--level {}) may place it.", l + 1)
            });
        let _ = writeln!(
            out,
            "The judge was out of its depth in this game: it could not account for {:.2} of \
             {}'s result.{stronger}",
            s.residual.abs(),
            names[seat]
        );
    }
    out
}

/// Who judged and how it compares to the players: a judge no stronger than a player
/// mis-scores that player's moves, so the words say so.
pub fn judge_words(review: &Review) -> String {
    let (Some(judge), Some(players)) = (review.judge_level, review.players_level) else {
        return format!("Judged by {}.", review.judge);
    };
    let top = if judge > *trio_ai::LEVELS.end() {
        ", the top level with more search"
    } else {
        ""
    };
    let name = &review.judge;
    if judge > players {
        let above = judge - players;
        format!(
            "Judged by level {judge} ({name}{top}), {} above the strongest player (level \
             {players}).",
            count(usize::from(above), "level")
        )
    } else {
        format!(
            "Judged by level {judge} ({name}), no stronger than the strongest player (level \
             {players}): its verdicts on that player's moves are doubtful. Leave out --level \
             for a judge above every player."
        )
    }
}

/// `n` things, in English: `1 mistake`, `2 mistakes`, `3 inaccuracies`.
fn count(n: usize, thing: &str) -> String {
    match (n, thing.strip_suffix('y')) {
        (1, _) => format!("1 {thing}"),
        (_, Some(stem)) => format!("{n} {stem}ies"),
        (_, None) => format!("{n} {thing}s"),
    }
}
