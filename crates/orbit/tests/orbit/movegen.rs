//! The move generator against a plain reference: in every position of many seeded
//! random games (2–4 players, several boards), the listed actions equal those of a
//! depth-first walk of every path, straight from docs/rules/orbit.md, sorted. The
//! engine copies precomputed move lists per start field and step count; this checks
//! those lists and the position rules applied to them (own colour, captures with their
//! relocations, protection) without sharing any of their code.

use std::collections::BTreeSet;

use rand::{Rng, RngCore};
use trio_core::{random_action, rng, Game, Turn};
use trio_orbit::notation::Coord;
use trio_orbit::{Action, Board, Colour, Field, Move, Options, Orbit, Phase, Place, State};

/// Orbits 2 and 3 are arcs of different sizes, with a line between differently numbered
/// fields, so that nothing relies on the classic board's regular shape.
const ARCS: &str = r#"
name = "arcs"
lines = ["1.0-2.0", "1.3-2.4", "2.1-3.1", "2.5-3.2", "3.0-4.0", "3.4-4.6"]

[[orbit]]
fields = 6

[[orbit]]
fields = 7
shape = "arc"

[[orbit]]
fields = 5
shape = "arc"

[[orbit]]
fields = 8
"#;

fn fields_of_orbit(board: &Board, orbit: usize) -> Vec<Field> {
    (0..board.fields_on(orbit))
        .map(|i| {
            board
                .field(Coord {
                    orbit: orbit as u8,
                    field: i as u8,
                })
                .unwrap()
        })
        .collect()
}

/// Where paths of exactly `steps` steps from `at` end without visiting a field twice,
/// entering the final orbit only with the last step: the fields, and whether home.
fn walk(
    board: &Board,
    at: Field,
    steps: usize,
    visited: &mut Vec<Field>,
    ends: &mut BTreeSet<Field>,
    home: &mut bool,
) {
    for &next in board.neighbours(at) {
        if visited.contains(&next) {
            continue;
        }
        if board.orbit_of(next) == board.final_orbit() {
            *home |= steps == 1;
        } else if steps == 1 {
            ends.insert(next);
        } else {
            visited.push(next);
            walk(board, next, steps - 1, visited, ends, home);
            visited.pop();
        }
    }
}

/// The legal actions of the player to move, found the slow and obvious way.
fn reference(game: &Orbit, state: &State) -> Vec<Action> {
    let board = game.board();
    let mut out = Vec::new();
    let Some(me) = state.to_move() else {
        return out;
    };
    match state.phase() {
        Phase::Enter => {
            for f in fields_of_orbit(board, 1) {
                if state.pawn_at(f).is_none() {
                    out.push(Action::Enter(f));
                }
            }
            return out;
        }
        Phase::Act => {}
        _ => return out,
    }
    if state.centre(me) > 0 {
        out.push(Action::Roll);
    }
    let protected: Vec<Field> = state.protected().iter().map(|&(f, _)| f).collect();
    let pawns: Vec<Field> = Colour::ALL
        .into_iter()
        .flat_map(|c| state.fields(c).collect::<Vec<_>>())
        .collect();
    for from in state.fields(me) {
        let orbit = board.orbit_of(from);
        let steps = pawns
            .iter()
            .filter(|&&f| board.orbit_of(f) == orbit)
            .count();
        let (mut ends, mut home) = (BTreeSet::new(), false);
        walk(board, from, steps, &mut vec![from], &mut ends, &mut home);
        for to in ends {
            let mv = |relocate| {
                Action::Move(Move {
                    from,
                    to: Place::Field(to),
                    relocate,
                })
            };
            match state.pawn_at(to) {
                None => out.push(mv(None)),
                Some(c) if c == me => {}
                Some(_) if protected.contains(&to) || protected.contains(&from) => {}
                Some(_) => {
                    // Judged after the move: `from` is empty, `to` taken by the mover.
                    let empty = |f: &Field| *f == from || (*f != to && state.pawn_at(*f).is_none());
                    let inner = (1..board.orbit_of(to))
                        .rev()
                        .map(|k| {
                            fields_of_orbit(board, k)
                                .into_iter()
                                .filter(empty)
                                .collect::<Vec<_>>()
                        })
                        .find(|free| !free.is_empty());
                    match inner {
                        Some(free) => {
                            out.extend(free.into_iter().map(|r| mv(Some(Place::Field(r)))))
                        }
                        None => out.push(mv(Some(Place::Centre))),
                    }
                }
            }
        }
        if home {
            out.push(Action::Move(Move {
                from,
                to: Place::Home,
                relocate: None,
            }));
        }
    }
    out.sort();
    if out.is_empty() {
        out.push(Action::Pass);
    }
    out
}

