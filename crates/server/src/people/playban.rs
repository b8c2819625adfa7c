//! The wait after aborting rated games (lichess' playban, on its scale): a player who
//! aborted rated games against other people three times within a week waits ten minutes
//! after the last before its next rated game, twice as long for each abort more, three
//! days at most. Casual games are never held back. The aborts are read from the games'
//! own events ([`crate::store::Storage::rated_aborts`]), so that every instance counts
//! the same.

use crate::error::Refusal;
use crate::store::{Storage, StorageError};

/// How far back aborts count, in seconds.
const WINDOW: i64 = 7 * 86_400;
/// The aborts within the window that cost nothing.
const FREE: usize = 2;
/// The first wait, in seconds, doubled for each abort more.
const FIRST_WAIT: i64 = 600;
/// The longest wait, in seconds.
const MOST_WAIT: i64 = 3 * 86_400;

/// Until when (seconds since the Unix epoch) a player whose aborts within the window were at
/// `aborts` (oldest first) waits before its next rated game; `None`: it need not.
fn wait_until(aborts: &[i64]) -> Option<i64> {
    let more = aborts.len().checked_sub(FREE + 1)?;
    let wait = FIRST_WAIT
        .saturating_mul(1_i64 << more.min(20))
        .min(MOST_WAIT);
    Some(aborts.last()? + wait)
}

/// Whether `player` may start a rated game at `now` (seconds): refused with the minutes
/// left while it waits.
pub(crate) async fn check(
    store: &dyn Storage,
    player: &str,
    now: i64,
) -> Result<Result<(), Refusal>, StorageError> {
    let aborts = store.rated_aborts(player, now - WINDOW).await?;
    Ok(match wait_until(&aborts).filter(|&until| until > now) {
        Some(until) => Err(Refusal::RatedWait {
            aborts: aborts.len(),
            minutes: (until - now + 59) / 60,
        }),
        None => Ok(()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_abort_in_a_week_costs_ten_minutes_and_each_more_doubles_it() {
        assert_eq!(wait_until(&[]), None);
        assert_eq!(wait_until(&[100, 200]), None);
        assert_eq!(wait_until(&[100, 200, 300]), Some(300 + 600));
        assert_eq!(wait_until(&[1, 2, 3, 400]), Some(400 + 1_200));
        assert_eq!(wait_until(&[1, 2, 3, 4, 5, 600]), Some(600 + 4_800));
        let many: Vec<i64> = (0..40).collect();
        assert_eq!(wait_until(&many), Some(39 + MOST_WAIT));
    }
}
