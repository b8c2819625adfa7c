//! The view cache: the game now as each viewer sees it, computed once after every change
//! so that reads never wait for a bot and each view is serialized once; and the messages
//! built from it.

use trio_catalog::Live;
use trio_core::{Change, EndReason, Ending, Forfeit, LogEntry, RecordResult, Seat, Turn};

use super::clock::Clock;
use super::ratings::SeatRatings;
use super::table::Table;
use super::viewer::Viewer;
use crate::protocol::{
    ClockShown, Event, EventKind, GameFacts, GameSummary, JsonText, MoveInfo, Offers, SeatInfo,
    Snapshot, StateNow, TurnInfo, TurnKind,
};

#[derive(Debug, Default)]
pub(super) struct Views {
    seq: u64,
    turn: Option<TurnInfo>,
    /// Per seat then a spectator; one shared view when every viewer's is the same
    /// ([`trio_core::Facts::seat_views`]).
    views: Vec<JsonText>,
    /// What each seat is offered, then a spectator.
    offers: Vec<Offers>,
    /// The person to move; their legal moves are listed only when a message for them is
    /// built (a Gygès position can have a thousand, too many to keep for every game).
    mover: Option<Seat>,
    result: Option<RecordResult>,
    /// What players call each seat now (a Triles seat's colour once drawn).
    seat_names: Vec<String>,
    /// The clock as of the change, shown as of when a message is sent.
    clock: Option<Clock>,
    /// The server's time, which the clock is shown at.
    time: crate::time::Time,
    /// Whether the game expired waiting for players: over, with no result.
    aborted: bool,
}

impl Views {
    /// Views whose clock is shown at the server's `time`.
    pub(super) fn new(time: crate::time::Time) -> Self {
        Self {
            time,
            ..Self::default()
        }
    }

    /// Recomputes everything from the game.
    pub(super) fn refresh(&mut self, live: &dyn Live, table: &Table, clock: Option<&Clock>) {
        self.clock = clock.cloned();
        let seats = live.seat_count();
        let turn = live.turn();
        self.seat_names = (0..seats).map(|s| live.seat_name(Seat(s as u8))).collect();
        self.seq = live.version();
        self.aborted = table.aborted();
        self.turn = Some(match turn {
            _ if self.aborted => TurnInfo::of(TurnKind::Over),
            _ if table.waiting() => TurnInfo::of(TurnKind::Waiting),
            Turn::Seat(s) => TurnInfo {
                kind: TurnKind::Seat,
                seat: Some(s.0),
                name: Some(self.seat_names[s.index()].clone()),
            },
            Turn::Chance => TurnInfo::of(TurnKind::Chance),
            Turn::Over => TurnInfo::of(TurnKind::Over),
        });
        let raw = |viewer: Viewer| JsonText::new(&live.view_json(viewer.seat()));
        self.views = if live.facts().seat_views {
            Viewer::all(seats).map(raw).collect()
        } else {
            vec![raw(Viewer::Spectator)]
        };
        self.offers = Viewer::all(seats)
            .map(|viewer| table.offers(live, viewer))
            .collect();
        self.mover = match turn {
            Turn::Seat(s) if !live.is_bot(s) && !table.waiting() && !self.aborted => Some(s),
            _ => None,
        };
        // A game that expired waiting for players was called off with no event of its own.
        let expired_waiting = self.aborted.then(|| {
            let ending = Ending {
                reason: EndReason::Abort,
                seat: None,
            };
            RecordResult::new(None, ending)
        });
        self.result = live.result().or(expired_waiting);
    }

    pub(super) fn seq(&self) -> u64 {
        self.seq
    }

    /// The clock as of now.
    fn clock(&self) -> Option<ClockShown> {
        self.clock.as_ref().map(|c| c.shown(self.time.now_millis()))
    }

    /// Whether the game ended with a ranking (not called off).
    fn ranked(&self) -> bool {
        self.result.as_ref().is_some_and(|r| !r.ranks.is_empty())
    }

    /// Whether the game is over: with a result, or aborted without one.
    pub(super) fn over(&self) -> bool {
        self.result.is_some() || self.aborted
    }

    fn index(&self, viewer: Viewer) -> usize {
        viewer.index(self.seat_names.len())
    }

