//! A room: one live game and the one task that writes it.
//!
//! The task owns the game's [`Live`] and takes commands in order over a channel: show the
//! game to a viewer, join or leave (a WebSocket), act (a move, a resignation, an undo),
//! write the record. Each accepted change is committed to storage (event row and version
//! together) before it is acknowledged, and only then broadcast, each recipient getting
//! what its seat (or a spectator) may know. Chance and bots act the same way, one event
//! each; a bot thinks on the blocking pool (at most as many at once as there are cores),
//! while the room keeps answering reads from its cached state and holds back writes.
//!
//! A room is rebuilt from its stored events with every seat played from outside: decisions
//! are submitted, chance is stepped and checked against the stored outcome, resignations
//! and undos replayed; then the bots take their seats again. A bot's move in progress when
//! the server stopped is simply thought again.
//!
//! On a shared store (several instances, `docs/deploy.md`) other instances write the same
//! game. A room then replays the events it hears of (and, before it shows the game or
//! refuses a request, any it may have missed), so its clients see every event in order.
//! An append that finds the version taken reloads the game and checks the request again:
//! a resend is acknowledged at its first `seq`, a stale `expect` refused. Chance and bots
//! are played only under the game's lease.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, Semaphore};
use trio_catalog::{AgentSpec, Live};
use trio_core::{PlayError, Record, RecordResult, Seat, Step, Turn};

use crate::error::ApiError;
use crate::protocol::{
    Event, GameSummary, MoveInfo, SeatInfo, ServerMessage, Snapshot, StateNow, TurnInfo, ViewJson,
};
use crate::secrets::{self, TokenHash};
use crate::store::{Append, EventKind, EventRow, Status, Storage, StorageError, StoredGame};

/// Commands waiting for a room before senders wait.
const QUEUE: usize = 256;
/// Messages waiting for a slow WebSocket client before it is dropped.
pub(crate) const CLIENT_QUEUE: usize = 512;
/// The most missed events sent on a reconnect; further behind, a snapshot.
const MAX_CATCH_UP: u64 = 256;
/// How long a finished game with nobody watching stays in memory.
const LINGER: Duration = Duration::from_secs(600);

/// The sending side of a room, held by the server's map of rooms.
#[derive(Clone, Debug)]
pub(crate) struct RoomHandle {
    tx: mpsc::Sender<Command>,
    pub(crate) summary: Arc<Mutex<GameSummary>>,
}

impl RoomHandle {
    /// Sends a command; `Err` if the room has stopped.
    pub(crate) async fn send(&self, command: Command) -> Result<(), ()> {
        self.tx.send(command).await.map_err(|_| ())
    }

    pub(crate) fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Tells the room that storage moved on (to `seq`, or maybe), without waiting.
    pub(crate) fn nudge(&self, seq: Option<u64>) {
        if let Err(mpsc::error::TrySendError::Full(command)) =
            self.tx.try_send(Command::Sync { seq })
        {
            let tx = self.tx.clone();
            tokio::spawn(async move { tx.send(command).await });
        }
    }
}

/// Who asks to act.
#[derive(Debug)]
pub(crate) enum Who {
    /// An HTTP request with this bearer token, if any.
    Token(Option<String>),
    /// A WebSocket connection that said hello.
    Conn(u64),
}

#[derive(Debug)]
pub(crate) enum Request {
    Play { action: String, expect: u64 },
    Resign,
    Undo { expect: Option<u64> },
}

/// Where the answer to an action goes.
#[derive(Debug)]
pub(crate) enum Reply {
    Http(oneshot::Sender<Result<u64, ApiError>>),
    /// Into the connection's own queue, ahead of the broadcast.
    Ws,
}

#[derive(Debug)]
pub(crate) enum Command {
    Show {
        token: Option<String>,
        reply: oneshot::Sender<Result<Snapshot, ApiError>>,
    },
    Join {
        token: Option<String>,
        since: Option<u64>,
        out: mpsc::Sender<Utf8Bytes>,
        reply: oneshot::Sender<Result<u64, ApiError>>,
    },
    Leave {
        conn: u64,
    },
    Act {
        who: Who,
        cid: Option<String>,
        request: Request,
        reply: Reply,
    },
    Record {
        reply: oneshot::Sender<Result<Record, ApiError>>,
    },
    /// Another instance moved the game to `seq` (`None`: it may have, read what is new).
    Sync {
        seq: Option<u64>,
    },
    /// What a hint needs: the game's spec and whole position, for the seat of `token` when
    /// it is to move and every other seat is a bot. It never leaves the server: the hint
    /// searches from the mover's view alone.
    Hint {
        token: Option<String>,
        reply: oneshot::Sender<Result<(String, String), ApiError>>,
    },
}

/// An action of the current line (undone ones are gone), with who may know it.
#[derive(Clone, Debug)]
struct Known {
    by: Option<u8>,
    action: String,
    /// Per seat, then a spectator last.
    seen: Vec<bool>,
}

