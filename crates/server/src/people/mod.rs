//! Named players: who they are (a name and the keys that prove it), how they sign in on
//! another device (a password, within limits on failed sign-ins), how they are rated and
//! held back after aborting rated games, and the secrets the server keeps (keys and seat
//! tokens as hashes, the seed commitment). Domain code with no HTTP in it: the routes of
//! `http::players` call it, and it refuses with a [`PlayerError`].

mod error;
pub mod names;
pub(crate) mod pairs;
pub(crate) mod passwords;
pub(crate) mod playban;
pub mod players;
pub mod ratings;
pub mod secrets;
pub mod sessions;
pub mod sign_ins;

pub use error::PlayerError;
