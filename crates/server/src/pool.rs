//! The AI's threads, shared by every search the server runs: bots' turns, hints and
//! replays. A bot waits for a thread however long it takes (its game must go on); a
//! request (a hint, a replay) waits only while few others do, and is otherwise refused as
//! busy, so a flood of hints queues no unbounded work in front of the games.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::error::Refusal;

/// How many requests may wait for a thread, per thread.
const WAITING_PER_THREAD: usize = 4;

#[derive(Clone, Debug)]
pub struct AiPool {
    threads: Arc<Semaphore>,
    /// Places for requests waiting or running; bots do not take one.
    requests: Arc<Semaphore>,
}

impl AiPool {
    /// A pool of `threads` searches at once.
    pub fn new(threads: usize) -> Self {
        Self {
            threads: Arc::new(Semaphore::new(threads)),
            requests: Arc::new(Semaphore::new(threads * (1 + WAITING_PER_THREAD))),
        }
    }

    /// Runs a bot's `work` on the blocking pool once a thread is free.
    pub async fn bot<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, tokio::task::JoinError> {
        let permit = self
            .threads
            .clone()
            .acquire_owned()
            .await
            .expect("the AI pool is never closed");
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
    }

    /// Runs a request's `work` like [`AiPool::bot`], or refuses it as [`Refusal::Busy`]
    /// when the requests already waiting fill their places.
    pub async fn request<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Refusal> {
        let _place = self
            .requests
            .clone()
            .try_acquire_owned()
            .map_err(|_| Refusal::Busy)?;
        self.bot(work).await.map_err(|e| {
            tracing::error!("a search failed: {e}");
            Refusal::Unavailable
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;

    /// While one thread is held by a bot, requests wait up to their places; one more is
    /// refused as busy at once, and the waiting ones all run once the thread is free.
    #[tokio::test]
    async fn requests_past_their_places_are_refused_and_the_others_run() {
        let pool = AiPool::new(1);
        let (release, held) = mpsc::channel::<()>();
        let bot = tokio::spawn({
            let pool = pool.clone();
            async move { pool.bot(move || held.recv().unwrap()).await }
        });
        // The bot holds the thread before any request asks.
        while pool.threads.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        let waiting: Vec<_> = (0..1 + WAITING_PER_THREAD)
            .map(|i| {
                let pool = pool.clone();
                tokio::spawn(async move { pool.request(move || i).await })
            })
            .collect();
        while pool.requests.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(pool.request(|| 99).await, Err(Refusal::Busy));
        release.send(()).unwrap();
        bot.await.unwrap().unwrap();
        for (i, request) in waiting.into_iter().enumerate() {
            assert_eq!(request.await.unwrap(), Ok(i));
        }
    }
}
