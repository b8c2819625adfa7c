//! The store's rows: a game as created, its seats and events, an append, a seat claimed,
//! players and their ratings, a lobby page's cursor, a shared store's notices.

use std::collections::BTreeMap;

use trio_core::Seat;

use super::StorageError;
use crate::people::ratings::SeatRating;

/// Whether a game goes on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Status {
    #[default]
    Running,
    Over,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Running => "running",
            Status::Over => "over",
        }
    }

    pub fn parse(text: &str) -> Result<Self, StorageError> {
        match text {
            "running" => Ok(Status::Running),
            "over" => Ok(Status::Over),
            other => Err(StorageError::Corrupt(format!("game status {other:?}"))),
        }
    }
}

/// A game as created: everything but its events. Its default, a running game of nothing
/// with no seats, is for tests to fill in.
#[derive(Clone, Debug, Default)]
pub struct GameRow {
    pub id: String,
    pub spec: String,
    pub seed: u64,
    pub seed_nonce: String,
    pub seed_hash: String,
    pub version: u64,
    pub status: Status,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
    /// When it last changed (an event, a seat), in seconds since the Unix epoch: read
    /// back, never written (a new game's is its creation).
    pub updated_at: i64,
    /// The position the game started from (in the game's notation); `None`: a new game.
    pub start: Option<String>,
    /// The texts of the definition files its spec names, by option name; empty: built-in.
    pub definitions: BTreeMap<String, String>,
    pub seats: Vec<SeatRow>,
    /// Whether chance or a bot is to act first (a shared store's instances look for such
    /// games to play).
    pub automatic: bool,
    /// The lobby's line for the game, as JSON, for a shared store's lobby.
    pub summary: Option<String>,
    /// The game's clock as JSON (`room::clock`); `None`: no clock.
    pub clock: Option<String>,
    /// When its running clock's flag falls (written, never read back: the clock says it).
    pub deadline: Option<i64>,
    /// For a game made by "Play someone", what it pairs (spec and clock); written only.
    pub seek: Option<String>,
    /// For a game made by "Play someone", the browser that asked (`browser` of the seek),
    /// never paired with itself; written only.
    pub seeker: Option<String>,
    /// Who created it (`player:<id>` or `address:<ip>`), to count a creator's running
    /// games; written only.
    pub creator: Option<String>,
    /// The rematch's id, once every person agreed to it.
    pub rematch: Option<String>,
    /// Whether its end updates its players' ratings.
    pub rated: bool,
    /// Why a game asked for as rated is played casual.
    pub casual: Option<Casual>,
    /// Over and rated, but its ratings were never updated (a crash between the two, before
    /// they were written together): read back, never written.
    pub ratings_owed: bool,
    /// Per seat of a rated game, its rating as shown: once rated, before the game with its
    /// change; while it runs, its named player's now. Read back, never written (the room
    /// adds the AI levels' own).
    pub ratings: Vec<Option<SeatRating>>,
    /// More tokens of its seats (each a seat and a SHA-256 in hex): those its named
    /// players' other devices asked for with their keys. Read back; written one by one
    /// ([`super::Storage::add_seat_token`]).
    pub more_tokens: Vec<(Seat, String)>,
}

/// A rating as stored, with its player's name (for a leaderboard).
#[derive(Clone, Debug)]
pub struct RatingRow {
    pub name: String,
    pub kind: String,
    pub rating: crate::people::ratings::Rating,
}

/// A player with its ratings and their history, oldest first.
#[derive(Clone, Debug)]
pub struct ProfileRow {
    pub player: PlayerRow,
    pub ratings: Vec<RatingRow>,
    pub history: Vec<HistoryRow>,
}

/// One point of a player's rating history.
#[derive(Clone, Debug)]
pub struct HistoryRow {
    pub kind: String,
    pub game_id: String,
    pub rating: f64,
    pub deviation: f64,
    /// Seconds since the Unix epoch.
    pub at: i64,
    /// How much the game moved the rating, as shown; `None` for a game rated before
    /// changes were kept.
    pub change: Option<i64>,
}

