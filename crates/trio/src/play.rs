//! `trio play` and `trio resume`: a game at the terminal, people taking turns at one
//! keyboard (hot seat), any seat optionally taken by an AI agent. The core referee drives
//! the game; this file only talks to the people.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use clap::Args;
use trio_catalog::{excerpt, AgentSpec, Live, LEVELS};
use trio_core::{PlayError, Seat, Step, Turn};

use crate::args::GameArgs;
use crate::seats::{lineup, SeatArg};

#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  trio play gyges --seat 2=ai:3\n  \
trio play \"orbit(players=3)\" --seat 3=ai:2 --record game.json\n  trio play triles --seed 7\n\n\
At the prompt type a move in the game's notation, or `help` for the commands (moves, board,\n\
undo, hint, resign, quit). `quit` saves the game so that `trio resume FILE` continues it.")]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Who sits where, as N=WHO (seats count from 1): WHO is `human`, `random`, `ai:1` to
    /// `ai:5` (the strength levels), `think:SECONDS` (the strongest AI, thinking that long a
    /// move), `mcts:N` (plain MCTS, N iterations a move) or `ugi:COMMAND[;NAME=VALUE…]` (an
    /// external Gygès engine and its options), e.g. `--seat 2=ai:3`. Seats not named are
    /// people at this keyboard.
    #[arg(long = "seat", value_name = "N=WHO")]
    pub seats: Vec<SeatArg>,

    /// Seed for everything left to chance (dice, shuffles, draws); the same seed and the same
    /// moves replay the same game. Default: a fresh seed, printed at the start.
    #[arg(long)]
    pub seed: Option<u64>,

    /// Start from this position (in the game's notation) instead of a new game.
    #[arg(long, allow_hyphen_values = true)]
    pub position: Option<String>,

    /// Write the game's record (JSON) here when it ends or is left; `trio replay` checks
    /// it, `trio resume` continues it. Default when leaving: trio-GAME-SEED.json.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

#[derive(Debug, Args)]
#[command(after_help = "Example:\n  trio resume trio-gyges-42.json --seat 2=ai:4")]
pub struct ResumeArgs {
    /// A record written by `trio play` (when a game is left with `quit`, or with --record).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Change who sits where (N=WHO as for `trio play`); other seats keep their players.
    #[arg(long = "seat", value_name = "N=WHO")]
    pub seats: Vec<SeatArg>,

    /// Where to write the record when the game ends or is left (default: FILE itself).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

pub fn run(args: &PlayArgs) -> Result<()> {
    let game = args.game.build()?;
    let seats = lineup(game.seat_count(), &game.spec().to_string(), &args.seats)?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut live = game.start(seed, &seats, args.position.as_deref())?;
    println!(
        "{} — seed {seed}. Type `help` at the prompt for the notation and the commands.",
        live.spec().kind.title()
    );
    let default_file = PathBuf::from(format!("trio-{}-{seed}.json", live.spec().kind));
    Terminal::new(live.as_mut(), args.record.clone(), default_file).drive()
}

pub fn resume(args: &ResumeArgs) -> Result<()> {
    let record = crate::replay::read_record(&args.file)?;
    let game = trio_catalog::record_game(&record)
        .with_context(|| format!("cannot set up the recorded game {}", excerpt(&record.game)))?;
    let mut live = game.replay(&record)?;
    if live.turn() == Turn::Over {
        bail!("that game is over; `trio replay` shows how it ended");
    }
    let mut agents: Vec<AgentSpec> = record
        .seats
        .iter()
        .map(|s| s.parse().unwrap_or(AgentSpec::Human))
        .collect();
    for arg in &args.seats {
        let slot = agents
            .get_mut(arg.seat.index())
            .with_context(|| format!("this game has no {}", arg.seat))?;
        *slot = arg.who.clone();
    }
    for (s, agent) in agents.iter().enumerate() {
        live.set_agent(Seat(s as u8), agent)?;
    }
    println!(
        "{} — seed {}, resumed after {} actions.",
        live.spec().kind.title(),
        live.seed(),
        record.actions.len()
    );
    let file = args.record.clone().unwrap_or_else(|| args.file.clone());
    Terminal::new(live.as_mut(), Some(file.clone()), file).drive()
}

/// How many actions in a row without a person's turn are printed one by one.
const UNATTENDED_SHOWN: usize = 60;

/// Whom the terminal shows the game to, and where the record goes.
struct Terminal<'a> {
    live: &'a mut dyn Live,
    humans: Vec<Seat>,
    hidden: bool,
    record: Option<PathBuf>,
    default_file: PathBuf,
    /// Whether diagrams are seen from the other side of the table.
    flipped: bool,
}

impl<'a> Terminal<'a> {
    fn new(live: &'a mut dyn Live, record: Option<PathBuf>, default_file: PathBuf) -> Self {
        let humans = (0..live.seat_count())
            .map(|s| Seat(s as u8))
            .filter(|&s| !live.is_bot(s))
            .collect();
        let hidden = live.facts().hidden_information;
        // One person in the second seat sees their own side at the bottom (Gygès: North).
        let flipped = humans == [Seat(1)];
        Self {
            live,
            humans,
            hidden,
            record,
            default_file,
            flipped,
        }
    }

