//! The WebSocket of a game (`docs/protocol.md`): a client says hello with its seat token
//! (or none, to watch) and the last `seq` it saw, gets what it missed (or a snapshot), then
//! live events; a seat also sends actions, each with a client id.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::header::{
    CONNECTION, SEC_WEBSOCKET_ACCEPT, SEC_WEBSOCKET_KEY, SEC_WEBSOCKET_VERSION, UPGRADE,
};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::{Extension, Router};
use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use hyper_util::rt::TokioIo;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{CloseCode, Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::protocol::{CloseFrame, Role, WebSocketConfig};
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::WebSocketStream;

use super::limits::{network, Guard, Peer, Slot};
use crate::error::{code, ApiError, Refusal, Rejected};
use crate::protocol::{check_cid, ClientMessage, ServerMessage, MAX_MESSAGE_BYTES};
use crate::registry::AppState;
use crate::room::{Command, Reply, Request, RoomHandle, Who, CLIENT_QUEUE};

/// How long a client has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// A socket's read buffer to start with (the library's default, 128 KiB, is zeroed in
/// full for every socket: 20,000 sockets held 2.5 GiB). It grows for a longer message.
const READ_BUFFER: usize = 4 * 1024;
/// The longest frame sent: a longer message goes out in frames of this size. A socket's
/// write buffer keeps the size of the longest frame it ever sent, and a Gygès state with a
/// thousand legal moves is 160 KB: sent whole, 20,000 sockets kept about 1.5 GB of it.
const FRAGMENT: usize = 8 * 1024;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/api/games/{id}/ws", get(sockets_open))
}

type WebSocket = WebSocketStream<TokioIo<hyper::upgrade::Upgraded>>;

/// A WebSocket's opening handshake (RFC 6455, section 4.2.1), checked as axum's
/// `WebSocketUpgrade` checks it; taken here instead so that the socket is ours and can send
/// a long message in several frames.
pub(crate) struct Handshake {
    key: HeaderValue,
    upgrade: hyper::upgrade::OnUpgrade,
}

impl<S: Send + Sync> FromRequestParts<S> for Handshake {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let says = |name, token: &str| {
            parts.headers.get_all(name).iter().any(|value| {
                value.to_str().is_ok_and(|value| {
                    value
                        .split(',')
                        .any(|t| t.trim().eq_ignore_ascii_case(token))
                })
            })
        };
        if !says(CONNECTION, "upgrade") || !says(UPGRADE, "websocket") {
            return Err(ApiError::bad_request(
                code::BAD_REQUEST,
                "this address is a WebSocket: open it with Connection: upgrade and Upgrade: websocket",
            ));
        }
        if !says(SEC_WEBSOCKET_VERSION, "13") {
            return Err(ApiError::bad_request(
                code::BAD_REQUEST,
                "only version 13 of the WebSocket protocol is spoken",
            ));
        }
        let key = parts.headers.get(SEC_WEBSOCKET_KEY).cloned();
        let upgrade = parts.extensions.remove::<hyper::upgrade::OnUpgrade>();
        match (key, upgrade) {
            (Some(key), Some(upgrade)) => Ok(Self { key, upgrade }),
            _ => Err(ApiError::bad_request(
                code::BAD_REQUEST,
                "a WebSocket needs a Sec-WebSocket-Key on a connection that can be upgraded",
            )),
        }
    }
}

