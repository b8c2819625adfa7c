//! Pig, a dice game: chance and two seats. On its turn a seat rolls a die as often as it
//! likes, adding each roll to a turn total, and holds to bank the total; a 1 loses the
//! total and the turn. The first to bank [`TARGET`] wins (it banks the moment it gets
//! there). Position: `<bank 1> <bank 2> <turn total> <seat to move 1|2> <roll|decide>`.

use rand::RngCore;
use trio_core::{Facts, Game, NotationError, Outcome, Seat, Turn};

pub const TARGET: u8 = 25;

#[derive(Clone, Copy, Debug, Default)]
pub struct Pig;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PigAction {
    Roll,
    Hold,
    /// What the die shows (chance).
    Face(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PigState {
    pub banked: [u8; 2],
    pub total: u8,
    pub mover: u8,
    /// The die is about to be rolled.
    pub rolling: bool,
}

impl Game for Pig {
    type State = PigState;
    type Action = PigAction;
    type View = PigState;

    fn name(&self) -> &'static str {
        "pig"
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
            longest_game: 100_000,
        }
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat.0 + 1)
    }

    fn new_game(&self) -> PigState {
        PigState {
            banked: [0, 0],
            total: 0,
            mover: 0,
            rolling: true,
        }
    }

    fn turn(&self, s: &PigState) -> Turn {
        if s.banked.iter().any(|&b| b >= TARGET) {
            Turn::Over
        } else if s.rolling {
            Turn::Chance
        } else {
            Turn::Seat(Seat(s.mover))
        }
    }

    fn legal_actions(&self, s: &PigState, out: &mut Vec<PigAction>) {
        out.clear();
        if matches!(self.turn(s), Turn::Seat(_)) {
            out.extend([PigAction::Roll, PigAction::Hold]);
        }
    }

    fn chance_outcomes(&self, s: &PigState, out: &mut Vec<(PigAction, f64)>) {
        out.clear();
        if self.turn(s) == Turn::Chance {
            out.extend((1..=6).map(|f| (PigAction::Face(f), 1.0 / 6.0)));
        }
    }

    fn apply(&self, s: &mut PigState, action: &PigAction) {
        let me = s.mover as usize;
        match *action {
            PigAction::Roll => s.rolling = true,
            PigAction::Hold => {
                s.banked[me] += s.total;
                s.total = 0;
                s.mover ^= 1;
                s.rolling = true;
            }
            PigAction::Face(1) => {
                s.total = 0;
                s.mover ^= 1;
            }
            PigAction::Face(f) => {
                s.total += f;
                s.rolling = false;
                if s.banked[me] + s.total >= TARGET {
                    s.banked[me] += s.total;
                    s.total = 0;
                }
            }
        }
    }

    fn outcome(&self, s: &PigState) -> Option<Outcome> {
        let winner = s.banked.iter().position(|&b| b >= TARGET)?;
        Some(Outcome::win(Seat(winner as u8), 2))
    }

    fn view(&self, s: &PigState, _: Seat) -> PigState {
        *s
    }

    fn public_view(&self, s: &Self::State) -> Self::View {
        *s
    }

    fn view_json(&self, view: &Self::View) -> serde_json::Value {
        serde_json::json!({ "position": self.format_position(view) })
    }

    fn determinize(&self, view: &PigState, _: &mut dyn RngCore) -> PigState {
        *view
    }

    fn parse_position(&self, text: &str) -> Result<PigState, NotationError> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [b0, b1, total, mover, phase] = fields[..] else {
            return Err(NotationError::new(format!(
                "{} fields, not 5",
                fields.len()
            )));
        };
        let number = |t: &str| {
            t.parse::<u8>()
                .ok()
                .filter(|&n| n < 2 * TARGET)
                .ok_or_else(|| NotationError::new(format!("bad number {t:?}")))
        };
        let mover = match mover {
            "1" => 0,
            "2" => 1,
            _ => return Err(NotationError::new(format!("no seat {mover:?}"))),
        };
        let rolling = match phase {
            "roll" => true,
            "decide" => false,
            _ => return Err(NotationError::new(format!("no phase {phase:?}"))),
        };
        Ok(PigState {
            banked: [number(b0)?, number(b1)?],
            total: number(total)?,
            mover,
            rolling,
        })
    }

    fn format_position(&self, s: &PigState) -> String {
        let phase = if s.rolling { "roll" } else { "decide" };
        format!(
            "{} {} {} {} {phase}",
            s.banked[0],
            s.banked[1],
            s.total,
            s.mover + 1
        )
    }

    fn parse_action(&self, _: &PigState, text: &str) -> Result<PigAction, NotationError> {
        match text {
            "roll" => Ok(PigAction::Roll),
            "hold" => Ok(PigAction::Hold),
            _ => match text.parse::<u8>() {
                Ok(f @ 1..=6) => Ok(PigAction::Face(f)),
                _ => Err(NotationError::new(format!("no action {text:?}"))),
            },
        }
    }

    fn format_action(&self, _: &PigState, action: &PigAction) -> String {
        match action {
            PigAction::Roll => "roll".to_owned(),
            PigAction::Hold => "hold".to_owned(),
            PigAction::Face(f) => f.to_string(),
        }
    }

    fn draw(&self, s: &PigState) -> String {
        format!(
            "banked {} - {}, player {} has {} this turn\n",
            s.banked[0],
            s.banked[1],
            s.mover + 1,
            s.total
        )
    }
}
