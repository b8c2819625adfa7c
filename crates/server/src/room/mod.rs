//! A room: one live game and the one task that writes it.
//!
//! The task owns the game's [`Live`], whose referee keeps the one history and log, and
//! takes commands in order over a channel; as lichess' round actor does, its loop only
//! routes each to a small collaborator:
//!
//! - [`act`]: requests to act, checked, committed, answered and broadcast;
//! - [`seating`]: a waiting seat taken, open seats filled by the AI, a named player's seat
//!   tokens, a person's seat handed to the AI;
//! - [`rematch`]: the people of a finished game agreeing to play again, the last to agree
//!   making the rematch;
//! - [`chat`]: the seats' canned messages;
//! - [`drawer`] and [`draws`]: draw offers between two people, offered, declined or
//!   accepted;
//! - [`ending`]: every way a game ends, written in one place with the ratings after it;
//! - [`ratings`]: the seats' ratings as shown, and how much the end moved them;
//! - [`due`]: what falls due at a time of the room's own — a flag, an expiry, an absence
//!   to tell of — and the clock it runs on;
//! - [`audience`]: the WebSocket clients, presence and fan-out;
//! - [`reply`]: the answer to whoever asked;
//! - [`commit`]: each change stored before it is acknowledged;
//! - [`commitment`]: the seed's, published at the start and revealed with the record;
//! - [`table`] and [`offers`]: seats, tokens, client ids, the undo and hint policy, the
//!   record;
//! - [`views`]: the game now as each [`Viewer`] (a seat, a spectator) sees it, cached
//!   after every change;
//! - [`driver`]: chance and bots, under the game's lease on a shared store;
//! - [`follower`]: keeping up with other instances on a shared store;
//! - [`rebuild`]: the room again from its stored events;
//! - [`away`]: how long the seat to act has been away, and the game idle.
//!
//! Each accepted change is committed to storage (event row and version together) before
//! it is acknowledged, and only then broadcast, each recipient getting what its seat (or
//! a spectator) may know.

mod act;
mod agent;
mod audience;
mod away;
mod chat;
pub(crate) mod clock;
mod command;
mod commit;
mod commitment;
mod drawer;
mod draws;
mod driver;
mod due;
mod ending;
mod error;
mod follower;
mod offers;
mod ratings;
mod rebuild;
mod rematch;
mod reply;
mod seating;
mod table;
mod viewer;
mod views;

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::mpsc;
use trio_catalog::Live;

pub(crate) use agent::SeatAgent;
pub(crate) use audience::CLIENT_QUEUE;
pub use away::Absence;
pub(crate) use command::{Command, Reply, Request, RoomHandle, Who};
pub(crate) use error::RoomError;
pub(crate) use rematch::{MakeRematch, RematchPlan};
pub(crate) use viewer::Viewer;

use crate::error::Refusal;
use crate::protocol::GameSummary;
use crate::store::Storage;
use audience::Audience;
use driver::Lease;
use reply::answer;
use table::Table;
use views::Views;

/// How long a finished game with nobody watching stays in memory.
const LINGER: Duration = Duration::from_secs(600);

/// What a room needs from the server.
#[derive(Clone)]
pub(crate) struct Shared {
    pub(crate) store: Arc<dyn Storage>,
    /// Bots thinking at once.
    pub(crate) ai: crate::pool::AiPool,
    /// Called with the room's id when it stops, to forget it.
    pub(crate) on_stop: Arc<dyn Fn(&str) + Send + Sync>,
    /// Makes a rematch every person agreed to: stores it and starts its room.
    pub(crate) make_rematch: MakeRematch,
    /// How long a lease lasts, when other instances share the store.
    pub(crate) lease: Option<Duration>,
    /// How long a seat may be away, and a game idle.
    pub(crate) absence: Absence,
    /// The time absences are measured by.
    pub(crate) time: crate::time::Time,
    /// Events in a game's log past which nothing is taken back.
    pub(crate) max_events: u64,
    /// Rated games two people may begin together within a day.
    pub(crate) pair_limit: crate::people::pairs::PairLimit,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("store", &self.store)
            .finish_non_exhaustive()
    }
}

pub(crate) struct Room {
    id: String,
    live: Box<dyn Live>,
    table: Table,
    views: Views,
    audience: Audience,
    summary: Arc<Mutex<GameSummary>>,
    /// Writes held while a bot thinks.
    deferred: VecDeque<Command>,
    shared: Shared,
    /// The version in storage as far as this room knows; its clients were told up to it.
    committed: u64,
    lease: Lease,
    /// The game's clock, if it has one.
    clock: Option<clock::Clock>,
    /// When each seat last said a canned message.
    chat: chat::Chat,
    /// Who has been away since when.
    away: away::Away,
    /// The seats' ratings as shown, in a rated game.
    ratings: ratings::SeatRatings,
}

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room")
            .field("id", &self.id)
            .field("seq", &self.views.seq())
            .finish_non_exhaustive()
    }
}

impl Room {
    /// The game's id.
    pub(crate) fn id(&self) -> &str {
        &self.id
    }

    /// Starts the room's task.
    pub(crate) fn spawn(mut self) -> RoomHandle {
        let (tx, rx) = mpsc::channel(command::QUEUE);
        let handle = RoomHandle {
            tx,
            summary: self.summary.clone(),
        };
        tokio::spawn(async move {
            self.run(rx).await;
            (self.shared.on_stop)(&self.id);
        });
        handle
    }

