//! Reviews of finished games (`docs/review.md`): computed once, on the AI pool, when first
//! asked for; kept in the store, since a finished game never changes; served from memory
//! after. A review takes seconds, so the first asks are answered with its progress.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use quick_cache::sync::Cache;
use quick_cache::Weighter;
use serde_json::value::RawValue;
use trio_core::Record;

use crate::error::{ApiError, Refusal};
use crate::pool::AiPool;
use crate::store::Storage;

/// The judge's level on the server: the default of `trio analyse`.
pub const REVIEW_LEVEL: u8 = 3;

/// What the memory cache may hold: a long Na orbicie review is some hundred KiB.
const CACHE_BYTES: u64 = 32 << 20;

/// A review's progress, or why it could not be made.
#[derive(Debug, Default)]
struct Progress {
    done: AtomicUsize,
    total: AtomicUsize,
    failed: Mutex<Option<Refusal>>,
}

/// Where a review stands for the one who asks.
#[derive(Debug)]
pub enum ReviewState {
    Ready(Arc<RawValue>),
    /// Being made: `done` of `total` positions and moves judged.
    Working {
        done: usize,
        total: usize,
    },
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<String, Arc<RawValue>> for ByBytes {
    fn weight(&self, key: &String, review: &Arc<RawValue>) -> u64 {
        (key.len() + review.get().len()) as u64
    }
}

pub struct Reviews {
    ready: Cache<String, Arc<RawValue>, ByBytes>,
    working: Mutex<HashMap<String, Arc<Progress>>>,
}

impl std::fmt::Debug for Reviews {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reviews")
            .field("bytes", &self.ready.weight())
            .finish_non_exhaustive()
    }
}

impl Reviews {
    pub fn new() -> Arc<Self> {
        Arc::new(Self {
            ready: Cache::with_weighter(256, CACHE_BYTES, ByBytes),
            working: Mutex::default(),
        })
    }

    /// Game `id`'s review: kept, being made, or started now from `record` (asked for
    /// only then; a game not over is refused there, so a review never shows what a game
    /// in progress hides).
    pub async fn get<F>(
        self: &Arc<Self>,
        store: Arc<dyn Storage>,
        pool: &AiPool,
        id: &str,
        record: F,
    ) -> Result<ReviewState, ApiError>
    where
        F: std::future::Future<Output = Result<Record, ApiError>>,
    {
        if let Some(review) = self.ready.get(id) {
            return Ok(ReviewState::Ready(review));
        }
        if let Some(state) = self.working_state(id)? {
            return Ok(state);
        }
        let kept = store.review(id, REVIEW_LEVEL).await.map_err(|e| {
            tracing::error!(game = %id, "cannot read a review: {e}");
            ApiError::unavailable()
        })?;
        if let Some(text) = kept {
            let review: Arc<RawValue> = RawValue::from_string(text)
                .map_err(|e| {
                    tracing::error!(game = %id, "a stored review does not read: {e}");
                    ApiError::unavailable()
                })?
                .into();
            self.ready.insert(id.to_owned(), review.clone());
            return Ok(ReviewState::Ready(review));
        }
        let record = record.await?;
        let progress = {
            let mut working = self.working.lock().expect("reviews lock");
            if working.contains_key(id) {
                drop(working);
                return Ok(self
                    .working_state(id)?
                    .unwrap_or(ReviewState::Working { done: 0, total: 0 }));
            }
            let progress = Arc::new(Progress::default());
            working.insert(id.to_owned(), progress.clone());
            progress
        };
        let reviews = self.clone();
        let pool = pool.clone();
        let id = id.to_owned();
        tokio::spawn(async move {
            let job_progress = progress.clone();
            let made = pool
                .request(move || review_json(&record, &job_progress))
                .await
                .and_then(|made| {
                    made.map_err(|e| {
                        tracing::error!("a review failed: {e}");
                        Refusal::Unavailable
                    })
                });
            let outcome = match made {
                Ok(review) => match store.store_review(&id, REVIEW_LEVEL, review.get()).await {
                    Ok(()) => Ok(review),
                    Err(e) => {
                        tracing::error!(game = %id, "a review was not kept: {e}");
                        Ok(review)
                    }
                },
                Err(refusal) => Err(refusal),
            };
            match outcome {
                Ok(review) => {
                    reviews.ready.insert(id.clone(), review.into());
                    reviews.working.lock().expect("reviews lock").remove(&id);
                }
                // Kept until asked once more, so the one waiting hears why; the ask
                // after that starts again.
                Err(refusal) => *progress.failed.lock().expect("progress lock") = Some(refusal),
            }
        });
        Ok(ReviewState::Working { done: 0, total: 0 })
    }

    /// The progress of a review being made; a failed one is forgotten as its failure is
    /// told.
    fn working_state(&self, id: &str) -> Result<Option<ReviewState>, ApiError> {
        let mut working = self.working.lock().expect("reviews lock");
        let Some(progress) = working.get(id).cloned() else {
            return Ok(None);
        };
        if let Some(refusal) = progress.failed.lock().expect("progress lock").take() {
            working.remove(id);
            return Err(refusal.into());
        }
        Ok(Some(ReviewState::Working {
            done: progress.done.load(Ordering::Relaxed),
            total: progress.total.load(Ordering::Relaxed),
        }))
    }
}

/// Reviews a record at [`REVIEW_LEVEL`], telling `progress` as it goes.
fn review_json(record: &Record, progress: &Progress) -> Result<Box<RawValue>, String> {
    let game = trio_catalog::record_game(record).map_err(|e| e.to_string())?;
    let review = game
        .review(record, Some(REVIEW_LEVEL), 1, &mut |done, total| {
            progress.total.store(total, Ordering::Relaxed);
            progress.done.store(done, Ordering::Relaxed);
        })
        .map_err(|e| e.to_string())?;
    serde_json::value::to_raw_value(&review).map_err(|e| e.to_string())
}
