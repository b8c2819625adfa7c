//! What crosses the wire, as serde types: the WebSocket messages of `docs/protocol.md`
//! and the JSON bodies of `docs/api.md`. Request types are apart from the domain's; the
//! load generator and the tests read and write these same types.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use trio_core::RecordResult;

pub use crate::store::EventKind;

/// The largest request body and WebSocket message read.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// The longest client id of an action.
pub const MAX_CID_LEN: usize = 64;

/// Checks a client id's length (1 to [`MAX_CID_LEN`] bytes); the error says so.
pub fn check_cid(cid: &str) -> Result<(), String> {
    if cid.is_empty() || cid.len() > MAX_CID_LEN {
        return Err(format!("a client id has 1 to {MAX_CID_LEN} bytes"));
    }
    Ok(())
}

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

/// The answer to [`CreateGame`]: the only time the seat tokens are shown.
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
    /// A rated game (named players only): paired with rated seeks alone.
    #[serde(default)]
    pub rated: bool,
}

/// The answer to [`SeekRequest`]: the game and the caller's seat in it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Seeked {
    pub id: String,
    /// Whether the caller took the seat of someone waiting (else it waits for the next).
    pub paired: bool,
    pub seat: SeatTicket,
}

/// A seat waiting for the person invited to it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Invitation {
    pub seat: u8,
    pub name: String,
    /// The game's page with the invitation's code in its fragment (`#claim=<code>`).
    pub link: String,
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

/// The answer to an accepted action.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Accepted {
    pub seq: u64,
}

/// JSON text written once and sent as it is: a view to each of its recipients, the parts
/// of a mover's legal moves as the game wrote them.
#[derive(Clone, Debug)]
pub struct JsonText(pub Arc<RawValue>);

impl JsonText {
    pub fn new(value: &serde_json::Value) -> Self {
        Self(
            serde_json::value::to_raw_value(value)
                .expect("a value serializes")
                .into(),
        )
    }

    /// `[]`.
    pub fn empty_list() -> Self {
        Self::new(&serde_json::Value::Array(Vec::new()))
    }

    /// The text as a JSON value.
    pub fn value(&self) -> serde_json::Value {
        serde_json::from_str(self.0.get()).expect("the text is JSON")
    }
}

impl From<Box<RawValue>> for JsonText {
    fn from(raw: Box<RawValue>) -> Self {
        Self(raw.into())
    }
}

impl Serialize for JsonText {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for JsonText {
    // Through a value: a raw value cannot be read inside the tagged messages.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self::new(&serde_json::Value::deserialize(deserializer)?))
    }
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
}

/// What kind of game it is, for the page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameFacts {
    /// Dice or draws decide part of the game.
    pub chance: bool,
    /// Some seat sees what another does not (a Triles hand).
    pub hidden_information: bool,
}

/// Who a WebSocket client is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Seat,
    Spectator,
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
}

/// A seat away from the game (`docs/api.md`, "Absent players").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbsentShown {
    pub seat: u8,
    /// Since when it has been away, in milliseconds since the Unix epoch.
    pub since_ms: i64,
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

/// A rematch as everyone may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RematchShown {
    /// Per seat, whether its person asked for or accepted the rematch.
    pub agreed: Vec<bool>,
    /// The rematch's id, once every person agreed.
    pub game: Option<String>,
}

/// The answer to `POST /api/games/{id}/rematch`: the caller's token in the rematch (its
/// seat's next one round), and the rematch's id once made.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RematchTicket {
    pub token: String,
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
    /// Once over, its result (as the snapshot's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<RecordResult>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Lobby {
    pub games: Vec<GameSummary>,
    /// The cursor of the next page (`after`), absent on the last.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
}

/// `GET /api/games`'s query: `status` `running` (the default) or `finished`, the page
/// after cursor `after`, at most `limit` games.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct GamesQuery {
    pub status: Option<String>,
    pub after: Option<String>,
    pub limit: Option<usize>,
}

/// The state after an event, for its recipient.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StateNow {
    pub turn: TurnInfo,
    pub view: JsonText,
    pub legal: Vec<String>,
    #[serde(default = "JsonText::empty_list")]
    pub legal_parts: JsonText,
    #[serde(default)]
    pub offers: Offers,
    pub result: Option<RecordResult>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockShown>,
}

/// One change of the game, the game being at `seq` after it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Event {
    pub seq: u64,
    pub kind: EventKind,
    /// Who played, gave up or took back; `null` for chance.
    pub seat: Option<u8>,
    /// The action in notation; absent when hidden from the recipient or not a move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// The action's parts (`docs/api.md`, "Legal moves"), when `action` is given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<serde_json::Value>,
    /// For `undo`: how many actions were taken back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undone: Option<usize>,
    /// The state after the event: on every live event, and on the last of a catch-up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<StateNow>,
}

/// What a client sends over the WebSocket.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClientMessage {
    /// First message: the seat token (none: a spectator) and the last `seq` seen.
    Hello {
        #[serde(default)]
        token: Option<String>,
        #[serde(default)]
        since: Option<u64>,
    },
    Act {
        cid: String,
        action: String,
        expect: u64,
    },
    Resign {
        cid: String,
    },
    Undo {
        cid: String,
        #[serde(default)]
        expect: Option<u64>,
    },
    /// A seat's canned message to everyone at the game.
    Say {
        phrase: Phrase,
    },
    Ping,
}

/// The canned messages of the chat (`docs/protocol.md`, "Chat"): no free text, so nothing
/// to moderate; the page words them in its language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phrase {
    Hello,
    GoodLuck,
    YourMove,
    WellPlayed,
    GoodGame,
    Thanks,
    Oops,
    Sorry,
}

/// What the server sends over the WebSocket.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ServerMessage {
    /// The answer to `hello`: who the client is and where the game is.
    Welcome {
        role: Role,
        seat: Option<u8>,
        seq: u64,
        connected: Vec<bool>,
    },
    Snapshot(Box<Snapshot>),
    Event(Box<Event>),
    /// The action with this client id is committed; the game was at `seq` after it.
    Ack {
        cid: String,
        seq: u64,
    },
    /// The action with this client id was refused.
    Reject {
        cid: String,
        code: String,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
        /// The rule's arguments, for a message in the client's language.
        #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
        args: std::collections::BTreeMap<String, String>,
        seq: u64,
    },
    /// A seat said a canned message.
    Said {
        seat: u8,
        phrase: Phrase,
    },
    /// Which seats have a client connected, by seat.
    Presence {
        connected: Vec<bool>,
    },
    /// A message that could not be read or used.
    Error {
        code: String,
        message: String,
    },
    Pong,
}

impl ServerMessage {
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("server messages serialize")
    }

    /// The message as the bytes of its JSON text, cheap to clone for many recipients.
    pub fn to_bytes(&self) -> bytes::Bytes {
        self.to_text().into()
    }
}
