//! Running the built `trio` binary from integration tests.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `trio` with `args`, `input` on its standard input, and waits for it to end.
pub fn trio_with_input(args: &[&str], input: &str) -> Output {
    trio_in(&std::env::temp_dir(), args, input)
}

/// [`trio_with_input`] in the folder `dir` (where a left game's record is saved).
pub fn trio_in(dir: &std::path::Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_trio"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("trio runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("trio ends")
}
