//! Every way a game ends — by its rules, a resignation, a flag, an absence, an expiry — is
//! written by one function, [`Room::write_end`]: the result (the last event, whose kind
//! says why, or the abort of a game that never began), then the ratings of a rated game.
//! The rules' end and a resignation reach it through the commit of their event; a flag
//! and an absence make the seat lose as if it resigned ([`Room::lose`]); an expiry aborts
//! a game still waiting for players, or else the seat to act loses by its absence.

use trio_core::Seat;

use super::{Room, RoomError};
use crate::error::Refusal;
use crate::protocol::AbsentChoice;
use crate::store::{Append, Rated};

/// What is written for a game's end.
pub(super) enum End {
    /// Its last event, which ended it.
    Event(Append),
    /// It expired waiting for players: over with no result, if no instance changed it
    /// since `idle_before` (seconds since the Unix epoch).
    Abort { idle_before: i64 },
}

/// Why a seat loses without resigning itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Loss {
    /// Its time ran out in a game of two.
    Flag,
    /// It was away too long: the others claimed the win, or the game expired.
    Absence,
}

impl Room {
    /// Writes the game's end, then updates the ratings: `false` when an abort finds that
    /// someone took a seat or acted first, here or elsewhere.
    pub(super) async fn write_end(&mut self, end: End) -> Result<bool, RoomError> {
        match end {
            End::Event(append) => self.shared.store.append(append).await?,
            End::Abort { idle_before } => {
                let summary = self.summary_json();
                let store = &self.shared.store;
                if !store.abort(&self.id, idle_before, &summary).await? {
                    return Ok(false);
                }
            }
        }
        self.rate().await;
        Ok(true)
    }

    /// A rated game's end updates its players' ratings, once (the store says whether it
    /// already did); a failure is logged, the game's end stands.
    async fn rate(&mut self) {
        let Some(ranks) = self.live.outcome().map(|o| o.ranks().to_vec()) else {
            return;
        };
        if !self.table.rated() {
            return;
        }
        let kind = self.summary.lock().expect("summary lock").game.clone();
        let kind = kind.split('(').next().unwrap_or_default().to_owned();
        let Some(seats) = self.table.rated_seats(&kind) else {
            tracing::error!(game = %self.id, "a rated game has a seat neither named nor an AI level");
            return;
        };
        let ranked: Vec<(Rated, u8)> = seats.into_iter().zip(ranks).collect();
        if let Err(e) = self.shared.store.rate(&self.id, &kind, &ranked).await {
            tracing::error!(game = %self.id, "cannot update the ratings: {e}");
        }
    }

    /// `seat` loses as if it resigned, its clock or its absence saying why as the event is
    /// stored (and, for an absence, as everyone is sent the end as a snapshot): `false`
    /// when another instance moved the game first, which is followed.
    pub(super) async fn lose(&mut self, seat: Seat, loss: Loss) -> Result<bool, RoomError> {
        if loss == Loss::Absence {
            self.table.abandon(seat);
        }
        self.live.resign(seat)?;
        match self.commit(None).await {
            Ok(()) => {
                self.broadcast();
                // The end as a snapshot too, which says why: the seat was absent.
                if loss == Loss::Absence {
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
            self.lose(seat, Loss::Flag).await?;
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
            self.lose(seat, Loss::Absence).await?;
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
        let Some(absent) = self.absent().filter(|a| a.seat != caller.0) else {
            return Ok(Err(Refusal::NotAbsent));
        };
        let done = match choice {
            AbsentChoice::Win => self.lose(Seat(absent.seat), Loss::Absence).await?,
            AbsentChoice::Ai => self.hand_to_ai(Seat(absent.seat)).await?,
        };
        Ok(if done {
            Ok(())
        } else {
            Err(Refusal::NotAbsent)
        })
    }
}
