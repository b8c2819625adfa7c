//! Limits that keep the server up for everyone when one client misbehaves
//! (`docs/deploy.md`): connections in all and per address, header-read and idle timeouts,
//! WebSocket keep-alive, and per-address token buckets on what costs the server most.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{MatchedPath, Request};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Extension;
use governor::clock::Clock;
use governor::{DefaultKeyedRateLimiter, Quota};
use tokio::sync::watch;

use crate::error::Rejected;

/// Addresses a bucket remembers before it forgets the full ones.
const TRACKED: usize = 10_000;

/// What one client may take of the server. The defaults suit one server on the internet.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Connections open at once, WebSockets included; `None`: the descriptor limit less a
    /// reserve ([`connection_budget`]).
    pub connections: Option<usize>,
    /// Connections open at once from one address.
    pub connections_per_address: usize,
    /// WebSockets open at once from one address.
    pub sockets_per_address: usize,
    /// How long a request's headers may take, and a kept-alive connection may wait for its
    /// next request.
    pub header_timeout: Duration,
    /// How long a connection may pass no byte either way (a stalled body, a dead peer).
    pub idle_timeout: Duration,
    /// How often a quiet WebSocket is pinged.
    pub ping_every: Duration,
    /// How long after a ping a WebSocket that sent nothing is closed.
    pub pong_within: Duration,
    pub creates: Rate,
    /// Moves, resignations and undos, over HTTP and WebSocket.
    pub actions: Rate,
    pub hints: Rate,
    pub replays: Rate,
    /// Pages of the lobby (`GET /api/games`): each reads the store.
    pub lobby: Rate,
    /// Passwords set: few, as each costs an Argon2 hash (sign-ins are limited by their
    /// failures, `Settings::sign_in_limits`).
    pub sign_ins: Rate,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            connections: None,
            connections_per_address: 64,
            sockets_per_address: 16,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(120),
            ping_every: Duration::from_secs(30),
            pong_within: Duration::from_secs(15),
            creates: Rate::per_minute(30),
            actions: Rate::new(20, Duration::from_secs(1)),
            hints: Rate::per_minute(30),
            replays: Rate::new(30, Duration::from_secs(1)),
            lobby: Rate::new(10, Duration::from_secs(1)),
            sign_ins: Rate::new(10, Duration::from_secs(3600)),
        }
    }
}

/// A token bucket: `count` at once, refilled at `count` per `per`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub count: NonZeroU32,
    pub per: Duration,
}

impl Rate {
    /// `count` (at least 1) per `per`.
    pub fn new(count: u32, per: Duration) -> Self {
        Self {
            count: NonZeroU32::new(count).unwrap_or(NonZeroU32::MIN),
            per,
        }
    }

    fn per_minute(count: u32) -> Self {
        Self::new(count, Duration::from_secs(60))
    }

    fn quota(self) -> Quota {
        Quota::with_period(self.per / self.count.get())
            .unwrap_or_else(|| Quota::per_second(self.count))
            .allow_burst(self.count)
    }
}

/// `30/min`, `20/s`, `100/h`.
impl FromStr for Rate {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || format!("{text}: a rate is N/s, N/min or N/h, N from 1 to 1000000");
        let (count, unit) = text.split_once('/').ok_or_else(bad)?;
        let count: u32 = count.trim().parse().map_err(|_| bad())?;
        let per = match unit.trim() {
            "s" => 1,
            "min" => 60,
            "h" => 3600,
            _ => return Err(bad()),
        };
        if !(1..=1_000_000).contains(&count) {
            return Err(bad());
        }
        Ok(Self::new(count, Duration::from_secs(per)))
    }
}

/// Raises this process's descriptor limit to the most it may have (the hard limit), as a
/// server holding a socket per player needs; answers the limit now (`None`: unlimited).
pub fn raise_descriptor_limit() -> Option<u64> {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut limit = getrlimit(Resource::Nofile);
    if limit.current != limit.maximum {
        limit.current = limit.maximum;
        // Refused, the limit stays as it was.
        let _ = setrlimit(Resource::Nofile, limit);
    }
    getrlimit(Resource::Nofile).current
}

/// The connections this process may hold: its descriptor limit less a reserve (an eighth,
/// at least 64) for storage, logs and accepting, so a flood fills the budget and never
/// the limit.
pub fn connection_budget() -> usize {
    let limit = rustix::process::getrlimit(rustix::process::Resource::Nofile)
        .current
        .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX));
    limit.saturating_sub((limit / 8).max(64)).max(1)
}

