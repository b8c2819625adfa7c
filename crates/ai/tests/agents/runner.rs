//! The match runner: legal play enforced, seats rotated, results reproducible, and MCTS
//! measured against the random bot on every toy game.

use rand::RngCore;
use trio_ai::{
    bot_for_level, paired_schedule, play_game, run_match, run_schedule, MatchError, MatchSummary,
    Pentanomial, RandomBot, Sprt, SprtVerdict,
};
use trio_core::{rng, Bot, EndReason, Ending, Game, Seat};

use crate::mcts;
use crate::toys::{Card, Cards, Claims, Pig, TicTacToe};

fn random<G: Game>() -> Box<dyn Bot<G>> {
    Box::new(RandomBot)
}

fn quiet<G: Game>(_: usize, _: usize, _: &trio_ai::GameRecord<G>) {}

/// Plays a match and checks what every match must satisfy.
fn measure<G: Game>(
    game: &G,
    make_bots: impl Fn() -> Vec<Box<dyn Bot<G>>> + Sync,
    games: usize,
) -> MatchSummary {
    let summary = run_match(game, make_bots, games, 11, 0, quiet).unwrap();
    assert_eq!(summary.games, games);
    for agent in &summary.agents {
        assert_eq!(agent.games(), games, "{summary}");
        assert!(agent.score_interval().contains(agent.score()), "{summary}");
    }
    println!("{}: {summary}", game.name());
    summary
}

#[test]
fn mcts_beats_random_at_tictactoe() {
    let s = measure(&TicTacToe, || vec![mcts(300), random()], 40);
    assert_eq!(s.agents[0].losses, 0, "{s}");
    assert!(s.agents[0].score() > 0.8, "{s}");
}

#[test]
fn mcts_beats_random_at_pig() {
    let s = measure(&Pig, || vec![mcts(300), random()], 100);
    assert!(s.agents[0].score_interval().low > 0.6, "{s}");
}

#[test]
fn mcts_beats_random_at_cards() {
    let s = measure(&Cards, || vec![mcts(300), random()], 100);
    assert!(s.agents[0].score_interval().low > 0.55, "{s}");
}

#[test]
fn mcts_beats_random_from_every_seat_of_claims() {
    for seats in [3, 4] {
        let game = Claims::new(seats, vec![6, 5, 4, 4, 3, 3, 2, 1, 1, 1, 1, 1]);
        let s = measure(
            &game,
            || {
                let mut bots = vec![mcts(200)];
                bots.extend((1..seats).map(|_| random()));
                bots
            },
            12 * seats,
        );
        assert!(s.agents[0].score_interval().low > 0.6, "{s}");
        assert!(s.agents[0].average_place() < 1.5, "{s}");
    }
}

#[test]
fn a_higher_level_beats_a_lower_one() {
    let s = measure(&TicTacToe, || vec![bot_for_level(3), bot_for_level(1)], 30);
    assert!(s.agents[0].score() > 0.6, "{s}");
    assert_eq!(s.agents[0].losses, 0, "{s}");
}

#[test]
fn results_do_not_depend_on_threads() {
    let make = || vec![mcts::<Cards>(100), random()];
    let one = run_match(&Cards, make, 12, 5, 1, quiet).unwrap();
    assert_eq!(one, run_match(&Cards, make, 12, 5, 2, quiet).unwrap());
    assert_ne!(
        one,
        run_match(&Cards, make, 12, 6, 2, quiet).unwrap(),
        "the seed matters"
    );
}

/// `n` starts, each a new game and a seed.
fn starts<G: Game>(n: u64) -> Vec<(u64, Option<G::State>)> {
    (0..n).map(|k| (rng::sub_seed(3, k), None)).collect()
}

#[test]
fn a_sequential_test_decides_at_the_same_game_on_any_number_of_threads() {
    let sprt = Sprt {
        elo0: 0.0,
        elo1: 100.0,
        alpha: 0.05,
        beta: 0.05,
    };
    let stop = |scores: &[f64]| {
        scores.len().is_multiple_of(2)
            && sprt.verdict(&Pentanomial::from_games(scores)) != SprtVerdict::Continue
    };
    let schedule = paired_schedule::<TicTacToe>(&starts::<TicTacToe>(500), 2);
    let strong = || vec![mcts::<TicTacToe>(300), random()];
    let one = run_schedule(&TicTacToe, strong, &schedule, 1, quiet, stop).unwrap();
    assert_eq!(sprt.verdict(&one.pentanomial()), SprtVerdict::H1, "{one}");
    assert!(
        one.games < 40,
        "a clearly stronger agent is proved quickly: {one}"
    );
    assert_eq!(
        one,
        run_schedule(&TicTacToe, strong, &schedule, 2, quiet, stop).unwrap()
    );
    // Equal agents: "100 Elo better" is rejected, with a game of chance in between.
    let schedule = paired_schedule::<Pig>(&starts::<Pig>(500), 2);
    let equal = run_schedule(&Pig, || vec![random(), random()], &schedule, 2, quiet, stop);
    let equal = equal.unwrap();
    assert_eq!(
        sprt.verdict(&equal.pentanomial()),
        SprtVerdict::H0,
        "{equal}"
    );
    assert!(equal.games < schedule.len(), "{equal}");
}

