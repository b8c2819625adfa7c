//! The table: who sits where — tokens, agents, claims, named players, client ids, the
//! rematch's agreements — and the record with its seed's commitment; what each seat is
//! offered is in `offers`. Synchronous, and tested (`table/tests.rs`) without sockets or
//! storage.

use std::collections::HashMap;

use trio_catalog::{AgentSpec, Live};
use trio_core::{Record, Seat};

use super::agent::SeatAgent;
use super::commitment::Commitment;
use super::draws::Draws;
use super::error::StoredFault;
use super::rematch::Agreements;
use super::viewer::Viewer;
use crate::error::Refusal;
use crate::people::secrets::{self, TokenHash};
use crate::store::{GameRow, PlayerRow, Rated, SeatRow};

/// Whether a person's seat has its player: the game starts when every seat does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Claim {
    Taken,
    /// Anyone may take it, from the lobby.
    Open,
    /// Whoever holds the invitation whose code hashes to this takes it.
    Invited(TokenHash),
}

impl Claim {
    /// The stored agent of a seat not taken yet, or of a person's once taken.
    pub(super) fn agent(self) -> SeatAgent {
        match self {
            Claim::Taken => SeatAgent::Person,
            Claim::Open => SeatAgent::Open,
            Claim::Invited(_) => SeatAgent::Invited,
        }
    }
}

#[derive(Debug)]
pub(super) struct Table {
    /// A seat waiting for its player plays as a person ([`AgentSpec::Human`]).
    agents: Vec<AgentSpec>,
    claims: Vec<Claim>,
    /// Per seat, the hash of a person's token.
    tokens: Vec<Option<TokenHash>>,
    /// More tokens of seats, asked for by their named players' other devices.
    more_tokens: Vec<(Seat, TokenHash)>,
    /// Per seat, the named player sitting there.
    players: Vec<Option<PlayerRow>>,
    /// Who agreed to a rematch, and its id once made.
    pub(super) rematch: Agreements,
    /// Per seat, its draw offers.
    pub(super) draws: Draws,
    /// The texts of the game's definition files, for its rematch.
    definitions: std::collections::BTreeMap<String, String>,
    /// Whether its end updates its players' ratings.
    rated: bool,
    /// Over and rated as loaded, but without its ratings (see [`Room::repair_ratings`]).
    ///
    /// [`Room::repair_ratings`]: super::Room::repair_ratings
    ratings_owed: bool,
    /// The seat whose absence lost the game, once the others claimed the win for it or the
    /// game expired (`room::away`).
    abandoned: Option<Seat>,
    /// Whether the game expired still waiting for players: over, with no result.
    aborted: bool,
    /// The `seq` of each action a seat sent with a client id.
    cids: HashMap<(Seat, String), u64>,
    /// Events in the log past which nothing is taken back (`Settings::max_events`): undo
    /// alone can make a game's log longer than its rules allow.
    pub(super) max_events: u64,
    /// The seed's commitment, published at the start and revealed with the record.
    pub(super) commitment: Commitment,
}

impl Table {
    /// The table of a stored game.
    pub(super) fn from_row(row: &GameRow) -> Result<Self, StoredFault> {
        let mut agents = Vec::new();
        let mut claims = Vec::new();
        let mut tokens = Vec::new();
        for seat in &row.seats {
            let hash = match &seat.token_hash {
                Some(h) => Some(secrets::token_hash_from_hex(h).ok_or(StoredFault::TokenHash)?),
                None => None,
            };
            let agent: SeatAgent = seat.agent.parse().map_err(|error| StoredFault::Agent {
                agent: seat.agent.clone(),
                error,
            })?;
            let (claim, token) = match (&agent, hash) {
                (SeatAgent::Open, _) => (Claim::Open, None),
                (SeatAgent::Invited, Some(code)) => (Claim::Invited(code), None),
                (SeatAgent::Invited, None) => return Err(StoredFault::TokenHash),
                (_, hash) => (Claim::Taken, hash),
            };
            let agent = agent.plays_as();
            agents.push(agent);
            claims.push(claim);
            tokens.push(token);
        }
        let more_tokens = row
            .more_tokens
            .iter()
            .map(|(seat, hex)| {
                let hash = secrets::token_hash_from_hex(hex).ok_or(StoredFault::TokenHash)?;
                Ok((*seat, hash))
            })
            .collect::<Result<_, StoredFault>>()?;
        Ok(Self {
            agents,
            claims,
            tokens,
            more_tokens,
            players: row.seats.iter().map(|s| s.player.clone()).collect(),
            rematch: Agreements::from_row(row),
            draws: Draws::new(vec![Default::default(); row.seats.len()]),
            definitions: row.definitions.clone(),
            rated: row.rated,
            ratings_owed: row.ratings_owed,
            abandoned: None,
            aborted: false,
            cids: HashMap::new(),
            max_events: u64::MAX,
            commitment: Commitment::of(row),
        })
    }

