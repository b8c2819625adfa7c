//! Errors as clients see them: an HTTP status and a JSON body `{"code", "message"}` (and
//! `"rule"` for an illegal move). Codes are stable; messages say what is wrong without
//! internals (a storage failure is logged and answered as `unavailable`).

use std::collections::BTreeMap;

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use trio_core::PlayError;

use crate::people::PlayerError;

/// The stable codes that more than one error answers with, each written once.
pub(crate) mod code {
    pub(crate) const NOT_FOUND: &str = "not-found";
    pub(crate) const BAD_REQUEST: &str = "bad-request";
    pub(crate) const BAD_JSON: &str = "bad-json";
    pub(crate) const BAD_SEATS: &str = "bad-seats";
    pub(crate) const BAD_CLOCK: &str = "bad-clock";
    pub(crate) const BAD_RATED: &str = "bad-rated";
    pub(crate) const BAD_POSITION: &str = "bad-position";
    pub(crate) const BAD_SPEC: &str = "bad-spec";
    pub(crate) const BAD_DEFINITION: &str = "bad-definition";
    pub(crate) const BAD_METHOD: &str = "bad-method";
    pub(crate) const NO_HELLO: &str = "no-hello";
    pub(crate) const NO_KEY: &str = "no-key";
    pub(crate) const NO_OPEN_SEAT: &str = "no-open-seat";
    pub(crate) const NOT_OVER: &str = "not-over";
    /// Also sent with `Retry-After`: the server or the AI is too busy for now.
    pub(crate) const BUSY: &str = "busy";
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub rule: Option<String>,
    /// The rule's arguments (`piece`, `steps`), for a message in the client's language.
    pub args: BTreeMap<String, String>,
}

#[derive(Serialize)]
struct Body<'a> {
    code: &'a str,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<&'a str>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    args: &'a BTreeMap<String, String>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            rule: None,
            args: BTreeMap::new(),
        }
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, code::NOT_FOUND, "no such game")
    }

    /// Seats a game cannot be created with.
    pub(crate) fn bad_seats(message: impl Into<String>) -> Self {
        Self::bad_request(code::BAD_SEATS, message)
    }

    pub fn unavailable() -> Self {
        Refusal::Unavailable.into()
    }

    /// A refused action, by the referee's stable code.
    pub fn play(error: &PlayError) -> Self {
        let status = match error {
            PlayError::Notation { .. } => StatusCode::BAD_REQUEST,
            PlayError::NotYourTurn { .. } | PlayError::NoSuchSeat { .. } => StatusCode::FORBIDDEN,
            PlayError::GameOver | PlayError::Stale { .. } | PlayError::NoUndo(_) => {
                StatusCode::CONFLICT
            }
            PlayError::Illegal(_) => StatusCode::UNPROCESSABLE_ENTITY,
        };
        let message = match error {
            // The breach's sentence alone: the rule id is beside it.
            PlayError::Illegal(e) => format!("{}: {}", e.action, e.breach.message),
            other => other.to_string(),
        };
        Self {
            status,
            code: error.code(),
            message,
            rule: error.breach().map(|b| b.rule.clone()),
            args: error.breach().map(|b| b.args.clone()).unwrap_or_default(),
        }
    }

    /// A refusal that may be asked again in `seconds`: `args.seconds`, and `Retry-After`.
    fn retry_after(mut self, seconds: u64) -> Self {
        self.args.insert("seconds".to_owned(), seconds.to_string());
        self
    }

    /// A JSON body axum could not read.
    pub fn json(rejection: &JsonRejection) -> Self {
        let message = match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => format!(
                "a request body is at most {} bytes",
                crate::protocol::MAX_MESSAGE_BYTES
            ),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => {
                "send JSON with Content-Type: application/json".to_owned()
            }
            _ => return Self::bad_request(code::BAD_JSON, rejection.body_text()),
        };
        Self::of_status(rejection.status(), message)
    }

    /// A client error axum or a layer answered with `status` alone (a path that does not
    /// parse, a body too large, a WebSocket request without its upgrade headers).
    pub fn of_status(status: StatusCode, message: impl Into<String>) -> Self {
        let code = match status {
            StatusCode::NOT_FOUND => code::NOT_FOUND,
            StatusCode::METHOD_NOT_ALLOWED => code::BAD_METHOD,
            StatusCode::PAYLOAD_TOO_LARGE => "too-large",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "bad-content-type",
            StatusCode::UPGRADE_REQUIRED => "bad-upgrade",
            _ => code::BAD_REQUEST,
        };
        Self::new(status, code, message)
    }
}

