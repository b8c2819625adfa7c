//! The server's state: the storage and the rooms in memory, each found by its game's id
//! and loaded from storage on first use.
//!
//! On a shared store two tasks keep an instance in step with the others: one passes each
//! notice to the room it is about (if loaded here), the other looks now and then for games
//! waiting on chance or a bot whose lease ran out (its instance died) and plays them.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};
use trio_catalog::{AgentSpec, AnyGame, CatalogError, Definitions};
use trio_core::Seat;

use crate::error::{ApiError, Refusal};
use crate::postgres::PgStorage;
use crate::protocol::{
    ClockSpec, CreateGame, Created, GameSummary, Invitation, SeatTicket, SeekRequest, Seeked,
};
use crate::room::{Command, RematchPlan, Room, RoomHandle, Shared, INVITED, OPEN};
use crate::secrets;
use crate::sqlite::SqliteStorage;
use crate::store::{
    now, Cursor, GameRow, Listed, Notice, PlayerRow, SeatRow, Status, Storage, StorageError,
    StoredGame,
};

/// A game to store, checked.
struct NewGame {
    id: String,
    game: Arc<dyn AnyGame>,
    agents: Vec<AgentSpec>,
    seats: Vec<SeatRow>,
    position: Option<String>,
    clock: Option<ClockSpec>,
    seek: Option<String>,
    /// Whether its end updates its players' ratings (checked: named players only).
    rated: bool,
    /// Who created it, as counted (`GameRow::creator`); `None` for a rematch.
    creator: Option<String>,
}

/// Who creates a game: a named player (by its key), or else the address it came from
/// (known when [`crate::serve`] serves).
#[derive(Clone, Debug, Default)]
pub(crate) struct Creator {
    pub(crate) player: Option<PlayerRow>,
    pub(crate) address: Option<std::net::IpAddr>,
}

impl Creator {
    pub(crate) fn new(
        player: Option<PlayerRow>,
        peer: Option<axum::Extension<crate::limits::Peer>>,
    ) -> Self {
        Self {
            player,
            address: peer.map(|axum::Extension(crate::limits::Peer(ip))| ip),
        }
    }

    /// The creator as its running games are counted: the player, or else the address.
    fn key(&self) -> Option<String> {
        match (&self.player, self.address) {
            (Some(player), _) => Some(format!("player:{}", player.id)),
            (None, Some(ip)) => Some(format!("address:{ip}")),
            (None, None) => None,
        }
    }
}

