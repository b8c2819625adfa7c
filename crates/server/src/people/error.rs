//! Why a named player's request was refused; `error.rs` gives each its HTTP status and
//! stable code.

/// A refusal of the people's code: a name, a key, a password, or the store behind them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    #[error("a name has 2 to 20 letters or digits, the first a letter")]
    BadName,
    /// The name, or one reading the same, is another player's (or `me`, the caller's own
    /// address).
    #[error("{name} is taken: choose another name")]
    NameTaken { name: String },
    /// A character not allowed in identifiers (UTS #39): an invisible one, a direction
    /// control, a symbol of letters' look.
    #[error("a name may not hold invisible, direction-control or unusual characters")]
    NameHidden,
    #[error("a name is written in one script (digits go with any)")]
    NameMixesScripts,
    #[error("a password has 8 to 128 characters")]
    BadPassword,
    #[error("a password may not be the player's name")]
    PasswordIsName,
    #[error("this password is among the most used ones: choose another")]
    CommonPassword,
    /// Too many failed sign-ins on this name, from this network or in all, lately.
    #[error("too many failed sign-ins; try again in {seconds} s")]
    SignInsLimited { seconds: u64 },
    /// A sign-in whose name and password do not match; a name that cannot be one is
    /// refused alike, so that nothing is learnt.
    #[error("no player has this name and password")]
    WrongPassword,
    #[error("this key is no player's")]
    WrongKey,
    #[error("this needs a player's key: Authorization: Bearer <key>")]
    NoKey,
    #[error("no such player")]
    NoSuchPlayer,
    #[error("no such session of this player")]
    NoSuchSession,
    /// A kind of game ratings are not kept for.
    #[error("no such kind of game")]
    NoSuchKind,
    /// Storage or hashing failed: logged where it happened.
    #[error("the game is not available right now; try again")]
    Unavailable,
}
