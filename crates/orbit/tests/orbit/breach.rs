//! Every illegal decision names the rule it breaks (docs/rules/orbit.md, "Rule ids"):
//! one hand-checked position per rule id, the decision that breaks it, and the id and
//! arguments `play` reports. Boards are drawn as `orbit: field=pawn`; lines of the
//! classic board join field i of orbits k and k+1 when i = k (mod 3).

use std::collections::BTreeSet;

use trio_core::conformance::assert_documented;
use trio_core::{Breach, Game};
use trio_orbit::{breach, Options, Orbit};

fn classic() -> Orbit {
    Orbit::new(Options::default()).unwrap()
}

/// The breach `play` reports for `action` in `position`; the state is left untouched.
fn refused(game: &Orbit, position: &str, action: &str) -> Breach {
    let mut state = game
        .parse_position(position)
        .unwrap_or_else(|e| panic!("{position}: {e}"));
    let before = state.clone();
    let parsed = game
        .parse_action(&state, action)
        .unwrap_or_else(|e| panic!("{action}: {e}"));
    let error = game
        .play(&mut state, &parsed)
        .expect_err(&format!("{action} is legal in {position}"));
    assert_eq!(state, before, "a refused action changed the state");
    assert_eq!(error.action, action);
    error.breach
}

/// A rule id, a position, a decision there that breaks the rule, and arguments the
/// breach must carry.
type Case = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// One or more cases per rule id, each checked by hand.
const CASES: &[Case] = &[
    // The die is nature's: a player cannot choose its face, nor the turn order.
    (
        "orbit.chance-event",
        "rg r r:C,C,C,C/g:C,C,C,C -",
        "die 4",
        &[],
    ),
    (
        "orbit.chance-event",
        "rg r r:C,C,C,C/g:C,C,C,C -",
        "order gr",
        &[],
    ),
    // orbit 2: 0=r; red's other pawns are home: nothing in the centre to roll for.
    (
        "orbit.roll-needs-centre-pawn",
        "rg r r:2.0,H,H,H/g:C,C,C,1.0 -",
        "roll",
        &[("colour", "red")],
    ),
    // Red can roll (all its pawns are in the centre).
    (
        "orbit.pass-only-when-stuck",
        "rg r r:C,C,C,C/g:C,C,C,1.0 -",
        "pass",
        &[("colour", "red")],
    ),
    // No roll yet: entering needs an even roll first.
    (
        "orbit.enter-needs-even",
        "rg r r:C,C,C,C/g:C,C,C,1.0 -",
        "enter 1.5",
        &[],
    ),
    // Red rolled even; 1.0 holds green, 2.0 is not on orbit 1.
    (
        "orbit.enter-field",
        "rg r+ r:C,C,C,C/g:C,C,C,1.0 -",
        "enter 1.0",
        &[("field", "1.0")],
    ),
    (
        "orbit.enter-field",
        "rg r+ r:C,C,C,C/g:C,C,C,1.0 -",
        "enter 2.0",
        &[("field", "2.0")],
    ),
    // Red rolled even and must enter: no roll, move or pass instead.
    (
        "orbit.must-enter",
        "rg r+ r:C,C,C,1.3/g:C,C,C,1.0 -",
        "move 1.3-1.1",
        &[("colour", "red")],
    ),
    (
        "orbit.must-enter",
        "rg r+ r:C,C,C,1.3/g:C,C,C,1.0 -",
        "roll",
        &[],
    ),
    // orbit 1: 0=r 5=g — 1.5 is green's.
    (
        "orbit.own-pawn",
        "rg r r:C,C,C,1.0/g:C,C,C,1.5 -",
        "move 1.5-1.7",
        &[("from", "1.5"), ("colour", "red")],
    ),
    // orbit 4: 0=r, alone on its orbit: 1 step, and 4.2 is 2 away.
    (
        "orbit.exact-steps",
        "rg r r:C,C,C,4.0/g:C,C,C,C -",
        "move 4.0-4.2",
        &[
            ("from", "4.0"),
            ("to", "4.2"),
            ("steps", "1"),
            ("orbit", "4"),
        ],
    ),
    // orbit 4: 0=r 6=r: 2 steps; back to 4.0 only as 4.0-4.1-4.0 (a pendulum).
    (
        "orbit.no-revisit",
        "rg r r:C,C,4.0,4.6/g:C,C,C,C -",
        "move 4.0-4.0",
        &[("from", "4.0"), ("to", "4.0"), ("steps", "2")],
    ),
    // orbit 4: 0=r 6=r: 3 steps; 4.0 to 4.1 only as 4.0-4.11-4.0-4.1 or 4.0-4.1-4.2-4.1.
    (
        "orbit.no-revisit",
        "rg r r:C,C,4.0,4.6/g:C,C,C,4.8 -",
        "move 4.0-4.1",
        &[("steps", "3")],
    ),
    // orbit 6: 3=r 8=g: 2 steps; 6.3-7.3 is one, and a path cannot go on along orbit 7.
    (
        "orbit.final-orbit-last-step",
        "rg r r:C,C,C,6.3/g:C,C,C,6.8 -",
        "move 6.3-H",
        &[("from", "6.3"), ("to", "H"), ("steps", "2")],
    ),
    // orbit 1: 0=r 3=r 6=g: 3 steps, 1.0-1.1-1.2-1.3 ends on red.
    (
        "orbit.not-onto-own",
        "rg r r:C,C,1.0,1.3/g:C,C,C,1.6 -",
        "move 1.0-1.3",
        &[("to", "1.3"), ("colour", "red")],
    ),
    // orbit 4: 0=g protected until red's turn ends; orbit 3: 0=r, 1 step to 4.0.
    (
        "orbit.protected",
        "rg r r:C,C,C,3.0/g:C,C,C,4.0 4.0@r",
        "move 3.0-4.0>3.5",
        &[("field", "4.0")],
    ),
    // The same, green to move: its protected pawn cannot capture on 3.0.
    (
        "orbit.protected",
        "rg g r:C,C,C,3.0/g:C,C,C,4.0 4.0@r",
        "move 4.0-3.0>2.0",
        &[("field", "4.0")],
    ),
    // orbit 4: 0=g; orbit 3: 0=r. The captured pawn goes to an empty field of orbit 3.
    (
        "orbit.relocation-field",
        "rg r r:C,C,C,3.0/g:C,C,C,4.0 -",
        "move 3.0-4.0",
        &[
            ("to", "4.0"),
            ("relocate", "-"),
            ("allowed", "an empty field of orbit 3"),
        ],
    ),
    (
        "orbit.relocation-field",
        "rg r r:C,C,C,3.0/g:C,C,C,4.0 -",
        "move 3.0-4.0>2.0",
        &[("relocate", "2.0")],
    ),
    (
        "orbit.relocation-field",
        "rg r r:C,C,C,3.0/g:C,C,C,4.0 -",
        "move 3.0-4.0>C",
        &[("relocate", "C")],
    ),
    // orbit 1: 0=r 3=r 6=g: capturing from orbit 1 sends the pawn to the centre.
    (
        "orbit.relocation-field",
        "rg r r:C,C,1.0,1.3/g:C,C,C,1.6 -",
        "move 1.3-1.6>1.5",
        &[("allowed", "the centre (C)")],
    ),
    // 3.1 is empty: nothing is captured, so nothing is put back.
    (
        "orbit.nothing-captured",
        "rg r r:C,C,C,3.0/g:C,C,C,4.0 -",
        "move 3.0-3.1>2.0",
        &[("to", "3.1")],
    ),
];

