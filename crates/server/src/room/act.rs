//! Requests to act — a move, a resignation, an abort, an undo — checked in a fixed order, committed,
//! answered, then broadcast. On a shared store a refusal or a lost race may come from not
//! knowing what other instances did: the room catches up and checks again, so a resend is
//! acknowledged at its first `seq` and a stale `expect` refused.

use trio_core::PlayError;

use super::{Reply, Request, Room, RoomError, Who};
use crate::error::Refusal;

/// How many times a request is checked again after another instance changed the game.
const RETRIES: usize = 3;

/// Why an action was not acknowledged.
pub(super) enum Failure {
    Refused(Refusal),
    Failed(RoomError),
}

impl Room {
    pub(super) async fn act(
        &mut self,
        who: Who,
        cid: Option<String>,
        request: Request,
        reply: Reply,
    ) -> Result<(), RoomError> {
        let mut result = self.try_act(&who, cid.as_deref(), &request).await;
        for _ in 0..RETRIES {
            match &result {
                Err(Failure::Refused(_)) if self.catch_up().await? => {}
                Err(Failure::Failed(e)) if e.is_conflict() => {
                    self.reload(self.committed).await?;
                }
                _ => break,
            }
            result = self.try_act(&who, cid.as_deref(), &request).await;
        }
        let fresh = matches!(result, Ok((_, true)));
        let (answer, stop) = match result {
            Ok((seq, _)) => (Ok(seq), None),
            Err(Failure::Refused(e)) => (Err(e), None),
            Err(Failure::Failed(e)) if e.is_conflict() => {
                tracing::warn!(game = %self.id, "gave up after {RETRIES} lost races: {e}");
                // Not to keep the action this room meant to write.
                self.reload(self.committed).await?;
                (Err(Refusal::from(&e)), None)
            }
            Err(Failure::Failed(e)) => (Err(Refusal::from(&e)), Some(e)),
        };
        self.answer_action(reply, &who, cid, answer);
        if let Some(e) = stop {
            return Err(e);
        }
        if fresh {
            self.broadcast();
        }
        Ok(())
    }

    /// Checks and applies one request, committing it: the `seq` it has, and whether it is
    /// new (not a resend).
    async fn try_act(
        &mut self,
        who: &Who,
        cid: Option<&str>,
        request: &Request,
    ) -> Result<(u64, bool), Failure> {
        // The seat, quietly first: a resend of an applied action is acknowledged again,
        // whatever happened since (even the end of the game).
        let seat = match who {
            Who::Token(Some(token)) => self.table.seat_of(token),
            Who::Token(None) => None,
            Who::Conn(conn) => self.audience.seat_of(*conn),
        };
        if let Some(seq) = seat.zip(cid).and_then(|(s, c)| self.table.resent(s, c)) {
            return Ok((seq, false));
        }
        // Then in order: not over, the token, the version, the notation, the rules.
        if self.views.over() {
            return Err(Failure::Refused(Refusal::Play(PlayError::GameOver)));
        }
        // A game still waiting for players may be called off by whoever sits at it.
        if self.table.waiting() && !matches!(request, Request::Abort) {
            return Err(Failure::Refused(Refusal::Waiting));
        }
        let Some(seat) = seat else {
            return Err(Failure::Refused(match who {
                Who::Token(None) => Refusal::NoToken {
                    needed: "acting needs a seat token",
                },
                Who::Token(Some(_)) => Refusal::WrongToken,
                Who::Conn(_) => Refusal::Spectator,
            }));
        };
        let done: Result<(), Refusal> = match request {
            Request::Play { action, expect } => self
                .live
                .submit(seat, action, Some(*expect))
                .map(drop)
                .map_err(Refusal::from),
            // Before every seat of a rated game has played there is nothing to resign: it
            // is aborted, rated for no one, so that resigning at once farms no rating.
            Request::Abort | Request::Resign
                if self.table.check_abort(self.live.as_ref()).is_ok()
                    && (self.table.rated() || matches!(request, Request::Abort)) =>
            {
                self.live.abort(Some(seat)).map(drop).map_err(Refusal::from)
            }
            Request::Abort => self.table.check_abort(self.live.as_ref()),
            Request::Resign => self.live.resign(seat).map(drop).map_err(Refusal::from),
            // Offering while the other's offer stands accepts it.
            Request::Draw
                if self
                    .table
                    .draw_offered_to(self.live.as_ref(), seat)
                    .is_some() =>
            {
                self.live.agree_draw(seat).map(drop).map_err(Refusal::from)
            }
            Request::Draw => return self.offer_draw(seat).await,
            Request::DeclineDraw => return self.decline_draw(seat).await,
            Request::Undo { expect } => self
                .table
                .check_undo(self.live.as_ref(), seat, *expect)
                .and_then(|()| self.live.undo(seat).map(drop).map_err(Refusal::from)),
        };
        done.map_err(Failure::Refused)?;
        self.commit(cid.map(str::to_owned))
            .await
            .map_err(Failure::Failed)?;
        Ok((self.committed, true))
    }
}
