//! The Gygès alpha-beta engine on hand-checked positions: winning at once, a forced win in
//! two, stopping an exit, the ply limit, repetitions of the game, determinism, both
//! variants, and the bot in a game.
//! Each position is also checked by brute force with the move generator, so the test
//! does not only trust the engine.

use trio_ai::gyges::{
    is_decisive, loss_in, win_in, GygesEngine, SearchLimit, SearchParams, SearchResult,
};
use trio_ai::{play_game, AlphaBetaBot, RandomBot};
use trio_core::{Bot, Game, Outcome, Seat};
use trio_gyges::{generate_moves, has_goal_move, Gyges, Move, MoveList, Position, State, Variant};

fn pos(text: &str) -> Position {
    text.parse().expect("a valid position")
}

fn moves(pos: &Position, variant: Variant) -> MoveList {
    let mut list = MoveList::new();
    generate_moves(pos, variant, &mut list);
    list
}

/// The moves after which the opponent cannot leave the board at once.
fn safe_moves(pos: &Position, variant: Variant) -> Vec<Move> {
    moves(pos, variant)
        .into_iter()
        .filter(|&m| !has_goal_move(&pos.make_move(m), variant))
        .collect()
}

#[test]
fn takes_a_win_in_one() {
    //  6  . . 3 . . .
    //  5  . 1 2 . 3 .
    //  4  . . 1 . 2 .
    //  3  3 . . . . 2
    //  2  . 1 . 2 . .
    //  1  . . 3 . . 1   South to move: the 3 on c1 bounces up the board and can
    //                   leave across rank 6.
    let p = pos("..3.../.12.3./..1.2./3....2/.1.2../..3..1 S");
    for variant in [Variant::Seed, Variant::Official] {
        let r = GygesEngine::new(variant)
            .search_position(&p, SearchLimit::depth(4))
            .unwrap();
        assert!(matches!(r.best, Move::Goal { .. }), "{}", r.best);
        assert_eq!(r.score, win_in(1));
    }
}

#[test]
fn finds_a_forced_win_in_two() {
    //  6  1 . . . . 3   North to move (active row 6).
    //  5  . 2 2 . . .
    //  4  1 . . 3 3 2
    //  3  . 1 2 . 3 .
    //  2  1 . . . . .
    //  1  . . . . . .
    let p = pos("1....3/.22.../1..332/.12.3./1...../...... N");
    let v = Variant::Seed;
    assert!(!has_goal_move(&p, v), "not a win in one");
    let r = GygesEngine::new(v)
        .search_position(&p, SearchLimit::depth(3))
        .unwrap();
    assert_eq!(r.score, win_in(3), "{r:?}");
    // Brute force: after the engine's move every South reply lets North leave the board.
    let after = p.make_move(r.best);
    assert!(!has_goal_move(&after, v));
    for reply in moves(&after, v) {
        assert!(
            has_goal_move(&after.make_move(reply), v),
            "{} {reply} holds",
            r.best
        );
    }
    // The line ends with the reply after which North can leave; the exit itself is not listed.
    assert_eq!(r.pv.len(), 2, "{:?}", r.pv);
}

#[test]
fn stops_an_exit_when_a_few_moves_do() {
    //  6  1 . . . . 3
    //  5  2 . 2 . . .
    //  4  . 3 . 1 . .
    //  3  . . . . . .
    //  2  . . 2 1 2 3
    //  1  1 . . . . 3   South to move; North threatens to leave across rank 1.
    let p = pos("1....3/2.2.../.3.1../....../..2123/1....3 S");
    let v = Variant::Seed;
    let safe = safe_moves(&p, v);
    assert!(
        !safe.is_empty() && safe.len() < moves(&p, v).len() / 10,
        "{}",
        safe.len()
    );
    for limit in [
        SearchLimit::depth(1),
        SearchLimit::depth(3),
        SearchLimit::nodes(2_000),
    ] {
        let r = GygesEngine::new(v).search_position(&p, limit).unwrap();
        assert!(safe.contains(&r.best), "{} is not one of {safe:?}", r.best);
    }
}

