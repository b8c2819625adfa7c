//! `trio engine gyges` as a UGI client drives it: the handshake, options, positions, a
//! search with its `info` and `bestmove` lines, stopping a long search, and one `error:`
//! line for each bad input, never a crash.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::trio_with_input;

use trio_gyges::{generate_moves, MoveList, Position, Variant};

/// Like [`session`], for input that once made the engine hang: the engine is killed and
/// the test fails if it has not exited after `secs` seconds.
fn session_within(input: &str, secs: u64) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_trio"))
        .args(["engine", "gyges"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("trio runs");
    let mut stdin = child.stdin.take().expect("piped");
    stdin.write_all(input.as_bytes()).expect("input written");
    drop(stdin);
    let start = Instant::now();
    while child.try_wait().expect("trio can be waited for").is_none() {
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            let out = child.wait_with_output().expect("trio ends");
            panic!(
                "the engine was still running after {secs} s on {input:?}; it said {:?}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("trio ends");
    assert!(
        out.status.success(),
        "{input:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The `bestmove` lines of a session.
fn bestmoves(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("bestmove "))
        .collect()
}

/// Runs a whole session and returns the engine's output lines.
fn session(input: &str) -> Vec<String> {
    let out = trio_with_input(&["engine", "gyges"], input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The UGI notation of every legal move of South on `board`, as the engine writes them.
fn legal_ugi_moves(board: &str, variant: Variant) -> Vec<String> {
    let cells: Vec<u8> = board
        .chars()
        .filter(|&c| c != '/')
        .map(|c| c as u8 - b'0')
        .collect();
    let cells: [u8; 36] = cells.try_into().unwrap();
    let pos = Position::from_cells(&cells, trio_gyges::Side::South).unwrap();
    let mut list = MoveList::new();
    generate_moves(&pos, variant, &mut list);
    list.iter()
        .map(|mv| match *mv {
            trio_gyges::Move::Step { from, to } => format!("{}|{}", from.index(), to.index()),
            trio_gyges::Move::Replace { from, to, drop } => {
                format!("{}|{}|{}", from.index(), to.index(), drop.index())
            }
            trio_gyges::Move::Goal { from } => format!("{}|37", from.index()),
            trio_gyges::Move::Setup(_) => unreachable!("no setup in play"),
        })
        .collect()
}

#[test]
fn answers_the_handshake_and_searches() {
    let board = "321123/000000/000000/000000/000000/132231";
    let lines = session(&format!(
        "ugi\nisready\nsetoption variant seed\nsetoption threads 2\nsetoption maxPly 2\nsetpos data {board}\ngo\n"
    ));
    assert_eq!(
        lines[..9],
        [
            "id name trio-gyges",
            "id author trio",
            "option maxPly",
            "option maxTime",
            "option maxNodes",
            "option variant",
            "option threads",
            "ugiok",
            "readyok"
        ]
    );
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info ply "))
        .collect();
    assert_eq!(infos.len(), 2, "{lines:?}");
    for (words, depth) in infos
        .iter()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .zip(["1", "2"])
    {
        assert_eq!(
            [
                words[0], words[1], words[2], words[3], words[5], words[7], words[9], words[11],
                words[13]
            ],
            ["info", "ply", depth, "bestmove", "score", "nodes", "nps", "time", "pv"]
        );
    }
    let best = lines
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .expect("ends with bestmove");
    assert!(
        legal_ugi_moves(board, Variant::Seed).contains(&best.to_owned()),
        "{best}"
    );
}

#[test]
fn takes_a_win_at_once_and_stops_a_long_search() {
    // South's 3 on c1 can leave the board across rank 6 (37 is South's goal).
    let board = "003001/010200/300002/001020/012030/003000";
    let lines = session(&format!("setpos data {board}\ngo\n"));
    assert_eq!(lines[1], "bestmove 2|37", "{lines:?}");
    // A search of 100 seconds, a second go while it runs, then stop: one bestmove.
    let lines = session("setpos start\nsetoption maxTime 100\ngo\ngo\nstop\nquit\n");
    // The search's first `info` line may come before or after the error.
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("error: ")).collect();
    assert_eq!(
        errors,
        ["error: already searching; send stop first"],
        "{lines:?}"
    );
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("bestmove ")).count(),
        1,
        "{lines:?}"
    );
}

#[test]
fn each_bad_line_gets_one_error_line() {
    let bad = [
        ("fly", "unknown command \"fly\""),
        ("setoption maxPly", "setoption takes a name and a value"),
        (
            "setoption maxPly -2",
            "maxPly \"-2\" must be a positive whole number",
        ),
        (
            "setoption maxNodes 0",
            "maxNodes \"0\" must be a positive whole number",
        ),
        (
            "setoption threads 0",
            "threads \"0\" must be a positive whole number",
        ),
        (
            "setoption maxTime soon",
            "maxTime \"soon\" is not a number of seconds",
        ),
        (
            "setoption maxTime -1",
            "maxTime \"-1\" must be a positive number of seconds",
        ),
        ("setoption colour red", "unknown option \"colour\""),
        ("setoption variant chess", "unknown variant \"chess\""),
        ("setpos", "setpos takes start or data <board>"),
        ("setpos data 32112", "has 5 squares, not 36"),
        (
            "setpos data 921123/000000/000000/000000/000000/321123",
            "'9' in board",
        ),
        (
            "setpos data 321123/000000/000000/000000/000000/000000",
            "board \"321123/",
        ),
        // Positions of ours, but not in play: docs/ugi.md refuses them.
        (
            "setpos data 000000/000000/000000/000000/000000/000000",
            "has 0 pieces; UGI plays from a position in play",
        ),
        (
            "setpos data 021123/000000/000000/000000/000000/321123",
            "has 11 pieces; UGI plays from a position in play",
        ),
        (
            "setpos data 000000/000000/000000/000000/000000/321123",
            "has 6 pieces; UGI plays from a position in play",
        ),
    ];
    let input: String = bad.iter().map(|(line, _)| format!("{line}\n")).collect();
    let lines = session(&format!("{input}isready\n"));
    assert_eq!(lines.len(), bad.len() + 1, "{lines:?}");
    for (line, (input, needle)) in lines.iter().zip(bad) {
        assert!(
            line.starts_with("error: ") && line.contains(needle),
            "{input:?} gave {line:?}"
        );
    }
    assert_eq!(lines.last().unwrap(), "readyok");
}

// A refused board leaves the position as it was: the engine does not set up on an empty
// board or move in a won game, it searches the start.
#[test]
fn boards_not_in_play_are_refused() {
    let lines = session_within(
        "setpos data 000000/000000/000000/000000/000000/000000\nsetoption maxPly 1\ngo\n",
        60,
    );
    assert!(lines[0].starts_with("error: board "), "{lines:?}");
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    assert!(
        legal_ugi_moves(trio_gyges::ugi::START, Variant::Official)
            .contains(&best[0]["bestmove ".len()..].to_owned()),
        "{lines:?}"
    );
}

// maxTime beyond what a deadline can hold used to panic the search ("cannot convert float
// seconds to Duration"); it is bounded and said so, and the search answers.
#[test]
fn a_huge_max_time_is_bounded() {
    for value in ["1e20", "1e308", "18446744073709551615"] {
        let lines = session_within(
            &format!("setoption maxTime {value}\nsetoption threads 1\ngo\nisready\nstop\nquit\n"),
            60,
        );
        assert_eq!(
            lines[0],
            format!(
                "info string maxTime {value} is more than 1000000000 seconds; using 1000000000"
            ),
            "{lines:?}"
        );
        assert_eq!(bestmoves(&lines).len(), 1, "{value}: {lines:?}");
        assert!(!lines.iter().any(|l| l.starts_with("error")), "{lines:?}");
    }
    // Beyond what a number can hold is no number of seconds.
    let lines = session_within("setoption maxTime 1e400\nisready\n", 60);
    assert_eq!(
        lines,
        [
            "error: maxTime \"1e400\" must be a positive number of seconds",
            "readyok"
        ]
    );
}

// Asking for 100,000 threads used to spawn them all before searching, with no bestmove and
// no way to stop it; the threads are bounded and said so.
#[test]
fn threads_are_bounded() {
    for value in ["100000", "99999999"] {
        let lines = session_within(
            &format!("setoption threads {value}\nsetoption maxTime 0.2\ngo\nstop\nquit\n"),
            60,
        );
        assert!(
            lines[0].starts_with(&format!(
                "info string threads {value} is more than this machine can use (4 per core, at most 256); using "
            )),
            "{lines:?}"
        );
        assert_eq!(bestmoves(&lines).len(), 1, "{value}: {lines:?}");
    }
}

// A search without a limit used to run on after the end of the input, forever; it is
// stopped there and answers. One with a limit still finishes (docs/ugi.md).
#[test]
fn the_end_of_input_stops_an_endless_search() {
    let lines = session_within("setpos start\nsetoption threads 2\ngo\n", 60);
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
    let lines = session_within(
        "setpos start\nsetoption threads 1\nsetoption maxPly 2\ngo\n",
        120,
    );
    let infos = lines.iter().filter(|l| l.starts_with("info ply ")).count();
    assert_eq!(infos, 2, "{lines:?}");
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
}
