//! Claims: 2–4 seats take turns, in seat order, picking one of a row of valued items; when
//! all are taken the seats are ranked by the total value they hold. Perfect information;
//! what it tests is that every seat plays for itself. Items are numbered from 0; a
//! position writes each item's owner (`1`–`4`) or `.` if it is free: `12.3`.

use rand::RngCore;
use trio_core::{Facts, Game, NotationError, Outcome, Seat, Turn};

#[derive(Clone, Debug)]
pub struct Claims {
    seats: usize,
    values: Vec<u8>,
}

impl Claims {
    pub fn new(seats: usize, values: Vec<u8>) -> Self {
        Self { seats, values }
    }

    pub fn totals(&self, owners: &[u8]) -> Vec<u32> {
        let mut totals = vec![0; self.seats];
        for (&owner, &value) in owners.iter().zip(&self.values) {
            if owner > 0 {
                totals[usize::from(owner) - 1] += u32::from(value);
            }
        }
        totals
    }
}

/// Each item's owner: 0 free, `seat + 1` taken.
pub type Owners = Vec<u8>;

fn taken(owners: &Owners) -> usize {
    owners.iter().filter(|&&o| o > 0).count()
}

impl Game for Claims {
    type State = Owners;
    type Action = u8;
    type View = Owners;

    fn name(&self) -> &'static str {
        "claims"
    }

    fn seat_count(&self) -> usize {
        self.seats
    }

    fn facts(&self) -> Facts {
        Facts {
            seats: 2..=4,
            chance: true,
            hidden_information: false,
            seat_views: false,
            longest_game: 100,
        }
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat.0 + 1)
    }

    fn new_game(&self) -> Owners {
        vec![0; self.values.len()]
    }

    fn turn(&self, owners: &Owners) -> Turn {
        match taken(owners) {
            n if n == owners.len() => Turn::Over,
            n => Turn::Seat(Seat((n % self.seats) as u8)),
        }
    }

    fn legal_actions(&self, owners: &Owners, out: &mut Vec<u8>) {
        out.clear();
        out.extend((0..owners.len() as u8).filter(|&i| owners[usize::from(i)] == 0));
    }

    fn chance_outcomes(&self, _: &Owners, out: &mut Vec<(u8, f64)>) {
        out.clear();
    }

    fn apply(&self, owners: &mut Owners, item: &u8) {
        let mover = taken(owners) % self.seats;
        owners[usize::from(*item)] = mover as u8 + 1;
    }

    fn outcome(&self, owners: &Owners) -> Option<Outcome> {
        if taken(owners) < owners.len() {
            return None;
        }
        let totals = self.totals(owners);
        // A seat's rank is the number of seats holding more.
        let ranks = totals
            .iter()
            .map(|t| totals.iter().filter(|&u| u > t).count() as u8);
        Some(Outcome::from_ranks(ranks.collect()))
    }

    fn view(&self, owners: &Owners, _: Seat) -> Owners {
        owners.clone()
    }

    fn public_view(&self, s: &Self::State) -> Self::View {
        s.clone()
    }

    fn view_json(&self, view: &Self::View) -> serde_json::Value {
        serde_json::json!({ "position": self.format_position(view) })
    }

    fn determinize(&self, view: &Owners, _: &mut dyn RngCore) -> Owners {
        view.clone()
    }

    fn parse_position(&self, text: &str) -> Result<Owners, NotationError> {
        if text.chars().count() != self.values.len() {
            return Err(NotationError::new(format!(
                "{text:?} is not {} items",
                self.values.len()
            )));
        }
        let owners = text
            .chars()
            .map(|c| match c {
                '.' => Ok(0),
                _ => c
                    .to_digit(10)
                    .filter(|&d| (1..=self.seats as u32).contains(&d))
                    .map(|d| d as u8)
                    .ok_or_else(|| NotationError::new(format!("no owner {c:?}"))),
            })
            .collect::<Result<Owners, _>>()?;
        // Seats pick in turn, so the first seats hold one more item or all hold as many.
        let n = taken(&owners);
        for s in 0..self.seats {
            let held = owners.iter().filter(|&&o| usize::from(o) == s + 1).count();
            if held != n / self.seats + usize::from(s < n % self.seats) {
                return Err(NotationError::new(format!(
                    "seat {} cannot hold {held}",
                    s + 1
                )));
            }
        }
        Ok(owners)
    }

    fn format_position(&self, owners: &Owners) -> String {
        owners
            .iter()
            .map(|&o| if o == 0 { '.' } else { char::from(b'0' + o) })
            .collect()
    }

    fn parse_action(&self, _: &Owners, text: &str) -> Result<u8, NotationError> {
        text.parse::<u8>()
            .ok()
            .filter(|&i| usize::from(i) < self.values.len())
            .ok_or_else(|| NotationError::new(format!("no item {text:?}")))
    }

    fn format_action(&self, _: &Owners, item: &u8) -> String {
        item.to_string()
    }

    fn draw(&self, owners: &Owners) -> String {
        let items: Vec<String> = self
            .values
            .iter()
            .zip(owners)
            .enumerate()
            .map(|(i, (v, &o))| match o {
                0 => format!("{i}:{v}"),
                _ => format!("{i}:{v}@{o}"),
            })
            .collect();
        format!("{}\ntotals {:?}\n", items.join(" "), self.totals(owners))
    }
}