#[test]
fn paired_games_swap_the_seats_on_one_start() {
    let schedule = paired_schedule::<Cards>(&starts::<Cards>(3), 2);
    let rotations: Vec<usize> = schedule.iter().map(|g| g.rotation).collect();
    assert_eq!(rotations, [0, 1, 0, 1, 0, 1]);
    assert_eq!(schedule[0].seed, schedule[1].seed);
    assert_ne!(schedule[1].seed, schedule[2].seed);
    let s = run_schedule(
        &Cards,
        || vec![random(), random()],
        &schedule,
        1,
        quiet,
        |_| false,
    )
    .unwrap();
    assert_eq!(
        (s.games, s.scores.len(), s.pentanomial().pairs()),
        (6, 6, 3)
    );
}

#[test]
fn progress_counts_every_game() {
    let calls = std::sync::Mutex::new(Vec::new());
    run_match(
        &TicTacToe,
        || vec![random(), random()],
        9,
        1,
        2,
        |n, _, _| calls.lock().unwrap().push(n),
    )
    .unwrap();
    let mut calls = calls.into_inner().unwrap();
    calls.sort_unstable();
    assert_eq!(calls, (1..=9).collect::<Vec<_>>());
}

/// Always claims the centre, legal or not.
#[derive(Debug)]
struct Centre;

impl Bot<TicTacToe> for Centre {
    fn name(&self) -> String {
        "centre".to_owned()
    }

    fn choose(&mut self, _: &TicTacToe, _: &[u8; 9], _: Seat, _: &mut dyn RngCore) -> Option<u8> {
        Some(4)
    }
}

#[test]
fn an_illegal_action_is_an_error() {
    let bots: Vec<Box<dyn Bot<TicTacToe>>> = vec![Box::new(Centre), Box::new(Centre)];
    match play_game(&TicTacToe, bots, 1) {
        Err(MatchError::Illegal {
            bot,
            seat,
            ply,
            source,
        }) => {
            assert_eq!((bot.as_str(), seat, ply), ("centre", Seat(1), 1));
            assert_eq!(source.action, "4");
        }
        other => panic!("{other:?}"),
    }
    let err = run_match(
        &TicTacToe,
        || vec![random(), Box::new(Centre)],
        4,
        1,
        1,
        quiet,
    );
    assert!(
        matches!(err, Err(MatchError::InMatch { game: 0, .. })),
        "{err:?}"
    );
    let one: Vec<Box<dyn Bot<TicTacToe>>> = vec![random()];
    let err = play_game(&TicTacToe, one, 1);
    assert_eq!(
        err.unwrap_err(),
        MatchError::WrongBotCount { bots: 1, seats: 2 }
    );
}

/// Gives up at once.
#[derive(Debug)]
struct Quitter;

impl Bot<TicTacToe> for Quitter {
    fn name(&self) -> String {
        "quitter".to_owned()
    }

    fn choose(&mut self, _: &TicTacToe, _: &[u8; 9], _: Seat, _: &mut dyn RngCore) -> Option<u8> {
        None
    }
}

#[test]
fn giving_up_places_last() {
    let bots: Vec<Box<dyn Bot<TicTacToe>>> = vec![random(), Box::new(Quitter)];
    let record = play_game(&TicTacToe, bots, 3).unwrap();
    assert_eq!(
        record.ending,
        Ending {
            reason: EndReason::Resign,
            seat: Some(Seat(1))
        }
    );
    assert_eq!(record.outcome.winner(), Some(Seat(0)));
    assert_eq!((record.plies, record.actions.len()), (1, 1));
}

/// Records what it is told.
#[derive(Debug, Default)]
struct Listener {
    heard: std::sync::Arc<std::sync::Mutex<Vec<Option<Card>>>>,
}

impl Bot<Cards> for Listener {
    fn name(&self) -> String {
        "listener".to_owned()
    }

    fn choose(
        &mut self,
        game: &Cards,
        view: &<Cards as Game>::View,
        seat: Seat,
        rng: &mut dyn RngCore,
    ) -> Option<Card> {
        RandomBot.choose(game, view, seat, rng)
    }

    fn inform(&mut self, _: &Cards, action: Option<&Card>) {
        self.heard.lock().unwrap().push(action.copied());
    }
}

#[test]
fn bots_hear_only_the_deals_they_can_see() {
    let first = Listener::default();
    let heard = first.heard.clone();
    let bots: Vec<Box<dyn Bot<Cards>>> = vec![Box::new(first), Box::new(Listener::default())];
    let record = play_game(&Cards, bots, 9).unwrap();
    let heard = heard.lock().unwrap();
    assert_eq!(heard.len(), record.actions.len());
    // Seat 1 is dealt the 1st, 3rd and 5th card and sees them; the others are hidden.
    for (i, (told, action)) in heard.iter().zip(&record.actions).enumerate() {
        let expected = match action {
            Card::Deal(_) if i % 2 == 1 => None,
            _ => Some(*action),
        };
        assert_eq!(*told, expected, "action {i}");
    }
}
