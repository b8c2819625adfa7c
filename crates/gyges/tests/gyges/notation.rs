//! Notation: round-trips and the error messages for malformed squares, moves and positions.

use trio_gyges::notation::{ParseError, ParsePositionError};
use trio_gyges::{Move, Position, Setup, SetupError, SetupFault, Side, Square};

fn position_error(text: &str) -> String {
    text.parse::<Position>().unwrap_err().to_string()
}

#[test]
fn squares() {
    let b1: Square = "b1".parse().unwrap();
    assert_eq!((b1.file(), b1.rank(), b1.index()), (1, 0, 1));
    assert_eq!("f6".parse::<Square>().unwrap().to_string(), "f6");
    assert_eq!(
        "a7".parse::<Square>().unwrap_err().to_string(),
        "rank 7 does not exist"
    );
    assert_eq!(
        "g1".parse::<Square>().unwrap_err().to_string(),
        "file g does not exist"
    );
    assert_eq!(
        "a0".parse::<Square>().unwrap_err(),
        ParseError::NoSuchRank('0')
    );
    assert_eq!(
        "b".parse::<Square>().unwrap_err().to_string(),
        "\"b\" is not a square (a1 to f6)"
    );
}

#[test]
fn moves_round_trip() {
    for text in ["setup 123321", "b1-d3", "b1-d3=e2", "b1-G", "f6-a1=a1"] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
    let replace: Move = "b1-d3=e2".parse().unwrap();
    let sq = |s: &str| s.parse::<Square>().unwrap();
    assert_eq!(
        replace,
        Move::Replace {
            from: sq("b1"),
            to: sq("d3"),
            drop: sq("e2")
        }
    );
}

#[test]
fn move_errors() {
    assert_eq!(
        "setup 123331".parse::<Move>().unwrap_err().to_string(),
        "setup \"123331\" needs two each of 1, 2 and 3, for files a to f"
    );
    assert_eq!(
        "b1d3".parse::<Move>().unwrap_err(),
        ParseError::NotAMove("b1d3".into())
    );
    assert_eq!(
        "b1-d9".parse::<Move>().unwrap_err().to_string(),
        "rank 9 does not exist"
    );
    assert_eq!(
        "b1-d3=h2".parse::<Move>().unwrap_err().to_string(),
        "file h does not exist"
    );
}

#[test]
fn positions_round_trip() {
    for text in [
        "321123/....../....../....../....../123321 S",
        "....../....../....../....../....../...... S",
        "....../....../....../....../....../123321 N",
        ".33221/2...../....23/....../311.../...... N",
    ] {
        assert_eq!(text.parse::<Position>().unwrap().to_string(), text);
    }
    let start: Position = "321123/....../....../....../....../123321 S"
        .parse()
        .unwrap();
    assert_eq!(start.piece_at("a1".parse().unwrap()), Some(1));
    assert_eq!(start.piece_at("a6".parse().unwrap()), Some(3));
    assert_eq!(start.side_to_move(), Side::South);
    assert_eq!(
        (
            start.active_rank(Side::South),
            start.active_rank(Side::North)
        ),
        (Some(1), Some(6))
    );
}

#[test]
fn the_hash_follows_the_position() {
    let south: Position = "321123/....../....../....../....../123321 S"
        .parse()
        .unwrap();
    let north: Position = "321123/....../....../....../....../123321 N"
        .parse()
        .unwrap();
    assert_ne!(south.hash(), north.hash());
    assert_eq!(south.with_side_to_move(Side::North), north);
    assert_eq!(south.with_side_to_move(Side::North).hash(), north.hash());
    let moved = south.make_move("a1-a2".parse().unwrap());
    let typed: Position = "321123/....../....../....../1...../.23321 N"
        .parse()
        .unwrap();
    assert_eq!(moved, typed);
    assert_eq!(moved.hash(), typed.hash());
}

