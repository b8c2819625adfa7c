//! The `trio` command as a user runs it: outputs, exit codes and one-line errors.

mod common;

use std::process::{Command, Output};

use common::{trio_in, trio_with_input};

const START: &str = "321123/....../....../....../....../123321 S";

fn trio(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_trio"))
        .args(args)
        .output()
        .expect("trio runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Asserts a failure with exit code 2 and a single error line containing `needle`.
fn assert_error(o: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "exit code for error {err:?}");
    assert!(err.contains(needle), "{err:?} should mention {needle:?}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn games_lists_every_option_with_what_it_takes_and_its_default() {
    let o = trio(&["games"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for line in [
        "gyges — Gygès, 2 seats",
        "  variant: seed or official (default seed)",
        "  tiles: a tile-set file or standard (default standard)",
        "orbit — Na orbicie, 2 to 4 seats",
        "  players: 2, 3 or 4 (default 2)",
        "  order: 2 to 4 different letters of r, g, b, y",
    ] {
        assert!(out.lines().any(|l| l == line), "{line:?} not in\n{out}");
    }
    assert!(out.contains("drawn at random when not given."), "{out}");
}

#[test]
fn perft_prints_the_count_last() {
    let o = trio(&["perft", "gyges", "--position", START, "--depth", "2"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("44842"));
    let o = trio(&[
        "perft",
        "gyges",
        "--variant",
        "official",
        "--position",
        START,
        "--depth",
        "1",
    ]);
    assert_eq!(stdout(&o).lines().last(), Some("228"));
}

#[test]
fn perft_divide_lines_sum_to_the_total() {
    let o = trio(&[
        "perft",
        "gyges",
        "--position",
        START,
        "--depth",
        "2",
        "--divide",
    ]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let (total, moves) = lines.split_last().expect("output");
    assert_eq!(moves.len(), 170);
    let sum: u64 = moves
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(total.parse::<u64>().unwrap(), sum);
    assert_eq!(sum, 44842);
}

#[test]
fn moves_are_complete_and_in_the_games_order() {
    let o = trio(&["moves", "gyges", "--position", START]);
    let out = stdout(&o);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 170);
    let mut unique = moves.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 170);
    // Piece by piece from a1, plain moves before replacements.
    assert_eq!(&moves[..3], ["a1-a2", "a1-c2", "a1-b3"]);
    assert!(moves.contains(&"b1-b3"), "the 2 on b1 walks two squares up");
    let orbit = trio(&[
        "moves",
        "orbit",
        "--position",
        "rg r r:C,C,1.3,2.5/g:C,C,C,H -",
    ]);
    assert!(stdout(&orbit).lines().any(|l| l == "move 2.5-3.5"));
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    assert_error(
        &trio(&["moves", "gyges", "--position", "321123/...... S"]),
        "bad position",
    );
    assert_error(
        &trio(&[
            "moves",
            "gyges",
            "--position",
            "321123/....../....../....../....../123321 X",
        ]),
        "bad position",
    );
    assert_error(
        &trio(&["moves", "gyges", "--variant", "fast", "--position", START]),
        "fast",
    );
    assert_error(
        &trio(&["moves", "gyges", "--board", "x.toml", "--position", START]),
        "gyges has no option \"board\"",
    );
    assert_error(
        &trio(&["perft", "gyges", "--position", START, "--depth", "40"]),
        "too deep",
    );
    assert_error(&trio(&["moves", "chess", "--position", START]), "chess");
    assert_error(
        &trio(&["play", "orbit", "--players", "5"]),
        "is not 2, 3 or 4",
    );
    assert_error(
        &trio(&["play", "orbit", "--board", "/nonexistent/board.toml"]),
        "cannot read",
    );
    assert_error(&trio(&["play", "gyges", "--seat", "3=ai:1"]), "no seat 3");
    assert_error(
        &trio(&["match", "gyges", "--a", "human", "--b", "random"]),
        "agents",
    );
    for o in [
        trio(&[
            "moves",
            "gyges",
            "--position",
            "321123/....../....../....../....../123321 S",
        ]),
        trio(&["moves", "gyges", "--position", "bad"]),
    ] {
        assert_eq!(
            String::from_utf8_lossy(&o.stderr).lines().count(),
            usize::from(!o.status.success())
        );
    }
}

/// Runs `trio` in `dir` with `input`, expecting success; returns what it printed.
fn played(dir: &std::path::Path, args: &[&str], input: &str) -> String {
    let o = trio_in(dir, args, input);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    stdout(&o)
}

/// The Gygès position the `position` command printed after a prompt.
fn printed_position(out: &str) -> String {
    out.lines()
        .filter_map(|l| l.rsplit("> ").next())
        .find(|text| text.matches('/').count() == 5)
        .unwrap_or_else(|| panic!("no position printed: {out}"))
        .to_owned()
}

/// A fresh folder for one test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("trio-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn play_explains_bad_moves_and_quit_saves_the_game_to_resume() {
    let dir = scratch("resume");
    let out = played(
        &dir,
        &[
            "play",
            "gyges",
            "--variant",
            "official",
            "--seat",
            "2=ai:2",
            "--seed",
            "1",
        ],
        "setup 123321\nsetup 1233\na1-a9\na1-a3\nb1-b3\nposition\nquit\n",
    );
    assert!(out.contains("South plays setup 123321"), "{out}");
    assert!(out.contains("North plays setup"), "{out}");
    assert!(out.contains("cannot read \"setup 1233\""), "{out}");
    assert!(out.contains("rank 9 does not exist"), "{out}");
    // A refusal names the rule it breaks.
    assert!(out.contains("a1-a3 is not legal here:"), "{out}");
    assert!(out.contains("(rule gyges."), "{out}");
    assert!(out.contains("South plays b1-b3"), "{out}");
    assert!(out.contains("trio resume trio-gyges-1.json"), "{out}");
    let record = std::fs::read_to_string(dir.join("trio-gyges-1.json")).unwrap();
    assert!(record.contains("\"gyges(variant=official)\""), "{record}");
    assert!(record.contains("\"ai:2\""), "the AI seat is kept: {record}");

    // Resuming goes on with the same variant, the AI in its seat, from the same position.
    let left_at = printed_position(&out);
    let out = played(&dir, &["resume", "trio-gyges-1.json"], "position\nquit\n");
    assert!(out.contains("resumed after 4 actions"), "{out}");
    assert_eq!(printed_position(&out), left_at);
    let replay = trio_in(&dir, &["replay", "trio-gyges-1.json"], "");
    assert!(replay.status.success(), "{}", stdout(&replay));
    assert!(stdout(&replay).contains("The game is not over."));
}

#[test]
fn play_ends_cleanly_at_end_of_input() {
    let dir = scratch("eof");
    let o = trio_in(&dir, &["play", "gyges", "--seed", "3"], "setup 123321\n");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("Game saved."));
    assert!(dir.join("trio-gyges-3.json").exists());
}

#[test]
fn records_replay_and_name_the_first_bad_action() {
    let dir = scratch("replay");
    let record = dir.join("game.json");
    let o = trio(&[
        "play",
        "orbit",
        "--players",
        "3",
        "--seat",
        "1=random",
        "--seat",
        "2=random",
        "--seat",
        "3=ai:1",
        "--seed",
        "8",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let played = stdout(&o);
    let o = trio(&["replay", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stdout(&o));
    let out = stdout(&o);
    let final_line = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("Final position:"))
            .map(str::to_owned)
    };
    assert_eq!(final_line(&out), final_line(&played), "{out}");
    assert!(out.contains("Result: 1. "), "{out}");

    // Change one die roll: the replay names the action and what the seed gives instead.
    let text = std::fs::read_to_string(&record).unwrap();
    let tampered = text
        .replacen("\"die 1\"", "\"die 2\"", 1)
        .replacen("\"die 3\"", "\"die 4\"", 1);
    assert_ne!(tampered, text);
    std::fs::write(&record, tampered).unwrap();
    let o = trio(&["replay", record.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("seed 8 draws"), "{}", stdout(&o));

    std::fs::write(&record, "{\"format\": 1}").unwrap();
    assert_error(
        &trio(&["replay", record.to_str().unwrap()]),
        "not a game record",
    );
    assert_error(&trio(&["replay", "/dev/zero"]), "");
}

#[test]
fn match_writes_a_record_per_game() {
    let dir = scratch("match");
    let o = trio(&[
        "match",
        "gyges",
        "--a",
        "random",
        "--b",
        "ai:1",
        "--games",
        "2",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for game in ["game-0001.json", "game-0002.json"] {
        let path = dir.join(game);
        let o = trio(&["replay", path.to_str().unwrap()]);
        assert!(o.status.success(), "{game}: {}", stdout(&o));
    }
    let second = std::fs::read_to_string(dir.join("game-0002.json")).unwrap();
    let seats = second.find("\"seats\"").unwrap();
    assert!(
        second[seats..].find("ai:1") < second[seats..].find("random"),
        "seats alternate: {second}"
    );
}

#[test]
fn match_plays_each_start_of_a_book_twice_with_the_seats_swapped() {
    let dir = scratch("book");
    let o = trio(&["book", "gyges", "--starts", "3", "--seed", "7"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let book = stdout(&o);
    assert_eq!(book.lines().count(), 4, "a comment and 3 starts: {book}");
    assert!(book.starts_with("# trio book gyges"), "{book}");
    let path = dir.join("gyges.book");
    std::fs::write(&path, &book).unwrap();
    let records = dir.join("records");
    let o = trio(&[
        "match",
        "gyges",
        "--a",
        "ai:2",
        "--b",
        "random",
        "--book",
        path.to_str().unwrap(),
        "--threads",
        "1",
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(
        out.contains("6 games (3 pairs, seats swapped), book"),
        "{out}"
    );
    assert!(
        out.contains("pairs scoring 0, ½, 1, 1½, 2 for A: 0 0 0 0 3"),
        "{out}"
    );
    // Both games of a pair start from the book's position.
    let start = book.lines().nth(1).unwrap();
    for game in ["game-0001.json", "game-0002.json"] {
        let record = std::fs::read_to_string(records.join(game)).unwrap();
        assert!(record.contains(start), "{game}: {record}");
        assert!(trio(&["replay", records.join(game).to_str().unwrap()])
            .status
            .success());
    }
    assert_error(
        &trio(&[
            "match", "gyges", "--a", "random", "--b", "random", "--games", "3",
        ]),
        "multiple of 2",
    );
    std::fs::write(&path, "# nothing\nnot a position\n").unwrap();
    assert_error(
        &trio(&[
            "match",
            "gyges",
            "--a",
            "random",
            "--b",
            "random",
            "--book",
            path.to_str().unwrap(),
        ]),
        "book line 1",
    );
}

#[test]
fn an_sprt_proves_a_stronger_agent_quickly_and_not_an_equal_one() {
    let sprt = |a: &str, b: &str| {
        let o = trio(&[
            "match",
            "gyges",
            "--a",
            a,
            "--b",
            b,
            "--sprt",
            "0,100",
            "--threads",
            "1",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = stdout(&o);
        let line = out
            .lines()
            .find(|l| l.starts_with("SPRT elo0 0, elo1 100 (alpha 0.05, beta 0.05): LLR"))
            .unwrap_or_else(|| panic!("{out}"))
            .to_owned();
        let pairs: usize = line
            .split(" after ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{line}"));
        (line, pairs)
    };
    let (line, pairs) = sprt("ai:3", "random");
    assert!(line.contains("H1 accepted"), "{line}");
    assert!(pairs <= 8, "{line}");
    let (line, _) = sprt("random", "random");
    assert!(line.contains("H0 accepted"), "{line}");
    assert_error(
        &trio(&[
            "match",
            "orbit",
            "--players",
            "3",
            "--a",
            "random",
            "--b",
            "random",
            "--sprt",
            "0,5",
        ]),
        "two-seat",
    );
    assert_error(
        &trio(&[
            "match", "gyges", "--a", "random", "--b", "random", "--sprt", "5,0",
        ]),
        "must be below",
    );
}

#[test]
fn bench_prints_each_engines_signature() {
    let o = trio(&["bench", "gyges"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    // The number itself is pinned by trio-ai's bench test.
    let row = out.lines().nth(1).unwrap_or_else(|| panic!("{out}"));
    assert!(row.starts_with("gyges alpha-beta, depth 3"), "{out}");
    assert_eq!(out.lines().count(), 2, "a heading and one engine: {out}");
    assert_error(&trio(&["bench", "chess"]), "unknown game");
}

#[test]
fn ai_seats_play_whole_games() {
    // Random agents in every seat: the game runs to its end without a person.
    let o = trio(&[
        "play",
        "orbit",
        "--players",
        "3",
        "--seat",
        "1=random",
        "--seat",
        "2=random",
        "--seat",
        "3=random",
        "--seed",
        "4",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(
        out.contains("1. ") && out.contains("3. "),
        "a full ranking: {out}"
    );
}

/// A review names its judge and how it stands to the players: by default a level above
/// the strongest (and at least 3); a judge chosen no stronger is called doubtful.
#[test]
fn analyse_judges_above_the_strongest_player() {
    let dir = scratch("analyse");
    let record = dir.join("game.json");
    let record = record.to_str().unwrap();
    let o = trio(&[
        "play", "orbit", "--seat", "1=random", "--seat", "2=ai:2", "--seed", "4", "--record",
        record,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = trio(&["analyse", record, "--threads", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(
        out.contains("Judged by level 3 (")
            && out.contains("1 level above the strongest player (level 2)"),
        "{out}"
    );
    let o = trio(&["analyse", record, "--level", "2", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(
        (json["judge_level"].as_u64(), json["players_level"].as_u64()),
        (Some(2), Some(2))
    );
    let out = stdout(&trio(&["analyse", record, "--level", "2"]));
    assert!(
        out.contains("no stronger than the strongest player (level 2)"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_reports_both_agents() {
    let o = trio(&[
        "match", "gyges", "--a", "random", "--b", "random", "--games", "4", "--seed", "3",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("4 games"), "{out}");
    assert!(out.contains("A = random, B = random"), "{out}");
    let rows = out
        .lines()
        .filter(|l| l.starts_with("A ") || l.starts_with("B "));
    assert_eq!(rows.filter(|l| l.contains(" random ")).count(), 2, "{out}");
    assert_eq!(
        stdout(&trio(&[
            "match", "gyges", "--a", "random", "--b", "random", "--games", "4", "--seed", "3"
        ])),
        out,
        "the seed replays the match"
    );
    let o = trio(&[
        "match", "orbit", "--a", "mcts:30", "--b", "random", "--games", "2", "--seed", "3",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("\nA mcts:30 "), "{}", stdout(&o));
}

#[test]
fn hint_gives_a_legal_move() {
    let legal = stdout(&trio(&["moves", "gyges", "--position", START]));
    // Level 1 is MCTS; from level 2 the alpha-beta engine answers with a score and a line.
    for (level, says) in [("1", "expected score"), ("2", "score")] {
        let o = trio(&["hint", "gyges", "--position", START, "--level", level]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = stdout(&o);
        let first = out.lines().next().expect("a move");
        assert!(legal.lines().any(|l| l == first), "{first} is legal");
        assert!(
            out.lines().nth(1).is_some_and(|l| l.contains(says)),
            "{out}"
        );
    }
    // Each level says what it searched: a bigger budget, more nodes, never the same line.
    let searched = |level: &str| {
        let out = stdout(&trio(&[
            "hint",
            "gyges",
            "--position",
            START,
            "--level",
            level,
        ]));
        let evaluation = out.lines().nth(1).unwrap_or_default().to_owned();
        let nodes = evaluation
            .split(" nodes in all")
            .next()
            .and_then(|s| s.rsplit('(').next())
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("no node count: {evaluation}"));
        (nodes, evaluation)
    };
    let (four, _) = searched("4");
    let (five, evaluation) = searched("5");
    assert!(five > four, "{four} then {five}");
    assert!(evaluation.contains("kept:"), "{evaluation}");
    let quick = stdout(&trio(&[
        "hint",
        "gyges",
        "--position",
        START,
        "--level",
        "1",
    ]));
    assert!(quick.contains("a quick look, far from sure"), "{quick}");
    // The 3 on c4 walks c5, c6 and leaves the board: the engine sees the win.
    let win = "12.212/3..13./1.3.23/....../....../...... S";
    let o = trio(&["hint", "gyges", "--position", win, "--level", "3"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].ends_with("-G"), "{out}");
    assert_eq!(lines[1], "South wins in 1 ply", "{out}");
    assert_error(
        &trio(&["hint", "gyges", "--position", START, "--level", "7"]),
        "level",
    );
}

const TRILES: &str = "C@0,0,0 A@0,-1,2 | B:A2B2C2D1 | W:A1B2C1D2E1J1 | pool:A5B5C5D6F1G1H1I1K1L1M1N1O1P1Q1R1S1T1 | W";

#[test]
fn triles_effects_name_the_consequences_or_the_broken_rule() {
    let o = trio(&[
        "effects",
        "triles",
        "--position",
        TRILES,
        "--move",
        "A@-1,-1,2",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    // White's semicircle meets the start tile's white semicircle: the two-tile circle.
    assert!(out.contains("white: 0 dots, 1 loops"), "{out}");
    assert!(out.contains("wedge: no"), "{out}");
    let o = trio(&[
        "effects",
        "triles",
        "--position",
        TRILES,
        "--move",
        "A@1,0,0",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).starts_with("illegal: colour mismatch"),
        "{}",
        stdout(&o)
    );
    assert_error(
        &trio(&[
            "effects",
            "triles",
            "--position",
            TRILES,
            "--move",
            "Z@1,0,0",
        ]),
        "bad placement",
    );
    assert_error(
        &trio(&["effects", "gyges", "--position", START, "--move", "a1-a2"]),
        "triles only",
    );
}

#[test]
fn triles_moves_follow_the_variants() {
    let plain = stdout(&trio(&["moves", "triles", "--position", TRILES]));
    assert_eq!(plain.lines().count(), 24);
    let own_dots = stdout(&trio(&[
        "moves",
        "triles",
        "--variant",
        "own-dots",
        "--position",
        TRILES,
    ]));
    assert!(
        own_dots.lines().count() > 24,
        "lifting the own-dot ban allows more placements"
    );
    assert_error(
        &trio(&[
            "moves",
            "triles",
            "--variant",
            "open-sky",
            "--position",
            TRILES,
        ]),
        "open-sky",
    );
    assert_error(
        &trio(&[
            "moves",
            "triles",
            "--tiles",
            "/nonexistent.toml",
            "--position",
            TRILES,
        ]),
        "cannot read",
    );
}

#[test]
fn triles_hot_seat_hides_the_screen_between_players() {
    let o = trio_with_input(&["play", "triles", "--seed", "2"], "\nquit\n");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    assert!(
        out.contains("Press Enter when the other player looks away"),
        "{out}"
    );
    assert!(out.contains("your hand (8)"), "{out}");
}

#[test]
fn an_external_ugi_engine_takes_a_seat() {
    // Our own engine, started as an external program, plays a short match from the CLI.
    let engine = format!(
        "ugi:{} engine gyges;maxTime=0.05;threads=1",
        env!("CARGO_BIN_EXE_trio")
    );
    let o = trio(&[
        "match",
        "gyges",
        "--a",
        "ai:1",
        "--b",
        &engine,
        "--games",
        "2",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("B = ugi:"), "{}", stdout(&o));
    // A sequential test against it, decided or not within its four games; on a node
    // budget, so that the games are the same however busy the machine is.
    let counted = format!(
        "ugi:{} engine gyges;maxNodes=2000;threads=1",
        env!("CARGO_BIN_EXE_trio")
    );
    let o = trio(&[
        "match",
        "gyges",
        "--a",
        "ai:2",
        "--b",
        &counted,
        "--sprt",
        "0,100",
        "--games",
        "4",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("SPRT elo0 0"), "{}", stdout(&o));
    assert_error(
        &trio(&[
            "match",
            "gyges",
            "--a",
            "ai:1",
            "--b",
            "ugi:/no/such/engine",
        ]),
        "cannot start /no/such/engine",
    );
    assert_error(
        &trio(&["match", "triles", "--a", "ai:1", "--b", "ugi:x"]),
        "Gygès only",
    );
}

#[test]
fn long_inputs_are_quoted_briefly() {
    let big = "1".repeat(100_000);
    let seat = format!("1={big}");
    let triles = format!("A@{big},0,0 | B:- | W:- | pool:A1 | B");
    for args in [
        vec!["moves", "gyges", "--position", big.as_str()],
        vec!["moves", "triles", "--position", triles.as_str()],
        vec!["moves", "orbit", "--position", big.as_str()],
        vec!["play", "gyges", "--seat", seat.as_str()],
        vec!["moves", big.as_str(), "--position", "x"],
    ] {
        let o = trio(&args);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            o.stderr.len() < 1_000,
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn a_position_may_start_with_a_dash() {
    // The documented empty Triles table, before the colours are drawn.
    let empty = "- | B:- | W:- | pool:A9B9C9D9E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | ? black:?";
    let o = trio(&["moves", "triles", "--position", empty]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), "black:1\t0.5000\nblack:2\t0.5000\n");
}

#[test]
fn a_finished_position_says_the_game_is_over() {
    let won = "12.2.2/3..13./1.3.23/....../....../...... N";
    let o = trio(&["moves", "gyges", "--position", won]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("the game is over (South wins)"), "{err}");
}

#[test]
fn perft_stops_on_ctrl_c_with_the_part_counted() {
    let child = Command::new(env!("CARGO_BIN_EXE_trio"))
        .args([
            "perft",
            "gyges",
            "--position",
            START,
            "--depth",
            "7",
            "--divide",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("interrupted"));
    let last = stdout(&o).lines().last().unwrap_or_default().to_owned();
    assert!(last.parse::<u64>().is_ok(), "a partial count: {last}");
}

#[test]
fn the_ai_can_think_for_a_chosen_time() {
    let o = trio(&[
        "match",
        "triles",
        "--a",
        "think:0.05",
        "--b",
        "random",
        "--games",
        "1",
        "--unpaired",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("A = think:0.05"), "{}", stdout(&o));
    assert_error(
        &trio(&["play", "gyges", "--seat", "2=think:0"]),
        "0.05 to 600",
    );
}

#[test]
fn triles_names_seats_by_colour_once_drawn() {
    let dir = scratch("colours");
    let out = played(
        &dir,
        &["play", "triles", "--seat", "2=ai:1", "--seed", "3"],
        "quit\n",
    );
    // Seed 3 draws seat 2 as black: the person is white.
    assert!(out.contains("white (you) to move"), "{out}");
    assert!(out.contains("white to move, `help` for help>"), "{out}");
    assert!(!out.contains("player 1 to move"), "{out}");
    // Your own draws are shown to you, the AI's are not.
    assert!(out.contains("(only you see this)"), "{out}");
}

#[test]
fn after_the_only_person_finishes_the_ai_play_is_summarised() {
    // Red (the person) is home; green and blue, the AIs, race on without them.
    let dir = scratch("summary");
    let out = played(
        &dir,
        &[
            "play",
            "orbit",
            "--players",
            "3",
            "--order",
            "rgb",
            "--seat",
            "2=random",
            "--seat",
            "3=random",
            "--seed",
            "6",
            "--position",
            "rgb g r:H,H,H/g:C,C,C/b:C,C,C - turn=1 finished=r",
        ],
        "",
    );
    assert!(out.contains("play on without you"), "{out}");
    assert!(out.contains("more actions were played"), "{out}");
    assert!(
        out.lines().filter(|l| l.contains(" plays ")).count() <= 60,
        "{out}"
    );
    assert!(out.contains("1. red"), "{out}");
}

#[test]
fn move_lists_follow_the_documented_order() {
    let out = stdout(&trio(&[
        "moves",
        "orbit",
        "--position",
        "rg r r:C,C,1.2,1.10/g:C,C,C,C -",
    ]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "roll");
    let two = lines.iter().position(|l| *l == "move 1.2-1.0").unwrap();
    let ten = lines.iter().position(|l| *l == "move 1.10-1.0").unwrap();
    assert!(two < ten, "{out}");
}

#[test]
fn at_the_prompt_undo_hint_and_position_help_the_person() {
    let dir = scratch("prompt");
    let out = played(
        &dir,
        &["play", "gyges", "--seat", "2=ai:2", "--seed", "4"],
        "setup 123321\nundo\nposition\nsetup 321123\nhint 1\nmoves\nquit\n",
    );
    assert!(out.contains("Taken back."), "{out}");
    assert!(
        out.contains("....../....../....../....../....../...... S"),
        "{out}"
    );
    assert!(out.contains("South plays setup 321123"), "{out}");
    assert!(out.contains("level 1 suggests "), "{out}");
    // Between two people at one keyboard there is no take-back.
    let o = trio_in(
        &dir,
        &["play", "gyges", "--seed", "4"],
        "setup 123321\nundo\nquit\n",
    );
    assert!(stdout(&o).contains("undo is offered against the AI only"));
}

#[test]
fn the_rules_are_printed_in_english_or_polish() {
    let en = stdout(&trio(&["rules", "gyges"]));
    assert!(
        en.contains("South") && en.contains("## Notation"),
        "{}",
        &en[..200]
    );
    assert!(
        !en.contains("## For developers"),
        "players get the rules only"
    );
    // The terminal's passages (left out by the web page) without their marks.
    assert!(en.contains("trio play gyges --seat") && !en.contains("<!-- cli -->"));
    // A board the page draws its own way is the terminal's drawing, fenced plainly.
    assert!(en.contains("a1: the 1 moves one step") && !en.contains("```board"));
    let pl = stdout(&trio(&["rules", "orbit", "--lang", "pl"]));
    assert!(pl.contains("pionk"), "{}", &pl[..200]);
    let all = stdout(&trio(&["rules", "triles", "--developers"]));
    assert!(all.contains("## Rule ids"));
    assert_error(&trio(&["rules", "chess"]), "unknown game");
}

#[test]
fn option_values_are_bounded_with_the_same_words() {
    assert_error(
        &trio(&[
            "match",
            "orbit",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "2",
            "--threads",
            "99999",
        ]),
        "more than 256",
    );
    for level in ["6", "99999", "18446744073709551616"] {
        let o = trio(&["hint", "gyges", "--position", START, "--level", level]);
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("level") && err.contains("1 to 5") || err.contains("invalid value"),
            "{err}"
        );
    }
    let o = trio(&["play", "orbit", "--order", "rr"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.matches("\"rr\"").count(), 1, "{err}");
    assert!(
        err.contains("2 to 4 different letters of r, g, b, y"),
        "{err}"
    );
    for file in ["/dev/zero", "/dev/urandom"] {
        assert_error(
            &trio(&["moves", "triles", "--tiles", file, "--position", "x"]),
            "at most",
        );
    }
    assert_error(&trio(&["play", "orbit", "--board", "/dev/zero"]), "at most");
}

#[test]
fn the_board_turns_round_for_north_and_on_request() {
    let dir = scratch("flip");
    let o = trio_in(
        &dir,
        &["play", "gyges", "--seat", "1=ai:2", "--seed", "2"],
        "flip\nquit\n",
    );
    let out = stdout(&o);
    // North, the person, first sees its own side at the bottom, files from f to a.
    let first = out.find("    f e d c b a").expect("a flipped board");
    let turned = out.find("    a b c d e f").expect("turned back");
    assert!(first < turned, "{out}");
    let o = trio_in(&dir, &["play", "orbit", "--seed", "2"], "flip\nquit\n");
    assert!(stdout(&o).contains("no sides to turn round"));
}
