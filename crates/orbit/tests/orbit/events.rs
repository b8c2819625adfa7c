//! The lab's rule events (`docs/lab.md`): rolls, captures and where the captured pawn
//! goes, protection, finishing and the end, agreeing with each other in random games.

use std::collections::BTreeMap;

use trio_core::conformance::{assert_documented, random_game_events};
use trio_orbit::{Options, Orbit};

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
            let e = random_game_events(&game, seed);
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

#[test]
fn the_event_names_are_the_documented_ones() {
    let doc = include_str!("../../../../docs/lab.md");
    assert_documented(trio_orbit::events::ALL, doc, "### Na orbicie", "orbit.");
}
