//! A five-trick card game: hidden information, chance and two seats. Cards 1–13; five
//! are dealt to each seat one at a time (seat 1 first), face down, the other three stay
//! unseen. The leader (seat 1 at first) plays a card face up, the other answers; the
//! higher card takes the trick and leads the next. Three tricks win.
//!
//! Position: `<hand 1>/<hand 2> <undealt> <card on the table> <leader 1|2> <tricks>-<tricks>`,
//! cards written `1`–`9`, `T`, `J`, `Q`, `K`, `-` for none: `147TK/2589Q 36J - 1 0-0`.

use rand::seq::IteratorRandom;
use rand::RngCore;
use trio_core::{Facts, Game, NotationError, Outcome, Seat, Turn};

#[derive(Clone, Copy, Debug, Default)]
pub struct Cards;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Card {
    /// The next card dealt (chance).
    Deal(u8),
    Play(u8),
}

/// A set of cards 1–13 as bits.
type Set = u16;

const CARDS: u8 = 13;
const ALL: Set = (1 << (CARDS + 1)) - 2;
const HAND: u32 = 5;
const NAMES: &[u8; 13] = b"123456789TJQK";
const DEALT: u32 = 2 * HAND;

fn bit(card: u8) -> Set {
    1 << card
}

fn cards(set: Set) -> impl Iterator<Item = u8> {
    (1..=CARDS).filter(move |&c| set & bit(c) != 0)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardsState {
    pub hands: [Set; 2],
    pub undealt: Set,
    pub table: Option<u8>,
    pub leader: u8,
    pub tricks: [u8; 2],
}

impl CardsState {
    fn dealt(&self) -> u32 {
        u32::from(CARDS) - self.undealt.count_ones()
    }

    /// Cards of finished tricks, seen by both.
    fn played(&self) -> Set {
        ALL & !self.undealt & !self.hands[0] & !self.hands[1] & !self.table.map_or(0, bit)
    }
}

/// What one seat knows: its hand and everything played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardsView {
    seat: u8,
    hand: Set,
    opponent_cards: u32,
    played: Set,
    dealt: u32,
    table: Option<u8>,
    leader: u8,
    tricks: [u8; 2],
}

impl Game for Cards {
    type State = CardsState;
    type Action = Card;
    type View = CardsView;

    fn name(&self) -> &'static str {
        "cards"
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn facts(&self) -> Facts {
        Facts {
            seats: 2..=2,
            chance: true,
            hidden_information: true,
            seat_views: true,
            longest_game: 64,
        }
    }

    fn seat_name(&self, seat: Seat) -> String {
        format!("player {}", seat.0 + 1)
    }

    fn new_game(&self) -> CardsState {
        CardsState {
            hands: [0, 0],
            undealt: ALL,
            table: None,
            leader: 0,
            tricks: [0, 0],
        }
    }

    fn turn(&self, s: &CardsState) -> Turn {
        if s.dealt() < DEALT {
            Turn::Chance
        } else if s.tricks[0] + s.tricks[1] == HAND as u8 {
            Turn::Over
        } else if s.table.is_none() {
            Turn::Seat(Seat(s.leader))
        } else {
            Turn::Seat(Seat(1 - s.leader))
        }
    }

    fn legal_actions(&self, s: &CardsState, out: &mut Vec<Card>) {
        out.clear();
        if let Turn::Seat(seat) = self.turn(s) {
            out.extend(cards(s.hands[seat.index()]).map(Card::Play));
        }
    }

    fn chance_outcomes(&self, s: &CardsState, out: &mut Vec<(Card, f64)>) {
        out.clear();
        if self.turn(s) == Turn::Chance {
            let p = 1.0 / f64::from(s.undealt.count_ones());
            out.extend(cards(s.undealt).map(|c| (Card::Deal(c), p)));
        }
    }

    fn apply(&self, s: &mut CardsState, action: &Card) {
        match *action {
            Card::Deal(c) => {
                let to = (s.dealt() % 2) as usize;
                s.undealt &= !bit(c);
                s.hands[to] |= bit(c);
            }
            Card::Play(c) => {
                let Turn::Seat(me) = self.turn(s) else { return };
                s.hands[me.index()] &= !bit(c);
                match s.table.take() {
                    None => s.table = Some(c),
                    Some(led) => {
                        let winner = if c > led { me.0 } else { s.leader };
                        s.tricks[winner as usize] += 1;
                        s.leader = winner;
                    }
                }
            }
        }
    }

    fn outcome(&self, s: &CardsState) -> Option<Outcome> {
        (self.turn(s) == Turn::Over)
            .then(|| Outcome::win(Seat(u8::from(s.tricks[1] > s.tricks[0])), 2))
    }

    fn view(&self, s: &CardsState, seat: Seat) -> CardsView {
        CardsView {
            seat: seat.0,
            hand: s.hands[seat.index()],
            opponent_cards: s.hands[1 - seat.index()].count_ones(),
            played: s.played(),
            dealt: s.dealt(),
            table: s.table,
            leader: s.leader,
            tricks: s.tricks,
        }
    }

    /// Seat 1's view without its hand.
    fn public_view(&self, s: &CardsState) -> CardsView {
        CardsView {
            hand: 0,
            ..self.view(s, Seat(0))
        }
    }

    fn view_json(&self, v: &CardsView) -> serde_json::Value {
        serde_json::json!({ "hand": v.hand, "played": v.played, "tricks": v.tricks })
    }

