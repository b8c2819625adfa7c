//! The browser tests' driver: real headless Chromium driven over WebDriver by Debian's
//! `chromedriver`, each on a free port, each browser with a fresh profile, all stopped at
//! the end. The WebDriver client is the few commands the tests use, over reqwest; every
//! wait is on a condition of the page, bounded by [`PATIENCE`]. The page's own helpers are
//! `page.rs`'s; `crates/trio/tests/page_restart.rs` uses this file too.

// Each of the two binaries that use this file uses a part of it.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// How long a test waits for the page to show something.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A free port of 127.0.0.1 (free when asked; the driver takes it at once).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One chromedriver with one headless Chromium session.
pub struct Browser {
    driver: Child,
    base: String,
    session: String,
    http: reqwest::Client,
    _profile: tempfile::TempDir,
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

#[derive(Clone, Debug)]
pub struct Element(String);

impl Browser {
    /// A browser whose window is `width` × `height`; under 500 px wide, an emulated phone
    /// (390 × 844).
    pub async fn start(width: u32, height: u32) -> Browser {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver on PATH (Debian's chromium-driver; scripts/test installs it)");
        let base = format!("http://127.0.0.1:{port}");
        let http = reqwest::Client::new();
        let started = Instant::now();
        loop {
            if let Ok(r) = http.get(format!("{base}/status")).send().await {
                if r.status().is_success() {
                    break;
                }
            }
            assert!(started.elapsed() < PATIENCE, "chromedriver did not start");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let profile = tempfile::tempdir().unwrap();
        let binary = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
            .into_iter()
            .find(|p| std::path::Path::new(p).exists())
            .unwrap_or("chromium");
        let mut caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            // A script (axe-core on a whole page) may take long on a busy machine; the
            // tests' own waits bound everything else.
            "timeouts": {"script": 120_000},
            "goog:loggingPrefs": {"performance": "ALL"},
            "goog:chromeOptions": {
                "binary": binary,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-extensions", "--no-first-run", "--mute-audio",
                    format!("--user-data-dir={}", profile.path().display()),
                    format!("--window-size={width},{height}"),
                ],
                "perfLoggingPrefs": {"enableNetwork": true, "enablePage": false},
            }
        }}});
        if width < 500 {
            // A phone: its screen, touch events and a device pixel ratio (a desktop window
            // is never narrower than 500 px).
            caps["capabilities"]["alwaysMatch"]["goog:chromeOptions"]["mobileEmulation"] = json!({
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": true},
            });
        }
        let mut browser = Browser {
            driver,
            base,
            session: String::new(),
            http,
            _profile: profile,
        };
        let created = browser.call("POST", "/session", caps).await;
        browser.session = created["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {created}"))
            .to_owned();
        browser
    }

    async fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let url = format!("{}{path}", self.base);
        let request = match method {
            "GET" => self.http.get(url),
            "DELETE" => self.http.delete(url),
            _ => self.http.post(url).json(&body),
        };
        let response = request.send().await.unwrap();
        let value: Value = response.json().await.unwrap();
        value["value"].clone()
    }

    async fn session_call(&self, method: &str, path: &str, body: Value) -> Value {
        self.try_session_call(method, path, body)
            .await
            .unwrap_or_else(|error| panic!("{error}"))
    }

    async fn try_session_call(
        &self,
        method: &str,
        path: &str,
        body: Value,
    ) -> Result<Value, String> {
        let value = self
            .call(method, &format!("/session/{}{path}", self.session), body)
            .await;
        match value.get("error") {
            Some(error) => Err(format!("WebDriver {path}: {error}: {}", value["message"])),
            None => Ok(value),
        }
    }

    pub async fn goto(&self, url: &str) {
        self.session_call("POST", "/url", json!({"url": url})).await;
    }

    pub async fn refresh(&self) {
        self.session_call("POST", "/refresh", json!({})).await;
    }

    /// Runs `script` (a function body; `arguments` are `args`) and returns its value.
    pub async fn js(&self, script: &str, args: Value) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            json!({"script": script, "args": args}),
        )
        .await
    }

    /// Runs `script` (a function body whose last argument is the callback to call with its
    /// value) and returns that value.
    pub async fn js_async(&self, script: &str, args: Value) -> Value {
        self.session_call(
            "POST",
            "/execute/async",
            json!({"script": script, "args": args}),
        )
        .await
    }

    /// Presses `keys` together (WebDriver's key values: `key::TAB`, or a letter) on
    /// whatever has the focus, as a keyboard does, and lets them go.
    pub async fn press(&self, keys: &[&str]) {
        let down = keys.iter().map(|k| json!({"type": "keyDown", "value": k}));
        let up = keys
            .iter()
            .rev()
            .map(|k| json!({"type": "keyUp", "value": k}));
        let actions = down.chain(up).collect::<Vec<_>>();
        self.session_call(
            "POST",
            "/actions",
            json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]}),
        )
        .await;
    }

    /// A Chrome DevTools command (`Emulation.setEmulatedMedia`, …), through chromedriver.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.session_call(
            "POST",
            "/goog/cdp/execute",
            json!({"cmd": cmd, "params": params}),
        )
        .await
    }

    pub async fn find(&self, css: &str) -> Option<Element> {
        let value = self
            .call(
                "POST",
                &format!("/session/{}/element", self.session),
                json!({"using": "css selector", "value": css}),
            )
            .await;
        value
            .get(ELEMENT)
            .and_then(Value::as_str)
            .map(|id| Element(id.to_owned()))
    }

    /// Waits until `css` matches an element, and returns it.
    pub async fn wait(&self, css: &str) -> Element {
        self.wait_within(css, PATIENCE).await
    }

    /// Waits until `css` matches an element, for as long as `patience` (what takes many
    /// stored steps, such as AIs playing a game out).
    pub async fn wait_within(&self, css: &str, patience: Duration) -> Element {
        let started = Instant::now();
        loop {
            if let Some(e) = self.find(css).await {
                return e;
            }
            if started.elapsed() > patience {
                let text = self.text("body").await;
                panic!("nothing matches {css} within {patience:?}; the page says:\n{text}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Waits until `condition` (a JavaScript expression) is true. A condition that throws
    /// is not true yet: while the page navigates (a rematch, a seek that found a game) the
    /// new document's modules have not defined `trio`.
    pub async fn wait_for(&self, what: &str, condition: &str) {
        let started = Instant::now();
        loop {
            let value = self
                .try_session_call(
                    "POST",
                    "/execute/sync",
                    json!({"script": format!("return !!({condition});"), "args": []}),
                )
                .await;
            if value == Ok(json!(true)) {
                return;
            }
            if started.elapsed() > PATIENCE {
                let text = self.text("body").await;
                panic!(
                    "{what}: not within {PATIENCE:?} ({condition}, last {value:?}); \
                     the page says:\n{text}"
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Clicks the element `css` matches (a real click at its centre), once it is there.
    pub async fn click(&self, css: &str) {
        let started = Instant::now();
        loop {
            let element = self.wait(css).await;
            let path = format!("/session/{}/element/{}/click", self.session, element.0);
            let value = self.call("POST", &path, json!({})).await;
            match value.get("error").and_then(Value::as_str) {
                None => return,
                // The page drew itself again between finding and clicking: find it again.
                Some("stale element reference") if started.elapsed() < PATIENCE => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Some(error) => panic!("WebDriver click {css}: {error}: {}", value["message"]),
            }
        }
    }

    /// Chooses the file at `path` in the file input `css`, as a person does in its dialog.
    pub async fn upload(&self, css: &str, path: &std::path::Path) {
        let element = self.wait(css).await;
        let call = format!("/session/{}/element/{}/value", self.session, element.0);
        let value = self
            .call("POST", &call, json!({"text": path.to_str().unwrap()}))
            .await;
        if let Some(error) = value.get("error").and_then(Value::as_str) {
            panic!("WebDriver upload {css}: {error}: {}", value["message"]);
        }
    }

    /// The visible text of the first element `css` matches ("" if none).
    pub async fn text(&self, css: &str) -> String {
        self.js(
            "const e = document.querySelector(arguments[0]); return e ? e.innerText : '';",
            json!([css]),
        )
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
    }

    /// Asserts that the text of the first element `css` matches starts with one of
    /// `starts` (or contains `starts[0]` when `anywhere`), saying what it was if not.
    pub async fn assert_text(&self, css: &str, starts: &[&str], anywhere: bool) {
        let text = self.text(css).await;
        let found = if anywhere {
            starts.iter().any(|s| text.contains(s))
        } else {
            starts.iter().any(|s| text.starts_with(s))
        };
        assert!(found, "{css} says {text:?}, not {starts:?}");
    }

    pub async fn count(&self, css: &str) -> usize {
        self.js(
            "return document.querySelectorAll(arguments[0]).length;",
            json!([css]),
        )
        .await
        .as_u64()
        .unwrap_or(0) as usize
    }

    /// The value of an attribute of the first element `css` matches.
    pub async fn attr(&self, css: &str, name: &str) -> Option<String> {
        self.js(
            "const e = document.querySelector(arguments[0]); return e ? e.getAttribute(arguments[1]) : null;",
            json!([css, name]),
        )
        .await
        .as_str()
        .map(str::to_owned)
    }

    /// A PNG of the page, written to `path` (its folder created).
    pub async fn screenshot(&self, path: &std::path::Path) {
        let value = self.session_call("GET", "/screenshot", json!({})).await;
        let png = base64_decode(value.as_str().unwrap());
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).unwrap();
        }
        std::fs::write(path, png).unwrap();
    }

    /// The text of every WebSocket frame the page received since the last call.
    pub async fn websocket_frames(&self) -> Vec<String> {
        let entries = self
            .session_call("POST", "/se/log", json!({"type": "performance"}))
            .await;
        entries
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|e| serde_json::from_str::<Value>(e["message"].as_str()?).ok())
            .filter(|m| m["message"]["method"] == "Network.webSocketFrameReceived")
            .filter_map(|m| {
                m["message"]["params"]["response"]["payloadData"]
                    .as_str()
                    .map(str::to_owned)
            })
            .collect()
    }

    pub async fn close(mut self) {
        let _ = self
            .call("DELETE", &format!("/session/{}", self.session), json!({}))
            .await;
        self.session.clear();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // A failed test still ends its session (the browser quits) and stops its driver.
        if !self.session.is_empty() {
            end_session(&self.base, &self.session);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// `DELETE /session/{id}`, blocking (for `Drop`, where nothing can be awaited).
fn end_session(base: &str, session: &str) {
    use std::io::{Read, Write};
    let Some(addr) = base.strip_prefix("http://") else {
        return;
    };
    let Ok(mut stream) = std::net::TcpStream::connect(addr) else {
        return;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let request =
        format!("DELETE /session/{session} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_ok() {
        let _ = stream.read_to_end(&mut Vec::new());
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in text.bytes().filter_map(value) {
        acc = (acc << 6) | c;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// WebDriver's values of the keys the tests press.
pub mod key {
    pub const TAB: &str = "\u{E004}";
    pub const ENTER: &str = "\u{E007}";
    pub const SHIFT: &str = "\u{E008}";
    pub const ESCAPE: &str = "\u{E00C}";
    pub const LEFT: &str = "\u{E012}";
    pub const UP: &str = "\u{E013}";
    pub const RIGHT: &str = "\u{E014}";
    pub const DOWN: &str = "\u{E015}";
}

/// The source of axe-core (`tests/axe/package.json`, pinned by its lock file), installed
/// with `npm ci` into the tests' own folder of `target/` on first use; `None`, said on
/// stderr, without `npm` (unless `TRIO_REQUIRE_NODE` is set, as in CI).
pub fn axe_source() -> Option<String> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("axe");
    let script = dir.join("node_modules/axe-core/axe.min.js");
    if !script.exists() {
        let from = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/axe");
        std::fs::create_dir_all(&dir).unwrap();
        for file in ["package.json", "package-lock.json"] {
            std::fs::copy(from.join(file), dir.join(file)).unwrap();
        }
        let status = Command::new("npm")
            .args(["ci", "--ignore-scripts", "--no-audit", "--no-fund"])
            .current_dir(&dir)
            .status();
        match status {
            Ok(status) => assert!(status.success(), "npm ci in {}: {status}", dir.display()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                assert!(
                    std::env::var_os("TRIO_REQUIRE_NODE").is_none(),
                    "TRIO_REQUIRE_NODE is set but `npm` is not on PATH"
                );
                eprintln!("skipped: `npm` is not on PATH, so axe-core did not run");
                return None;
            }
            Err(e) => panic!("npm ci in {}: {e}", dir.display()),
        }
    }
    Some(std::fs::read_to_string(script).unwrap())
}

/// Where the tests save their screenshots: `docs/screenshots/` of the workspace.
pub fn screenshot_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/screenshots")
        .join(name)
}
