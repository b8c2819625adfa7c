//! The rematch: each person of a finished game asks for (or accepts) one, its agreement
//! stored before it is answered; the last to agree makes the rematch — everyone one seat
//! on, the same game, files and clock — through the registry of rooms, which stores it and
//! starts its room, and everyone is told its id.

use std::collections::BTreeMap;
use std::sync::Arc;

use futures_util::future::BoxFuture;

use super::{Room, RoomError};
use crate::error::{ApiError, Refusal};
use crate::people::secrets;
use crate::protocol::{ClockSpec, RematchTicket};
use crate::store::SeatRow;

/// A rematch every person agreed to, to make.
#[derive(Debug)]
pub(crate) struct RematchPlan {
    pub(crate) id: String,
    pub(crate) spec: String,
    pub(crate) definitions: BTreeMap<String, String>,
    pub(crate) seats: Vec<SeatRow>,
    pub(crate) clock: Option<ClockSpec>,
    pub(crate) rated: bool,
}

/// Makes a rematch: stores the game and starts its room (the registry does,
/// `AppState::create_rematch`).
pub(crate) type MakeRematch =
    Arc<dyn Fn(RematchPlan) -> BoxFuture<'static, Result<(), ApiError>> + Send + Sync>;

impl Room {
    /// A person of the finished game asks for or accepts a rematch (see
    /// [`super::Command::Rematch`]); its agreement is stored before it is answered, and
    /// when every person agreed, the rematch is made.
    pub(super) async fn rematch(
        &mut self,
        token: Option<&str>,
    ) -> Result<Result<RematchTicket, Refusal>, RoomError> {
        self.follow().await;
        let needed = "a rematch is for a player of the game";
        let seat = match self
            .table
            .seat_for(token, |s| self.table.is_person(s), needed)
        {
            Ok(seat) => seat,
            Err(refusal) => return Ok(Err(refusal)),
        };
        if !self.views.over() {
            return Ok(Err(Refusal::NoRematchYet));
        }
        let token = secrets::rematch_token(token.expect("a seat's token"));
        let hash = secrets::hash_token(&token);
        let id = secrets::new_game_id();
        let last = self
            .shared
            .store
            .agree_rematch(
                &self.id,
                seat,
                &secrets::token_hash_hex(&hash),
                &self.table.people(),
                &id,
            )
            .await?;
        self.table.agree_rematch(seat, hash);
        self.tell_seats();
        if last {
            let plan = RematchPlan {
                id: id.clone(),
                spec: self.summary.lock().expect("summary lock").game.clone(),
                definitions: self.table.definitions().clone(),
                seats: self.table.rotated(),
                clock: self.clock.as_ref().map(|c| c.spec),
                rated: self.table.rated(),
            };
            if let Err(e) = (self.shared.make_rematch)(plan).await {
                tracing::error!(game = %self.id, "cannot make the rematch: {}", e.message);
                return Ok(Err(Refusal::Unavailable));
            }
            self.table.rematch_made(id);
            self.tell_seats();
        }
        let game = self.table.rematch_shown().game;
        Ok(Ok(RematchTicket { token, game }))
    }
}
