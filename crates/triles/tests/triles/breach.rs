//! Every rule id of `docs/rules/triles.md` ("Rule ids"), each produced by a decision that
//! breaks it, through the checked `Game::play`: the refusal names the rule, its data, and
//! a message, and leaves the state untouched.

use crate::common::{play, state};
use trio_core::conformance::assert_documented;
use trio_core::Game;
use trio_triles::{breach, Action, Placement, State, Triles};

/// RING of `tests/rules.rs`: five A tiles round the apex of (0,0), a C below; black's
/// A@-1,0,2 closes the ring (a loop and a wedge).
const RING: &str = "A@0,0,0 A@1,0,1 A@1,1,2 A@0,1,0 A@-1,1,1 C@0,-1,2";
/// The full ring of A tiles: only white semicircles outside, black extends nothing.
const FULL_RING: &str = "A@0,0,0 A@1,0,1 A@1,1,2 A@0,1,0 A@-1,1,1 A@-1,0,2";
/// K (Bd Ws Ws) alone: a black half-dot faces (-1,0).
const DOT: &str = "K@0,0,0";

/// The breach `play` reports for `action` (written), checking the state is unchanged.
fn refused(game: &Triles, s: &State, action: &str) -> trio_core::Breach {
    let a = game.parse_action(s, action).unwrap();
    refused_action(game, s, &a)
}

fn refused_action(game: &Triles, s: &State, a: &Action) -> trio_core::Breach {
    let mut after = s.clone();
    let e = game.play(&mut after, a).expect_err("refused");
    assert_eq!(&after, s, "a refused action changes nothing");
    assert_eq!(
        e.to_string(),
        format!("illegal action {}: {}", e.action, e.breach.message)
    );
    e.breach
}

