//! A game as someone may see it (`docs/api.md`, `docs/protocol.md`): its clock, whose
//! turn, its seats and moves, what the page may offer, the whole snapshot, and its line in
//! the lobby.

use serde::{Deserialize, Serialize};
use trio_core::RecordResult;

use super::{Casual, JsonText};
use crate::people::ratings::SeatRating;

/// A time control (`docs/api.md`, "Clocks").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum ClockSpec {
    /// Fischer: `initial` seconds each, `increment` seconds more after each own move.
    RealTime { initial: u32, increment: u32 },
    /// `days` for every move.
    Correspondence { days: u32 },
}

impl ClockSpec {
    /// The clocks a client may ask for: 1 s to 3 h with up to 10 min a move, or 1 to 30
    /// days a move.
    pub fn check(self) -> Result<Self, String> {
        match self {
            ClockSpec::RealTime { initial, increment }
                if (1..=10_800).contains(&initial) && increment <= 600 =>
            {
                Ok(self)
            }
            ClockSpec::Correspondence { days } if (1..=30).contains(&days) => Ok(self),
            _ => Err(
                "a clock is {\"initial\": 1 to 10800, \"increment\": 0 to 600} seconds, \
                      or {\"days\": 1 to 30} a move"
                    .to_owned(),
            ),
        }
    }
}

/// The clock as a viewer sees it when it is sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockShown {
    pub spec: ClockSpec,
    /// Per seat, the time left now, in milliseconds.
    pub remaining_ms: Vec<i64>,
    /// The seat whose clock runs, if any (a person to act).
    pub running: Option<u8>,
    /// The seat whose time ran out, once one has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flagged: Option<u8>,
}

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TurnKind {
    Seat,
    Chance,
    Over,
    /// A seat is open or invited: nobody acts until every seat is taken.
    Waiting,
}

/// Whose turn it is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnInfo {
    pub kind: TurnKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

impl TurnInfo {
    /// A turn of no seat: chance's, or the end.
    pub fn of(kind: TurnKind) -> Self {
        Self {
            kind,
            seat: None,
            name: None,
        }
    }
}

/// What the page may offer its viewer now; the server's policy, so that no client
/// decides it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offers {
    /// Taking back the viewer's last move (`POST /undo` would be accepted).
    pub undo: bool,
    /// The AI's suggestion (`GET /hint` would be answered).
    pub hint: bool,
    /// The viewer's seat plays against the AI alone (every other seat a bot), the game
    /// that undo and hint are for: the page shows them, usable as `undo` and `hint` say.
    #[serde(default)]
    pub against_ai: bool,
    /// Resigning (`POST /resign` would be accepted as a resignation): a person's seat of a
    /// game that goes on and no longer waits for players; in a rated game, once it may no
    /// longer be aborted.
    #[serde(default)]
    pub resign: bool,
    /// Aborting (`POST /abort`): a person's seat of a game that goes on (or waits for
    /// players) while some seat has made no decision yet; rated for no one.
    #[serde(default)]
    pub abort: bool,
    /// Giving the open seats to the AI (`POST /fill`): a person's seat while a game of three
    /// or more seats waits with a seat open.
    #[serde(default)]
    pub fill: bool,
    /// Offering a draw (`POST /draw`): a person's seat of a game of two people that goes on,
    /// once both have played, whose offer does not stand already and whose last declined
    /// offer is far enough behind; or accepting the other's offer (see `draw_offered`).
    #[serde(default)]
    pub draw: bool,
    /// The other seat's offer of a draw stands: `POST /draw` accepts it, `POST
    /// /draw/decline` declines it; it lapses when the viewer decides.
    #[serde(default)]
    pub draw_offered: bool,
    /// Asking for or accepting a rematch (`POST /rematch`): a person's seat of a game over
    /// with a result, which has not agreed yet, while no rematch is made.
    #[serde(default)]
    pub rematch: bool,
}

