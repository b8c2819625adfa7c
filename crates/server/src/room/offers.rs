//! What each seat is offered: whether it may take back its last decisions, and whether it
//! may ask for a hint — never in a rated game, which counts as played. Synchronous, and
//! tested here without sockets or storage.

use trio_catalog::Live;
use trio_core::{PlayError, Seat, Turn};

use super::table::Table;
use crate::error::Refusal;

impl Table {
    /// Whether `seat` may take back its last decisions now: only its own moves and the
    /// AI's answers to them go back (a person's never do); the referee refuses chance and
    /// an answer that showed `seat` something hidden (`Referee::undo_depth`), and nothing
    /// goes back once the log holds [`Table::max_events`].
    pub(super) fn check_undo(
        &self,
        live: &dyn Live,
        seat: Seat,
        expect: Option<u64>,
    ) -> Result<(), Refusal> {
        if let Some(expected) = expect.filter(|&e| e != live.version()) {
            return Err(PlayError::Stale {
                expected,
                actual: live.version(),
            }
            .into());
        }
        if self.rated() {
            return Err(Refusal::RatedNoHelp {
                what: "taking moves back",
            });
        }
        if live.version() >= self.max_events {
            return Err(Refusal::TooManyEvents {
                max: self.max_events,
            });
        }
        let depth = live.undo_depth(seat)?;
        let line = live.history_seats();
        let another_person = line[line.len() - depth..]
            .iter()
            .any(|by| *by != Some(seat) && by.is_none_or(|s| self.is_person(s.0)));
        if another_person {
            return Err(PlayError::NoUndo(
                "another player has acted since (only your own moves and the AI's answers \
                 can be taken back)"
                    .to_owned(),
            )
            .into());
        }
        Ok(())
    }

    /// Whether a game against the AI alone, which hints are for: every seat but `seat` a
    /// bot.
    fn against_ai(&self, seat: u8) -> bool {
        (0..self.agents().len() as u8).all(|s| s == seat || !self.is_person(s))
    }

    /// The seat a hint is for: the viewer's, when it is to move against the AI alone.
    pub(super) fn hint_seat(&self, live: &dyn Live, viewer: Option<u8>) -> Result<Seat, Refusal> {
        let Some(seat) = viewer else {
            return Err(Refusal::NoToken {
                needed: "a hint is for a seat",
            });
        };
        if self.rated() {
            return Err(Refusal::RatedNoHelp { what: "a hint" });
        }
        if !self.against_ai(seat) {
            return Err(Refusal::NoHint);
        }
        match live.turn() {
            Turn::Seat(mover) if mover.0 == seat => Ok(mover),
            Turn::Over => Err(Refusal::Play(PlayError::GameOver)),
            _ => Err(Refusal::HintNotYourTurn),
        }
    }

    /// What the page may offer `viewer` now: undo, hint.
    pub(super) fn offers(&self, live: &dyn Live, viewer: Option<u8>) -> (bool, bool) {
        let Some(seat) = viewer.filter(|&s| self.is_person(s) && !self.waiting()) else {
            return (false, false);
        };
        let undo = live.turn() != Turn::Over && self.check_undo(live, Seat(seat), None).is_ok();
        (undo, self.hint_seat(live, viewer).is_ok())
    }
}

#[cfg(test)]
mod tests {
    use trio_catalog::Live;
    use trio_core::Seat;

    use crate::error::Refusal;
    use crate::room::table::tests::{row_of, seated};
    use crate::room::table::Table;

