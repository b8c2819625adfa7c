//! Random playouts: the conformance suite of trio-core with Triles' own invariants, and
//! property tests over random games: tiles are conserved, every line has two ends or is
//! a loop or dot, the incremental lines match a recomputation from scratch, the effects
//! judged before a placement are what it creates, the listing of placements agrees with
//! judging each candidate alone, views hold
//! nothing hidden, and positions and actions round-trip through the notation. Run with
//! the default set, every combination of variants, and a set with two terminals per edge.

use std::collections::HashMap;

use proptest::prelude::*;
use rand::seq::IndexedRandom;
use trio_core::conformance::{random_games, Config};
use trio_core::{rng, Game, Seat, Turn};
use trio_triles::{
    Action, Cell, Colour, Edge, Effects, Kind, Line, Options, Placement, Shape, State, TileId,
    TileSet, Tiles, Triles, Variant, Variants,
};

fn double_set() -> TileSet {
    TileSet::from_toml(include_str!("../sets/double.toml")).unwrap()
}

fn variants(bits: u8) -> Variants {
    Variant::ALL
        .into_iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .fold(Variants::default(), |v, (_, x)| v.with(x))
}

/// The lines of a board worked out from the placements alone.
fn lines_from_scratch(set: &TileSet, placements: &[Placement]) -> Vec<Line> {
    let k = set.terminals_per_edge();
    let per_tile = 3 * k;
    let mut at: HashMap<(Cell, Edge, usize), usize> = HashMap::new();
    for (i, p) in placements.iter().enumerate() {
        let order = p.cell.edge_order();
        for j in 0..per_tile {
            let edge = order[(j / k + usize::from(p.rotation)) % 3];
            at.insert((p.cell, edge, j % k), i * per_tile + j);
        }
    }
    let terminal = |id: usize| set.tile(placements[id / per_tile].tile).terminals()[id % per_tile];
    let mut links: Vec<Vec<usize>> = vec![Vec::new(); placements.len() * per_tile];
    let mut met = vec![false; links.len()];
    for (&(cell, edge, slot), &id) in &at {
        let tile = set.tile(placements[id / per_tile].tile);
        if let Some(p) = tile.partner(id % per_tile) {
            links[id].push(id - id % per_tile + p);
        }
        if let Some(&other) = at.get(&(cell.neighbour(edge), edge.opposite(), k - 1 - slot)) {
            links[id].push(other);
            met[id] = true;
        }
    }
    let mut seen = vec![false; links.len()];
    let mut lines = Vec::new();
    for start in 0..links.len() {
        if seen[start] {
            continue;
        }
        let mut members = vec![start];
        seen[start] = true;
        let mut i = 0;
        while i < members.len() {
            for &n in &links[members[i]] {
                if !seen[n] {
                    seen[n] = true;
                    members.push(n);
                }
            }
            i += 1;
        }
        let caps = members
            .iter()
            .filter(|&&t| terminal(t).kind.is_cap())
            .count();
        let open = members.iter().filter(|&&t| !met[t]).count();
        let shape = if members.len() == 2 && caps == 2 && open == 0 {
            if members
                .iter()
                .all(|&t| terminal(t).kind == Kind::Semicircle)
            {
                Shape::Loop
            } else {
                Shape::Dot
            }
        } else if members.iter().all(|&t| links[t].len() == 2) {
            Shape::Loop
        } else {
            Shape::Path
        };
        let mut terminals: Vec<(usize, usize)> = members
            .iter()
            .map(|&t| (t / per_tile, t % per_tile))
            .collect();
        terminals.sort_unstable();
        lines.push(Line {
            colour: terminal(start).colour,
            shape,
            open_ends: open as u8,
            closed_ends: if shape == Shape::Loop { 0 } else { caps as u8 },
            terminals,
        });
    }
    lines.sort_by(|a, b| a.terminals.cmp(&b.terminals));
    lines
}

