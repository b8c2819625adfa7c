//! Crash points: where the crash tests (`crates/trio/tests/end_crash.rs`) kill the server,
//! at each step of a game's end. They act only in a build with the `failpoints` feature
//! and when `FAILPOINTS` names them (`FAILPOINTS=end-rated=return`); otherwise they are
//! nothing at all.

/// The process dies here at once, as under SIGKILL (no destructor runs, nothing is
/// flushed), when the crash tests name this point.
macro_rules! crash_point {
    ($name:literal) => {
        fail::fail_point!($name, |_| std::process::abort())
    };
}

pub(crate) use crash_point;