/// How many waiting games "Play someone" tries before it makes one.
const SEEK_CANDIDATES: usize = 8;
/// How often a server alone looks for games whose flag fell while they were not in memory.
const FLAG_POLL: Duration = Duration::from_secs(1);
/// The most games one look for due games takes over.
const DUE_BATCH: usize = 64;

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
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            absence: crate::room::Absence::default(),
            time: crate::time::Time::default(),
            games_per_creator: 100,
            max_events: 5_000,
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
            };
            Inner {
                store,
                rooms,
                loading: crate::loading::Loading::default(),
                shared,
                replays: crate::replays::Replays::new(),
                reviews: crate::reviews::Reviews::new(),
                games_per_creator: settings.games_per_creator,
            }
        });
        let state = Self { inner };
        if let Some(lease) = state.inner.shared.lease {
            if let Some(notices) = state.inner.store.notices() {
                tokio::spawn(pass_notices(Arc::downgrade(&state.inner.rooms), notices));
            }
            let period = (lease / 4).min(FLAG_POLL);
            tokio::spawn(take_over(Arc::downgrade(&state.inner), period));
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
            resume(resuming).await;
            take_over(weak, FLAG_POLL).await;
        });
        Ok(state)
    }

    /// The server's time in milliseconds since the Unix epoch (`crate::Time`).
    fn now(&self) -> i64 {
        self.inner.shared.time.now_millis()
    }

    /// Games unchanged since before this second (since the Unix epoch) have been idle long
    /// enough to expire, if nobody is connected to them either.
    fn idle_before(&self) -> i64 {
        let shared = &self.inner.shared;
        let expire = i64::try_from(shared.absence.expire.as_millis()).unwrap_or(i64::MAX / 2);
        (self.now() - expire) / 1000
    }

    /// The room of game `id`, loading it if needed; 404 if there is no such game.
    pub(crate) async fn room(&self, id: &str) -> Result<RoomHandle, ApiError> {
        if let Some(handle) = self.cached(id) {
            return Ok(handle);
        }
        self.load(id).await
    }

    fn cached(&self, id: &str) -> Option<RoomHandle> {
        let rooms = self.inner.rooms.lock().expect("rooms lock");
        rooms.get(id).filter(|h| !h.is_closed()).cloned()
    }

    async fn load(&self, id: &str) -> Result<RoomHandle, ApiError> {
        self.load_stored(id, false).await
    }

    /// [`AppState::load`]; with `describe`, the game's lobby line and whether chance or a
    /// bot is to act are stored before it starts (a game stored before these were has
    /// neither).
    async fn load_stored(&self, id: &str, describe: bool) -> Result<RoomHandle, ApiError> {
        // Ids are 16 hex digits: anything else is not looked up.
        if id.len() != 16 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ApiError::not_found());
        }
        let _loading = self.inner.loading.enter(id).await;
        if let Some(handle) = self.cached(id) {
            return Ok(handle);
        }
        let unavailable = |e: StorageError| {
            tracing::error!(game = %id, "cannot load: {e}");
            ApiError::unavailable()
        };
        let Some(stored) = self.inner.store.load(id).await.map_err(unavailable)? else {
            return Err(ApiError::not_found());
        };
        let room = self.rebuild(stored)?;
        if describe {
            self.inner
                .store
                .describe(id, room.automatic(), &room.summary_json())
                .await
                .map_err(unavailable)?;
        }
        Ok(self.start(room))
    }

    /// A stored game's room, not started yet.
    fn rebuild(&self, stored: StoredGame) -> Result<Room, ApiError> {
        Room::rebuild(stored, self.inner.shared.clone()).map_err(|e| {
            tracing::error!("cannot rebuild: {e}");
            ApiError::unavailable()
        })
    }

    /// Starts `room`'s task and keeps its handle.
    fn start(&self, room: Room) -> RoomHandle {
        let id = room.id().to_owned();
        let handle = room.spawn();
        self.inner
            .rooms
            .lock()
            .expect("rooms lock")
            .insert(id, handle.clone());
        handle
    }

    /// Sends `command` (made with a reply channel) to game `id`'s room and waits for the
    /// answer. A room that stopped is loaded again once.
    pub(crate) async fn ask<T>(
        &self,
        id: &str,
        command: impl Fn(oneshot::Sender<Result<T, Refusal>>) -> Command,
    ) -> Result<T, ApiError> {
        for _ in 0..2 {
            let room = self.room(id).await?;
            let (tx, rx) = oneshot::channel();
            if room.send(command(tx)).await.is_err() {
                continue;
            }
            return rx
                .await
                .unwrap_or(Err(Refusal::Unavailable))
                .map_err(ApiError::from);
        }
        Err(ApiError::unavailable())
    }

    /// Creates a game: checks the spec and seats, draws the seed, stores it, starts its
    /// room.
    pub async fn create(&self, spec: &str, seats: &[String]) -> Result<Created, ApiError> {
        self.create_from(
            CreateGame {
                game: spec.to_owned(),
                seats: seats.to_vec(),
                position: None,
                definitions: BTreeMap::new(),
                clock: None,
                rated: false,
            },
            Creator::default(),
            None,
        )
        .await
    }

    /// Creates the game `request` asks for (`POST /api/games`): its spec with the texts of
    /// any definition files it names, its seats, and the position it starts from; the
    /// creator's seats are its player's when a named player creates it. Refused while the
    /// creator has as many running games as one may.
    pub(crate) async fn create_from(
        &self,
        request: CreateGame,
        creator: Creator,
        seek: Option<String>,
    ) -> Result<Created, ApiError> {
        let by = creator.key();
        let Creator {
            player: creator, ..
        } = creator;
        let CreateGame {
            game: spec,
            seats,
            position,
            definitions,
            clock,
            rated,
        } = request;
        let clock = clock
            .map(|c| c.check().map_err(|m| ApiError::bad_request("bad-clock", m)))
            .transpose()?;
        let position = position.as_deref();
        let seats = &seats[..];
        let own_files = !definitions.is_empty();
        let game = checked_game(&spec, definitions)?;
        let asked = checked_seats(seats)?;
        if rated {
            // An AI level has a fixed rating (its anchor); other bots have none.
            let bots = asked
                .iter()
                .flatten()
                .any(|a| !a.is_human() && !matches!(a, AgentSpec::Ai(_)));
            let why = if creator.is_none() {
                Some("a rated game is for named players: send your player key")
            } else if position.is_some() || own_files {
                Some("a rated game starts from the usual start with the built-in files")
            } else if bots {
                Some("a rated game is between people and AI levels (ai:1 to ai:5)")
            } else {
                None
            };
            if let Some(why) = why {
                return Err(ApiError::bad_request("bad-rated", why));
            }
        }
        // A seat waiting for its player plays as a person.
        let agents: Vec<AgentSpec> = asked
            .iter()
            .map(|s| s.clone().unwrap_or(AgentSpec::Human))
            .collect();
        // A game the catalog cannot start is refused before anything is stored.
        game.start(0, &agents, None)
            .map_err(|e| ApiError::bad_request("bad-seats", e.to_string()))?;
        if let Some(by) = &by {
            self.check_running(by).await?;
        }
        let id = secrets::new_game_id();
        let mut tickets = Vec::new();
        let mut invites = Vec::new();
        let mut rows = Vec::new();
        for (s, (text, asked)) in seats.iter().zip(&asked).enumerate() {
            let seat = s as u8;
            let name = game.seat_name(Seat(seat));
            // The creator gets the tokens of its own seats; an invited seat's token goes
            // to whoever opens the invitation first, an open seat's to who joins first.
            let mut player = None;
            let secret = match asked {
                Some(agent) if agent.is_human() => {
                    player.clone_from(&creator);
                    let token = secrets::new_token();
                    tickets.push(SeatTicket {
                        seat,
                        name,
                        link: format!("/games/{id}#token={token}"),
                        token: token.clone(),
                    });
                    Some(token)
                }
                None if text == INVITED => {
                    let code = secrets::new_token();
                    invites.push(Invitation {
                        seat,
                        name,
                        link: format!("/games/{id}#claim={code}"),
                    });
                    Some(code)
                }
                _ => None,
            };
            rows.push(SeatRow {
                agent: asked
                    .as_ref()
                    .map_or_else(|| text.clone(), ToString::to_string),
                token_hash: secret.map(|t| secrets::token_hash_hex(&secrets::hash_token(&t))),
                player,
                rematch: None,
            });
        }
        let seed_hash = self
            .store_new(NewGame {
                id: id.clone(),
                game: game.clone(),
                agents,
                seats: rows,
                position: position.map(str::to_owned),
                clock,
                seek,
                rated,
                creator: by,
            })
            .await?;
        Ok(Created {
            spectator: format!("/games/{id}"),
            id,
            game: game.spec().to_string(),
            seats: tickets,
            invites,
            seed_hash,
        })
    }

    /// Stores a new game and starts its room: draws the seed, commits to it with the game,
    /// the seats and the start, and starts the clock. The commitment's hash is returned.
    async fn store_new(&self, new: NewGame) -> Result<String, ApiError> {
        let NewGame {
            id,
            game,
            agents,
            seats,
            position,
            clock,
            seek,
            rated,
            creator,
        } = new;
        let seed = secrets::new_seed();
        let started = game
            .start(seed, &agents, position.as_deref())
            .map_err(|e| ApiError::bad_request("bad-position", e.to_string()))?;
        let nonce = secrets::new_nonce();
        // The commitment covers the game as its record will write it: spec, seats, start.
        let seed_hash =
            secrets::commitment_hash(&secrets::commitment_parts(&started.record(), &nonce));
        let mut row = GameRow {
            id,
            spec: game.spec().to_string(),
            seed,
            seed_nonce: nonce,
            seed_hash: seed_hash.clone(),
            version: 0,
            status: Status::Running,
            created_at: now(),
            updated_at: now(),
            start: position,
            definitions: game.definitions().to_map(),
            clock: clock.map(|spec| {
                let stopped = crate::room::clock::Clock::new(spec, seats.len());
                serde_json::to_string(&stopped).expect("a clock serializes")
            }),
            seats,
            automatic: false,
            summary: None,
            deadline: None,
            seek,
            creator,
            rematch: None,
            rated,
            more_tokens: Vec::new(),
        };
        // The room first: the stored row holds its lobby line and who acts first.
        let mut room = self.rebuild(StoredGame {
            game: row.clone(),
            events: Vec::new(),
        })?;
        room.start_clock();
        row.automatic = room.automatic();
        row.summary = Some(room.summary_json());
        row.clock = room.clock_json();
        row.deadline = room.deadline();
        // Held from the store until the room is kept: the look for due games finds a new
        // game with chance or a bot to act once it is stored, and would otherwise load a
        // second room for it, a second writer.
        let _loading = self.inner.loading.enter(&row.id).await;
        self.inner.store.create(&row).await.map_err(|e| {
            tracing::error!("cannot store a new game: {e}");
            ApiError::unavailable()
        })?;
        self.start(room);
        Ok(seed_hash)
    }

    /// A rematch every person of a finished game agreed to: its seats rotated, the same
    /// game, files and clock, each person's token the one its agreement was answered with.
    pub(crate) async fn create_rematch(&self, plan: RematchPlan) -> Result<(), ApiError> {
        let game = checked_game(&plan.spec, plan.definitions)?;
        let agents = plan
            .seats
            .iter()
            .map(|s| {
                s.agent.parse().map_err(|e: trio_catalog::AgentError| {
                    ApiError::bad_request("bad-seats", e.to_string())
                })
            })
            .collect::<Result<Vec<AgentSpec>, _>>()?;
        self.store_new(NewGame {
            id: plan.id,
            game,
            agents,
            seats: plan.seats,
            position: None,
            clock: plan.clock,
            seek: None,
            rated: plan.rated,
            creator: None,
        })
        .await?;
        Ok(())
    }

    /// "Play someone" (`POST /api/seeks`): takes the open seat of the oldest game waiting
    /// for the same game and clock, or makes one with the caller's seat drawn at random
    /// and the others open, for the next to ask. Never pairs the caller's player or a game
    /// in `except` (the caller's own) with itself.
    pub(crate) async fn seek(
        &self,
        request: SeekRequest,
        caller: Creator,
    ) -> Result<Seeked, ApiError> {
        let player = caller.player.clone();
        let game = checked_game(&request.game, BTreeMap::new())?;
        let clock = request
            .clock
            .map(|c| c.check().map_err(|m| ApiError::bad_request("bad-clock", m)))
            .transpose()?;
        if request.rated && player.is_none() {
            return Err(ApiError::bad_request(
                "bad-rated",
                "a rated game is for named players: send your player key",
            ));
        }
        let key = format!(
            "{}|{}|{}",
            game.spec(),
            clock.map_or_else(String::new, |c| serde_json::to_string(&c).expect("a clock")),
            if request.rated { "rated" } else { "casual" }
        );
        let waiting = self
            .inner
            .store
            .seeking(&key, SEEK_CANDIDATES)
            .await
            .map_err(|e| {
                tracing::error!("cannot look for games to pair: {e}");
                ApiError::unavailable()
            })?;
        for id in waiting.iter().filter(|id| !request.except.contains(id)) {
            let room = self.room(id).await?;
            let mine = player.as_ref().is_some_and(|p| {
                let summary = room.summary.lock().expect("summary lock");
                summary
                    .seats
                    .iter()
                    .any(|s| s.player_name.as_deref() == Some(p.name.as_str()))
            });
            if mine {
                continue;
            }
            let taken = self
                .ask(id, |reply| Command::Claim {
                    seat: None,
                    code: None,
                    player: player.clone(),
                    reply,
                })
                .await;
            match taken {
                Ok(ticket) => {
                    return Ok(Seeked {
                        id: id.clone(),
                        paired: true,
                        seat: ticket,
                    })
                }
                // Another player took it first: the next one.
                Err(e) if e.code == "no-open-seat" => continue,
                Err(e) => return Err(e),
            }
        }
        let seats = game.seat_count();
        let mine = (secrets::new_seed() % seats as u64) as usize;
        let created = self
            .create_from(
                CreateGame {
                    game: game.spec().to_string(),
                    seats: (0..seats)
                        .map(|s| if s == mine { "human" } else { OPEN }.to_owned())
                        .collect(),
                    position: None,
                    definitions: BTreeMap::new(),
                    clock,
                    rated: request.rated,
                },
                caller,
                Some(key),
            )
            .await?;
        let seat = created.seats.into_iter().next().expect("the caller's seat");
        Ok(Seeked {
            id: created.id,
            paired: false,
            seat,
        })
    }

    /// Refuses a game to `creator` (as [`Creator::key`] names it) while it has as many
    /// running games as one may.
    async fn check_running(&self, creator: &str) -> Result<(), ApiError> {
        let most = self.inner.games_per_creator;
        let running = self.inner.store.running_of(creator).await.map_err(|e| {
            tracing::error!("cannot count a creator's games: {e}");
            ApiError::unavailable()
        })?;
        if running >= most {
            let who = if creator.starts_with("player:") {
                "this player"
            } else {
                "this address"
            };
            return Err(ApiError::new(
                axum::http::StatusCode::CONFLICT,
                "too-many-games",
                format!(
                    "{who} already has {running} games running, the most one may have: \
                     finish or resign one first"
                ),
            ));
        }
        Ok(())
    }

    /// A page of the lobby, the latest first, after `after`: at most `limit` games of
    /// `listed` (running or finished), and the cursor of the next page if there is one.
    /// Read from the store's index, on a shared store every instance's games; a running
    /// game loaded here is shown as it is now (who is connected).
    /// Unavailable (503) when a shared store cannot be read, so that a load balancer's
    /// health check sees it.
    pub(crate) async fn games(
        &self,
        listed: Listed,
        after: Option<&Cursor>,
        limit: usize,
    ) -> Result<(Vec<GameSummary>, Option<String>), ApiError> {
        let read = self.inner.store.lobby(listed, after, limit + 1).await;
        let mut rows = read.map_err(|e| {
            tracing::warn!("cannot read the lobby: {e}");
            ApiError::unavailable()
        })?;
        let next = (rows.len() > limit).then(|| {
            rows.truncate(limit);
            rows.last().map(|(_, at)| at.to_string())
        });
        let mut games: Vec<GameSummary> = rows
            .iter()
            .filter_map(|(line, _)| serde_json::from_str(line).ok())
            .collect();
        if let Listed::Running = listed {
            // Only the listed games are looked up, their handles taken at once: the rooms'
            // lock is held for a page of lookups, never while a summary is read.
            let loaded: Vec<Option<RoomHandle>> = {
                let rooms = self.inner.rooms.lock().expect("rooms lock");
                games.iter().map(|g| rooms.get(&g.id).cloned()).collect()
            };
            for (game, room) in games.iter_mut().zip(loaded) {
                if let Some(room) = room {
                    *game = room.summary.lock().expect("summary lock").clone();
                }
            }
            games.retain(|g| !g.over);
        }
        Ok((games, next.flatten()))
    }
}