#[derive(Clone, Debug)]
pub struct SeatRow {
    /// `human`, `ai:3`, …; `open` or `invite` while the seat waits for its player.
    pub agent: String,
    /// The SHA-256 of a person's seat token (of an invitation's code while it waits), in
    /// hex; `None` for a bot.
    pub token_hash: Option<String>,
    /// The named player sitting there; `None` for a guest or a bot.
    pub player: Option<PlayerRow>,
    /// Once the seat's person asked for or accepted a rematch, the SHA-256 (hex) of the
    /// token it holds in the rematch.
    pub rematch: Option<String>,
}

/// A player with its password's hash, if it set one (`passwords`).
#[derive(Clone, Debug)]
pub struct PasswordRow {
    pub player: PlayerRow,
    pub hash: Option<String>,
}

/// Whose failed sign-ins are counted ([`super::Storage::sign_in_failures`]).
#[derive(Clone, Copy, Debug)]
pub enum FailureScope<'a> {
    /// Those tried on one folded name.
    Account(&'a str),
    /// Those from one network (an IPv4 address, an IPv6 /64).
    Network(&'a str),
    /// Every one.
    All,
}

/// Failed sign-ins within a window: how many, and when the oldest was (milliseconds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Failures {
    pub count: u64,
    pub oldest: Option<i64>,
}

/// A key of a player: a session (`people::sessions`).
#[derive(Clone, Debug)]
pub struct SessionRow {
    /// The key's SHA-256, in hex.
    pub key_hash: String,
    pub label: Option<String>,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
    pub last_used_at: Option<i64>,
}

/// A named player (`POST /api/players`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub id: String,
    pub name: String,
}

/// What an event did; in the protocol's events too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    /// A seat's decision (a person's or a bot's), in notation.
    Play,
    /// A chance outcome (a roll, a draw), in notation.
    Chance,
    /// A seat gave up.
    Resign,
    /// A seat took back its own last decisions.
    Undo,
    /// A seat's clock ran out: it lost (as a resignation does).
    Timeout,
    /// A seat away too long lost: the others claimed the win.
    Abandoned,
    /// The seat to act lost when the game, idle too long, expired (before reasons were
    /// kept, stored as [`EventKind::Abandoned`]).
    Expired,
    /// The game was called off before it began.
    Abort,
    /// The seats agreed to a draw: the seat that accepted the offer.
    Draw,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Play => "play",
            EventKind::Chance => "chance",
            EventKind::Resign => "resign",
            EventKind::Undo => "undo",
            EventKind::Timeout => "timeout",
            EventKind::Abandoned => "abandoned",
            EventKind::Expired => "expired",
            EventKind::Abort => "abort",
            EventKind::Draw => "draw",
        }
    }

    pub fn parse(text: &str) -> Result<Self, StorageError> {
        match text {
            "play" => Ok(EventKind::Play),
            "chance" => Ok(EventKind::Chance),
            "resign" => Ok(EventKind::Resign),
            "undo" => Ok(EventKind::Undo),
            "timeout" => Ok(EventKind::Timeout),
            "abandoned" => Ok(EventKind::Abandoned),
            "expired" => Ok(EventKind::Expired),
            "abort" => Ok(EventKind::Abort),
            "draw" => Ok(EventKind::Draw),
            other => Err(StorageError::Corrupt(format!("event kind {other:?}"))),
        }
    }
}

/// One event, the game's version after it being `seq`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventRow {
    pub seq: u64,
    pub kind: EventKind,
    pub seat: Option<Seat>,
    /// The action in notation, for [`EventKind::Play`] and [`EventKind::Chance`].
    pub action: Option<String>,
    /// The client's id for the request, so that a resend is applied at most once.
    pub client_id: Option<String>,
}

/// An event to append to game `game_id`, moving it from version `seq - 1` to `seq`.
#[derive(Clone, Debug)]
pub struct Append {
    pub game_id: String,
    pub event: EventRow,
    /// The game's status after the event.
    pub status: Status,
    /// Whether chance or a bot is to act next: a shared store then gives this instance
    /// the game's lease, else frees it.
    pub automatic: bool,
    /// The lobby's line after the event, as JSON, for a shared store.
    pub summary: Option<String>,
    /// The clock after the event, as JSON, and when its flag falls.
    pub clock: Option<String>,
    pub deadline: Option<i64>,
}