    pub(super) fn agents(&self) -> &[AgentSpec] {
        &self.agents
    }

    /// Whether a seat still waits for its player: then nobody acts yet.
    pub(super) fn waiting(&self) -> bool {
        self.claims.iter().any(|c| *c != Claim::Taken)
    }

    /// Who plays `seat` as the lobby says it: its agent, or open / invited while it
    /// waits for its player.
    pub(super) fn player(&self, seat: usize) -> SeatAgent {
        match self.claims[seat] {
            Claim::Taken => self.agents[seat].clone().into(),
            claim => claim.agent(),
        }
    }

    /// The seat a player joining may take: with an invitation's `code`, the seat it
    /// invites to; else `wanted`, or the first open seat.
    pub(super) fn claimable(
        &self,
        wanted: Option<Seat>,
        code: Option<&str>,
    ) -> Result<Seat, Refusal> {
        let fits = |s: usize| match (self.claims[s], code) {
            (Claim::Invited(hash), Some(code)) => secrets::seat_of(code, &[Some(hash)]).is_some(),
            (Claim::Open, None) => true,
            _ => false,
        };
        (0..self.claims.len())
            .filter(|&s| wanted.is_none_or(|w| w.index() == s))
            .find(|&s| fits(s))
            .map(|s| Seat(s as u8))
            .ok_or(Refusal::NoOpenSeat)
    }

    /// The open seats, each now played by `agent`.
    pub(super) fn fill(&mut self, agent: &AgentSpec) -> Vec<Seat> {
        let open: Vec<Seat> = (0..self.claims.len())
            .filter(|&s| self.claims[s] == Claim::Open)
            .map(|s| Seat(s as u8))
            .collect();
        for &s in &open {
            self.claims[s.index()] = Claim::Taken;
            self.agents[s.index()] = agent.clone();
        }
        open
    }

    pub(super) fn rated(&self) -> bool {
        self.rated
    }

    /// Its end rates no one after all ([`crate::store::Casual`]).
    pub(super) fn play_casual(&mut self) {
        self.rated = false;
    }

    /// Whether the ratings were owed when the game was loaded, asked once.
    pub(super) fn take_ratings_owed(&mut self) -> bool {
        std::mem::take(&mut self.ratings_owed)
    }

    /// `seat`'s absence loses the game: its resignation, stored as `abandoned`.
    pub(super) fn abandon(&mut self, seat: Seat) {
        self.abandoned = Some(seat);
    }

    pub(super) fn abandoned(&self) -> Option<Seat> {
        self.abandoned
    }

    /// The game ends with no result (it expired waiting for players).
    pub(super) fn abort(&mut self) {
        self.aborted = true;
    }

    pub(super) fn aborted(&self) -> bool {
        self.aborted
    }

    /// Who each seat of a rated game of `kind` is for the ratings: its named player, or
    /// the AI level's anchor; `None` if a seat is neither.
    pub(super) fn rated_seats(&self, kind: &str) -> Option<Vec<Rated>> {
        let model = crate::people::ratings::Model::of(kind);
        self.players
            .iter()
            .zip(&self.agents)
            .map(|(player, agent)| match (player, agent) {
                (Some(p), _) => Some(Rated::Player(p.id.clone())),
                (None, AgentSpec::Ai(level)) => model.anchor(kind, *level).map(Rated::Anchor),
                (None, _) => None,
            })
            .collect()
    }

    /// The seats people play.
    pub(super) fn people(&self) -> Vec<Seat> {
        (0..self.agents.len() as u8)
            .map(Seat)
            .filter(|&s| self.is_person(s))
            .collect()
    }

    /// The seats of the rematch: everyone one seat on (seat 0's player in seat 1, the
    /// last in seat 0), each person with the token it agreed with.
    pub(super) fn rotated(&self) -> Vec<SeatRow> {
        let n = self.agents.len();
        (0..n)
            .map(|new| {
                let old = (new + n - 1) % n;
                SeatRow {
                    agent: self.agents[old].to_string(),
                    token_hash: self
                        .rematch
                        .token(Seat(old as u8))
                        .map(secrets::token_hash_hex),
                    player: self.players[old].clone(),
                    rematch: None,
                }
            })
            .collect()
    }

    pub(super) fn definitions(&self) -> &std::collections::BTreeMap<String, String> {
        &self.definitions
    }

