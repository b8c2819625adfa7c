//! Seats and the final outcome of a game: a ranking in which seats may tie, and why the
//! game ended.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A seat at the table, numbered from 0 in turn order of the game's definition.
///
/// Seats are shown to people 1-based (`seat 1`), as the CLI's `--seat 2=ai:3` reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Seat {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// How a finished game ranks its seats: `rank(seat)` is 0 for the best place; seats that
/// tie share a rank. Two players: a win is ranks `[0, 1]`, a draw `[0, 0]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    ranks: Vec<u8>,
}

impl Outcome {
    /// A ranking from one rank per seat (0 best, ties share a rank).
    pub fn from_ranks(ranks: Vec<u8>) -> Self {
        assert!(!ranks.is_empty(), "an outcome ranks at least one seat");
        Self { ranks }
    }

    /// `winner` first, every other seat shares second place.
    pub fn win(winner: Seat, seats: usize) -> Self {
        Self::from_ranks((0..seats).map(|s| u8::from(s != winner.index())).collect())
    }

    /// Every seat shares first place.
    pub fn draw(seats: usize) -> Self {
        Self::from_ranks(vec![0; seats])
    }

    pub fn seats(&self) -> usize {
        self.ranks.len()
    }

    pub fn rank(&self, seat: Seat) -> u8 {
        self.ranks[seat.index()]
    }

    pub fn ranks(&self) -> &[u8] {
        &self.ranks
    }

    /// The same ranking with the seats of `last` after every other, in their own order
    /// among themselves (ranks counted again from 0, ties kept).
    pub fn with_last(&self, last: &[Seat]) -> Self {
        if last.is_empty() {
            return self.clone();
        }
        let key = |s: usize| (last.contains(&Seat(s as u8)), self.ranks[s]);
        let mut places: Vec<(bool, u8)> = (0..self.ranks.len()).map(key).collect();
        places.sort_unstable();
        places.dedup();
        Self::from_ranks(
            (0..self.ranks.len())
                .map(|s| places.partition_point(|&p| p < key(s)) as u8)
                .collect(),
        )
    }

    /// The single best seat, if no other seat shares its place.
    pub fn winner(&self) -> Option<Seat> {
        let best = *self.ranks.iter().min()?;
        let mut firsts = self.ranks.iter().enumerate().filter(|(_, &r)| r == best);
        let (first, _) = firsts.next()?;
        firsts.next().is_none().then_some(Seat(first as u8))
    }

    pub fn is_draw(&self) -> bool {
        self.ranks.iter().all(|&r| r == self.ranks[0])
    }

    /// The seat's score in `[0, 1]`: the share of the other seats it placed ahead of,
    /// counting a tie as half. A two-player win is 1, a draw 0.5, a loss 0; with more
    /// seats the scores of all seats sum to `(n - 1) * n / 2 / (n - 1) = n / 2`.
    pub fn score(&self, seat: Seat) -> f64 {
        let n = self.ranks.len();
        if n < 2 {
            return 1.0;
        }
        let mine = self.rank(seat);
        let beaten: f64 = self
            .ranks
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != seat.index())
            .map(|(_, &r)| match r.cmp(&mine) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            })
            .sum();
        beaten / (n - 1) as f64
    }
}

/// Why a game ended, as records, the server's API and the page name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EndReason {
    /// The game's own rules ended it.
    Rules,
    /// A seat gave up.
    Resign,
    /// A seat's clock ran out.
    Time,
    /// A seat was away too long, and another player claimed the win.
    Absence,
    /// The game sat idle past its limit, and the seat to act lost.
    Expiry,
    /// It was called off before it began: no result, rated for no one.
    Abort,
    /// The players agreed to end it as a draw: every seat shares first place.
    Agreement,
}

impl EndReason {
    /// The name records and the API use (`"time"`).
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Rules => "rules",
            EndReason::Resign => "resign",
            EndReason::Time => "time",
            EndReason::Absence => "absence",
            EndReason::Expiry => "expiry",
            EndReason::Abort => "abort",
            EndReason::Agreement => "agreement",
        }
    }
}

/// Why a seat loses a game its rules did not end: it is placed last, every other seat
/// shares first place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Forfeit {
    Resign,
    Time,
    Absence,
    Expiry,
}

