//! The referee on Race (tests/common): seeded chance whoever sits, what each seat is told,
//! the checks on actions from outside, undo, and records that replay.

mod common;

use std::sync::{Arc, Mutex};

use common::{Action, Race};
use rand::RngCore;
use trio_core::{
    Bot, Change, EndReason, Ending, Forfeit, PlayError, Record, Referee, ReplayError, Seat, Step,
    Turn,
};

const GAME: Race = Race::CORRECT;

/// What a [`Scribe`] was told, in order.
type Told = Arc<Mutex<Vec<Option<Action>>>>;

/// Plays a fixed addition and writes down what it is told.
#[derive(Debug)]
struct Scribe {
    add: u8,
    told: Told,
}

impl Scribe {
    fn boxed(add: u8) -> (Box<dyn Bot<Race>>, Told) {
        let told = Arc::new(Mutex::new(Vec::new()));
        let bot = Self {
            add,
            told: Arc::clone(&told),
        };
        (Box::new(bot), told)
    }
}

impl Bot<Race> for Scribe {
    fn name(&self) -> String {
        format!("scribe:{}", self.add)
    }
    fn choose(
        &mut self,
        _: &Race,
        _: &common::State,
        _: Seat,
        _: &mut dyn RngCore,
    ) -> Option<Action> {
        Some(Action::Add(self.add))
    }
    fn inform(&mut self, _: &Race, action: Option<&Action>) {
        self.told.lock().unwrap().push(action.cloned());
    }
    fn reset(&mut self) {
        self.told.lock().unwrap().clear();
    }
}

fn bots(referee: &mut Referee<Race>, adds: [u8; 2]) {
    for (s, add) in adds.into_iter().enumerate() {
        referee
            .set_bot(Seat(s as u8), Some(Scribe::boxed(add).0))
            .unwrap();
    }
}

fn chance_outcomes(referee: &Referee<Race>) -> Vec<String> {
    referee
        .history()
        .iter()
        .filter(|e| e.by.is_none())
        .map(|e| e.notation.clone())
        .collect()
}

#[test]
fn the_same_seed_deals_the_same_whoever_sits() {
    for seed in 0..20 {
        let mut by_bots = Referee::new(GAME, seed);
        bots(&mut by_bots, [1, 1]);
        assert_eq!(by_bots.run(), Ok(Step::Over));

        // The same decisions typed in from outside meet the same dice.
        let mut by_hand = Referee::new(GAME, seed);
        while let Step::Await(seat) = by_hand.run().unwrap() {
            by_hand.submit_text(seat, "add 1", None).unwrap();
        }
        assert_eq!(chance_outcomes(&by_bots), chance_outcomes(&by_hand));
        assert_eq!(by_bots.outcome(), by_hand.outcome());

        // Other players change the coins that follow their moves, never the deal.
        let mut others = Referee::new(GAME, seed);
        bots(&mut others, [2, 2]);
        others.run().unwrap();
        assert_eq!(
            chance_outcomes(&others)[..2],
            chance_outcomes(&by_bots)[..2]
        );
    }
}

#[test]
fn a_hidden_deal_reaches_the_other_seat_as_hidden() {
    let mut referee = Referee::new(GAME, 3);
    let (first, told_first) = Scribe::boxed(1);
    let (second, told_second) = Scribe::boxed(1);
    referee.set_bot(Seat(0), Some(first)).unwrap();
    referee.set_bot(Seat(1), Some(second)).unwrap();
    referee.step().unwrap(); // seat 1's card
    referee.step().unwrap(); // seat 2's card
    let deals: Vec<Action> = referee.history().iter().map(|e| e.action.clone()).collect();
    assert_eq!(
        *told_first.lock().unwrap(),
        vec![Some(deals[0].clone()), None]
    );
    assert_eq!(
        *told_second.lock().unwrap(),
        vec![None, Some(deals[1].clone())]
    );
    assert_eq!(referee.history_for(None), vec![None, None], "spectator");
    assert_eq!(referee.history_for(Some(Seat(0)))[1], None);
    // Coins are seen by all.
    referee.step().unwrap();
    referee.step().unwrap();
    assert!(referee.history_for(None)[3].is_some());
}