/// An event as logged: `log[i].seq == i + 1`.
#[derive(Clone, Debug)]
struct Logged {
    seq: u64,
    kind: EventKind,
    seat: Option<u8>,
    action: Option<String>,
    seen: Vec<bool>,
    undone: Option<usize>,
}

#[derive(Debug)]
struct Subscriber {
    conn: u64,
    viewer: Option<u8>,
    out: mpsc::Sender<Utf8Bytes>,
}

/// The state now, per viewer, computed after every change so that reads never wait for a
/// bot.
#[derive(Debug, Default)]
struct Now {
    seq: u64,
    turn: Option<TurnInfo>,
    /// Per seat then a spectator; one shared view when nothing is hidden. Serialized once.
    views: Vec<ViewJson>,
    /// The legal moves of the person to move.
    legal: Vec<String>,
    mover: Option<u8>,
    result: Option<RecordResult>,
}

impl Now {
    fn view(&self, viewer: Option<u8>, seats: usize) -> &ViewJson {
        if self.views.len() == 1 {
            return &self.views[0];
        }
        &self.views[viewer.map_or(seats, usize::from)]
    }

    fn state(&self, viewer: Option<u8>, seats: usize) -> StateNow {
        StateNow {
            turn: self.turn.clone().expect("refreshed"),
            view: self.view(viewer, seats).clone(),
            legal: if viewer.is_some() && viewer == self.mover {
                self.legal.clone()
            } else {
                Vec::new()
            },
            result: self.result.clone(),
        }
    }
}

/// What a room needs from the server.
#[derive(Clone)]
pub(crate) struct Shared {
    pub(crate) store: Arc<dyn Storage>,
    /// Bots thinking at once.
    pub(crate) ai: Arc<Semaphore>,
    /// Called with the room's id when it stops, to forget it.
    pub(crate) on_stop: Arc<dyn Fn(&str) + Send + Sync>,
    /// How long a lease lasts, when other instances share the store.
    pub(crate) lease: Option<Duration>,
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
    spec: String,
    live: Option<Box<dyn Live>>,
    seats: usize,
    seat_names: Vec<String>,
    agents: Vec<AgentSpec>,
    tokens: Vec<Option<TokenHash>>,
    seed_hash: String,
    seed_nonce: String,
    line: Vec<Known>,
    log: Vec<Logged>,
    cids: HashMap<(u8, String), u64>,
    subscribers: Vec<Subscriber>,
    next_conn: u64,
    now: Now,
    summary: Arc<Mutex<GameSummary>>,
    deferred: VecDeque<Command>,
    shared: Shared,
    /// The version in storage as far as this room knows; its clients were told up to it.
    committed: u64,
    /// Until when this instance may play chance and bots without claiming the lease again.
    leased_until: Option<Instant>,
}

/// Why an action was not acknowledged.
enum Failure {
    Refused(ApiError),
    Storage(StorageError),
}

/// How many times a request is checked again after another instance changed the game.
const RETRIES: usize = 3;

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Room")
            .field("id", &self.id)
            .field("seq", &self.now.seq)
            .finish_non_exhaustive()
    }
}

/// Why a stored game could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RebuildError {
    #[error("game {id}: {reason}")]
    Bad { id: String, reason: String },
}

impl Room {
    /// The game's id.
    pub(crate) fn id(&self) -> &str {
        &self.id
    }

