//! The audience: the WebSocket clients of a room, who is connected at which seat, and the
//! fan-out that gives each its own messages without letting a slow one hold the game.

use bytes::Bytes;
use tokio::sync::mpsc;

/// Messages waiting for a slow WebSocket client before it is dropped.
pub(crate) const CLIENT_QUEUE: usize = 512;

#[derive(Debug)]
struct Subscriber {
    conn: u64,
    viewer: Option<u8>,
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
                    .any(|sub| sub.viewer == Some(s as u8))
            })
            .collect()
    }

    /// The viewer of a connection; `None` for a spectator or a connection gone.
    pub(super) fn viewer_of(&self, conn: u64) -> Option<u8> {
        self.subscribers
            .iter()
            .find(|s| s.conn == conn)
            .and_then(|s| s.viewer)
    }

    /// Adds a client, its first `messages` already in its queue; its connection number.
    pub(super) fn join(
        &mut self,
        viewer: Option<u8>,
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
    pub(super) fn send_each(&mut self, mut render: impl FnMut(Option<u8>) -> Vec<Bytes>) -> bool {
        let mut rendered: Vec<Option<Vec<Bytes>>> = vec![None; self.seats + 1];
        let seats = self.seats;
        let before = self.subscribers.len();
        self.subscribers.retain(|sub| {
            let index = sub.viewer.map_or(seats, usize::from);
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
