//! [`UgiBot`]: an external Gygès engine speaking UGI (docs/ugi.md), such as the public
//! `gyges_engine` 1.1.0, seated as a [`Bot`]. Such an engine always moves for South, so
//! when the bot plays North the board is sent mirrored (rank 1 ↔ rank 6) and the move it
//! answers is mirrored back. The engine is never asked about setup: the bot places its
//! pieces in an order drawn from the game's rng.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use rand::RngCore;
use trio_core::{Bot, Seat};
use trio_gyges::ugi::{self, format_board, mirror_board, mirror_move, NULL_MOVE};
use trio_gyges::{GameState, Gyges, Move, SetupOrder, Side};

/// An external UGI engine process playing one seat.
#[derive(Debug)]
pub struct UgiBot {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl UgiBot {
    /// Starts `program`, checks it answers `ugi` and `isready`, then sends each
    /// `setoption <name> <value>` of `options` (e.g. `("maxTime", "1")`; a time
    /// per move is the engine's own option, as the protocol has no clock).
    pub fn spawn(program: &Path, options: &[(&str, &str)]) -> Result<UgiBot> {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {}", program.display()))?;
        let input = child.stdin.take().context("no engine input")?;
        let output = BufReader::new(child.stdout.take().context("no engine output")?);
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
            .context("the engine has stopped reading")
    }

    fn read_line(&mut self) -> Result<String> {
        let mut line = String::new();
        if self
            .output
            .read_line(&mut line)
            .context("cannot read the engine")?
            == 0
        {
            bail!("the engine has exited");
        }
        Ok(line)
    }

    /// Asks the engine for its move in `state` as `side`, in our orientation. `None` when
    /// it answers no move: `bestmove none`, or `gyges_engine`'s null move `100|100|100`,
    /// which it plays when every move loses.
    pub fn best_move(&mut self, state: &GameState, side: Side) -> Result<Option<Move>> {
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
        let mv = ugi::parse_move(&answer, Side::South)?;
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

    /// `None` (giving up the game) when the engine resigns or fails to answer.
    fn choose(
        &mut self,
        _game: &Gyges,
        view: &GameState,
        _seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<Move> {
        let pos = view.position();
        if pos.is_setup() {
            return Some(Move::Setup(SetupOrder::random(rng)));
        }
        self.best_move(view, pos.side_to_move()).ok().flatten()
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
