//! The lab's rule events (`docs/lab.md`): what random games record agrees with itself and
//! with the end of each game.

use std::collections::BTreeMap;

use trio_core::conformance::{assert_documented, random_game_events};
use trio_triles::{Options, Triles, Variant, Variants};

fn count(events: &BTreeMap<&str, u64>, name: &str) -> u64 {
    events.get(name).copied().unwrap_or(0)
}

#[test]
fn events_add_up_in_random_games() {
    let mut seen = BTreeMap::new();
    for variants in [
        Variants::default(),
        Variants::default().with(Variant::OwnDots),
        Variants::default().with(Variant::OpenPool),
    ] {
        let game = Triles::new(Options {
            variants,
            ..Options::default()
        });
        for seed in 0..40 {
            let e = random_game_events(&game, seed);
            let ends = count(&e, "triles.end.empty-hand") + count(&e, "triles.end.double-pass");
            assert_eq!(ends, 1, "one way to end: {e:?}");
            // Every tile is in a hand, the pool or on the table (the start tile too).
            let tiles = count(&e, "triles.final-hand.black")
                + count(&e, "triles.final-hand.white")
                + count(&e, "triles.final-pool")
                + count(&e, "triles.place")
                + 1;
            assert_eq!(tiles, 52, "{e:?}");
            assert!(
                count(&e, "triles.gift") + count(&e, "triles.gift.declined")
                    <= count(&e, "triles.wedge")
            );
            assert!(count(&e, "triles.extra.placed") <= count(&e, "triles.extra.owed"));
            assert!(count(&e, "triles.reward-draw.lost") <= count(&e, "triles.reward-draw.owed"));
            for (name, n) in e {
                *seen.entry(name).or_insert(0) += n;
            }
        }
    }
    for name in [
        "triles.place",
        "triles.wedge",
        "triles.gift",
        "triles.draw",
        "triles.dot.black",
        "triles.loop.white",
        "triles.extra.placed",
        "triles.reward-draw.owed",
    ] {
        assert!(count(&seen, name) > 0, "no {name} in 120 games: {seen:?}");
    }
}

#[test]
fn the_event_names_are_the_documented_ones() {
    let doc = include_str!("../../../../docs/lab.md");
    assert_documented(trio_triles::events::ALL, doc, "### Triles", "triles.");
}
