//! The accept loop: each connection counted in all and per address (one over either is
//! answered with the JSON error and closed, so `accept` never stops), timed out when its
//! headers stall or it goes idle, and drained when the server stops.

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

use crate::limits::{connection_budget, Guard, Limits, Peer, PerAddress, Slot};

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
    let busy = turned_away(
        StatusCode::SERVICE_UNAVAILABLE,
        "busy",
        "the server is full",
    );
    let too_many = turned_away(
        StatusCode::TOO_MANY_REQUESTS,
        "too-many-connections",
        "too many connections from this address",
    );
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

/// A whole HTTP response with the JSON error, for a connection refused before it is read.
fn turned_away(status: StatusCode, code: &str, message: &str) -> Vec<u8> {
    let body = serde_json::json!({ "code": code, "message": message }).to_string();
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         retry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// A connection with its places in the limits, closed when no byte passes either way for
/// its idle time.
struct Counted {
    tcp: TcpStream,
    _places: (OwnedSemaphorePermit, Slot),
    idle: Pin<Box<Sleep>>,
    idle_for: Duration,
}

impl Counted {
    fn new(tcp: TcpStream, places: (OwnedSemaphorePermit, Slot), idle_for: Duration) -> Self {
        Self {
            tcp,
            _places: places,
            idle: Box::pin(tokio::time::sleep(idle_for)),
            idle_for,
        }
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
        let poll = Pin::new(&mut this.tcp).poll_write(cx, buf);
        this.note(cx, poll)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().tcp).poll_shutdown(cx)
    }
}
