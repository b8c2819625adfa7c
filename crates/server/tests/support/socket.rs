//! A WebSocket client of one game as the tests use it: it says hello, keeps every text
//! frame it was sent, and waits (within [`PATIENCE`]) for the next message, for one a
//! condition accepts, or for the close. Beside it, a raw TCP reader.

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use trio_server::protocol::ServerMessage;

use super::PATIENCE;

pub struct Socket {
    pub ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every text frame received, as sent.
    pub frames: Vec<String>,
}

impl Socket {
    /// `ws` once it has sent `hello`.
    pub async fn hello(mut ws: WebSocketStream<MaybeTlsStream<TcpStream>>, hello: Value) -> Self {
        ws.send(Message::text(hello.to_string())).await.unwrap();
        Self {
            ws,
            frames: Vec::new(),
        }
    }

    pub async fn send(&mut self, message: Value) {
        self.ws
            .send(Message::text(message.to_string()))
            .await
            .unwrap();
    }

    /// The next message.
    pub async fn next(&mut self) -> ServerMessage {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("a message within {PATIENCE:?}"))
                .expect("the socket is open")
                .unwrap();
            if let Message::Text(text) = frame {
                self.frames.push(text.to_string());
                return serde_json::from_str(&text).unwrap();
            }
        }
    }

    /// Messages until one `pred` accepts, which is returned.
    pub async fn until(&mut self, pred: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
        loop {
            let message = self.next().await;
            if pred(&message) {
                return message;
            }
        }
    }

    /// Reads until the socket closes: the close frame's code and reason, `None` if it
    /// closed without one.
    pub async fn closing(&mut self) -> Option<(u16, String)> {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("closed within {PATIENCE:?}"));
            match frame {
                Some(Ok(Message::Close(frame))) => {
                    return frame.map(|f| (f.code.into(), f.reason.to_string()))
                }
                Some(Ok(Message::Text(text))) => self.frames.push(text.to_string()),
                Some(Ok(_)) => {}
                None | Some(Err(_)) => return None,
            }
        }
    }

    /// Reads until the game is at `seq` (an event or snapshot at it).
    pub async fn reach(&mut self, seq: u64) {
        self.until(|m| match m {
            ServerMessage::Event(e) => e.seq >= seq,
            ServerMessage::Snapshot(s) => s.seq >= seq,
            _ => false,
        })
        .await;
    }
}

/// Reads `tcp` until the server closes it: everything it sent.
pub async fn read_to_close(tcp: &mut TcpStream) -> Vec<u8> {
    use tokio::io::AsyncReadExt;
    let mut all = Vec::new();
    tokio::time::timeout(PATIENCE, tcp.read_to_end(&mut all))
        .await
        .unwrap_or_else(|_| panic!("closed within {PATIENCE:?}"))
        .ok();
    all
}
