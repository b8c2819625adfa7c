//! The follower: on a shared store other instances write the same game. A room replays the
//! events it hears of (and, before it shows the game or refuses a request, any it may have
//! missed), so its clients see every event in order; when it cannot follow, it reloads.

use super::{Room, RoomError};

impl Room {
    /// Reads the events other instances stored since this room's version, applies them and
    /// tells the clients; `true` if there were any.
    pub(super) async fn catch_up(&mut self) -> Result<bool, RoomError> {
        if self.shared.lease.is_none() {
            return Ok(false);
        }
        let events = self.shared.store.since(&self.id, self.committed).await?;
        if events.is_empty() {
            return Ok(false);
        }
        let from = self.committed;
        for event in &events {
            if let Err(reason) = self.replay(event) {
                tracing::warn!(game = %self.id, "cannot follow, reloading: {reason}");
                self.reload(from).await?;
                return Ok(true);
            }
        }
        self.lease.forget();
        self.refresh();
        self.tell_since(from);
        Ok(true)
    }

    /// Catches up before a read; on failure the read is answered from what the room
    /// knows.
    pub(super) async fn follow(&mut self) {
        if let Err(e) = self.catch_up().await {
            tracing::warn!(game = %self.id, "cannot catch up: {e}");
        }
    }

    /// Rebuilds the game from storage after another instance took the version this room
    /// meant to write; tells the clients what they were not told since `from`.
    pub(super) async fn reload(&mut self, from: u64) -> Result<(), RoomError> {
        let stored = self
            .shared
            .store
            .load(&self.id)
            .await?
            .ok_or_else(|| RoomError::Gone(self.id.clone()))?;
        let fresh = Self::rebuild(stored, self.shared.clone())?;
        {
            // A seat taken elsewhere may have made a rated game casual (the pair's limit).
            let made = fresh.summary.lock().expect("summary lock");
            let mut summary = self.summary.lock().expect("summary lock");
            (summary.rated, summary.casual) = (made.rated, made.casual);
        }
        self.live = fresh.live;
        self.table = fresh.table;
        self.ratings = fresh.ratings;
        self.committed = fresh.committed;
        self.lease.forget();
        self.refresh();
        self.tell_since(from);
        Ok(())
    }
}
