//! The toy games keep the `Game` contract, so what the agents do with them is meaningful.

use trio_core::conformance::{random_games, Config};
use trio_core::{Game, Seat, Turn};

use crate::toys::flips::ROUNDS;
use crate::toys::{Cards, Claims, Flips, Guess, Pig, TicTacToe};

fn config() -> Config {
    Config {
        games: 40,
        ..Config::default()
    }
}

#[test]
fn tictactoe() {
    let report = random_games(&TicTacToe, &config(), |_, board| {
        let xs = board.iter().filter(|&&c| c == 1).count();
        let os = board.iter().filter(|&&c| c == 2).count();
        assert!(xs == os || xs == os + 1, "{board:?}");
    });
    assert!(report.wins.iter().all(|&w| w > 0), "{report:?}");
}

#[test]
fn flips() {
    let report = random_games(&Flips, &config(), |game, s| {
        assert_eq!(s.points[0] + s.points[1], s.round, "a point a round");
        assert!(s.round <= ROUNDS && (game.turn(s) == Turn::Over) == (s.round == ROUNDS));
    });
    assert!(report.wins.iter().all(|&w| w > 0), "{report:?}");
    assert_eq!(2 * report.chance_events, report.plies, "a flip a call");
}

#[test]
fn pig() {
    let report = random_games(&Pig, &config(), |game, s| {
        if game.turn(s) != Turn::Over {
            assert!(
                s.banked[usize::from(s.mover)] + s.total < 25,
                "reaching the target ends it"
            );
            assert!(
                s.rolling || s.total > 0,
                "a seat decides only after a good roll"
            );
        }
    });
    assert!(report.chance_events > report.plies / 3, "{report:?}");
}

#[test]
fn cards() {
    let report = random_games(&Cards, &config(), |game, s| {
        if game.turn(s) != Turn::Chance {
            let held = s.hands[0].count_ones() + s.hands[1].count_ones();
            let done = u32::from(s.tricks[0] + s.tricks[1]);
            assert_eq!(held + 2 * done + u32::from(s.table.is_some()), 10, "{s:?}");
        }
        if let Some(outcome) = game.outcome(s) {
            let winner = outcome.winner().expect("five tricks never tie");
            assert!(s.tricks[winner.index()] >= 3, "{s:?}");
        }
    });
    assert_eq!(report.chance_events, 10 * report.games);
}

#[test]
fn claims() {
    for seats in [3, 4] {
        let game = Claims::new(seats, vec![6, 5, 4, 4, 3, 3, 2, 1, 1, 1, 1, 1]);
        let report = random_games(&game, &config(), |game, owners| {
            if let Some(outcome) = game.outcome(owners) {
                let totals = game.totals(owners);
                let best = totals.iter().max().expect("seats");
                for (seat, total) in totals.iter().enumerate() {
                    assert_eq!(
                        outcome.rank(Seat(seat as u8)) == 0,
                        total == best,
                        "{owners:?}"
                    );
                }
            }
        });
        assert_eq!(report.plies, 12 * report.games);
    }
}

#[test]
fn guess() {
    let report = random_games(&Guess, &config(), |game, s| {
        if game.turn(s) == Turn::Over && s.bet == Some(true) {
            assert!(s.roll.is_some() && s.call.is_some(), "{s:?}");
        }
    });
    assert!(
        report.draws > 0 && report.wins[0] > 0 && report.wins[1] > 0,
        "{report:?}"
    );
}
