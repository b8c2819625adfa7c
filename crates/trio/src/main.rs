//! `trio`: play and study Triles, Gygès and Na orbicie from the terminal.
//!
//! Every subcommand works on games through the catalog (`trio-catalog`): a game is named
//! by a spec string, and played through the core referee. Errors end the program with exit
//! code 2 and one line saying what is wrong and where.

mod analyse;
mod args;
mod bench;
mod book;
mod effects;
mod engine;
mod games;
mod hint;
mod load;
mod matches;
mod moves;
mod perft;
mod play;
mod print;
mod replay;
mod rules;
mod seats;
mod serve;
mod sim;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "trio",
    version,
    about = "Play and study three abstract board games: Triles, Gygès and Na orbicie.",
    long_about = "Play and study three abstract board games: Triles (tiles, hidden hands), \
Gygès (6×6, neutral pieces that bounce) and Na orbicie (2–4 players, a die, seven orbits).\n\n\
Positions and moves are written in each game's notation, described in docs/rules/.",
    after_help = "Examples:\n  trio play gyges\n  trio moves gyges --position \"321123/....../....../....../....../123321 S\"\n  trio perft gyges --position \"321123/....../....../....../....../123321 S\" --depth 3"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play a game in the terminal: people at one keyboard (hot seat), or against the AI
    /// with `--seat 2=ai:3`.
    Play(play::PlayArgs),
    /// The complete rules of a game, in English or Polish (`--lang pl`).
    Rules(rules::RulesArgs),
    /// The games with their seats and options: what each option takes, its default and
    /// what it does.
    Games,
    /// Continue a game left with `quit` (or any unfinished record) where it stopped.
    Resume(play::ResumeArgs),
    /// Check a game record action by action and show how it ended.
    Replay(replay::ReplayArgs),
    /// Review a game move by move: each position's value, what each move cost and each
    /// roll or draw gave, and each result split into luck and skill.
    #[command(visible_alias = "analyze")]
    Analyse(analyse::AnalyseArgs),
    /// List the legal moves of a position, one per line, sorted.
    Moves(moves::MovesArgs),
    /// What a Triles placement would do (dots, loops, closed lines, wedge), or why it is
    /// illegal.
    Effects(effects::EffectsArgs),
    /// Count the move sequences of a given length from a position (tests move generation).
    Perft(perft::PerftArgs),
    /// The move the AI would play in a position, and its evaluation.
    Hint(hint::HintArgs),
    /// Two agents play many games against each other, each start twice with the seats
    /// swapped; prints results with 95% intervals, or stops when an SPRT (`--sprt`) decides.
    Match(matches::MatchArgs),
    /// Write a book of starts (Gygès setups, or seeds) for `trio match --book`.
    Book(book::BookArgs),
    /// Each engine's search signature (nodes over fixed positions) and nodes per second.
    Bench(bench::BenchArgs),
    Sim(sim::SimArgs),
    Print(print::PrintArgs),
    /// Serve an engine over a line protocol on standard input and output: for Gygès, the
    /// Universal Gyges Interface of `gyges_engine` (docs/ugi.md).
    Engine(engine::EngineArgs),
    /// The game server: HTTP and WebSocket, games kept in an SQLite file or in PostgreSQL
    /// for several instances (docs/api.md, docs/deploy.md).
    Serve(serve::ServeArgs),
    /// Play many games at once against a running server and measure it (loopback only).
    Load(load::LoadArgs),
    /// Check a server's record: the seed, game, seats and start match its commitment, and the
    /// seed deals every roll and draw.
    Verify(verify::VerifyArgs),
}

/// The longest error line printed: the start and end of a longer one are kept.
const MAX_ERROR_CHARS: usize = 400;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(),
        Err(e) => {
            // Clap quotes the offending value whole; a pasted novel stays one short line.
            let text = e.render().to_string();
            for line in text.lines() {
                eprintln!("{}", trio_core::shorten(line, MAX_ERROR_CHARS));
            }
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Effects(args) => effects::run(&args),
        Command::Play(args) => play::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Rules(args) => rules::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Games => {
            games::run();
            Ok(ExitCode::SUCCESS)
        }
        Command::Resume(args) => play::resume(&args).map(|()| ExitCode::SUCCESS),
        Command::Replay(args) => replay::run(&args),
        Command::Analyse(args) => analyse::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Moves(args) => moves::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Perft(args) => perft::run(&args),
        Command::Hint(args) => hint::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Match(args) => matches::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Book(args) => book::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Bench(args) => bench::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Sim(args) => sim::run(&args),
        Command::Print(args) => print::run(&args),
        Command::Engine(args) => engine::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Serve(args) => serve::run(&args),
        Command::Load(args) => load::run(&args),
        Command::Verify(args) => verify::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            let message = format!("{error:#}");
            eprintln!("error: {}", trio_core::shorten(&message, MAX_ERROR_CHARS));
            ExitCode::from(2)
        }
    }
}
