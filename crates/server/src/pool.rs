//! The AI's threads, shared by every search the server runs: bots' turns, hints and
//! replays. A bot waits for a thread however long it takes (its game must go on); a
//! request (a hint, a replay) waits only while few others do, and is otherwise refused as
//! busy, so a flood of hints queues no unbounded work in front of the games. The threads
//! are the AI's own and run at a lower priority (nice [`NICER`] and the idle scheduling
//! class on Linux), so searches take the CPU the games leave: a flood of hints does not
//! delay another game's moves.

use std::sync::Arc;

use tokio::sync::{oneshot, Semaphore};

use crate::error::Refusal;

/// How many requests may wait for a thread, per thread.
const WAITING_PER_THREAD: usize = 4;

/// How much nicer than the server the AI's threads are: the most there is (a thread at +19
/// gets about 1.5 % of a core that a thread at +0 also wants). At +10 and +15 a hint flood
/// still took another game's ack p99 to 2.2 times the quiet one, at +19 to 1.4 times (with
/// the kernel's autogroups on; off, 2.2 to 2.6 times, hence also the idle class). Bots
/// search to node budgets, so they play as well, only slower while the machine is busy.
pub const NICER: i32 = 19;

#[derive(Clone, Debug)]
pub struct AiPool {
    searchers: Arc<rayon::ThreadPool>,
    threads: Arc<Semaphore>,
    /// Places for requests waiting or running; bots do not take one.
    requests: Arc<Semaphore>,
}

/// A search that panicked (the panic is logged where it happened).
#[derive(Debug, thiserror::Error)]
#[error("the search panicked")]
pub struct SearchFailed;

impl AiPool {
    /// A pool of `threads` searches at once.
    pub fn new(threads: usize) -> Self {
        let searchers = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("trio-ai-{i}"))
            .start_handler(|_| lower_this_threads_priority())
            .panic_handler(|_| tracing::error!("a search panicked"))
            .build()
            .expect("the AI's threads start");
        Self {
            searchers: Arc::new(searchers),
            threads: Arc::new(Semaphore::new(threads)),
            requests: Arc::new(Semaphore::new(threads * (1 + WAITING_PER_THREAD))),
        }
    }

    /// Runs a bot's `work` on one of the AI's threads once one is free.
    pub async fn bot<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, SearchFailed> {
        let permit = self
            .threads
            .clone()
            .acquire_owned()
            .await
            .expect("the AI pool is never closed");
        let (done, result) = oneshot::channel();
        self.searchers.spawn(move || {
            let _permit = permit;
            // The asker may have gone (a closed game); the result is then not wanted.
            let _ = done.send(work());
        });
        result.await.map_err(|_| SearchFailed)
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
        self.bot(work).await.map_err(|_| Refusal::Unavailable)
    }
}

/// Makes the calling thread [`NICER`] than it is and, on Linux, of the idle scheduling
/// class (`SCHED_IDLE`): a nice thread that is running keeps its core for the rest of its
/// slice when a server thread wakes (a hint flood took another game's ack p99 from 2 ms to
/// 4.5 ms), an idle one gives it up at once. On Linux the nice value is each thread's own
/// (`setpriority(2)`, "Bugs"); elsewhere it would be the whole server's, so it is left.
fn lower_this_threads_priority() {
    #[cfg(target_os = "linux")]
    {
        use rustix::process::{getpriority_process, setpriority_process};
        use thread_priority::{
            set_thread_priority_and_policy, thread_native_id, thread_schedule_policy,
            NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
        };
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        let lowered = getpriority_process(None).and_then(|now| {
            // The crate sets the class, then a nice value of 0, which may be refused; the
            // nice value is set below, so only the class is checked.
            let _ = set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle);
            if thread_schedule_policy().ok() != Some(idle) {
                tracing::warn!("the AI's threads stay in the normal scheduling class");
            }
            setpriority_process(None, now + NICER)
        });
        if let Err(e) = lowered {
            tracing::warn!("the AI's threads keep the server's priority: {e}");
        }
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

    /// Searches run nicer than the server's threads and in the idle class, so that they
    /// take only what the games leave; a search that panics is an error, and the pool
    /// goes on.
    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn searches_run_nicer_than_the_server_and_survive_a_panic() {
        use rustix::process::getpriority_process;
        let pool = AiPool::new(1);
        let server = getpriority_process(None).unwrap();
        let search = pool
            .bot(|| {
                (
                    getpriority_process(None).unwrap(),
                    thread_priority::thread_schedule_policy().unwrap(),
                )
            })
            .await;
        assert_eq!(
            search.unwrap(),
            (
                (server + NICER).min(19),
                thread_priority::ThreadSchedulePolicy::Normal(
                    thread_priority::NormalThreadSchedulePolicy::Idle
                )
            )
        );
        assert!(pool.bot(|| panic!("a bug in a bot")).await.is_err());
        assert_eq!(pool.request(|| 7).await, Ok(7));
    }
}