    fn determinize(&self, v: &CardsView, rng: &mut dyn RngCore) -> CardsState {
        let unseen = ALL & !v.hand & !v.played & !v.table.map_or(0, bit);
        let theirs: Set = cards(unseen)
            .choose_multiple(rng, v.opponent_cards as usize)
            .into_iter()
            .fold(0, |set, c| set | bit(c));
        let mut hands = [0; 2];
        hands[v.seat as usize] = v.hand;
        hands[1 - v.seat as usize] = theirs;
        CardsState {
            hands,
            undealt: unseen & !theirs,
            table: v.table,
            leader: v.leader,
            tricks: v.tricks,
        }
    }

    fn parse_position(&self, text: &str) -> Result<CardsState, NotationError> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [hands, undealt, table, leader, tricks] = fields[..] else {
            return Err(NotationError::new(format!(
                "{} fields, not 5",
                fields.len()
            )));
        };
        let (h0, h1) = hands
            .split_once('/')
            .ok_or_else(|| NotationError::new(format!("no '/' between hands in {hands:?}")))?;
        let (t0, t1) = tricks
            .split_once('-')
            .ok_or_else(|| NotationError::new(format!("no '-' between tricks in {tricks:?}")))?;
        let count = |t: &str| {
            t.parse::<u8>()
                .ok()
                .filter(|&n| u32::from(n) <= HAND)
                .ok_or_else(|| NotationError::new(format!("bad trick count {t:?}")))
        };
        let table = match parse_set(table)? {
            0 => None,
            set if set.count_ones() == 1 => Some(set.trailing_zeros() as u8),
            _ => {
                return Err(NotationError::new(format!(
                    "one card on the table, not {table:?}"
                )))
            }
        };
        let leader = match leader {
            "1" => 0,
            "2" => 1,
            _ => return Err(NotationError::new(format!("no seat {leader:?}"))),
        };
        let s = CardsState {
            hands: [parse_set(h0)?, parse_set(h1)?],
            undealt: parse_set(undealt)?,
            table,
            leader,
            tricks: [count(t0)?, count(t1)?],
        };
        let parts = [s.hands[0], s.hands[1], s.undealt, s.table.map_or(0, bit)];
        let mut seen: Set = 0;
        for part in parts {
            if seen & part != 0 {
                return Err(NotationError::new(format!(
                    "a card is in two places: {text:?}"
                )));
            }
            seen |= part;
        }
        let done = u32::from(s.tricks[0] + s.tricks[1]);
        let ok = if s.dealt() < DEALT {
            done == 0
                && s.table.is_none()
                && s.hands[0].count_ones() == s.dealt().div_ceil(2)
                && s.hands[1].count_ones() == s.dealt() / 2
        } else {
            (0..2).all(|p| {
                let on_table = u32::from(s.table.is_some() && p == usize::from(s.leader));
                HAND.checked_sub(done + on_table) == Some(s.hands[p].count_ones())
            }) && s.played().count_ones() == 2 * done
        };
        if !ok {
            return Err(NotationError::new(format!(
                "card counts do not add up: {text:?}"
            )));
        }
        Ok(s)
    }

    fn format_position(&self, s: &CardsState) -> String {
        format!(
            "{}/{} {} {} {} {}-{}",
            format_set(s.hands[0]),
            format_set(s.hands[1]),
            format_set(s.undealt),
            format_set(s.table.map_or(0, bit)),
            s.leader + 1,
            s.tricks[0],
            s.tricks[1]
        )
    }

    fn parse_action(&self, _: &CardsState, text: &str) -> Result<Card, NotationError> {
        let (deal, digit) = match text.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        match (parse_set(digit), deal) {
            (Ok(set), true) if set.count_ones() == 1 => Ok(Card::Deal(set.trailing_zeros() as u8)),
            (Ok(set), false) if set.count_ones() == 1 => Ok(Card::Play(set.trailing_zeros() as u8)),
            _ => Err(NotationError::new(format!("no card {text:?}"))),
        }
    }

    fn format_action(&self, _: &CardsState, action: &Card) -> String {
        match action {
            Card::Deal(c) => format!("+{}", format_set(bit(*c))),
            Card::Play(c) => format_set(bit(*c)),
        }
    }

    fn draw(&self, v: &CardsView) -> String {
        format!(
            "hand {}, opponent holds {}, table {}, played {}, tricks {}-{}\n",
            format_set(v.hand),
            v.opponent_cards,
            format_set(v.table.map_or(0, bit)),
            format_set(v.played),
            v.tricks[usize::from(v.seat)],
            v.tricks[1 - usize::from(v.seat)]
        )
    }
}

fn parse_set(text: &str) -> Result<Set, NotationError> {
    if text == "-" {
        return Ok(0);
    }
    let mut set = 0;
    for c in text.chars() {
        match NAMES.iter().position(|&n| char::from(n) == c) {
            Some(i) if set & bit(i as u8 + 1) == 0 => set |= bit(i as u8 + 1),
            _ => return Err(NotationError::new(format!("bad card {c:?} in {text:?}"))),
        }
    }
    Ok(set)
}

fn format_set(set: Set) -> String {
    if set == 0 {
        return "-".to_owned();
    }
    cards(set)
        .map(|c| char::from(NAMES[usize::from(c) - 1]))
        .collect()
}
