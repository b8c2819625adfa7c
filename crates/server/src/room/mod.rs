//! A room: one live game and the one task that writes it.
//!
//! The task owns the game's [`Live`], whose referee keeps the one history and log, and
//! takes commands in order over a channel; its loop only routes them to small parts:
//!
//! - [`table`]: seats, tokens, client ids, the undo and hint policy, the record;
//! - [`views`]: the game now as each viewer sees it, cached after every change;
//! - [`audience`]: the WebSocket clients, presence and fan-out;
//! - [`act`]: requests to act, checked, committed, answered and broadcast;
//! - [`driver`]: chance and bots, under the game's lease on a shared store;
//! - [`follower`]: keeping up with other instances on a shared store;
//! - [`rebuild`]: the room again from its stored events;
//! - [`away`]: how long the seat to act has been away, and the game idle.
//!
//! Each accepted change is committed to storage (event row and version together) before
//! it is acknowledged, and only then broadcast, each recipient getting what its seat (or
//! a spectator) may know.

mod act;
mod audience;
mod away;
pub(crate) mod clock;
mod command;
mod driver;
mod follower;
mod rebuild;
mod table;
mod views;

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use tokio::sync::mpsc;
use trio_catalog::Live;
use trio_core::{LogEntry, Seat};

pub(crate) use audience::CLIENT_QUEUE;
pub use away::Absence;
pub(crate) use command::{Command, Reply, Request, RoomHandle, Who};
pub(crate) use table::{INVITED, OPEN};

use crate::error::Refusal;
use crate::protocol::{
    AbsentChoice, AbsentShown, GameSummary, RematchTicket, Role, SeatTicket, ServerMessage,
};
use crate::secrets;
use crate::store::{
    Append, EventKind, EventRow, PlayerRow, Rated, SeatClaim, Status, Storage, StorageError,
};
use audience::Audience;
use driver::Lease;
use table::Table;
use views::Views;

/// The most missed events sent on a reconnect; further behind, a snapshot.
const MAX_CATCH_UP: u64 = 256;
/// A rematch every person agreed to, to make (`AppState::create_rematch`).
#[derive(Debug)]
pub(crate) struct RematchPlan {
    pub(crate) id: String,
    pub(crate) spec: String,
    pub(crate) definitions: std::collections::BTreeMap<String, String>,
    pub(crate) seats: Vec<crate::store::SeatRow>,
    pub(crate) clock: Option<crate::protocol::ClockSpec>,
    pub(crate) rated: bool,
}

