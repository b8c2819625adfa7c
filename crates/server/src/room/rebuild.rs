//! Rebuilding a room from its stored events: every seat is played from outside while the
//! events replay — decisions submitted, chance stepped and checked against the stored
//! outcome, resignations and undos replayed — then the bots take their seats again. A
//! bot's move in progress when the server stopped is simply thought again.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use trio_catalog::{AgentError, AgentSpec, CatalogError, Definitions, GameSpec, SpecError};
use trio_core::{BotError, Change, PlayError, Seat, Turn};

use super::audience::Audience;
use super::driver::Lease;
use super::table::Table;
use super::views::Views;
use super::{Room, Shared};
use crate::protocol::{GameSummary, TurnInfo, TurnKind};
use crate::store::{EventKind, EventRow, StoredGame};

/// Why a stored game could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RebuildError {
    #[error("game {id}: {fault}")]
    Bad { id: String, fault: Box<StoredFault> },
}

/// What in a stored game does not make a game.
#[derive(Debug, thiserror::Error)]
pub(crate) enum StoredFault {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error("seat {agent}: {error}")]
    Agent { agent: String, error: AgentError },
    #[error("a token hash does not read")]
    TokenHash,
    #[error("the clock does not read: {0}")]
    Clock(serde_json::Error),
    #[error("event {seq} ({kind}): {fault}")]
    Event {
        seq: u64,
        kind: &'static str,
        fault: EventFault,
    },
}

/// Why a stored event does not apply to the game its room holds.
#[derive(Debug, thiserror::Error)]
pub(crate) enum EventFault {
    #[error("no seat")]
    NoSeat,
    #[error("no action")]
    NoAction,
    #[error(transparent)]
    Refused(#[from] PlayError),
    #[error("chance is not to act here")]
    NotChance,
    #[error(transparent)]
    Chance(#[from] BotError),
    #[error("the game is at version {0}")]
    Version(u64),
    #[error("the seed draws {drawn:?}, the stored event says {stored:?}")]
    OtherDraw {
        drawn: Option<String>,
        stored: Option<String>,
    },
}

impl Room {
    /// Rebuilds a stored game (a new one has no events), not yet started.
    pub(crate) fn rebuild(stored: StoredGame, shared: Shared) -> Result<Self, RebuildError> {
        let StoredGame { game: row, events } = stored;
        let bad = |fault: StoredFault| RebuildError::Bad {
            id: row.id.clone(),
            fault: Box::new(fault),
        };
        let spec: GameSpec = row.spec.parse().map_err(|e: SpecError| bad(e.into()))?;
        let game = Definitions::given(&spec, row.definitions.clone())
            .and_then(|definitions| trio_catalog::build_with(&spec, definitions))
            .map_err(|e| bad(e.into()))?;
        let mut table = Table::from_row(&row).map_err(bad)?;
        table.max_events = shared.max_events;
        let outside = vec![AgentSpec::Human; table.agents().len()];
        let live = game
            .start(row.seed, &outside, row.start.as_deref())
            .map_err(|e| bad(e.into()))?;
        let clock: Option<super::clock::Clock> = match &row.clock {
            Some(text) => Some(serde_json::from_str(text).map_err(|e| bad(StoredFault::Clock(e)))?),
            None => None,
        };
        let summary = Arc::new(Mutex::new(GameSummary {
            id: row.id.clone(),
            game: row.spec.clone(),
            seats: Vec::new(),
            seq: 0,
            turn: TurnInfo::of(TurnKind::Over),
            over: false,
            created_at: row.created_at,
            set_up: row
                .start
                .iter()
                .map(|_| "position".to_owned())
                .chain(row.definitions.keys().cloned())
                .collect(),
            clock: clock.as_ref().map(|c| c.spec),
            rated: row.rated,
            result: None,
        }));
        let mut room = Room {
            id: row.id.clone(),
            audience: Audience::new(live.seat_count()),
            live,
            table,
            views: Views::new(shared.time.clone()),
            summary,
            deferred: VecDeque::new(),
            lease: Lease::new(shared.lease),
            shared,
            committed: 0,
            clock,
            said: vec![None; row.seats.len()],
            away: super::away::Away::new(row.seats.len(), row.updated_at.saturating_mul(1000)),
        };
        for event in events {
            room.replay(&event).map_err(bad)?;
        }
        // Over in the store with no result in its events: it expired waiting for players.
        if row.status == crate::store::Status::Over && room.live.outcome().is_none() {
            room.table.abort();
        }
        for (s, agent) in room.table.agents().to_vec().iter().enumerate() {
            if !agent.is_human() {
                room.live
                    .set_agent(Seat(s as u8), agent)
                    .map_err(|e| bad(e.into()))?;
            }
        }
        room.refresh();
        Ok(room)
    }

    /// Applies one stored event (the next one) to the game, as its room knows it now.
    pub(super) fn replay(&mut self, event: &EventRow) -> Result<(), StoredFault> {
        self.apply_stored(event)
            .map_err(|fault| StoredFault::Event {
                seq: event.seq,
                kind: event.kind.as_str(),
                fault,
            })?;
        if let (Some(cid), Some(seat)) = (&event.client_id, event.seat) {
            self.table.remember(seat, cid.clone(), event.seq);
        }
        self.committed = event.seq;
        Ok(())
    }

    fn apply_stored(&mut self, event: &EventRow) -> Result<(), EventFault> {
        let live = self.live.as_mut();
        let seat = || event.seat.map(Seat).ok_or(EventFault::NoSeat);
        match event.kind {
            EventKind::Play => {
                let action = event.action.as_deref().ok_or(EventFault::NoAction)?;
                live.submit(seat()?, action, None)?;
            }
            EventKind::Chance => {
                if live.turn() != Turn::Chance {
                    return Err(EventFault::NotChance);
                }
                live.step()?;
                let drawn = match live.log().last().map(|e| &e.change) {
                    Some(Change::Played(notation)) => Some(notation.as_str()),
                    _ => None,
                };
                if drawn != event.action.as_deref() {
                    return Err(EventFault::OtherDraw {
                        drawn: drawn.map(str::to_owned),
                        stored: event.action.clone(),
                    });
                }
            }
            // A flag in a game of two loses it as a resignation does.
            EventKind::Resign | EventKind::Timeout => {
                live.resign(seat()?)?;
            }
            EventKind::Abandoned => {
                live.resign(seat()?)?;
                self.table.abandon(seat()?.0);
            }
            EventKind::Undo => {
                live.undo(seat()?)?;
            }
        }
        if live.version() != event.seq {
            return Err(EventFault::Version(live.version()));
        }
        Ok(())
    }
}