    /// Whose eyes the screen shows the game through: the one person at the keyboard, or a
    /// spectator's when several share it and the game hides things from them.
    fn viewer(&self) -> Option<Seat> {
        match self.humans.as_slice() {
            [only] => Some(*only),
            _ if self.hidden => None,
            _ => Some(Seat(0)),
        }
    }

    fn drive(&mut self) -> Result<()> {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let mut last_human: Option<Seat> = None;
        // Actions since a person last acted: past a screenful, they are summarised.
        let mut unattended = 0;
        loop {
            let step = self.live.step().context("an agent broke the rules")?;
            if matches!(step, Step::Played { .. }) {
                unattended += 1;
            }
            let summarised = !self.humans.is_empty() && unattended > UNATTENDED_SHOWN;
            if summarised && unattended == UNATTENDED_SHOWN + 1 {
                println!(
                    "… the AI players play on without you; their moves are not shown until                      it is your turn or the game ends (Ctrl-C stops the program)."
                );
            }
            match step {
                Step::Played { .. } if summarised => {}
                Step::Played { .. } => self.announce(),
                Step::Resigned(seat) => println!("{} gives up.", self.live.seat_name(seat)),
                Step::Over => {
                    if summarised {
                        println!(
                            "… {} more actions were played.",
                            unattended - UNATTENDED_SHOWN
                        );
                    }
                    break;
                }
                Step::Await(seat) => {
                    if summarised {
                        println!(
                            "… {} more actions were played.",
                            unattended - UNATTENDED_SHOWN
                        );
                    }
                    unattended = 0;
                    if self.hidden && self.humans.len() > 1 && last_human != Some(seat) {
                        hand_over(&self.live.seat_name(seat), &mut input)?;
                    }
                    last_human = Some(seat);
                    if !self.prompt(seat, &mut input)? {
                        return self.leave();
                    }
                }
            }
        }
        self.finish()
    }

    /// Prints the action just played, as the viewer may know it.
    fn announce(&self) {
        let Some(entry) = self.live.log().last() else {
            return;
        };
        let Some(notation) = entry.action_for(self.viewer()) else {
            return;
        };
        let public = entry.seen_by(None);
        match entry.by {
            Some(seat) => println!("{} plays {notation}", self.live.seat_name(seat)),
            None if !public => println!("chance: {notation} (only you see this)"),
            None => println!("chance: {notation}"),
        }
    }

    /// Asks `seat`'s person for an action until one is played; `false` when they leave.
    fn prompt(&mut self, seat: Seat, input: &mut impl BufRead) -> Result<bool> {
        let name = self.live.seat_name(seat);
        println!("\n{}", self.live.diagram(Some(seat), self.flipped));
        if self.viewer() != Some(seat) {
            // At a shared screen, what only this seat may know was not announced.
            let mine = self.live.history_for(Some(seat));
            let public = self.live.history_for(None);
            let since = mine
                .iter()
                .rposition(|(by, _)| *by == Some(seat))
                .map_or(0, |i| i + 1);
            let news: Vec<&str> = (since..mine.len())
                .filter(|&i| public[i].1.is_none())
                .filter_map(|i| mine[i].1.as_ref().map(|m| m.action.as_str()))
                .collect();
            if !news.is_empty() {
                println!("Only you see: {}", news.join(", "));
            }
        }
        let mut line = String::new();
        loop {
            let legal = self.live.legal_moves().actions;
            let forced = match legal.as_slice() {
                [only] => format!(" (Enter: {only})"),
                _ => String::new(),
            };
            print!("{name} to move{forced}, `help` for help> ");
            io::stdout().flush().ok();
            line.clear();
            if input.read_line(&mut line)? == 0 {
                println!();
                return Ok(false);
            }
            let text = line.trim();
            let (command, argument) = text.split_once(' ').unwrap_or((text, ""));
            match command {
                "" if legal.len() == 1 => {
                    self.submit(seat, &legal[0]);
                    return Ok(true);
                }
                "" => {}
                "help" | "?" => println!(
                    "{}\n\
                     Commands: `moves` lists the legal moves, `board` draws the board again,\n\
                     `flip` turns it round, `undo` takes back your last move (against the AI),\n\
                     `hint [LEVEL]` asks the AI (level 1 to 5, default 3), `position` prints the\n\
                     position (games without hidden information), `resign` gives up, `quit`\n\
                     leaves and saves the game.",
                    self.live.notation_help()
                ),
                "moves" => println!("{}", wrap(&legal, 78)),
                "board" => println!("{}", self.live.diagram(Some(seat), self.flipped)),
                "flip" => {
                    let turned = self.live.diagram(Some(seat), !self.flipped);
                    if turned == self.live.diagram(Some(seat), self.flipped) {
                        println!("this game's board has no sides to turn round");
                    } else {
                        self.flipped = !self.flipped;
                        println!("{turned}");
                    }
                }
                "position" if self.hidden => {
                    println!("The position would show hidden tiles; `quit` saves the game instead.")
                }
                "position" => println!("{}", self.live.position()),
                "undo" => self.undo(seat),
                "hint" => self.hint(argument),
                "resign" => {
                    self.live.resign(seat)?;
                    println!("{name} gives up.");
                    return Ok(true);
                }
                "quit" | "exit" => return Ok(false),
                _ => {
                    if self.submit(seat, text) {
                        return Ok(true);
                    }
                }
            }
        }
    }

