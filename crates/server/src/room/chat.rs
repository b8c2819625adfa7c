//! The seats' canned messages (`docs/protocol.md`, "Chat"): sent to everyone, a seat's at
//! most one a second; spectators only watch.

use std::time::{Duration, Instant};

use trio_core::Seat;

use super::Room;
use crate::protocol::{Phrase, ServerMessage};

/// A seat's canned messages are one a second at most.
const SAY_EVERY: Duration = Duration::from_secs(1);

/// When each seat last said a canned message.
#[derive(Debug)]
pub(super) struct Chat {
    said: Vec<Option<Instant>>,
}

impl Chat {
    pub(super) fn new(seats: usize) -> Self {
        Self {
            said: vec![None; seats],
        }
    }

    /// Whether `seat` may speak at `now`, a second since it last did: if so, it does.
    fn speaks(&mut self, seat: Seat, now: Instant) -> bool {
        let last = &mut self.said[seat.index()];
        if last.is_some_and(|at| now.duration_since(at) < SAY_EVERY) {
            return false;
        }
        *last = Some(now);
        true
    }
}

impl Room {
    /// A seat's canned message, sent to everyone (a spectator's is not: only players talk);
    /// at most one a second per seat, the rest dropped.
    pub(super) fn say(&mut self, conn: u64, phrase: Phrase) {
        let Some(seat) = self.audience.seat_of(conn) else {
            let refusal = ServerMessage::Error {
                code: "spectator".to_owned(),
                message: "spectators only watch".to_owned(),
            };
            self.send_to(conn, &refusal);
            return;
        };
        if !self.chat.speaks(seat, Instant::now()) {
            return;
        }
        let text = ServerMessage::Said {
            seat: seat.0,
            phrase,
        }
        .to_bytes();
        let before = self.audience.connected();
        if self.audience.send_each(|_| vec![text.clone()]) {
            self.presence_changed(&before);
        }
    }
}
