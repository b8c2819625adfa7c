//! Passwords (`docs/api.md`, "Passwords"): a named player may set one, and then sign in on
//! another device with its name and password. Kept only as an Argon2id hash in the PHC
//! format, so that the parameters travel with each hash and may be raised later.
//!
//! Argon2id at OWASP's first recommendation — 19 MiB, 2 passes, 1 lane — takes a few tens
//! of milliseconds of one core: hashing runs on the blocking pool, two at once at most (the
//! machine has two cores and games to run), and failed sign-ins are limited per account,
//! network and in all (`sign_ins`) against guessing.
//!
//! A password is refused when it is the player's name or one of the most used ones
//! (`common-passwords.txt`, from zxcvbn's list), the first guesses of anyone guessing.

use std::collections::HashSet;
use std::sync::LazyLock;

use argon2::password_hash::SaltString;
use argon2::{Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version};

use super::error::PlayerError;
use super::secrets;

/// A password's length, in characters.
const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=128;
const MEMORY_KIB: u32 = 19 * 1024;
const PASSES: u32 = 2;
const LANES: u32 = 1;

/// Hashes computed at once.
static HASHING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

/// A hash no password is checked against in vain: a sign-in with a name that has no
/// password costs as much as a wrong password, so the time taken tells nothing.
static DECOY: LazyLock<Option<String>> = LazyLock::new(|| hash("trio-decoy-password").ok());

fn argon2() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, PASSES, LANES, None).expect("Argon2 parameters in range");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// `password`'s hash with a fresh salt, in the PHC string format.
fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::from_b64(&secrets::new_salt())?;
    Ok(argon2()
        .hash_password(password.as_bytes(), &salt)?
        .to_string())
}

/// Whether `password` is the one hashed in `stored` (`None`: no password, checked against
/// the decoy all the same).
fn verify(password: &str, stored: Option<&str>) -> bool {
    let decoy = stored.is_none();
    let Some(stored) = stored.or(DECOY.as_deref()) else {
        return false;
    };
    let right = PasswordHash::new(stored)
        .is_ok_and(|h| argon2().verify_password(password.as_bytes(), &h).is_ok());
    right && !decoy
}

/// The most used passwords long enough to be taken, in lowercase.
static COMMON: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("common-passwords.txt")
        .lines()
        .filter(|line| !line.starts_with("# "))
        .collect()
});

/// Checks player `name`'s new password: its length (`400 bad-password`), neither the
/// name nor one of the most used, whatever their case (`400 weak-password`).
pub(crate) fn checked(password: &str, name: &str) -> Result<(), PlayerError> {
    if !PASSWORD_CHARS.contains(&password.chars().count()) {
        return Err(PlayerError::BadPassword);
    }
    let lower = password.to_lowercase();
    if lower == name.to_lowercase() {
        return Err(PlayerError::PasswordIsName);
    }
    if COMMON.contains(lower.as_str()) {
        return Err(PlayerError::CommonPassword);
    }
    Ok(())
}

/// `password`'s hash, computed off the async threads.
pub(crate) async fn hashed(password: String) -> Result<String, PlayerError> {
    off_thread(move || hash(&password)).await?.map_err(|e| {
        tracing::error!("cannot hash a password: {e}");
        PlayerError::Unavailable
    })
}

/// Whether `password` matches `stored`, checked off the async threads.
pub(crate) async fn matches(password: String, stored: Option<String>) -> Result<bool, PlayerError> {
    off_thread(move || verify(&password, stored.as_deref())).await
}

async fn off_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, PlayerError> {
    let _turn = HASHING
        .acquire()
        .await
        .map_err(|_| PlayerError::Unavailable)?;
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|_| PlayerError::Unavailable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_matches_its_hash_alone_and_no_hash_matches_nothing() {
        let stored = hash("correct horse").unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        assert!(verify("correct horse", Some(&stored)));
        assert!(!verify("correct horsE", Some(&stored)));
        assert!(!verify("trio-decoy-password", None));
        assert!(!verify("x", Some("not a hash")));
        assert_ne!(
            stored,
            hash("correct horse").unwrap(),
            "a fresh salt each time"
        );
    }

    #[test]
    fn a_password_is_long_enough_not_the_name_and_not_a_common_one() {
        assert_eq!(checked("1234567", "Zoë"), Err(PlayerError::BadPassword));
        assert_eq!(
            checked(&"x".repeat(129), "Zoë"),
            Err(PlayerError::BadPassword)
        );
        assert_eq!(
            checked("Aleksandra", "aleksandra"),
            Err(PlayerError::PasswordIsName)
        );
        for common in ["12345678", "password", "PassWord", "iloveyou", "1qaz2wsx"] {
            assert_eq!(
                checked(common, "Zoë"),
                Err(PlayerError::CommonPassword),
                "{common}"
            );
        }
        assert_eq!(checked("correct horse battery", "Zoë"), Ok(()));
        assert_eq!(checked(&"x".repeat(128).replace("xx", "xy"), "Zoë"), Ok(()));
    }
}
