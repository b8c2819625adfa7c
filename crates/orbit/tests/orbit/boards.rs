//! Board definition files: a non-classic board plays, and every kind of mistake in a
//! file is refused with its own error.

use trio_core::conformance::{random_games, Config};
use trio_core::Game;
use trio_orbit::{Board, BoardError, Options, Orbit, CLASSIC_TOML};

/// Four rings of 8 fields; lines join field i of orbits k and k+1 for even i.
const OCTAGON: &str = r#"
name = "octagon"
lines = [
    "1.0-2.0", "1.2-2.2", "1.4-2.4", "1.6-2.6",
    "2.1-3.1", "2.3-3.3", "2.5-3.5", "2.7-3.7",
    "3.0-4.0", "3.4-4.4",
]
[[orbit]]
fields = 8
[[orbit]]
fields = 8
[[orbit]]
fields = 8
[[orbit]]
fields = 8
"#;

#[test]
fn the_shipped_classic_file_is_the_builtin_board() {
    let board = Board::from_toml(CLASSIC_TOML).unwrap();
    assert_eq!(board.lines(), Board::classic().lines());
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/boards/classic.toml"))
        .unwrap();
    assert_eq!(text, CLASSIC_TOML);
}

#[test]
fn a_board_of_four_orbits_of_eight_fields_plays() {
    let board = Board::from_toml(OCTAGON).unwrap();
    assert_eq!(
        (board.name(), board.orbits(), board.field_count()),
        ("octagon", 4, 32)
    );
    // orbit 3: 0=r, one pawn: 1 step, and 3.0-4.0 leads home.
    let game = Orbit::new(Options {
        board: board.clone(),
        ..Options::default()
    })
    .unwrap();
    let state = game
        .parse_position("rg r r:C,C,C,3.0/g:C,C,C,1.0 -")
        .unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&state, &mut legal);
    let written: Vec<String> = legal
        .iter()
        .map(|a| game.format_action(&state, a))
        .collect();
    assert_eq!(
        written,
        ["roll", "move 3.0-3.1", "move 3.0-3.7", "move 3.0-H"]
    );
    for players in 2..=4 {
        let game = Orbit::new(Options {
            players,
            board: board.clone(),
            ..Options::default()
        })
        .unwrap();
        let config = Config {
            games: 8,
            seed: 7,
            max_plies: 8_000,
            ..Config::default()
        };
        let report = random_games(&game, &config, |_, _| {});
        assert_eq!(report.games, 8);
    }
}

#[test]
fn a_broken_board_file_reports_every_problem() {
    // A designer's file: name after [[orbit]] (TOML puts it in orbit 1), a mistyped
    // key, two wrong lines.
    let text = r#"lines = ["1.0-2.0", "1.0-1.1", "2.0-3.9", "2.1-3.1"]
[[orbit]]
fields = 4
name = "mine"
[[orbit]]
feilds = 4
[[orbit]]
fields = 4
"#;
    let error = Board::from_toml(text).unwrap_err();
    let BoardError::Several(errors) = &error else {
        panic!("{error}")
    };
    assert_eq!(errors.len(), 2, "{error}");
    assert!(
        errors[0]
            .to_string()
            .contains("orbit 1: name is a top-level key"),
        "{error}"
    );
    assert!(errors[0]
        .to_string()
        .contains("move name above the first [[orbit]]"));
    assert!(
        errors[1]
            .to_string()
            .contains("orbit 2: unknown field `feilds`"),
        "{error}"
    );
    // Once it reads, every wrong line at once.
    let text = text
        .replace("name = \"mine\"\n", "")
        .replace("feilds", "fields");
    let error = Board::from_toml(&text).unwrap_err();
    assert_eq!(
        error,
        BoardError::Several(vec![
            BoardError::LineWithinOrbit("1.0-1.1".into()),
            BoardError::FieldOutOfRange {
                line: "2.0-3.9".into(),
                field: "3.9".into(),
            },
        ])
    );
    assert!(
        error.to_string().starts_with("2 problems: line 1.0-1.1"),
        "{error}"
    );
}