/// What kind of game it is, for the page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameFacts {
    /// Dice or draws decide part of the game.
    pub chance: bool,
    /// Some seat sees what another does not (a Triles hand).
    pub hidden_information: bool,
}

/// A seat as anyone may see it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatInfo {
    pub seat: u8,
    pub name: String,
    /// `human`, `random`, `ai:3`; `open` or `invite` while the seat waits for its player.
    pub player: String,
    /// The name of the named player sitting there; absent for a guest or a bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_name: Option<String>,
    /// In a rated game, the seat's rating as shown (`docs/api.md`, "Ratings"): its named
    /// player's or AI level's, and once the game is rated, its change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<SeatRating>,
    /// Whether a client holding the seat's token is connected.
    pub connected: bool,
}

/// One action of the game so far, as the viewer may know it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveInfo {
    /// The seat that chose it; `null` for chance.
    pub seat: Option<u8>,
    /// The action in notation; `null` for a chance outcome hidden from the viewer.
    pub action: Option<String>,
    /// The action's parts (`docs/api.md`, "Legal moves"), when `action` is known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<serde_json::Value>,
}

/// Everything a viewer may know of a game now: `GET /api/games/{id}` and the WebSocket
/// `snapshot`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    pub id: String,
    pub game: String,
    pub seq: u64,
    pub seats: Vec<SeatInfo>,
    /// The viewer's seat; `null` for a spectator.
    pub you: Option<u8>,
    #[serde(default)]
    pub facts: GameFacts,
    pub turn: TurnInfo,
    /// The viewer's view (`docs/views.md`).
    pub view: JsonText,
    /// The viewer's legal moves when it is to act, else empty.
    pub legal: Vec<String>,
    /// The same moves in the same order as their parts (`docs/api.md`, "Legal moves").
    #[serde(default = "JsonText::empty_list")]
    pub legal_parts: JsonText,
    #[serde(default)]
    pub offers: Offers,
    pub moves: Vec<MoveInfo>,
    pub result: Option<RecordResult>,
    pub seed_hash: String,
    /// What the creator chose that a new game of the spec would not have (see
    /// [`GameSummary::set_up`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_up: Vec<String>,
    /// The clock now; absent for a game without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockShown>,
    /// Once the game is over: who agreed to a rematch, and the rematch once made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<RematchShown>,
    /// The seat to act when it has been away long enough for the others to choose for it
    /// (`POST /api/games/{id}/absent`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absent: Option<AbsentShown>,
    /// Once over: the seat that lost by its absence (the win claimed, or the game expired).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abandoned: Option<u8>,
    /// Whether the game expired waiting for players: over, with no result.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
    /// Whether its end updates the players' ratings.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Why a game asked for as rated is played casual.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casual: Option<Casual>,
}

/// A seat away from the game (`docs/api.md`, "Absent players").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbsentShown {
    pub seat: u8,
    /// Since when it has been away, in milliseconds since the Unix epoch.
    pub since_ms: i64,
}

/// A rematch as everyone may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RematchShown {
    /// Per seat, whether its person asked for or accepted the rematch.
    pub agreed: Vec<bool>,
    /// The rematch's id, once every person agreed.
    pub game: Option<String>,
}

/// A game in the lobby.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameSummary {
    pub id: String,
    pub game: String,
    pub seats: Vec<SeatInfo>,
    pub seq: u64,
    pub turn: TurnInfo,
    pub over: bool,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
    /// What the creator chose that a new game of the spec would not have, so every
    /// player knows before playing: `position` (it starts from a position the creator
    /// set) and the option name of each definition file the creator gave (`board`,
    /// `tiles`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_up: Vec<String>,
    /// The game's time control, if it has a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    /// Whether its end updates its players' ratings.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Why a game asked for as rated is played casual.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casual: Option<Casual>,
    /// Once over, its result (as the snapshot's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<RecordResult>,
}
