//! The audience: the WebSocket clients of a room, who is connected at which seat, and the
//! fan-out that gives each its own messages without letting a slow one hold the game. It
//! reports presence: everyone is told which seats are connected whenever that changes.

use bytes::Bytes;
use tokio::sync::mpsc;
use trio_catalog::Live;
use trio_core::{LogEntry, Seat};

use super::viewer::Viewer;
use super::views::{self, Views};
use super::Room;
use crate::error::Refusal;
use crate::protocol::{Role, ServerMessage, Snapshot};

/// Messages waiting for a slow WebSocket client before it is dropped.
pub(crate) const CLIENT_QUEUE: usize = 512;
/// The most missed events sent on a reconnect; further behind, a snapshot.
const MAX_CATCH_UP: u64 = 256;

#[derive(Debug)]
struct Subscriber {
    conn: u64,
    viewer: Viewer,
    out: mpsc::Sender<Bytes>,
}

#[derive(Debug)]
pub(super) struct Audience {
    seats: usize,
    subscribers: Vec<Subscriber>,
    next_conn: u64,
}

impl Audience {
    pub(super) fn new(seats: usize) -> Self {
        Self {
            seats,
            subscribers: Vec::new(),
            next_conn: 1,
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.subscribers.is_empty()
    }

    /// Per seat, whether a client holding its token is connected.
    pub(super) fn connected(&self) -> Vec<bool> {
        (0..self.seats)
            .map(|s| {
                self.subscribers
                    .iter()
                    .any(|sub| sub.viewer == Viewer::Seat(Seat(s as u8)))
            })
            .collect()
    }

    /// The seat of a connection; `None` for a spectator or a connection gone.
    pub(super) fn seat_of(&self, conn: u64) -> Option<Seat> {
        self.subscribers
            .iter()
            .find(|s| s.conn == conn)
            .and_then(|s| s.viewer.seat())
    }

    /// Adds a client, its first `messages` already in its queue; its connection number.
    pub(super) fn join(
        &mut self,
        viewer: Viewer,
        out: mpsc::Sender<Bytes>,
        messages: Vec<Bytes>,
    ) -> u64 {
        for text in messages {
            // A new queue has room for these; a client gone already is dropped later.
            let _ = out.try_send(text);
        }
        let conn = self.next_conn;
        self.next_conn += 1;
        self.subscribers.push(Subscriber { conn, viewer, out });
        conn
    }

    pub(super) fn leave(&mut self, conn: u64) {
        self.subscribers.retain(|s| s.conn != conn);
    }

    /// Sends every client what `render` gives for its viewer, rendered once per viewer;
    /// drops those whose queue is full or closed. `true` if any was dropped.
    #[must_use]
    pub(super) fn send_each(&mut self, mut render: impl FnMut(Viewer) -> Vec<Bytes>) -> bool {
        let mut rendered: Vec<Option<Vec<Bytes>>> = vec![None; self.seats + 1];
        let seats = self.seats;
        let before = self.subscribers.len();
        self.subscribers.retain(|sub| {
            let index = sub.viewer.index(seats);
            rendered[index]
                .get_or_insert_with(|| render(sub.viewer))
                .iter()
                .all(|text| sub.out.try_send(text.clone()).is_ok())
        });
        self.subscribers.len() != before
    }

    /// Sends one client `text` (an answer to its action); drops it, as [`Audience::send_each`]
    /// does, if its queue is full or closed: `true` if so. A client never misses an answer
    /// and stays: dropped, it is closed and resends what had no answer.
    #[must_use]
    pub(super) fn send_to(&mut self, conn: u64, text: Bytes) -> bool {
        let Some(index) = self.subscribers.iter().position(|s| s.conn == conn) else {
            return false;
        };
        let sent = self.subscribers[index].out.try_send(text).is_ok();
        if !sent {
            self.subscribers.remove(index);
        }
        !sent
    }
}

impl Room {
    /// A WebSocket client joins: welcomed, sent what it missed since `since` (or a
    /// snapshot), then live events.
    pub(super) fn join(
        &mut self,
        token: Option<&str>,
        since: Option<u64>,
        out: mpsc::Sender<Bytes>,
    ) -> Result<u64, Refusal> {
        let viewer = self.table.viewer(token)?;
        let before = self.audience.connected();
        let mut connected = before.clone();
        if let Viewer::Seat(seat) = viewer {
            connected[seat.index()] = true;
        }
        let seq = self.views.seq();
        let mut messages = vec![ServerMessage::Welcome {
            role: match viewer {
                Viewer::Seat(_) => Role::Seat,
                Viewer::Spectator => Role::Spectator,
            },
            seat: viewer.seat().map(|s| s.0),
            seq,
            connected,
        }
        .to_bytes()];
        match since {
            Some(since) if since <= seq && seq - since <= MAX_CATCH_UP => {
                messages.extend(events_since(self.live.as_ref(), &self.views, since, viewer));
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

    /// Sends every client the events after `from`; serialized once per viewer.
    pub(super) fn tell_since(&mut self, from: u64) {
        if from >= self.live.version() {
            return;
        }
        let before = self.audience.connected();
        let (live, views) = (self.live.as_ref(), &self.views);
        let dropped = self
            .audience
            .send_each(|viewer| events_since(live, views, from, viewer));
        if dropped {
            self.presence_changed(&before);
        }
    }

    /// Sends the event just committed to everyone; the end of a rated game, the game
    /// afresh too, whose seats show how much it moved their ratings.
    pub(super) fn broadcast(&mut self) {
        self.tell_since(self.committed.saturating_sub(1));
        if self.ratings.take_news() {
            self.tell_seats();
        }
    }

    /// Tells everyone which seats are connected, if that changed, and the lobby.
    pub(super) fn presence_changed(&mut self, before: &[bool]) {
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

    /// Connection `conn` closed.
    pub(super) fn leave(&mut self, conn: u64) {
        let before = self.audience.connected();
        self.audience.leave(conn);
        self.presence_changed(&before);
    }

    /// Everything `viewer` may know of the game now.
    pub(super) fn snapshot(&self, viewer: Viewer) -> Snapshot {
        let summary = self.summary.lock().expect("summary lock");
        let mut snapshot = self
            .views
            .snapshot(&summary, self.live.as_ref(), &self.table, viewer);
        snapshot.absent = self.absent();
        snapshot
    }

    /// Sends every client the game afresh: who sits where changed, the game may have
    /// begun, or a seat is absent.
    pub(super) fn tell_seats(&mut self) {
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
}

/// The events after version `from` as `viewer` may know them, the state with the last.
fn events_since(live: &dyn Live, views: &Views, from: u64, viewer: Viewer) -> Vec<Bytes> {
    let missed: &[LogEntry] = live.log().get(from as usize..).unwrap_or_default();
    missed
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let last = i + 1 == missed.len();
            let event = views::event(entry, views, live, viewer, last);
            ServerMessage::Event(Box::new(event)).to_bytes()
        })
        .collect()
}
