//! The server's time for absences and expiry (`room::away`): the system's, which a test
//! moves on by hand so that a wait of minutes or days is checked without waiting.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The system's time, plus however far it was moved on ([`Time::advance`]). Clones share
/// it, so a test moves on the time of the server it started.
#[derive(Clone, Debug, Default)]
pub struct Time {
    ahead_ms: Arc<AtomicI64>,
}

impl Time {
    /// Milliseconds since the Unix epoch.
    pub fn now_millis(&self) -> i64 {
        crate::store::now_millis() + self.ahead_ms.load(Ordering::Relaxed)
    }

    /// Moves this time on by `by`.
    pub fn advance(&self, by: Duration) {
        let by = i64::try_from(by.as_millis()).unwrap_or(i64::MAX / 4);
        self.ahead_ms.fetch_add(by, Ordering::Relaxed);
    }
}