#[test]
fn mistakes_in_a_board_file_are_refused() {
    let orbits = |n: usize| "[[orbit]]\nfields = 4\n".repeat(n);
    let with_lines = |lines: &str, n: usize| format!("lines = [{lines}]\n{}", orbits(n));
    for (text, expected) in [
        (orbits(1), BoardError::TooFewOrbits(1)),
        (orbits(17), BoardError::TooManyOrbits(17)),
        (
            with_lines(r#""1.0-2.0""#, 3),
            BoardError::UnreachableOrbit(3),
        ),
        (
            with_lines(r#""1.0-2.0", "2.0-3.0", "1.1-3.1""#, 3),
            BoardError::LineSkipsOrbit("1.1-3.1".into()),
        ),
        (
            with_lines(r#""1.0-2.0", "2.0-1.0""#, 2),
            BoardError::DuplicateLine("2.0-1.0".into()),
        ),
        (
            with_lines(r#""1.0-2.9""#, 2),
            BoardError::FieldOutOfRange {
                line: "1.0-2.9".into(),
                field: "2.9".into(),
            },
        ),
        (
            with_lines(r#""1.0-1.2""#, 2),
            BoardError::LineWithinOrbit("1.0-1.2".into()),
        ),
        (
            with_lines(r#""1.0 to 2.0""#, 2),
            BoardError::BadLine("1.0 to 2.0".into()),
        ),
        (
            "[[orbit]]\nfields = 0\n[[orbit]]\nfields = 3\n".into(),
            BoardError::EmptyOrbit(1),
        ),
        (
            "[[orbit]]\nfields = 100\n[[orbit]]\nfields = 100\n".into(),
            BoardError::TooManyFields(200),
        ),
    ] {
        assert_eq!(Board::from_toml(&text).unwrap_err(), expected, "{text}");
    }
    let many = r#"lines = ["1.0-2.0", "1.0-2.1", "1.0-2.2", "1.0-2.3", "1.0-2.4"]
[[orbit]]
fields = 4
[[orbit]]
fields = 5
"#;
    assert!(matches!(
        Board::from_toml(many),
        Err(BoardError::TooManyNeighbours { count: 7, .. })
    ));
    assert!(matches!(
        Board::from_toml("orbit = 3"),
        Err(BoardError::Toml(_))
    ));
    assert!(matches!(
        Board::from_toml("[[orbit]]\nfields = 4\nshape = \"star\"\n"),
        Err(BoardError::Toml(_))
    ));
}

#[test]
fn a_board_name_with_control_characters_is_refused() {
    let orbits = "[[orbit]]\nfields = 4\n[[orbit]]\nfields = 4\n";
    let lines = r#"lines = ["1.0-2.0"]"#;
    for (name, character) in [
        (r#""evil\u001b[2J""#, '\u{1b}'),
        (r#""nul\u0000""#, '\0'),
        (r#""two\nlines""#, '\n'),
        (r#""del\u007f""#, '\u{7f}'),
        (r#""c1\u009b""#, '\u{9b}'),
    ] {
        let text = format!("name = {name}\n{lines}\n{orbits}");
        let error = Board::from_toml(&text).unwrap_err();
        assert!(
            matches!(&error, BoardError::ControlInName { character: c, .. } if *c == character),
            "{name}: {error:?}"
        );
        let message = error.to_string();
        assert!(
            !message.chars().any(char::is_control),
            "the message prints no control character: {message:?}"
        );
    }
    let error = Board::from_toml(&format!("name = \"evil\\u001b[2J\"\n{lines}\n{orbits}"))
        .unwrap_err()
        .to_string();
    assert_eq!(
        error,
        r#"board name "evil\u{1b}[2J" has a control character (U+001B); use printable text"#
    );
    // Printable text of any script is fine.
    let board = Board::from_toml(&format!("name = \"Orbita – łódź\"\n{lines}\n{orbits}")).unwrap();
    assert_eq!(board.name(), "Orbita – łódź");
}

#[test]
fn a_toml_error_prints_no_control_character() {
    // A raw escape character is not valid TOML; the parser's message quotes the line.
    let error = Board::from_toml("name = \"evil\u{1b}[2J\"\n[[orbit]]\nfields = 4\n")
        .unwrap_err()
        .to_string();
    assert!(
        !error.chars().any(|c| c.is_control() && c != '\n'),
        "{error:?}"
    );
}
