//! What clients send over HTTP (`docs/api.md`): the JSON bodies of the requests that
//! create, join, seek and act, and the lobby's query.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::ClockSpec;

/// `POST /api/games`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// A game spec as the catalog writes it (`gyges`, `orbit(players=3)`).
    pub game: String,
    /// Who sits in each seat: `human`, `random` or `ai:1` to `ai:5`.
    pub seats: Vec<String>,
    /// The position to start from, in the game's notation; a new game without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The text of each definition file the spec names (a board, a tile set), by option
    /// name: `{"board": "<TOML>"}` for `orbit(board=octagon.toml)`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub definitions: BTreeMap<String, String>,
    /// The game's clock, kept by the server; none: no clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    /// Whether its end updates the players' ratings: named players only (the creator's
    /// key on the request), no set position, no files of one's own, no bots.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

/// `POST /api/games/{id}/fill`: the open seats to the AI at `level` (2 unless given).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FillRequest {
    #[serde(default)]
    pub level: Option<u8>,
}

/// `POST /api/seeks`: "Play someone" at this game and clock.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekRequest {
    /// A game spec, as for a new game.
    pub game: String,
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// Games never to be paired into (the caller's own, waiting in another tab).
    #[serde(default)]
    pub except: Vec<String>,
    /// An id the caller's browser keeps (1 to 64 characters; the page draws one once):
    /// never paired with a seek of the same browser, a guest's included.
    #[serde(default)]
    pub browser: Option<String>,
    /// A rated game (named players only): paired with rated seeks alone.
    #[serde(default)]
    pub rated: bool,
}

/// `POST /api/games/{id}/join`: an open seat (the first, or `seat`), or with `code` the
/// seat an invitation is for.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    #[serde(default)]
    pub seat: Option<u8>,
    #[serde(default)]
    pub code: Option<String>,
}

/// `POST /api/games/{id}/actions`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    /// The action in the game's notation.
    pub action: String,
    /// The game's `seq` the action was chosen at.
    pub expect: u64,
    /// An id of the client's choosing: a resend with the same id is applied at most once.
    #[serde(default)]
    pub cid: Option<String>,
}

/// `POST /api/games/{id}/resign` and `/undo`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    #[serde(default)]
    pub expect: Option<u64>,
    #[serde(default)]
    pub cid: Option<String>,
}

/// `POST /api/games/{id}/absent`: what the others choose for the absent seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AbsentChoice {
    /// The absent seat loses, as if it resigned.
    Win,
    /// The AI (level 2) plays the seat on.
    Ai,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbsentRequest {
    pub choice: AbsentChoice,
}

/// `GET /api/games`'s query: `status` `running` (the default) or `finished`, the page
/// after cursor `after`, at most `limit` games.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct GamesQuery {
    pub status: Option<String>,
    pub after: Option<String>,
    pub limit: Option<usize>,
}
