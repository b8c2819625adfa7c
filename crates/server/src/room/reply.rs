//! Answers to whoever asked: a request's own channel, or a WebSocket connection's queue
//! ahead of the broadcast.

use tokio::sync::oneshot;

use super::{Reply, Room, RoomError, Who};
use crate::error::Refusal;
use crate::protocol::ServerMessage;

/// Sends a write's answer and passes its error on, which stops the room: the asker, its
/// channel dropped, is answered as the room being unavailable.
pub(super) fn answer<T>(
    reply: oneshot::Sender<Result<T, Refusal>>,
    outcome: Result<Result<T, Refusal>, RoomError>,
) -> Result<(), RoomError> {
    let _ = reply.send(outcome?);
    Ok(())
}

impl Room {
    /// Answers an action sent with client id `cid`: over HTTP, or on the connection that
    /// sent it.
    pub(super) fn answer_action(
        &mut self,
        reply: Reply,
        who: &Who,
        cid: Option<String>,
        answer: Result<u64, Refusal>,
    ) {
        match reply {
            Reply::Http(tx) => {
                let _ = tx.send(answer);
            }
            Reply::Ws => {
                let cid = cid.unwrap_or_default();
                let message = match answer {
                    Ok(seq) => ServerMessage::Ack { cid, seq },
                    Err(refusal) => refusal.reject(cid, self.committed),
                };
                if let Who::Conn(conn) = who {
                    self.send_to(*conn, &message);
                }
            }
        }
    }

    /// Sends connection `conn` alone `message`; a client whose queue is full is dropped,
    /// and everyone told of the seats connected then.
    pub(super) fn send_to(&mut self, conn: u64, message: &ServerMessage) {
        let before = self.audience.connected();
        if self.audience.send_to(conn, message.to_bytes()) {
            self.presence_changed(&before);
        }
    }
}