fn args(breach: &trio_core::Breach) -> Vec<(&str, &str)> {
    breach
        .args
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

/// Each case: the position, what is played first, the refused action, the rule id, the
/// arguments and the message.
#[test]
fn every_rule_id_names_the_rule_a_decision_breaks() {
    let g = Triles::default();
    let dot = state(&g, DOT, "A1E1", "C1D1", "B");
    let mut ids = Vec::new();
    let mut check = |s: &State, action: &str, id: &str, a: &[(&str, &str)], msg: &str| {
        let b = refused(&g, s, action);
        assert_eq!(
            (b.rule.as_str(), args(&b), b.message.as_str()),
            (id, a.to_vec(), msg),
            "{action}"
        );
        ids.push(id.to_owned());
    };
    check(
        &dot,
        "C@-1,0,0",
        breach::NOT_IN_HAND,
        &[("colour", "black"), ("tile", "C")],
        "black has no tile C in hand",
    );
    check(
        &dot,
        "A@0,0,0",
        breach::CELL_TAKEN,
        &[("cell", "0,0")],
        "cell 0,0 is occupied",
    );
    check(
        &dot,
        "A@5,5,0",
        breach::NOT_ADJACENT,
        &[("cell", "5,5")],
        "cell 5,5 shares no edge with a placed tile",
    );
    check(
        &dot,
        "A@1,0,0",
        breach::EDGE_MATCH,
        &[
            ("edge", "L"),
            ("neighbour_colour", "white"),
            ("tile_colour", "black"),
        ],
        "colour mismatch on edge L: the tile shows black, the neighbour white",
    );
    check(
        &dot,
        "A@0,-1,0",
        breach::EXTEND_OWN_LINE,
        &[("colour", "black")],
        "extends no black line (rule 2)",
    );
    check(
        &dot,
        "E@-1,0,0",
        breach::OWN_DOT,
        &[("colour", "black")],
        "makes a black dot (rule 3)",
    );
    let half_closed = state(&g, "C@0,0,0 A@0,-1,2", "A1N1", "C1D1", "B");
    check(
        &half_closed,
        "N@1,-1,0",
        breach::CLOSE_OWN_LINE,
        &[("colour", "black")],
        "closes a black line (rule 4)",
    );
    check(
        &dot,
        "draw",
        breach::DRAW_ONLY_WHEN_STUCK,
        &[],
        "a placement is possible: draw only when none is",
    );
    check(
        &dot,
        "pass",
        breach::PASS_ONLY_WHEN_STUCK,
        &[],
        "a placement is possible: pass only when none is",
    );
    let stuck = state(&g, FULL_RING, "B2", "C1D1", "B");
    check(
        &stuck,
        "pass",
        breach::PASS_ONLY_WHEN_POOL_EMPTY,
        &[("pool", "42")],
        "no placement is possible: draw from the pool (pass only when it is empty)",
    );
    let black = "A3B9C9D9F1G1H1J1K1L1M1N1O1P1Q1R1S1T1";
    let empty_pool = state(&g, FULL_RING, black, "E1I1", "W");
    check(
        &empty_pool,
        "draw",
        breach::EMPTY_POOL_PASS,
        &[],
        "the pool is empty: pass instead of drawing",
    );
    let mut owed = state(&g, RING, "A1E1", "C1D1", "B");
    play(&g, &mut owed, "A@-1,0,2");
    play(&g, &mut owed, "give -");
    check(
        &owed,
        "draw",
        breach::OWED_PLACEMENT_PASS,
        &[],
        "an owed placement that cannot be made is passed, with no draw",
    );
    let mut gift = state(&g, RING, "A2B1D1", "C1D1", "B");
    play(&g, &mut gift, "A@-1,0,2");
    let first = "the wedge gift is chosen first (give TYPE or give -)";
    check(&gift, "A@-1,-1,0", breach::GIVE_FIRST, &[], first);
    check(&gift, "draw", breach::GIVE_FIRST, &[], first);
    check(&gift, "pass", breach::GIVE_FIRST, &[], first);
    check(
        &gift,
        "give C",
        breach::NOT_IN_HAND,
        &[("colour", "black"), ("tile", "C")],
        "black has no tile C in hand",
    );
    check(
        &dot,
        "give A",
        breach::GIVE_ONLY_AFTER_WEDGE,
        &[],
        "a tile is given only after a wedge",
    );
    check(
        &dot,
        "give -",
        breach::GIVE_ONLY_AFTER_WEDGE,
        &[],
        "there is no wedge gift to decline",
    );
    check(
        &dot,
        "draw:K",
        breach::CHANCE_ONLY,
        &[("action", "draw:K")],
        "draw:K is a chance outcome, not a player's decision",
    );
    check(
        &dot,
        "first:W",
        breach::CHANCE_ONLY,
        &[("action", "first:W")],
        "first:W is a chance outcome, not a player's decision",
    );
    // The notation refuses a rotation of 3, a program may still build one.
    let a = g.tile_set().id("A").unwrap();
    let turned = Action::Place(Placement {
        tile: a,
        cell: trio_triles::Cell::new(-1, 0),
        rotation: 3,
    });
    let b = refused_action(&g, &dot, &turned);
    assert_eq!(
        (b.rule.as_str(), args(&b)),
        (breach::ROTATION, vec![("rotation", "3")])
    );
    assert_eq!(b.message, "rotation 3 must be 0, 1 or 2");
    ids.push(b.rule);

    let mut all: Vec<&str> = breach::ALL.to_vec();
    all.sort_unstable();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids, all, "every rule id is produced by a test case");
}

#[test]
fn two_terminals_per_edge_name_the_slot() {
    let set = trio_triles::TileSet::from_toml(include_str!("../sets/double.toml")).unwrap();
    let g = Triles::new(trio_triles::Options {
        tile_set: set,
        ..Default::default()
    });
    let s = state(&g, "Ta@0,0,0", "Ta2", "Tb2", "B");
    let b = refused(&g, &s, "Ta@1,0,0");
    assert_eq!(b.rule, breach::EDGE_MATCH);
    assert_eq!(b.args["slot"], "0");
}

#[test]
fn acting_after_the_end_is_the_core_rule() {
    let g = Triles::default();
    let mut s = state(&g, "C@0,0,0 A@0,-1,2", "A1", "C1D1", "B");
    play(&g, &mut s, "A@1,-1,0");
    let b = refused(&g, &s, "draw");
    assert_eq!(b.rule, trio_core::Breach::GAME_OVER);
}

#[test]
fn the_rule_ids_are_the_documented_ones() {
    let doc = include_str!("../../../../docs/rules/triles.md");
    assert_documented(breach::ALL, doc, "## Rule ids", "triles.");
}
