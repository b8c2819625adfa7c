//! The tasks that keep an instance going: on a shared store, passing each notice to the
//! room it is about and taking over the games whose lease ran out; alone, resuming the
//! games with chance or a bot to act, then looking for games whose flag fell.

use std::collections::HashMap;
use std::sync::{Mutex, Weak};
use std::time::Duration;

use tokio::sync::mpsc;

use super::{AppState, Inner};
use crate::room::RoomHandle;
use crate::store::Notice;

/// How often a server alone looks for games whose flag fell while they were not in memory.
pub(super) const FLAG_POLL: Duration = Duration::from_secs(1);
/// The most games one look for due games takes over.
const DUE_BATCH: usize = 64;

/// Passes each notice to the room it is about, if this instance has it; a resync to every
/// room.
pub(super) async fn pass_notices(
    rooms: Weak<Mutex<HashMap<String, RoomHandle>>>,
    mut notices: mpsc::Receiver<Notice>,
) {
    while let Some(notice) = notices.recv().await {
        let Some(rooms) = rooms.upgrade() else {
            return;
        };
        let rooms = rooms.lock().expect("rooms lock");
        match notice {
            Notice::Event { game, seq } => {
                if let Some(room) = rooms.get(&game) {
                    room.nudge(Some(seq));
                }
            }
            Notice::Seated { game } => {
                if let Some(room) = rooms.get(&game) {
                    room.reseat();
                }
            }
            Notice::Resync => rooms.values().for_each(|room| room.nudge(None)),
        }
    }
}

/// Every `period`, plays the games whose chance or bots wait on a lease that ran out, or
/// whose clock's flag fell while no instance had them in memory: loads each (its room
/// takes the lease and plays, or lets the flag fall) or nudges the room here.
pub(super) async fn take_over(state: Weak<Inner>, period: Duration) {
    let mut every = tokio::time::interval(period);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let Some(inner) = state.upgrade() else {
            return;
        };
        let state = AppState { inner };
        let due = match state
            .inner
            .store
            .due(DUE_BATCH, state.now(), state.idle_before())
            .await
        {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("cannot look for games to take over: {e}");
                continue;
            }
        };
        for id in due {
            match state.cached(&id) {
                Some(room) => room.nudge(None),
                None => {
                    if let Err(e) = state.load(&id).await {
                        tracing::warn!(game = %id, "cannot take over: {}", e.message);
                    }
                }
            }
        }
    }
}

/// Alone on its store: loads the running games with chance or a bot to act, so that they
/// go on without anyone asking for them.
/// Loads each finished rated game still owed its ratings, which its room then updates
/// ([`crate::room`]'s repair), oldest end first, so that a player's ratings move in the
/// order the games ended. Every instance may do it at its start: a game's ratings are
/// updated once.
pub(super) async fn repair_ratings(state: AppState) {
    let owing = match state.inner.store.owing_ratings().await {
        Ok(owing) => owing,
        Err(e) => {
            tracing::error!("cannot list the games owed their ratings: {e}");
            return;
        }
    };
    for id in &owing {
        if let Err(e) = state.load(id).await {
            tracing::error!(game = %id, "cannot load a game owed its ratings: {}", e.message);
        }
    }
    if !owing.is_empty() {
        tracing::info!("{} finished games owed their ratings loaded", owing.len());
    }
}

pub(super) async fn resume(state: AppState) {
    let due = match state
        .inner
        .store
        .due(usize::MAX, state.now(), state.idle_before())
        .await
    {
        Ok(due) => due,
        Err(e) => {
            tracing::error!("cannot list the games to resume: {e}");
            return;
        }
    };
    let count = due.len();
    for id in due {
        if let Err(e) = state.load_stored(&id, true).await {
            tracing::error!(game = %id, "cannot resume a game: {}", e.message);
        }
    }
    tracing::info!("{count} games with chance or a bot to act resumed");
}
