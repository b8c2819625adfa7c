//! What crosses the wire, as serde types: the WebSocket messages of `docs/protocol.md`
//! and the JSON bodies of `docs/api.md`. Request types are apart from the domain's; the
//! load generator and the tests read and write these same types.

mod answers;
mod game;
mod requests;
mod socket;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

pub use answers::{
    Accepted, Created, Invitation, Joined, Lobby, RematchTicket, SeatTicket, Seeked,
};
pub use game::{
    AbsentShown, ClockShown, ClockSpec, GameFacts, GameSummary, MoveInfo, Offers, RematchShown,
    SeatInfo, Snapshot, TurnInfo, TurnKind,
};
pub use requests::{
    AbsentChoice, AbsentRequest, ActionRequest, CreateGame, FillRequest, GamesQuery, JoinRequest,
    SeatRequest, SeekRequest,
};
pub use socket::{ClientMessage, Event, Phrase, Role, ServerMessage, StateNow};

pub use crate::store::{Casual, EventKind};

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
