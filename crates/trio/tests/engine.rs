//! `trio engine gyges` as a UGI client drives it: the handshake, options, positions, a
//! search with its `info` and `bestmove` lines, stopping a long search, and one `error:`
//! line for each bad input, never a crash.

mod common;

use common::trio_with_input;

use trio_gyges::{generate_moves, MoveList, Position, Variant};

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
