//! Cross-check of the `official` variant against the `gyges` crate 2.0.0 (`gyges_ref`),
//! whose rules that variant follows: the same move sets at the start and along random
//! playouts. See `docs/rules/gyges.md` for what was compared and found.

// `gyges_ref`'s move generator is an `unsafe fn` (it indexes its tables unchecked).
#![allow(unsafe_code)]

use std::collections::BTreeSet;

use gyges_ref::{BoardState, MoveGen, Player};
use rand::seq::IndexedRandom;
use trio_core::perft::read_file;
use trio_core::rng;
use trio_gyges::{generate_moves, Move, MoveList, Position, Side, Square, Variant};

fn player(side: Side) -> Player {
    match side {
        Side::South => Player::One,
        Side::North => Player::Two,
    }
}

/// `gyges_ref`'s own moves for `player`.
fn raw_ref_moves(board: &mut BoardState, player: Player) -> Vec<gyges_ref::Move> {
    let mut generator = MoveGen::default();
    let mut raw =
        unsafe { generator.gen::<gyges_ref::GenMoves, gyges_ref::NoQuit>(board, player) }.move_list;
    raw.moves(board)
}

/// Perft with `gyges_ref` alone, exactly `depth` plies: a winning move ends its line, which
/// counts only if it is the last ply, as in ours.
fn ref_perft(board: &mut BoardState, player: Player, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = raw_ref_moves(board, player);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            if mv.is_win() {
                return 0;
            }
            board.make_move(mv);
            let n = ref_perft(board, player.other(), depth - 1);
            board.unmake_move(mv);
            n
        })
        .sum()
}

/// The position in `gyges_ref`'s notation: rank 1 first, `0` for empty.
fn to_ref(pos: &Position) -> BoardState {
    let cells = pos.cells();
    let rows: Vec<String> = cells
        .chunks(6)
        .map(|row| row.iter().map(|v| char::from(b'0' + v)).collect())
        .collect();
    BoardState::from(rows.join("/").as_str())
}

fn square(sq: gyges_ref::SQ) -> Square {
    Square::from_index(sq.0).expect("a board square")
}

/// `gyges_ref`'s moves for the side to move, in our terms.
fn ref_moves(pos: &Position) -> Vec<Move> {
    let mut board = to_ref(pos);
    raw_ref_moves(&mut board, player(pos.side_to_move()))
        .into_iter()
        .map(|m| {
            let from = square(m.data[0].1);
            match m.flag {
                gyges_ref::moves::MoveType::Drop => Move::Replace {
                    from,
                    to: square(m.data[1].1),
                    drop: square(m.data[2].1),
                },
                _ if m.data[1].1 .0 >= 36 => Move::Goal { from },
                _ => Move::Step {
                    from,
                    to: square(m.data[1].1),
                },
            }
        })
        .collect()
}

fn our_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    generate_moves(pos, Variant::Official, &mut list);
    list.to_vec()
}

fn assert_same(pos: &Position) {
    let ours = our_moves(pos);
    let theirs = ref_moves(pos);
    let (a, b): (BTreeSet<Move>, BTreeSet<Move>) = (
        ours.iter().copied().collect(),
        theirs.iter().copied().collect(),
    );
    assert_eq!(a.len(), ours.len(), "we list a move twice: {pos}");
    assert_eq!(b.len(), theirs.len(), "gyges_ref lists a move twice: {pos}");
    let only_ours: Vec<String> = a.difference(&b).map(Move::to_string).collect();
    let only_theirs: Vec<String> = b.difference(&a).map(Move::to_string).collect();
    assert!(
        only_ours.is_empty() && only_theirs.is_empty(),
        "{pos}: only ours {only_ours:?}, only gyges_ref {only_theirs:?}"
    );
}

#[test]
fn start_positions_match() {
    for text in [
        "321123/....../....../....../....../123321 S",
        "321123/....../....../....../....../123321 N",
        "123321/....../....../....../....../321123 S",
        "112233/....../....../....../....../332211 N",
    ] {
        assert_same(&text.parse().unwrap());
    }
}

#[test]
fn random_playouts_match() {
    let mut rng = rng::seeded(7);
    let mut positions = 0;
    for _ in 0..60 {
        let mut pos = Position::empty();
        let mut list = MoveList::new();
        loop {
            generate_moves(&pos, Variant::Official, &mut list);
            if !pos.is_setup() {
                assert_same(&pos);
                positions += 1;
            }
            let Some(&mv) = list.choose(&mut rng) else {
                break;
            };
            pos = pos.make_move(mv);
            if pos.winner().is_some() {
                break;
            }
        }
    }
    assert!(positions > 500, "only {positions} positions compared");
}

// Official: a piece bounced on may not be landed on again. b1 (1) lands on b2 (3), goes
// round c2-c3-b3 onto b3 (1), whose one step would land on b2 again: refused. The ruling
// removes no outcome: replacing b2 is already possible at the first landing, and a second
// bounce from b2 could only take paths the first bounce had, with more borders used. Both
// generators agree here.
//
//   6  2 2 2 2 3 3
//   5  1 1 . . . 3
//   4  . . . . . .
//   3  . 1 . . . .
//   2  . 3 . . . .
//   1  . 1 . . . .
//      a b c d e f
#[test]
fn landing_again_on_a_bounced_piece() {
    let pos: Position = "222233/11...3/....../.1..../.3..../.1.... S"
        .parse()
        .unwrap();
    assert_same(&pos);
    assert!(our_moves(&pos).contains(&"b1-b2=a1".parse().unwrap()));
}

#[test]
fn official_perft_counts_match() {
    let limit = std::env::var("GYGES_PERFT_NODES").map_or(3_000_000, |v| v.parse().unwrap());
    let mut checked = 0;
    for case in read_file(include_str!("../start.perft")).unwrap() {
        let position: Position = case.position.parse().unwrap();
        if case.options.as_deref() != Some("official") || position.is_setup() {
            continue;
        }
        let mut board = to_ref(&position);
        for &(depth, nodes) in case.counts.iter().filter(|(_, n)| *n <= limit) {
            let side = player(position.side_to_move());
            assert_eq!(
                ref_perft(&mut board, side, depth),
                nodes,
                "{} depth {depth}",
                case.id
            );
            checked += 1;
        }
    }
    assert!(checked >= 12);
}
