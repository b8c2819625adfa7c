//! Seating: a player takes a waiting seat (open, or by its invitation), a seated player
//! fills the open seats with the AI, a named player's other device gets its seats' tokens,
//! and a person's seat is handed to the AI (its time ran out in a game of more than two, or
//! the others chose so for its absence). Each change of a seat is stored with the game as it
//! stands, if nobody changed the seat first, before it is answered; then everyone is told.

use trio_core::Seat;

use super::{Room, RoomError, SeatAgent};
use crate::error::Refusal;
use crate::people::{playban, secrets};
use crate::protocol::SeatTicket;
use crate::store::{Casual, PlayerRow, SeatClaim};

/// Who plays on for a seat whose time ran out in a game of more than two, or whose
/// absence the others handed to the AI.
const TIMEOUT_AI: trio_catalog::AgentSpec = trio_catalog::AgentSpec::Ai(2);

impl Room {
    /// A player takes a waiting seat (see [`super::Command::Claim`]); committed before it is
    /// answered, then everyone is told. A refusal when the seat is taken, here or first by
    /// another instance.
    pub(super) async fn claim(
        &mut self,
        wanted: Option<Seat>,
        code: Option<&str>,
        player: Option<PlayerRow>,
    ) -> Result<Result<SeatTicket, Refusal>, RoomError> {
        self.follow().await;
        if self.views.over() {
            return Ok(Err(Refusal::Play(trio_core::PlayError::GameOver)));
        }
        let seat = match self.table.claimable(wanted, code) {
            Ok(seat) => seat,
            Err(refusal) => return Ok(Err(refusal)),
        };
        if self.table.rated() {
            let Some(player) = &player else {
                return Ok(Err(Refusal::RatedNeedsName));
            };
            if !self.table.seats_of_player(&player.id).is_empty() {
                return Ok(Err(Refusal::SeatedAlready));
            }
            let now = self.shared.time.now_millis() / 1000;
            if let Err(wait) = playban::check(self.shared.store.as_ref(), &player.id, now).await? {
                return Ok(Err(wait));
            }
            if self.pair_limit_reached(&player.id).await? {
                self.play_casual(Casual::PairLimit);
            }
            if self.table.rated() {
                let player = player.id.clone();
                self.rate_seat(seat, &player).await?;
            }
        }
        let token = secrets::new_token();
        let hash = secrets::hash_token(&token);
        let player_id = player.as_ref().map(|p| p.id.clone());
        let was = self.table.take(seat, hash, player);
        // The last seat taken, the game begins: the first person's clock starts.
        self.start_clock();
        let token_hash = Some(secrets::token_hash_hex(&hash));
        if !self
            .store_seat(seat, was.agent(), SeatAgent::Person, token_hash, player_id)
            .await?
        {
            self.tell_seats();
            return Ok(Err(Refusal::NoOpenSeat));
        }
        self.tell_seats();
        Ok(Ok(self.ticket(seat, token)))
    }

    /// The tokens of the seats named player `player` sits in, for its device holding `key`
    /// (see [`super::Command::SeatTokens`]): each derived from the key, stored the first time it
    /// is asked for, as another token of the seat (the seat's other tokens stay).
    pub(super) async fn seat_tokens(
        &mut self,
        player: &str,
        key: &str,
    ) -> Result<Result<Vec<SeatTicket>, Refusal>, RoomError> {
        self.follow().await;
        let seats = self.table.seats_of_player(player);
        if seats.is_empty() {
            return Ok(Err(Refusal::NotSeated));
        }
        let mut tickets = Vec::new();
        for seat in seats {
            let token = secrets::player_seat_token(key, &self.id, seat);
            if self.table.seat_of(&token) != Some(seat) {
                let hash = secrets::hash_token(&token);
                self.shared
                    .store
                    .add_seat_token(&self.id, seat, &secrets::token_hash_hex(&hash))
                    .await?;
                self.table.add_token(seat, hash);
            }
            tickets.push(self.ticket(seat, token));
        }
        Ok(Ok(tickets))
    }

