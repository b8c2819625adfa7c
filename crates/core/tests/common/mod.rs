//! Race, a tiny game with every feature of the interface, for core's tests: a hidden
//! deal, decisions, chance, and a ranking.
//!
//! Each seat is dealt a secret card (0 or 1) by chance. Seats alternate adding 1 or 2 to a
//! shared total, then a coin adds 0 or 1. Whoever brings the total to 6 or more wins; the
//! secret card only breaks the tie of a total of exactly 6 (card 1 wins it).

#![allow(dead_code)]

use rand::{Rng, RngCore};
use trio_core::{Facts, Game, NotationError, Outcome, Seat, Turn};

#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    /// A deliberately broken game whose determinize redraws the viewer's own card too.
    pub careless: bool,
    /// A deliberately broken game that draws a decision by index from the wrong list.
    pub misdraws: bool,
}

impl Race {
    pub const CORRECT: Race = Race {
        careless: false,
        misdraws: false,
    };
}

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub cards: [Option<u8>; 2],
    pub total: u8,
    pub mover: u8,
    pub coin_due: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Deal(u8),
    Add(u8),
    Coin(u8),
}

impl Game for Race {
    type State = State;
    type Action = Action;
    type View = State;

    fn name(&self) -> &'static str {
        "race"
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn seat_name(&self, seat: Seat) -> String {
        seat.to_string()
    }
    fn facts(&self) -> Facts {
        Facts {
            seats: 2..=2,
            chance: true,
            hidden_information: true,
            seat_views: true,
            // Two deals, then at most six additions each followed by a coin.
            longest_game: 14,
        }
    }
    fn new_game(&self) -> State {
        State {
            cards: [None, None],
            total: 0,
            mover: 0,
            coin_due: false,
        }
    }
    fn turn(&self, s: &State) -> Turn {
        if s.total >= 6 {
            Turn::Over
        } else if s.cards.contains(&None) || s.coin_due {
            Turn::Chance
        } else {
            Turn::Seat(Seat(s.mover))
        }
    }
    fn legal_actions(&self, s: &State, out: &mut Vec<Action>) {
        out.clear();
        if let Turn::Seat(_) = self.turn(s) {
            out.extend([Action::Add(1), Action::Add(2)]);
        }
    }
    fn legal_action_at(
        &self,
        s: &State,
        scratch: &mut Vec<Action>,
        pick: impl FnOnce(usize) -> usize,
    ) -> Option<Action> {
        let action = trio_core::listed_action_at(self, s, scratch, pick)?;
        // Add 2 drawn where add 1 is listed, so one index is never drawn.
        Some(if self.misdraws {
            Action::Add(2)
        } else {
            action
        })
    }
    fn chance_outcomes(&self, s: &State, out: &mut Vec<(Action, f64)>) {
        out.clear();
        if self.turn(s) != Turn::Chance {
            return;
        }
        let make = if s.coin_due {
            Action::Coin
        } else {
            Action::Deal
        };
        out.extend([(make(0), 0.5), (make(1), 0.5)]);
    }
    fn apply(&self, s: &mut State, a: &Action) {
        match *a {
            Action::Deal(c) => {
                let slot = s
                    .cards
                    .iter()
                    .position(Option::is_none)
                    .expect("deal pending");
                s.cards[slot] = Some(c);
            }
            Action::Add(n) => {
                s.total += n;
                s.coin_due = s.total < 6;
            }
            Action::Coin(c) => {
                s.total += c;
                s.coin_due = false;
                if s.total < 6 {
                    s.mover ^= 1;
                }
            }
        }
    }
    fn outcome(&self, s: &State) -> Option<Outcome> {
        (s.total >= 6).then(|| {
            let mover = Seat(s.mover);
            let other = Seat(s.mover ^ 1);
            let winner = if s.total == 6 && s.cards[other.index()] == Some(1) {
                other
            } else {
                mover
            };
            Outcome::win(winner, 2)
        })
    }
    fn view(&self, s: &State, seat: Seat) -> State {
        let mut v = s.clone();
        v.cards[seat.index() ^ 1] = v.cards[seat.index() ^ 1].map(|_| 9);
        v
    }
    fn public_view(&self, s: &State) -> State {
        let mut v = s.clone();
        for card in v.cards.iter_mut().flatten() {
            *card = 9;
        }
        v
    }
    fn view_json(&self, v: &State) -> serde_json::Value {
        serde_json::json!({ "cards": v.cards, "total": v.total })
    }
    fn determinize(&self, v: &State, rng: &mut dyn RngCore) -> State {
        let mut s = v.clone();
        for card in s.cards.iter_mut().flatten() {
            if *card == 9 || self.careless {
                *card = rng.random_range(0..2);
            }
        }
        s
    }
    fn parse_position(&self, text: &str) -> Result<State, NotationError> {
        let f: Vec<&str> = text.split(' ').collect();
        let [c0, c1, total, mover, coin] = f.as_slice() else {
            return Err(NotationError::new("expected five fields"));
        };
        let card = |t: &str| match t {
            "-" => Ok(None),
            t => t
                .parse()
                .map(Some)
                .map_err(|_| NotationError::new(format!("bad card {t}"))),
        };
        let num = |t: &str| {
            t.parse::<u8>()
                .map_err(|_| NotationError::new(format!("bad number {t}")))
        };
        Ok(State {
            cards: [card(c0)?, card(c1)?],
            total: num(total)?,
            mover: num(mover)?,
            coin_due: *coin == "coin",
        })
    }
    fn format_position(&self, s: &State) -> String {
        let card = |c: Option<u8>| c.map_or("-".to_owned(), |c| c.to_string());
        let coin = if s.coin_due { "coin" } else { "move" };
        format!(
            "{} {} {} {} {coin}",
            card(s.cards[0]),
            card(s.cards[1]),
            s.total,
            s.mover
        )
    }
    fn parse_action(&self, _: &State, text: &str) -> Result<Action, NotationError> {
        let (kind, n) = text
            .split_once(' ')
            .ok_or_else(|| NotationError::new("no space"))?;
        let n = n.parse().map_err(|_| NotationError::new("bad number"))?;
        match kind {
            "deal" => Ok(Action::Deal(n)),
            "add" => Ok(Action::Add(n)),
            "coin" => Ok(Action::Coin(n)),
            _ => Err(NotationError::new(format!("unknown action {kind}"))),
        }
    }
    fn format_action(&self, _: &State, a: &Action) -> String {
        match a {
            Action::Deal(n) => format!("deal {n}"),
            Action::Add(n) => format!("add {n}"),
            Action::Coin(n) => format!("coin {n}"),
        }
    }
    fn draw(&self, v: &State) -> String {
        self.format_position(v)
    }
}
