//! The seats' ratings as shown (`docs/api.md`, "Ratings"), in a rated game only: each named
//! player's as the game was loaded or the seat taken, each AI level's fixed one; once the
//! game is rated, each seat's rating before it with how much it moved. The ratings
//! themselves change only in the store, in the end's transaction (`ending`).

use trio_catalog::AgentSpec;
use trio_core::Seat;

use super::table::Table;
use super::{Room, RoomError};
use crate::people::ratings::{Model, SeatRating};

#[derive(Debug)]
pub(super) struct SeatRatings {
    /// The kind of game (`gyges`, `triles`, `orbit`), whose ratings these are.
    kind: String,
    /// Per seat, its named player's rating as the store gave it; empty for a casual game.
    players: Vec<Option<SeatRating>>,
    /// Whether the game was just rated, and its clients not yet sent the changes.
    news: bool,
}

impl SeatRatings {
    /// The ratings of a game of `kind` as loaded: `players`, one per seat (none for a
    /// casual game).
    pub(super) fn new(kind: &str, players: Vec<Option<SeatRating>>) -> Self {
        Self {
            kind: kind.to_owned(),
            players,
            news: false,
        }
    }

    /// `seat`'s rating: its player's, or its AI level's fixed one.
    pub(super) fn of(&self, table: &Table, seat: usize) -> Option<SeatRating> {
        let player = self.players.get(seat).copied().flatten();
        let anchor = || match &table.agents()[seat] {
            AgentSpec::Ai(level) if table.rated() => {
                let model = Model::of(&self.kind);
                model.anchor(&self.kind, *level).map(|r| model.seat(&r))
            }
            _ => None,
        };
        player.or_else(anchor)
    }

    /// The game is rated: each seat's rating before it, with its change.
    pub(super) fn rated(&mut self, shown: Vec<SeatRating>) {
        if !shown.is_empty() {
            self.players = shown.into_iter().map(Some).collect();
            self.news = true;
        }
    }

    /// Whether the game was just rated, asked once.
    pub(super) fn take_news(&mut self) -> bool {
        std::mem::take(&mut self.news)
    }
}

impl Room {
    /// The rating of named player `player`, about to take `seat` of this rated game, is
    /// read for its seat.
    pub(super) async fn rate_seat(&mut self, seat: Seat, player: &str) -> Result<(), RoomError> {
        let rating = self
            .shared
            .store
            .seat_rating(player, &self.ratings.kind)
            .await?;
        let players = &mut self.ratings.players;
        players.resize(self.live.seat_count().max(players.len()), None);
        players[seat.index()] = Some(rating);
        Ok(())
    }
}