#[test]
fn actions_from_outside_are_checked_in_order() {
    let mut referee = Referee::new(GAME, 5);
    let Step::Await(mover) = referee.run().unwrap() else {
        panic!("a seat is to move after the deal")
    };
    assert_eq!(mover, Seat(0));
    let version = referee.version();
    assert_eq!(version, 2);
    let other = Seat(1);
    let err = referee
        .submit_text(other, "add 1", Some(version))
        .unwrap_err();
    assert_eq!(err.code(), "not-your-turn");
    let err = referee
        .submit_text(mover, "add 1", Some(version - 1))
        .unwrap_err();
    assert_eq!(err.code(), "stale-version");
    let err = referee
        .submit_text(mover, "add one", Some(version))
        .unwrap_err();
    assert_eq!(err.code(), "bad-notation");
    let err = referee
        .submit_text(mover, "add 3", Some(version))
        .unwrap_err();
    assert_eq!(err.code(), "illegal");
    assert_eq!(err.breach().unwrap().rule, "core.not-legal");
    let err = referee.submit_text(Seat(7), "add 1", None).unwrap_err();
    assert_eq!(err.code(), "no-such-seat");
    assert_eq!(referee.version(), version, "refusals change nothing");
    assert_eq!(referee.submit_text(mover, "add 2", Some(version)), Ok(3));
    assert_eq!(referee.turn(), Turn::Chance);
    referee.resign(other).unwrap();
    assert_eq!(referee.turn(), Turn::Over);
    assert_eq!(referee.outcome().unwrap().winner(), Some(mover));
    assert_eq!(
        referee.submit_text(mover, "add 1", None),
        Err(PlayError::GameOver)
    );
}

#[test]
fn undo_goes_back_to_the_seats_own_move_but_never_past_chance() {
    let mut referee = Referee::new(GAME, 9);
    let Step::Await(seat) = referee.run().unwrap() else {
        panic!("a seat is to move")
    };
    assert_eq!(referee.undo(seat).unwrap_err().code(), "no-undo");
    let before = referee.state().clone();
    referee.submit_text(seat, "add 2", None).unwrap();
    let version = referee.version();
    assert_eq!(referee.undo_depth(seat), Ok(1));
    assert_eq!(
        referee.undo(seat),
        Ok(version + 1),
        "the version still grows"
    );
    assert_eq!(referee.state(), &before);
    assert_eq!(referee.history().len(), 2);

    referee.submit_text(seat, "add 2", None).unwrap();
    referee.step().unwrap(); // the coin
    let err = referee.undo(seat).unwrap_err();
    assert!(err.to_string().contains("chance"), "{err}");
}

#[test]
fn undo_reteaches_the_bots_the_shortened_game() {
    let mut referee = Referee::new(GAME, 11);
    let (bot, told) = Scribe::boxed(1);
    referee.set_bot(Seat(1), Some(bot)).unwrap();
    referee.run().unwrap();
    referee.submit_text(Seat(0), "add 1", None).unwrap();
    assert_eq!(told.lock().unwrap().len(), 3);
    referee.undo(Seat(0)).unwrap();
    assert_eq!(
        told.lock().unwrap().len(),
        2,
        "the bot forgot the undone move"
    );
}

#[test]
fn the_log_has_one_change_per_version_each_seen_as_the_line_is() {
    let mut referee = Referee::new(GAME, 13);
    referee.run().unwrap(); // the two deals
    referee.submit_text(Seat(0), "add 2", None).unwrap();
    referee.undo(Seat(0)).unwrap();
    referee.resign(Seat(1)).unwrap();
    let log = referee.log();
    assert_eq!(log.len() as u64, referee.version());
    for (i, entry) in log.iter().enumerate() {
        assert_eq!(entry.version, i as u64 + 1);
    }
    let changes: Vec<_> = log.iter().map(|e| (e.by, e.change.clone())).collect();
    let deal = |i: usize| Change::Played(referee.history()[i].notation.clone());
    assert_eq!(
        changes,
        vec![
            (None, deal(0)),
            (None, deal(1)),
            (Some(Seat(0)), Change::Played("add 2".to_owned())),
            (Some(Seat(0)), Change::Undone(1)),
            (Some(Seat(1)), Change::Forfeited(Forfeit::Resign)),
        ]
    );
    // The deal of seat 0 is its own; everyone sees decisions, undos and resignations.
    assert!(log[0].action_for(Some(Seat(0))).is_some());
    assert_eq!(log[0].action_for(Some(Seat(1))), None);
    assert_eq!(log[0].action_for(None), None);
    assert_eq!(log[2].action_for(None), Some("add 2"));
    assert!(log[3..]
        .iter()
        .all(|e| e.seen_by(None) && e.action_for(None).is_none()));
}

