//! What each seat is offered: whether it may take back its last decisions, ask for a
//! hint (never in a rated game, which counts as played), abort the game before every seat
//! has played or resign after, fill the open seats with the AI or ask for a rematch, so that the page keeps no rule of its own. Synchronous, and
//! tested here without sockets or storage.

use trio_catalog::Live;
use trio_core::{PlayError, Seat, Turn};

use super::agent::SeatAgent;
use super::table::Table;
use super::viewer::Viewer;
use crate::error::Refusal;
use crate::protocol::Offers;

/// Whether `seat` has made a decision in the game (a Gygès set-up counts).
pub(super) fn has_decided(live: &dyn Live, seat: Seat) -> bool {
    live.history_seats().contains(&Some(seat))
}

/// Whether the game may still be aborted: some seat has yet to make its first decision,
/// so that nothing a result could rest on was played (lichess' `Game.abortable`).
fn abortable(live: &dyn Live) -> bool {
    (0..live.seat_count()).any(|s| !has_decided(live, Seat(s as u8)))
}

impl Table {
    /// Whether `seat`'s person may abort the game now: while it goes on (or still waits for
    /// players) and some seat has made no decision yet. Rated for no one.
    pub(super) fn check_abort(&self, live: &dyn Live) -> Result<(), Refusal> {
        if live.turn() == Turn::Over || self.aborted() {
            return Err(Refusal::Play(PlayError::GameOver));
        }
        if !abortable(live) {
            return Err(Refusal::NotAbortable);
        }
        Ok(())
    }

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
            .any(|by| *by != Some(seat) && by.is_none_or(|s| self.is_person(s)));
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
    fn against_ai(&self, seat: Seat) -> bool {
        (0..self.agents().len() as u8)
            .map(Seat)
            .all(|s| s == seat || !self.is_person(s))
    }

    /// The seat a hint is for: the viewer's, when it is to move against the AI alone.
    pub(super) fn hint_seat(&self, live: &dyn Live, viewer: Viewer) -> Result<Seat, Refusal> {
        let Viewer::Seat(seat) = viewer else {
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
            Turn::Seat(mover) if mover == seat => Ok(mover),
            Turn::Over => Err(Refusal::Play(PlayError::GameOver)),
            _ => Err(Refusal::HintNotYourTurn),
        }
    }

    /// What the page may offer `viewer` now (see [`Offers`]); a spectator is offered
    /// nothing, nor is a person while the game waits, but to fill the open seats.
    pub(super) fn offers(&self, live: &dyn Live, viewer: Viewer) -> Offers {
        let Some(seat) = viewer.seat().filter(|&s| self.is_person(s)) else {
            return Offers::default();
        };
        let going_on = live.turn() != Turn::Over && !self.aborted();
        let abort = self.check_abort(live).is_ok();
        if self.waiting() {
            let seats = self.agents().len();
            return Offers {
                fill: going_on
                    && seats >= 3
                    && (0..seats).any(|s| self.player(s) == SeatAgent::Open),
                abort,
                ..Offers::default()
            };
        }
        Offers {
            undo: going_on && self.check_undo(live, seat, None).is_ok(),
            hint: self.hint_seat(live, viewer).is_ok(),
            against_ai: self.against_ai(seat),
            // A rated game's resignation before every seat has played would abort it.
            resign: going_on && !(abort && self.rated()),
            abort,
            fill: false,
            draw: going_on
                && !self.draw_offered_by(live, seat)
                && (self.draw_offered_to(live, seat).is_some()
                    || self.check_draw(live, seat).is_ok()),
            draw_offered: going_on && self.draw_offered_to(live, seat).is_some(),
            rematch: live.outcome().is_some() && self.rematch_offered(viewer),
        }
    }

    /// Whether `viewer` may ask for (or accept) a rematch of the game over: a person's seat
    /// that has not agreed yet, while no rematch is made. The snapshot asks it anew after
    /// each agreement, which changes no view.
    pub(super) fn rematch_offered(&self, viewer: Viewer) -> bool {
        let shown = self.rematch.shown();
        viewer
            .seat()
            .is_some_and(|s| self.is_person(s) && !shown.agreed[s.index()] && shown.game.is_none())
    }
}

#[cfg(test)]
mod tests {
    use trio_catalog::Live;
    use trio_core::Seat;

    use crate::error::Refusal;
    use crate::protocol::Offers;
    use crate::room::table::tests::{row_of, seated};
    use crate::room::table::Table;
    use crate::room::Viewer;

