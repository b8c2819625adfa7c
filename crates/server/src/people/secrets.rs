//! Secrets and how they are kept: seat tokens (128 random bits, stored only as their
//! SHA-256, compared in constant time), game ids, and the seed commitment that lets
//! anyone check after the end that the dice and draws were fixed at the start.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use trio_core::{CommitmentParts, Record, Seat};

/// The SHA-256 of a token, as stored.
pub type TokenHash = [u8; 32];

/// `n` random bytes from the operating system, as lowercase hex.
fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).expect("the operating system gives random bytes");
    hex(&bytes)
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

/// A new seat token: 128 random bits as 32 hex digits.
pub fn new_token() -> String {
    random_hex(16)
}

/// A new player key: 128 random bits as 32 hex digits after `p-`, so that it is never
/// taken for a seat token.
pub fn new_player_key() -> String {
    format!("p-{}", random_hex(16))
}

/// The token a seat's holder has in the rematch of its game: derived from the seat's
/// token, so that only its holder can know it and the server need not keep it (it stores
/// its hash, as of every token).
pub fn rematch_token(token: &str) -> String {
    let digest = Sha256::digest(format!("trio-rematch:{token}").as_bytes());
    hex(&digest[..16])
}

/// The token of `seat` of game `game` for the holder of player key `key`: derived, so that
/// asking again gives the same one and only the key's holder can know it (the server
/// stores its hash, as of every token).
pub fn player_seat_token(key: &str, game: &str, seat: Seat) -> String {
    let digest = Sha256::digest(format!("trio-player-seat:{key}:{game}:{}", seat.0).as_bytes());
    hex(&digest[..16])
}

/// A new game id: 64 random bits as 16 hex digits (public: it is in every link).
pub fn new_game_id() -> String {
    random_hex(8)
}

/// The seed of a new game, drawn by the server alone.
pub fn new_seed() -> u64 {
    getrandom::u64().expect("the operating system gives random bytes")
}

/// A password hash's salt: 128 random bits as 32 hex digits (valid B64 too).
pub(crate) fn new_salt() -> String {
    random_hex(16)
}

/// The nonce that makes the seed's commitment impossible to reverse by trying seeds:
/// 128 random bits as 32 hex digits.
pub fn new_nonce() -> String {
    random_hex(16)
}