    /// A seated player gives the open seats to the AI at `level` (see [`super::Command::Fill`]).
    pub(super) async fn fill(
        &mut self,
        token: Option<&str>,
        level: u8,
    ) -> Result<Result<(), Refusal>, RoomError> {
        self.follow().await;
        let needed = "filling seats is for a player of the game";
        if let Err(refusal) = self.table.seat_for(token, |_| true, needed) {
            return Ok(Err(refusal));
        }
        if self.views.over() {
            return Ok(Err(Refusal::Play(trio_core::PlayError::GameOver)));
        }
        let agent = trio_catalog::AgentSpec::Ai(level);
        let filled = self.table.fill(&agent);
        if filled.is_empty() {
            return Ok(Err(Refusal::NoOpenSeat));
        }
        for &seat in &filled {
            self.live.set_agent(seat, &agent)?;
        }
        self.start_clock();
        for &seat in &filled {
            if !self
                .store_seat(seat, SeatAgent::Open, agent.clone().into(), None, None)
                .await?
            {
                self.tell_seats();
                return Ok(Err(Refusal::NoOpenSeat));
            }
        }
        self.tell_seats();
        Ok(Ok(()))
    }

    /// Whether player `id` already began as many rated games as one may within a day
    /// with a person seated here (`people::pairs`).
    async fn pair_limit_reached(&mut self, id: &str) -> Result<bool, RoomError> {
        let others: Vec<String> = (0..self.table.agents().len() as u8)
            .filter_map(|s| self.table.player_id(Seat(s)))
            .collect();
        let others: Vec<&str> = others.iter().map(String::as_str).collect();
        let now = self.shared.time.now_millis();
        let limit = self.shared.pair_limit;
        Ok(limit
            .reached(self.shared.store.as_ref(), id, &others, now)
            .await?)
    }

    /// The game, asked for as rated, is played casual for `why`: its end rates no one, and
    /// its lobby line and snapshots say why before it begins.
    fn play_casual(&mut self, why: Casual) {
        self.table.play_casual();
        let mut summary = self.summary.lock().expect("summary lock");
        summary.rated = false;
        summary.casual = Some(why);
    }

    /// Stores `seat`'s new `agent` (its token's hash, its named player) with the game as it
    /// stands, if the seat is still `was`: `false`, the room reloaded from the store, when
    /// someone changed it first, here or on another instance.
    async fn store_seat(
        &mut self,
        seat: Seat,
        was: SeatAgent,
        agent: SeatAgent,
        token_hash: Option<String>,
        player: Option<String>,
    ) -> Result<bool, RoomError> {
        let casual = self.summary.lock().expect("summary lock").casual;
        // A person sitting down (not the AI) starts the day a pair's games are counted in.
        let seated_at = (agent == SeatAgent::Person).then(|| self.shared.time.now_millis() / 1000);
        let change = SeatClaim {
            game_id: self.id.clone(),
            seat,
            was: was.to_string(),
            agent: agent.to_string(),
            token_hash,
            player,
            automatic: self.automatic(),
            summary: self.summary_json(),
            clock: self.clock_json(),
            deadline: self.deadline(),
            rated: self.table.rated(),
            casual,
            seated_at,
        };
        if self.shared.store.claim_seat(&change).await? {
            self.away.changed(self.shared.time.now_millis());
            return Ok(true);
        }
        self.reload(self.committed).await?;
        Ok(false)
    }

    /// The AI (level 2) plays a person's `seat` from now on; its token still shows the
    /// seat. `false` when the seat was changed first elsewhere: the room has reloaded
    /// what the store holds, and everyone is told either way.
    pub(super) async fn hand_to_ai(&mut self, seat: Seat) -> Result<bool, RoomError> {
        let (was, token) = self.table.hand_to_ai(seat, TIMEOUT_AI);
        self.live.set_agent(seat, &TIMEOUT_AI)?;
        // With more than two it left the game: ranked last, whoever plays it on.
        if self.table.retired().contains(&seat) {
            self.live.retire(seat)?;
        }
        self.tick(None);
        self.refresh();
        let player = self.table.player_id(seat);
        let stored = self
            .store_seat(seat, was, TIMEOUT_AI.into(), token, player)
            .await?;
        self.tell_seats();
        Ok(stored)
    }

    /// `seat`'s ticket: its name, its token and the link that holds it.
    fn ticket(&self, seat: Seat, token: String) -> SeatTicket {
        SeatTicket {
            seat: seat.0,
            name: self.live.seat_name(seat),
            link: format!("/games/{}#token={token}", self.id),
            token,
        }
    }
}