    #[test]
    fn undo_takes_back_the_ais_answer_but_never_a_persons_move() {
        let (table, mut live) = seated("gyges", &["human", "ai:1"]);
        let south = Seat(0);
        let offers = table.offers(live.as_ref(), Viewer::Seat(Seat(0)));
        assert_eq!((offers.undo, offers.hint), (false, true));
        let setup = live.legal_moves().actions[0].clone();
        live.submit(south, &setup, None).unwrap();
        live.run().unwrap(); // the AI's setup
        assert!(table.check_undo(live.as_ref(), south, None).is_ok());
        assert!(table.offers(live.as_ref(), Viewer::Seat(Seat(0))).undo);
        let stale = table.check_undo(live.as_ref(), south, Some(0)).unwrap_err();
        assert_eq!(crate::error::ApiError::from(stale).code, "stale-version");
        assert_eq!(
            table.offers(live.as_ref(), Viewer::Spectator),
            Offers::default()
        );

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
        assert!(!table.offers(live.as_ref(), Viewer::Seat(Seat(0))).undo);
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
        let refused = table
            .hint_seat(live.as_ref(), Viewer::Seat(Seat(0)))
            .unwrap_err();
        assert_eq!(refused, Refusal::RatedNoHelp { what: "a hint" });
        assert_eq!(crate::error::ApiError::from(refused).code, "rated-game");
        let setup = live.legal_moves().actions[0].clone();
        live.submit(south, &setup, None).unwrap();
        live.run().unwrap(); // the AI's setup
        let refused = table.check_undo(live.as_ref(), south, None).unwrap_err();
        assert!(matches!(refused, Refusal::RatedNoHelp { .. }), "{refused}");
        let offered = table.offers(live.as_ref(), Viewer::Seat(Seat(0)));
        assert_eq!(
            (offered.undo, offered.hint, offered.resign),
            (false, false, true)
        );
    }

    fn table_of_people() -> (Table, Box<dyn Live>) {
        seated("gyges", &["human", "human"])
    }

    #[test]
    fn hints_are_for_the_seat_to_move_against_the_ai_alone() {
        let (table, live) = table_of_people();
        assert_eq!(
            table.hint_seat(live.as_ref(), Viewer::Seat(Seat(0))),
            Err(Refusal::NoHint)
        );
        let (table, live) = seated("orbit(players=3)", &["ai:1", "human", "random"]);
        assert!(matches!(
            table.hint_seat(live.as_ref(), Viewer::Spectator),
            Err(Refusal::NoToken { .. })
        ));
        // Chance draws the order first.
        assert_eq!(
            table.hint_seat(live.as_ref(), Viewer::Seat(Seat(1))),
            Err(Refusal::HintNotYourTurn)
        );
    }

    /// Undo and hint are shown against the AI alone; with another person at the table
    /// (here or elsewhere) neither is.
    #[test]
    fn against_the_ai_alone_and_resigning_are_offered_to_a_persons_seat() {
        let (table, live) = seated("orbit(players=3)", &["ai:1", "human", "random"]);
        let mine = table.offers(live.as_ref(), Viewer::Seat(Seat(1)));
        assert!(mine.against_ai && mine.resign && !mine.fill && !mine.rematch);
        assert_eq!(
            table.offers(live.as_ref(), Viewer::Seat(Seat(0))),
            Offers::default()
        );
        let (table, live) = seated("orbit(players=3)", &["ai:1", "human", "human"]);
        let mine = table.offers(live.as_ref(), Viewer::Seat(Seat(1)));
        assert!(!mine.against_ai && !mine.hint && mine.resign);
    }

    /// While seats wait, a seated person is offered the AI for them in a game of three or
    /// more, and to call the game off, nothing else (nobody acts yet); in a game of two,
    /// only to call it off.
    #[test]
    fn filling_is_offered_while_a_game_of_three_or_more_waits_with_a_seat_open() {
        let waiting =
            Table::from_row(&row_of("orbit(players=3)", &["human", "open", "ai:1"])).unwrap();
        let live = trio_catalog::game("orbit(players=3)")
            .unwrap()
            .start(7, waiting.agents(), None)
            .unwrap();
        let fill = Offers {
            fill: true,
            abort: true,
            ..Offers::default()
        };
        assert_eq!(waiting.offers(live.as_ref(), Viewer::Seat(Seat(0))), fill);
        assert_eq!(
            waiting.offers(live.as_ref(), Viewer::Spectator),
            Offers::default()
        );

        let two = Table::from_row(&row_of("gyges", &["human", "open"])).unwrap();
        let live = trio_catalog::game("gyges")
            .unwrap()
            .start(7, two.agents(), None)
            .unwrap();
        let abort = Offers {
            abort: true,
            ..Offers::default()
        };
        assert_eq!(two.offers(live.as_ref(), Viewer::Seat(Seat(0))), abort);
    }

    /// Once the game is over, each person who has not agreed is offered a rematch, until
    /// one is made.
    #[test]
    fn a_rematch_is_offered_to_each_person_of_a_finished_game_until_agreed() {
        let (mut table, mut live) = seated("gyges", &["human", "human"]);
        assert!(!table.offers(live.as_ref(), Viewer::Seat(Seat(0))).rematch);
        live.resign(Seat(1)).unwrap();
        let over = table.offers(live.as_ref(), Viewer::Seat(Seat(0)));
        assert!(over.rematch && !over.resign && !over.undo);
        table
            .rematch
            .agree(Seat(0), crate::people::secrets::hash_token("again"));
        assert!(!table.rematch_offered(Viewer::Seat(Seat(0))));
        assert!(table.rematch_offered(Viewer::Seat(Seat(1))));
        assert!(!table.rematch_offered(Viewer::Spectator));
    }
}
