//! Absent players and abandoned games (`docs/api.md`, "Absent players"): how long the seat
//! to act has been away, and how long nobody has done anything at all. Synchronous, and
//! tested here with times given by hand.
//!
//! A seat is away while no client holding its token is connected. Its absence counts from
//! when its last connection closed if it was at the table after the game's last change
//! (the game is played live: a short wait), else from that change (it plays by
//! correspondence, coming back now and then: a long wait).

use std::time::Duration;

use trio_core::Seat;

/// How long the seat to act may be away before the others may choose for it, and how long
/// a game nobody acts in and nobody watches lasts (`trio serve --absent-after`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Absence {
    /// Away from a game played live (it left after the game's last change).
    pub live: Duration,
    /// Away from a game played by correspondence (not back since the last change).
    pub correspondence: Duration,
    /// Nobody acting and nobody connected: the game ends.
    pub expire: Duration,
}

impl Default for Absence {
    fn default() -> Self {
        Self {
            live: Duration::from_secs(10 * 60),
            correspondence: Duration::from_secs(7 * 86_400),
            expire: Duration::from_secs(30 * 86_400),
        }
    }
}

impl Absence {
    /// Games unchanged since before this second (since the Unix epoch), `now` in
    /// milliseconds, have been idle long enough to expire, if nobody is connected to them
    /// either.
    pub(crate) fn idle_before(&self, now: i64) -> i64 {
        (now - millis(self.expire)) / 1000
    }
}

/// What a room knows of who has been away since when, in milliseconds since the epoch.
#[derive(Clone, Debug)]
pub(super) struct Away {
    /// When the game last changed: a move, a seat taken (as stored, after a restart).
    changed_ms: i64,
    /// Per seat, when its last connection closed, since the room was loaded.
    left_ms: Vec<Option<i64>>,
    /// The absence everyone was last sent a snapshot for (its seat and start), so that it
    /// is told once.
    told: Option<(Seat, i64)>,
}

impl Away {
    pub(super) fn new(seats: usize, changed_ms: i64) -> Self {
        Self {
            changed_ms,
            left_ms: vec![None; seats],
            told: None,
        }
    }

    /// The game changed at `now`.
    pub(super) fn changed(&mut self, now: i64) {
        self.changed_ms = self.changed_ms.max(now);
    }

    /// `seat`'s last connection closed at `now`.
    pub(super) fn left(&mut self, seat: usize, now: i64) {
        self.left_ms[seat] = Some(now);
    }

    /// Since when `seat` (not connected now) has been away, and from when it counts as
    /// absent.
    pub(super) fn absent_from(&self, seat: Seat, rules: &Absence) -> (i64, i64) {
        match self.left_ms[seat.index()] {
            Some(left) if left >= self.changed_ms => (left, left + millis(rules.live)),
            _ => (
                self.changed_ms,
                self.changed_ms + millis(rules.correspondence),
            ),
        }
    }

    /// When the game expires if nobody acts or connects before: `expire` after its last
    /// change or the last connection's close, whichever is later.
    pub(super) fn expires_at(&self, rules: &Absence) -> i64 {
        let last = self.left_ms.iter().flatten().copied().max();
        last.map_or(self.changed_ms, |l| l.max(self.changed_ms)) + millis(rules.expire)
    }

    /// Whether everyone was told of the absence of `seat` since `since`.
    pub(super) fn told(&self, seat: Seat, since: i64) -> bool {
        self.told == Some((seat, since))
    }

    /// Marks the absence of `seat` since `since` told: `false` if it already was.
    pub(super) fn tell(&mut self, seat: Seat, since: i64) -> bool {
        let new = self.told != Some((seat, since));
        self.told = Some((seat, since));
        new
    }
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: Absence = Absence {
        live: Duration::from_secs(600),
        correspondence: Duration::from_secs(7 * 86_400),
        expire: Duration::from_secs(30 * 86_400),
    };
    const DAY: i64 = 86_400_000;

    #[test]
    fn a_seat_that_left_the_table_is_absent_soon_one_never_back_after_days() {
        let mut away = Away::new(2, 1_000);
        // Never connected since the last move: correspondence.
        assert_eq!(away.absent_from(Seat(1), &RULES), (1_000, 1_000 + 7 * DAY));
        // It was at the table and left after the last move: live.
        away.left(1, 5_000);
        assert_eq!(away.absent_from(Seat(1), &RULES), (5_000, 605_000));
        // A move since: its leaving before it no longer counts.
        away.changed(9_000);
        assert_eq!(away.absent_from(Seat(1), &RULES), (9_000, 9_000 + 7 * DAY));
        // A change stored earlier than the one known never moves it back.
        away.changed(2_000);
        assert_eq!(away.absent_from(Seat(1), &RULES).0, 9_000);
    }

    #[test]
    fn a_game_expires_after_its_last_change_or_visit() {
        let mut away = Away::new(2, 0);
        assert_eq!(away.expires_at(&RULES), 30 * DAY);
        away.left(0, DAY);
        assert_eq!(away.expires_at(&RULES), 31 * DAY);
    }

    #[test]
    fn an_absence_is_told_once() {
        let mut away = Away::new(2, 0);
        assert!(!away.told(Seat(1), 0));
        assert!(away.tell(Seat(1), 0));
        assert!(away.told(Seat(1), 0));
        assert!(!away.tell(Seat(1), 0));
        assert!(away.tell(Seat(1), 5));
    }
}