/// A seat's canned messages are one a second at most.
const SAY_EVERY: Duration = Duration::from_secs(1);
/// Who plays on for a seat whose time ran out in a game of more than two, or whose
/// absence the others handed to the AI.
const TIMEOUT_AI: trio_catalog::AgentSpec = trio_catalog::AgentSpec::Ai(2);
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
    /// How long a lease lasts, when other instances share the store.
    pub(crate) lease: Option<Duration>,
    /// How long a seat may be away, and a game idle.
    pub(crate) absence: Absence,
    /// The time absences are measured by.
    pub(crate) time: crate::time::Time,
    /// Events in a game's log past which nothing is taken back.
    pub(crate) max_events: u64,
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
    /// Per seat, when it last said a canned message.
    said: Vec<Option<std::time::Instant>>,
    /// Who has been away since when.
    away: away::Away,
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

    /// Routes a command; `Err` when the room must stop (its storage failed).
    async fn handle(&mut self, command: Command) -> Result<(), StorageError> {
        match command {
            Command::Act {
                who,
                cid,
                request,
                reply,
            } => return self.act(who, cid, request, reply).await,
            Command::Claim {
                seat,
                code,
                player,
                reply,
            } => {
                let answer = self.claim(seat, code.as_deref(), player).await?;
                let _ = reply.send(answer);
            }
            Command::Rematch { token, reply } => {
                let answer = self.rematch(token.as_deref()).await?;
                let _ = reply.send(answer);
            }
            Command::Rematched { id } => {
                self.table.rematch_made(id);
                self.tell_seats();
            }
            Command::Fill {
                token,
                level,
                reply,
            } => {
                let answer = self.fill(token.as_deref(), level).await?;
                let _ = reply.send(answer);
            }
            Command::SeatTokens { player, key, reply } => {
                let answer = self.seat_tokens(&player, &key).await?;
                let _ = reply.send(answer);
            }
            Command::Reseated => {
                self.reload(self.committed).await?;
                self.tell_seats();
            }
            Command::Absent {
                token,
                choice,
                reply,
            } => {
                let answer = self.choose_for_absent(token.as_deref(), choice).await?;
                let _ = reply.send(answer);
            }
            // Seats are not events: another instance's claim is read with the whole game.
            Command::Sync { seq: None } if self.table.waiting() => {
                self.reload(self.committed).await?;
                self.tell_seats();
            }
            Command::Sync { seq } => {
                if seq.is_none_or(|seq| seq > self.committed) {
                    self.follow().await;
                }
            }
            leave @ (Command::Leave { .. } | Command::Say { .. }) => self.read(leave),
            other => {
                // What is shown is what storage holds, whichever instance wrote it.
                self.follow().await;
                self.read(other);
            }
        }
        Ok(())
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
            Command::Leave { conn } => {
                let before = self.audience.connected();
                self.audience.leave(conn);
                self.presence_changed(&before);
            }
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
            | Command::Rematch { .. }
            | Command::Rematched { .. }) => self.deferred.push_back(write),
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

    /// A WebSocket client joins: welcomed, sent what it missed since `since` (or a
    /// snapshot), then live events.
    fn join(
        &mut self,
        token: Option<&str>,
        since: Option<u64>,
        out: mpsc::Sender<Bytes>,
    ) -> Result<u64, Refusal> {
        let viewer = self.table.viewer(token)?;
        let before = self.audience.connected();
        let mut connected = before.clone();
        if let Some(seat) = viewer {
            connected[usize::from(seat)] = true;
        }
        let seq = self.views.seq();
        let mut messages = vec![ServerMessage::Welcome {
            role: if viewer.is_some() {
                Role::Seat
            } else {
                Role::Spectator
            },
            seat: viewer,
            seq,
            connected,
        }
        .to_bytes()];
        match since {
            Some(since) if since <= seq && seq - since <= MAX_CATCH_UP => {
                messages.extend(self.events_since(since, viewer));
            }
            _ => {
                let snapshot = self.snapshot(viewer);
                messages.push(ServerMessage::Snapshot(Box::new(snapshot)).to_bytes());
            }
        }
        let conn = self.audience.join(viewer, out, messages);
        self.presence_changed(&before);
        Ok(conn)
    }

    /// The events after version `from` as `viewer` may know them, the state with the last.
    fn events_since(&self, from: u64, viewer: Option<u8>) -> Vec<Bytes> {
        let missed: &[LogEntry] = self.live.log().get(from as usize..).unwrap_or_default();
        missed
            .iter()
            .enumerate()
            .map(|(i, entry)| {
                let last = i + 1 == missed.len();
                let event = views::event(entry, &self.views, self.live.as_ref(), viewer, last);
                ServerMessage::Event(Box::new(event)).to_bytes()
            })
            .collect()
    }

    /// Sends every client the events after `from`; serialized once per viewer.
    fn tell_since(&mut self, from: u64) {
        if from >= self.live.version() {
            return;
        }
        let before = self.audience.connected();
        let live = self.live.as_ref();
        let views = &self.views;
        let dropped = self.audience.send_each(|viewer| {
            let missed = live.log().get(from as usize..).unwrap_or_default();
            missed
                .iter()
                .enumerate()
                .map(|(i, entry)| {
                    let event = views::event(entry, views, live, viewer, i + 1 == missed.len());
                    ServerMessage::Event(Box::new(event)).to_bytes()
                })
                .collect()
        });
        if dropped {
            self.presence_changed(&before);
        }
    }

    /// Sends the event just committed to everyone.
    fn broadcast(&mut self) {
        self.tell_since(self.committed.saturating_sub(1));
    }

    /// Tells everyone which seats are connected, if that changed, and the lobby.
    fn presence_changed(&mut self, before: &[bool]) {
        let now = self.audience.connected();
        let at = self.shared.time.now_millis();
        for (seat, (was, is)) in before.iter().zip(&now).enumerate() {
            if *was && !is {
                self.away.left(seat, at);
            }
        }
        if now != before {
            let text = ServerMessage::Presence {
                connected: now.clone(),
            }
            .to_bytes();
            let dropped = self.audience.send_each(|_| vec![text.clone()]);
            if dropped {
                return self.presence_changed(&now);
            }
        }
        let mut summary = self.summary.lock().expect("summary lock");
        for (seat, connected) in summary.seats.iter_mut().zip(now) {
            seat.connected = connected;
        }
    }

    /// Recomputes the cached views and the lobby's line.
    fn refresh(&mut self) {
        self.views
            .refresh(self.live.as_ref(), &self.table, self.clock.as_ref());
        let seats = self.views.seats(&self.table, &self.audience.connected());
        let mut summary = self.summary.lock().expect("summary lock");
        self.views.summarize(&mut summary, seats);
    }

    /// Commits the change that brought the game to its version (sent with client id
    /// `cid`) and refreshes.
    async fn commit(&mut self, cid: Option<String>) -> Result<(), StorageError> {
        let entry = self
            .live
            .log()
            .last()
            .cloned()
            .ok_or_else(|| StorageError::Corrupt("nothing to commit".to_owned()))?;
        let seat = entry.by.map(|s| s.0);
        let decided = seat.filter(|_| matches!(entry.change, trio_core::Change::Played(_)));
        self.tick(decided);
        // Refreshed before the append, for the lobby's line; a failed append reloads or
        // stops the room, so nobody reads the refreshed state unless it is stored.
        self.refresh();
        let automatic = self.automatic();
        let append = Append {
            game_id: self.id.clone(),
            event: EventRow {
                seq: entry.version,
                kind: match (self.clock.as_ref().and_then(clock::Clock::flagged), seat) {
                    _ if entry.change != trio_core::Change::Resigned => views::event_kind(&entry),
                    (Some(s), Some(by)) if s == by => EventKind::Timeout,
                    (_, by) if by.is_some() && by == self.table.abandoned() => EventKind::Abandoned,
                    _ => views::event_kind(&entry),
                },
                seat,
                action: match entry.change {
                    trio_core::Change::Played(notation) => Some(notation),
                    _ => None,
                },
                client_id: cid.clone(),
            },
            status: if self.views.over() {
                Status::Over
            } else {
                Status::Running
            },
            automatic,
            summary: Some(self.summary_json()),
            clock: self.clock_json(),
            deadline: self.deadline(),
        };
        if let Err(e) = self.shared.store.append(append).await {
            if !matches!(e, StorageError::Conflict { .. }) {
                tracing::error!(game = %self.id, "cannot store an event, the room stops: {e}");
            }
            return Err(e);
        }
        self.committed = entry.version;
        self.away.changed(self.shared.time.now_millis());
        self.lease.granted(automatic);
        if self.views.over() {
            self.rate().await;
        }
        if let (Some(cid), Some(seat)) = (cid, seat) {
            self.table.remember(seat, cid, entry.version);
        }
        Ok(())
    }

    /// A player takes a waiting seat (see [`Command::Claim`]); committed before it is
    /// answered, then everyone is told. A refusal when the seat is taken, here or first by
    /// another instance.
    async fn claim(
        &mut self,
        wanted: Option<u8>,
        code: Option<&str>,
        player: Option<PlayerRow>,
    ) -> Result<Result<SeatTicket, Refusal>, StorageError> {
        self.follow().await;
        if self.views.over() {
            return Ok(Err(Refusal::Play(trio_core::PlayError::GameOver)));
        }
        let seat = match self.table.claimable(wanted, code) {
            Ok(seat) => seat,
            Err(refusal) => return Ok(Err(refusal)),
        };
        if self.table.rated() && player.is_none() {
            return Ok(Err(Refusal::RatedNeedsName));
        }
        let token = secrets::new_token();
        let hash = secrets::hash_token(&token);
        let player_id = player.as_ref().map(|p| p.id.clone());
        let was = self.table.take(seat, hash, player);
        // The last seat taken, the game begins: the first person's clock starts.
        self.start_clock();
        let token_hash = Some(secrets::token_hash_hex(&hash));
        if !self
            .store_seat(seat, was.agent(), "human".to_owned(), token_hash, player_id)
            .await?
        {
            self.tell_seats();
            return Ok(Err(Refusal::NoOpenSeat));
        }
        self.tell_seats();
        Ok(Ok(SeatTicket {
            seat,
            name: self.live.seat_name(Seat(seat)),
            link: format!("/games/{}#token={token}", self.id),
            token,
        }))
    }

    /// The tokens of the seats named player `player` sits in, for its device holding `key`
    /// (see [`Command::SeatTokens`]): each derived from the key, stored the first time it
    /// is asked for, as another token of the seat (the seat's other tokens stay).
    async fn seat_tokens(
        &mut self,
        player: &str,
        key: &str,
    ) -> Result<Result<Vec<SeatTicket>, Refusal>, StorageError> {
        self.follow().await;
        let seats = self.table.seats_of_player(player);
        if seats.is_empty() {
            return Ok(Err(Refusal::NotSeated));
        }
        let mut tickets = Vec::new();
        for seat in seats {
            let token = secrets::player_seat_token(key, &self.id, seat);
            if self.table.seat_of(&token) != Some(seat) {
                let hash = secrets::hash_token(&token);
                self.shared
                    .store
                    .add_seat_token(&self.id, seat, &secrets::token_hash_hex(&hash))
                    .await?;
                self.table.add_token(seat, hash);
            }
            tickets.push(SeatTicket {
                seat,
                name: self.live.seat_name(Seat(seat)),
                link: format!("/games/{}#token={token}", self.id),
                token,
            });
        }
        Ok(Ok(tickets))
    }

    /// A person of the finished game asks for or accepts a rematch (see
    /// [`Command::Rematch`]); its agreement is stored before it is answered.
    async fn rematch(
        &mut self,
        token: Option<&str>,
    ) -> Result<Result<(RematchTicket, Option<RematchPlan>), Refusal>, StorageError> {
        self.follow().await;
        let seat = match (token, self.table.viewer(token)) {
            (Some(_), Ok(Some(seat))) if self.table.people().contains(&seat) => seat,
            (_, Err(refusal)) => return Ok(Err(refusal)),
            _ => {
                return Ok(Err(Refusal::NoToken {
                    needed: "a rematch is for a player of the game",
                }))
            }
        };
        if !self.views.over() {
            return Ok(Err(Refusal::NoRematchYet));
        }
        let token = secrets::rematch_token(token.expect("a seat's token"));
        let hash = secrets::hash_token(&token);
        let id = secrets::new_game_id();
        let named = self
            .shared
            .store
            .agree_rematch(
                &self.id,
                seat,
                &secrets::token_hash_hex(&hash),
                &self.table.people(),
                &id,
            )
            .await?;
        self.table.agree_rematch(seat, hash);
        let plan = named.then(|| RematchPlan {
            id,
            spec: self.summary.lock().expect("summary lock").game.clone(),
            definitions: self.table.definitions().clone(),
            seats: self.table.rotated(),
            clock: self.clock.as_ref().map(|c| c.spec),
            rated: self.table.rated(),
        });
        self.tell_seats();
        let game = self.table.rematch_shown().game;
        Ok(Ok((RematchTicket { token, game }, plan)))
    }

    /// A seat's canned message, sent to everyone (a spectator's is not: only players talk);
    /// at most one a second per seat, the rest dropped.
    fn say(&mut self, conn: u64, phrase: crate::protocol::Phrase) {
        let Some(seat) = self.audience.viewer_of(conn) else {
            let refusal = ServerMessage::Error {
                code: "spectator".to_owned(),
                message: "spectators only watch".to_owned(),
            };
            let before = self.audience.connected();
            if self.audience.send_to(conn, refusal.to_bytes()) {
                self.presence_changed(&before);
            }
            return;
        };
        let now = std::time::Instant::now();
        let last = &mut self.said[usize::from(seat)];
        if last.is_some_and(|at| now.duration_since(at) < SAY_EVERY) {
            return;
        }
        *last = Some(now);
        let text = ServerMessage::Said { seat, phrase }.to_bytes();
        let before = self.audience.connected();
        if self.audience.send_each(|_| vec![text.clone()]) {
            self.presence_changed(&before);
        }
    }

    /// A seated player gives the open seats to the AI at `level` (see [`Command::Fill`]).
    async fn fill(
        &mut self,
        token: Option<&str>,
        level: u8,
    ) -> Result<Result<(), Refusal>, StorageError> {
        self.follow().await;
        match self.table.viewer(token) {
            Ok(Some(_)) => {}
            Ok(None) => {
                return Ok(Err(Refusal::NoToken {
                    needed: "filling seats is for a player of the game",
                }))
            }
            Err(refusal) => return Ok(Err(refusal)),
        }
        if self.views.over() {
            return Ok(Err(Refusal::Play(trio_core::PlayError::GameOver)));
        }
        let agent = trio_catalog::AgentSpec::Ai(level);
        let filled = self.table.fill(&agent);
        if filled.is_empty() {
            return Ok(Err(Refusal::NoOpenSeat));
        }
        for &seat in &filled {
            self.live
                .set_agent(Seat(seat), &agent)
                .map_err(|e| StorageError::Corrupt(e.to_string()))?;
        }
        self.start_clock();
        for &seat in &filled {
            if !self
                .store_seat(seat, table::OPEN, agent.to_string(), None, None)
                .await?
            {
                self.tell_seats();
                return Ok(Err(Refusal::NoOpenSeat));
            }
        }
        self.tell_seats();
        Ok(Ok(()))
    }

    /// Stores `seat`'s new `agent` (its token's hash, its named player) with the game as it
    /// stands, if the seat is still `was`: `false`, the room reloaded from the store, when
    /// someone changed it first, here or on another instance.
    async fn store_seat(
        &mut self,
        seat: u8,
        was: &str,
        agent: String,
        token_hash: Option<String>,
        player: Option<String>,
    ) -> Result<bool, StorageError> {
        let change = SeatClaim {
            game_id: self.id.clone(),
            seat,
            was: was.to_owned(),
            agent,
            token_hash,
            player,
            automatic: self.automatic(),
            summary: self.summary_json(),
            clock: self.clock_json(),
            deadline: self.deadline(),
        };
        if self.shared.store.claim_seat(&change).await? {
            self.away.changed(self.shared.time.now_millis());
            return Ok(true);
        }
        self.reload(self.committed).await?;
        Ok(false)
    }

    /// The person whose clock runs now: the seat to act, if a person's and the game is on.
    fn clock_runner(&self) -> Option<u8> {
        match self.live.turn() {
            trio_core::Turn::Seat(s) if !self.live.is_bot(s) && !self.table.waiting() => Some(s.0),
            _ => None,
        }
    }

    /// Starts the clock of the person to act, if the game has begun (at its creation, and
    /// when its last seat is taken).
    pub(crate) fn start_clock(&mut self) {
        self.tick(None);
        self.refresh();
    }

    /// Moves the clock on after a change (`decided`: the seat whose decision it was).
    fn tick(&mut self, decided: Option<u8>) {
        let runner = self.clock_runner();
        if let Some(clock) = &mut self.clock {
            clock.after_change(self.shared.time.now_millis(), decided, runner);
        }
    }

    pub(crate) fn clock_json(&self) -> Option<String> {
        self.clock
            .as_ref()
            .map(|c| serde_json::to_string(c).expect("a clock serializes"))
    }

    /// When the running clock's flag falls.
    pub(crate) fn deadline(&self) -> Option<i64> {
        self.clock.as_ref().and_then(clock::Clock::deadline)
    }

    /// How long until the running clock's flag falls (zero: it has).
    fn until_flag(&self) -> Option<Duration> {
        let left = self.deadline()? - self.shared.time.now_millis();
        Some(Duration::from_millis(left.max(0) as u64))
    }

    /// The running clock's flag fell: in a game of two, its seat loses on time; with more,
    /// the AI plays the seat on (level 2), and it is ranked where it finishes.
    async fn time_out(&mut self) -> Result<(), StorageError> {
        let Some(seat) = self
            .clock
            .as_mut()
            .and_then(|c| c.flag(self.shared.time.now_millis()))
        else {
            return Ok(());
        };
        if self.live.seat_count() == 2 {
            self.lose(seat).await?;
        } else {
            self.hand_to_ai(seat).await?;
        }
        Ok(())
    }

    /// `seat` loses as if it resigned (its clock or its absence says why, as the event is
    /// stored): `false` when another instance moved the game first, which is followed.
    async fn lose(&mut self, seat: u8) -> Result<bool, StorageError> {
        self.live
            .resign(Seat(seat))
            .map_err(|e| StorageError::Corrupt(e.to_string()))?;
        match self.commit(None).await {
            Ok(()) => {
                self.broadcast();
                Ok(true)
            }
            Err(StorageError::Conflict { .. }) => {
                self.reload(self.committed).await?;
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// The AI (level 2) plays a person's `seat` from now on; its token still shows the
    /// seat. `false` when the seat was changed first elsewhere: the room has reloaded
    /// what the store holds, and everyone is told either way.
    async fn hand_to_ai(&mut self, seat: u8) -> Result<bool, StorageError> {
        let (was, token) = self.table.hand_to_ai(seat, TIMEOUT_AI);
        self.live
            .set_agent(Seat(seat), &TIMEOUT_AI)
            .map_err(|e| StorageError::Corrupt(e.to_string()))?;
        self.tick(None);
        self.refresh();
        let player = self.table.player_id(seat);
        let stored = self
            .store_seat(seat, &was, TIMEOUT_AI.to_string(), token, player)
            .await?;
        self.tell_seats();
        Ok(stored)
    }

    /// The seat to act when it is away: a person's, of a game without a clock (a clock
    /// has its own deadline) that is on, with no client connected and another person at
    /// the game to choose for it. With since when it is away and from when it is absent.
    fn away_seat(&self) -> Option<(u8, i64, i64)> {
        let seat = self.clock_runner().filter(|_| self.clock.is_none())?;
        let others = self.table.people().iter().any(|&s| s != seat);
        if !others || self.audience.connected()[usize::from(seat)] {
            return None;
        }
        let (since, from) = self.away.absent_from(seat, &self.shared.absence);
        Some((seat, since, from))
    }

    /// The absent seat the others may choose for now, if any.
    fn absent(&self) -> Option<AbsentShown> {
        let now = self.shared.time.now_millis();
        self.away_seat()
            .filter(|&(_, _, from)| from <= now)
            .map(|(seat, since_ms, _)| AbsentShown { seat, since_ms })
    }

    /// Whether nobody has acted or been connected for so long that the game ends.
    fn expired(&self) -> bool {
        !self.views.over()
            && self.audience.is_empty()
            && !self.automatic()
            && self.away.expires_at(&self.shared.absence) <= self.shared.time.now_millis()
    }

    /// How long until something is due: a flag, an absence to tell of, the game's expiry
    /// (zero: it is).
    fn until_due(&self) -> Option<Duration> {
        let now = self.shared.time.now_millis();
        let absence = self
            .away_seat()
            .filter(|&(seat, since, _)| !self.away.told(seat, since))
            .map(|(_, _, from)| from);
        let expiry = (!self.views.over() && self.audience.is_empty() && !self.automatic())
            .then(|| self.away.expires_at(&self.shared.absence));
        let flag = self.deadline();
        [flag, absence, expiry]
            .into_iter()
            .flatten()
            .min()
            .map(|at| Duration::from_millis((at - now).max(0) as u64))
    }

    /// Does what is due: a flag falls, an idle game expires, everyone is told of an
    /// absence the others may now choose for.
    async fn when_due(&mut self) -> Result<(), StorageError> {
        if self.until_flag() == Some(Duration::ZERO) {
            self.time_out().await?;
        }
        if self.expired() {
            self.expire().await?;
        }
        if let Some(absent) = self.absent() {
            if self.away.tell(absent.seat, absent.since_ms) {
                self.tell_seats();
            }
        }
        Ok(())
    }

    /// An idle game ends: still waiting for players, with no result; else the seat to act,
    /// away all this time, loses by its absence.
    async fn expire(&mut self) -> Result<(), StorageError> {
        if self.table.waiting() {
            self.table.abort();
            self.refresh();
            let idle_before = (self.shared.time.now_millis()
                - i64::try_from(self.shared.absence.expire.as_millis()).unwrap_or(i64::MAX / 2))
                / 1000;
            let summary = self.summary_json();
            if self
                .shared
                .store
                .abort(&self.id, idle_before, &summary)
                .await?
            {
                self.tell_seats();
            } else {
                // Someone took a seat or acted first, here or elsewhere.
                self.reload(self.committed).await?;
            }
            return Ok(());
        }
        if let Some(seat) = self.clock_runner() {
            self.table.abandon(seat);
            if self.lose(seat).await? {
                self.tell_seats();
            }
        }
        Ok(())
    }

    /// A seated person chooses for the absent seat (see [`Command::Absent`]): the win, or
    /// the AI to play it on.
    async fn choose_for_absent(
        &mut self,
        token: Option<&str>,
        choice: AbsentChoice,
    ) -> Result<Result<(), Refusal>, StorageError> {
        self.follow().await;
        let caller = match self.table.viewer(token) {
            Ok(Some(seat)) if self.table.is_person(seat) => seat,
            Ok(_) => {
                return Ok(Err(Refusal::NoToken {
                    needed: "choosing for an absent seat is for a player of the game",
                }))
            }
            Err(refusal) => return Ok(Err(refusal)),
        };
        if self.views.over() {
            return Ok(Err(Refusal::Play(trio_core::PlayError::GameOver)));
        }
        let Some(absent) = self.absent().filter(|a| a.seat != caller) else {
            return Ok(Err(Refusal::NotAbsent));
        };
        let done = match choice {
            AbsentChoice::Win => {
                self.table.abandon(absent.seat);
                let won = self.lose(absent.seat).await?;
                if won {
                    // The end as a snapshot too, which says why: the seat was absent.
                    self.tell_seats();
                }
                won
            }
            AbsentChoice::Ai => self.hand_to_ai(absent.seat).await?,
        };
        Ok(if done {
            Ok(())
        } else {
            Err(Refusal::NotAbsent)
        })
    }

    /// Everything `viewer` may know of the game now.
    fn snapshot(&self, viewer: Option<u8>) -> crate::protocol::Snapshot {
        let summary = self.summary.lock().expect("summary lock");
        let mut snapshot = self
            .views
            .snapshot(&summary, self.live.as_ref(), &self.table, viewer);
        snapshot.absent = self.absent();
        snapshot
    }

    /// Sends every client the game afresh: who sits where changed, the game may have
    /// begun, or a seat is absent.
    fn tell_seats(&mut self) {
        let before = self.audience.connected();
        let summary = self.summary.lock().expect("summary lock").clone();
        let absent = self.absent();
        let (live, table, views) = (self.live.as_ref(), &self.table, &self.views);
        let dropped = self.audience.send_each(|viewer| {
            let mut snapshot = views.snapshot(&summary, live, table, viewer);
            snapshot.absent = absent;
            vec![ServerMessage::Snapshot(Box::new(snapshot)).to_bytes()]
        });
        if dropped {
            self.presence_changed(&before);
        }
    }

    /// A rated game's end updates its players' ratings, once (the store says whether it
    /// already did); a failure is logged, the game's end stands.
    async fn rate(&mut self) {
        let Some(ranks) = self.live.outcome().map(|o| o.ranks().to_vec()) else {
            return;
        };
        if !self.table.rated() {
            return;
        }
        let kind = self.summary.lock().expect("summary lock").game.clone();
        let kind = kind.split('(').next().unwrap_or_default().to_owned();
        let Some(seats) = self.table.rated_seats(&kind) else {
            tracing::error!(game = %self.id, "a rated game has a seat neither named nor an AI level");
            return;
        };
        let ranked: Vec<(Rated, u8)> = seats.into_iter().zip(ranks).collect();
        if let Err(e) = self.shared.store.rate(&self.id, &kind, &ranked).await {
            tracing::error!(game = %self.id, "cannot update the ratings: {e}");
        }
    }

    /// The lobby's line as JSON, stored with every change: the lobby is read from the
    /// store, which lists the games idle rooms left and, shared, other instances' games.
    pub(crate) fn summary_json(&self) -> String {
        let summary = self.summary.lock().expect("summary lock");
        serde_json::to_string(&*summary).expect("a summary serializes")
    }
}
