//! Rebuilding a room from its stored events: every seat is played from outside while the
//! events replay — decisions submitted, chance stepped and checked against the stored
//! outcome, resignations and undos replayed — then the bots take their seats again. A
//! bot's move in progress when the server stopped is simply thought again.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use trio_catalog::{AgentSpec, Definitions, GameSpec, SpecError};
use trio_core::{Change, Forfeit, Seat, Turn};

use super::audience::Audience;
use super::driver::Lease;
use super::error::{EventFault, RebuildError, StoredFault};
use super::table::Table;
use super::views::Views;
use super::{Room, Shared};
use crate::protocol::{GameSummary, TurnInfo, TurnKind};
use crate::store::{EventKind, EventRow, StoredGame};

impl Room {
    /// Rebuilds a stored game (a new one has no events), not yet started.
    pub(crate) fn rebuild(stored: StoredGame, shared: Shared) -> Result<Self, RebuildError> {
        let StoredGame {
            game: row,
            events,
            draws,
        } = stored;
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
        table.draws = super::draws::Draws::new(draws);
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
            casual: row.casual,
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
            chat: super::chat::Chat::new(row.seats.len()),
            away: super::away::Away::new(row.seats.len(), row.updated_at.saturating_mul(1000)),
            ratings: super::ratings::SeatRatings::new(spec.kind.name(), row.ratings.clone()),
        };
        for event in events {
            room.replay(&event).map_err(bad)?;
        }
        // Over in the store with no end in its events: it expired waiting for players.
        if row.status == crate::store::Status::Over && room.live.ending().is_none() {
            room.table.abort();
        }
        for (s, agent) in room.table.agents().to_vec().iter().enumerate() {
            if !agent.is_human() {
                room.live
                    .set_agent(Seat(s as u8), agent)
                    .map_err(|e| bad(e.into()))?;
            }
        }
        for seat in room.table.retired() {
            room.live
                .retire(seat)
                .map_err(|e| bad(StoredFault::Retired(e)))?;
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
        let seat = || event.seat.ok_or(EventFault::NoSeat);
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
            EventKind::Resign => {
                live.forfeit(seat()?, Forfeit::Resign)?;
            }
            EventKind::Timeout => {
                live.forfeit(seat()?, Forfeit::Time)?;
            }
            EventKind::Abandoned | EventKind::Expired => {
                let why = match event.kind {
                    EventKind::Expired => Forfeit::Expiry,
                    _ => Forfeit::Absence,
                };
                live.forfeit(seat()?, why)?;
                self.table.abandon(seat()?);
            }
            EventKind::Abort => {
                live.abort(event.seat)?;
            }
            EventKind::Draw => {
                live.agree_draw(seat()?)?;
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
