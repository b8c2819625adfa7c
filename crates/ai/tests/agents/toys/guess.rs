//! Guess the die: chance whose outcome matters to the next decision. Seat 1 either plays
//! safe (a draw) or bets: a three-sided die is rolled in the open and seat 1 then calls a
//! number, winning if it is the one rolled and losing otherwise. Seat 2 never moves.
//! Betting wins for sure once the roll is seen, but only one time in three for a player
//! who did not look, who should play safe.
//!
//! Position: `start`, `safe`, `bet`, `bet <roll>`, `bet <roll> <call>`.

use rand::RngCore;
use trio_core::{Facts, Game, NotationError, Outcome, Seat, Turn};

const FACES: u8 = 3;

#[derive(Clone, Copy, Debug, Default)]
pub struct Guess;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GuessAction {
    Safe,
    Bet,
    /// The die shows this (chance).
    Roll(u8),
    Call(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuessState {
    /// `None` before seat 1 decides, then whether it bet.
    pub bet: Option<bool>,
    pub roll: Option<u8>,
    pub call: Option<u8>,
}

impl Game for Guess {
    type State = GuessState;
    type Action = GuessAction;
    type View = GuessState;

    fn name(&self) -> &'static str {
        "guess"
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn facts(&self) -> Facts {
        Facts {
            seats: 2..=2,
            chance: true,
            hidden_information: false,
            seat_views: false,
            longest_game: 100,
        }
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat.0 + 1)
    }

    fn new_game(&self) -> GuessState {
        GuessState {
            bet: None,
            roll: None,
            call: None,
        }
    }

    fn turn(&self, s: &GuessState) -> Turn {
        match (s.bet, s.roll, s.call) {
            (None, _, _) => Turn::Seat(Seat(0)),
            (Some(true), None, _) => Turn::Chance,
            (Some(true), Some(_), None) => Turn::Seat(Seat(0)),
            _ => Turn::Over,
        }
    }

    fn legal_actions(&self, s: &GuessState, out: &mut Vec<GuessAction>) {
        out.clear();
        if self.turn(s) == Turn::Seat(Seat(0)) {
            match s.bet {
                None => out.extend([GuessAction::Safe, GuessAction::Bet]),
                Some(_) => out.extend((1..=FACES).map(GuessAction::Call)),
            }
        }
    }

    fn chance_outcomes(&self, s: &GuessState, out: &mut Vec<(GuessAction, f64)>) {
        out.clear();
        if self.turn(s) == Turn::Chance {
            out.extend((1..=FACES).map(|f| (GuessAction::Roll(f), 1.0 / f64::from(FACES))));
        }
    }

    fn apply(&self, s: &mut GuessState, action: &GuessAction) {
        match *action {
            GuessAction::Safe => s.bet = Some(false),
            GuessAction::Bet => s.bet = Some(true),
            GuessAction::Roll(f) => s.roll = Some(f),
            GuessAction::Call(f) => s.call = Some(f),
        }
    }

    fn outcome(&self, s: &GuessState) -> Option<Outcome> {
        match (s.bet, s.roll, s.call) {
            (Some(false), _, _) => Some(Outcome::draw(2)),
            (Some(true), Some(roll), Some(call)) => {
                Some(Outcome::win(Seat(u8::from(roll != call)), 2))
            }
            _ => None,
        }
    }

    fn view(&self, s: &GuessState, _: Seat) -> GuessState {
        *s
    }

    fn public_view(&self, s: &Self::State) -> Self::View {
        *s
    }

    fn view_json(&self, view: &Self::View) -> serde_json::Value {
        serde_json::json!({ "position": self.format_position(view) })
    }

    fn determinize(&self, view: &GuessState, _: &mut dyn RngCore) -> GuessState {
        *view
    }

    fn parse_position(&self, text: &str) -> Result<GuessState, NotationError> {
        let face = |t: &str| match t.parse::<u8>() {
            Ok(f @ 1..=FACES) => Ok(f),
            _ => Err(NotationError::new(format!("no face {t:?}"))),
        };
        let words: Vec<&str> = text.split(' ').collect();
        let mut s = self.new_game();
        match words[..] {
            ["start"] => {}
            ["safe"] => s.bet = Some(false),
            ["bet", ref rest @ ..] if rest.len() <= 2 => {
                s.bet = Some(true);
                s.roll = rest.first().map(|t| face(t)).transpose()?;
                s.call = rest.get(1).map(|t| face(t)).transpose()?;
            }
            _ => return Err(NotationError::new(format!("no position {text:?}"))),
        }
        Ok(s)
    }

    fn format_position(&self, s: &GuessState) -> String {
        match (s.bet, s.roll, s.call) {
            (None, _, _) => "start".to_owned(),
            (Some(false), _, _) => "safe".to_owned(),
            (Some(true), None, _) => "bet".to_owned(),
            (Some(true), Some(roll), None) => format!("bet {roll}"),
            (Some(true), Some(roll), Some(call)) => format!("bet {roll} {call}"),
        }
    }

    fn parse_action(&self, _: &GuessState, text: &str) -> Result<GuessAction, NotationError> {
        let face = |t: &str| match t.parse::<u8>() {
            Ok(f @ 1..=FACES) => Some(f),
            _ => None,
        };
        match text {
            "safe" => Some(GuessAction::Safe),
            "bet" => Some(GuessAction::Bet),
            _ => match text.split_at_checked(1) {
                Some(("r", f)) => face(f).map(GuessAction::Roll),
                Some(("c", f)) => face(f).map(GuessAction::Call),
                _ => None,
            },
        }
        .ok_or_else(|| NotationError::new(format!("no action {text:?}")))
    }

    fn format_action(&self, _: &GuessState, action: &GuessAction) -> String {
        match action {
            GuessAction::Safe => "safe".to_owned(),
            GuessAction::Bet => "bet".to_owned(),
            GuessAction::Roll(f) => format!("r{f}"),
            GuessAction::Call(f) => format!("c{f}"),
        }
    }

    fn draw(&self, s: &GuessState) -> String {
        format!("{}\n", self.format_position(s))
    }
}
