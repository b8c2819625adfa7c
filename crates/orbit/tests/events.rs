//! The lab's rule events (`docs/lab.md`): rolls, captures and where the captured pawn
//! goes, protection, finishing and the end, agreeing with each other in random games.

use std::collections::BTreeMap;

use rand::seq::IndexedRandom;
use trio_core::{rng, Game, Turn};
use trio_orbit::{Options, Orbit};

/// Plays a random game from the start (chance sampled, decisions uniform), counting the
/// rule events of every action and the end events of the final state.
fn random_game<G: Game>(game: &G, seed: u64) -> BTreeMap<&'static str, u64> {
    let mut rng = rng::seeded(seed);
    let mut state = game.new_game();
    let mut events = BTreeMap::new();
    let mut legal = Vec::new();
    loop {
        let action = match game.turn(&state) {
            Turn::Over => break,
            Turn::Chance => game.sample_chance(&state, &mut rng),
            Turn::Seat(_) => {
                game.legal_actions(&state, &mut legal);
                legal
                    .choose(&mut rng)
                    .expect("a seat to move has a move")
                    .clone()
            }
        };
        game.rule_events(&state, &action, &mut |name, n| {
            *events.entry(name).or_default() += n;
        });
        game.apply(&mut state, &action);
    }
    game.end_events(&state, &mut |name, n| *events.entry(name).or_default() += n);
    events
}

#[test]
fn events_add_up_in_random_games() {
    for players in [2, 3, 4] {
        let game = Orbit::new(Options {
            players,
            ..Options::default()
        })
        .unwrap();
        let mut total = BTreeMap::new();
        for seed in 0..10 {
            let e = random_game(&game, seed);
            let get = |name: &str| e.get(name).copied().unwrap_or(0);
            let faces: u64 = (1..=6).map(|f| get(&format!("orbit.roll.{f}"))).sum();
            assert_eq!(faces, get("orbit.roll"), "{e:?}");
            assert_eq!(
                get("orbit.capture"),
                get("orbit.capture.relocated") + get("orbit.capture.to-centre")
            );
            assert_eq!(get("orbit.protect"), get("orbit.capture.relocated"));
            assert_eq!(get("orbit.end.finished") + get("orbit.end.turn-limit"), 1);
            let finishers = e
                .keys()
                .filter(|n| n.starts_with("orbit.finish-turn."))
                .count();
            if get("orbit.end.finished") == 1 {
                assert!(finishers >= players - 1, "{e:?}");
            }
            for (name, n) in e {
                *total.entry(name).or_insert(0) += n;
            }
        }
        for name in [
            "orbit.enter",
            "orbit.capture",
            "orbit.protect",
            "orbit.home",
        ] {
            assert!(
                total.get(name).is_some_and(|&n| n > 0),
                "{players} players: no {name}: {total:?}"
            );
        }
    }
}
