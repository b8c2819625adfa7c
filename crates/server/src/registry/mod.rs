//! The registry: the server's state — the storage and the rooms in memory — shared by
//! every handler.
//!
//! - [`rooms`]: each room found by its game's id, loaded from storage on first use;
//! - [`create`]: a new game checked, stored and its room started (a rematch too);
//! - [`checks`]: what a client may ask for: a game, its seats, a position to see;
//! - [`seeks`]: "Play someone", pairing the callers who ask for the same game;
//! - [`lobby`]: the lobby, a page at a time, from the store's index;
//! - [`cluster`]: the tasks that keep an instance going with the others.
//!
//! On a shared store two tasks keep an instance in step with the others: one passes each
//! notice to the room it is about (if loaded here), the other looks now and then for games
//! waiting on chance or a bot whose lease ran out (its instance died) and plays them.

mod checks;
mod cluster;
mod create;
mod lobby;
mod rooms;
mod seeks;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use crate::error::ApiError;
use crate::room::{RoomHandle, Shared};
use crate::store::{PgStorage, SqliteStorage, Storage, StorageError};

pub(crate) use checks::{position_shown, PositionShown};
pub(crate) use create::Creator;

/// How the server treats absent players and idle games, what one creator and one game may
/// hold, and the time it goes by.
#[derive(Clone, Debug)]
pub struct Settings {
    pub absence: crate::room::Absence,
    /// The system's time; a test's, moved on by hand.
    pub time: crate::time::Time,
    /// Running games one creator may have at once: a player, by its key, or else an
    /// address (`trio serve --games-per-creator`).
    pub games_per_creator: u64,
    /// Events in a game's log past which undo is refused, so that a move-and-undo loop
    /// cannot grow a game without bound; every game's rules end it in a bounded number of
    /// moves (`trio serve --max-events`).
    pub max_events: u64,
    /// Rated games two named players may begin together within a day; one more between
    /// them is played casual (`trio serve --rated-games-per-pair`).
    pub rated_games_per_pair: u64,
    /// Failed sign-ins allowed per account, per network and in all.
    pub sign_in_limits: crate::people::sign_ins::SignInLimits,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            absence: crate::room::Absence::default(),
            time: crate::time::Time::default(),
            games_per_creator: 100,
            max_events: 5_000,
            rated_games_per_pair: 3,
            sign_in_limits: crate::people::sign_ins::SignInLimits::default(),
        }
    }
}

/// What every handler shares. Cheap to clone.
#[derive(Clone, Debug)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn Storage>,
    rooms: Arc<Mutex<HashMap<String, RoomHandle>>>,
    /// A gate per game being loaded, so that each is loaded once and others meanwhile.
    loading: crate::loading::Loading,
    shared: Shared,
    replays: crate::replays::Replays,
    reviews: Arc<crate::reviews::Reviews>,
    /// Running games one creator may have ([`Settings::games_per_creator`]).
    games_per_creator: u64,
    sign_in_limits: crate::people::sign_ins::SignInLimits,
}

impl std::fmt::Debug for Inner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AppState")
            .field("store", &self.store)
            .finish_non_exhaustive()
    }
}

impl AppState {
    /// The AI's threads, for hints and replays as for bots.
    pub(crate) fn ai(&self) -> &crate::pool::AiPool {
        &self.inner.shared.ai
    }

    pub(crate) fn store(&self) -> &dyn Storage {
        self.inner.store.as_ref()
    }

    pub(crate) fn replays(&self) -> &crate::replays::Replays {
        &self.inner.replays
    }

    pub(crate) fn reviews(&self) -> &Arc<crate::reviews::Reviews> {
        &self.inner.reviews
    }

    /// The store, for work that outlives a request (a review being made).
    pub(crate) fn store_handle(&self) -> Arc<dyn Storage> {
        self.inner.store.clone()
    }

    /// The server over an SQLite file (created if missing), its running games loaded.
    pub async fn sqlite(path: &str) -> Result<Self, StorageError> {
        Self::sqlite_with(path, Settings::default()).await
    }

    /// [`AppState::sqlite`] with `settings`.
    pub async fn sqlite_with(path: &str, settings: Settings) -> Result<Self, StorageError> {
        Self::open(Arc::new(SqliteStorage::open(path).await?), settings).await
    }

