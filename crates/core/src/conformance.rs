//! A conformance suite every game runs in its tests (after OpenSpiel's random simulation
//! test): seeded random games in which every state is checked against the contract of
//! [`Game`]. A game's own test then adds its invariants through the `check` closure.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use rand::seq::IndexedRandom;
use rand::RngCore;

use crate::{rng, Game, Seat, Turn};

/// What [`random_games`] plays.
#[derive(Clone, Debug)]
pub struct Config {
    pub games: usize,
    pub seed: u64,
    /// A game longer than this fails the suite: every game must end.
    pub max_plies: usize,
    /// How many listed actions per state are replayed through the checked [`Game::play`],
    /// and drawn by their index ([`Game::legal_action_at`]).
    pub played_per_state: usize,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            games: 50,
            seed: 1,
            max_plies: 5_000,
            played_per_state: 12,
        }
    }
}

/// What the random games did, for tests that want to see the rules were exercised.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub games: usize,
    pub plies: usize,
    pub chance_events: usize,
    /// Finished games won by each seat (draws and shared places not counted).
    pub wins: Vec<usize>,
    pub draws: usize,
}

/// Plays `config.games` random games from [`Game::new_game`], checking every state.
///
/// # Panics
/// On the first broken promise, with the position and what was wrong.
pub fn random_games<G: Game>(
    game: &G,
    config: &Config,
    mut check: impl FnMut(&G, &G::State),
) -> Report {
    let mut report = Report {
        wins: vec![0; game.seat_count()],
        ..Report::default()
    };
    for index in 0..config.games {
        let mut rng = rng::seeded(rng::sub_seed(config.seed, index as u64));
        let mut state = game.new_game();
        let mut plies = 0;
        loop {
            check_state(game, &state, config, &mut rng);
            check(game, &state);
            let action = match game.turn(&state) {
                Turn::Over => break,
                Turn::Chance => {
                    report.chance_events += 1;
                    game.sample_chance(&state, &mut rng)
                }
                Turn::Seat(_) => {
                    let mut legal = Vec::new();
                    game.legal_actions(&state, &mut legal);
                    legal.choose(&mut rng).expect("checked non-empty").clone()
                }
            };
            game.apply(&mut state, &action);
            plies += 1;
            assert!(
                plies <= config.max_plies,
                "game {index} is still running after {plies} plies: {}",
                game.format_position(&state)
            );
        }
        let outcome = game.outcome(&state).expect("checked at Turn::Over");
        match outcome.winner() {
            Some(seat) => report.wins[seat.index()] += 1,
            None if outcome.is_draw() => report.draws += 1,
            None => {}
        }
        report.games += 1;
        report.plies += plies;
    }
    report
}

/// Checks one state against the contract of [`Game`].
pub fn check_state<G: Game>(game: &G, state: &G::State, config: &Config, rng: &mut dyn RngCore) {
    let text = game.format_position(state);
    assert_eq!(&state.clone(), state, "clone differs: {text}");
    let reparsed = game
        .parse_position(&text)
        .unwrap_or_else(|e| panic!("own position does not parse ({e}): {text}"));
    assert_eq!(
        game.format_position(&reparsed),
        text,
        "position does not round-trip"
    );

    let turn = game.turn(state);
    assert_eq!(
        turn == Turn::Over,
        game.outcome(state).is_some(),
        "outcome must exist exactly when the game is over: {text}"
    );
    if let Some(outcome) = game.outcome(state) {
        assert_eq!(
            outcome.seats(),
            game.seat_count(),
            "outcome ranks every seat: {text}"
        );
    }

    let public = game.public_view(state);
    assert!(
        game.view_json(&public).is_object(),
        "a spectator's view as JSON is an object: {text}"
    );
    for s in 0..game.seat_count() {
        let seat = Seat(s as u8);
        let view = game.view(state, seat);
        let sampled = game.determinize(&view, rng);
        assert_eq!(
            game.view(&sampled, seat),
            view,
            "a determinized state must look the same to {seat}: {text}"
        );
        assert_eq!(
            game.turn(&sampled),
            turn,
            "determinizing changed whose turn it is: {text}"
        );
        assert_eq!(
            game.public_view(&sampled),
            public,
            "a spectator must see no more than {seat}: {text}"
        );
        assert!(
            game.view_json(&view).is_object(),
            "a view as JSON is an object: {text}"
        );
        if !game.facts().seat_views {
            assert_eq!(
                game.view_json(&view),
                game.view_json(&public),
                "{seat}'s view is a spectator's, as the facts say (seat_views false): {text}"
            );
        }
        if turn == Turn::Seat(seat) {
            let (mut real, mut guessed) = (Vec::new(), Vec::new());
            game.legal_actions(state, &mut real);
            game.legal_actions(&sampled, &mut guessed);
            assert_eq!(
                real, guessed,
                "the mover's options must follow from its view: {text}"
            );
        }
    }

    let mut legal = Vec::new();
    game.legal_actions(state, &mut legal);
    check_action_at(game, state, &legal, config, &text);
    let mut chance = Vec::new();
    game.chance_outcomes(state, &mut chance);
    match turn {
        Turn::Over => {
            assert!(
                legal.is_empty() && chance.is_empty(),
                "actions after the end: {text}"
            );
        }
        Turn::Seat(mover) => {
            assert!(
                !legal.is_empty(),
                "a seat to move always has an action: {text}"
            );
            assert!(chance.is_empty(), "chance outcomes at a decision: {text}");
            // Where nothing is hidden, no decision shows anything (undo stays as it was).
            if !game.facts().hidden_information {
                for action in &legal {
                    for to in (0..game.seat_count() as u8)
                        .map(Seat)
                        .filter(|&s| s != mover)
                    {
                        assert_eq!(
                            game.reveals(state, action, to),
                            None,
                            "nothing is hidden, yet {} shows {to} something: {text}",
                            game.format_action(state, action)
                        );
                    }
                }
            }
            check_actions(game, state, &legal, config, &text);
            let parts: serde_json::Value =
                serde_json::from_str(game.actions_parts(state, &legal).get()).unwrap_or_else(|e| {
                    panic!("the legal moves' parts are not JSON ({e}): {text}")
                });
            let one_by_one: Vec<serde_json::Value> = legal
                .iter()
                .map(|action| game.action_parts(state, action))
                .collect();
            assert_eq!(
                parts,
                serde_json::Value::Array(one_by_one),
                "the legal moves' parts listed at once differ from each move's: {text}"
            );
        }
        Turn::Chance => {
            assert!(legal.is_empty(), "decisions at a chance event: {text}");
            assert!(
                !chance.is_empty(),
                "a chance event without outcomes: {text}"
            );
            let total: f64 = chance.iter().map(|(_, p)| p).sum();
            assert!(
                (total - 1.0).abs() < 1e-9,
                "chance probabilities sum to {total}: {text}"
            );
            assert!(
                chance.iter().all(|(_, p)| *p > 0.0),
                "impossible chance outcome: {text}"
            );
            let actions: Vec<G::Action> = chance.into_iter().map(|(a, _)| a).collect();
            check_actions(game, state, &actions, config, &text);
        }
    }
}

