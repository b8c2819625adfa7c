//! Perft: counting the action sequences of a given length, the standard check of move
//! generation, and one file format and driver that every game's perft tests share.
//!
//! A chance event counts as a ply like a decision, and each of its outcomes is a branch.
//! As in chess perft, only sequences of exactly `depth` plies count: a line that ends the
//! game earlier counts 0.
//!
//! # The `.perft` file format
//! ```text
//! # comments and blank lines are ignored; a `#` ends any line
//! id start                 # names the case in failures
//! options official         # optional: the game's options, read by the test's builder
//! position 321123/....../....../....../....../321123 S
//! perft 1 170              # depth and count; as many lines as wanted
//! perft 2 44842
//! ```

use crate::{Game, Turn};

/// Number of action sequences of exactly `depth` plies from `state`.
pub fn perft<G: Game>(game: &G, state: &G::State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = branches(game, state);
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|a| {
            let mut next = state.clone();
            game.apply(&mut next, a);
            perft(game, &next, depth - 1)
        })
        .sum()
}

/// Perft split by first action: one `(action, count)` per branch, in the order listed.
pub fn divide<G: Game>(game: &G, state: &G::State, depth: u32) -> Vec<(G::Action, u64)> {
    branches(game, state)
        .into_iter()
        .map(|a| {
            let mut next = state.clone();
            game.apply(&mut next, &a);
            let n = perft(game, &next, depth.saturating_sub(1));
            (a, n)
        })
        .collect()
}

/// The actions that branch from `state`: the mover's legal moves, or the outcomes of its
/// chance event; none once the game is over.
pub fn branches<G: Game>(game: &G, state: &G::State) -> Vec<G::Action> {
    match game.turn(state) {
        Turn::Over => Vec::new(),
        Turn::Seat(_) => {
            let mut out = Vec::new();
            game.legal_actions(state, &mut out);
            out
        }
        Turn::Chance => {
            let mut out = Vec::new();
            game.chance_outcomes(state, &mut out);
            out.into_iter().map(|(a, _)| a).collect()
        }
    }
}

/// One case of a `.perft` file: a position and its counts by depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    pub id: String,
    /// The `options` line, if any: what the test's builder makes the game from.
    pub options: Option<String>,
    pub position: String,
    /// `(depth, count)` in file order.
    pub counts: Vec<(u32, u64)>,
}

/// Reads a `.perft` file (format in the module docs); the error names the bad line.
pub fn read_file(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases: Vec<PerftCase> = Vec::new();
    let mut id = None;
    let mut options = None;
    for (number, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = |what: &str| format!("line {}: {what}: {raw}", number + 1);
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let value = value.trim();
        match key {
            "id" => {
                id = Some(value.to_owned());
                options = None;
            }
            "options" => options = Some(value.to_owned()),
            "position" => cases.push(PerftCase {
                id: id.clone().unwrap_or_else(|| format!("line {}", number + 1)),
                options: options.clone(),
                position: value.to_owned(),
                counts: Vec::new(),
            }),
            "perft" => {
                let case = cases
                    .last_mut()
                    .ok_or_else(|| at("a count before any position"))?;
                let (depth, count) = value
                    .split_once(' ')
                    .ok_or_else(|| at("expected `perft <depth> <count>`"))?;
                let depth = depth.parse().map_err(|_| at("bad depth"))?;
                let count = count.trim().parse().map_err(|_| at("bad count"))?;
                case.counts.push((depth, count));
            }
            _ => return Err(at("unknown key")),
        }
    }
    Ok(cases)
}

/// Checks every count of a `.perft` file up to `node_limit`, building each case's game
/// with `make` from its `options` line and counting with `count` (the generic [`perft`],
/// or a game's faster counter). Returns how many counts were checked.
///
/// # Panics
/// On a malformed file, a position that does not parse, or a wrong count, naming the case.
pub fn check_file<G: Game>(
    text: &str,
    node_limit: u64,
    make: impl Fn(Option<&str>) -> G,
    count: impl Fn(&G, &G::State, u32) -> u64,
) -> usize {
    let cases = read_file(text).unwrap_or_else(|e| panic!("bad perft file: {e}"));
    let mut checked = 0;
    for case in &cases {
        let game = make(case.options.as_deref());
        let state = game
            .parse_position(&case.position)
            .unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, nodes) in case.counts.iter().filter(|(_, n)| *n <= node_limit) {
            assert_eq!(
                count(&game, &state, depth),
                nodes,
                "{} perft {depth}",
                case.id
            );
            checked += 1;
        }
    }
    checked
}
