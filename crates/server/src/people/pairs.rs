//! No farming: the rated games two named players may begin together within a day
//! (`trio serve --rated-games-per-pair`, `docs/api.md` "Ratings"); one more between them is
//! played casual. Counted in the store, so that every instance on a shared store agrees.
//! AI levels are no one's pair: they are anchors, and their seats name no player.

use crate::store::{Storage, StorageError};

/// How far back a pair's rated games are counted: a rolling day, in seconds.
const DAY: i64 = 86_400;

/// The rated games two named players may begin together within a day.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PairLimit(pub(crate) u64);

impl PairLimit {
    /// Whether `player` (an id) already began as many rated games as one may, within the
    /// day before `now_ms`, with one of `others`.
    pub(crate) async fn reached(
        self,
        store: &dyn Storage,
        player: &str,
        others: &[&str],
        now_ms: i64,
    ) -> Result<bool, StorageError> {
        let since = now_ms / 1000 - DAY;
        for other in others {
            if store.rated_together(player, other, since).await? >= self.0 {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether some two of `people` (ids) already began as many rated games together as
    /// one may, within the day before `now_ms`.
    pub(crate) async fn reached_among(
        self,
        store: &dyn Storage,
        people: &[&str],
        now_ms: i64,
    ) -> Result<bool, StorageError> {
        for (i, person) in people.iter().enumerate() {
            if self
                .reached(store, person, &people[i + 1..], now_ms)
                .await?
            {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
