//! Seeded randomness for whoever drives a game: the same seed gives the same game.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The generator every driver (CLI, server, match runner) uses.
pub type GameRng = ChaCha8Rng;

pub fn seeded(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A seed for the `index`-th game of a series started from `seed`, so that games run in
/// parallel in any order stay reproducible.
pub fn sub_seed(seed: u64, index: u64) -> u64 {
    // SplitMix64 finaliser: neighbouring indices give unrelated seeds.
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