/// A position of a built-in game as a spectator sees it, with the legal moves of the one to
/// move and their parts: what the page's rules draw a board from (`GET /api/positions`).
pub(crate) fn position_shown(spec: &str, position: &str) -> Result<PositionShown, ApiError> {
    let game = checked_game(spec, BTreeMap::new())?;
    let outside = vec![AgentSpec::Human; game.seat_count()];
    let live = game
        .start(0, &outside, Some(position))
        .map_err(|e| ApiError::bad_request("bad-position", e.to_string()))?;
    let moves = live.legal_moves();
    Ok(PositionShown {
        view: live.view_json(None),
        legal: moves.actions,
        legal_parts: moves.parts,
    })
}

/// See [`position_shown`].
#[derive(Debug, serde::Serialize)]
pub(crate) struct PositionShown {
    view: serde_json::Value,
    legal: Vec<String>,
    legal_parts: Box<serde_json::value::RawValue>,
}

/// A game a client may create: any catalog spec, its definition files (boards, tile sets)
/// given as texts — a client must not make the server read a path of its choosing.
fn checked_game(
    spec: &str,
    definitions: BTreeMap<String, String>,
) -> Result<Arc<dyn AnyGame>, ApiError> {
    let parsed: trio_catalog::GameSpec = spec
        .parse()
        .map_err(|e: trio_catalog::SpecError| ApiError::bad_request("bad-spec", e.to_string()))?;
    let definitions = Definitions::given(&parsed, definitions)
        .map_err(|e| ApiError::bad_request("bad-definition", e.to_string()))?;
    trio_catalog::build_with(&parsed, definitions).map_err(|e| match e {
        CatalogError::Definition { .. } => ApiError::bad_request("bad-definition", e.to_string()),
        e => ApiError::bad_request("bad-spec", e.to_string()),
    })
}