    async fn run(&mut self, mut rx: mpsc::Receiver<Command>) {
        self.repair_ratings().await;
        if self.drive(&mut rx).await.is_err() {
            return;
        }
        loop {
            // A running clock wakes the room when its flag falls, an absence when the
            // others may choose, an idle game when it expires.
            let wait = self.until_due().map_or(LINGER, |d| d.min(LINGER));
            let command = match self.deferred.pop_front() {
                Some(command) => command,
                None => match tokio::time::timeout(wait, rx.recv()).await {
                    Ok(Some(command)) => command,
                    Ok(None) => return,
                    Err(_) if self.until_due() == Some(Duration::ZERO) => {
                        if self.when_due().await.is_err() || self.drive(&mut rx).await.is_err() {
                            return;
                        }
                        continue;
                    }
                    // Woken a moment early: what is due is near.
                    Err(_) if self.until_due().is_some_and(|d| d < LINGER) => continue,
                    // Idle and unwatched, a game leaves memory (its store has everything,
                    // its lobby line included) and is loaded when asked for again; alone,
                    // a game with chance or a bot to act stays to play it.
                    Err(_)
                        if (self.views.over()
                            || self.shared.lease.is_some()
                            || !self.automatic())
                            && self.audience.is_empty() =>
                    {
                        return
                    }
                    Err(_) => continue,
                },
            };
            // What is due is looked at after every command too: the time may have moved
            // on by hand (a test's), or a notice found a game to expire.
            if self.handle(command).await.is_err()
                || self.when_due().await.is_err()
                || self.drive(&mut rx).await.is_err()
            {
                return;
            }
        }
    }

    /// Routes a command; `Err` when the room must stop (its storage failed, or its game
    /// cannot go on).
    async fn handle(&mut self, command: Command) -> Result<(), RoomError> {
        match command {
            Command::Act {
                who,
                cid,
                request,
                reply,
            } => self.act(who, cid, request, reply).await,
            Command::Claim {
                seat,
                code,
                player,
                reply,
            } => answer(reply, self.claim(seat, code.as_deref(), player).await),
            Command::Rematch { token, reply } => {
                answer(reply, self.rematch(token.as_deref()).await)
            }
            Command::Fill {
                token,
                level,
                reply,
            } => answer(reply, self.fill(token.as_deref(), level).await),
            Command::SeatTokens { player, key, reply } => {
                answer(reply, self.seat_tokens(&player, &key).await)
            }
            Command::Absent {
                token,
                choice,
                reply,
            } => answer(
                reply,
                self.choose_for_absent(token.as_deref(), choice).await,
            ),
            // Seats are not events: another instance's claim is read with the whole game.
            Command::Reseated => self.reseat().await,
            Command::Sync { seq: None } if self.table.waiting() => self.reseat().await,
            Command::Sync { seq } => {
                if seq.is_none_or(|seq| seq > self.committed) {
                    self.follow().await;
                }
                Ok(())
            }
            leave @ (Command::Leave { .. } | Command::Say { .. }) => {
                self.read(leave);
                Ok(())
            }
            other => {
                // What is shown is what storage holds, whichever instance wrote it.
                self.follow().await;
                self.read(other);
                Ok(())
            }
        }
    }

    /// Answers what needs no write: at once, even while a bot thinks; writes wait.
    fn read(&mut self, command: Command) {
        match command {
            Command::Show { token, reply } => {
                let shown = self
                    .table
                    .viewer(token.as_deref())
                    .map(|viewer| self.snapshot(viewer));
                let _ = reply.send(shown);
            }
            Command::Join {
                token,
                since,
                out,
                reply,
            } => {
                let _ = reply.send(self.join(token.as_deref(), since, out));
            }
            Command::Leave { conn } => self.leave(conn),
            Command::Say { conn, phrase } => self.say(conn, phrase),
            Command::Record { reply } => {
                let _ = reply.send(self.table.record(self.live.as_ref()));
            }
            Command::Hint {
                token,
                level,
                seed,
                reply,
            } => {
                let job = self
                    .table
                    .viewer(token.as_deref())
                    .and_then(|viewer| self.table.hint_seat(self.live.as_ref(), viewer))
                    .and_then(|_| {
                        self.live.hint_job(level, seed).map_err(|e| {
                            tracing::error!(game = %self.id, "no hint: {e}");
                            Refusal::Unavailable
                        })
                    });
                let _ = reply.send(job);
            }
            write @ (Command::Act { .. }
            | Command::Claim { .. }
            | Command::Fill { .. }
            | Command::Absent { .. }
            | Command::SeatTokens { .. }
            | Command::Reseated
            | Command::Rematch { .. }) => self.deferred.push_back(write),
            sync @ Command::Sync { .. } => {
                if !self
                    .deferred
                    .iter()
                    .any(|c| matches!(c, Command::Sync { .. }))
                {
                    self.deferred.push_back(sync);
                }
            }
        }
    }

    /// Another instance changed a seat (or may have): the game is read again and everyone
    /// told.
    async fn reseat(&mut self) -> Result<(), RoomError> {
        self.reload(self.committed).await?;
        self.tell_seats();
        Ok(())
    }

    /// Recomputes the cached views and the lobby's line.
    fn refresh(&mut self) {
        self.views
            .refresh(self.live.as_ref(), &self.table, self.clock.as_ref());
        let seats = self
            .views
            .seats(&self.table, &self.ratings, &self.audience.connected());
        let mut summary = self.summary.lock().expect("summary lock");
        self.views.summarize(&mut summary, seats);
    }

    /// The lobby's line as JSON, stored with every change: the lobby is read from the
    /// store, which lists the games idle rooms left and, shared, other instances' games.
    pub(crate) fn summary_json(&self) -> String {
        let summary = self.summary.lock().expect("summary lock");
        serde_json::to_string(&*summary).expect("a summary serializes")
    }
}
