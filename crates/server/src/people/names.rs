//! Names that cannot impersonate (`docs/api.md`, "Players"): a name is compared as it
//! reads, by Unicode's confusable skeleton (UTS #39) of its NFKC form (`skeleton`), so
//! that `Аlice` with a Cyrillic А, or `AIice` with a capital I, is `Alice`. A new name holds only characters
//! allowed in identifiers (no invisible or direction-control ones), is written in one script
//! (digits go with any), and is none of the server's own (`admin`, `ai`, …) in any look.
//!
//! Names taken before these rules keep their folded key (NFKC, lowercase), by which they
//! sign in; their skeletons are filled in at start (`skeletons_filled`), the older of two
//! colliding names keeping its skeleton, so that neither can be taken again.

use unicode_normalization::UnicodeNormalization;
use unicode_security::{GeneralSecurityProfile, MixedScript};

use super::error::PlayerError;
use crate::store::{Storage, StorageError};

/// A name's length, in characters.
const NAME_CHARS: std::ops::RangeInclusive<usize> = 2..=20;

/// The server's own names, and the words a name may not pass for (with digits after them
/// too: `admin2`, `bot7`).
const RESERVED: [&str; 8] = [
    "ai",
    "admin",
    "trio",
    "bot",
    "system",
    "moderator",
    "guest",
    // `/api/players/me` is the caller's own.
    "me",
];

/// A name as checked: as written (trimmed, NFC), folded (NFKC, lowercase: the key it
/// signs in by) and its skeleton (what decides whether it is taken).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Name {
    pub written: String,
    pub folded: String,
    pub skeleton: String,
}

/// `name` folded as a sign-in looks it up (NFKC, lowercase), trimmed.
pub fn folded(name: &str) -> String {
    name.trim().nfkc().collect::<String>().to_lowercase()
}

/// What decides whether two names are one: the UTS #39 skeleton of the NFKC form in
/// lowercase, in lowercase again (the skeleton of `0` is `O`), with `i` read as `l` (a
/// capital I and a small l look alike, and lowercasing first would tell them apart).
pub fn skeleton(name: &str) -> String {
    let lower = name.nfkc().collect::<String>().to_lowercase();
    let skeleton: String = unicode_security::skeleton(&lower).collect();
    skeleton.to_lowercase().replace('i', "l")
}

/// Checks a new name: 2 to 20 letters or digits, the first a letter, each allowed in
/// identifiers (`400 bad-name`), in one script (`400 bad-name`), none of the reserved
/// names in any look (`409 name-taken`).
pub fn checked_name(name: &str) -> Result<Name, PlayerError> {
    let written: String = name.trim().nfc().collect();
    let normal: String = written.nfkc().collect();
    let chars = normal.chars().count();
    let fits = NAME_CHARS.contains(&chars)
        && normal.chars().next().is_some_and(char::is_alphabetic)
        && normal.chars().all(char::is_alphanumeric);
    if !fits {
        return Err(PlayerError::BadName);
    }
    if !normal
        .chars()
        .all(GeneralSecurityProfile::identifier_allowed)
    {
        return Err(PlayerError::NameHidden);
    }
    if !normal.as_str().is_single_script() {
        return Err(PlayerError::NameMixesScripts);
    }
    let name = Name {
        folded: folded(&written),
        skeleton: skeleton(&written),
        written,
    };
    let stem = skeleton(normal.trim_end_matches(|c: char| c.is_ascii_digit()));
    let reserved = RESERVED.iter().any(|word| skeleton(word) == stem);
    if reserved {
        return Err(PlayerError::NameTaken { name: name.written });
    }
    Ok(name)
}

/// Fills in the skeleton of every player taken before skeletons were kept, oldest first;
/// one whose skeleton an older one has keeps none (and still signs in by its name). Two
/// instances filling at once may race to one skeleton: the loser is told so by the unique
/// index, and its player keeps none, as if it were the younger.
pub(crate) async fn skeletons_filled(store: &dyn Storage) -> Result<(), StorageError> {
    for player in store.players_without_skeleton().await? {
        if let Err(e) = store
            .set_skeleton(&player.id, &skeleton(&player.name))
            .await
        {
            tracing::warn!("cannot fill in the skeleton of {}: {e}", player.name);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_letters_and_digits_and_fold_to_one() {
        assert_eq!(checked_name(" Zoë ").unwrap().written, "Zoë");
        // A name typed with a combining mark is the same name.
        assert_eq!(
            checked_name("Zoe\u{308}").unwrap().skeleton,
            checked_name("ZOË").unwrap().skeleton
        );
        assert_eq!(checked_name("Łucja7").unwrap().folded, "łucja7");
        for bad in ["a", "7up", "two words", "x".repeat(21).as_str(), "a-b", ""] {
            assert_eq!(checked_name(bad), Err(PlayerError::BadName), "{bad:?}");
        }
    }

    #[test]
    fn look_alikes_share_a_skeleton() {
        let alice = skeleton("Alice");
        // Cyrillic А; capital I for l; fullwidth letters (NFKC); all capitals.
        for look_alike in ["\u{410}lice", "AIice", "Ａｌｉｃｅ", "ALICE"] {
            assert_eq!(skeleton(look_alike), alice, "{look_alike}");
        }
        // Wholly Cyrillic С-о-с-о reads as Latin Coco.
        assert_eq!(skeleton("\u{421}\u{43e}\u{441}\u{43e}"), skeleton("Coco"));
        assert_ne!(skeleton("Alicia"), alice);
    }

    #[test]
    fn invisible_mixed_and_reserved_names_are_refused() {
        // Hangul filler: a letter that shows nothing; a zero-width joiner; a right-to-left
        // override.
        for hidden in ["Alice\u{3164}", "Ali\u{200d}ce", "Ali\u{202e}ce"] {
            assert!(checked_name(hidden).is_err(), "{hidden:?}");
        }
        assert_eq!(checked_name("Alice\u{3164}"), Err(PlayerError::NameHidden));
        assert_eq!(
            checked_name("\u{410}lice"),
            Err(PlayerError::NameMixesScripts)
        );
        for reserved in ["Admin", "ADMIN2", "аdmin", "AI", "Bot7", "Guest", "me"] {
            assert!(
                matches!(
                    checked_name(reserved),
                    Err(PlayerError::NameTaken { .. }) | Err(PlayerError::NameMixesScripts)
                ),
                "{reserved}"
            );
        }
        assert_eq!(
            checked_name("Admin"),
            Err(PlayerError::NameTaken {
                name: "Admin".to_owned()
            })
        );
        // One script with digits, and scripts that are written together (Japanese).
        for fine in ["Ola7", "Łucja", "Сергей", "さくらサクラ桜", "Botond"] {
            assert!(checked_name(fine).is_ok(), "{fine}");
        }
    }
}
