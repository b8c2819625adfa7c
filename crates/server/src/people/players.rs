//! Named players (`docs/api.md`, "Players"): a name taken once, and a secret key that
//! proves it, stored only as its SHA-256. A player's key on `POST /api/games` or `/join`
//! puts its name on the seats it takes; its games are listed from the key. The routes are
//! `http::players`'; what they answer is made here.

use serde::{Deserialize, Serialize};

use super::error::PlayerError;
use super::names::{self, checked_name};
use super::ratings::{Model, PROVISIONAL_DEVIATION};
use super::sign_ins::SignInLimits;
use super::{passwords, secrets, sessions};
use crate::protocol::GameSummary;
use crate::store::{PlayerRow, ProfileRow, RatingRow, Storage, StorageError};

/// The most games "My games" lists.
const MY_GAMES: usize = 200;
/// The most games a player's public page lists.
const PROFILE_GAMES: usize = 20;
/// The most players a leaderboard lists.
const LEADERBOARD: usize = 100;

/// A rating as shown: on one scale for every kind, rounded, provisional (`?`) while its
/// deviation is high.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RatingShown {
    pub kind: String,
    pub name: String,
    pub rating: i64,
    pub deviation: i64,
    pub provisional: bool,
    pub games: u32,
}

impl RatingShown {
    fn of(row: &RatingRow) -> Self {
        let (rating, deviation) = Model::of(&row.kind).shown(&row.rating);
        Self {
            kind: row.kind.clone(),
            name: row.name.clone(),
            rating: rating.round() as i64,
            deviation: deviation.round() as i64,
            provisional: deviation > PROVISIONAL_DEVIATION,
            games: row.rating.games,
        }
    }
}

/// One rated game's rating after it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HistoryPoint {
    pub kind: String,
    pub game: String,
    pub rating: i64,
    pub deviation: i64,
    /// Seconds since the Unix epoch.
    pub at: i64,
    /// How much the game moved the rating (`+12`, `-9`); absent for a game rated before
    /// changes were kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<i64>,
}

/// `GET /api/players/{name}`: a player's ratings and their history, and its newest games.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Profile {
    pub name: String,
    pub ratings: Vec<RatingShown>,
    pub history: Vec<HistoryPoint>,
    /// The games it sits in, running and over, newest first (lobby lines: public anyway).
    pub games: Vec<GameSummary>,
}

/// `GET /api/ratings/{kind}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Leaderboard {
    pub kind: String,
    pub players: Vec<RatingShown>,
}

/// `POST /api/players`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    pub name: String,
}

/// The answer to [`NewPlayer`]: the only time the key is shown.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PlayerKey {
    pub id: String,
    pub name: String,
    /// The player's secret: whoever holds it is the player.
    pub key: String,
    /// The page that keeps the key in a browser (`/#player=<key>`), to sign in on another
    /// device.
    pub link: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PlayerShown {
    pub id: String,
    pub name: String,
}

/// `GET /api/players/me/games`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MyGames {
    pub games: Vec<GameSummary>,
}

/// `POST /api/players/me/password`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewPassword {
    /// The password set now, if one is: changing it needs it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current: Option<String>,
    pub password: String,
}

/// `POST /api/players/sign-in`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    pub name: String,
    pub password: String,
}

/// A store failure, logged as what could not be done; the client is told only that the
/// server is unavailable.
pub(super) fn unavailable(what: &'static str) -> impl FnOnce(StorageError) -> PlayerError {
    move |e| {
        tracing::error!("cannot {what}: {e}");
        PlayerError::Unavailable
    }
}

/// A new player named `name`, with its first key.
pub(crate) async fn create(store: &dyn Storage, name: &str) -> Result<PlayerKey, PlayerError> {
    let name = checked_name(name)?;
    let player = PlayerRow {
        id: secrets::new_game_id(),
        name: name.written,
    };
    let key = secrets::new_player_key();
    let hash = secrets::token_hash_hex(&secrets::hash_token(&key));
    let created = store
        .create_player(&player, &name.folded, &name.skeleton, &hash)
        .await
        .map_err(unavailable("store a player"))?;
    if !created {
        return Err(PlayerError::NameTaken { name: player.name });
    }
    Ok(key_shown(player, key))
}

fn key_shown(player: PlayerRow, key: String) -> PlayerKey {
    PlayerKey {
        link: format!("/#player={key}"),
        id: player.id,
        name: player.name,
        key,
    }
}

/// The player whose key is `key`, and the key's hash (hex); a key of no player is refused.
pub(crate) async fn player_of_key(
    store: &dyn Storage,
    key: &str,
) -> Result<(PlayerRow, String), PlayerError> {
    let hash = secrets::token_hash_hex(&secrets::hash_token(key));
    let player = store
        .player_of(&hash)
        .await
        .map_err(unavailable("read a player"))?;
    Ok((player.ok_or(PlayerError::WrongKey)?, hash))
}

