//! The driver: chance and bots act on their own, one committed event each. A bot's turn is
//! taken out of the game to think on the blocking pool (at most as many at once as there
//! are cores) while the room answers reads and holds back writes. On a shared store only
//! the instance holding the game's lease drives it.

use std::time::{Duration, Instant};

use tokio::sync::mpsc;
use trio_catalog::BotTurn;
use trio_core::Turn;

use super::{Command, Room, RoomError};

/// How long this instance may drive a game without claiming its lease again.
#[derive(Debug)]
pub(super) struct Lease {
    /// How long a lease lasts; `None` alone, when there is nobody to share with.
    ttl: Option<Duration>,
    until: Option<Instant>,
}

impl Lease {
    pub(super) fn new(ttl: Option<Duration>) -> Self {
        Self { ttl, until: None }
    }

    /// An append leaving chance or a bot to act gave this instance the lease (if `given`).
    pub(super) fn granted(&mut self, given: bool) {
        self.until = given.then(|| self.ttl.map(trusted_until)).flatten();
    }

    /// Someone else acted: the lease is theirs or free.
    pub(super) fn forget(&mut self) {
        self.until = None;
    }
}

/// Until when this instance plays on a lease of `ttl` taken now without claiming it again:
/// half of it, so that clocks a little apart (another instance's, which judges whether the
/// lease ran out) do not matter.
fn trusted_until(ttl: Duration) -> Instant {
    Instant::now() + ttl / 2
}

impl Room {
    /// Whether chance or a bot is to act.
    pub(crate) fn automatic(&self) -> bool {
        if self.table.waiting() {
            return false;
        }
        match self.live.turn() {
            Turn::Chance => true,
            Turn::Seat(seat) => self.live.is_bot(seat),
            Turn::Over => false,
        }
    }

    /// Whether this instance may play chance and bots now: always alone; on a shared store
    /// while it holds the game's lease, taking it if free.
    async fn may_drive(&mut self) -> Result<bool, RoomError> {
        let Some(ttl) = self.lease.ttl else {
            return Ok(true);
        };
        if self.lease.until.is_some_and(|until| Instant::now() < until) {
            return Ok(true);
        }
        if !self.shared.store.claim(&self.id).await? {
            return Ok(false);
        }
        self.lease.until = Some(trusted_until(ttl));
        Ok(true)
    }

    /// Lets chance and bots act until a person must (or the game is over), each action
    /// committed and broadcast.
    pub(super) async fn drive(
        &mut self,
        rx: &mut mpsc::Receiver<Command>,
    ) -> Result<(), RoomError> {
        while self.automatic() {
            if !self.may_drive().await? {
                return Ok(());
            }
            match self.live.turn() {
                Turn::Seat(seat) => {
                    let Some(turn) = self.live.begin_bot_turn() else {
                        return Ok(());
                    };
                    let thought = self.think(turn, rx).await?;
                    match self.live.finish_bot_turn(thought) {
                        Ok(Some(_)) => {}
                        Ok(None) => continue,
                        Err(e) => {
                            tracing::error!(game = %self.id, "a bot broke the rules and gives up: {e}");
                            self.live.resign(seat)?;
                        }
                    }
                }
                _ => {
                    self.live.step()?;
                }
            }
            match self.commit(None).await {
                Ok(()) => self.broadcast(),
                // Another instance acted first (its lease ran out under a long think):
                // follow it.
                Err(e) if e.is_conflict() => self.reload(self.committed).await?,
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Lets a bot think on the blocking pool, answering reads meanwhile.
    async fn think(
        &mut self,
        turn: BotTurn,
        rx: &mut mpsc::Receiver<Command>,
    ) -> Result<trio_catalog::BotThought, RoomError> {
        let ai = self.shared.ai.clone();
        let thinking = async move { ai.bot(move || turn.think()).await };
        tokio::pin!(thinking);
        let mut open = true;
        let joined = loop {
            tokio::select! {
                joined = &mut thinking => break joined,
                command = rx.recv(), if open => match command {
                    Some(command) => self.read(command),
                    None => open = false,
                },
            }
        };
        joined.map_err(|e| {
            tracing::error!(game = %self.id, "a bot failed: {e}");
            RoomError::from(e)
        })
    }
}