/// The network `ip` is counted in: an IPv4 address alone, an IPv6 address's /64 (what one
/// subscriber is usually given, so that its 2^64 addresses count as one), an IPv4 address
/// written as IPv6 as that IPv4 address.
pub(crate) fn network(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & !u128::from(u64::MAX))),
        v4 => v4,
    }
}

/// How a request's network is named where it is kept (`unknown`: a test calling the app
/// without [`crate::serve`], which alone knows the peer).
pub(crate) fn network_name(address: Option<IpAddr>) -> String {
    address.map_or_else(|| "unknown".to_owned(), |ip| network(ip).to_string())
}

/// The address a request came from, set by [`crate::serve`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Peer(pub(crate) IpAddr);

/// Open things counted per address, each held by a [`Slot`].
#[derive(Debug)]
pub(crate) struct PerAddress {
    max: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One of an address's open things; gives its place back when dropped.
#[derive(Debug)]
pub(crate) struct Slot {
    owner: Arc<PerAddress>,
    ip: IpAddr,
}

impl PerAddress {
    pub(crate) fn new(max: usize) -> Arc<Self> {
        Arc::new(Self {
            max,
            open: Mutex::default(),
        })
    }

    /// A slot for `ip`, if it has fewer than the most open.
    pub(crate) fn take(self: &Arc<Self>, ip: IpAddr) -> Option<Slot> {
        let mut open = self.open.lock().expect("per-address lock");
        let count = open.entry(ip).or_default();
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(Slot {
            owner: self.clone(),
            ip,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.owner.open.lock().expect("per-address lock");
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// What the service's handlers share of the limits: the buckets, the WebSocket slots and
/// keep-alive, and the signal to close every WebSocket when the server stops.
#[derive(Debug)]
pub(crate) struct Guard {
    pub(crate) sockets: Arc<PerAddress>,
    pub(crate) ping_every: Duration,
    pub(crate) pong_within: Duration,
    creates: DefaultKeyedRateLimiter<IpAddr>,
    pub(crate) actions: DefaultKeyedRateLimiter<IpAddr>,
    hints: DefaultKeyedRateLimiter<IpAddr>,
    replays: DefaultKeyedRateLimiter<IpAddr>,
    lobby: DefaultKeyedRateLimiter<IpAddr>,
    sign_ins: DefaultKeyedRateLimiter<IpAddr>,
    stopping: watch::Sender<bool>,
}

impl Guard {
    pub(crate) fn new(limits: &Limits) -> Arc<Self> {
        let bucket = |rate: Rate| DefaultKeyedRateLimiter::keyed(rate.quota());
        Arc::new(Self {
            sockets: PerAddress::new(limits.sockets_per_address),
            ping_every: limits.ping_every,
            pong_within: limits.pong_within,
            creates: bucket(limits.creates),
            actions: bucket(limits.actions),
            hints: bucket(limits.hints),
            replays: bucket(limits.replays),
            lobby: bucket(limits.lobby),
            sign_ins: bucket(limits.sign_ins),
            stopping: watch::Sender::new(false),
        })
    }

    /// Tells every WebSocket to close: the server is stopping.
    pub(crate) fn stop(&self) {
        self.stopping.send_replace(true);
    }

    /// Completes once the server is stopping.
    pub(crate) async fn stopped(&self) {
        let mut stopping = self.stopping.subscribe();
        let _ = stopping.wait_for(|s| *s).await;
    }

    /// The bucket a request draws on, by its route.
    fn bucket(&self, method: &Method, route: &str) -> Option<&DefaultKeyedRateLimiter<IpAddr>> {
        match (method, route) {
            // Taking a seat starts a game for its taker as creating one does; a name is
            // as cheap to ask for.
            (
                &Method::POST,
                "/api/games" | "/api/games/{id}/join" | "/api/players" | "/api/seeks",
            ) => Some(&self.creates),
            (
                &Method::POST,
                "/api/games/{id}/actions"
                | "/api/games/{id}/resign"
                | "/api/games/{id}/abort"
                | "/api/games/{id}/undo",
            ) => Some(&self.actions),
            (&Method::GET, "/api/games/{id}/hint") => Some(&self.hints),
            (&Method::GET, "/api/games") => Some(&self.lobby),
            // A review's progress is asked for as often as a replay's steps.
            (&Method::GET, "/api/games/{id}/replay/{ply}" | "/api/games/{id}/review") => {
                Some(&self.replays)
            }
            // Sign-ins are held by their failures instead (`people::sign_ins`).
            (&Method::POST, "/api/players/me/password") => Some(&self.sign_ins),
            _ => None,
        }
    }
}

/// Takes a token from `bucket` for `ip`, or says how long until one is there.
fn draw(bucket: &DefaultKeyedRateLimiter<IpAddr>, ip: IpAddr) -> Result<(), Duration> {
    if bucket.len() > TRACKED {
        bucket.retain_recent();
    }
    bucket
        .check_key(&ip)
        // The bucket's own clock: a new one calibrates itself (cpuid, slow in a virtual
        // machine), which made each refusal cost more than the answer it refuses.
        .map_err(|not_until| not_until.wait_time_from(bucket.clock().now()))
}

/// How long a refusal over a rate is held back at most: a client that asks again as soon
/// as it is refused then gets one refusal a second per connection, and its flood costs the
/// server a sleeping task instead of thousands of answers a second.
const REFUSAL_DELAY: Duration = Duration::from_secs(1);

/// Refuses a request over its address's rate: `429` with `Retry-After` and the JSON error,
/// once the wait or [`REFUSAL_DELAY`], whichever is shorter, has passed.
pub(crate) async fn rate_limit(
    Extension(guard): Extension<Arc<Guard>>,
    request: Request,
    next: Next,
) -> Response {
    let peer = request.extensions().get::<Peer>().copied();
    let route = request.extensions().get::<MatchedPath>().cloned();
    let bucket = peer.zip(route).and_then(|(peer, route)| {
        guard
            .bucket(request.method(), route.as_str())
            .map(|b| (b, peer.0))
    });
    if let Some(Err(wait)) = bucket.map(|(bucket, ip)| draw(bucket, network(ip))) {
        let delay = wait.min(REFUSAL_DELAY);
        tokio::time::sleep(delay).await;
        let wait = wait - delay;
        let seconds = (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1);
        return Rejected::RateLimited { seconds }.into_response();
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::people::players::{self, Asker, SignIn};
    use crate::people::sign_ins::{Allowance, SignInLimits};
    use crate::people::PlayerError;

    #[test]
    fn an_ipv6_slash_64_is_one_network_and_an_ipv4_address_its_own() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(
            network(ip("2001:db8:1:2:aaaa::1")),
            network(ip("2001:db8:1:2:ffff:ffff:ffff:ffff"))
        );
        assert_eq!(network(ip("2001:db8:1:2::9")), ip("2001:db8:1:2::"));
        assert_ne!(
            network(ip("2001:db8:1:2::1")),
            network(ip("2001:db8:1:3::1"))
        );
        assert_eq!(network(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_ne!(network(ip("192.0.2.7")), network(ip("192.0.2.8")));
    }

    /// Guesses from many addresses of one IPv6 /64, each at another name, are stopped by
    /// the per-network allowance as if from one address; another /64 is not.
    #[tokio::test]
    async fn failed_sign_ins_from_one_slash_64_count_as_one_network() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trio.db");
        let store = crate::store::SqliteStorage::open(path.to_str().unwrap())
            .await
            .unwrap();
        let limits = SignInLimits {
            per_network: Allowance::new(3, Duration::from_secs(600)),
            ..SignInLimits::default()
        };
        let guess = |address: &str, name: &str| {
            let network = network_name(Some(address.parse().unwrap()));
            let request = SignIn {
                name: name.to_owned(),
                password: "not the password".to_owned(),
            };
            let store = &store;
            async move {
                let asker = Asker {
                    network: &network,
                    now: 1_000_000,
                };
                players::sign_in(store, &limits, asker, request).await.err()
            }
        };
        for (i, name) in ["Ann", "Bob", "Cy"].iter().enumerate() {
            let address = format!("2001:db8:7:7::{:x}", i + 1);
            let guessed = guess(&address, name).await;
            assert_eq!(guessed, Some(PlayerError::WrongPassword));
        }
        assert_eq!(
            guess("2001:db8:7:7:abcd::42", "Dee").await,
            Some(PlayerError::SignInsLimited { seconds: 600 })
        );
        assert_eq!(
            guess("2001:db8:7:8::1", "Dee").await,
            Some(PlayerError::WrongPassword)
        );
    }
}