/// Plays seeded random games with 2, 3 and 4 players on the classic board, the funnel
/// and the arcs, handing `visit` every position where a player decides, with its legal
/// actions, and the generator the decision is then drawn with.
fn each_decision(mut visit: impl FnMut(&Orbit, &State, &[Action], &rng::GameRng)) {
    let boards = [
        Board::classic(),
        Board::from_toml(include_str!("../boards/funnel.toml")).unwrap(),
        Board::from_toml(ARCS).unwrap(),
    ];
    for board in boards {
        for players in 2..=4 {
            let game = Orbit::new(Options {
                players,
                board: board.clone(),
                turn_limit: 400,
                ..Options::default()
            })
            .unwrap();
            let mut legal = Vec::new();
            for seed in 0..6 {
                let mut rng = rng::seeded(seed);
                let mut state = game.new_game();
                loop {
                    let action = match game.turn(&state) {
                        Turn::Over => break,
                        Turn::Chance => game.sample_chance(&state, &mut rng),
                        Turn::Seat(_) => {
                            game.legal_actions(&state, &mut legal);
                            visit(&game, &state, &legal, &rng);
                            legal[rng.random_range(0..legal.len())]
                        }
                    };
                    game.apply(&mut state, &action);
                }
            }
        }
    }
}

#[test]
fn listed_actions_equal_a_plain_walk_of_every_path() {
    // Positions checked, those with a protected pawn, and those with a capture listed.
    let (mut checked, mut protecting, mut capturing) = (0, 0, 0);
    each_decision(|game, state, legal, _| {
        assert_eq!(
            legal,
            reference(game, state),
            "{} in {}",
            game.board().name(),
            game.format_position(state)
        );
        checked += 1;
        protecting += usize::from(!state.protected().is_empty());
        capturing += usize::from(legal.iter().any(is_capture));
    });
    assert!(checked > 10_000, "only {checked} positions");
    assert!(
        protecting > 500 && capturing > 1_000,
        "{protecting} with protection, {capturing} with captures"
    );
}

/// Random play draws a decision without listing them ([`Game::legal_action_at`]): a
/// pawn with no pawn on its ends is read from the move table, the others' moves are
/// counted and the drawn one made alone. In every position the count is the list's and
/// the decision drawn at each index is the one listed there, so a uniform index draws
/// uniformly among the legal actions; drawn with a generator, it is the listed action
/// at `random_range(0..len)`, the generator left as that leaves it.
#[test]
fn a_decision_drawn_by_index_is_the_listed_one() {
    let (mut checked, mut capturing, mut long) = (0, 0, 0);
    let mut scratch = Vec::new();
    each_decision(|game, state, legal, rng| {
        let position = || format!("{} in {}", game.board().name(), game.format_position(state));
        for (index, action) in legal.iter().enumerate() {
            let drawn = game.legal_action_at(state, &mut scratch, |n| {
                assert_eq!(n, legal.len(), "counted: {}", position());
                index
            });
            assert_eq!(drawn, Some(*action), "at {index}: {}", position());
        }
        let (mut listed, mut drawing) = (rng.clone(), rng.clone());
        let drawn = random_action(game, state, &mut drawing, &mut scratch);
        assert_eq!(
            drawn,
            Some(legal[listed.random_range(0..legal.len())]),
            "{}",
            position()
        );
        assert_eq!(listed.next_u64(), drawing.next_u64(), "{}", position());
        checked += 1;
        capturing += usize::from(legal.iter().any(is_capture));
        long += usize::from(legal.len() > 20);
    });
    assert!(
        checked > 10_000 && capturing > 1_000 && long > 1_000,
        "{checked} positions, {capturing} with captures, {long} with over 20 actions"
    );
}

fn is_capture(action: &Action) -> bool {
    matches!(
        action,
        Action::Move(Move {
            relocate: Some(_),
            ..
        })
    )
}
