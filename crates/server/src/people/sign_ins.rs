//! Limits on failed sign-ins (`docs/api.md`, "Sign-in limits"), as lichess keeps them: per
//! account, per network (an IPv4 address, an IPv6 /64) and in all, each so many failures
//! within a window. Only failures count, so that a player signing in on its devices never
//! uses an allowance up; a refused try is not counted either, so that a guesser who keeps
//! trying waits no longer than the window. Kept in the store, so that every instance, and
//! a restart, counts alike.

use std::time::Duration;

use super::error::PlayerError;
use super::players::unavailable;
use crate::store::{FailureScope, Storage};

/// So many failed sign-ins within a window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allowance {
    pub failures: u64,
    pub within: Duration,
}

impl Allowance {
    pub const fn new(failures: u64, within: Duration) -> Self {
        Self { failures, within }
    }

    fn within_ms(self) -> i64 {
        i64::try_from(self.within.as_millis()).unwrap_or(i64::MAX / 4)
    }
}

/// The failed sign-ins allowed (`trio serve` keeps the defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignInLimits {
    /// On one name, from anywhere: what stops guessing from many addresses.
    pub per_account: Allowance,
    /// From one network, on any names.
    pub per_network: Allowance,
    /// On the whole server: a cap on the hashing guessers make it do.
    pub overall: Allowance,
}

impl Default for SignInLimits {
    fn default() -> Self {
        let ten_minutes = Duration::from_secs(600);
        Self {
            per_account: Allowance::new(10, ten_minutes),
            per_network: Allowance::new(200, ten_minutes),
            overall: Allowance::new(1_000, ten_minutes),
        }
    }
}

impl SignInLimits {
    /// Refuses a sign-in on folded name `name_key` from `network` at `now` (milliseconds)
    /// past any allowance, saying in how many seconds the oldest failure counted leaves it.
    pub(crate) async fn check(
        &self,
        store: &dyn Storage,
        name_key: &str,
        network: &str,
        now: i64,
    ) -> Result<(), PlayerError> {
        let scopes = [
            (FailureScope::Account(name_key), self.per_account),
            (FailureScope::Network(network), self.per_network),
            (FailureScope::All, self.overall),
        ];
        for (scope, allowance) in scopes {
            let within = allowance.within_ms();
            let failures = store
                .sign_in_failures(scope, now - within)
                .await
                .map_err(unavailable("count failed sign-ins"))?;
            if failures.count >= allowance.failures {
                let wait_ms = (failures.oldest.unwrap_or(now) + within - now).max(0);
                let seconds = u64::try_from(wait_ms).unwrap_or(0).div_ceil(1000).max(1);
                return Err(PlayerError::SignInsLimited { seconds });
            }
        }
        Ok(())
    }

    /// Counts a failed sign-in on `name_key` from `network` at `now`.
    pub(crate) async fn failed(
        &self,
        store: &dyn Storage,
        name_key: &str,
        network: &str,
        now: i64,
    ) -> Result<(), PlayerError> {
        let longest = [self.per_account, self.per_network, self.overall]
            .iter()
            .map(|a| a.within_ms())
            .max()
            .unwrap_or(0);
        store
            .add_sign_in_failure(name_key, network, now, now - longest)
            .await
            .map_err(unavailable("count a failed sign-in"))
    }
}