impl From<Forfeit> for EndReason {
    fn from(forfeit: Forfeit) -> Self {
        match forfeit {
            Forfeit::Resign => EndReason::Resign,
            Forfeit::Time => EndReason::Time,
            Forfeit::Absence => EndReason::Absence,
            Forfeit::Expiry => EndReason::Expiry,
        }
    }
}

impl Forfeit {
    /// The forfeit a reason names, if it is one.
    pub fn of(reason: EndReason) -> Option<Self> {
        match reason {
            EndReason::Resign => Some(Forfeit::Resign),
            EndReason::Time => Some(Forfeit::Time),
            EndReason::Absence => Some(Forfeit::Absence),
            EndReason::Expiry => Some(Forfeit::Expiry),
            EndReason::Rules | EndReason::Abort | EndReason::Agreement => None,
        }
    }
}

/// How a game ended: why, and the seat the reason concerns (the one that resigned, ran
/// out of time, was absent or aborted, or accepted a draw), if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    pub reason: EndReason,
    pub seat: Option<Seat>,
}

impl Ending {
    /// The game's own rules ended it.
    pub const RULES: Self = Self {
        reason: EndReason::Rules,
        seat: None,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_scores() {
        let win = Outcome::win(Seat(1), 2);
        assert_eq!(win.winner(), Some(Seat(1)));
        assert_eq!(win.score(Seat(1)), 1.0);
        assert_eq!(win.score(Seat(0)), 0.0);
        let draw = Outcome::draw(2);
        assert!(draw.is_draw());
        assert_eq!(draw.winner(), None);
        assert_eq!(draw.score(Seat(0)), 0.5);
    }

    #[test]
    fn retired_seats_rank_after_every_other_whatever_happened() {
        // Seat 1 won, seats 0 and 3 tie, seat 2 last; seats 1 and 3 left the game.
        let played = Outcome::from_ranks(vec![1, 0, 2, 1]);
        assert_eq!(played.with_last(&[]), played);
        let left = played.with_last(&[Seat(1), Seat(3)]);
        assert_eq!(left.ranks(), [0, 2, 1, 3]);
        assert_eq!(left.winner(), Some(Seat(0)));
        // A forfeit's shared first place is not shared with a retired seat.
        let forfeit = Outcome::from_ranks(vec![0, 1, 0]);
        assert_eq!(forfeit.with_last(&[Seat(2)]).ranks(), [0, 1, 2]);
        // Everyone retired: the game's own order.
        assert_eq!(
            played
                .with_last(&[Seat(0), Seat(1), Seat(2), Seat(3)])
                .ranks(),
            [1, 0, 2, 1]
        );
    }

    #[test]
    fn four_player_ranking_with_shared_place() {
        // Seat 2 first, seat 0 second, seats 1 and 3 share the last place.
        let o = Outcome::from_ranks(vec![1, 2, 0, 2]);
        assert_eq!(o.winner(), Some(Seat(2)));
        assert!(!o.is_draw());
        assert_eq!(o.score(Seat(2)), 1.0);
        assert!((o.score(Seat(0)) - 2.0 / 3.0).abs() < 1e-12);
        assert!((o.score(Seat(1)) - 0.5 / 3.0).abs() < 1e-12);
        let total: f64 = (0..4).map(|s| o.score(Seat(s))).sum();
        assert!((total - 2.0).abs() < 1e-12);
    }

    #[test]
    fn every_forfeit_is_its_own_reason() {
        for forfeit in [
            Forfeit::Resign,
            Forfeit::Time,
            Forfeit::Absence,
            Forfeit::Expiry,
        ] {
            assert_eq!(Forfeit::of(forfeit.into()), Some(forfeit));
        }
        assert_eq!(Forfeit::of(EndReason::Rules), None);
        assert_eq!(Forfeit::of(EndReason::Abort), None);
        let json = serde_json::to_string(&EndReason::Time).unwrap();
        assert_eq!(json, format!("\"{}\"", EndReason::Time.as_str()));
    }

    #[test]
    fn seats_display_one_based() {
        assert_eq!(Seat(0).to_string(), "seat 1");
    }
}
