//! The page's JavaScript unit tests (`crates/server/ui/tests/`, such as the event reducer's)
//! with the Rust ones: `node --test` over that folder, no packages needed. Without `node`
//! on PATH the test says so and passes, unless `TRIO_REQUIRE_NODE` is set (as in CI).

use std::path::PathBuf;
use std::process::Command;

#[test]
fn the_pages_unit_tests_pass_under_node() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("ui/tests");
    let output = match Command::new("node").arg("--test").arg(&dir).output() {
        Ok(output) => output,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            assert!(
                std::env::var_os("TRIO_REQUIRE_NODE").is_none(),
                "TRIO_REQUIRE_NODE is set but `node` is not on PATH"
            );
            eprintln!(
                "skipped: `node` is not on PATH, so {} did not run",
                dir.display()
            );
            return;
        }
        Err(e) => panic!("node --test {}: {e}", dir.display()),
    };
    assert!(
        output.status.success(),
        "node --test {} failed:\n{}{}",
        dir.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