#[test]
fn each_rule_id_is_named_by_a_decision_that_breaks_it() {
    let game = classic();
    for &(rule, position, action, args) in CASES {
        let breach = refused(&game, position, action);
        assert_eq!(
            breach.rule, rule,
            "{action} in {position}: {}",
            breach.message
        );
        for &(name, value) in args {
            assert_eq!(
                breach.args.get(name).map(String::as_str),
                Some(value),
                "{rule}: argument {name} of {action} in {position} ({:?})",
                breach.args
            );
        }
        assert!(!breach.message.is_empty());
    }
}

#[test]
fn the_rule_ids_are_the_documented_ones_and_each_has_a_case() {
    let doc = include_str!("../../../../docs/rules/orbit.md");
    assert_documented(breach::ALL, doc, "## Rule ids", "orbit.");
    let used: BTreeSet<&str> = CASES.iter().map(|(rule, ..)| *rule).collect();
    assert_eq!(used, breach::ALL.iter().copied().collect());
}

#[test]
fn messages_say_what_is_wrong() {
    let game = classic();
    let breach = refused(&game, "rg r r:C,C,C,4.0/g:C,C,C,C -", "move 4.0-4.2");
    assert_eq!(
        breach.message,
        "a pawn on orbit 4 moves exactly 1 step, one per pawn there; 4.2 is not 1 step from 4.0"
    );
}