/// Why a room refused a request: the one place that says which HTTP status and stable
/// code each refusal has.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error(transparent)]
    Play(#[from] PlayError),
    /// No seat token where one is needed; says what for.
    #[error("{needed}: Authorization: Bearer <token>")]
    NoToken { needed: &'static str },
    #[error("this token is not a seat of this game")]
    WrongToken,
    #[error("spectators only watch")]
    Spectator,
    #[error("hints are given only in games against the AI")]
    NoHint,
    #[error("a hint is for the seat to move")]
    HintNotYourTurn,
    /// Help (a hint, a takeback) asked for in a rated game, which counts as played.
    #[error("{what} is not offered in a rated game: it counts for the ratings as played")]
    RatedNoHelp { what: &'static str },
    #[error("the record is published once the game is over")]
    NotOver,
    /// Storage failed or the room stopped: logged where it happened.
    #[error("the game is not available right now; try again")]
    Unavailable,
    /// The AI's threads have more requests waiting than they take (`pool.rs`).
    #[error("the AI is busy with other games; try again in a moment")]
    Busy,
    /// A seat is still open or invited: the game starts when every seat is taken.
    #[error("the game starts when every seat is taken")]
    Waiting,
    /// A seat of a rated game taken without a player's key.
    #[error("a rated game is for named players: take a name and send your player key")]
    RatedNeedsName,
    /// A named player taking a second seat of a rated game.
    #[error("you already sit in this game: a rated game seats each person once")]
    SeatedAlready,
    /// A player who aborted rated games lately, waiting before its next.
    #[error("you aborted {aborts} rated games against people this week: your next rated game may start in {minutes} minutes (casual games may start now)")]
    RatedWait { aborts: usize, minutes: i64 },
    /// A win claimed for an absent seat in a game of more than two.
    #[error("the win is claimed only in a game of two: hand the absent seat to the AI")]
    ClaimTwoOnly,
    /// An abort after every seat made its first decision.
    #[error("the game can no longer be aborted: every seat has played (resign instead)")]
    NotAbortable,
    /// A draw offered where none may be: not a game of two people, or before both played.
    #[error("a draw is offered only between the two people of a game, once both have played (before, abort it)")]
    NoDraw,
    /// A draw offered again too soon after one was declined.
    #[error("your last offer of a draw was declined: make {moves} more moves before the next")]
    DrawWait { moves: u64 },
    /// Declining when no offer of a draw stands.
    #[error("no offer of a draw stands for you to decline")]
    NoDrawOffer,
    /// A rematch asked for before the end.
    #[error("a rematch is for a game that is over")]
    NoRematchYet,
    /// Joining a game none of whose seats may be taken (by this invitation).
    #[error("no seat of this game is open to you (taken, or the invitation is not this game's)")]
    NoOpenSeat,
    /// Choosing for an absent seat when the seat to act is not away long enough (or is
    /// the caller's).
    #[error("the seat to act is not absent: it is connected, or not away long enough")]
    NotAbsent,
    /// A player's key asking for a seat of a game it does not sit in.
    #[error("this player sits at no seat of this game")]
    NotSeated,
    /// An undo in a game whose log reached the server's most events (`--max-events`).
    #[error(
        "this game has reached {max} events: nothing more can be taken back; play on to its end"
    )]
    TooManyEvents { max: u64 },
    /// A game created by a creator (a player, or else an address) that has as many
    /// running games as one may (`--games-per-creator`).
    #[error(
        "{who} already has {running} games running, the most one may have: finish or resign \
         one first"
    )]
    TooManyGames { who: &'static str, running: u64 },
}

