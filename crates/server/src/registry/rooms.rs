//! The rooms in memory: each found by its game's id, loaded from storage on first use
//! (once, however many ask at once), and forgotten when its task stops.

use tokio::sync::oneshot;

use super::AppState;
use crate::error::{ApiError, Refusal};
use crate::room::{Command, Room, RoomHandle};
use crate::store::{StorageError, StoredGame};

impl AppState {
    /// The room of game `id`, loading it if needed; 404 if there is no such game.
    pub(crate) async fn room(&self, id: &str) -> Result<RoomHandle, ApiError> {
        if let Some(handle) = self.cached(id) {
            return Ok(handle);
        }
        self.load(id).await
    }

    pub(super) fn cached(&self, id: &str) -> Option<RoomHandle> {
        let rooms = self.inner.rooms.lock().expect("rooms lock");
        rooms.get(id).filter(|h| !h.is_closed()).cloned()
    }

    pub(super) async fn load(&self, id: &str) -> Result<RoomHandle, ApiError> {
        self.load_stored(id, false).await
    }

    /// [`AppState::load`]; with `describe`, the game's lobby line and whether chance or a
    /// bot is to act are stored before it starts (a game stored before these were has
    /// neither).
    pub(super) async fn load_stored(
        &self,
        id: &str,
        describe: bool,
    ) -> Result<RoomHandle, ApiError> {
        // Ids are 16 hex digits: anything else is not looked up.
        if id.len() != 16 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ApiError::not_found());
        }
        let _loading = self.inner.loading.enter(id).await;
        if let Some(handle) = self.cached(id) {
            return Ok(handle);
        }
        let unavailable = |e: StorageError| {
            tracing::error!(game = %id, "cannot load: {e}");
            ApiError::unavailable()
        };
        let Some(stored) = self.inner.store.load(id).await.map_err(unavailable)? else {
            return Err(ApiError::not_found());
        };
        let room = self.rebuild(stored)?;
        if describe {
            self.inner
                .store
                .describe(id, room.automatic(), &room.summary_json())
                .await
                .map_err(unavailable)?;
        }
        Ok(self.start(room))
    }

    /// A stored game's room, not started yet.
    pub(super) fn rebuild(&self, stored: StoredGame) -> Result<Room, ApiError> {
        Room::rebuild(stored, self.inner.shared.clone()).map_err(|e| {
            tracing::error!("cannot rebuild: {e}");
            ApiError::unavailable()
        })
    }

    /// Starts `room`'s task and keeps its handle.
    pub(super) fn start(&self, room: Room) -> RoomHandle {
        let id = room.id().to_owned();
        let handle = room.spawn();
        self.inner
            .rooms
            .lock()
            .expect("rooms lock")
            .insert(id, handle.clone());
        handle
    }

    /// Sends `command` (made with a reply channel) to game `id`'s room and waits for the
    /// answer. A room that stopped is loaded again once.
    pub(crate) async fn ask<T>(
        &self,
        id: &str,
        command: impl Fn(oneshot::Sender<Result<T, Refusal>>) -> Command,
    ) -> Result<T, ApiError> {
        for _ in 0..2 {
            let room = self.room(id).await?;
            let (tx, rx) = oneshot::channel();
            if room.send(command(tx)).await.is_err() {
                continue;
            }
            return rx
                .await
                .unwrap_or(Err(Refusal::Unavailable))
                .map_err(ApiError::from);
        }
        Err(ApiError::unavailable())
    }
}