impl Handshake {
    /// Answers `101 Switching Protocols` and, once the connection is upgraded, runs `session`
    /// on the socket.
    fn accept<F>(self, session: impl FnOnce(WebSocket) -> F + Send + 'static) -> Response
    where
        F: std::future::Future<Output = ()> + Send + 'static,
    {
        let accept = derive_accept_key(self.key.as_bytes());
        let upgrade = self.upgrade;
        tokio::spawn(async move {
            // A client gone before the upgrade: nothing to run.
            let Ok(upgraded) = upgrade.await else { return };
            // Each message is sent and flushed before the next, so the write buffer never
            // holds more than one: nothing is gained by gathering writes.
            let config = WebSocketConfig::default()
                .read_buffer_size(READ_BUFFER)
                .write_buffer_size(0)
                .max_message_size(Some(MAX_MESSAGE_BYTES))
                .max_frame_size(Some(MAX_MESSAGE_BYTES));
            let socket = WebSocketStream::from_raw_socket(
                TokioIo::new(upgraded),
                Role::Server,
                Some(config),
            )
            .await;
            session(socket).await;
        });
        let mut response = Response::new(Body::empty());
        *response.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
        let headers = response.headers_mut();
        headers.insert(CONNECTION, HeaderValue::from_static("upgrade"));
        headers.insert(UPGRADE, HeaderValue::from_static("websocket"));
        if let Ok(accept) = HeaderValue::from_str(&accept) {
            headers.insert(SEC_WEBSOCKET_ACCEPT, accept);
        }
        response
    }
}

async fn sockets_open(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Extension(guard): Extension<Arc<Guard>>,
    peer: Option<Extension<Peer>>,
    handshake: Handshake,
) -> Result<Response, ApiError> {
    // An unknown game, or one socket too many from an address, is refused before the
    // upgrade.
    let room = state.room(&id).await?;
    let slot = match peer {
        Some(Extension(Peer(ip))) => Some(guard.sockets.take(ip).ok_or(Rejected::TooManySockets)?),
        None => None,
    };
    let ip = peer.map(|Extension(Peer(ip))| ip);
    Ok(handshake.accept(move |socket| session(socket, room, guard, ip, slot)))
}

fn error_text(code: &str, message: impl Into<String>) -> Bytes {
    ServerMessage::Error {
        code: code.to_owned(),
        message: message.into(),
    }
    .to_bytes()
}

/// A message of the room's (always JSON text) as WebSocket frames: one text frame, or
/// for a long one a text frame and continuations of [`FRAGMENT`] bytes each, which a client
/// reads as one message.
fn frames(text: Bytes) -> impl Iterator<Item = Message> {
    let count = text.len().div_ceil(FRAGMENT).max(1);
    (0..count).map(move |i| {
        let end = ((i + 1) * FRAGMENT).min(text.len());
        let opcode = if i == 0 { Data::Text } else { Data::Continue };
        Message::Frame(Frame::message(
            text.slice(i * FRAGMENT..end),
            OpCode::Data(opcode),
            i + 1 == count,
        ))
    })
}

/// Sends `text` (an error), then a close frame with `code` and `reason`: a refused client
/// hears why, and that it was closed on purpose.
async fn refuse(
    socket: &mut WebSocket,
    text: Option<Bytes>,
    code: CloseCode,
    reason: &'static str,
) {
    if let Some(text) = text {
        for frame in frames(text) {
            let _ = socket.feed(frame).await;
        }
    }
    let _ = socket.send(close(code, reason)).await;
}

fn read(message: &str) -> Result<ClientMessage, Bytes> {
    serde_json::from_str(message).map_err(|e| error_text(code::BAD_JSON, e.to_string()))
}

/// Whether `write` was done within `deadline`: a client that takes in nothing for that
/// long cannot be sent even a close frame, and is let go without one.
async fn within<E>(
    deadline: Duration,
    write: impl std::future::Future<Output = Result<(), E>>,
) -> bool {
    matches!(tokio::time::timeout(deadline, write).await, Ok(Ok(())))
}

fn close(code: CloseCode, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }))
}

/// When a socket is next to be pinged: once it has been quiet one way or the other for
/// `every`, and `every` after its last ping. A playing client's moves and their answers keep
/// it open without pings, so 20,000 sockets opened together do not all ping together (with
/// such bursts, a 19,900-socket run's ack p99 was 5.2 ms, its worst 251 ms; without, 4.1 ms
/// and 22 ms).
fn ping_due(heard: Instant, sent: Instant, pinged: Instant, every: Duration) -> Instant {
    heard.min(sent).max(pinged) + every
}

