//! Flips: chance decides everything. Each round the seat to move calls `left` or `right`,
//! which changes nothing, then a fair coin gives the round's point to seat 1 or seat 2;
//! after [`ROUNDS`] rounds the seat with more points wins. Every decision is as good as
//! the other, so a review must find no skill in it. Position: `<points 1> <points 2>
//! <round> <call|flip>`.

use rand::RngCore;
use trio_core::{Facts, Game, NotationError, Outcome, Seat, Turn};

pub const ROUNDS: u8 = 5;

#[derive(Clone, Copy, Debug, Default)]
pub struct Flips;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlipsAction {
    Left,
    Right,
    /// The coin gives the point to this seat (chance).
    Point(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlipsState {
    pub points: [u8; 2],
    pub round: u8,
    pub flipping: bool,
}

impl Game for Flips {
    type State = FlipsState;
    type Action = FlipsAction;
    type View = FlipsState;

    fn name(&self) -> &'static str {
        "flips"
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
            longest_game: 2 * usize::from(ROUNDS),
        }
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat.0 + 1)
    }

    fn new_game(&self) -> FlipsState {
        FlipsState {
            points: [0, 0],
            round: 0,
            flipping: false,
        }
    }

    fn turn(&self, s: &FlipsState) -> Turn {
        if s.round == ROUNDS {
            Turn::Over
        } else if s.flipping {
            Turn::Chance
        } else {
            Turn::Seat(Seat(s.round % 2))
        }
    }

    fn legal_actions(&self, s: &FlipsState, out: &mut Vec<FlipsAction>) {
        out.clear();
        if matches!(self.turn(s), Turn::Seat(_)) {
            out.extend([FlipsAction::Left, FlipsAction::Right]);
        }
    }

    fn chance_outcomes(&self, s: &FlipsState, out: &mut Vec<(FlipsAction, f64)>) {
        out.clear();
        if self.turn(s) == Turn::Chance {
            out.extend([(FlipsAction::Point(0), 0.5), (FlipsAction::Point(1), 0.5)]);
        }
    }

    fn apply(&self, s: &mut FlipsState, action: &FlipsAction) {
        match *action {
            FlipsAction::Left | FlipsAction::Right => s.flipping = true,
            FlipsAction::Point(seat) => {
                s.points[usize::from(seat)] += 1;
                s.round += 1;
                s.flipping = false;
            }
        }
    }

    fn outcome(&self, s: &FlipsState) -> Option<Outcome> {
        (s.round == ROUNDS).then(|| Outcome::win(Seat(u8::from(s.points[1] > s.points[0])), 2))
    }

    fn view(&self, s: &FlipsState, _: Seat) -> FlipsState {
        *s
    }

    fn public_view(&self, s: &FlipsState) -> FlipsState {
        *s
    }

    fn view_json(&self, view: &FlipsState) -> serde_json::Value {
        serde_json::json!({ "position": self.format_position(view) })
    }

    fn determinize(&self, view: &FlipsState, _: &mut dyn RngCore) -> FlipsState {
        *view
    }

    fn parse_position(&self, text: &str) -> Result<FlipsState, NotationError> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [p0, p1, round, phase] = fields[..] else {
            return Err(NotationError::new(format!(
                "{} fields, not 4",
                fields.len()
            )));
        };
        let number = |t: &str| {
            t.parse::<u8>()
                .ok()
                .filter(|&n| n <= ROUNDS)
                .ok_or_else(|| NotationError::new(format!("bad number {t:?}")))
        };
        Ok(FlipsState {
            points: [number(p0)?, number(p1)?],
            round: number(round)?,
            flipping: phase == "flip",
        })
    }

    fn format_position(&self, s: &FlipsState) -> String {
        let phase = if s.flipping { "flip" } else { "call" };
        format!("{} {} {} {phase}", s.points[0], s.points[1], s.round)
    }

    fn parse_action(&self, _: &FlipsState, text: &str) -> Result<FlipsAction, NotationError> {
        match text {
            "left" => Ok(FlipsAction::Left),
            "right" => Ok(FlipsAction::Right),
            "1" => Ok(FlipsAction::Point(0)),
            "2" => Ok(FlipsAction::Point(1)),
            _ => Err(NotationError::new(format!("no action {text:?}"))),
        }
    }

    fn format_action(&self, _: &FlipsState, action: &FlipsAction) -> String {
        match action {
            FlipsAction::Left => "left".to_owned(),
            FlipsAction::Right => "right".to_owned(),
            FlipsAction::Point(seat) => (seat + 1).to_string(),
        }
    }

    fn draw(&self, s: &FlipsState) -> String {
        self.format_position(s)
    }
}
