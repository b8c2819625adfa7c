//! Golden playthroughs: a seeded game written out action by action, with every seat's
//! view and the spectator's as JSON, and compared with a checked-in file so that any
//! change of behaviour shows in review. The files double as fixtures for the browser UI.
//!
//! One JSON object per line: `version`, `turn` (a seat's name, `chance` or `over`),
//! `position`, `views` (each seat's by name, then `spectator`), `legal` (how many
//! decisions or chance outcomes there are) and the `action` taken (absent on the last
//! line, which carries the `result` ranks instead).
//!
//! After an intended change, regenerate with `TRIO_BLESS=1 cargo test`.

use rand::seq::IndexedRandom;
use serde_json::{json, Map, Value};

use crate::{perft, rng, Game, Referee, Seat, Step, Turn};

/// Plays a game from `start` (a new game if `None`) with uniformly random decisions and
/// chance from `seed`, and writes its first `limit` actions out.
pub fn playthrough<G: Game>(game: &G, start: Option<G::State>, seed: u64, limit: usize) -> String {
    let start = start.unwrap_or_else(|| game.new_game());
    let mut referee = Referee::from_state(game.clone(), start, seed);
    let mut choices = rng::seeded(rng::sub_seed(seed, u64::MAX));
    let mut out = String::new();
    loop {
        let state = referee.state();
        let turn = referee.turn();
        let mut views = Map::new();
        for s in 0..game.seat_count() {
            let seat = Seat(s as u8);
            views.insert(game.seat_name(seat), game.view_json(&referee.view(seat)));
        }
        views.insert(
            "spectator".to_owned(),
            game.view_json(&referee.public_view()),
        );
        let mut line = json!({
            "version": referee.version(),
            "turn": match turn {
                Turn::Seat(seat) => game.seat_name(seat),
                Turn::Chance => "chance".to_owned(),
                Turn::Over => "over".to_owned(),
            },
            "position": game.format_position(state),
            "views": views,
            "legal": perft::branches(game, state).len(),
        });
        let done = referee.history().len() >= limit;
        let step = if done {
            None
        } else {
            match turn {
                Turn::Over => None,
                Turn::Chance => {
                    let step = referee.step().expect("chance never breaks the rules");
                    assert!(matches!(step, Step::Played { .. }));
                    Some(())
                }
                Turn::Seat(seat) => {
                    let legal = referee.legal_actions();
                    let action = legal.choose(&mut choices).expect("a seat to move can move");
                    referee
                        .submit(seat, action.clone(), None)
                        .expect("a listed action is legal");
                    Some(())
                }
            }
        };
        match step {
            Some(()) => {
                let entry = referee.history().last().expect("just played");
                line["action"] = Value::String(entry.notation.clone());
            }
            None => {
                if let Some(outcome) = referee.outcome() {
                    line["result"] = json!(outcome.ranks());
                }
            }
        }
        out.push_str(&line.to_string());
        out.push('\n');
        if step.is_none() {
            return out;
        }
    }
}

/// Plays [`playthrough`] from `start` (a position in the game's notation, or a new game if
/// `None`) and [`check`]s it against the golden file at `path`; returns the text.
///
/// # Panics
/// When `start` does not read, or the playthrough differs from the file.
pub fn check_playthrough<G: Game>(
    game: &G,
    start: Option<&str>,
    seed: u64,
    limit: usize,
    path: &str,
) -> String {
    let start = start.map(|text| {
        game.parse_position(text)
            .unwrap_or_else(|e| panic!("bad start {text:?}: {e}"))
    });
    let text = playthrough(game, start, seed, limit);
    check(path, &text);
    text
}

/// Compares `actual` with the golden file at `path`, or writes it there when the
/// `TRIO_BLESS` environment variable is set.
///
/// # Panics
/// When they differ, naming the first line that does.
pub fn check(path: &str, actual: &str) {
    if std::env::var_os("TRIO_BLESS").is_some() {
        std::fs::write(path, actual).unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
    }
    let golden = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {path} ({e}); create it with TRIO_BLESS=1"));
    if golden != actual {
        let line = golden
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| golden.lines().count().min(actual.lines().count()));
        panic!(
            "the playthrough differs from {path} at line {}; if the change is intended, \
             regenerate with TRIO_BLESS=1",
            line + 1
        );
    }
}