#[test]
fn a_bot_thinks_away_from_the_referee_and_its_stale_choice_is_dropped() {
    let mut referee = Referee::new(GAME, 17);
    let (bot, _) = Scribe::boxed(2);
    referee.set_bot(Seat(1), Some(bot)).unwrap();
    referee.run().unwrap();
    referee.submit_text(Seat(0), "add 1", None).unwrap();
    while referee.turn() == Turn::Chance {
        referee.step().unwrap();
    }
    assert_eq!(referee.turn(), Turn::Seat(Seat(1)));
    let turn = std::thread::spawn({
        let turn = referee.begin_bot_turn().expect("the bot is to move");
        move || turn.think()
    });
    // Meanwhile the referee answers, and the seat waits for its bot.
    assert!(referee.is_bot(Seat(1)));
    assert_eq!(referee.bot_name(Seat(1)).as_deref(), Some("scribe:2"));
    assert!(referee.begin_bot_turn().is_none(), "one turn out at a time");
    assert_eq!(referee.step(), Ok(Step::Await(Seat(1))));
    let version = referee.version();
    let choice = turn.join().unwrap();
    assert!(matches!(
        referee.finish_bot_turn(choice),
        Ok(Some(Step::Played {
            by: Some(Seat(1)),
            ..
        }))
    ));
    assert_eq!(referee.version(), version + 1);
    assert_eq!(referee.history().last().unwrap().notation, "add 2");

    // A choice made while the game changed is dropped, and the bot relearns the game.
    let mut referee = Referee::new(GAME, 17);
    let (bot, told) = Scribe::boxed(2);
    referee.set_bot(Seat(1), Some(bot)).unwrap();
    referee.run().unwrap();
    referee.submit_text(Seat(0), "add 1", None).unwrap();
    referee.step().unwrap(); // the coin
    let turn = referee.begin_bot_turn().expect("the bot is to move");
    referee.resign(Seat(0)).unwrap();
    let version = referee.version();
    assert_eq!(referee.finish_bot_turn(turn.think()), Ok(None));
    assert_eq!(referee.version(), version, "nothing played");
    assert!(referee.is_bot(Seat(1)), "the bot has its seat back");
    assert_eq!(
        told.lock().unwrap().len(),
        referee.history().len(),
        "taught the game again"
    );
}
#[test]
fn records_replay_and_catch_what_does_not() {
    let mut referee = Referee::new(GAME, 21);
    bots(&mut referee, [1, 2]);
    referee.run().unwrap();
    let record = referee.record("race", vec!["scribe:1".into(), "scribe:2".into()]);
    let text = record.to_json();
    let read = Record::from_json(&text).unwrap();
    assert_eq!(read, record);
    let replayed = Referee::replay(GAME, &read).unwrap();
    assert_eq!(replayed.state(), referee.state());
    assert_eq!(replayed.outcome(), referee.outcome());

    // A decision the rules refuse.
    let mut bad = record.clone();
    let decision = bad
        .actions
        .iter()
        .position(|a| a.starts_with("add"))
        .unwrap();
    bad.actions[decision] = "add 3".into();
    let err = Referee::replay(GAME, &bad).unwrap_err();
    assert!(
        matches!(err, ReplayError::Action { number, .. } if number == decision + 1),
        "{err}"
    );

    // A chance outcome the seed does not draw.
    let mut forged = record.clone();
    forged.actions[0] = if forged.actions[0] == "deal 0" {
        "deal 1"
    } else {
        "deal 0"
    }
    .into();
    let err = Referee::replay(GAME, &forged).unwrap_err();
    assert!(err.to_string().contains("seed 21 draws"), "{err}");

    // A result that is not what the actions lead to.
    let mut wrong = record.clone();
    wrong.result.as_mut().unwrap().ranks.reverse();
    assert!(matches!(
        Referee::replay(GAME, &wrong),
        Err(ReplayError::Result { .. })
    ));

    // A resignation replays as one.
    let mut quitter = Referee::new(GAME, 4);
    quitter.run().unwrap();
    quitter.resign(Seat(0)).unwrap();
    let record = quitter.record("race", vec!["human".into(), "human".into()]);
    let replayed = Referee::replay(GAME, &record).unwrap();
    let resigned = Ending {
        reason: EndReason::Resign,
        seat: Some(Seat(0)),
    };
    assert_eq!(replayed.ending(), Some(resigned));

    assert!(Record::from_json("{}").is_err());
}