#[test]
fn plays_the_only_move_that_does_not_lose_at_once() {
    //  6  . . . . . .
    //  5  2 1 . 1 . .
    //  4  . 3 2 2 . 3
    //  3  . 2 . . 3 .
    //  2  . . 1 . . 3
    //  1  . . 1 . . .   South to move: one move stops North's exit, and it only delays
    //                   the loss.
    let p = pos("....../21.1../.322.3/.2..3./..1..3/..1... S");
    let v = Variant::Seed;
    let safe = safe_moves(&p, v);
    assert_eq!(safe.len(), 1);
    let r = GygesEngine::new(v)
        .search_position(&p, SearchLimit::depth(3))
        .unwrap();
    assert_eq!(r.best, safe[0]);
    assert_eq!(r.score, loss_in(4));
}

#[test]
fn the_forced_line_extension_sees_an_exit_sequence_sooner() {
    //  6  . . . 3 . .   North to move (active row 6: the 3 on d6 alone), official
    //  5  . . 2 . . .   variant. South wins in 8 plies whatever North does: South's
    //  4  . . . . 3 .   answers threaten exits that leave North few safe moves
    //  3  1 . . 3 . .   each, a chain the plain search sees only at depth 6.
    //  2  . 2 2 1 2 3
    //  1  . 1 . . . 1
    let p = pos("...3../..2.../....3./1..3../.22123/.1...1 N");
    let v = Variant::Official;
    let search = |forced_extension, depth| {
        let params = SearchParams {
            forced_extension,
            ..SearchParams::TUNED
        };
        GygesEngine::new(v)
            .with_params(params)
            .search_position(&p, SearchLimit::depth(depth))
            .unwrap()
    };
    // The plain search: not at depth 4, lost in 8 at depth 6 (the check of the loss).
    let shallow = search(None, 4);
    assert!(!is_decisive(shallow.score), "{shallow:?}");
    assert_eq!(search(None, 6).score, loss_in(8));
    // Extending the nodes left a few moves that do not lose at once: already at depth 3.
    assert_eq!(search(Some(64), 3).score, loss_in(8));
}

#[test]
fn the_same_search_gives_the_same_move_and_node_count() {
    let p = pos("132231/....../....../....../....../213312 S");
    for variant in [Variant::Seed, Variant::Official] {
        for limit in [SearchLimit::depth(2), SearchLimit::nodes(30_000)] {
            let a = GygesEngine::new(variant)
                .search_position(&p, limit)
                .unwrap();
            let b = GygesEngine::new(variant)
                .search_position(&p, limit)
                .unwrap();
            assert_eq!(a, b);
            if let Some(n) = limit.nodes {
                // The node budget is checked at every node, so it is kept to the node.
                assert!(a.nodes <= n, "{}", a.nodes);
            }
        }
    }
}

#[test]
fn plays_legal_moves_in_both_variants() {
    // The variants differ here: the official rule allows paths the seed's forbids.
    let p = pos("3..1.2/..2.../.1..3./2...1./..3..1/2..3.. N");
    for variant in [Variant::Seed, Variant::Official] {
        let r = GygesEngine::new(variant)
            .search_position(&p, SearchLimit::depth(2))
            .unwrap();
        assert!(
            moves(&p, variant).contains(&r.best),
            "{variant}: {}",
            r.best
        );
        assert_eq!(r.pv.first(), Some(&r.best));
    }
}

#[test]
fn a_threat_beyond_the_ply_limit_does_not_count() {
    // The position of `stops_an_exit_when_a_few_moves_do`: South is threatened, but with
    // one ply left before the limit every move ends the game in a draw.
    let p = pos("1....3/2.2.../.3.1../....../..2123/1....3 S");
    let state = State::new(p);
    let mut engine = GygesEngine::new(Variant::Seed);
    let open = engine
        .search(&Gyges::new(Variant::Seed), &state, SearchLimit::depth(3))
        .unwrap();
    assert!(open.score < 0, "{open:?}");
    let limited = Gyges::new(Variant::Seed).with_ply_limit(1);
    let r = engine
        .search(&limited, &state, SearchLimit::depth(3))
        .unwrap();
    assert_eq!(r.score, 0, "{r:?}");
}