impl Refusal {
    /// The WebSocket's answer to the action with client id `cid`, the game being at `seq`.
    pub(crate) fn reject(self, cid: String, seq: u64) -> crate::protocol::ServerMessage {
        let error = ApiError::from(self);
        crate::protocol::ServerMessage::Reject {
            cid,
            code: error.code.to_owned(),
            message: error.message,
            rule: error.rule,
            args: error.args,
            seq,
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> Self {
        let (status, code) = match &refusal {
            Refusal::Play(error) => return ApiError::play(error),
            Refusal::NoToken { .. } => (StatusCode::UNAUTHORIZED, "no-token"),
            Refusal::WrongToken => (StatusCode::FORBIDDEN, "wrong-token"),
            Refusal::Spectator => (StatusCode::FORBIDDEN, "spectator"),
            Refusal::NoHint => (StatusCode::FORBIDDEN, "no-hint"),
            Refusal::HintNotYourTurn => (StatusCode::FORBIDDEN, "not-your-turn"),
            Refusal::RatedNoHelp { .. } => (StatusCode::FORBIDDEN, "rated-game"),
            Refusal::NotOver => (StatusCode::CONFLICT, code::NOT_OVER),
            Refusal::Unavailable => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            Refusal::Busy => (StatusCode::SERVICE_UNAVAILABLE, code::BUSY),
            Refusal::Waiting => (StatusCode::CONFLICT, "waiting-for-players"),
            Refusal::NoOpenSeat => (StatusCode::CONFLICT, code::NO_OPEN_SEAT),
            Refusal::SeatedAlready => (StatusCode::CONFLICT, "already-seated"),
            Refusal::NotAbortable => (StatusCode::CONFLICT, "not-abortable"),
            Refusal::ClaimTwoOnly => (StatusCode::CONFLICT, "two-players-only"),
            Refusal::RatedWait { .. } => (StatusCode::FORBIDDEN, "rated-wait"),
            Refusal::NotAbsent => (StatusCode::CONFLICT, "not-absent"),
            Refusal::NotSeated => (StatusCode::FORBIDDEN, "not-seated"),
            Refusal::NoRematchYet => (StatusCode::CONFLICT, code::NOT_OVER),
            Refusal::NoDraw => (StatusCode::CONFLICT, "no-draw"),
            Refusal::DrawWait { .. } => (StatusCode::CONFLICT, "draw-wait"),
            Refusal::NoDrawOffer => (StatusCode::CONFLICT, "no-draw-offer"),
            Refusal::RatedNeedsName => (StatusCode::UNAUTHORIZED, code::NO_KEY),
            Refusal::TooManyEvents { .. } => (StatusCode::CONFLICT, "too-many-events"),
            Refusal::TooManyGames { .. } => (StatusCode::CONFLICT, "too-many-games"),
        };
        let mut error = ApiError::new(status, code, refusal.to_string());
        // The wait's figures, for a message in the client's language.
        match refusal {
            Refusal::RatedWait { aborts, minutes } => {
                error.args = BTreeMap::from([
                    ("aborts".to_owned(), aborts.to_string()),
                    ("minutes".to_owned(), minutes.to_string()),
                ]);
            }
            Refusal::DrawWait { moves } => {
                error.args = BTreeMap::from([("moves".to_owned(), moves.to_string())]);
            }
            _ => {}
        }
        error
    }
}

/// Why the service turned a request away before any game or player was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rejected {
    #[error("no such resource")]
    NoSuchResource,
    /// A file of the page that is not there.
    #[error("no such file")]
    NoSuchFile,
    #[error("this path takes another method")]
    BadMethod,
    /// One WebSocket too many from an address (`Limits::sockets_per_address`).
    #[error("too many WebSockets from this address")]
    TooManySockets,
    /// One connection too many from an address (`Limits::connections_per_address`).
    #[error("too many connections from this address")]
    TooManyConnections,
    /// A connection past the server's budget of connections.
    #[error("the server is full")]
    Full,
    /// A request over its route's rate for the address, which may ask again in `seconds`.
    #[error("too many requests from this address; try again in {seconds} s")]
    RateLimited { seconds: u64 },
    /// A request hyper could not read as HTTP/1.1, answered by hyper itself.
    #[error("the request could not be read as HTTP/1.1")]
    Unreadable,
    #[error("the request's path is too long")]
    UriTooLong,
    #[error("the request's headers are too large")]
    HeadersTooLarge,
}

impl From<Rejected> for ApiError {
    fn from(rejected: Rejected) -> Self {
        let (status, code) = match rejected {
            Rejected::NoSuchResource | Rejected::NoSuchFile => {
                (StatusCode::NOT_FOUND, code::NOT_FOUND)
            }
            Rejected::BadMethod => (StatusCode::METHOD_NOT_ALLOWED, code::BAD_METHOD),
            Rejected::TooManySockets => (StatusCode::TOO_MANY_REQUESTS, "too-many-sockets"),
            Rejected::TooManyConnections => (StatusCode::TOO_MANY_REQUESTS, "too-many-connections"),
            Rejected::Full => (StatusCode::SERVICE_UNAVAILABLE, code::BUSY),
            Rejected::RateLimited { .. } => (StatusCode::TOO_MANY_REQUESTS, "rate-limited"),
            Rejected::Unreadable => (StatusCode::BAD_REQUEST, code::BAD_REQUEST),
            Rejected::UriTooLong => (StatusCode::URI_TOO_LONG, "uri-too-long"),
            Rejected::HeadersTooLarge => (
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                "headers-too-large",
            ),
        };
        let error = ApiError::new(status, code, rejected.to_string());
        match rejected {
            Rejected::RateLimited { seconds } => error.retry_after(seconds),
            _ => error,
        }
    }
}

impl IntoResponse for Rejected {
    fn into_response(self) -> Response {
        ApiError::from(self).into_response()
    }
}

impl From<PlayerError> for ApiError {
    fn from(error: PlayerError) -> Self {
        let (status, code) = match &error {
            PlayerError::BadName | PlayerError::NameHidden | PlayerError::NameMixesScripts => {
                (StatusCode::BAD_REQUEST, "bad-name")
            }
            PlayerError::NameTaken { .. } => (StatusCode::CONFLICT, "name-taken"),
            PlayerError::BadPassword => (StatusCode::BAD_REQUEST, "bad-password"),
            PlayerError::PasswordIsName | PlayerError::CommonPassword => {
                (StatusCode::BAD_REQUEST, "weak-password")
            }
            PlayerError::SignInsLimited { seconds } => {
                let seconds = *seconds;
                let message = error.to_string();
                return ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate-limited", message)
                    .retry_after(seconds);
            }
            PlayerError::WrongPassword => (StatusCode::FORBIDDEN, "wrong-password"),
            PlayerError::WrongKey => (StatusCode::FORBIDDEN, "wrong-key"),
            PlayerError::NoKey => (StatusCode::UNAUTHORIZED, code::NO_KEY),
            PlayerError::NoSuchPlayer | PlayerError::NoSuchKind | PlayerError::NoSuchSession => {
                (StatusCode::NOT_FOUND, code::NOT_FOUND)
            }
            PlayerError::Unavailable => return ApiError::unavailable(),
        };
        ApiError::new(status, code, error.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = Body {
            code: self.code,
            message: &self.message,
            rule: self.rule.as_deref(),
            args: &self.args,
        };
        let mut response = (self.status, Json(body)).into_response();
        // Searches take about a second: a client should not ask again sooner.
        let wait = match self.code {
            code::BUSY => Some("1"),
            "rate-limited" => self.args.get("seconds").map(String::as_str),
            _ => None,
        };
        if let Some(wait) = wait.and_then(|w| axum::http::HeaderValue::from_str(w).ok()) {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, wait);
        }
        response
    }
}