#[test]
fn every_way_a_game_ends_is_recorded_with_its_reason_and_replays() {
    let finished = |referee: &Referee<_>| referee.record("race", vec!["human".into(); 2]);
    for forfeit in [
        Forfeit::Resign,
        Forfeit::Time,
        Forfeit::Absence,
        Forfeit::Expiry,
    ] {
        let mut referee = Referee::new(GAME, 4);
        referee.run().unwrap();
        referee.forfeit(Seat(1), forfeit).unwrap();
        assert_eq!(referee.turn(), Turn::Over);
        assert_eq!(referee.outcome().unwrap().ranks(), &[0, 1]);
        let record = finished(&referee);
        let result = record.result.clone().unwrap();
        assert_eq!(result.reason, EndReason::from(forfeit));
        assert_eq!(result.seat, Some(1));
        // Through its text too, as `trio verify` reads it.
        let read = Record::from_json(&record.to_json()).unwrap();
        let replayed = Referee::replay(GAME, &read).unwrap();
        assert_eq!(replayed.ending(), referee.ending());
        // A loss on time is not a resignation, nor the other way round.
        let mut other = record.clone();
        let swapped = if forfeit == Forfeit::Resign {
            EndReason::Time
        } else {
            EndReason::Resign
        };
        other.result.as_mut().unwrap().reason = swapped;
        let replayed = Referee::replay(GAME, &other).unwrap();
        assert_ne!(replayed.ending(), referee.ending());
    }

    // An abort: over, with no ranking, rated for no one; recorded and replayed as such.
    let mut referee = Referee::new(GAME, 4);
    referee.run().unwrap();
    referee.abort(Some(Seat(0))).unwrap();
    assert_eq!(referee.turn(), Turn::Over);
    assert_eq!(referee.outcome(), None);
    assert_eq!(referee.resign(Seat(1)), Err(PlayError::GameOver));
    let record = finished(&referee);
    assert!(record.to_json().contains("\"reason\": \"abort\""));
    let replayed = Referee::replay(GAME, &record).unwrap();
    assert_eq!(replayed.ending(), referee.ending());
    assert_eq!(replayed.log().last().unwrap().change, Change::Aborted);

    // A draw agreed to: every seat shares first place; recorded and replayed as such, and
    // a record that says so with no seat that accepted cannot be what happened.
    let mut referee = Referee::new(GAME, 4);
    referee.run().unwrap();
    referee.agree_draw(Seat(1)).unwrap();
    assert_eq!(referee.turn(), Turn::Over);
    assert!(referee.outcome().unwrap().is_draw());
    let record = finished(&referee);
    assert!(record.to_json().contains("\"reason\": \"agreement\""));
    let replayed = Referee::replay(GAME, &record).unwrap();
    assert_eq!(replayed.ending(), referee.ending());
    assert_eq!(replayed.log().last().unwrap().change, Change::Drawn);
    let mut nobody = record.clone();
    nobody.result.as_mut().unwrap().seat = None;
    assert!(Referee::replay(GAME, &nobody).is_err());

    // The rules' own end names no seat.
    let mut referee = Referee::new(GAME, 4);
    bots(&mut referee, [1, 2]);
    assert_eq!(referee.run(), Ok(Step::Over));
    let ruled = Ending {
        reason: EndReason::Rules,
        seat: None,
    };
    assert_eq!(referee.ending(), Some(ruled));
    let replayed = Referee::replay(GAME, &finished(&referee)).unwrap();
    assert_eq!(replayed.ending(), Some(ruled));
}

#[test]
fn a_format_1_result_reads_as_a_resignation_or_the_rules_end() {
    let read = |result: &str| {
        let text = format!(
            r#"{{"format":1,"game":"race","seed":4,"seats":["human","human"],"actions":[],"result":{result}}}"#
        );
        Record::from_json(&text).unwrap().result.unwrap()
    };
    let resigned = read(r#"{"ranks":[1,0],"resigned":0}"#);
    assert_eq!(
        (resigned.reason, resigned.seat),
        (EndReason::Resign, Some(0))
    );
    let ruled = read(r#"{"ranks":[0,1]}"#);
    assert_eq!((ruled.reason, ruled.seat), (EndReason::Rules, None));
    // Written again, a result names its reason, not `resigned`.
    let json = serde_json::to_string(&resigned).unwrap();
    assert_eq!(json, r#"{"ranks":[1,0],"reason":"resign","seat":0}"#);
}

#[test]
fn a_bot_that_breaks_the_rules_is_reported() {
    let mut referee = Referee::new(GAME, 1);
    referee.set_bot(Seat(0), Some(Scribe::boxed(3).0)).unwrap();
    let err = referee.run().unwrap_err();
    assert_eq!(err.seat, Seat(0));
    assert_eq!(err.bot, "scribe:3");
}

#[test]
fn the_golden_playthrough_of_race_is_unchanged() {
    let text = trio_core::golden::playthrough(&GAME, None, 7, usize::MAX);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/race.jsonl");
    trio_core::golden::check(path, &text);
    // The spectator never sees a card; each seat sees its own.
    let first = text.lines().nth(2).unwrap();
    assert!(first.contains(r#""spectator":{"cards":[9,9]"#), "{first}");
}
