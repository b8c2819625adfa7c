//! The commit: each change the game makes — a move, a resignation, an undo, chance, a
//! bot's move — is stored (event row and version together) before it is acknowledged and
//! broadcast. A change that ends the game is written by [`Room::write_end`], with the
//! ratings after it.

use trio_core::Change;

use super::ending::End;
use super::{views, Room, RoomError};
use crate::store::{Append, EventRow, Status};

impl Room {
    /// Commits the change that brought the game to its version (sent with client id
    /// `cid`) and refreshes.
    pub(super) async fn commit(&mut self, cid: Option<String>) -> Result<(), RoomError> {
        let entry = self
            .live
            .log()
            .last()
            .cloned()
            .ok_or(RoomError::NothingToCommit)?;
        let seat = entry.by;
        let decided = seat.filter(|_| matches!(entry.change, Change::Played(_)));
        self.tick(decided);
        // Refreshed before the append, for the lobby's line; a failed append reloads or
        // stops the room, so nobody reads the refreshed state unless it is stored.
        self.refresh();
        let automatic = self.automatic();
        let over = self.views.over();
        let append = Append {
            game_id: self.id.clone(),
            event: EventRow {
                seq: entry.version,
                kind: views::event_kind(&entry),
                seat,
                action: match entry.change {
                    Change::Played(notation) => Some(notation),
                    _ => None,
                },
                client_id: cid.clone(),
            },
            status: if over { Status::Over } else { Status::Running },
            automatic,
            summary: Some(self.summary_json()),
            clock: self.clock_json(),
            deadline: self.deadline(),
        };
        let written = if over {
            self.write_end(End::Event(append)).await.map(drop)
        } else {
            self.shared
                .store
                .append(append)
                .await
                .map_err(RoomError::from)
        };
        if let Err(e) = written {
            if !e.is_conflict() {
                tracing::error!(game = %self.id, "cannot store an event, the room stops: {e}");
            }
            return Err(e);
        }
        self.committed = entry.version;
        self.away.changed(self.shared.time.now_millis());
        self.lease.granted(automatic);
        if let (Some(cid), Some(seat)) = (cid, seat) {
            self.table.remember(seat, cid, entry.version);
        }
        Ok(())
    }
}