    /// The named player's id in `seat`.
    pub(super) fn player_id(&self, seat: Seat) -> Option<String> {
        self.players[seat.index()].as_ref().map(|p| p.id.clone())
    }

    /// A person's `seat` is played by `agent` from now on (its time ran out); its token
    /// still shows the seat. The seat's stored agent before, and its token's hash in hex.
    pub(super) fn hand_to_ai(
        &mut self,
        seat: Seat,
        agent: AgentSpec,
    ) -> (SeatAgent, Option<String>) {
        let seat = seat.index();
        let was = std::mem::replace(&mut self.agents[seat], agent);
        (
            was.into(),
            self.tokens[seat].as_ref().map(secrets::token_hash_hex),
        )
    }

    /// The name of the player sitting in `seat`, if it is a named player.
    pub(super) fn player_name(&self, seat: usize) -> Option<String> {
        self.players[seat].as_ref().map(|p| p.name.clone())
    }

    /// `seat` is taken by the holder of the token hashing to `token` (named `player`, or
    /// a guest); what it was before.
    pub(super) fn take(
        &mut self,
        seat: Seat,
        token: TokenHash,
        player: Option<PlayerRow>,
    ) -> Claim {
        let seat = seat.index();
        self.tokens[seat] = Some(token);
        self.players[seat] = player;
        std::mem::replace(&mut self.claims[seat], Claim::Taken)
    }

    /// The seat a token stands for, if any: its first token, or one its player's other
    /// devices asked for.
    pub(super) fn seat_of(&self, token: &str) -> Option<Seat> {
        secrets::seat_of(token, &self.tokens)
            .map(|s| Seat(s as u8))
            .or_else(|| {
                let more: Vec<Option<TokenHash>> =
                    self.more_tokens.iter().map(|(_, h)| Some(*h)).collect();
                secrets::seat_of(token, &more).map(|i| self.more_tokens[i].0)
            })
    }

    /// `seat` has another token, hashing to `hash`.
    pub(super) fn add_token(&mut self, seat: Seat, hash: TokenHash) {
        self.more_tokens.push((seat, hash));
    }

    /// The seats named player `id` sits in.
    pub(super) fn seats_of_player(&self, id: &str) -> Vec<Seat> {
        (0..self.players.len() as u8)
            .map(Seat)
            .filter(|&s| self.player_id(s).as_deref() == Some(id))
            .collect()
    }

    /// The viewer a token stands for: a spectator without one.
    pub(super) fn viewer(&self, token: Option<&str>) -> Result<Viewer, Refusal> {
        match token {
            None => Ok(Viewer::Spectator),
            Some(token) => self
                .seat_of(token)
                .map(Viewer::Seat)
                .ok_or(Refusal::WrongToken),
        }
    }

    /// The seat of the holder of `token`, if it is one `fits`; else refused, as a token
    /// `needed` for what it asks.
    pub(super) fn seat_for(
        &self,
        token: Option<&str>,
        fits: impl Fn(Seat) -> bool,
        needed: &'static str,
    ) -> Result<Seat, Refusal> {
        match self.viewer(token)? {
            Viewer::Seat(seat) if fits(seat) => Ok(seat),
            _ => Err(Refusal::NoToken { needed }),
        }
    }

    /// The `seq` at which `seat` already sent the action with client id `cid`.
    pub(super) fn resent(&self, seat: Seat, cid: &str) -> Option<u64> {
        self.cids.get(&(seat, cid.to_owned())).copied()
    }

    pub(super) fn remember(&mut self, seat: Seat, cid: String, seq: u64) {
        self.cids.insert((seat, cid), seq);
    }

    pub(super) fn is_person(&self, seat: Seat) -> bool {
        self.agents[seat.index()].is_human()
    }

    /// The seats people left in a game of more than two, played on by the AI and ranked
    /// last: an AI's seat that still holds its person's token.
    pub(super) fn retired(&self) -> Vec<Seat> {
        let seats = self.agents.len() as u8;
        let left = |s: &Seat| !self.is_person(*s) && self.tokens[s.index()].is_some();
        (0..seats)
            .map(Seat)
            .filter(|s| seats > 2 && left(s))
            .collect()
    }

    /// The record, published once the game is over, with the seed's commitment.
    pub(super) fn record(&self, live: &dyn Live) -> Result<Record, Refusal> {
        // An aborted game has its record too: over, with no ranking.
        if live.ending().is_none() {
            return Err(Refusal::NotOver);
        }
        let mut record = live.record();
        record.seats = self.agents.iter().map(ToString::to_string).collect();
        self.commitment.seal(&mut record);
        Ok(record)
    }
}

#[cfg(test)]
pub(super) mod tests;