pub fn hash_token(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

pub(crate) fn token_hash_hex(hash: &TokenHash) -> String {
    hex(hash)
}

pub(crate) fn token_hash_from_hex(text: &str) -> Option<TokenHash> {
    unhex(text)?.try_into().ok()
}

/// The seat whose stored hash `token` matches. Every seat's hash is compared, each in
/// constant time, so the time taken says nothing about the token.
pub fn seat_of(token: &str, hashes: &[Option<TokenHash>]) -> Option<usize> {
    let presented = hash_token(token);
    let mut found = None;
    for (seat, hash) in hashes.iter().enumerate() {
        if let Some(hash) = hash {
            if bool::from(hash.ct_eq(&presented)) {
                found = Some(seat);
            }
        }
    }
    found
}

/// The seed's digest: the SHA-256, in hex, of `trio-seed:<seed>:<nonce>` (the seed in
/// decimal, the nonce as given). The whole commitment of version 1, published by games
/// created before version 2; the seed's part of version 2's.
pub fn seed_commitment(seed: u64, nonce: &str) -> String {
    hex(&Sha256::digest(
        format!("trio-seed:{seed}:{nonce}").as_bytes(),
    ))
}

/// The digest of each part of `record` a version-2 commitment covers: the seed with
/// `nonce`, the game spec with the definition files (by name), the seats, the start.
pub fn commitment_parts(record: &Record, nonce: &str) -> CommitmentParts {
    let mut game = vec![record.game.as_str()];
    for (name, text) in &record.definitions {
        game.extend([name.as_str(), text.as_str()]);
    }
    CommitmentParts {
        seed: seed_commitment(record.seed, nonce),
        game: fields_digest("trio-game", &game),
        seats: fields_digest(
            "trio-seats",
            &record.seats.iter().map(String::as_str).collect::<Vec<_>>(),
        ),
        start: fields_digest(
            "trio-start",
            &record.start.as_deref().into_iter().collect::<Vec<_>>(),
        ),
    }
}

/// The hash a version-2 commitment publishes when the game starts: the SHA-256, in hex, of
/// `trio-commitment:2:<seed>:<game>:<seats>:<start>`, each part's digest in hex.
pub fn commitment_hash(parts: &CommitmentParts) -> String {
    let CommitmentParts {
        seed,
        game,
        seats,
        start,
    } = parts;
    hex(&Sha256::digest(
        format!("trio-commitment:2:{seed}:{game}:{seats}:{start}").as_bytes(),
    ))
}

/// The SHA-256, in hex, of `<tag>:<count>:` and each field as `<length>:<text>` (the
/// length in UTF-8 bytes, in decimal): no field's text, whatever it holds, can pass for
/// the end of one field and the start of another.
fn fields_digest(tag: &str, fields: &[&str]) -> String {
    let mut text = format!("{tag}:{}:", fields.len());
    for field in fields {
        text.push_str(&format!("{}:{field}", field.len()));
    }
    hex(&Sha256::digest(text.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bits_and_match_only_their_seat() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
        let hashes = [Some(hash_token(&a)), None, Some(hash_token(&b))];
        assert_eq!(seat_of(&a, &hashes), Some(0));
        assert_eq!(seat_of(&b, &hashes), Some(2));
        assert_eq!(seat_of("nope", &hashes), None);
        assert_eq!(seat_of("", &hashes), None);
        let stored = token_hash_hex(&hash_token(&a));
        assert_eq!(token_hash_from_hex(&stored), Some(hash_token(&a)));
        assert_eq!(token_hash_from_hex("zz"), None);
    }

    #[test]
    fn the_commitment_is_sha256_of_the_seed_line() {
        // printf 'trio-seed:42:00' | sha256sum
        assert_eq!(
            seed_commitment(42, "00"),
            hex(&Sha256::digest(b"trio-seed:42:00"))
        );
        assert_ne!(seed_commitment(42, "00"), seed_commitment(43, "00"));
        assert_eq!(seed_commitment(1, "ab").len(), 64);
    }

    #[test]
    fn version_2_hashes_every_part_each_field_with_its_length() {
        let record = Record {
            format: trio_core::RECORD_FORMAT,
            game: "triles(variant=open-hands)".to_owned(),
            seed: 42,
            seats: vec!["human".to_owned(), "ai:1".to_owned()],
            start: None,
            definitions: [("tiles".to_owned(), "a:b".to_owned())].into(),
            actions: Vec::new(),
            result: None,
            commitment: None,
        };
        let parts = commitment_parts(&record, "00");
        let sha = |text: &str| hex(&Sha256::digest(text.as_bytes()));
        assert_eq!(parts.seed, seed_commitment(42, "00"));
        assert_eq!(
            parts.game,
            sha("trio-game:3:26:triles(variant=open-hands)5:tiles3:a:b")
        );
        assert_eq!(parts.seats, sha("trio-seats:2:5:human4:ai:1"));
        assert_eq!(parts.start, sha("trio-start:0:"));
        let joined = format!(
            "trio-commitment:2:{}:{}:{}:{}",
            parts.seed, parts.game, parts.seats, parts.start
        );
        assert_eq!(commitment_hash(&parts), sha(&joined));
        // Two seats written as one, or a start of no text, hash otherwise.
        let mut merged = record.clone();
        merged.seats = vec!["human4:ai:1".to_owned()];
        assert_ne!(commitment_parts(&merged, "00").seats, parts.seats);
        let mut empty_start = record;
        empty_start.start = Some(String::new());
        assert_ne!(commitment_parts(&empty_start, "00").start, parts.start);
    }
}