    /// Starts the room's task.
    pub(crate) fn spawn(mut self) -> RoomHandle {
        let (tx, rx) = mpsc::channel(QUEUE);
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

    /// Rebuilds a stored game (a new one has no events), not yet started.
    pub(crate) fn rebuild(stored: StoredGame, shared: Shared) -> Result<Self, RebuildError> {
        let StoredGame { game: row, events } = stored;
        let bad = |reason: String| RebuildError::Bad {
            id: row.id.clone(),
            reason,
        };
        let game = trio_catalog::game(&row.spec).map_err(|e| bad(e.to_string()))?;
        let agents: Vec<AgentSpec> = row
            .seats
            .iter()
            .map(|s| {
                s.agent
                    .parse()
                    .map_err(|e| bad(format!("seat {}: {e}", s.agent)))
            })
            .collect::<Result<_, _>>()?;
        let tokens = row
            .seats
            .iter()
            .map(|s| match &s.token_hash {
                Some(h) => secrets::token_hash_from_hex(h)
                    .map(Some)
                    .ok_or_else(|| bad("a token hash does not read".to_owned())),
                None => Ok(None),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let outside = vec![AgentSpec::Human; agents.len()];
        let live = game
            .start(row.seed, &outside, row.start.as_deref())
            .map_err(|e| bad(e.to_string()))?;
        let seats = live.seat_count();
        let seat_names = (0..seats).map(|s| live.seat_name(Seat(s as u8))).collect();
        let summary = Arc::new(Mutex::new(GameSummary {
            id: row.id.clone(),
            game: row.spec.clone(),
            seats: Vec::new(),
            seq: 0,
            turn: TurnInfo {
                kind: "over".to_owned(),
                seat: None,
                name: None,
            },
            over: false,
            created_at: row.created_at,
        }));
        let mut room = Room {
            id: row.id.clone(),
            spec: row.spec.clone(),
            live: Some(live),
            seats,
            seat_names,
            agents: agents.clone(),
            tokens,
            seed_hash: row.seed_hash.clone(),
            seed_nonce: row.seed_nonce.clone(),
            line: Vec::new(),
            log: Vec::new(),
            cids: HashMap::new(),
            subscribers: Vec::new(),
            next_conn: 1,
            now: Now::default(),
            summary,
            deferred: VecDeque::new(),
            shared,
            committed: 0,
            leased_until: None,
        };
        for event in events {
            room.replay(&event).map_err(bad)?;
        }
        let live = room.live.as_mut().expect("not thinking");
        for (s, agent) in agents.iter().enumerate() {
            if !agent.is_human() {
                live.set_agent(Seat(s as u8), agent)
                    .map_err(|e| bad(e.to_string()))?;
            }
        }
        room.refresh();
        Ok(room)
    }

    /// Applies one stored event (the next one) to the game, as its room knows it now.
    fn replay(&mut self, event: &EventRow) -> Result<(), String> {
        self.replay_event(event)
            .map_err(|reason| format!("event {} ({}): {reason}", event.seq, event.kind.as_str()))?;
        if let (Some(cid), Some(seat)) = (&event.client_id, event.seat) {
            self.cids.insert((seat, cid.clone()), event.seq);
        }
        self.committed = event.seq;
        Ok(())
    }

    fn replay_event(&mut self, event: &EventRow) -> Result<(), String> {
        let live = self.live.as_mut().expect("not thinking");
        let seat = || event.seat.map(Seat).ok_or("no seat".to_owned());
        match event.kind {
            EventKind::Play => {
                let action = event.action.as_deref().ok_or("no action")?;
                live.submit(seat()?, action, None)
                    .map_err(|e| e.to_string())?;
            }
            EventKind::Chance => {
                if live.turn() != Turn::Chance {
                    return Err("chance is not to act here".to_owned());
                }
                live.step().map_err(|e| e.to_string())?;
            }
            EventKind::Resign => {
                live.resign(seat()?).map_err(|e| e.to_string())?;
            }
            EventKind::Undo => {}
        }
        let mut undone = None;
        match event.kind {
            EventKind::Undo => undone = Some(self.undo_line(seat()?)?),
            EventKind::Resign => {}
            EventKind::Play | EventKind::Chance => self.push_line(),
        }
        let live = self.live.as_ref().expect("not thinking");
        if event.kind == EventKind::Chance {
            let drawn = self.line.last().map(|k| k.action.as_str());
            if drawn != event.action.as_deref() {
                return Err(format!(
                    "the seed draws {drawn:?}, the stored event says {:?}",
                    event.action
                ));
            }
        }
        if live.version() != event.seq {
            return Err(format!("the game is at version {}", live.version()));
        }
        self.log_event(event.kind, event.seat, undone);
        Ok(())
    }

    /// Undoes `seat`'s last decisions in the game and the line.
    fn undo_line(&mut self, seat: Seat) -> Result<usize, String> {
        let live = self.live.as_mut().expect("not thinking");
        let depth = live.undo_depth(seat).map_err(|e| e.to_string())?;
        live.undo(seat).map_err(|e| e.to_string())?;
        self.line.truncate(self.line.len() - depth);
        Ok(depth)
    }

    /// Writes down the action the game just took, with who may know it.
    fn push_line(&mut self) {
        let live = self.live.as_ref().expect("not thinking");
        let (by, action, seen) = live.last_action().expect("an action was just taken");
        self.line.push(Known {
            by: by.map(|s| s.0),
            action,
            seen,
        });
    }

    /// Logs the event that brought the game to its current version.
    fn log_event(&mut self, kind: EventKind, seat: Option<u8>, undone: Option<usize>) {
        let live = self.live.as_ref().expect("not thinking");
        let (action, seen, undone) = match kind {
            EventKind::Play | EventKind::Chance => {
                let known = self.line.last().expect("just pushed");
                (Some(known.action.clone()), known.seen.clone(), None)
            }
            EventKind::Resign | EventKind::Undo => (None, vec![true; self.seats + 1], undone),
        };
        self.log.push(Logged {
            seq: live.version(),
            kind,
            seat,
            action,
            seen,
            undone,
        });
    }

    /// Recomputes the cached state and the lobby's summary.
    fn refresh(&mut self) {
        let live = self.live.as_ref().expect("not thinking");
        let turn = live.turn();
        // Names can change as the game goes (a Triles seat's colour once drawn).
        for (s, name) in self.seat_names.iter_mut().enumerate() {
            *name = live.seat_name(Seat(s as u8));
        }
        self.now.seq = live.version();
        self.now.turn = Some(self.turn_info(turn));
        let raw = |view: Value| ViewJson::new(&view);
        self.now.views = if live.facts().hidden_information {
            (0..self.seats)
                .map(|s| raw(live.view_json(Some(Seat(s as u8)))))
                .chain(std::iter::once(raw(live.view_json(None))))
                .collect()
        } else {
            vec![raw(live.view_json(None))]
        };
        self.now.mover = match turn {
            Turn::Seat(s) if !live.is_bot(s) => Some(s.0),
            _ => None,
        };
        self.now.legal = if self.now.mover.is_some() {
            live.legal_moves()
        } else {
            Vec::new()
        };
        self.now.result = live
            .outcome()
            .map(|o| RecordResult::new(&o, live.resigned()));
        let seats = self.seat_infos();
        let mut summary = self.summary.lock().expect("summary lock");
        summary.seats = seats;
        summary.seq = self.now.seq;
        summary.turn = self.now.turn.clone().expect("just set");
        summary.over = self.now.result.is_some();
    }

    fn turn_info(&self, turn: Turn) -> TurnInfo {
        match turn {
            Turn::Seat(s) => TurnInfo {
                kind: "seat".to_owned(),
                seat: Some(s.0),
                name: Some(self.seat_names[s.index()].clone()),
            },
            Turn::Chance => TurnInfo {
                kind: "chance".to_owned(),
                seat: None,
                name: None,
            },
            Turn::Over => TurnInfo {
                kind: "over".to_owned(),
                seat: None,
                name: None,
            },
        }
    }

    fn connected(&self) -> Vec<bool> {
        (0..self.seats)
            .map(|s| {
                self.subscribers
                    .iter()
                    .any(|sub| sub.viewer == Some(s as u8))
            })
            .collect()
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        let connected = self.connected();
        (0..self.seats)
            .map(|s| SeatInfo {
                seat: s as u8,
                name: self.seat_names[s].clone(),
                player: self.agents[s].to_string(),
                connected: connected[s],
            })
            .collect()
    }

    fn over(&self) -> bool {
        self.now.result.is_some()
    }

    /// The viewer a token stands for: `None` (a spectator) without one.
    fn viewer(&self, token: Option<&str>) -> Result<Option<u8>, ApiError> {
        match token {
            None => Ok(None),
            Some(token) => secrets::seat_of(token, &self.tokens)
                .map(|s| Some(s as u8))
                .ok_or_else(ApiError::wrong_token),
        }
    }

    fn snapshot(&self, viewer: Option<u8>) -> Snapshot {
        let index = viewer.map_or(self.seats, usize::from);
        let state = self.now.state(viewer, self.seats);
        Snapshot {
            id: self.id.clone(),
            game: self.spec.clone(),
            seq: self.now.seq,
            seats: self.seat_infos(),
            you: viewer,
            turn: state.turn,
            view: state.view,
            legal: state.legal,
            moves: self
                .line
                .iter()
                .map(|k| MoveInfo {
                    seat: k.by,
                    action: k.seen[index].then(|| k.action.clone()),
                })
                .collect(),
            result: state.result,
            seed_hash: self.seed_hash.clone(),
        }
    }

    /// The event as `viewer` may know it, with the state now if `with_state`.
    fn event_for(&self, logged: &Logged, viewer: Option<u8>, with_state: bool) -> Event {
        let index = viewer.map_or(self.seats, usize::from);
        Event {
            seq: logged.seq,
            kind: logged.kind.as_str().to_owned(),
            seat: logged.seat,
            action: logged.action.clone().filter(|_| logged.seen[index]),
            undone: logged.undone,
            state: with_state.then(|| self.now.state(viewer, self.seats)),
        }
    }

    async fn run(&mut self, mut rx: mpsc::Receiver<Command>) {
        if self.drive(&mut rx).await.is_err() {
            return;
        }
        loop {
            let command = match self.deferred.pop_front() {
                Some(command) => command,
                None => match tokio::time::timeout(LINGER, rx.recv()).await {
                    Ok(Some(command)) => command,
                    Ok(None) => return,
                    // Alone, a running game stays to play its bots; on a shared store an
                    // instance that wants it again loads it.
                    Err(_)
                        if (self.over() || self.shared.lease.is_some())
                            && self.subscribers.is_empty() =>
                    {
                        return
                    }
                    Err(_) => continue,
                },
            };
            if self.handle(command).await.is_err() {
                return;
            }
            if self.drive(&mut rx).await.is_err() {
                return;
            }
        }
    }

    /// Handles a command; `Err` when the room must stop (its storage failed).
    async fn handle(&mut self, command: Command) -> Result<(), StorageError> {
        match command {
            Command::Act {
                who,
                cid,
                request,
                reply,
            } => return self.act(who, cid, request, reply).await,
            Command::Sync { seq } => {
                if seq.is_none_or(|seq| seq > self.committed) {
                    self.follow().await;
                }
            }
            Command::Record { reply } => {
                self.follow().await;
                let _ = reply.send(self.record());
            }
            leave @ Command::Leave { .. } => self.read(leave),
            other => {
                // What is shown is what storage holds, whichever instance wrote it.
                self.follow().await;
                self.read(other);
            }
        }
        Ok(())
    }

    /// Catches up before a read; on failure the read is answered from what the room
    /// knows.
    async fn follow(&mut self) {
        if let Err(e) = self.catch_up().await {
            tracing::warn!(game = %self.id, "cannot catch up: {e}");
        }
    }

    /// Commands that need no [`Live`]: answered even while a bot thinks.
    fn read(&mut self, command: Command) {
        match command {
            Command::Show { token, reply } => {
                let _ = reply.send(self.viewer(token.as_deref()).map(|v| self.snapshot(v)));
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
                let before = self.connected();
                self.subscribers.retain(|s| s.conn != conn);
                self.presence_changed(&before);
            }
            Command::Record { reply } => {
                let _ = reply.send(Err(not_over()));
            }
            Command::Hint { token, reply } => {
                let _ = reply.send(self.hint_position(token.as_deref()));
            }
            act @ Command::Act { .. } => self.deferred.push_back(act),
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

    fn join(
        &mut self,
        token: Option<&str>,
        since: Option<u64>,
        out: mpsc::Sender<Utf8Bytes>,
    ) -> Result<u64, ApiError> {
        let viewer = self.viewer(token)?;
        let conn = self.next_conn;
        self.next_conn += 1;
        let before = self.connected();
        self.subscribers.push(Subscriber {
            conn,
            viewer,
            out: out.clone(),
        });
        let mut messages = vec![ServerMessage::Welcome {
            role: if viewer.is_some() {
                "seat"
            } else {
                "spectator"
            }
            .to_owned(),
            seat: viewer,
            seq: self.now.seq,
            connected: self.connected(),
        }];
        let seq = self.now.seq;
        match since {
            Some(since) if since <= seq && seq - since <= MAX_CATCH_UP => {
                let missed = &self.log[since as usize..];
                for (i, logged) in missed.iter().enumerate() {
                    let last = i + 1 == missed.len();
                    messages.push(ServerMessage::Event(Box::new(
                        self.event_for(logged, viewer, last),
                    )));
                }
            }
            _ => messages.push(ServerMessage::Snapshot(Box::new(self.snapshot(viewer)))),
        }
        for message in messages {
            // A new queue has room for these; a client gone already is dropped below.
            let _ = out.try_send(message.to_text().into());
        }
        self.presence_changed(&before);
        Ok(conn)
    }

    /// Tells everyone which seats are connected, if that changed.
    fn presence_changed(&mut self, before: &[bool]) {
        let now = self.connected();
        if now != before {
            let text: Utf8Bytes = ServerMessage::Presence {
                connected: now.clone(),
            }
            .to_text()
            .into();
            self.send_all(|_| vec![text.clone()]);
        }
        let mut summary = self.summary.lock().expect("summary lock");
        for (seat, connected) in summary.seats.iter_mut().zip(now) {
            seat.connected = connected;
        }
    }

    /// Sends to every subscriber what `message` gives for its viewer, dropping those whose
    /// queue is full or closed (a slow client must not hold the game).
    fn send_all(&mut self, mut messages: impl FnMut(Option<u8>) -> Vec<Utf8Bytes>) {
        let before = self.connected();
        let mut dropped = false;
        self.subscribers.retain(|sub| {
            let kept = messages(sub.viewer)
                .into_iter()
                .all(|text| sub.out.try_send(text).is_ok());
            dropped |= !kept;
            kept
        });
        if dropped {
            self.presence_changed(&before);
        }
    }

    fn send_to(&mut self, conn: u64, message: &ServerMessage) {
        let text: Utf8Bytes = message.to_text().into();
        if let Some(sub) = self.subscribers.iter().find(|s| s.conn == conn) {
            let _ = sub.out.try_send(text);
        }
    }

    /// Sends the event just committed to everyone.
    fn broadcast(&mut self) {
        self.tell_since(self.committed.saturating_sub(1));
    }

    /// Commits the event that brought the game to its version, logs it and refreshes.
    async fn commit(
        &mut self,
        kind: EventKind,
        seat: Option<u8>,
        cid: Option<String>,
        undone: Option<usize>,
    ) -> Result<(), StorageError> {
        self.log_event(kind, seat, undone);
        // Refreshed before the append, for the lobby's line; a failed append reloads or
        // stops the room, so nobody reads the refreshed state unless it is stored.
        self.refresh();
        let logged = self.log.last().expect("just logged");
        let automatic = self.automatic();
        let append = Append {
            game_id: self.id.clone(),
            event: EventRow {
                seq: logged.seq,
                kind,
                seat,
                action: logged.action.clone(),
                client_id: cid.clone(),
            },
            status: if self.over() {
                Status::Over
            } else {
                Status::Running
            },
            automatic,
            summary: self.summary_json(),
        };
        let seq = logged.seq;
        if let Err(e) = self.shared.store.append(append).await {
            if !matches!(e, StorageError::Conflict { .. }) {
                tracing::error!(game = %self.id, "cannot store an event, the room stops: {e}");
            }
            return Err(e);
        }
        self.committed = seq;
        // An append leaving chance or a bot to act gave this instance the lease.
        self.leased_until = automatic
            .then(|| self.shared.lease.map(trusted_until))
            .flatten();
        if let (Some(cid), Some(seat)) = (cid, seat) {
            self.cids.insert((seat, cid), seq);
        }
        Ok(())
    }

    /// Whether chance or a bot is to act.
    pub(crate) fn automatic(&self) -> bool {
        let live = self.live.as_ref().expect("not thinking");
        match live.turn() {
            Turn::Chance => true,
            Turn::Seat(seat) => live.is_bot(seat),
            Turn::Over => false,
        }
    }

    /// The lobby's line as JSON, for a shared store (which lists games of every instance).
    pub(crate) fn summary_json(&self) -> Option<String> {
        self.shared.lease?;
        let summary = self.summary.lock().expect("summary lock");
        serde_json::to_string(&*summary).ok()
    }

    /// Reads the events other instances stored since this room's version, applies them and
    /// tells the clients; `true` if there were any.
    async fn catch_up(&mut self) -> Result<bool, StorageError> {
        if self.shared.lease.is_none() {
            return Ok(false);
        }
        let events = self.shared.store.since(&self.id, self.committed).await?;
        if events.is_empty() {
            return Ok(false);
        }
        let from = self.committed;
        for event in &events {
            if let Err(reason) = self.replay(event) {
                tracing::warn!(game = %self.id, "cannot follow, reloading: {reason}");
                self.reload(from).await?;
                return Ok(true);
            }
        }
        // Someone else acted: the lease is theirs or free.
        self.leased_until = None;
        self.refresh();
        self.tell_since(from);
        Ok(true)
    }

    /// Rebuilds the game from storage after another instance took the version this room
    /// meant to write; tells the clients what they were not told since `from`.
    async fn reload(&mut self, from: u64) -> Result<(), StorageError> {
        let stored = self
            .shared
            .store
            .load(&self.id)
            .await?
            .ok_or_else(|| StorageError::Corrupt(format!("game {} is gone", self.id)))?;
        let fresh = Self::rebuild(stored, self.shared.clone())
            .map_err(|e| StorageError::Corrupt(e.to_string()))?;
        self.live = fresh.live;
        self.line = fresh.line;
        self.log = fresh.log;
        self.cids = fresh.cids;
        self.committed = fresh.committed;
        self.leased_until = None;
        self.refresh();
        self.tell_since(from);
        Ok(())
    }

    /// Sends every client the events after `from`, each its own version, the state with
    /// the last; serialized once per viewer.
    fn tell_since(&mut self, from: u64) {
        let Some(missed) = self.log.get(from as usize..).filter(|m| !m.is_empty()) else {
            return;
        };
        let mut texts: Vec<Option<Vec<Utf8Bytes>>> = vec![None; self.seats + 1];
        let messages: Vec<Vec<Utf8Bytes>> = self
            .subscribers
            .iter()
            .map(|sub| {
                let index = sub.viewer.map_or(self.seats, usize::from);
                texts[index]
                    .get_or_insert_with(|| {
                        missed
                            .iter()
                            .enumerate()
                            .map(|(i, logged)| {
                                let last = i + 1 == missed.len();
                                let event = self.event_for(logged, sub.viewer, last);
                                ServerMessage::Event(Box::new(event)).to_text().into()
                            })
                            .collect()
                    })
                    .clone()
            })
            .collect();
        let mut messages = messages.into_iter();
        self.send_all(|_| messages.next().unwrap_or_default());
    }

    /// Whether this instance may play chance and bots now: always alone; on a shared store
    /// while it holds the game's lease, taking it if free.
    async fn may_drive(&mut self) -> Result<bool, StorageError> {
        let Some(ttl) = self.shared.lease else {
            return Ok(true);
        };
        if self
            .leased_until
            .is_some_and(|until| Instant::now() < until)
        {
            return Ok(true);
        }
        if !self.shared.store.claim(&self.id).await? {
            return Ok(false);
        }
        self.leased_until = Some(trusted_until(ttl));
        Ok(true)
    }

    async fn act(
        &mut self,
        who: Who,
        cid: Option<String>,
        request: Request,
        reply: Reply,
    ) -> Result<(), StorageError> {
        let mut result = self.try_act(&who, cid.as_deref(), &request).await;
        // On a shared store a refusal or a lost race may come from not knowing what other
        // instances did: catch up and check again.
        for _ in 0..RETRIES {
            match &result {
                Err(Failure::Refused(_)) if self.catch_up().await? => {}
                Err(Failure::Storage(StorageError::Conflict { .. })) => {
                    self.reload(self.committed).await?;
                }
                _ => break,
            }
            result = self.try_act(&who, cid.as_deref(), &request).await;
        }
        let fresh = matches!(result, Ok((_, true)));
        let (answer, stop) = match result {
            Ok((seq, _)) => (Ok(seq), None),
            Err(Failure::Refused(e)) => (Err(e), None),
            Err(Failure::Storage(e @ StorageError::Conflict { .. })) => {
                tracing::warn!(game = %self.id, "gave up after {RETRIES} lost races: {e}");
                // Not to keep the action this room meant to write.
                self.reload(self.committed).await?;
                (Err(ApiError::unavailable()), None)
            }
            Err(Failure::Storage(e)) => (Err(ApiError::unavailable()), Some(e)),
        };
        match reply {
            Reply::Http(tx) => {
                let _ = tx.send(answer);
            }
            Reply::Ws => {
                let message = match answer {
                    Ok(seq) => ServerMessage::Ack {
                        cid: cid.clone().unwrap_or_default(),
                        seq,
                    },
                    Err(e) => ServerMessage::Reject {
                        cid: cid.clone().unwrap_or_default(),
                        code: e.code.to_owned(),
                        message: e.message,
                        rule: e.rule,
                        args: e.args,
                        seq: self.committed,
                    },
                };
                if let Who::Conn(conn) = who {
                    self.send_to(conn, &message);
                }
            }
        }
        if let Some(e) = stop {
            return Err(e);
        }
        if fresh {
            self.broadcast();
        }
        Ok(())
    }

    /// Checks and applies one request, committing it: the `seq` it has, and whether it is
    /// new (not a resend).
    async fn try_act(
        &mut self,
        who: &Who,
        cid: Option<&str>,
        request: &Request,
    ) -> Result<(u64, bool), Failure> {
        // The seat, quietly first: a resend of an applied action is acknowledged again,
        // whatever happened since (even the end of the game).
        let seat = match who {
            Who::Token(Some(token)) => secrets::seat_of(token, &self.tokens).map(|s| s as u8),
            Who::Token(None) => None,
            Who::Conn(conn) => self
                .subscribers
                .iter()
                .find(|s| s.conn == *conn)
                .and_then(|s| s.viewer),
        };
        if let (Some(seat), Some(cid)) = (seat, cid) {
            if let Some(&seq) = self.cids.get(&(seat, cid.to_owned())) {
                return Ok((seq, false));
            }
        }
        // Then in order: not over, the token, the version, the notation, the rules.
        if self.over() {
            return Err(Failure::Refused(ApiError::play(&PlayError::GameOver)));
        }
        let Some(seat) = seat else {
            return Err(Failure::Refused(match who {
                Who::Token(None) => ApiError::new(
                    axum::http::StatusCode::UNAUTHORIZED,
                    "no-token",
                    "acting needs a seat token: Authorization: Bearer <token>",
                ),
                Who::Token(Some(_)) => ApiError::wrong_token(),
                Who::Conn(_) => ApiError::new(
                    axum::http::StatusCode::FORBIDDEN,
                    "spectator",
                    "spectators only watch",
                ),
            }));
        };
        let live = self.live.as_mut().expect("not thinking");
        let done = match request {
            Request::Play { action, expect } => live
                .submit(Seat(seat), action, Some(*expect))
                .map(|_| (EventKind::Play, None)),
            Request::Resign => live.resign(Seat(seat)).map(|_| (EventKind::Resign, None)),
            Request::Undo { expect } => self.undo(Seat(seat), *expect),
        };
        let (kind, undone) = done.map_err(|e| Failure::Refused(ApiError::play(&e)))?;
        if kind == EventKind::Play {
            self.push_line();
        }
        self.commit(kind, Some(seat), cid.map(str::to_owned), undone)
            .await
            .map_err(Failure::Storage)?;
        Ok((self.committed, true))
    }

    /// Takes back `seat`'s own last decisions, if no one else acted since (the others need
    /// not agree to it then) and no chance outcome would be played again.
    fn undo(
        &mut self,
        seat: Seat,
        expect: Option<u64>,
    ) -> Result<(EventKind, Option<usize>), PlayError> {
        let live = self.live.as_ref().expect("not thinking");
        if let Some(expected) = expect {
            if expected != live.version() {
                return Err(PlayError::Stale {
                    expected,
                    actual: live.version(),
                });
            }
        }
        let depth = live.undo_depth(seat)?;
        // The AI's answers go back with the move they answered; a person's never do.
        let person = |by: u8| self.agents[usize::from(by)].is_human();
        if self.line[self.line.len() - depth..]
            .iter()
            .any(|k| k.by != Some(seat.0) && k.by.is_none_or(person))
        {
            return Err(PlayError::NoUndo(
                "another player has acted since (only your own moves and the AI's answers \
                 can be taken back)"
                    .to_owned(),
            ));
        }
        let depth = self.undo_line(seat).map_err(PlayError::NoUndo)?;
        Ok((EventKind::Undo, Some(depth)))
    }

    /// The spec and position to search a hint from, for the seat of `token` to move in a
    /// game against the AI alone.
    fn hint_position(&self, token: Option<&str>) -> Result<(String, String), ApiError> {
        let Some(seat) = self.viewer(token)? else {
            return Err(ApiError::new(
                axum::http::StatusCode::UNAUTHORIZED,
                "no-token",
                "a hint is for a seat: Authorization: Bearer <token>",
            ));
        };
        let against_ai = self
            .agents
            .iter()
            .enumerate()
            .all(|(s, a)| s == usize::from(seat) || !a.is_human());
        if !against_ai {
            return Err(ApiError::new(
                axum::http::StatusCode::FORBIDDEN,
                "no-hint",
                "hints are given only in games against the AI",
            ));
        }
        match (&self.live, self.now.mover) {
            (Some(live), Some(mover)) if mover == seat => Ok((self.spec.clone(), live.position())),
            _ if self.over() => Err(ApiError::play(&PlayError::GameOver)),
            _ => Err(ApiError::new(
                axum::http::StatusCode::FORBIDDEN,
                "not-your-turn",
                "a hint is for the seat to move",
            )),
        }
    }

    fn record(&self) -> Result<Record, ApiError> {
        let Some(live) = self.live.as_ref().filter(|_| self.over()) else {
            return Err(not_over());
        };
        let mut record = live.record();
        record.seats = self.agents.iter().map(ToString::to_string).collect();
        record.commitment = Some(trio_core::SeedCommitment {
            seed_hash: self.seed_hash.clone(),
            nonce: self.seed_nonce.clone(),
        });
        Ok(record)
    }

    /// Lets chance and bots act until a person must (or the game is over), each action
    /// committed and broadcast. While a bot thinks, reads are answered and writes held.
    async fn drive(&mut self, rx: &mut mpsc::Receiver<Command>) -> Result<(), StorageError> {
        while self.automatic() {
            if !self.may_drive().await? {
                return Ok(());
            }
            let committed = match self.live.as_ref().expect("not thinking").turn() {
                Turn::Seat(seat) => {
                    let live = self.live.take().expect("not thinking");
                    let step = self.think(live, rx).await?;
                    let live = self.live.as_mut().expect("back");
                    match step {
                        Ok(Step::Played { .. }) => {
                            self.push_line();
                            self.commit(EventKind::Play, Some(seat.0), None, None).await
                        }
                        Ok(Step::Resigned(_)) => {
                            self.commit(EventKind::Resign, Some(seat.0), None, None)
                                .await
                        }
                        Ok(Step::Await(_) | Step::Over) => continue,
                        Err(e) => {
                            tracing::error!(game = %self.id, "a bot broke the rules and gives up: {e}");
                            live.resign(seat)
                                .map_err(|e| StorageError::Corrupt(e.to_string()))?;
                            self.commit(EventKind::Resign, Some(seat.0), None, None)
                                .await
                        }
                    }
                }
                _ => {
                    let live = self.live.as_mut().expect("not thinking");
                    live.step()
                        .map_err(|e| StorageError::Corrupt(e.to_string()))?;
                    self.push_line();
                    self.commit(EventKind::Chance, None, None, None).await
                }
            };
            match committed {
                Ok(()) => self.broadcast(),
                // Another instance acted first (its lease ran out under a long think):
                // follow it.
                Err(StorageError::Conflict { .. }) => self.reload(self.committed).await?,
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Lets the bot to move think on the blocking pool, answering reads meanwhile; puts
    /// the game back and returns what the bot did.
    async fn think(
        &mut self,
        mut live: Box<dyn Live>,
        rx: &mut mpsc::Receiver<Command>,
    ) -> Result<Result<Step, trio_core::BotError>, StorageError> {
        let ai = self.shared.ai.clone();
        let thinking = async move {
            let permit = ai
                .acquire_owned()
                .await
                .expect("the AI semaphore is never closed");
            tokio::task::spawn_blocking(move || {
                let _permit = permit;
                let step = live.step();
                (live, step)
            })
            .await
        };
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
        match joined {
            Ok((live, step)) => {
                self.live = Some(live);
                Ok(step)
            }
            Err(e) => {
                tracing::error!(game = %self.id, "a bot failed: {e}");
                Err(StorageError::Corrupt(format!("a bot failed: {e}")))
            }
        }
    }
}

/// Until when this instance plays on a lease of `ttl` taken now without claiming it again:
/// half of it, so that clocks a little apart (another instance's, which judges whether the
/// lease ran out) do not matter.
fn trusted_until(ttl: Duration) -> Instant {
    Instant::now() + ttl / 2
}

fn not_over() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::CONFLICT,
        "not-over",
        "the record is published once the game is over",
    )
}