#[test]
fn the_bot_beats_a_random_player() {
    let game = Gyges::new(Variant::Official);
    for seed in 0..2 {
        let mut bots: Vec<Box<dyn Bot<Gyges>>> = vec![
            Box::new(AlphaBetaBot::new(SearchLimit::depth(1))),
            Box::new(RandomBot),
        ];
        if seed == 1 {
            bots.reverse();
        }
        let engine_seat = Seat(seed as u8);
        let record = play_game(&game, bots, seed).unwrap();
        assert_eq!(record.outcome, Outcome::win(engine_seat, 2), "seed {seed}");
    }
    assert_eq!(
        AlphaBetaBot::new(SearchLimit::nodes(50_000)).name(),
        "alphabeta:50000n"
    );
    assert_eq!(
        AlphaBetaBot::new(SearchLimit::depth(6)).name(),
        "alphabeta:d6"
    );
}

#[test]
fn sets_up_at_once_whatever_the_budget() {
    // A depth-6 bot would never finish searching North's 90 setups as deep as a move.
    let game = Gyges::new(Variant::Official);
    let mut bot = AlphaBetaBot::new(SearchLimit::depth(6));
    let mut state = game.new_game();
    for seat in [Seat(0), Seat(1)] {
        let mv = bot
            .choose(&game, &state, seat, &mut trio_core::rng::seeded(5))
            .unwrap();
        assert!(matches!(mv, Move::Setup(_)), "{mv}");
        game.play(&mut state, &mv).unwrap();
    }
    assert!(!state.position().is_setup());
}

/// The fresh engine's choice in `p` (South to move), and its choice when the game began
/// in the position that choice leads to and came back to `p` (the moving 1 stepping back
/// and North's 1 on d5 stepping to c5 and back): playing the same move again would then
/// repeat the game's first position.
fn choices_without_and_with_a_repetition(p: &str) -> (SearchResult, SearchResult) {
    let p = pos(p);
    let game = Gyges::new(Variant::Seed);
    let limit = SearchLimit::depth(4);
    let fresh = GygesEngine::new(Variant::Seed)
        .search(&game, &State::new(p), limit)
        .unwrap();
    let Move::Step { from, to } = fresh.best else {
        panic!("{fresh:?} is not a step");
    };
    let mut state = State::new(p.make_move(fresh.best));
    for mv in [
        "d5-c5".parse().unwrap(),
        Move::Step { from: to, to: from },
        "c5-d5".parse().unwrap(),
    ] {
        game.play(&mut state, &mv).unwrap();
    }
    assert_eq!(state.position(), &p);
    let again = GygesEngine::new(Variant::Seed)
        .search(&game, &state, limit)
        .unwrap();
    (fresh, again)
}

#[test]
fn a_winning_engine_does_not_repeat_the_game_and_a_worse_off_one_does() {
    //  6  . . . . . .
    //  5  . . . 1 . .
    //  4  3 1 2 . 3 3
    //  3  1 2 . 2 2 3
    //  2  . . 1 . . .   South to move wins in 3 plies with c2-c3, in 5 with c2-b2.
    //  1  . . . . . .
    let (fresh, again) =
        choices_without_and_with_a_repetition("....../...1../312.33/12.223/..1.../...... S");
    assert_eq!(fresh.best, "c2-c3".parse().unwrap());
    assert_eq!(fresh.score, win_in(3));
    assert_eq!(again.best, "c2-b2".parse().unwrap());
    assert_eq!(again.score, win_in(5));

    //  6  . . . . . .
    //  5  . . . 1 . .
    //  4  2 3 2 1 3 2
    //  3  3 3 . . 2 1
    //  2  . . 1 . . .   South to move: c2-c3 keeps it ahead, every other move is no
    //  1  . . . . . .   better than a draw.
    let (fresh, again) =
        choices_without_and_with_a_repetition("....../...1../232132/33..21/..1.../...... S");
    assert_eq!(fresh.best, "c2-c3".parse().unwrap());
    assert!(fresh.score > 0, "{fresh:?}");
    assert_eq!(again.best, fresh.best, "a draw is better than the rest");
    assert_eq!(again.score, 0);
}
