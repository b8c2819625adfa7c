//! Draw offers in games of two people (docs/api.md, "Draws"), lichess' drawer: once both
//! have played, a seat offers a draw; the other accepts it (by offering too), declines it,
//! or lets it lapse by making a decision. Each offer declined makes the same seat make
//! twice as many decisions of its own before its next (2, 4, 8…), so that offers cannot be
//! spammed. Offers are stored with the seats before they are answered, so that every
//! instance sees them; an offer accepted ends the game by agreement — a draw, rated as one
//! — through the one end of every game ([`Room::write_end`]).

use trio_catalog::Live;
use trio_core::Seat;

use super::act::Failure;
use super::table::Table;
use super::Room;
use crate::error::Refusal;
use crate::store::DrawRow;

impl Table {
    /// The other seat, whose offer of a draw stands for `seat` to accept or decline.
    pub(super) fn draw_offered_to(&self, live: &dyn Live, seat: Seat) -> Option<Seat> {
        let other = self.draw_partner(seat)?;
        self.draws.stands(live, other).then_some(other)
    }

    /// Whether `seat` may offer a draw now: a game of two people that goes on, once both
    /// have played (before, it may be aborted), and no offer of `seat`'s declined lately.
    pub(super) fn check_draw(&self, live: &dyn Live, seat: Seat) -> Result<(), Refusal> {
        if self.draw_partner(seat).is_none() || self.check_abort(live).is_ok() {
            return Err(Refusal::NoDraw);
        }
        if live.turn() == trio_core::Turn::Over || self.aborted() {
            return Err(Refusal::Play(trio_core::PlayError::GameOver));
        }
        match self.draws.wait(live, seat) {
            0 => Ok(()),
            moves => Err(Refusal::DrawWait { moves }),
        }
    }

    /// Whether `seat`'s own offer stands.
    pub(super) fn draw_offered_by(&self, live: &dyn Live, seat: Seat) -> bool {
        self.draws.stands(live, seat)
    }

    /// The other seat of a game of two people, both seated.
    fn draw_partner(&self, seat: Seat) -> Option<Seat> {
        let people = self.people();
        (people.len() == 2 && self.agents().len() == 2 && people.contains(&seat) && !self.waiting())
            .then(|| Seat(1 - seat.0))
    }
}

impl Room {
    /// `seat` offers a draw (no offer of the other stands: that would be accepted): stored,
    /// then the seats are told. The same offer twice is answered as the first.
    pub(super) async fn offer_draw(&mut self, seat: Seat) -> Result<(u64, bool), Failure> {
        if self.table.draw_offered_by(self.live.as_ref(), seat) {
            return Ok((self.committed, false));
        }
        self.table
            .check_draw(self.live.as_ref(), seat)
            .map_err(Failure::Refused)?;
        let was = self.table.draws.row(seat);
        let now = DrawRow {
            offer: Some(self.committed),
            ..was
        };
        self.store_draw(seat, was, now).await?;
        Ok((self.committed, true))
    }

    /// `seat` declines the other's offer: it lapses, and the other's next waits longer.
    pub(super) async fn decline_draw(&mut self, seat: Seat) -> Result<(u64, bool), Failure> {
        let Some(offerer) = self.table.draw_offered_to(self.live.as_ref(), seat) else {
            return Err(Failure::Refused(Refusal::NoDrawOffer));
        };
        let was = self.table.draws.row(offerer);
        let now = DrawRow {
            offer: None,
            declined: Some(self.committed),
            declines: was.declines.saturating_add(1),
        };
        self.store_draw(offerer, was, now).await?;
        Ok((self.committed, true))
    }

    /// Stores `seat`'s offers changed from `was` to `now` and tells the seats; if another
    /// instance changed them first, the game is read again and the caller asked to retry.
    async fn store_draw(&mut self, seat: Seat, was: DrawRow, now: DrawRow) -> Result<(), Failure> {
        let stored = self.shared.store.set_draw(&self.id, seat, was, now).await;
        if !stored.map_err(|e| Failure::Failed(e.into()))? {
            self.reload(self.committed).await.map_err(Failure::Failed)?;
            return Err(Failure::Refused(Refusal::Unavailable));
        }
        self.table.draws.set(seat, now);
        self.refresh();
        self.tell_seats();
        Ok(())
    }
}
