//! The WebSocket's messages (`docs/protocol.md`): what a client sends, what the server
//! sends, and each change of the game as an event.

use serde::{Deserialize, Serialize};
use trio_core::RecordResult;

use super::{ClockShown, EventKind, JsonText, Offers, Snapshot, TurnInfo};

/// Who a WebSocket client is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Seat,
    Spectator,
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
    Abort {
        cid: String,
    },
    /// Offers a draw, or accepts the other's offer.
    Draw {
        cid: String,
    },
    /// Declines the other's offer of a draw.
    #[serde(rename = "decline-draw")]
    DeclineDraw {
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
