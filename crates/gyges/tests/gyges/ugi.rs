//! UGI notation (`trio_gyges::ugi`): moves and boards round-trip, mirror, and each kind of
//! bad text gets its own error.

use trio_gyges::ugi::{self, UgiError};
use trio_gyges::{Move, Position, Setup, Side, Square};

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

#[test]
fn moves_round_trip() {
    let cases = [
        ("1|14", Side::South, "b1-c3"),
        ("0|1|14", Side::South, "a1-b1=c3"),
        ("2|37", Side::South, "c1-G"),
        ("1|2|9", Side::North, "b1-c1=d2"),
        ("33|36", Side::North, "d6-G"),
        ("35|0", Side::North, "f6-a1"),
    ];
    for (text, side, ours) in cases {
        assert_eq!(ugi::parse_move(text, side), Ok(mv(ours)), "{text}");
        assert_eq!(ugi::format_move(mv(ours), side), text);
    }
    // The goal is the mover's: 37 is no square, and not North's goal.
    assert_eq!(
        ugi::parse_move("33|37", Side::North),
        Err(UgiError::OffBoard {
            number: 37,
            text: "33|37".into()
        })
    );
    assert_eq!(
        ugi::parse_move("3|36", Side::South)
            .unwrap_err()
            .to_string(),
        "square 36 in move \"3|36\" is not on the board (0-35)"
    );
    assert_eq!(
        ugi::format_move(mv("setup 123321"), Side::South),
        "setup 123321"
    );
}

#[test]
fn move_errors() {
    assert_eq!(
        ugi::parse_move("1|x", Side::South).unwrap_err().to_string(),
        "\"x\" in move \"1|x\" is not a square number"
    );
    assert_eq!(
        ugi::parse_move("1|2|3|4", Side::South),
        Err(UgiError::NotAMove("1|2|3|4".into()))
    );
    assert_eq!(
        ugi::parse_move("7", Side::South).unwrap_err().to_string(),
        "move \"7\" is not start|end or start|end|drop"
    );
    assert!(matches!(
        ugi::parse_move("", Side::South),
        Err(UgiError::NotANumber { .. })
    ));
    assert!(matches!(
        ugi::parse_move(ugi::NULL_MOVE, Side::South),
        Err(UgiError::OffBoard { number: 100, .. })
    ));
}

#[test]
fn boards_round_trip() {
    let cells = ugi::parse_board(ugi::START).unwrap();
    assert_eq!(ugi::format_board(&cells), ugi::START);
    let start = Position::from_setup(&Setup {
        cells,
        side: Side::South,
    })
    .unwrap();
    assert_eq!(
        start.to_string(),
        "321123/....../....../....../....../321123 S"
    );
    // Slashes are ignored wherever they are.
    assert_eq!(
        ugi::parse_board("321123000000000000000000000000/321/123").unwrap(),
        cells
    );
    let board = "003001/010200/300002/001020/012030/003000";
    let cells = ugi::parse_board(board).unwrap();
    assert_eq!(cells[2], 3, "c1");
    assert_eq!(cells[30..], [0, 0, 3, 0, 0, 0], "rank 6");
    assert_eq!(ugi::format_board(&cells), board);
}

#[test]
fn board_errors() {
    assert_eq!(
        ugi::parse_board("32112").unwrap_err().to_string(),
        "board \"32112\" has 5 squares, not 36"
    );
    assert_eq!(
        ugi::parse_board("921123/000000/000000/000000/000000/321123").unwrap_err(),
        UgiError::BadCell {
            cell: '9',
            board: "921123/000000/000000/000000/000000/321123".into()
        }
    );
    assert!(ugi::parse_board(&"1".repeat(37)).is_err());
}

#[test]
fn mirroring() {
    // a1 (0) ↔ a6 (30), f2 (11) ↔ f5 (29).
    let sq = |s: &str| s.parse::<Square>().unwrap();
    assert_eq!(ugi::mirror_square(sq("a1")), sq("a6"));
    assert_eq!(
        ugi::format_move(ugi::mirror_move(mv("a1-f2")), Side::North),
        "30|29"
    );
    for text in ["b1-c3", "a1-b1=c3", "c1-G", "setup 123321"] {
        assert_eq!(ugi::mirror_move(ugi::mirror_move(mv(text))), mv(text));
    }
    let cells = ugi::parse_board("321123/000000/000000/000000/000000/132231").unwrap();
    let mirrored = ugi::mirror_board(&cells);
    assert_eq!(
        ugi::format_board(&mirrored),
        "132231/000000/000000/000000/000000/321123"
    );
    assert_eq!(ugi::mirror_board(&mirrored), cells);
    // North's leaving move, mirrored, is South's.
    assert_eq!(
        ugi::format_move(ugi::mirror_move(mv("d6-G")), Side::South),
        "3|37"
    );
}
