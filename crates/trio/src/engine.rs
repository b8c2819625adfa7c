//! `trio engine gyges`: the Gygès engine behind the Universal Gyges Interface (UGI), the
//! line protocol of the public `gyges_engine` 1.1.0, so that tools written for that engine
//! drive ours. As there, the engine always moves for South (the side at the bottom, rank
//! 1), squares are numbered 0–35 from a1 along each rank, rank 1 first, and leaving the
//! board is written as a move to 37 (South's goal, beyond rank 6; 36 is North's): the
//! notation of [`trio_gyges::ugi`]. Bad input is answered with one `error: ...` line; an
//! option value beyond what the engine can use is bounded, and an `info string` line says
//! so. Protocol: `docs/ugi.md`.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Result};
use clap::{Args, ValueEnum};
use trio_ai::gyges::{GygesEngine, SearchLimit, SearchResult};
use trio_gyges::ugi::{self, format_board, format_move, START};
use trio_gyges::{Move, Position, Setup, Side, Variant};

/// Which game's engine to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineGame {
    /// Gygès, speaking UGI like `gyges_engine` 1.1.0.
    Gyges,
}

#[derive(Debug, Args)]
pub struct EngineArgs {
    #[arg(value_enum)]
    pub game: EngineGame,
}

/// The longest search `maxTime` asks for, in seconds (about 31 years): a longer one is
/// bounded to it, as a deadline further away cannot be represented.
const MAX_TIME_SECS: f64 = 1e9;

/// Threads per core a search may run on, and at most in all, whatever `threads` asks:
/// beyond a few per core lazy SMP only costs memory.
const THREADS_PER_CORE: usize = 4;
const MAX_THREADS: usize = 256;

fn cores() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    // A reader that has gone away is no reason to stop the engine mid-search.
    if let Ok(mut out) = out.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// One UGI session: the options, the position and the search running in the background.
struct Session {
    out: Output,
    variant: Variant,
    max_ply: Option<u32>,
    max_time: Option<f64>,
    max_nodes: Option<u64>,
    threads: usize,
    position: Position,
    engine: Arc<Mutex<GygesEngine>>,
    stop: Arc<AtomicBool>,
    search: Option<JoinHandle<()>>,
    /// Whether the last search printed its `bestmove`: a client may send the next `go` as
    /// soon as it reads it, while the search's thread is still ending.
    answered: Arc<AtomicBool>,
    /// Whether the running search has no limit: only `stop` or the end of input ends it.
    endless: bool,
}

impl Session {
    fn new(out: Output) -> Session {
        let engine = GygesEngine::new(Variant::Official);
        let stop = engine.stop_flag();
        let position = board_position(START).expect("the start board is a position");
        Session {
            out,
            variant: Variant::Official,
            max_ply: None,
            max_time: None,
            max_nodes: None,
            // Like `gyges_engine`, search on every core unless told otherwise.
            threads: cores(),
            position,
            engine: Arc::new(Mutex::new(engine)),
            stop,
            search: None,
            answered: Arc::new(AtomicBool::new(true)),
            endless: false,
        }
    }

    /// Answers one line; false once the session is over.
    fn handle(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let result = match words.as_slice() {
            [] => Ok(()),
            ["ugi"] => {
                for l in [
                    "id name trio-gyges",
                    "id author trio",
                    "option maxPly",
                    "option maxTime",
                    "option maxNodes",
                    "option variant",
                    "option threads",
                    "ugiok",
                ] {
                    say(&self.out, l);
                }
                Ok(())
            }
            ["isready"] => {
                say(&self.out, "readyok");
                Ok(())
            }
            ["setoption", rest @ ..] => self.set_option(rest),
            ["setpos", rest @ ..] => self.set_position(rest),
            ["showpos"] => {
                say(
                    &self.out,
                    &format!(
                        "{} ({})",
                        format_board(&self.position.cells()),
                        self.position
                    ),
                );
                Ok(())
            }
            ["go"] => self.go(),
            ["stop"] => {
                self.stop();
                Ok(())
            }
            ["quit"] => {
                self.stop();
                return false;
            }
            _ => Err(anyhow!(
                "unknown command {:?} (ugi, isready, setoption, setpos, showpos, go, stop, quit)",
                line.trim()
            )),
        };
        if let Err(e) = result {
            say(&self.out, &format!("error: {e}"));
        }
        true
    }

    fn set_option(&mut self, words: &[&str]) -> Result<()> {
        let [name, value] = words else {
            bail!("setoption takes a name and a value, e.g. setoption maxTime 0.5");
        };
        match *name {
            "maxPly" => self.max_ply = Some(positive(value, name)?),
            "maxNodes" => self.max_nodes = Some(positive(value, name)?),
            "maxTime" => {
                let secs: f64 = value
                    .parse()
                    .map_err(|_| anyhow!("maxTime {value:?} is not a number of seconds"))?;
                if !(secs > 0.0 && secs.is_finite()) {
                    bail!("maxTime {value:?} must be a positive number of seconds");
                }
                if secs > MAX_TIME_SECS {
                    say(
                        &self.out,
                        &format!(
                            "info string maxTime {value} is more than {MAX_TIME_SECS:.0} seconds; using {MAX_TIME_SECS:.0}"
                        ),
                    );
                }
                self.max_time = Some(secs.min(MAX_TIME_SECS));
            }
            "variant" => self.variant = value.parse()?,
            "threads" => {
                let asked: usize = positive(value, name)?;
                let most = (cores() * THREADS_PER_CORE).min(MAX_THREADS);
                if asked > most {
                    say(
                        &self.out,
                        &format!(
                            "info string threads {value} is more than this machine can use \
                             ({THREADS_PER_CORE} per core, at most {MAX_THREADS}); using {most}"
                        ),
                    );
                }
                self.threads = asked.min(most);
            }
            _ => bail!("unknown option {name:?} (maxPly, maxTime, maxNodes, variant, threads)"),
        }
        Ok(())
    }

