//! [`UgiBot`]: an external Gygès engine speaking UGI (docs/ugi.md), such as the public
//! `gyges_engine` 1.1.0, seated as a [`Bot`]. Such an engine always moves for South, so
//! when the bot plays North the board is sent mirrored (rank 1 ↔ rank 6) and the move it
//! answers is mirrored back. The engine is never asked about setup: the bot places its
//! pieces in an order drawn from the game's rng.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use rand::RngCore;
use trio_core::{Bot, Game, Seat};
use trio_gyges::ugi::{self, format_board, mirror_board, mirror_move, NULL_MOVE};
use trio_gyges::{Gyges, Move, SetupOrder, Side, State};

/// What went wrong with the engine process, in words.
type Result<T> = std::result::Result<T, String>;

/// An external UGI engine process playing one seat.
#[derive(Debug)]
pub struct UgiBot {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl UgiBot {
    /// Starts `command` (a program and its arguments, split at spaces), checks it answers
    /// `ugi` and `isready`, then sends each `setoption <name> <value>` of `options` (e.g.
    /// `("maxTime", "1")`; a time per move is the engine's own option, as the protocol
    /// has no clock).
    pub fn spawn(command: &str, options: &[(&str, &str)]) -> Result<UgiBot> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| "no engine command given".to_owned())?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        let input = child.stdin.take().ok_or("no engine input")?;
        let output = BufReader::new(child.stdout.take().ok_or("no engine output")?);
        let mut bot = UgiBot {
            name: "ugi".to_owned(),
            child,
            input,
            output,
        };
        bot.send("ugi")?;
        loop {
            let line = bot.read_line()?;
            if let Some(name) = line.strip_prefix("id name ") {
                bot.name = format!("ugi:{}", name.trim());
            }
            if line.trim() == "ugiok" {
                break;
            }
        }
        for (name, value) in options {
            bot.send(&format!("setoption {name} {value}"))?;
        }
        bot.send("isready")?;
        while bot.read_line()?.trim() != "readyok" {}
        Ok(bot)
    }

    /// The engine's process id, for a referee that must kill a stuck engine.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|_| "the engine has stopped reading".to_owned())
    }

    fn read_line(&mut self) -> Result<String> {
        let mut line = String::new();
        let read = self
            .output
            .read_line(&mut line)
            .map_err(|e| format!("cannot read the engine: {e}"))?;
        if read == 0 {
            return Err("the engine has exited".to_owned());
        }
        Ok(line)
    }

    /// Asks the engine for its move in `state` as `side`, in our orientation. `None` when
    /// it answers no move: `bestmove none`, or `gyges_engine`'s null move `100|100|100`,
    /// which it plays when every move loses.
    pub fn best_move(&mut self, state: &State, side: Side) -> Result<Option<Move>> {
        let cells = state.position().cells();
        let board = match side {
            Side::South => cells,
            Side::North => mirror_board(&cells),
        };
        self.send(&format!("setpos data {}", format_board(&board)))?;
        self.send("go")?;
        let answer = loop {
            let line = self.read_line()?;
            if let Some(mv) = line.trim().strip_prefix("bestmove ") {
                break mv.trim().to_owned();
            }
        };
        if answer == "none" || answer == NULL_MOVE {
            return Ok(None);
        }
        let mv = ugi::parse_move(&answer, Side::South)
            .map_err(|e| format!("the engine's move {answer:?}: {e}"))?;
        Ok(Some(match side {
            Side::South => mv,
            Side::North => mirror_move(mv),
        }))
    }
}

impl Bot<Gyges> for UgiBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// `None` (giving up the game) when the engine resigns, fails to answer or answers a
    /// move our rules do not allow (`gyges_engine` 1.1.0 sometimes passes, moving a piece
    /// back to where it stood): a match against it goes on, counting the game lost.
    fn choose(
        &mut self,
        game: &Gyges,
        view: &State,
        _seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<Move> {
        let pos = view.position();
        if pos.is_setup() {
            return Some(Move::Setup(SetupOrder::random(rng)));
        }
        let mv = self.best_move(view, pos.side_to_move()).ok().flatten()?;
        let mut legal = Vec::new();
        game.legal_actions(view, &mut legal);
        legal.contains(&mv).then_some(mv)
    }
}

impl Drop for UgiBot {
    fn drop(&mut self) {
        // Ask politely, then make sure: a stuck engine must not outlive the match.
        let _ = self.send("quit");
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            std::thread::sleep(Duration::from_millis(200));
            if !matches!(self.child.try_wait(), Ok(Some(_))) {
                let _ = self.child.kill();
            }
        }
        let _ = self.child.wait();
    }
}
