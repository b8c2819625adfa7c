//! The game clock, kept by the server (`docs/api.md`, "Clocks"): real time (Fischer: an
//! initial time and an increment per move) or correspondence (days per move). Only people
//! use it: while chance or a bot is to act, or a seat still waits, no clock runs. Times are
//! absolute milliseconds since the Unix epoch, so that a flag falls when due across
//! restarts and on whichever instance holds the game.

use serde::{Deserialize, Serialize};
use trio_core::Seat;

use crate::protocol::{ClockShown, ClockSpec};

/// Milliseconds in a day.
const DAY_MS: i64 = 86_400_000;

/// Each seat's time left and whose clock runs since when.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Clock {
    pub(crate) spec: ClockSpec,
    /// Per seat, the time left as of `since` (for the seat whose clock runs) or now.
    remaining_ms: Vec<i64>,
    #[serde(with = "seat_number")]
    running: Option<Seat>,
    since_ms: i64,
    /// The seat whose time ran out, once one has.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "seat_number")]
    flagged: Option<Seat>,
}

impl Clock {
    /// A clock for `seats` seats, stopped.
    pub(crate) fn new(spec: ClockSpec, seats: usize) -> Self {
        Self {
            spec,
            remaining_ms: vec![spec.per_move_ms().unwrap_or_else(|| spec.initial_ms()); seats],
            running: None,
            since_ms: 0,
            flagged: None,
        }
    }

    /// A change was made at `now`: `mover`'s decision (if a seat decided; it gets the
    /// increment) stops its clock, and `next` (a person to act, if any) starts.
    pub(crate) fn after_change(&mut self, now: i64, mover: Option<Seat>, next: Option<Seat>) {
        if let Some(running) = self.running() {
            let seat = running.index();
            self.remaining_ms[seat] -= now - self.since_ms;
            if mover == Some(running) {
                self.remaining_ms[seat] += self.spec.increment_ms();
            }
        }
        if let (Some(next), Some(per_move)) = (next, self.spec.per_move_ms()) {
            if self.running() != Some(next) {
                self.remaining_ms[next.index()] = per_move;
            }
        }
        self.running = next;
        self.since_ms = now;
    }

    /// The seat whose clock runs, if one does.
    pub(crate) fn running(&self) -> Option<Seat> {
        self.running
    }

    /// When the running clock's flag falls, if one runs.
    pub(crate) fn deadline(&self) -> Option<i64> {
        self.running
            .map(|s| self.since_ms + self.remaining_ms[s.index()])
    }

    /// When the running seat's first decision is due, if it is yet to make one: the game
    /// is aborted then (see [`ClockSpec::first_move_ms`]).
    pub(crate) fn first_move_deadline(&self) -> Option<i64> {
        self.running
            .map(|_| self.since_ms + self.spec.first_move_ms())
    }

    /// The seat whose time ran out by `now`, its clock stopped at zero.
    pub(crate) fn flag(&mut self, now: i64) -> Option<Seat> {
        let seat = self
            .running()
            .filter(|_| self.deadline().is_some_and(|d| d <= now))?;
        self.remaining_ms[seat.index()] = 0;
        self.running = None;
        self.since_ms = now;
        self.flagged = Some(seat);
        Some(seat)
    }

    /// The clock as a viewer sees it at `now`.
    pub(crate) fn shown(&self, now: i64) -> ClockShown {
        let mut remaining_ms = self.remaining_ms.clone();
        if let Some(s) = self.running {
            let left = &mut remaining_ms[s.index()];
            *left = (*left - (now - self.since_ms)).max(0);
        }
        ClockShown {
            spec: self.spec,
            remaining_ms,
            running: self.running.map(|s| s.0),
            flagged: self.flagged.map(|s| s.0),
        }
    }
}

impl ClockSpec {
    fn initial_ms(self) -> i64 {
        match self {
            ClockSpec::RealTime { initial, .. } => i64::from(initial) * 1000,
            ClockSpec::Correspondence { days } => i64::from(days) * DAY_MS,
        }
    }

    fn increment_ms(self) -> i64 {
        match self {
            ClockSpec::RealTime { increment, .. } => i64::from(increment) * 1000,
            ClockSpec::Correspondence { .. } => 0,
        }
    }

    /// The time a seat has for its first decision before the game is aborted (lichess'
    /// rule): a tenth of a real-time clock's initial time, 20 s to 60 s (30 s at 5
    /// minutes); a correspondence clock's time a move. A flag that falls sooner aborts too.
    pub(crate) fn first_move_ms(self) -> i64 {
        match self.per_move_ms() {
            Some(per_move) => per_move,
            None => (self.initial_ms() / 10).clamp(20_000, 60_000),
        }
    }