/// Every invariant of one state.
fn check(game: &Triles, state: &State) {
    let set = game.tile_set();
    let text = game.format_position(state);
    // Tiles are conserved across table, hands and pool.
    let mut all = Tiles::default();
    for p in state.placements() {
        all.add(p.tile);
    }
    for tiles in [
        state.hand(Colour::Black),
        state.hand(Colour::White),
        state.pool(),
    ] {
        for (t, n) in tiles.iter() {
            all.add_n(t, n);
        }
    }
    if let Some(t) = state.table().next {
        all.add(t);
    }
    assert_eq!(all, Tiles::full(set), "tiles not conserved: {text}");
    // Every line has two ends or is a loop (a dot has its two closed ends).
    let mut lines = state.lines();
    for line in &lines {
        let ends = line.open_ends + line.closed_ends;
        match line.shape {
            Shape::Loop => assert_eq!(ends, 0, "{line:?}: {text}"),
            Shape::Dot | Shape::Path => assert_eq!(ends, 2, "{line:?}: {text}"),
        }
    }
    lines.sort_by(|a, b| a.terminals.cmp(&b.terminals));
    assert_eq!(
        lines,
        lines_from_scratch(set, state.placements()),
        "lines differ: {text}"
    );
    // A view holds nothing hidden: no other hand unless open-hands, no next tile unless
    // open-pool, and its JSON names no tile of a hidden hand that is not visible elsewhere.
    for viewer in [Some(Seat(0)), Some(Seat(1)), None] {
        let view = match viewer {
            Some(seat) => game.view(state, seat),
            None => game.public_view(state),
        };
        let own = viewer.and_then(|seat| state.colour_of(seat));
        for colour in Colour::ALL {
            let shown = game.variants().open_hands || own == Some(colour);
            assert_eq!(view.hand_of(colour).is_some(), shown, "{viewer:?}: {text}");
            assert_eq!(view.hand_size(colour), state.hand(colour).len());
        }
        if let Some(colour) = own {
            assert_eq!(view.hand(), Some(state.hand(colour)));
        }
        assert!(view.table().next.is_none() || game.variants().open_pool);
        // The diagram draws every view without failing, within its size.
        let text = game.draw(&view);
        assert!(text.lines().all(|l| l.chars().count() < 1_000), "{text}");
        let json = game.view_json(&view);
        let words = json_words(&json);
        for name in hidden_only(game, state, &view) {
            assert!(
                !words.contains(&name),
                "{viewer:?} sees hidden tile {name} in {json}: {text}"
            );
        }
    }
    // Positions round-trip to the same state.
    let parsed = game
        .parse_position(&text)
        .unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(&parsed, state, "{text}");
}

/// The names of tile types in hands `view` hides and nowhere else it shows.
fn hidden_only(game: &Triles, state: &State, view: &trio_triles::View) -> Vec<String> {
    let set = game.tile_set();
    let mut visible: Vec<TileId> = view.placements().iter().map(|p| p.tile).collect();
    for colour in Colour::ALL {
        if let Some(hand) = view.hand_of(colour) {
            visible.extend(hand.iter().map(|(t, _)| t));
        }
    }
    visible.extend(view.table().next);
    Colour::ALL
        .into_iter()
        .filter(|&c| view.hand_of(c).is_none())
        .flat_map(|c| state.hand(c).iter().map(|(t, _)| t))
        .filter(|t| !visible.contains(t))
        .map(|t| set.name(t).to_owned())
        .collect()
}

