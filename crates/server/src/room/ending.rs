//! Every way a game ends — by its rules, a resignation, a flag, an absence, an expiry — is
//! written by one function, [`Room::write_end`]: the last event (whose kind says why) and
//! the ratings of a rated game in one transaction, or the abort of a game that never
//! began. The rules' end and a resignation reach it through the commit of their event; a
//! flag, an absence and an expiry make the seat forfeit ([`Room::lose`]); an expiry aborts
//! a game still waiting for players, or else the seat to act loses for it.

use trio_core::{Forfeit, Seat};

use super::{Room, RoomError};
use crate::crash::crash_point;
use crate::error::Refusal;
use crate::protocol::AbsentChoice;
use crate::store::{Append, RatedEnd};

/// What is written for a game's end.
pub(super) enum End {
    /// Its last event, which ended it.
    Event(Append),
    /// It expired waiting for players: over with no result, if no instance changed it
    /// since `idle_before` (seconds since the Unix epoch).
    Abort { idle_before: i64 },
}

impl Room {
    /// Writes the game's end with the ratings of a rated game, both or neither: `false`
    /// when an abort finds that someone took a seat or acted first, here or elsewhere.
    pub(super) async fn write_end(&mut self, end: End) -> Result<bool, RoomError> {
        match end {
            End::Event(append) => {
                let rating = self.rated_end();
                crash_point!("end-before");
                let shown = self.shared.store.finish(append, rating).await?;
                crash_point!("end-committed");
                self.ratings.rated(shown);
                self.refresh();
            }
            End::Abort { idle_before } => {
                let summary = self.summary_json();
                let store = &self.shared.store;
                if !store.abort(&self.id, idle_before, &summary).await? {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// What a rated game's end does to its players' ratings; `None` for a casual game or
    /// one called off.
    fn rated_end(&self) -> Option<RatedEnd> {
        let ranks = self.live.outcome()?.ranks().to_vec();
        if !self.table.rated() {
            return None;
        }
        let kind = self.summary.lock().expect("summary lock").game.clone();
        let kind = kind.split('(').next().unwrap_or_default().to_owned();
        let Some(seats) = self.table.rated_seats(&kind) else {
            tracing::error!(game = %self.id, "a rated game has a seat neither named nor an AI level");
            return None;
        };
        let ranked = seats.into_iter().zip(ranks).collect();
        Some(RatedEnd { kind, ranked })
    }

    /// A rated game loaded over but without its ratings — it ended before they were
    /// written in the end's transaction, and the server stopped in between — gets them
    /// now, once: the store updates a game's ratings only if it has not.
    pub(super) async fn repair_ratings(&mut self) {
        if !self.table.take_ratings_owed() {
            return;
        }
        let Some(RatedEnd { kind, ranked }) = self.rated_end() else {
            return;
        };
        match self.shared.store.rate(&self.id, &kind, &ranked).await {
            Ok(Some(shown)) => {
                tracing::info!(game = %self.id, "ratings owed since the game ended, now updated");
                self.ratings.rated(shown);
                self.refresh();
                // The lobby line shows the changes too.
                let summary = self.summary_json();
                if let Err(e) = self.shared.store.describe(&self.id, false, &summary).await {
                    tracing::error!(game = %self.id, "cannot store the rated lobby line: {e}");
                }
            }
            Ok(None) => {}
            Err(e) => tracing::error!(game = %self.id, "cannot update the ratings owed: {e}"),
        }
    }

    /// `seat` forfeits (its clock ran out, it was away): the event stored says why (and,
    /// for an absence, everyone is sent the end as a snapshot): `false` when another
    /// instance moved the game first, which is followed.
    pub(super) async fn lose(&mut self, seat: Seat, why: Forfeit) -> Result<bool, RoomError> {
        let away = matches!(why, Forfeit::Absence | Forfeit::Expiry);
        if away {
            self.table.abandon(seat);
        }
        self.live.forfeit(seat, why)?;
        // The end as a snapshot too, which says why: the seat was absent.
        self.commit_end(away).await
    }

    /// The game is called off for `seat`, which never made its first decision in time:
    /// `false` when another instance moved the game first, which is followed.
    pub(super) async fn abort_for(&mut self, seat: Seat) -> Result<bool, RoomError> {
        self.live.abort(Some(seat))?;
        self.commit_end(true).await
    }

    /// Commits the end the room made of its own and tells everyone (with a snapshot if
    /// `snapshot`): `false` when another instance moved the game first, which is followed.
    async fn commit_end(&mut self, snapshot: bool) -> Result<bool, RoomError> {
        match self.commit(None).await {
            Ok(()) => {
                self.broadcast();
                if snapshot {
                    self.tell_seats();
                }
                Ok(true)
            }
            Err(e) if e.is_conflict() => {
                self.reload(self.committed).await?;
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// `seat`'s flag fell: in a game of two, it loses on time; with more, the AI plays the
    /// seat on (level 2), and it is ranked where it finishes.
    pub(super) async fn time_out(&mut self, seat: Seat) -> Result<(), RoomError> {
        if self.live.seat_count() == 2 {
            self.lose(seat, Forfeit::Time).await?;
        } else {
            self.hand_to_ai(seat).await?;
        }
        Ok(())
    }

    /// An idle game ends: still waiting for players, with no result; else the seat to act,
    /// away all this time, loses by its absence.
    pub(super) async fn expire(&mut self) -> Result<(), RoomError> {
        if self.table.waiting() {
            self.table.abort();
            self.refresh();
            let idle_before = self
                .shared
                .absence
                .idle_before(self.shared.time.now_millis());
            if self.write_end(End::Abort { idle_before }).await? {
                self.tell_seats();
            } else {
                // Someone took a seat or acted first, here or elsewhere.
                self.reload(self.committed).await?;
            }
            return Ok(());
        }
        if let Some(seat) = self.clock_runner() {
            self.lose(seat, Forfeit::Expiry).await?;
        }
        Ok(())
    }

    /// A seated person chooses for the absent seat (see
    /// [`super::Command::Absent`]): the win, or the AI to play it on.
    pub(super) async fn choose_for_absent(
        &mut self,
        token: Option<&str>,
        choice: AbsentChoice,
    ) -> Result<Result<(), Refusal>, RoomError> {
        self.follow().await;
        let needed = "choosing for an absent seat is for a player of the game";
        let caller = match self
            .table
            .seat_for(token, |s| self.table.is_person(s), needed)
        {
            Ok(seat) => seat,
            Err(refusal) => return Ok(Err(refusal)),
        };
        if self.views.over() {
            return Ok(Err(Refusal::Play(trio_core::PlayError::GameOver)));
        }
        // With more than two, a claimed win would be shared by every other seat, an AI's
        // too: the others play on, the AI in the absent seat (Board Game Arena's rule).
        if choice == AbsentChoice::Win && self.live.seat_count() > 2 {
            return Ok(Err(Refusal::ClaimTwoOnly));
        }
        let Some(absent) = self.absent().filter(|a| a.seat != caller.0) else {
            return Ok(Err(Refusal::NotAbsent));
        };
        let done = match choice {
            AbsentChoice::Win => self.lose(Seat(absent.seat), Forfeit::Absence).await?,
            AbsentChoice::Ai => self.hand_to_ai(Seat(absent.seat)).await?,
        };
        Ok(if done {
            Ok(())
        } else {
            Err(Refusal::NotAbsent)
        })
    }
}