/// A socket's life: hello, join, then its messages both ways until either side ends, the
/// room drops it (it read too slowly: it gets what was queued, then a close frame), it
/// stops answering pings or reading at all, or the server stops.
async fn session(
    mut socket: WebSocket,
    room: RoomHandle,
    guard: Arc<Guard>,
    ip: Option<std::net::IpAddr>,
    _slot: Option<Slot>,
) {
    let (token, since) = match tokio::time::timeout(HELLO_WITHIN, socket.next()).await {
        Ok(Some(Ok(Message::Text(text)))) => match read(&text) {
            Ok(ClientMessage::Hello { token, since }) => (token, since),
            Ok(_) => {
                let text = error_text(code::NO_HELLO, "say hello first");
                return refuse(&mut socket, Some(text), CloseCode::Policy, code::NO_HELLO).await;
            }
            Err(error) => {
                return refuse(&mut socket, Some(error), CloseCode::Policy, code::BAD_JSON).await;
            }
        },
        Err(_) => {
            let text = error_text(code::NO_HELLO, "say hello within 10 s");
            return refuse(&mut socket, Some(text), CloseCode::Policy, code::NO_HELLO).await;
        }
        // Closed by the client, or not text: nothing to tell.
        Ok(_) => return refuse(&mut socket, None, CloseCode::Policy, code::NO_HELLO).await,
    };
    let (out, mut outgoing) = mpsc::channel::<Bytes>(CLIENT_QUEUE);
    let (reply, joined) = oneshot::channel();
    // Only the room holds the queue's sender: when it drops this client, the writer sees.
    let answers = out.downgrade();
    let join = Command::Join {
        token,
        since,
        out,
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
                Refusal::Unavailable => CloseCode::Again,
                _ => CloseCode::Policy,
            };
            let error = ApiError::from(refusal);
            let text = error_text(error.code, error.message);
            return refuse(&mut socket, Some(text), code, error.code).await;
        }
    };
    let (mut sink, mut stream) = socket.split();
    let started = Instant::now();
    // Milliseconds after `started` the client last sent anything (a pong included).
    let heard = AtomicU64::new(0);
    let heard_at = || started + Duration::from_millis(heard.load(Ordering::Relaxed));
    let deadline = guard.ping_every + guard.pong_within;
    let writer = async {
        let mut sent_at = started;
        let mut pinged_at = started;
        let ping_due =
            |sent_at, pinged_at| ping_due(heard_at(), sent_at, pinged_at, guard.ping_every);
        let goodbye = loop {
            let next_check = ping_due(sent_at, pinged_at).min(heard_at() + deadline);
            tokio::select! {
                text = outgoing.recv() => {
                    // The room let go of this client and what it had queued is out: it
                    // read too slowly (or the room stopped).
                    let Some(text) = text else {
                        break close(CloseCode::Again, "too slow: reconnect with since");
                    };
                    // Whatever is waiting goes out in one flush.
                    let batch = async {
                        let mut next = Some(text);
                        while let Some(text) = next {
                            for frame in frames(text) {
                                sink.feed(frame).await?;
                            }
                            next = outgoing.try_recv().ok();
                        }
                        sink.flush().await
                    };
                    if !within(deadline, batch).await {
                        return;
                    }
                    sent_at = Instant::now();
                }
                () = tokio::time::sleep_until(next_check) => {
                    let now = Instant::now();
                    if now >= heard_at() + deadline {
                        break close(CloseCode::Policy, "no answer to ping");
                    }
                    if now >= ping_due(sent_at, pinged_at) {
                        if !within(deadline, sink.send(Message::Ping(Bytes::new()))).await {
                            return;
                        }
                        sent_at = Instant::now();
                        pinged_at = sent_at;
                    }
                }
                () = guard.stopped() => break close(CloseCode::Away, "the server is stopping: reconnect with since"),
            }
        };
        if within(deadline, sink.send(goodbye)).await {
            let _ = within(deadline, sink.close()).await;
        }
    };
    let reader = async {
        while let Some(Ok(message)) = stream.next().await {
            let millis = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
            heard.store(millis, Ordering::Relaxed);
            let text = match message {
                Message::Text(text) => text,
                Message::Close(_) => break,
                _ => continue,
            };
            let answer = |text: Bytes| {
                if let Some(out) = answers.upgrade() {
                    let _ = out.try_send(text);
                }
            };
            let (cid, request) = match read(&text) {
                Ok(ClientMessage::Act {
                    cid,
                    action,
                    expect,
                }) => (cid, Request::Play { action, expect }),
                Ok(ClientMessage::Resign { cid }) => (cid, Request::Resign),
                Ok(ClientMessage::Draw { cid }) => (cid, Request::Draw),
                Ok(ClientMessage::DeclineDraw { cid }) => (cid, Request::DeclineDraw),
                Ok(ClientMessage::Abort { cid }) => (cid, Request::Abort),
                Ok(ClientMessage::Undo { cid, expect }) => (cid, Request::Undo { expect }),
                Ok(ClientMessage::Ping) => {
                    answer(ServerMessage::Pong.to_bytes());
                    continue;
                }
                Ok(ClientMessage::Say { phrase }) => {
                    if room.send(Command::Say { conn, phrase }).await.is_err() {
                        break;
                    }
                    continue;
                }
                Ok(ClientMessage::Hello { .. }) => {
                    answer(error_text("hello-again", "hello is said once"));
                    continue;
                }
                Err(error) => {
                    answer(error);
                    continue;
                }
            };
            if let Err(message) = check_cid(&cid) {
                answer(error_text("bad-cid", message));
                continue;
            }
            // Dropped by the room, the client is being closed with 1013: an action now is
            // neither taken nor answered, and the client sends it again once reconnected.
            // Reading stops; the writer sends the close frame.
            if answers.upgrade().is_none() {
                return std::future::pending().await;
            }
            // Over its address's rate, the socket is read no faster.
            if let Some(ip) = ip {
                guard.actions.until_key_ready(&network(ip)).await;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_socket_is_pinged_only_when_quiet_one_way_for_an_interval() {
        let start = Instant::now();
        let at = |ms| start + Duration::from_millis(ms);
        let every = Duration::from_millis(30_000);
        // A client that moved at 20 s and was answered: nothing due before 50 s.
        assert_eq!(ping_due(at(20_000), at(20_001), start, every), at(50_000));
        // Told of the opponent's moves but silent itself since 5 s: due at 35 s.
        assert_eq!(ping_due(at(5_000), at(40_000), start, every), at(35_000));
        // Talking, but sent nothing since 1 s (a proxy may time out a silent upstream).
        assert_eq!(ping_due(at(40_000), at(1_000), start, every), at(31_000));
        // Pinged at 31 s and silent since: the next ping not before 61 s (the pong
        // deadline comes first).
        assert_eq!(
            ping_due(at(1_000), at(31_000), at(31_000), every),
            at(61_000)
        );
    }
}