/// Every word (letters only) of every key and string in `json`.
fn json_words(json: &serde_json::Value) -> Vec<String> {
    fn words(text: &str, out: &mut Vec<String>) {
        out.extend(
            text.split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| !w.is_empty())
                .map(str::to_owned),
        );
    }
    fn walk(json: &serde_json::Value, out: &mut Vec<String>) {
        match json {
            serde_json::Value::String(s) => words(s, out),
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    words(k, out);
                    walk(v, out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(json, &mut out);
    out
}

/// Dots, loops and closed paths per colour among the lines through the last tile laid.
fn created(state: &State) -> [[u8; 2]; 3] {
    let last = state.placements().len() - 1;
    let mut counts = [[0u8; 2]; 3];
    for line in state.lines() {
        if !line.terminals.iter().any(|&(p, _)| p == last) {
            continue;
        }
        let c = line.colour.index();
        match line.shape {
            Shape::Dot => counts[0][c] += 1,
            Shape::Loop => counts[1][c] += 1,
            Shape::Path if line.open_ends == 0 => counts[2][c] += 1,
            Shape::Path => {}
        }
    }
    counts
}

fn effects_counts(effects: &Effects) -> [[u8; 2]; 3] {
    [effects.dots, effects.loops, effects.closed]
}

/// The placements listed with their effects are those `effects` accepts one by one, in
/// the order: frontier cell, type in hand, rotation.
fn listed_as_judged(game: &Triles, state: &State) {
    let (mut legal, mut effects) = (Vec::new(), Vec::new());
    game.legal_actions_with_effects(state, &mut legal, &mut effects);
    let mover = state.table().to_move.unwrap();
    let mut judged = Vec::new();
    if !state.table().gift_pending {
        for &cell in state.frontier() {
            for (tile, _) in state.hand(mover).iter() {
                for rotation in 0..3 {
                    let p = Placement {
                        tile,
                        cell,
                        rotation,
                    };
                    if let Ok(e) = game.effects(state, p) {
                        judged.push((Action::Place(p), e));
                    }
                }
            }
        }
    }
    let listed: Vec<_> = legal.iter().copied().zip(effects.iter().copied()).collect();
    assert_eq!(listed, judged);
    if judged.is_empty() {
        assert!(effects.is_empty());
        assert!(
            !matches!(legal.first(), Some(Action::Place(_))),
            "{legal:?}"
        );
    } else {
        assert_eq!(legal.len(), judged.len());
    }
}

fn playout(game: &Triles, seed: u64) -> usize {
    let mut rng = rng::seeded(seed);
    let mut state = game.new_game();
    let mut legal = Vec::new();
    let mut plies = 0;
    loop {
        check(game, &state);
        let longest = game.facts().longest_game;
        assert!(plies <= longest, "{plies} plies, longest_game {longest}");
        let action = match game.turn(&state) {
            Turn::Over => return plies,
            Turn::Chance => game.sample_chance(&state, &mut rng),
            Turn::Seat(_) => {
                listed_as_judged(game, &state);
                game.legal_actions(&state, &mut legal);
                *legal.choose(&mut rng).unwrap()
            }
        };
        let written = game.format_action(&state, &action);
        assert_eq!(game.parse_action(&state, &written), Ok(action));
        let predicted = match action {
            Action::Place(p) => Some(
                game.effects(&state, p)
                    .expect("listed placements are legal"),
            ),
            _ => None,
        };
        game.apply(&mut state, &action);
        if let Some(effects) = predicted {
            assert_eq!(created(&state), effects_counts(&effects), "{written}");
        }
        plies += 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_playouts_keep_every_invariant(seed in any::<u64>(), bits in 0u8..8) {
        let game = Triles::new(Options { variants: variants(bits), ..Options::default() });
        prop_assert!(playout(&game, seed) > 0);
    }

    #[test]
    fn random_playouts_with_two_terminals_per_edge(seed in any::<u64>(), bits in 0u8..8) {
        let options = Options { variants: variants(bits), tile_set: double_set(), ..Options::default() };
        prop_assert!(playout(&Triles::new(options), seed) > 0);
    }
}

#[test]
fn conformance_default_set() {
    let game = Triles::default();
    let report = random_games(
        &game,
        &Config {
            games: 40,
            ..Config::default()
        },
        check,
    );
    assert_eq!(report.games, 40);
    assert!(report.wins.iter().all(|&w| w > 0), "{report:?}");
}

#[test]
fn conformance_fixed_colours_and_variants() {
    let options = Options {
        variants: variants(7),
        black: Some(Seat(1)),
        first: Some(Colour::White),
        ..Options::default()
    };
    let game = Triles::new(options);
    assert_eq!(game.seat_name(Seat(1)), "black");
    random_games(
        &game,
        &Config {
            games: 15,
            ..Config::default()
        },
        check,
    );
}

#[test]
fn conformance_two_terminals_per_edge() {
    let game = Triles::new(Options {
        tile_set: double_set(),
        ..Options::default()
    });
    assert_eq!(game.tile_set().terminals_per_edge(), 2);
    let report = random_games(
        &game,
        &Config {
            games: 20,
            ..Config::default()
        },
        check,
    );
    assert!(report.plies > 20 * 20, "{report:?}");
}