    /// Plays a person's action; says why not when it is refused.
    fn submit(&mut self, seat: Seat, text: &str) -> bool {
        match self.live.submit(seat, text, None) {
            Ok(_) => {
                self.announce();
                true
            }
            Err(PlayError::Illegal(e)) => {
                println!(
                    "{} is not legal here: {} (rule {}). `moves` lists the legal moves.",
                    excerpt(&e.action),
                    e.breach.message,
                    e.breach.rule
                );
                false
            }
            Err(PlayError::Notation { source, .. }) => {
                println!(
                    "cannot read {:?}: {source}. Type `help` for the notation.",
                    excerpt(text)
                );
                false
            }
            Err(e) => {
                println!("{e}");
                false
            }
        }
    }

    /// Undo is offered against the AI only: between people it would be a take-back the
    /// other player did not agree to.
    fn undo(&mut self, seat: Seat) {
        if self.humans.len() == self.live.seat_count() {
            println!("undo is offered against the AI only");
            return;
        }
        match self.live.undo(seat) {
            Ok(_) => println!(
                "Taken back.\n{}",
                self.live.diagram(Some(seat), self.flipped)
            ),
            Err(e) => println!("{e}"),
        }
    }

    fn hint(&self, argument: &str) {
        let level = match argument.trim() {
            "" => 3,
            text => match text.parse::<u8>().ok().filter(|l| LEVELS.contains(l)) {
                Some(level) => level,
                None => {
                    println!("hint LEVEL: a level from 1 to 5");
                    return;
                }
            },
        };
        match self.live.hint(level, rand::random()) {
            Ok(hint) => println!(
                "level {level} suggests {}: {}",
                hint.action, hint.evaluation
            ),
            Err(e) => println!("no hint: {e}"),
        }
    }

    fn save(&self, path: &Path) -> Result<()> {
        std::fs::write(path, self.live.record().to_json())
            .with_context(|| format!("cannot write the record to {}", path.display()))
    }

    /// The people left: the game is saved so that it can go on exactly where it stopped.
    fn leave(&self) -> Result<()> {
        let path = self
            .record
            .clone()
            .unwrap_or_else(|| self.default_file.clone());
        self.save(&path)?;
        println!(
            "Game saved. To go on where you stopped (same players, same dice to come):\n  \
             trio resume {}",
            path.display()
        );
        Ok(())
    }

    fn finish(&self) -> Result<()> {
        let outcome = self
            .live
            .outcome()
            .context("the game ended without an outcome")?;
        println!("\n{}", self.live.diagram(self.viewer(), self.flipped));
        let name = |s: Seat| self.live.seat_name(s);
        match outcome.winner() {
            Some(seat) if self.live.seat_count() == 2 => println!("{} wins.", name(seat)),
            _ if outcome.is_draw() => println!("Draw."),
            _ => {
                let mut order: Vec<Seat> =
                    (0..self.live.seat_count()).map(|s| Seat(s as u8)).collect();
                order.sort_by_key(|&s| outcome.rank(s));
                for seat in order {
                    println!("{}. {}", outcome.rank(seat) + 1, name(seat));
                }
            }
        }
        println!("Final position: {}", self.live.position());
        if let Some(path) = &self.record {
            self.save(path)?;
            println!("Record written to {}.", path.display());
        }
        Ok(())
    }
}

/// Moves in lines of at most `width` characters, never broken inside a move.
fn wrap(moves: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for m in moves {
        if line_len > 0 && line_len + 2 + m.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push_str("  ");
            line_len += 2;
        }
        out.push_str(m);
        line_len += m.len();
    }
    out
}

/// Clears the screen between two people's turns so neither sees the other's hidden tiles.
fn hand_over(name: &str, input: &mut impl BufRead) -> Result<()> {
    print!("\x1b[2J\x1b[H{name}: your turn. Press Enter when the other player looks away.");
    io::stdout().flush()?;
    let mut line = String::new();
    input.read_line(&mut line)?;
    print!("\x1b[2J\x1b[H");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn moves_wrap_between_moves() {
        let moves: Vec<String> = (0..40).map(|i| format!("b{i}-d{i}=e2")).collect();
        let text = wrap(&moves, 30);
        assert!(text.lines().all(|l| l.len() <= 30), "{text}");
        assert_eq!(
            text.split_whitespace().count(),
            40,
            "no move is broken: {text}"
        );
    }
}