    fn set_position(&mut self, words: &[&str]) -> Result<()> {
        self.position = match words {
            ["start"] => board_position(START)?,
            ["data", board] => board_position(board)?,
            _ => bail!("setpos takes start or data <board>, e.g. setpos data {START}"),
        };
        Ok(())
    }

    fn go(&mut self) -> Result<()> {
        if self.search.is_some() && !self.answered.load(Ordering::Acquire) {
            bail!("already searching; send stop first");
        }
        self.stop();
        self.answered.store(false, Ordering::Release);
        let answered = Arc::clone(&self.answered);
        let limit = SearchLimit {
            depth: self.max_ply,
            nodes: self.max_nodes,
            time: self.max_time.map(Duration::from_secs_f64),
        };
        self.endless = limit.depth.is_none() && limit.nodes.is_none() && limit.time.is_none();
        let (engine, out, position, variant, threads) = (
            Arc::clone(&self.engine),
            Arc::clone(&self.out),
            self.position,
            self.variant,
            self.threads,
        );
        self.stop.store(false, Ordering::Relaxed);
        let handle = thread::Builder::new()
            .name("search".to_owned())
            .stack_size(64 << 20)
            .spawn(move || search(&engine, &out, &position, variant, threads, limit, &answered))?;
        self.search = Some(handle);
        Ok(())
    }

    /// Stops the search, if any, and waits for its `bestmove`.
    fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait();
    }

    /// At the end of the input: lets a search with a limit finish, so that a piped script
    /// gets its answer, and stops one without (it would never end); either prints its
    /// `bestmove`.
    fn finish(&mut self) {
        if self.endless {
            self.stop();
        } else {
            self.wait();
        }
    }

    /// Waits for the search, if any, to end and print its `bestmove`.
    fn wait(&mut self) {
        if let Some(handle) = self.search.take() {
            if handle.join().is_err() {
                say(&self.out, "error: the search failed");
            }
        }
    }
}

fn positive<T: std::str::FromStr + PartialOrd + Default>(value: &str, name: &str) -> Result<T> {
    match value.parse::<T>() {
        Ok(n) if n > T::default() => Ok(n),
        _ => bail!("{name} {value:?} must be a positive whole number"),
    }
}

/// The position of a `setpos data` board with South to move: a position in play, twelve
/// pieces, four of each value (the empty board, a home row alone or a won game's eleven
/// pieces are positions of ours, but not of UGI's).
fn board_position(board: &str) -> Result<Position> {
    let cells = ugi::parse_board(board)?;
    let setup = Setup {
        cells,
        side: Side::South,
    };
    let pos = Position::from_setup(&setup).map_err(|e| anyhow!("board {board:?}: {e}"))?;
    let pieces = pos.occupied().count_ones();
    if pieces != 12 {
        bail!("board {board:?} has {pieces} pieces; UGI plays from a position in play, twelve pieces, four of each value");
    }
    Ok(pos)
}

fn info_line(r: &SearchResult, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    let nps = if secs > 0.0 {
        (r.nodes as f64 / secs) as u64
    } else {
        0
    };
    let pv: Vec<String> = pv_moves(&r.pv);
    format!(
        "info ply {} bestmove {} score {} nodes {} nps {nps} time {secs:.3} pv {}",
        r.depth,
        format_move(r.best, Side::South),
        r.score,
        r.nodes,
        pv.join(" ")
    )
}

/// The line's moves, alternately South's and North's.
fn pv_moves(pv: &[Move]) -> Vec<String> {
    let sides = [Side::South, Side::North];
    pv.iter()
        .zip(sides.iter().cycle())
        .map(|(&mv, &side)| format_move(mv, side))
        .collect()
}

fn search(
    engine: &Mutex<GygesEngine>,
    out: &Output,
    position: &Position,
    variant: Variant,
    threads: usize,
    limit: SearchLimit,
    answered: &AtomicBool,
) {
    // Marked answered before the answer is printed, so that the `go` a client sends on
    // reading it finds the search done.
    let answer = |line: &str| {
        answered.store(true, Ordering::Release);
        say(out, line);
    };
    let Ok(mut engine) = engine.lock() else {
        answer("error: the engine is unusable after a failed search");
        return;
    };
    engine.set_variant(variant);
    engine.set_threads(threads);
    let started = Instant::now();
    let result = engine.search_position_with(position, limit, &mut |r| {
        say(out, &info_line(r, started.elapsed()))
    });
    match result {
        Some(r) => answer(&format!("bestmove {}", format_move(r.best, Side::South))),
        None => answer("bestmove none"),
    }
}

/// Serves UGI on standard input and output until `quit`, or until the end of the input
/// and then the end of the search running (stopped there if it has no limit).
pub fn run(_args: &EngineArgs) -> Result<()> {
    let out: Output = Arc::new(Mutex::new(Box::new(io::stdout())));
    let mut session = Session::new(out);
    for line in io::stdin().lock().lines() {
        if !session.handle(&line?) {
            return Ok(());
        }
    }
    session.finish();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_positions_in_play_are_boards() {
        assert!(board_position(START).is_ok());
        assert!(board_position("321123/000000").is_err());
        assert!(board_position("421123/000000/000000/000000/000000/321123").is_err());
        for board in [
            "000000/000000/000000/000000/000000/000000",
            "321123/000000/000000/000000/000000/000000",
            "000000/000000/000000/000000/000000/321123",
            "321123/000000/000000/000000/000000/021123",
        ] {
            assert!(board_position(board).is_err(), "{board}");
        }
    }
}