/// Seats a client may ask for: the creator (`human`), a seat waiting for a player
/// (`open`, `invite`: `None` here), `random` and the AI levels (no external engines, no
/// unbounded searches); at least one the creator plays.
fn checked_seats(seats: &[String]) -> Result<Vec<Option<AgentSpec>>, ApiError> {
    let bad = |m: String| ApiError::bad_request("bad-seats", m);
    if seats.len() > 8 {
        return Err(bad("a game has at most 4 seats".to_owned()));
    }
    let asked = seats
        .iter()
        .map(|s| {
            if s == OPEN || s == INVITED {
                return Ok(None);
            }
            let agent: AgentSpec = s
                .parse()
                .map_err(|e: trio_catalog::AgentError| bad(e.to_string()))?;
            match agent {
                AgentSpec::Human | AgentSpec::Random | AgentSpec::Ai(_) => Ok(Some(agent)),
                _ => Err(bad(format!(
                    "{}: a seat is human, open, invite, random or ai:1 to ai:5",
                    trio_catalog::excerpt(s)
                ))),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    if !asked.iter().flatten().any(AgentSpec::is_human) {
        return Err(bad("at least one seat is human: the creator's".to_owned()));
    }
    Ok(asked)
}

/// Passes each notice to the room it is about, if this instance has it; a resync to every
/// room.
async fn pass_notices(
    rooms: Weak<Mutex<HashMap<String, RoomHandle>>>,
    mut notices: mpsc::Receiver<Notice>,
) {
    while let Some(notice) = notices.recv().await {
        let Some(rooms) = rooms.upgrade() else {
            return;
        };
        let rooms = rooms.lock().expect("rooms lock");
        match notice {
            Notice::Event { game, seq } => {
                if let Some(room) = rooms.get(&game) {
                    room.nudge(Some(seq));
                }
            }
            Notice::Seated { game } => {
                if let Some(room) = rooms.get(&game) {
                    room.reseat();
                }
            }
            Notice::Resync => rooms.values().for_each(|room| room.nudge(None)),
        }
    }
}

/// Every `period`, plays the games whose chance or bots wait on a lease that ran out, or
/// whose clock's flag fell while no instance had them in memory: loads each (its room
/// takes the lease and plays, or lets the flag fall) or nudges the room here.
async fn take_over(state: Weak<Inner>, period: Duration) {
    let mut every = tokio::time::interval(period);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let Some(inner) = state.upgrade() else {
            return;
        };
        let state = AppState { inner };
        let due = match state
            .inner
            .store
            .due(DUE_BATCH, state.now(), state.idle_before())
            .await
        {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("cannot look for games to take over: {e}");
                continue;
            }
        };
        for id in due {
            match state.cached(&id) {
                Some(room) => room.nudge(None),
                None => {
                    if let Err(e) = state.load(&id).await {
                        tracing::warn!(game = %id, "cannot take over: {}", e.message);
                    }
                }
            }
        }
    }
}

/// Alone on its store: loads the running games with chance or a bot to act, so that they
/// go on without anyone asking for them.
async fn resume(state: AppState) {
    let due = match state
        .inner
        .store
        .due(usize::MAX, state.now(), state.idle_before())
        .await
    {
        Ok(due) => due,
        Err(e) => {
            tracing::error!("cannot list the games to resume: {e}");
            return;
        }
    };
    let count = due.len();
    for id in due {
        if let Err(e) = state.load_stored(&id, true).await {
            tracing::error!(game = %id, "cannot resume a game: {}", e.message);
        }
    }
    tracing::info!("{count} games with chance or a bot to act resumed");
}