    /// A correspondence clock's time for every move (each move starts it afresh).
    fn per_move_ms(self) -> Option<i64> {
        match self {
            ClockSpec::RealTime { .. } => None,
            ClockSpec::Correspondence { days } => Some(i64::from(days) * DAY_MS),
        }
    }
}

/// A seat stored as its number, as the clock's JSON has always had it.
mod seat_number {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use trio_core::Seat;

    pub(super) fn serialize<S: Serializer>(seat: &Option<Seat>, to: S) -> Result<S::Ok, S::Error> {
        seat.map(|s| s.0).serialize(to)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        from: D,
    ) -> Result<Option<Seat>, D::Error> {
        Ok(Option::<u8>::deserialize(from)?.map(Seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_move_is_due_in_a_tenth_of_the_time_or_the_move_time() {
        let real = |initial| ClockSpec::RealTime {
            initial,
            increment: 0,
        };
        assert_eq!(real(300).first_move_ms(), 30_000);
        assert_eq!(real(60).first_move_ms(), 20_000);
        assert_eq!(real(10_800).first_move_ms(), 60_000);
        let days = ClockSpec::Correspondence { days: 3 };
        assert_eq!(days.first_move_ms(), 3 * DAY_MS);
        let mut clock = Clock::new(real(300), 2);
        assert_eq!(clock.first_move_deadline(), None, "no clock runs");
        clock.after_change(1_000, None, Some(Seat(1)));
        assert_eq!(clock.first_move_deadline(), Some(31_000));
        assert_eq!(clock.deadline(), Some(301_000));
    }

    #[test]
    fn fischer_time_runs_for_the_person_to_move_and_adds_the_increment() {
        let mut clock = Clock::new(
            ClockSpec::RealTime {
                initial: 60,
                increment: 2,
            },
            2,
        );
        assert_eq!(clock.deadline(), None, "stopped until a person is to move");
        clock.after_change(1_000, None, Some(Seat(0)));
        assert_eq!(clock.deadline(), Some(61_000));
        assert_eq!(clock.shown(11_000).remaining_ms, [50_000, 60_000]);
        // South moves after 10 s: 50 s + 2 s; North's clock runs.
        clock.after_change(11_000, Some(Seat(0)), Some(Seat(1)));
        assert_eq!(clock.shown(11_000).remaining_ms, [52_000, 60_000]);
        assert_eq!(clock.deadline(), Some(71_000));
        // A bot or chance to act: no clock runs (North's time is kept).
        clock.after_change(15_000, Some(Seat(1)), None);
        assert_eq!(clock.shown(99_000).remaining_ms, [52_000, 58_000]);
        assert_eq!(clock.flag(99_000), None);
        clock.after_change(20_000, None, Some(Seat(0)));
        assert_eq!(clock.flag(71_999), None);
        assert_eq!(clock.flag(72_000), Some(Seat(0)));
        assert_eq!(clock.shown(80_000).remaining_ms, [0, 58_000]);
        assert_eq!(clock.shown(80_000).flagged, Some(0));
        assert_eq!(clock.deadline(), None);
    }

    #[test]
    fn a_clock_is_stored_with_its_seats_as_numbers() {
        let mut clock = Clock::new(ClockSpec::Correspondence { days: 1 }, 2);
        clock.after_change(0, None, Some(Seat(1)));
        let stored = serde_json::to_value(&clock).unwrap();
        assert_eq!(stored["running"], 1);
        assert!(stored.get("flagged").is_none());
        clock.flag(DAY_MS);
        let stored = serde_json::to_value(&clock).unwrap();
        assert_eq!(
            (&stored["running"], &stored["flagged"]),
            (&serde_json::Value::Null, &1.into())
        );
        assert_eq!(serde_json::from_value::<Clock>(stored).unwrap(), clock);
    }

    #[test]
    fn a_correspondence_clock_gives_each_move_its_days() {
        let mut clock = Clock::new(ClockSpec::Correspondence { days: 3 }, 2);
        clock.after_change(0, None, Some(Seat(0)));
        assert_eq!(clock.deadline(), Some(3 * DAY_MS));
        clock.after_change(DAY_MS, Some(Seat(0)), Some(Seat(1)));
        assert_eq!(clock.deadline(), Some(4 * DAY_MS));
        // Back to South: a fresh three days, whatever was left before.
        clock.after_change(2 * DAY_MS, Some(Seat(1)), Some(Seat(0)));
        assert_eq!(clock.deadline(), Some(5 * DAY_MS));
        assert_eq!(clock.flag(5 * DAY_MS), Some(Seat(0)));
    }
}