/// A seat given a new player: a waiting seat taken (`POST /api/games/{id}/join`), or a
/// person's seat whose time ran out handed to the AI.
#[derive(Clone, Debug)]
pub struct SeatClaim {
    pub game_id: String,
    pub seat: Seat,
    /// The seat's stored agent before (`open`, `invite`, `human`): the change holds only
    /// if it still is, so that a seat is taken once whichever instance is asked.
    pub was: String,
    /// Its agent after (`human`, `ai:2`).
    pub agent: String,
    /// The SHA-256 of the seat's token, in hex.
    pub token_hash: Option<String>,
    /// The named player taking it, if any.
    pub player: Option<String>,
    /// Whether chance or a bot is to act now, the lobby's line and the clock, as an
    /// append says.
    pub automatic: bool,
    pub summary: String,
    pub clock: Option<String>,
    pub deadline: Option<i64>,
    /// Whether the game is rated now, and why not if it was asked for as rated: a person
    /// taking a seat may make it casual ([`Casual`]).
    pub rated: bool,
    pub casual: Option<Casual>,
    /// When a person sat down, in seconds since the Unix epoch (the server's time); `None`
    /// when no person did (a seat handed to the AI).
    pub seated_at: Option<i64>,
}

/// Why a game asked for as rated is played casual (`casual` in the API).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Casual {
    /// Two of its people already began as many rated games together within a day as
    /// they may (`trio serve --rated-games-per-pair`).
    PairLimit,
}

impl Casual {
    pub fn as_str(self) -> &'static str {
        match self {
            Casual::PairLimit => "pair-limit",
        }
    }

    pub fn parse(text: &str) -> Result<Self, StorageError> {
        match text {
            "pair-limit" => Ok(Casual::PairLimit),
            other => Err(StorageError::Corrupt(format!("casual reason {other:?}"))),
        }
    }
}

/// Where a game stands in a list of games, a page's cursor: a time (seconds since the Unix
/// epoch), then its id. Running games are listed by when they were created, finished ones
/// by when they ended (their last change), the latest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor {
    pub at: i64,
    pub id: String,
}

impl std::fmt::Display for Cursor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.at, self.id)
    }
}

impl std::str::FromStr for Cursor {
    type Err = ();

    fn from_str(text: &str) -> Result<Self, ()> {
        let (at, id) = text.split_once('-').ok_or(())?;
        let hex = id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit());
        match at.parse() {
            Ok(at) if hex => Ok(Cursor {
                at,
                id: id.to_owned(),
            }),
            _ => Err(()),
        }
    }
}

/// What a shared store hears of other instances' changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Game `game` reached version `seq`.
    Event { game: String, seq: u64 },
    /// A seat of game `game` was taken.
    Seated { game: String },
    /// The listener was cut off and is back: any game may have moved meanwhile.
    Resync,
}

/// A stored game with its events, to rebuild a room from.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub game: GameRow,
    pub events: Vec<EventRow>,
    /// Per seat, its draw offers.
    pub draws: Vec<DrawRow>,
}

/// A seat's draw offers (docs/api.md, "Draws"), as its row keeps them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawRow {
    /// The game's version when the seat's offer was made, while one may stand.
    pub offer: Option<u64>,
    /// The version when its last offer was declined.
    pub declined: Option<u64>,
    /// How many of its offers were declined.
    pub declines: u32,
}

/// A list of games the lobby pages through, each by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listed {
    /// Running games, by when they were created.
    Running,
    /// Finished games that were played (an event at least), by when they ended.
    Finished,
}

/// The ratings a rated game's end moves: its kind, each seat's player and rank.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedEnd {
    pub kind: String,
    pub ranked: Vec<(Rated, u8)>,
}

/// Who sat in a seat of a rated game: a named player, whose rating moves, or an AI
/// level, whose fixed rating ([`crate::people::ratings::Model::anchor`]) does not.
#[derive(Clone, Debug, PartialEq)]
pub enum Rated {
    Player(String),
    Anchor(crate::people::ratings::Rating),
}