    /// The server as one of several instances on a PostgreSQL database at `url`, named
    /// `instance` in leases that last `lease`.
    pub async fn postgres(
        url: &str,
        instance: &str,
        lease: Duration,
    ) -> Result<Self, StorageError> {
        Self::postgres_with(url, instance, lease, Settings::default()).await
    }

    /// [`AppState::postgres`] with `settings`.
    pub async fn postgres_with(
        url: &str,
        instance: &str,
        lease: Duration,
        settings: Settings,
    ) -> Result<Self, StorageError> {
        let store = Arc::new(PgStorage::open(url, instance, lease).await?);
        Self::open(store, settings).await
    }

    /// The server over `store`. Alone, every running game is loaded and goes on (its bots
    /// included); on a shared store games are loaded when asked for, or when their
    /// automatic turns wait on a lease that ran out.
    pub async fn open(store: Arc<dyn Storage>, settings: Settings) -> Result<Self, StorageError> {
        crate::people::names::skeletons_filled(store.as_ref()).await?;
        let rooms: Arc<Mutex<HashMap<String, RoomHandle>>> = Arc::default();
        let forget = Arc::downgrade(&rooms);
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        let inner = Arc::new_cyclic(|me: &Weak<Inner>| {
            let maker = me.clone();
            let shared = Shared {
                store: store.clone(),
                ai: crate::pool::AiPool::new(threads),
                on_stop: Arc::new(move |id: &str| {
                    if let Some(rooms) = forget.upgrade() {
                        let mut rooms = rooms.lock().expect("rooms lock");
                        if rooms.get(id).is_some_and(RoomHandle::is_closed) {
                            rooms.remove(id);
                        }
                    }
                }),
                make_rematch: Arc::new(move |plan| {
                    let maker = maker.clone();
                    Box::pin(async move {
                        let inner = maker.upgrade().ok_or_else(ApiError::unavailable)?;
                        AppState { inner }.create_rematch(plan).await
                    })
                }),
                lease: store.lease_ttl(),
                absence: settings.absence,
                time: settings.time,
                max_events: settings.max_events,
                pair_limit: crate::people::pairs::PairLimit(settings.rated_games_per_pair),
            };
            Inner {
                store,
                rooms,
                loading: crate::loading::Loading::default(),
                shared,
                replays: crate::replays::Replays::new(),
                reviews: crate::reviews::Reviews::new(),
                games_per_creator: settings.games_per_creator,
                sign_in_limits: settings.sign_in_limits,
            }
        });
        let state = Self { inner };
        tokio::spawn(cluster::repair_ratings(state.clone()));
        if let Some(lease) = state.inner.shared.lease {
            if let Some(notices) = state.inner.store.notices() {
                tokio::spawn(cluster::pass_notices(
                    Arc::downgrade(&state.inner.rooms),
                    notices,
                ));
            }
            let period = (lease / 4).min(cluster::FLAG_POLL);
            tokio::spawn(cluster::take_over(Arc::downgrade(&state.inner), period));
            return Ok(state);
        }
        // Alone: the server listens at once; the games with chance or a bot to act are
        // loaded meanwhile, every other one when it is asked for, or when its clock's flag
        // falls.
        // The look for due games waits for the resume: it would otherwise load a game
        // stored without its lobby line first, and the resume would find it loaded and
        // never describe it.
        let weak = Arc::downgrade(&state.inner);
        let resuming = state.clone();
        tokio::spawn(async move {
            cluster::resume(resuming).await;
            cluster::take_over(weak, cluster::FLAG_POLL).await;
        });
        Ok(state)
    }

    /// The failed sign-ins allowed ([`Settings::sign_in_limits`]).
    pub(crate) fn sign_in_limits(&self) -> &crate::people::sign_ins::SignInLimits {
        &self.inner.sign_in_limits
    }

    /// The server's time in milliseconds since the Unix epoch (`crate::Time`).
    pub(crate) fn now(&self) -> i64 {
        self.inner.shared.time.now_millis()
    }

    /// Games unchanged since before this second have been idle long enough to expire
    /// ([`crate::room::Absence::idle_before`]).
    pub(super) fn idle_before(&self) -> i64 {
        self.inner.shared.absence.idle_before(self.now())
    }
}