/// [`Game::legal_action_at`] offers the count of `legal` and gives the listed decision
/// at each index tried (the first, the last, and as many as
/// [`Config::played_per_state`] between), so that a draw by index is a draw from the
/// list whether or not the game lists; with nothing to decide it gives none and asks
/// for no index.
fn check_action_at<G: Game>(
    game: &G,
    state: &G::State,
    legal: &[G::Action],
    config: &Config,
    text: &str,
) {
    let mut scratch = Vec::new();
    if legal.is_empty() {
        let none = game.legal_action_at(state, &mut scratch, |n| {
            panic!("an index among {n} asked for with no decision to make: {text}")
        });
        assert_eq!(none, None, "a decision drawn with none listed: {text}");
    }
    let step = legal.len().div_ceil(config.played_per_state.max(1)).max(1);
    let tried = (0..legal.len())
        .step_by(step)
        .chain(legal.len().checked_sub(1));
    for index in tried {
        let drawn = game.legal_action_at(state, &mut scratch, |n| {
            assert_eq!(n, legal.len(), "decisions counted, and listed: {text}");
            index
        });
        assert_eq!(
            drawn.as_ref(),
            legal.get(index),
            "the decision drawn at {index}, and the one listed there: {text}"
        );
    }
}

fn check_actions<G: Game>(
    game: &G,
    state: &G::State,
    actions: &[G::Action],
    config: &Config,
    text: &str,
) {
    let mut seen = HashSet::new();
    for action in actions {
        let written = game.format_action(state, action);
        assert!(
            seen.insert(written.clone()),
            "{written} listed twice: {text}"
        );
        let read = game
            .parse_action(state, &written)
            .unwrap_or_else(|e| panic!("{written} does not parse ({e}): {text}"));
        assert_eq!(&read, action, "{written} does not round-trip: {text}");
    }
    let step = actions
        .len()
        .div_ceil(config.played_per_state.max(1))
        .max(1);
    for action in actions.iter().step_by(step) {
        let mut next = state.clone();
        if let Err(e) = game.play(&mut next, action) {
            panic!("listed action refused by play ({e}): {text}");
        }
    }
}

/// Plays a random game from the start (chance sampled, decisions uniform), counting the
/// rule events ([`Game::rule_events`]) of every action and the end events
/// ([`Game::end_events`]) of the final state: the games' tests check that the counts
/// agree with each other.
pub fn random_game_events<G: Game>(game: &G, seed: u64) -> BTreeMap<&'static str, u64> {
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

/// Checks a game's list of stable names (its rule ids, its lab events) against the document
/// explaining them: no name is listed twice, and the names are exactly those starting with
/// `prefix` in the first column of the tables under `heading` (up to the next heading of
/// that level or above).
///
/// # Panics
/// If `heading` is not in `doc` or the two lists differ.
pub fn assert_documented(names: &[&str], doc: &str, heading: &str, prefix: &str) {
    let mut listed = BTreeSet::new();
    for name in names {
        assert!(listed.insert(*name), "{name} is listed twice");
    }
    let level = |line: &str| line.chars().take_while(|&c| c == '#').count();
    let (_, section) = doc
        .split_once(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("no {heading:?} section"));
    let documented: BTreeSet<&str> = section
        .lines()
        .take_while(|line| !(1..=level(heading)).contains(&level(line)))
        .filter_map(|line| line.strip_prefix('|')?.split('|').next())
        .flat_map(|cell| cell.split('`').skip(1).step_by(2))
        .filter(|name| name.starts_with(prefix))
        .collect();
    assert_eq!(
        listed, documented,
        "{heading}: in use (left), documented (right)"
    );
}