    /// The state now for `viewer`.
    pub(super) fn state(&self, live: &dyn Live, viewer: Viewer) -> StateNow {
        let mover = self.mover.is_some_and(|m| viewer == Viewer::Seat(m));
        let view = if self.views.len() == 1 {
            &self.views[0]
        } else {
            &self.views[self.index(viewer)]
        };
        let (legal, legal_parts) = if mover {
            let moves = live.legal_moves();
            (moves.actions, JsonText::from(moves.parts))
        } else {
            (Vec::new(), JsonText::empty_list())
        };
        StateNow {
            turn: self
                .turn
                .clone()
                .unwrap_or_else(|| TurnInfo::of(TurnKind::Over)),
            view: view.clone(),
            legal,
            legal_parts,
            offers: self.offers[self.index(viewer)],
            result: self.result.clone(),
            clock: self.clock(),
        }
    }

    /// The seats as anyone may see them, `connected` saying which have a client.
    pub(super) fn seats(
        &self,
        table: &Table,
        ratings: &SeatRatings,
        connected: &[bool],
    ) -> Vec<SeatInfo> {
        self.seat_names
            .iter()
            .enumerate()
            .map(|(s, name)| SeatInfo {
                seat: s as u8,
                name: name.clone(),
                player: table.player(s).to_string(),
                player_name: table.player_name(s),
                rating: ratings.of(table, s),
                connected: connected.get(s).copied().unwrap_or(false),
            })
            .collect()
    }

    /// Everything `viewer` may know of the game now.
    pub(super) fn snapshot(
        &self,
        summary: &GameSummary,
        live: &dyn Live,
        table: &Table,
        viewer: Viewer,
    ) -> Snapshot {
        let mut state = self.state(live, viewer);
        // An agreement to a rematch is told by a snapshot and changes no view: asked anew.
        state.offers.rematch = self.result.is_some() && table.rematch_offered(viewer);
        let facts = live.facts();
        Snapshot {
            id: summary.id.clone(),
            game: summary.game.clone(),
            seq: self.seq,
            seats: summary.seats.clone(),
            you: viewer.seat().map(|s| s.0),
            facts: GameFacts {
                chance: facts.chance,
                hidden_information: facts.hidden_information,
            },
            turn: state.turn,
            view: state.view,
            legal: state.legal,
            legal_parts: state.legal_parts,
            offers: state.offers,
            moves: live
                .history_for(viewer.seat())
                .into_iter()
                .map(|(by, shown)| {
                    let (action, parts) = shown.map(|s| (s.action, s.parts)).unzip();
                    MoveInfo {
                        seat: by.map(|s| s.0),
                        action,
                        parts,
                    }
                })
                .collect(),
            result: state.result,
            seed_hash: table.commitment.seed_hash.clone(),
            set_up: summary.set_up.clone(),
            rated: summary.rated,
            casual: summary.casual,
            clock: state.clock,
            rematch: self.ranked().then(|| table.rematch.shown()),
            absent: None,
            abandoned: table.abandoned().filter(|_| self.ranked()).map(|s| s.0),
            aborted: self.aborted,
        }
    }

    /// The lobby's line: the summary brought up to date (its id, spec and creation stay).
    pub(super) fn summarize(&self, summary: &mut GameSummary, seats: Vec<SeatInfo>) {
        summary.seats = seats;
        summary.seq = self.seq;
        summary.turn = self
            .turn
            .clone()
            .unwrap_or_else(|| TurnInfo::of(TurnKind::Over));
        summary.over = self.over();
        summary.result.clone_from(&self.result);
    }
}

/// A logged change as `viewer` may know it, with the state now if `with_state`.
pub(super) fn event(
    entry: &LogEntry,
    views: &Views,
    live: &dyn Live,
    viewer: Viewer,
    with_state: bool,
) -> Event {
    Event {
        seq: entry.version,
        kind: event_kind(entry),
        seat: entry.by.map(|s| s.0),
        action: entry.action_for(viewer.seat()).map(str::to_owned),
        parts: entry.parts_for(viewer.seat()).cloned(),
        undone: match entry.change {
            Change::Undone(depth) => Some(depth),
            _ => None,
        },
        state: with_state.then(|| views.state(live, viewer)),
    }
}

pub(super) fn event_kind(entry: &LogEntry) -> EventKind {
    match (&entry.change, entry.by) {
        (Change::Played(_), None) => EventKind::Chance,
        (Change::Played(_), Some(_)) => EventKind::Play,
        (Change::Forfeited(Forfeit::Resign), _) => EventKind::Resign,
        (Change::Forfeited(Forfeit::Time), _) => EventKind::Timeout,
        (Change::Forfeited(Forfeit::Absence), _) => EventKind::Abandoned,
        (Change::Forfeited(Forfeit::Expiry), _) => EventKind::Expired,
        (Change::Aborted, _) => EventKind::Abort,
        (Change::Drawn, _) => EventKind::Draw,
        (Change::Undone(_), _) => EventKind::Undo,
    }
}
