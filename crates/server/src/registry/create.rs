//! Creating a game: the request checked (its spec and files, its seats, its clock, whether
//! it is rated, the creator's running games), the seed drawn and committed to, the game
//! stored and its room started. A rematch every person agreed to is made here too.

use std::collections::BTreeMap;
use std::sync::Arc;

use trio_catalog::{AgentSpec, AnyGame};
use trio_core::Seat;

use super::checks::{checked_game, checked_seats};
use super::AppState;
use crate::error::{code, ApiError, Refusal};
use crate::people::ratings::SeatRating;
use crate::people::{playban, secrets};
use crate::protocol::{ClockSpec, CreateGame, Created, Invitation, SeatTicket};
use crate::room::{RematchPlan, SeatAgent};
use crate::store::{now, Casual, DrawRow, GameRow, PlayerRow, SeatRow, Status, StoredGame};

/// A game to store, checked.
struct NewGame {
    id: String,
    game: Arc<dyn AnyGame>,
    agents: Vec<AgentSpec>,
    seats: Vec<SeatRow>,
    position: Option<String>,
    clock: Option<ClockSpec>,
    seek: Option<Seeking>,
    /// Whether its end updates its players' ratings (checked: named players only).
    rated: bool,
    /// Why a game asked for as rated is played casual.
    casual: Option<Casual>,
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

/// What a game made by "Play someone" pairs (its spec and clock as one key), and the
/// browser that asked, never paired with itself.
#[derive(Clone, Debug)]
pub(crate) struct Seeking {
    pub(super) key: String,
    pub(super) browser: Option<String>,
}

impl Creator {
    pub(crate) fn new(player: Option<PlayerRow>, address: Option<std::net::IpAddr>) -> Self {
        Self { player, address }
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

impl AppState {
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
        seek: Option<Seeking>,
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
            .map(|c| {
                c.check()
                    .map_err(|m| ApiError::bad_request(code::BAD_CLOCK, m))
            })
            .transpose()?;
        let position = position.as_deref();
        let seats = &seats[..];
        let own_files = !definitions.is_empty();
        let game = checked_game(&spec, definitions)?;
        let asked = checked_seats(seats)?;
        if rated {
            // An AI level has a fixed rating (its anchor); other bots have none.
            let bots = asked.iter().any(|a| matches!(a, SeatAgent::Bot(_)));
            let why = if creator.is_none() {
                Some("a rated game is for named players: send your player key")
            } else if position.is_some() || own_files {
                Some("a rated game starts from the usual start with the built-in files")
            } else if bots {
                Some("a rated game is between people and AI levels (ai:1 to ai:5)")
            } else if asked.iter().filter(|a| **a == SeatAgent::Person).count() > 1 {
                Some("a rated game seats each person once: keep one seat, leave the others open or invited")
            } else {
                None
            };
            if let Some(why) = why {
                return Err(ApiError::bad_request(code::BAD_RATED, why));
            }
            if let Some(player) = &creator {
                let now = self.inner.shared.time.now_millis() / 1000;
                playban::check(self.store(), &player.id, now)
                    .await
                    .map_err(|e| {
                        tracing::error!("cannot count a player's aborts: {e}");
                        ApiError::unavailable()
                    })??;
            }
        }
        // A seat waiting for its player plays as a person.
        let agents: Vec<AgentSpec> = asked.iter().map(SeatAgent::plays_as).collect();
        // A game the catalog cannot start is refused before anything is stored.
        game.start(0, &agents, None)
            .map_err(|e| ApiError::bad_seats(e.to_string()))?;
        if let Some(by) = &by {
            self.check_running(by).await?;
        }
        let id = secrets::new_game_id();
        let mut tickets = Vec::new();
        let mut invites = Vec::new();
        let mut rows = Vec::new();
        for (s, asked) in asked.iter().enumerate() {
            let seat = s as u8;
            let name = game.seat_name(Seat(seat));
            // The creator gets the tokens of its own seats; an invited seat's token goes
            // to whoever opens the invitation first, an open seat's to who joins first.
            let mut player = None;
            let secret = match asked {
                SeatAgent::Person => {
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
                SeatAgent::Invited => {
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
                agent: asked.to_string(),
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
                casual: None,
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
            casual,
            creator,
        } = new;
        let seed = secrets::new_seed();
        let started = game
            .start(seed, &agents, position.as_deref())
            .map_err(|e| ApiError::bad_request(code::BAD_POSITION, e.to_string()))?;
        let ratings = self.seat_ratings(rated, game.as_ref(), &seats).await?;
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
            seeker: seek.as_ref().and_then(|s| s.browser.clone()),
            seek: seek.map(|s| s.key),
            creator,
            rematch: None,
            rated,
            casual,
            ratings_owed: false,
            ratings,
            more_tokens: Vec::new(),
        };
        // The room first: the stored row holds its lobby line and who acts first.
        let mut room = self.rebuild(StoredGame {
            draws: vec![DrawRow::default(); row.seats.len()],
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

    /// Each seat's rating as shown, for the lobby line of a new game: its named player's
    /// in a rated game (the room adds the AI levels'), else none.
    async fn seat_ratings(
        &self,
        rated: bool,
        game: &dyn AnyGame,
        seats: &[SeatRow],
    ) -> Result<Vec<Option<SeatRating>>, ApiError> {
        let mut ratings = Vec::new();
        for seat in seats.iter().filter(|_| rated) {
            ratings.push(match &seat.player {
                Some(player) => Some(
                    self.inner
                        .store
                        .seat_rating(&player.id, game.spec().kind.name())
                        .await
                        .map_err(|e| {
                            tracing::error!("cannot read a rating: {e}");
                            ApiError::unavailable()
                        })?,
                ),
                None => None,
            });
        }
        Ok(ratings)
    }

    /// A rematch every person of a finished game agreed to: its seats rotated, the same
    /// game, files and clock, each person's token the one its agreement was answered with.
    /// The finished game's room asks for it, through the hook it is given
    /// (`room::Shared::make_rematch`), when the last person agrees.
    pub(super) async fn create_rematch(&self, plan: RematchPlan) -> Result<(), ApiError> {
        let game = checked_game(&plan.spec, plan.definitions)?;
        let agents = plan
            .seats
            .iter()
            .map(|s| {
                s.agent
                    .parse()
                    .map_err(|e: trio_catalog::AgentError| ApiError::bad_seats(e.to_string()))
            })
            .collect::<Result<Vec<AgentSpec>, _>>()?;
        // Its people agreed to it together: any two of them may have played their day's
        // rated games.
        let people: Vec<&str> = plan
            .seats
            .iter()
            .filter_map(|s| s.player.as_ref().map(|p| p.id.as_str()))
            .collect();
        let limit = self.inner.shared.pair_limit;
        let reached = plan.rated
            && limit
                .reached_among(self.store(), &people, self.now())
                .await
                .map_err(|e| {
                    tracing::error!("cannot count a pair's rated games: {e}");
                    ApiError::unavailable()
                })?;
        let casual = reached.then_some(Casual::PairLimit);
        self.store_new(NewGame {
            id: plan.id,
            game,
            agents,
            seats: plan.seats,
            position: None,
            clock: plan.clock,
            seek: None,
            rated: plan.rated && casual.is_none(),
            casual,
            creator: None,
        })
        .await?;
        Ok(())
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
            return Err(Refusal::TooManyGames { who, running }.into());
        }
        Ok(())
    }
}
