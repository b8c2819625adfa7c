//! Property tests over random playouts: piece count, notation round-trips, every listed
//! move accepted by `play`, and move generation (and the counts and summaries drawn from
//! it, with or without a goal move) equal to a plain step-by-step walker written straight
//! from the rules (both variants); each move's way, as its parts give it, a walk the rules
//! allow to its outcome.

use std::collections::BTreeSet;

use crate::common::plain_moves;
use proptest::prelude::*;
use rand::seq::IndexedRandom;
use rand::Rng;
use trio_core::{rng, Game};
use trio_gyges::{
    generate_moves, has_goal_move, mobility, mobility_unless_goal, move_count, Gyges, Mobility,
    Move, MoveList, Position, Square, Variant,
};

/// The positions of a random game from `seed`, at most `plies` long, setup included.
fn playout(seed: u64, plies: usize, variant: Variant) -> Vec<Position> {
    let mut rng = rng::seeded(seed);
    let mut pos = Position::empty();
    let mut seen = vec![pos];
    let mut list = MoveList::new();
    for _ in 0..plies {
        generate_moves(&pos, variant, &mut list);
        let Some(&mv) = list.choose(&mut rng) else {
            break;
        };
        pos = pos.make_move(mv);
        seen.push(pos);
    }
    seen
}

fn listed(pos: &Position, variant: Variant) -> Vec<Move> {
    let mut list = MoveList::new();
    generate_moves(pos, variant, &mut list);
    list.to_vec()
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Seed), Just(Variant::Official)]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generation_matches_the_plain_walker(seed in any::<u64>(), variant in variant()) {
        for pos in playout(seed, 60, variant) {
            let moves = listed(&pos, variant);
            let set: BTreeSet<Move> = moves.iter().copied().collect();
            prop_assert_eq!(set.len(), moves.len(), "a move listed twice in {}", pos);
            prop_assert_eq!(&set, &plain_moves(&pos, variant), "{}", pos);
            prop_assert_eq!(move_count(&pos, variant), moves.len());
            let goal = moves.iter().any(|m| matches!(m, Move::Goal { .. }));
            prop_assert_eq!(has_goal_move(&pos, variant), goal);
            if !pos.is_setup() {
                let (mut ends, mut targets) = (0, 0);
                for mv in &moves {
                    match *mv {
                        Move::Step { to, .. } => ends |= 1u64 << to.index(),
                        Move::Replace { to, .. } => targets |= 1u64 << to.index(),
                        _ => {}
                    }
                }
                let summary = Mobility { moves: moves.len(), ends, targets, goal };
                prop_assert_eq!(mobility(&pos, variant), summary, "{}", pos);
                let unless_goal = if goal { None } else { Some(summary) };
                prop_assert_eq!(mobility_unless_goal(&pos, variant), unless_goal, "{}", pos);
            }
        }
    }

    #[test]
    fn seed_moves_are_official_moves(seed in any::<u64>()) {
        // Crossing a border twice means standing on a square twice, so the seed's rule
        // forbids everything the border rule forbids.
        for pos in playout(seed, 60, Variant::Seed) {
            let official: BTreeSet<Move> = listed(&pos, Variant::Official).into_iter().collect();
            for mv in listed(&pos, Variant::Seed) {
                prop_assert!(official.contains(&mv), "{} only in seed at {}", mv, pos);
            }
        }
    }

    #[test]
    fn playouts_keep_the_pieces_and_round_trip(seed in any::<u64>(), variant in variant()) {
        let game = Gyges::new(variant);
        for pos in playout(seed, 80, variant) {
            let pieces = pos.occupied().count_ones();
            match pos.winner() {
                Some(_) => prop_assert_eq!(pieces, 11),
                None if pos.is_setup() => prop_assert!(pieces == 0 || pieces == 6),
                None => prop_assert_eq!(pieces, 12),
            }
            let text = pos.to_string();
            let back: Position = text.parse().unwrap();
            prop_assert_eq!(back, pos);
            prop_assert_eq!(back.hash(), pos.hash());
            let state = game.parse_position(&text).unwrap();
            let moves = listed(&pos, variant);
            for mv in &moves {
                prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), *mv);
            }
            // `play` checks against the whole list, so a sample keeps this quick.
            for mv in moves.iter().step_by(moves.len().div_ceil(6).max(1)) {
                let mut next = state.clone();
                prop_assert!(game.play(&mut next, mv).is_ok(), "{} refused at {}", mv, pos);
                prop_assert_eq!(next.position(), &pos.make_move(*mv));
            }
        }
    }

    #[test]
    fn every_moves_parts_give_a_way_the_rules_allow(seed in any::<u64>(), variant in variant()) {
        let game = Gyges::new(variant);
        for pos in playout(seed, 40, variant).into_iter().skip(2) {
            let state = game.parse_position(&pos.to_string()).unwrap();
            for mv in listed(&pos, variant) {
                let parts = game.action_parts(&state, &mv);
                if let Err(why) = walk_allowed(&pos, variant, mv, &parts) {
                    prop_assert!(false, "{} at {}: {}: {}", mv, pos, parts, why);
                }
            }
        }
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,40}") {
        let _ = text.parse::<Position>();
        let _ = text.parse::<Move>();
        let _ = text.parse::<Square>();
        let _ = trio_gyges::ugi::parse_board(&text);
        let _ = trio_gyges::ugi::parse_move(&text, trio_gyges::Side::South);
    }
}

