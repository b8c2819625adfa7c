//! The lobby, a page at a time: read from the store's index, a running game loaded here
//! shown as it is now.

use super::AppState;
use crate::error::ApiError;
use crate::protocol::GameSummary;
use crate::room::RoomHandle;
use crate::store::{Cursor, Listed};

impl AppState {
    /// A page of the lobby, the latest first, after `after`: at most `limit` games of
    /// `listed` (running or finished), and the cursor of the next page if there is one.
    /// Read from the store's index, on a shared store every instance's games; a running
    /// game loaded here is shown as it is now (who is connected).
    /// Unavailable (503) when a shared store cannot be read, so that a load balancer's
    /// health check sees it.
    pub(crate) async fn games(
        &self,
        listed: Listed,
        after: Option<&Cursor>,
        limit: usize,
    ) -> Result<(Vec<GameSummary>, Option<String>), ApiError> {
        let read = self.inner.store.lobby(listed, after, limit + 1).await;
        let mut rows = read.map_err(|e| {
            tracing::warn!("cannot read the lobby: {e}");
            ApiError::unavailable()
        })?;
        let next = (rows.len() > limit).then(|| {
            rows.truncate(limit);
            rows.last().map(|(_, at)| at.to_string())
        });
        let mut games: Vec<GameSummary> = rows
            .iter()
            .filter_map(|(line, _)| serde_json::from_str(line).ok())
            .collect();
        if let Listed::Running = listed {
            // Only the listed games are looked up, their handles taken at once: the rooms'
            // lock is held for a page of lookups, never while a summary is read.
            let loaded: Vec<Option<RoomHandle>> = {
                let rooms = self.inner.rooms.lock().expect("rooms lock");
                games.iter().map(|g| rooms.get(&g.id).cloned()).collect()
            };
            for (game, room) in games.iter_mut().zip(loaded) {
                if let Some(room) = room {
                    *game = room.summary.lock().expect("summary lock").clone();
                }
            }
            games.retain(|g| !g.over);
        }
        Ok((games, next.flatten()))
    }
}
