//! MCTS: finds wins and defences, plays for its own seat, never reads hidden state, and
//! chooses the same on any number of threads.

use std::time::Duration;

use trio_ai::{bot_for_level, MctsBot, MctsConfig, SearchLimit};
use trio_core::{rng, Bot, Game, Seat};

use crate::toys::{Card, Cards, Claims, Guess, GuessAction, Pig, PigAction, TicTacToe};

fn bot<G: Game>(iterations: u32) -> MctsBot<G> {
    MctsBot::new(MctsConfig::new(SearchLimit::Iterations(iterations)))
}

/// What a fresh bot of `iterations` plays for `seat` in `position`, with seed 7.
fn choice<G: Game>(game: &G, position: &str, seat: Seat, iterations: u32) -> G::Action {
    let state = game.parse_position(position).unwrap();
    let view = game.view(&state, seat);
    bot::<G>(iterations)
        .choose(game, &view, seat, &mut rng::seeded(7))
        .unwrap()
}

#[test]
fn takes_a_win() {
    // x x .
    // o o .      x to move wins at 2 (o threatens 5)
    // . . .
    assert_eq!(choice(&TicTacToe, "xx.oo....", Seat(0), 1_000), 2);
}

#[test]
fn blocks_a_win() {
    // x . .
    // o o .      x to move, no win of its own: must block at 5
    // x . .
    assert_eq!(choice(&TicTacToe, "x..oo.x..", Seat(0), 1_000), 5);
    // x x .
    // . o .      o to move must block at 2
    // . . .
    assert_eq!(choice(&TicTacToe, "xx..o....", Seat(1), 1_000), 2);
}

#[test]
fn rolls_when_one_more_roll_nearly_surely_wins() {
    // Banked 20 each, 4 this turn: any roll but a 1 reaches 25; holding at 24 hands the
    // opponent a turn needing 5.
    assert_eq!(
        choice(&Pig, "20 20 4 1 decide", Seat(0), 1_000),
        PigAction::Roll
    );
}

#[test]
fn keeps_the_branches_of_a_roll_apart() {
    // Betting is a sure win for a player who sees the roll before calling: the tree must
    // keep each face's call apart. Averaged over the faces a call wins one time in three,
    // worse than the draw of playing safe. (The value found stays below 1 because of the
    // visits spent exploring wrong calls.)
    let state = Guess.new_game();
    let mut bot = bot::<Guess>(300);
    let action = bot.choose(&Guess, &state, Seat(0), &mut rng::seeded(2));
    assert_eq!(action, Some(GuessAction::Bet));
    let value = bot.last_search().unwrap().value;
    assert!(value > 0.75, "{value}");
    assert_eq!(choice(&Guess, "bet 2", Seat(0), 100), GuessAction::Call(2));
}

#[test]
fn every_seat_plays_for_itself() {
    // Values 10 5 0 0 1 6; seats 1, 2, 3 took items 0–3 (totals 10, 5, 0). Seat 2 chooses
    // between 1 and 6, seat 3 gets the other. Taking the 6 makes seat 2 first; taking the
    // 1 would make seat 1 first, which a tree scoring every node for seat 1 would prefer.
    let game = Claims::new(3, vec![10, 5, 0, 0, 1, 6]);
    assert_eq!(choice(&game, "1231..", Seat(1), 300), 5);
    // Values 2 3 3 2 3 1 6; totals 4, 6, 3 and seat 3 to choose between 1 and 6: the 6
    // puts it first, the 1 last and seat 1 first.
    let game = Claims::new(3, vec![2, 3, 3, 2, 3, 1, 6]);
    assert_eq!(choice(&game, "12312..", Seat(2), 300), 6);
}

