//! Replays of finished games: every position of a game as one viewer may see it, played
//! through once on the AI pool when first asked for and then kept (a finished game never
//! changes) in a cache bounded by bytes, so stepping through a replay costs one pass, not
//! one pass a step.

use std::sync::Arc;

use quick_cache::sync::Cache;
use quick_cache::Weighter;
use serde_json::value::RawValue;
use trio_catalog::AgentSpec;
use trio_core::{Record, Turn};

use crate::error::{ApiError, Refusal};
use crate::pool::AiPool;
use crate::room::Viewer;

/// What the cache may hold in all: the positions of some hundred long games.
const CACHE_BYTES: u64 = 64 << 20;

/// A game and the seat it is seen from (`None`: a spectator).
type Key = (String, Viewer);

/// The position after each number of actions, 0 to all, as JSON views.
#[derive(Debug)]
struct Positions {
    views: Vec<Box<RawValue>>,
    bytes: u64,
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<Key, Arc<Positions>> for ByBytes {
    fn weight(&self, key: &Key, positions: &Arc<Positions>) -> u64 {
        key.0.len() as u64 + positions.bytes
    }
}

pub struct Replays {
    cache: Cache<Key, Arc<Positions>, ByBytes>,
}

impl std::fmt::Debug for Replays {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replays")
            .field("bytes", &self.cache.weight())
            .finish_non_exhaustive()
    }
}

/// A finished game after its first `ply` actions.
#[derive(Debug, serde::Serialize)]
pub struct ReplayStep {
    pub ply: usize,
    pub total: usize,
    pub view: Box<RawValue>,
}

impl Replays {
    pub fn new() -> Self {
        Self {
            cache: Cache::with_weighter(256, CACHE_BYTES, ByBytes),
        }
    }

    /// Game `id` after `ply` actions as `viewer` sees it; `record` gives the game when its
    /// positions are not kept yet (asked for only then).
    pub async fn step<F>(
        &self,
        pool: &AiPool,
        id: &str,
        viewer: Viewer,
        ply: usize,
        record: F,
    ) -> Result<ReplayStep, ApiError>
    where
        F: std::future::Future<Output = Result<Record, ApiError>>,
    {
        let key = (id.to_owned(), viewer);
        let positions = self
            .cache
            .get_or_insert_async(&key, async {
                let record = record.await?;
                let game = id.to_owned();
                pool.request(move || positions(&record, viewer))
                    .await?
                    .map(Arc::new)
                    .map_err(|e| {
                        tracing::error!(game = %game, "a replay failed: {e}");
                        ApiError::from(Refusal::Unavailable)
                    })
            })
            .await?;
        let total = positions.views.len() - 1;
        let ply = ply.min(total);
        Ok(ReplayStep {
            ply,
            total,
            view: positions.views[ply].clone(),
        })
    }
}

/// Plays the record through (chance from its seed), keeping the view after each action.
fn positions(record: &Record, viewer: Viewer) -> Result<Positions, String> {
    let game = trio_catalog::record_game(record).map_err(|e| e.to_string())?;
    let people = vec![AgentSpec::Human; game.seat_count()];
    let mut live = game
        .start(record.seed, &people, record.start.as_deref())
        .map_err(|e| e.to_string())?;
    let view = |live: &dyn trio_catalog::Live| {
        RawValue::from_string(live.view_json(viewer.seat()).to_string())
            .expect("a JSON value serializes to JSON")
    };
    let mut views = vec![view(live.as_ref())];
    for action in &record.actions {
        match live.turn() {
            Turn::Chance => live.step().map(drop).map_err(|e| e.to_string())?,
            Turn::Seat(seat) => live
                .submit(seat, action, None)
                .map(drop)
                .map_err(|e| e.to_string())?,
            Turn::Over => break,
        }
        views.push(view(live.as_ref()));
    }
    let bytes = views.iter().map(|v| v.get().len() as u64).sum();
    Ok(Positions { views, bytes })
}
