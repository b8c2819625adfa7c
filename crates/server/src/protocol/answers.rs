//! What the server answers over HTTP to a request that creates something (`docs/api.md`):
//! a game with its seat tokens, a seat, a pairing, an accepted action, a rematch, a page
//! of the lobby.

use serde::{Deserialize, Serialize};

use super::GameSummary;

/// The answer to [`CreateGame`](super::CreateGame): the only time the seat tokens are shown.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Created {
    pub id: String,
    pub game: String,
    /// One entry per seat the creator plays (`human`): the creator's tokens alone.
    pub seats: Vec<SeatTicket>,
    /// One entry per `invite` seat: the link that gives its token, once, to whoever opens
    /// it first.
    #[serde(default)]
    pub invites: Vec<Invitation>,
    /// The link to watch the game.
    pub spectator: String,
    /// The commitment to the seed, the game, the seats and the start (`docs/api.md`, "The
    /// commitment"); the seed and nonce are revealed in the record at the end.
    pub seed_hash: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatTicket {
    pub seat: u8,
    pub name: String,
    /// The seat's secret: whoever holds it plays the seat.
    pub token: String,
    /// The seat's page, the token in its fragment (never sent to a server by a browser).
    pub link: String,
}

/// The answer to `POST /api/games/{id}/join`: the seat's ticket, and why the game, created
/// rated, is played casual from this seat's taking on (absent: as created).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Joined {
    #[serde(flatten)]
    pub seat: SeatTicket,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casual: Option<super::Casual>,
}

/// The answer to [`SeekRequest`](super::SeekRequest): the game and the caller's seat in it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Seeked {
    pub id: String,
    /// Whether the caller took the seat of someone waiting (else it waits for the next).
    pub paired: bool,
    pub seat: SeatTicket,
    /// Why the game, asked for as rated, is played casual (absent: as asked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casual: Option<super::Casual>,
}

/// A seat waiting for the person invited to it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Invitation {
    pub seat: u8,
    pub name: String,
    /// The game's page with the invitation's code in its fragment (`#claim=<code>`).
    pub link: String,
}

/// The answer to an accepted action.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Accepted {
    pub seq: u64,
}

/// The answer to `POST /api/games/{id}/rematch`: the caller's token in the rematch (its
/// seat's next one round), and the rematch's id once made.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RematchTicket {
    pub token: String,
    pub game: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Lobby {
    pub games: Vec<GameSummary>,
    /// The cursor of the next page (`after`), absent on the last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
}
