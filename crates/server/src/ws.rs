//! The WebSocket of a game (`docs/protocol.md`): a client says hello with its seat token
//! (or none, to watch) and the last `seq` it saw, gets what it missed (or a snapshot), then
//! live events; a seat also sends actions, each with a client id.

use std::time::Duration;

use axum::extract::ws::{close_code, CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{mpsc, oneshot};

use crate::error::{ApiError, Refusal};
use crate::protocol::{check_cid, ClientMessage, ServerMessage, MAX_MESSAGE_BYTES};
use crate::room::{Command, Reply, Request, RoomHandle, Who, CLIENT_QUEUE};
use crate::state::AppState;

/// How long a client has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

pub(crate) async fn sockets_open(
    State(state): State<AppState>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // An unknown game is refused before the upgrade.
    let room = state.room(&id).await?;
    Ok(upgrade
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| session(socket, room)))
}

fn error_text(code: &str, message: impl Into<String>) -> Bytes {
    ServerMessage::Error {
        code: code.to_owned(),
        message: message.into(),
    }
    .to_bytes()
}

/// A message of the room's as a WebSocket text frame (the room writes only JSON text).
fn frame(text: Bytes) -> Message {
    Message::Text(Utf8Bytes::try_from(text).unwrap_or_else(|_| Utf8Bytes::from_static("")))
}

/// Sends `text` (an error), then a close frame with `code` and `reason`: a refused client
/// hears why, and that it was closed on purpose.
async fn refuse(socket: &mut WebSocket, text: Option<Bytes>, code: u16, reason: &'static str) {
    if let Some(text) = text {
        let _ = socket.send(frame(text)).await;
    }
    let close = CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    };
    let _ = socket.send(Message::Close(Some(close))).await;
}

fn read(message: &str) -> Result<ClientMessage, Bytes> {
    serde_json::from_str(message).map_err(|e| error_text("bad-json", e.to_string()))
}

async fn session(mut socket: WebSocket, room: RoomHandle) {
    let (token, since) = match tokio::time::timeout(HELLO_WITHIN, socket.recv()).await {
        Ok(Some(Ok(Message::Text(text)))) => match read(&text) {
            Ok(ClientMessage::Hello { token, since }) => (token, since),
            Ok(_) => {
                let text = error_text("no-hello", "say hello first");
                return refuse(&mut socket, Some(text), close_code::POLICY, "no-hello").await;
            }
            Err(error) => {
                return refuse(&mut socket, Some(error), close_code::POLICY, "bad-json").await;
            }
        },
        Err(_) => {
            let text = error_text("no-hello", "say hello within 10 s");
            return refuse(&mut socket, Some(text), close_code::POLICY, "no-hello").await;
        }
        // Closed by the client, or not text: nothing to tell.
        Ok(_) => return refuse(&mut socket, None, close_code::POLICY, "no-hello").await,
    };
    let (out, mut outgoing) = mpsc::channel::<Bytes>(CLIENT_QUEUE);
    let (reply, joined) = oneshot::channel();
    let join = Command::Join {
        token,
        since,
        out: out.clone(),
        reply,
    };
    let conn = match room.send(join).await {
        Ok(()) => joined.await.unwrap_or(Err(Refusal::Unavailable)),
        Err(()) => Err(Refusal::Unavailable),
    };
    let conn = match conn {
        Ok(conn) => conn,
        Err(refusal) => {
            // A room that cannot answer now may later: "try again" (1013).
            let code = match refusal {
                Refusal::Unavailable => close_code::AGAIN,
                _ => close_code::POLICY,
            };
            let error = ApiError::from(refusal);
            let text = error_text(error.code, error.message);
            return refuse(&mut socket, Some(text), code, error.code).await;
        }
    };
    let (mut sink, mut stream) = socket.split();
    // The writer ends when the room drops the connection (a slow client) or the reader
    // ends; either way the socket closes.
    let writer = async move {
        // Whatever is waiting goes out in one flush.
        while let Some(text) = outgoing.recv().await {
            let mut sent = sink.feed(frame(text)).await;
            while let (Ok(()), Ok(more)) = (&sent, outgoing.try_recv()) {
                sent = sink.feed(frame(more)).await;
            }
            if sent.is_err() || sink.flush().await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    };
    let reader = async {
        while let Some(Ok(message)) = stream.next().await {
            let text = match message {
                Message::Text(text) => text,
                Message::Close(_) => break,
                _ => continue,
            };
            let (cid, request) = match read(&text) {
                Ok(ClientMessage::Act {
                    cid,
                    action,
                    expect,
                }) => (cid, Request::Play { action, expect }),
                Ok(ClientMessage::Resign { cid }) => (cid, Request::Resign),
                Ok(ClientMessage::Undo { cid, expect }) => (cid, Request::Undo { expect }),
                Ok(ClientMessage::Ping) => {
                    let _ = out.try_send(ServerMessage::Pong.to_bytes());
                    continue;
                }
                Ok(ClientMessage::Hello { .. }) => {
                    let _ = out.try_send(error_text("hello-again", "hello is said once"));
                    continue;
                }
                Err(error) => {
                    let _ = out.try_send(error);
                    continue;
                }
            };
            if let Err(message) = check_cid(&cid) {
                let _ = out.try_send(error_text("bad-cid", message));
                continue;
            }
            let act = Command::Act {
                who: Who::Conn(conn),
                cid: Some(cid),
                request,
                reply: Reply::Ws,
            };
            if room.send(act).await.is_err() {
                break;
            }
        }
    };
    tokio::select! {
        () = writer => {}
        () = reader => {}
    }
    let _ = room.send(Command::Leave { conn }).await;
}
