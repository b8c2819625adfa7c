//! The rematch: each person of a finished game asks for (or accepts) one, its agreement
//! stored before it is answered; the last to agree makes the rematch — everyone one seat
//! on, the same game, files and clock — through the registry of rooms, which stores it and
//! starts its room, and everyone is told its id.

use std::collections::BTreeMap;
use std::sync::Arc;

use futures_util::future::BoxFuture;

use trio_core::Seat;

use super::{Room, RoomError};
use crate::error::{ApiError, Refusal};
use crate::people::secrets::{self, TokenHash};
use crate::protocol::{ClockSpec, RematchShown, RematchTicket};
use crate::store::{GameRow, SeatRow};

/// The rematch's agreements, as the table keeps them.
#[derive(Debug)]
pub(super) struct Agreements {
    /// Per seat, once its person agreed, the hash of its token in the rematch.
    tokens: Vec<Option<TokenHash>>,
    /// The rematch's id, once it is made.
    made: Option<String>,
}

impl Agreements {
    pub(super) fn from_row(row: &GameRow) -> Self {
        Self {
            tokens: (row.seats.iter())
                .map(|s| s.rematch.as_deref().and_then(secrets::token_hash_from_hex))
                .collect(),
            made: row.rematch.clone(),
        }
    }

    /// `seat` agreed to a rematch in which it holds the token hashing to `hash`.
    pub(super) fn agree(&mut self, seat: Seat, hash: TokenHash) {
        self.tokens[seat.index()] = Some(hash);
    }

    pub(super) fn made(&mut self, id: String) {
        self.made = Some(id);
    }

    /// `seat`'s token in the rematch, once it agreed.
    pub(super) fn token(&self, seat: Seat) -> Option<&TokenHash> {
        self.tokens[seat.index()].as_ref()
    }

    /// The rematch as everyone may see it: who agreed, and its id once made.
    pub(super) fn shown(&self) -> RematchShown {
        RematchShown {
            agreed: self.tokens.iter().map(Option::is_some).collect(),
            game: self.made.clone(),
        }
    }
}

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
        self.table.rematch.agree(seat, hash);
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
            self.table.rematch.made(id);
            self.tell_seats();
        }
        let game = self.table.rematch.shown().game;
        Ok(Ok(RematchTicket { token, game }))
    }
}