#[test]
fn never_reads_hidden_cards() {
    // Seat 1 holds 2 5 9 J K and leads. Its opponent holds 1 4 7 T Q in one state and
    // 3 4 6 7 8 in the other: a different game, the same view, so the same choice.
    let game = Cards;
    let real = game.parse_position("259JK/147TQ 368 - 1 0-0").unwrap();
    let poisoned = game.parse_position("259JK/34678 1TQ - 1 0-0").unwrap();
    assert_eq!(game.view(&real, Seat(0)), game.view(&poisoned, Seat(0)));
    assert_ne!(game.view(&real, Seat(1)), game.view(&poisoned, Seat(1)));
    for seed in 0..4 {
        let choose = |state| {
            let view = game.view(state, Seat(0));
            bot::<Cards>(400)
                .choose(&game, &view, Seat(0), &mut rng::seeded(seed))
                .unwrap()
        };
        let action = choose(&real);
        assert!(
            matches!(action, Card::Play(2 | 5 | 9 | 11 | 13)),
            "{action:?}"
        );
        assert_eq!(action, choose(&poisoned), "seed {seed}");
    }
}

#[test]
fn same_seed_same_choice_on_one_or_two_threads() {
    let game = Cards;
    let state = game.parse_position("259JK/147TQ 368 - 1 0-0").unwrap();
    let view = game.view(&state, Seat(0));
    let search = |threads: usize, seed: u64| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut bot = bot::<Cards>(500);
            let action = bot
                .choose(&game, &view, Seat(0), &mut rng::seeded(seed))
                .unwrap();
            (action, bot.last_search().cloned().unwrap())
        })
    };
    for seed in 0..3 {
        let one = search(1, seed);
        assert_eq!(one, search(2, seed), "seed {seed}");
        assert_eq!(one.1.iterations, 500);
    }
}

#[test]
fn a_forced_move_needs_no_search() {
    // x o x
    // x o o      x to move, and only cell 6 is free
    // . x o
    let game = TicTacToe;
    let board = game.parse_position("xoxxoo.xo").unwrap();
    let mut bot = bot::<TicTacToe>(1_000);
    assert_eq!(
        bot.choose(&game, &board, Seat(0), &mut rng::seeded(1)),
        Some(6)
    );
    assert!(bot.last_search().is_none());
}

#[test]
fn a_time_limit_stops_the_search() {
    let mut bot = MctsBot::<Pig>::new(MctsConfig::new(SearchLimit::Time(Duration::from_millis(
        30,
    ))));
    assert_eq!(Bot::<Pig>::name(&bot), "mcts:30ms");
    let state = Pig.parse_position("3 10 8 1 decide").unwrap();
    assert!(bot
        .choose(&Pig, &state, Seat(0), &mut rng::seeded(3))
        .is_some());
    assert!(bot.last_search().unwrap().iterations >= 1);
}

#[test]
fn levels_are_named_by_budget() {
    assert_eq!(bot_for_level::<TicTacToe>(1).name(), "mcts:24");
    assert_eq!(bot_for_level::<TicTacToe>(5).name(), "mcts:25000");
}

#[test]
fn rollouts_score_the_end_or_stop_at_the_cap() {
    use trio_ai::{Evaluator, RandomRollout, NEUTRAL_REWARD};
    let mut rng = rng::seeded(5);
    let mut rewards = [0.0; 2];
    // Seat 2 has banked the target: the game is over whatever the cap.
    let mut over = Pig.parse_position("10 25 0 1 roll").unwrap();
    RandomRollout::<Pig>::new(0).evaluate(&Pig, &mut over, &mut rng, &mut rewards);
    assert_eq!(rewards, [0.0, 1.0]);

    let start = Pig.parse_position("10 5 0 1 roll").unwrap();
    RandomRollout::<Pig>::new(0).evaluate(&Pig, &mut start.clone(), &mut rng, &mut rewards);
    assert_eq!(rewards, [NEUTRAL_REWARD; 2]);

    let lead = |_: &Pig, s: &<Pig as Game>::State, seat: Seat| {
        f64::from(s.banked[seat.index()]) / f64::from(s.banked[0] + s.banked[1])
    };
    let mut cut = RandomRollout::<Pig>::new(0).with_heuristic(lead);
    cut.evaluate(&Pig, &mut start.clone(), &mut rng, &mut rewards);
    assert_eq!(rewards, [10.0 / 15.0, 5.0 / 15.0]);

    let mut state = start;
    RandomRollout::<Pig>::new(10_000).evaluate(&Pig, &mut state, &mut rng, &mut rewards);
    assert!(Pig.outcome(&state).is_some(), "played to the end");
    assert!(
        rewards == [1.0, 0.0] || rewards == [0.0, 1.0],
        "{rewards:?}"
    );
}
