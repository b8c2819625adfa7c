//! The catalog end to end: every game built from its spec, played through the referee by
//! agents named as strings, written down, replayed; seeds that deal the same whoever sits.

use trio_catalog::{game, AgentSpec, CatalogError, KINDS};
use trio_core::{Record, Seat, Step, Turn};

fn agents(names: &[&str]) -> Vec<AgentSpec> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

#[test]
fn every_game_plays_through_records_and_replays() {
    for (spec, seats) in [
        ("gyges", vec!["random", "random"]),
        ("gyges(variant=official)", vec!["random", "ai:1"]),
        ("triles", vec!["random", "random"]),
        (
            "triles(variant=open-hands+own-dots)",
            vec!["ai:1", "random"],
        ),
        ("orbit", vec!["random", "random"]),
        (
            "orbit(order=bgr,players=3)",
            vec!["random", "ai:1", "random"],
        ),
    ] {
        let g = game(spec).unwrap();
        assert_eq!(g.spec().to_string(), spec);
        let mut live = g.start(5, &agents(&seats), None).unwrap();
        assert_eq!(live.run().unwrap(), Step::Over, "{spec}");
        let record = live.record();
        assert_eq!(record.game, spec);
        assert_eq!(record.seats, seats);
        let text = record.to_json();
        let replayed = g.replay(&Record::from_json(&text).unwrap()).unwrap();
        assert_eq!(replayed.position(), live.position(), "{spec}");
        assert_eq!(replayed.outcome(), live.outcome(), "{spec}");
        for viewer in [None, Some(Seat(0))] {
            assert!(live.view_json(viewer).is_object(), "{spec}");
        }
    }
}

#[test]
fn an_orbit_turn_limit_stops_the_game_ranked_as_it_stands_and_replays() {
    let spec = "orbit(players=3,turn-limit=40)";
    let g = game(spec).unwrap();
    assert_eq!(g.spec().to_string(), spec);
    let mut live = g
        .start(9, &agents(&["random", "random", "random"]), None)
        .unwrap();
    assert_eq!(live.run().unwrap(), Step::Over);
    let view = live.view_json(None);
    assert_eq!(view["turn_limit"], 40, "{view}");
    // Random pawns need hundreds of turns to come home: the limit ends this game.
    assert_eq!(view["turns"], 40, "{view}");
    assert_eq!(view["result"]["turn_limit_reached"], true, "{view}");
    let replayed = g.replay(&live.record()).unwrap();
    assert_eq!(replayed.position(), live.position());
    let err = game("orbit(turn-limit=0)").unwrap_err().to_string();
    assert!(
        err.ends_with("\"0\" is not a whole number from 1 to 10000"),
        "{err}"
    );
}

#[test]
fn the_same_seed_rolls_the_same_dice_whoever_sits() {
    let g = game("orbit(players=2)").unwrap();
    let dice = |seats: &[&str]| -> Vec<String> {
        let mut live = g.start(77, &agents(seats), None).unwrap();
        live.run().unwrap();
        live.history_for(None)
            .into_iter()
            .filter(|(by, _)| by.is_none())
            .map(|(_, a)| a.unwrap().action)
            .collect()
    };
    let random = dice(&["random", "random"]);
    let ai = dice(&["ai:1", "random"]);
    let n = random.len().min(ai.len());
    assert!(n > 10, "{random:?} {ai:?}");
    assert_eq!(random[..n], ai[..n]);
}

#[test]
fn a_drawn_tile_is_hidden_from_the_other_seat_and_spectators() {
    let g = game("triles").unwrap();
    let mut live = g.start(3, &agents(&["human", "human"]), None).unwrap();
    let Step::Await(_) = live.run().unwrap() else {
        panic!("a person is to move after the deal")
    };
    let spectator = live.history_for(None);
    assert!(spectator.iter().any(|(by, a)| by.is_none() && a.is_none()));
    let seats: Vec<_> = spectator.iter().map(|(by, _)| *by).collect();
    assert_eq!(live.history_seats(), seats);
    for seat in [Seat(0), Seat(1)] {
        let mine = live.history_for(Some(seat));
        assert!(
            mine.iter().any(|(_, a)| a.is_none()),
            "{seat} does not see everything"
        );
        assert!(
            mine.iter().filter(|(_, a)| a.is_some()).count()
                > spectator.iter().filter(|(_, a)| a.is_some()).count()
        );
    }
}

#[test]
fn people_play_through_the_live_face_with_checked_actions() {
    let g = game("gyges").unwrap();
    let mut live = g.start(1, &agents(&["human", "ai:2"]), None).unwrap();
    assert_eq!(live.run().unwrap(), Step::Await(Seat(0)));
    let version = live.version();
    let err = live.submit(Seat(0), "b1-b2", Some(version)).unwrap_err();
    assert_eq!(err.code(), "illegal");
    assert!(err.breach().unwrap().rule.starts_with("gyges."), "{err:?}");
    let err = live.submit(Seat(0), "nonsense", Some(version)).unwrap_err();
    assert_eq!(err.code(), "bad-notation");
    let err = live
        .submit(Seat(1), "setup 123321", Some(version))
        .unwrap_err();
    assert_eq!(err.code(), "not-your-turn");
    live.submit(Seat(0), "setup 123321", Some(version)).unwrap();
    assert_eq!(live.run().unwrap(), Step::Await(Seat(0)), "the AI set up");
    assert_eq!(live.history_for(None).len(), 2);
    // Against the AI a person may take back their move and the AI's answer.
    live.undo(Seat(0)).unwrap();
    assert_eq!(live.history_for(None).len(), 0);
    assert_eq!(live.turn(), Turn::Seat(Seat(0)));
}