/// The player sets (or changes) its password. A password already set is changed only
/// with it (`current`): a key alone, found on a device left signed in, cannot lock its
/// player out; a wrong one counts as a failed sign-in. Every other session of the player
/// (its keys but the caller's, hashing to `key_hash`) then ends: how many did.
pub(crate) async fn set_password(
    store: &dyn Storage,
    limits: &SignInLimits,
    asker: Asker<'_>,
    (player, key_hash): (&PlayerRow, &str),
    request: NewPassword,
) -> Result<u64, PlayerError> {
    passwords::checked(&request.password, &player.name)?;
    let name_key = names::folded(&player.name);
    let stored = store
        .password_of(&name_key)
        .await
        .map_err(unavailable("read a password"))?
        .and_then(|found| found.hash);
    if let Some(stored) = stored {
        limits
            .check(store, &name_key, asker.network, asker.now)
            .await?;
        let current = request.current.unwrap_or_default();
        if !passwords::matches(current, Some(stored)).await? {
            limits
                .failed(store, &name_key, asker.network, asker.now)
                .await?;
            return Err(PlayerError::WrongPassword);
        }
    }
    let hash = passwords::hashed(request.password).await?;
    store
        .set_password(&player.id, &hash)
        .await
        .map_err(unavailable("store a password"))?;
    sessions::end_others(store, player, key_hash).await
}

/// Who asks to sign in, for the limits on failed sign-ins: its network (an IPv4 address,
/// an IPv6 /64) and the server's time in milliseconds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Asker<'a> {
    pub network: &'a str,
    pub now: i64,
}

/// Signs in with a name and its password: a new key for this device (the keys of the
/// player's other devices stay as they are; the server could not give one back, it keeps
/// only their hashes). Refused past the limits on failed sign-ins, and a failure counted.
pub(crate) async fn sign_in(
    store: &dyn Storage,
    limits: &SignInLimits,
    asker: Asker<'_>,
    request: SignIn,
) -> Result<PlayerKey, PlayerError> {
    let unavailable = || unavailable("sign a player in");
    // Looked up as folded alone, not checked as a new name is: a name taken before the
    // rules of `names` signs in all the same. A name of no player is refused as a wrong
    // password is, and counted alike: nothing to learn.
    let name_key: String = names::folded(&request.name).chars().take(64).collect();
    limits
        .check(store, &name_key, asker.network, asker.now)
        .await?;
    let found = store.password_of(&name_key).await.map_err(unavailable())?;
    let (player, stored) = found.map_or((None, None), |f| (Some(f.player), f.hash));
    // Checked even when there is nothing to check against, so that the time taken says
    // neither whether the name is taken nor whether it has a password.
    let right = passwords::matches(request.password, stored).await?;
    let Some(player) = player.filter(|_| right) else {
        limits
            .failed(store, &name_key, asker.network, asker.now)
            .await?;
        return Err(PlayerError::WrongPassword);
    };
    let key = secrets::new_player_key();
    let hash = secrets::token_hash_hex(&secrets::hash_token(&key));
    store
        .add_key(&player.id, &hash)
        .await
        .map_err(unavailable())?;
    Ok(key_shown(player, key))
}

/// A player's public page: its ratings and their history, and its newest games.
pub(crate) async fn profile(store: &dyn Storage, name: &str) -> Result<Profile, PlayerError> {
    let found = store
        .profile(name)
        .await
        .map_err(unavailable("read a player's ratings"))?;
    let Some(ProfileRow {
        player,
        ratings,
        history,
    }) = found
    else {
        return Err(PlayerError::NoSuchPlayer);
    };
    let games = store
        .player_games(&player.id, PROFILE_GAMES)
        .await
        .map_err(unavailable("read a player's games"))?;
    Ok(Profile {
        name: player.name,
        games: summaries(&games),
        ratings: ratings.iter().map(RatingShown::of).collect(),
        history: history
            .into_iter()
            .map(|h| HistoryPoint {
                kind: h.kind,
                game: h.game_id,
                rating: h.rating.round() as i64,
                deviation: h.deviation.round() as i64,
                at: h.at,
                change: h.change,
            })
            .collect(),
    })
}

/// The best players of a kind of game, the established (not provisional) first.
pub(crate) async fn leaderboard(
    store: &dyn Storage,
    kind: String,
) -> Result<Leaderboard, PlayerError> {
    // The kinds of game ratings are kept for.
    if !trio_catalog::KINDS.iter().any(|k| k.name == kind) {
        return Err(PlayerError::NoSuchKind);
    }
    let rows = store
        .leaderboard(&kind, LEADERBOARD)
        .await
        .map_err(unavailable("read a leaderboard"))?;
    let mut players: Vec<RatingShown> = rows.iter().map(RatingShown::of).collect();
    players.sort_by_key(|p| p.provisional);
    Ok(Leaderboard { kind, players })
}

/// The games the player sits in, running and over, newest first.
pub(crate) async fn games_of(
    store: &dyn Storage,
    player: &PlayerRow,
) -> Result<MyGames, PlayerError> {
    let lines = store
        .player_games(&player.id, MY_GAMES)
        .await
        .map_err(unavailable("read a player's games"))?;
    Ok(MyGames {
        games: summaries(&lines),
    })
}

/// Stored lobby lines read as games (a line that does not read is left out).
fn summaries(lines: &[String]) -> Vec<GameSummary> {
    lines
        .iter()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}
