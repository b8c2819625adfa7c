//! The lab's rule events (`docs/lab.md`): bounces counted as the fewest a move's outcome
//! needs, chains, replacements, exits and the end.

use std::collections::BTreeMap;

use trio_core::conformance::{assert_documented, random_game_events};
use trio_core::Game;
use trio_gyges::{Gyges, Variant};

fn events_of(game: &Gyges, position: &str, action: &str) -> BTreeMap<&'static str, u64> {
    let state = game.parse_position(position).unwrap();
    let action = game.parse_action(&state, action).unwrap();
    let mut events = BTreeMap::new();
    game.rule_events(&state, &action, &mut |name, n| {
        *events.entry(name).or_default() += n;
    });
    events
}

#[test]
fn a_move_counts_the_fewest_bounces_its_outcome_needs() {
    // South's 1 on a1 reaches a4 only by landing on the 2 on a2 and bouncing two steps;
    // b1 is one plain step.
    //   6  3 2 1 1 2 3
    //   2  2 . . . . .
    //   1  1 . 3 1 2 3
    let position = "321123/....../....../....../2...../1.3123 S";
    let game = Gyges::new(Variant::Seed);
    let bounced = events_of(&game, position, "a1-a4");
    assert_eq!(bounced.get("gyges.bounce"), Some(&1));
    assert_eq!(bounced.get("gyges.chain.1"), Some(&1));
    assert_eq!(bounced.get("gyges.move"), Some(&1));
    let plain = events_of(&game, position, "a1-b1");
    assert_eq!(plain.get("gyges.bounce"), None);
    assert_eq!(plain.get("gyges.move"), Some(&1));
    let replace = events_of(&game, position, "a1-a2=b2");
    assert_eq!(replace.get("gyges.replace"), Some(&1));
    assert_eq!(replace.get("gyges.bounce"), None);
}

#[test]
fn events_add_up_in_random_games() {
    for variant in [Variant::Seed, Variant::Official] {
        let game = Gyges::new(variant);
        for seed in 0..20 {
            let e = random_game_events(&game, seed);
            let get = |name: &str| e.get(name).copied().unwrap_or(0);
            let ends: u64 = ["goal", "no-move", "repetition", "ply-limit"]
                .iter()
                .map(|end| get(&format!("gyges.end.{end}")))
                .sum();
            assert_eq!(ends, 1, "{e:?}");
            assert_eq!(get("gyges.exit"), get("gyges.end.goal"), "{e:?}");
            let chains: u64 = e
                .iter()
                .filter(|(name, _)| name.starts_with("gyges.chain."))
                .map(|(_, n)| n)
                .sum();
            assert!(
                chains <= get("gyges.bounce") && chains <= get("gyges.move"),
                "{e:?}"
            );
        }
    }
}

#[test]
fn the_event_names_are_the_documented_ones() {
    let doc = include_str!("../../../../docs/lab.md");
    assert_documented(trio_gyges::events::ALL, doc, "### Gygès", "gyges.");
}
