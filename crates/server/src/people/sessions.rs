//! Sessions (`docs/api.md`, "Sessions"): every key of a player (its first, and one per
//! sign-in on another device) is a session, listed with when it was made, when it was last
//! used and a coarse label of its device (browser and system, read from the User-Agent),
//! which the player may end, one at a time or all but the caller's. A session's id is the
//! first 16 hex digits of its key's SHA-256: public, it tells nothing of the key.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use serde::{Deserialize, Serialize};

use super::error::PlayerError;
use super::players::unavailable;
use super::secrets;
use crate::store::{PlayerRow, Storage};

/// How long a key's last use may be out of date, in milliseconds: a key used more often
/// is written down no more often.
const TOUCH_EVERY_MS: i64 = 5 * 60 * 1000;
/// Keys whose last write this instance remembers before it forgets them all.
const TOUCHED_KEYS: usize = 10_000;

/// When this instance last wrote down each key's use (its hash), in milliseconds.
static TOUCHED: LazyLock<Mutex<HashMap<String, i64>>> = LazyLock::new(Mutex::default);

/// One session as its player sees it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SessionShown {
    pub id: String,
    /// The device, as its User-Agent says (`Firefox on Linux`); absent if unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
    /// Seconds since the Unix epoch, to five minutes; absent if never written down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_used_at: Option<i64>,
    /// Whether it is the session of the key asking.
    pub current: bool,
}

/// `GET /api/players/me/sessions`: newest first.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Sessions {
    pub sessions: Vec<SessionShown>,
}

/// The id of the session of the key hashing to `key_hash` (hex).
pub(crate) fn id_of(key_hash: &str) -> &str {
    key_hash.get(..16).unwrap_or(key_hash)
}

/// A coarse label of the device a User-Agent names: its browser and system, each from a
/// short list, so that the label tells the player which device it is and no more.
pub(crate) fn label(user_agent: Option<&str>) -> Option<String> {
    let agent = user_agent?;
    let browser = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("Firefox/", "Firefox"),
        ("Chrome/", "Chrome"),
        ("Safari/", "Safari"),
        ("curl/", "curl"),
    ]
    .into_iter()
    .find(|(mark, _)| agent.contains(mark))
    .map_or("a browser", |(_, name)| name);
    let system = [
        ("Android", "Android"),
        ("iPhone", "iOS"),
        ("iPad", "iOS"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("CrOS", "ChromeOS"),
        ("Linux", "Linux"),
    ]
    .into_iter()
    .find(|(mark, _)| agent.contains(mark))
    .map(|(_, name)| name);
    Some(match system {
        Some(system) => format!("{browser} on {system}"),
        None => browser.to_owned(),
    })
}

/// Writes down that the key hashing to `key_hash` was used at `now` (milliseconds), at
/// most once in [`TOUCH_EVERY_MS`] by this instance; with its device's `label` when one is
/// given (a new key).
pub(crate) async fn touched(
    store: &dyn Storage,
    key_hash: &str,
    now: i64,
    label: Option<&str>,
) -> Result<(), PlayerError> {
    {
        let mut touched = TOUCHED.lock().expect("touched keys lock");
        if label.is_none()
            && touched
                .get(key_hash)
                .is_some_and(|&at| now - at < TOUCH_EVERY_MS)
        {
            return Ok(());
        }
        if touched.len() >= TOUCHED_KEYS {
            touched.clear();
        }
        touched.insert(key_hash.to_owned(), now);
    }
    store
        .touch_key(key_hash, now / 1000, label)
        .await
        .map_err(unavailable("write down a key's use"))
}

/// Writes down a new key's first use at `now` (milliseconds) and its device, from the
/// User-Agent of the request that made it.
pub(crate) async fn begun(
    store: &dyn Storage,
    key: &str,
    now: i64,
    user_agent: Option<&str>,
) -> Result<(), PlayerError> {
    let hash = secrets::token_hash_hex(&secrets::hash_token(key));
    touched(store, &hash, now, label(user_agent).as_deref()).await
}

/// The player's sessions, newest first, the caller's (its key hashing to `key_hash`)
/// marked.
pub(crate) async fn list(
    store: &dyn Storage,
    player: &PlayerRow,
    key_hash: &str,
) -> Result<Sessions, PlayerError> {
    let rows = store
        .sessions_of(&player.id)
        .await
        .map_err(unavailable("read a player's sessions"))?;
    Ok(Sessions {
        sessions: rows
            .into_iter()
            .map(|row| SessionShown {
                id: id_of(&row.key_hash).to_owned(),
                current: row.key_hash == key_hash,
                label: row.label,
                created_at: row.created_at,
                last_used_at: row.last_used_at,
            })
            .collect(),
    })
}

/// Ends the player's session `id` (its key no longer works): `404` for no such session of
/// the player's.
pub(crate) async fn end(
    store: &dyn Storage,
    player: &PlayerRow,
    id: &str,
) -> Result<(), PlayerError> {
    let valid = id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit());
    let ended = if valid {
        store
            .end_session(&player.id, &id.to_ascii_lowercase())
            .await
            .map_err(unavailable("end a session"))?
    } else {
        0
    };
    if ended == 0 {
        return Err(PlayerError::NoSuchSession);
    }
    Ok(())
}

/// Ends every session of the player but the caller's (its key hashing to `key_hash`):
/// how many were ended.
pub(crate) async fn end_others(
    store: &dyn Storage,
    player: &PlayerRow,
    key_hash: &str,
) -> Result<u64, PlayerError> {
    store
        .end_other_sessions(&player.id, key_hash)
        .await
        .map_err(unavailable("end a player's other sessions"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_is_labelled_by_its_browser_and_system_alone() {
        let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
        assert_eq!(label(Some(firefox)).as_deref(), Some("Firefox on Linux"));
        let chrome = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like \
                      Gecko) Chrome/126.0 Mobile Safari/537.36";
        assert_eq!(label(Some(chrome)).as_deref(), Some("Chrome on Android"));
        assert_eq!(label(Some("curl/8.5.0")).as_deref(), Some("curl"));
        assert_eq!(label(None), None);
    }
}