/// 200 moves of every kind with random squares: mostly illegal anywhere.
fn candidates(seed: u64) -> Vec<Move> {
    let mut rng = rng::seeded(seed);
    let sq = |rng: &mut rng::GameRng| Square::from_index(rng.random_range(0..36)).unwrap();
    (0..200)
        .map(|i| {
            let from = sq(&mut rng);
            match i % 5 {
                0 => Move::Goal { from },
                1 => Move::Setup(trio_gyges::SetupOrder::random(&mut rng)),
                2 => Move::Step {
                    from,
                    to: sq(&mut rng),
                },
                _ => Move::Replace {
                    from,
                    to: sq(&mut rng),
                    drop: sq(&mut rng),
                },
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// `breach` names a rule exactly for the moves that are not listed, and never the
    /// fallback: every illegal move is explained.
    #[test]
    fn breach_exactly_for_illegal_moves(seed in any::<u64>(), variant in variant()) {
        let game = Gyges::new(variant);
        for pos in playout(seed, 40, variant) {
            let state = game.parse_position(&pos.to_string()).unwrap();
            let legal = listed(&pos, variant);
            let mut tried = candidates(seed ^ pos.hash());
            tried.extend(legal.iter().copied());
            for mv in tried {
                let breach = game.breach(&state, &mv);
                prop_assert_eq!(breach.is_none(), legal.contains(&mv), "{} at {}: {:?}", mv, pos, breach);
                if let Some(b) = breach {
                    prop_assert!(b.rule.starts_with("gyges.") || b.rule == trio_core::Breach::GAME_OVER);
                }
            }
        }
    }
}

/// Whether `parts`' path and bounces are a way `mv` may go at `pos`: from its start in
/// single steps, each stretch as long as the value of the piece it started from, through
/// empty squares to a piece bounced on or to the outcome, without standing on a square twice
/// (seed) or crossing a border twice (official).
fn walk_allowed(
    pos: &Position,
    variant: Variant,
    mv: Move,
    parts: &serde_json::Value,
) -> Result<(), String> {
    let squares = |key: &str| -> Vec<Square> {
        parts[key]
            .as_array()
            .into_iter()
            .flatten()
            .map(|s| s.as_str().unwrap().parse().unwrap())
            .collect()
    };
    let (path, bounces) = (squares("path"), squares("bounces"));
    let from = mv.from().unwrap();
    if path.first() != Some(&from) {
        return Err("the way does not start at the piece".into());
    }
    let last = *path.last().unwrap();
    let at = |sq: Square| pos.piece_at(sq).filter(|_| sq != from);
    match mv {
        Move::Step { to, .. } if last != to || at(to).is_some() => {
            return Err("not to the empty end".into())
        }
        Move::Replace { to, .. } if last != to || at(to).is_none() => {
            return Err("not to the piece replaced".into())
        }
        Move::Goal { .. } if last.rank() != back_rank(pos.side_to_move()) => {
            return Err("not off the back row".into())
        }
        _ => {}
    }
    let mut stretch = pos.piece_at(from).unwrap();
    let (mut stood, mut crossed) = (vec![from], Vec::new());
    let mut bounced = bounces.iter();
    let mut steps = 0;
    for (i, pair) in path.windows(2).enumerate() {
        let (a, b) = (pair[0], pair[1]);
        let apart = a.file().abs_diff(b.file()) + a.rank().abs_diff(b.rank());
        if apart != 1 {
            return Err(format!("{a} to {b} is not a step"));
        }
        let border = (a.min(b), a.max(b));
        let again = match variant {
            Variant::Seed => stood.contains(&b),
            Variant::Official => crossed.contains(&border),
        };
        if again {
            return Err(format!("{b} twice"));
        }
        stood.push(b);
        crossed.push(border);
        steps += 1;
        let end_of_stretch = steps == stretch;
        // The move's end, but for a goal: the piece goes on across the edge (from a piece
        // bounced on there, too).
        let is_last = i + 2 == path.len() && !matches!(mv, Move::Goal { .. });
        match (at(b), end_of_stretch, is_last) {
            (Some(_), false, _) => return Err(format!("through the piece on {b}")),
            (Some(value), true, false) => {
                if bounced.next() != Some(&b) {
                    return Err(format!("a bounce on {b} not listed"));
                }
                stretch = value;
                steps = 0;
            }
            (None, true, false) => return Err(format!("a stretch ends on the empty {b}")),
            _ => {}
        }
    }
    let left = stretch - steps;
    let expected_left = u8::from(matches!(mv, Move::Goal { .. }));
    if left != expected_left || bounced.next().is_some() {
        return Err(format!("{left} steps left at the end, bounces {bounces:?}"));
    }
    Ok(())
}

/// The rank (0 for rank 1) a side's piece leaves the board from: the opponent's home row.
fn back_rank(side: trio_gyges::Side) -> u8 {
    match side {
        trio_gyges::Side::South => 5,
        trio_gyges::Side::North => 0,
    }
}