    #[test]
    fn undo_takes_back_the_ais_answer_but_never_a_persons_move() {
        let (table, mut live) = seated("gyges", &["human", "ai:1"]);
        let south = Seat(0);
        assert_eq!(table.offers(live.as_ref(), Some(0)), (false, true));
        let setup = live.legal_moves().actions[0].clone();
        live.submit(south, &setup, None).unwrap();
        live.run().unwrap(); // the AI's setup
        assert!(table.check_undo(live.as_ref(), south, None).is_ok());
        assert!(table.offers(live.as_ref(), Some(0)).0);
        let stale = table.check_undo(live.as_ref(), south, Some(0)).unwrap_err();
        assert_eq!(crate::error::ApiError::from(stale).code, "stale-version");
        assert_eq!(table.offers(live.as_ref(), None), (false, false));

        let (table, mut live) = table_of_people();
        let setup = live.legal_moves().actions[0].clone();
        live.submit(south, &setup, None).unwrap();
        let setup = live.legal_moves().actions[0].clone();
        live.submit(Seat(1), &setup, None).unwrap();
        let error = table.check_undo(live.as_ref(), south, None).unwrap_err();
        assert!(error.to_string().contains("another player"), "{error}");
        assert!(table.check_undo(live.as_ref(), Seat(1), None).is_ok());
    }

    /// Undo alone lengthens a game past its rules' own end: once the log holds the most
    /// events, nothing goes back and the page offers no undo; moves go on.
    #[test]
    fn nothing_is_taken_back_once_the_log_holds_the_most_events() {
        let (mut table, mut live) = seated("gyges", &["human", "ai:1"]);
        let south = Seat(0);
        let setup = live.legal_moves().actions[0].clone();
        live.submit(south, &setup, None).unwrap();
        live.run().unwrap();
        table.max_events = live.version() + 1;
        assert!(table.check_undo(live.as_ref(), south, None).is_ok());
        table.max_events = live.version();
        let refused = table.check_undo(live.as_ref(), south, None).unwrap_err();
        assert_eq!(
            refused,
            Refusal::TooManyEvents {
                max: live.version()
            }
        );
        assert!(!table.offers(live.as_ref(), Some(0)).0);
        let moved = live.legal_moves().actions[0].clone();
        live.submit(south, &moved, None).unwrap();
    }

    /// A rated game against an AI level, whose rating is fixed: a hint or a takeback
    /// there would be rating points taken, not earned.
    #[test]
    fn a_rated_game_offers_no_hint_and_no_undo() {
        let mut row = row_of("gyges", &["human", "ai:5"]);
        row.rated = true;
        let table = Table::from_row(&row).unwrap();
        let mut live = trio_catalog::game("gyges")
            .unwrap()
            .start(7, table.agents(), None)
            .unwrap();
        let south = Seat(0);
        let refused = table.hint_seat(live.as_ref(), Some(0)).unwrap_err();
        assert_eq!(refused, Refusal::RatedNoHelp { what: "a hint" });
        assert_eq!(crate::error::ApiError::from(refused).code, "rated-game");
        let setup = live.legal_moves().actions[0].clone();
        live.submit(south, &setup, None).unwrap();
        live.run().unwrap(); // the AI's setup
        let refused = table.check_undo(live.as_ref(), south, None).unwrap_err();
        assert!(matches!(refused, Refusal::RatedNoHelp { .. }), "{refused}");
        assert_eq!(table.offers(live.as_ref(), Some(0)), (false, false));
    }

    fn table_of_people() -> (Table, Box<dyn Live>) {
        seated("gyges", &["human", "human"])
    }

    #[test]
    fn hints_are_for_the_seat_to_move_against_the_ai_alone() {
        let (table, live) = table_of_people();
        assert_eq!(
            table.hint_seat(live.as_ref(), Some(0)),
            Err(Refusal::NoHint)
        );
        let (table, live) = seated("orbit(players=3)", &["ai:1", "human", "random"]);
        assert!(matches!(
            table.hint_seat(live.as_ref(), None),
            Err(Refusal::NoToken { .. })
        ));
        // Chance draws the order first.
        assert_eq!(
            table.hint_seat(live.as_ref(), Some(1)),
            Err(Refusal::HintNotYourTurn)
        );
    }
}