#[test]
fn definition_files_are_capped_and_named_in_errors() {
    let err = game("orbit(board=/dev/zero)").unwrap_err().to_string();
    assert!(
        err.contains("/dev/zero") && err.contains("at most"),
        "{err}"
    );
    let err = game("triles(tiles=/no/such/file.toml)").unwrap_err();
    assert!(matches!(err, CatalogError::Definition { .. }), "{err}");
    let dir = std::env::temp_dir().join(format!("trio-catalog-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("board.toml");
    std::fs::write(&board, trio_orbit::CLASSIC_TOML).unwrap();
    let spec = format!("orbit(board={})", board.display());
    assert!(game(&spec).is_ok(), "{spec}");
    // The built-in names read no file.
    assert!(game("orbit(board=classic)").is_ok());
    assert!(game("triles(tiles=standard)").is_ok());
}

#[test]
fn options_that_do_not_make_a_game_together_say_why() {
    let err = game("orbit(order=rg,players=3)").unwrap_err().to_string();
    assert_eq!(err, "the turn order names 2 colours for 3 players");
    assert_eq!(game("orbit(order=bgr)").unwrap().seat_count(), 3);
}

#[test]
fn seats_and_agents_are_checked() {
    let g = game("gyges").unwrap();
    assert!(g.start(1, &agents(&["human"]), None).is_err());
    assert!("ugi:".parse::<AgentSpec>().is_err());
    let triles = game("triles").unwrap();
    let err = triles
        .start(1, &[AgentSpec::Human, AgentSpec::Ugi("x".into())], None)
        .unwrap_err();
    assert!(err.to_string().contains("Gygès only"), "{err}");
    assert_eq!(KINDS.len(), 3);
}

/// Every game crate has the same inner layout, and no module imports another that imports
/// it back (directly or round a longer loop); nor does the catalog's.
#[test]
fn game_crates_share_one_layout_without_module_cycles() {
    const LAYOUT: [&str; 11] = [
        "board", "moves", "state", "movegen", "rules", "notation", "diagram", "view", "breach",
        "events", "options",
    ];
    for krate in ["gyges", "triles", "orbit"] {
        let modules = modules(krate);
        let names: Vec<&str> = modules.iter().map(|(n, _)| n.as_str()).collect();
        for module in LAYOUT {
            assert!(
                names.contains(&module),
                "{krate} has no {module}.rs: {names:?}"
            );
        }
    }
    for krate in ["gyges", "triles", "orbit", "catalog"] {
        if let Some(cycle) = module_cycle(&modules(krate)) {
            panic!("{krate} has a module cycle: {cycle}");
        }
    }
}

/// The modules of a crate beside its `lib.rs`, by name, with their text, in order.
fn modules(krate: &str) -> Vec<(String, String)> {
    let dir = format!("{}/../{krate}/src", env!("CARGO_MANIFEST_DIR"));
    let mut modules: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .filter(|(name, _)| name != "lib")
        .collect();
    modules.sort();
    modules
}

/// A loop of modules each naming the next as `crate::x`, written `a -> b -> a`, if any.
fn module_cycle(modules: &[(String, String)]) -> Option<String> {
    let names: Vec<&str> = modules.iter().map(|(n, _)| n.as_str()).collect();
    let edges: Vec<Vec<usize>> = modules
        .iter()
        .map(|(from, text)| {
            let code: String = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            names
                .iter()
                .enumerate()
                .filter(|(_, to)| {
                    *to != from
                        && (code.contains(&format!("crate::{to}::"))
                            || code.contains(&format!("crate::{to};"))
                            || code.contains(&format!("crate::{to}::{{")))
                })
                .map(|(i, _)| i)
                .collect()
        })
        .collect();
    // Depth-first search for a back edge.
    fn visit(
        n: usize,
        edges: &[Vec<usize>],
        state: &mut [u8],
        path: &mut Vec<usize>,
    ) -> Option<Vec<usize>> {
        state[n] = 1;
        path.push(n);
        for &m in &edges[n] {
            if state[m] == 1 {
                let start = path.iter().position(|&p| p == m).unwrap();
                let mut cycle = path[start..].to_vec();
                cycle.push(m);
                return Some(cycle);
            }
            if state[m] == 0 {
                if let Some(c) = visit(m, edges, state, path) {
                    return Some(c);
                }
            }
        }
        path.pop();
        state[n] = 2;
        None
    }
    let mut state = vec![0u8; names.len()];
    (0..names.len()).find_map(|n| {
        let cycle = (state[n] == 0)
            .then(|| visit(n, &edges, &mut state, &mut Vec::new()))
            .flatten()?;
        Some(
            cycle
                .iter()
                .map(|&i| names[i])
                .collect::<Vec<_>>()
                .join(" -> "),
        )
    })
}
