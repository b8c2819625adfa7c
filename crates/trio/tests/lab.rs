//! `trio sim` and `trio print` as a designer runs them: a comparison written to a folder
//! whose HTML report opens in headless Chromium without a console error, and sheets in
//! SVG and PDF.

use std::path::{Path, PathBuf};
use std::process::Command;

fn trio(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_trio"))
        .args(args)
        .output()
        .expect("trio runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("trio-cli-lab-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Debian's Chromium (`apt-get install chromium`); CI installs it.
fn chromium() -> &'static str {
    for name in ["chromium", "chromium-browser"] {
        if Command::new(name)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
        {
            return name;
        }
    }
    panic!("headless Chromium is needed to check the HTML report: apt-get install -y chromium");
}

/// Opens `page` in headless Chromium; returns the DOM it built and its log.
fn open_in_chromium(page: &Path) -> (String, String) {
    let profile = temp_dir("chromium-profile");
    let out = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    let _ = std::fs::remove_dir_all(profile);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_comparison_writes_a_report_that_opens_cleanly() {
    let dir = temp_dir("compare");
    let out = dir.to_string_lossy().into_owned();
    let (ok, stdout, stderr) = trio(&[
        "sim",
        "--compare",
        "triles",
        "triles(variant=own-dots)",
        "--games",
        "40",
        "--agents",
        "random",
        "--threads",
        "2",
        "--out",
        &out,
    ]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("triles(variant=own-dots): 40 games"),
        "{stdout}"
    );
    let jsonl = std::fs::read_to_string(dir.join("games.jsonl")).unwrap();
    assert_eq!(jsonl.lines().count(), 80);
    for line in jsonl.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(
            v["events"].is_object() && v["result"]["ranks"].is_array(),
            "{line}"
        );
    }
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(md.contains("Reproduce with `trio sim --compare triles 'triles(variant=own-dots)'"));
    let html = dir.join("report.html");
    let (dom, log) = open_in_chromium(&html);
    assert!(dom.contains("<title>Lab comparison: triles vs triles(variant=own-dots)</title>"));
    assert!(
        dom.matches("<svg").count() >= 5,
        "the plots are in the page"
    );
    for line in log.lines() {
        assert!(!line.contains("CONSOLE"), "console message: {line}");
        assert!(!line.contains("Uncaught"), "{line}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn sim_refuses_what_it_cannot_play() {
    let (ok, _, stderr) = trio(&["sim", "triles", "--agents", "human", "--games", "2"]);
    assert!(!ok);
    assert!(stderr.contains("agents only"), "{stderr}");
    let (ok, _, stderr) = trio(&["sim", "gyges", "--agents", "random,random,random"]);
    assert!(!ok);
    assert!(stderr.contains("3 agents for 2 seats"), "{stderr}");
    let (ok, _, stderr) = trio(&["sim", "triles", "--until-clear", "length", "--games", "2"]);
    assert!(!ok);
    assert!(stderr.contains("give it with --against"), "{stderr}");
    let (ok, _, stderr) = trio(&["sim", "triles", "--until-clear", "--negligible", "0"]);
    assert!(!ok);
    assert!(stderr.contains("not a positive margin"), "{stderr}");
    let (ok, _, stderr) = trio(&["sim", "triles", "--games", "2", "--skill", "random"]);
    assert!(!ok);
    assert!(stderr.contains("two different agents or more"), "{stderr}");
    let (ok, _, stderr) = trio(&["sim", "triles", "--review", "2", "--review-level", "7"]);
    assert!(!ok);
    assert!(stderr.contains("not a level from 1 to 5"), "{stderr}");
    let (ok, _, stderr) = trio(&["sim", "triles", "--skill", "random,ai:9"]);
    assert!(!ok);
    assert!(stderr.contains("--skill agent"), "{stderr}");
}

#[test]
fn print_writes_svg_and_pdf() {
    let dir = temp_dir("print");
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("tiles.svg");
    let (ok, stdout, stderr) = trio(&["print", "triles", "--out", &svg.to_string_lossy()]);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("52 tiles"), "{stdout}");
    let text = std::fs::read_to_string(&svg).unwrap();
    roxmltree::Document::parse(&text).expect("the sheet is XML");
    let pdf = dir.join("board.pdf");
    let (ok, _, stderr) = trio(&["print", "orbit", "--out", &pdf.to_string_lossy()]);
    assert!(ok, "{stderr}");
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    let (ok, _, stderr) = trio(&[
        "print",
        "gyges",
        "--out",
        &dir.join("x.png").to_string_lossy(),
    ]);
    assert!(!ok && stderr.contains(".svg or .pdf"), "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
}
