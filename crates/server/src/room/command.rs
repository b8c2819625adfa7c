//! What the server asks of a room, and the handle it asks through.

use std::sync::{Arc, Mutex};

use bytes::Bytes;
use tokio::sync::{mpsc, oneshot};
use trio_catalog::HintJob;
use trio_core::{Record, Seat};

use crate::error::Refusal;
use crate::protocol::{GameSummary, RematchTicket, SeatTicket, Snapshot};

/// Commands waiting for a room before senders wait.
pub(super) const QUEUE: usize = 256;

/// The sending side of a room, held by the server's map of rooms.
#[derive(Clone, Debug)]
pub(crate) struct RoomHandle {
    pub(super) tx: mpsc::Sender<Command>,
    pub(crate) summary: Arc<Mutex<GameSummary>>,
}

impl RoomHandle {
    /// Sends a command; `Err` if the room has stopped.
    pub(crate) async fn send(&self, command: Command) -> Result<(), ()> {
        self.tx.send(command).await.map_err(|_| ())
    }

    pub(crate) fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Tells the room that storage moved on (to `seq`, or maybe), without waiting.
    pub(crate) fn nudge(&self, seq: Option<u64>) {
        self.tell(Command::Sync { seq });
    }

    /// Tells the room that another instance changed a seat, without waiting.
    pub(crate) fn reseat(&self) {
        self.tell(Command::Reseated);
    }

    fn tell(&self, command: Command) {
        if let Err(mpsc::error::TrySendError::Full(command)) = self.tx.try_send(command) {
            let tx = self.tx.clone();
            tokio::spawn(async move { tx.send(command).await });
        }
    }
}

/// Who asks to act.
#[derive(Debug)]
pub(crate) enum Who {
    /// An HTTP request with this bearer token, if any.
    Token(Option<String>),
    /// A WebSocket connection that said hello.
    Conn(u64),
}

#[derive(Debug)]
pub(crate) enum Request {
    Play {
        action: String,
        expect: u64,
    },
    Resign,
    /// Calling the game off before every seat has played (a resignation then aborts too).
    Abort,
    /// Offering a draw, or accepting the other's offer (`room::draws`).
    Draw,
    /// Declining the other's offer of a draw.
    DeclineDraw,
    Undo {
        expect: Option<u64>,
    },
}

/// Where the answer to an action goes.
#[derive(Debug)]
pub(crate) enum Reply {
    Http(oneshot::Sender<Result<u64, Refusal>>),
    /// Into the connection's own queue, ahead of the broadcast.
    Ws,
}

#[derive(Debug)]
pub(crate) enum Command {
    Show {
        token: Option<String>,
        reply: oneshot::Sender<Result<Snapshot, Refusal>>,
    },
    Join {
        token: Option<String>,
        since: Option<u64>,
        out: mpsc::Sender<Bytes>,
        reply: oneshot::Sender<Result<u64, Refusal>>,
    },
    Leave {
        conn: u64,
    },
    /// Connection `conn` says a canned message.
    Say {
        conn: u64,
        phrase: crate::protocol::Phrase,
    },
    Act {
        who: Who,
        cid: Option<String>,
        request: Request,
        reply: Reply,
    },
    Record {
        reply: oneshot::Sender<Result<Record, Refusal>>,
    },
    /// A player takes a waiting seat: `seat` or the first open one, or with `code` the
    /// seat its invitation is for; the answer is the seat's token, given this once.
    Claim {
        seat: Option<Seat>,
        code: Option<String>,
        /// The named player taking it; `None`: a guest.
        player: Option<crate::store::PlayerRow>,
        reply: oneshot::Sender<Result<SeatTicket, Refusal>>,
    },
    /// A seated player gives every open seat to the AI at `level`, so that the game
    /// begins without waiting for more players.
    Fill {
        token: Option<String>,
        level: u8,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// A seated person chooses for the absent seat to act: the win (it loses as by a
    /// resignation) or the AI to play it on.
    Absent {
        token: Option<String>,
        choice: crate::protocol::AbsentChoice,
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// Named player `player`'s device, holding its `key`, asks for the tokens of the seats
    /// the player sits in: derived from the key, stored as more tokens of those seats.
    SeatTokens {
        player: String,
        key: String,
        reply: oneshot::Sender<Result<Vec<SeatTicket>, Refusal>>,
    },
    /// Another instance changed a seat (its player, its tokens): the game is read again.
    Reseated,
    /// The holder of `token` asks for (or accepts) a rematch of the finished game: its
    /// token there, and the rematch's id once every person agreed (the last to agree
    /// makes it).
    Rematch {
        token: Option<String>,
        reply: oneshot::Sender<Result<RematchTicket, Refusal>>,
    },
    /// Another instance moved the game to `seq` (`None`: it may have, read what is new).
    Sync {
        seq: Option<u64>,
    },
    /// A hint's search for the seat of `token`, from its view alone, when it is to move
    /// and every other seat is a bot.
    Hint {
        token: Option<String>,
        level: u8,
        seed: u64,
        reply: oneshot::Sender<Result<HintJob, Refusal>>,
    },
}