#[test]
fn position_errors() {
    assert_eq!(
        position_error("321123/....../....../....../....../123321"),
        "\"321123/....../....../....../....../123321\" is not a position (six rows separated by /, then S or N)"
    );
    assert_eq!(
        position_error("321123/....../....../....../123321 S"),
        "the position has 5 rows; expected 6"
    );
    assert_eq!(
        position_error("321123/....../....../...../....../123321 S"),
        "row 3 has 5 squares"
    );
    assert_eq!(
        position_error("321123/....../....../..4.../....../123321 S"),
        "'4' on row 3 is not a piece (1-3) or an empty square (.)"
    );
    assert_eq!(
        position_error("321123/....../....../....../....../123321 W"),
        "side to move \"W\" is not S or N"
    );
    assert_eq!(
        position_error("321123/....../....../..1.../....../123321 S"),
        "the board has 13 pieces; a position has 0 or 6 (setup), 12 (play) or 11 (won)"
    );
    // Every reason is given.
    assert_eq!(
        position_error("321123/....../....../....../....../123333 S"),
        "there are 3 pieces of value 1; expected 4; there are 3 pieces of value 2; expected 4; \
         there are 6 pieces of value 3; expected 4"
    );
    assert_eq!(
        position_error("321123/....../....../....../....../12333. S"),
        "there are 3 pieces of value 2; expected 4; there are 5 pieces of value 3; expected 4"
    );
    assert_eq!(
        "....../....../....../....../....../123321 S"
            .parse::<Position>()
            .unwrap_err(),
        ParsePositionError::Impossible(SetupError {
            faults: vec![SetupFault::AlreadySetUp(Side::South)]
        })
    );
    assert!(matches!(
        "....../....../....../....../....../123321 X".parse::<Position>(),
        Err(ParsePositionError::Syntax(ParseError::BadSide(_)))
    ));
    assert!(position_error("....../....../....../....../.....1/12332. N").contains("one home row"));
}

// The checked conversion from the unchecked `Setup` a parser or a fixture builds: a
// setup that is a position converts back to itself; one that is not gives every reason.
#[test]
fn setups_are_checked() {
    let setup: Setup = "321123/....../....../....../....../123321 S"
        .parse()
        .unwrap();
    let pos = Position::from_setup(&setup).unwrap();
    assert_eq!(pos.setup(), setup);
    assert_eq!(pos.to_string(), setup.to_string());

    let mut bad = setup;
    bad.cells[14] = 7; // c3, empty
    bad.cells[0] = 9; // a1, a 1: the eleven pieces left are counted as a won game's
    let err = Position::from_setup(&bad).unwrap_err();
    assert_eq!(
        err.faults,
        [
            SetupFault::BadValue {
                square: "a1".parse().unwrap(),
                value: 9
            },
            SetupFault::BadValue {
                square: "c3".parse().unwrap(),
                value: 7
            },
        ],
        "{err}"
    );
    assert_eq!(
        bad.to_string(),
        "321123/....../....../..?.../....../?23321 S"
    );
    // Parsed text holds only the values the notation can write: no bad value, but counts.
    let half: Setup = "....../....../....../....../.....1/12332. N"
        .parse()
        .unwrap();
    assert_eq!(
        Position::from_setup(&half).unwrap_err().faults,
        [SetupFault::HalfSetup]
    );
}

#[test]
fn positions_that_do_not_read_and_that_cannot_occur_are_told_apart() {
    use trio_core::{Game, NotationError};
    let game = trio_gyges::Gyges::default();
    let syntax = game
        .parse_position("321123/....../....../....../....../123321 X")
        .unwrap_err();
    assert!(matches!(syntax, NotationError::Syntax(_)), "{syntax:?}");
    let impossible = game
        .parse_position("321123/....../....../....../....../....12 N")
        .unwrap_err();
    let NotationError::Impossible(cause) = &impossible else {
        panic!("{impossible:?}");
    };
    let setup = cause
        .downcast_ref::<trio_gyges::SetupError>()
        .expect("a setup error");
    assert!(!setup.faults.is_empty());
    assert_eq!(impossible.to_string(), setup.to_string());
}
