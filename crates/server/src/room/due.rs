//! What falls due at a time of the room's own, as one [`Due`]: the running clock's flag,
//! the first decision of a seat that has made none (the game is aborted without it), the
//! expiry of a game nobody acts in or watches, the absence of the seat to act that
//! everyone is told of once. The room's loop sleeps until the first ([`Room::until_due`])
//! and, woken or after any command, does what is due ([`Room::when_due`]). Here too the
//! clock's glue: whose clock runs, and when its flag falls.

use std::time::Duration;

use trio_core::{Seat, Turn};

use super::offers::has_decided;
use super::{Room, RoomError};
use crate::protocol::AbsentShown;

/// Something the room must do at a time of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Due {
    /// The running clock of `seat` runs out.
    Flag(Seat),
    /// `seat`, to act with its clock running, has made no decision yet and no longer may:
    /// the game is aborted (its first move's time, or its flag, came first).
    FirstMove(Seat),
    /// Nobody has acted or been connected for so long that the game ends.
    Expire,
    /// `seat`, to act, has been away since `since` so long that the others may choose for
    /// it: everyone is told, once.
    TellAbsent { seat: Seat, since: i64 },
}

/// Something due, and when (milliseconds since the Unix epoch).
type Scheduled = Option<(Due, i64)>;

/// What may fall due, in the order it is done when several are: each looked at after the
/// one before was done (a flag that ends the game leaves nothing to expire).
const ORDER: [fn(&Room) -> Scheduled; 4] = [
    Room::first_move_due,
    Room::flag_due,
    Room::expiry_due,
    Room::absence_due,
];

impl Room {
    /// When the running clock's flag falls, for whom (not a seat whose first move is due).
    fn flag_due(&self) -> Scheduled {
        let clock = self.clock.as_ref()?;
        let seat = clock.running().filter(|&s| !self.first_move_pending(s))?;
        Some((Due::Flag(seat), clock.deadline()?))
    }

    /// When the game is aborted for the seat to act making no first decision: its first
    /// move's time or its flag, whichever comes first.
    fn first_move_due(&self) -> Scheduled {
        let clock = self.clock.as_ref()?;
        let seat = clock.running().filter(|&s| self.first_move_pending(s))?;
        let at = clock.deadline()?.min(clock.first_move_deadline()?);
        Some((Due::FirstMove(seat), at))
    }

    /// Whether `seat` has yet to make its first decision in a rated game, which is then
    /// aborted rather than lost on time: nothing was played a rating could rest on. A
    /// casual game's flag falls as it always did.
    fn first_move_pending(&self, seat: Seat) -> bool {
        self.table.rated() && !has_decided(self.live.as_ref(), seat)
    }

    /// When the game expires, if nobody acts or watches and no bot is to act.
    fn expiry_due(&self) -> Scheduled {
        (!self.views.over() && self.audience.is_empty() && !self.automatic())
            .then(|| (Due::Expire, self.away.expires_at(&self.shared.absence)))
    }

    /// When everyone is to be told of the seat to act being absent, if not told yet.
    fn absence_due(&self) -> Scheduled {
        self.away_seat()
            .filter(|&(seat, since, _)| !self.away.told(seat, since))
            .map(|(seat, since, from)| (Due::TellAbsent { seat, since }, from))
    }

    /// How long until something is due (zero: it is).
    pub(super) fn until_due(&self) -> Option<Duration> {
        let now = self.shared.time.now_millis();
        ORDER
            .iter()
            .filter_map(|due| due(self))
            .map(|(_, at)| at)
            .min()
            .map(|at| Duration::from_millis((at - now).max(0) as u64))
    }

    /// Does what is due: a flag falls, an idle game expires, everyone is told of an
    /// absence the others may now choose for.
    pub(super) async fn when_due(&mut self) -> Result<(), RoomError> {
        for due in ORDER {
            let now = self.shared.time.now_millis();
            match due(self).filter(|&(_, at)| at <= now) {
                Some((Due::Flag(seat), _)) => {
                    let flagged = self.clock.as_mut().and_then(|c| c.flag(now));
                    if flagged == Some(seat) {
                        self.time_out(seat).await?;
                    }
                }
                Some((Due::FirstMove(seat), _)) => {
                    self.abort_for(seat).await?;
                }
                Some((Due::Expire, _)) => self.expire().await?,
                Some((Due::TellAbsent { seat, since }, _)) => self.tell_absent(seat, since),
                None => {}
            }
        }
        Ok(())
    }

    /// Tells everyone, once, that `seat` has been away since `since` so long that the
    /// others may choose for it.
    fn tell_absent(&mut self, seat: Seat, since: i64) {
        if self.away.tell(seat, since) {
            self.tell_seats();
        }
    }

    /// The person whose clock runs now: the seat to act, if a person's and the game is on.
    pub(super) fn clock_runner(&self) -> Option<Seat> {
        match self.live.turn() {
            Turn::Seat(s) if !self.live.is_bot(s) && !self.table.waiting() => Some(s),
            _ => None,
        }
    }

    /// Starts the clock of the person to act, if the game has begun (at its creation, and
    /// when its last seat is taken).
    pub(crate) fn start_clock(&mut self) {
        self.tick(None);
        self.refresh();
    }

    /// Moves the clock on after a change (`decided`: the seat whose decision it was).
    pub(super) fn tick(&mut self, decided: Option<Seat>) {
        let runner = self.clock_runner();
        if let Some(clock) = &mut self.clock {
            clock.after_change(self.shared.time.now_millis(), decided, runner);
        }
    }

    pub(crate) fn clock_json(&self) -> Option<String> {
        self.clock
            .as_ref()
            .map(|c| serde_json::to_string(c).expect("a clock serializes"))
    }

    /// When the clock next decides the game, stored so that it is kept across restarts and
    /// instances: the flag of the seat to act, or its first move's time.
    pub(crate) fn deadline(&self) -> Option<i64> {
        self.flag_due()
            .or_else(|| self.first_move_due())
            .map(|(_, at)| at)
    }

    /// The seat to act when it is away: a person's, of a game without a clock (a clock
    /// has its own deadline) that is on, with no client connected and another person at
    /// the game to choose for it. With since when it is away and from when it is absent.
    fn away_seat(&self) -> Option<(Seat, i64, i64)> {
        let seat = self.clock_runner().filter(|_| self.clock.is_none())?;
        let others = self.table.people().iter().any(|&s| s != seat);
        if !others || self.audience.connected()[seat.index()] {
            return None;
        }
        let (since, from) = self.away.absent_from(seat, &self.shared.absence);
        Some((seat, since, from))
    }

    /// The absent seat the others may choose for now, if any.
    pub(super) fn absent(&self) -> Option<AbsentShown> {
        let now = self.shared.time.now_millis();
        self.away_seat()
            .filter(|&(_, _, from)| from <= now)
            .map(|(seat, since_ms, _)| AbsentShown {
                seat: seat.0,
                since_ms,
            })
    }
}
