//! The accept loop: each connection counted in all and per address (one over either is
//! answered with the JSON error and closed, so `accept` never stops), timed out when its
//! headers stall or it goes idle, and drained when the server stops. What hyper answers
//! by itself to a request it cannot read (400, 414, 431: a head, no body) goes out as the
//! documented JSON error instead.

use std::future::Future;
use std::io;
use std::pin::{pin, Pin};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::http::StatusCode;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

use super::limits::{connection_budget, Guard, Limits, Peer, PerAddress, Slot};
use crate::error::{ApiError, Rejected};

/// How long the server waits for its connections to close when it stops.
const DRAIN: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` within `limits` until `shutdown` completes; then stops
/// accepting, answers the requests in flight, closes every WebSocket with `1001` and
/// returns once all are closed (or after [`DRAIN`]).
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    guard: Arc<Guard>,
    limits: &Limits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let budget = limits.connections.unwrap_or_else(connection_budget);
    let connections = Arc::new(Semaphore::new(budget));
    let per_address = PerAddress::new(limits.connections_per_address);
    let busy = answer(Rejected::Full);
    let too_many = answer(Rejected::TooManyConnections);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let mut shutdown = pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors despite the budget, or a connection reset early.
                    tracing::warn!("accept error: {e}");
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = connections.clone().try_acquire_owned() else {
            let _ = tcp.try_write(&busy);
            continue;
        };
        let Some(slot) = per_address.take(peer.ip()) else {
            let _ = tcp.try_write(&too_many);
            continue;
        };
        // Small frames go out at once (no Nagle delay behind a delayed ACK).
        let _ = tcp.set_nodelay(true);
        let io = TokioIo::new(Counted::new(tcp, (permit, slot), limits.idle_timeout));
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut request| {
            request.extensions_mut().insert(Peer(peer.ip()));
            app.clone().oneshot(request)
        });
        let http = http.clone();
        let guard = guard.clone();
        tokio::spawn(async move {
            let mut connection = pin!(http.serve_connection(io, service).with_upgrades());
            tokio::select! {
                _ = connection.as_mut() => return,
                () = guard.stopped() => connection.as_mut().graceful_shutdown(),
            }
            let _ = connection.await;
        });
    }
    drop(listener);
    guard.stop();
    // Every connection holds a permit until it closes, WebSockets included.
    let budget = u32::try_from(budget).unwrap_or(u32::MAX);
    if tokio::time::timeout(DRAIN, connections.acquire_many(budget))
        .await
        .is_err()
    {
        tracing::warn!("connections still open after {} s", DRAIN.as_secs());
    }
    Ok(())
}

/// A whole HTTP response with the JSON error, after which the connection closes: for a
/// connection refused before it is read (to try again in a second), or a request hyper
/// could not read.
fn answer(rejected: Rejected) -> Vec<u8> {
    let ApiError {
        status,
        code,
        message,
        ..
    } = rejected.into();
    let body = serde_json::json!({ "code": code, "message": message }).to_string();
    let retry = if status.is_server_error() || status == StatusCode::TOO_MANY_REQUESTS {
        "retry-after: 1\r\n"
    } else {
        ""
    };
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         {retry}connection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// The JSON answer in place of `written`, if it is hyper's own answer to a request it
/// could not read: a head of status 400, 414 or 431 without a content type. The service's
/// own errors always carry JSON (`json_errors`), and a WebSocket frame never starts so.
fn instead_of(written: &[u8]) -> Option<Vec<u8>> {
    let rest = written.strip_prefix(b"HTTP/1.1 ")?;
    let rejected = match rest.get(..4)? {
        b"400 " => Rejected::Unreadable,
        b"414 " => Rejected::UriTooLong,
        b"431 " => Rejected::HeadersTooLarge,
        _ => return None,
    };
    let end = written.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&written[..end]).to_ascii_lowercase();
    if head.contains("\r\ncontent-type:") {
        return None;
    }
    Some(answer(rejected))
}

/// A connection with its places in the limits, closed when no byte passes either way for
/// its idle time; hyper's own answers to requests it could not read are written as JSON.
struct Counted {
    tcp: TcpStream,
    _places: (OwnedSemaphorePermit, Slot),
    idle: Pin<Box<Sleep>>,
    idle_for: Duration,
    /// The JSON answer being written in place of hyper's, and how much of it went out.
    instead: Option<(Vec<u8>, usize)>,
}

impl Counted {
    fn new(tcp: TcpStream, places: (OwnedSemaphorePermit, Slot), idle_for: Duration) -> Self {
        Self {
            tcp,
            _places: places,
            idle: Box::pin(tokio::time::sleep(idle_for)),
            idle_for,
            instead: None,
        }
    }

    /// Writes the rest of the answer in place of hyper's.
    fn write_instead(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((answer, sent)) = &mut self.instead {
            if *sent == answer.len() {
                self.instead = None;
                break;
            }
            match Pin::new(&mut self.tcp).poll_write(cx, &answer[*sent..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => *sent += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }

    /// Notes progress, or fails a wait that outlasted the idle time.
    fn note<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            let deadline = Instant::now() + self.idle_for;
            self.idle.as_mut().reset(deadline);
            return poll;
        }
        match self.idle.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::ErrorKind::TimedOut.into())),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.tcp).poll_read(cx, buf);
        this.note(cx, poll)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.instead.is_none() {
            this.instead = instead_of(buf).map(|answer| (answer, 0));
            if this.instead.is_none() {
                let poll = Pin::new(&mut this.tcp).poll_write(cx, buf);
                return this.note(cx, poll);
            }
        }
        // hyper's head counts as written once the answer in its place is.
        let poll = this.write_instead(cx).map_ok(|()| buf.len());
        this.note(cx, poll)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_shutdown(cx)
    }
}
