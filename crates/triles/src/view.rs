//! What one seat or a spectator sees of a game of Triles, [`View`], and the view as JSON
//! for a browser (`docs/views.md`, "Triles"). What the game knows besides the view comes
//! in a [`Context`]. Uses `tileset`, `board`, `state` and `notation`.

use serde_json::{json, Map, Value};
use trio_core::{Seat, Turn};

use crate::board::{Geometry, Placement};
use crate::moves::Action;
use crate::notation;
use crate::state::{State, Table, Tiles};
use crate::tileset::{Colour, TileId, TileSet};

/// What one seat, or a spectator, sees: the board, the hands it may see (its own; both
/// in `open-hands`; a spectator none but in `open-hands`), every hand's size, the pool's
/// size (and the next tile in `open-pool`), whose turn it is and what is owed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// `None` for a spectator.
    pub(crate) viewer: Option<Seat>,
    pub(crate) board: Vec<Placement>,
    /// Per colour ([`Colour::index`]): the hand, where the viewer may see it.
    pub(crate) hands: [Option<Tiles>; 2],
    pub(crate) hand_sizes: [usize; 2],
    pub(crate) pool_size: usize,
    pub(crate) table: Table,
    pub(crate) winner: Option<Colour>,
}

impl View {
    /// What `viewer` (a seat, or a spectator for `None`) may see of `state`: its own hand,
    /// and every hand when `open_hands`.
    pub(crate) fn new(state: &State, viewer: Option<Seat>, open_hands: bool) -> Self {
        let own = viewer.and_then(|seat| state.colour_of(seat));
        View {
            viewer,
            board: state.board.placements().to_vec(),
            hands: Colour::ALL
                .map(|c| (open_hands || own == Some(c)).then(|| state.hands[c.index()])),
            hand_sizes: Colour::ALL.map(|c| state.hands[c.index()].len()),
            pool_size: state.pool_len(),
            table: state.table.clone(),
            winner: state.winner,
        }
    }

    /// The seat this view is for; `None` for a spectator.
    pub fn seat(&self) -> Option<Seat> {
        self.viewer
    }

    /// The viewer's colour, once colours are drawn; `None` for a spectator.
    pub fn colour(&self) -> Option<Colour> {
        let (b, seat) = (self.table.black?, self.viewer?);
        Some(if b == seat {
            Colour::Black
        } else {
            Colour::White
        })
    }

    /// The seat playing `colour`, once colours are drawn.
    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        self.table.black.map(|b| match colour {
            Colour::Black => b,
            Colour::White => Seat(1 - b.0),
        })
    }

    /// Who plays which colour, whose turn it is and what is owed in this view.
    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn placements(&self) -> &[Placement] {
        &self.board
    }

    /// The viewer's hand (empty before the deal); `None` for a spectator.
    pub fn hand(&self) -> Option<&Tiles> {
        self.viewer?;
        Some(match self.colour() {
            Some(c) => self.hands[c.index()]
                .as_ref()
                .expect("a seat sees its hand"),
            None => &Tiles::NONE,
        })
    }

    /// The hand of `colour`, if the viewer may see it.
    pub fn hand_of(&self, colour: Colour) -> Option<&Tiles> {
        self.hands[colour.index()].as_ref()
    }

    /// How many tiles `colour` holds.
    pub fn hand_size(&self, colour: Colour) -> usize {
        self.hand_sizes[colour.index()]
    }

    /// The opponent's hand, in `open-hands`; `None` for a spectator.
    pub fn opponent_hand(&self) -> Option<&Tiles> {
        self.hand_of(self.colour()?.opponent())
    }

    /// How many tiles the opponent holds (0 for a spectator or before the deal).
    pub fn opponent_hand_size(&self) -> usize {
        self.colour().map_or(0, |c| self.hand_size(c.opponent()))
    }

    /// Tiles in the pool, the visible next tile included.
    pub fn pool_size(&self) -> usize {
        self.pool_size
    }

    pub fn winner(&self) -> Option<Colour> {
        self.winner
    }
}

/// What the diagram and the JSON need from the game besides the view.
pub(crate) struct Context<'a> {
    pub set: &'a TileSet,
    pub geometry: &'a Geometry,
    /// The names of the variants in play (`open-pool`).
    pub variants: Vec<&'static str>,
    /// What the game calls each seat.
    pub seat_names: [String; 2],
    /// Who acts in the state the view shows.
    pub turn: Turn,
}

/// A view as JSON (`docs/views.md`, "Triles"): only what the viewer may see.
pub(crate) fn view_json(cx: &Context, view: &View) -> Value {
    let set = cx.set;
    let colour = |c: Colour| c.to_string();
    let tiles = |t: &Tiles| {
        let map: Map<String, Value> = t
            .iter()
            .map(|(id, n)| (set.name(id).to_owned(), json!(n)))
            .collect();
        Value::Object(map)
    };
    let seat_json = |seat: Seat| json!(seat.0);
    // The types the viewer can see somewhere, with their terminals and arcs.
    let mut seen: Vec<TileId> = view.placements().iter().map(|p| p.tile).collect();
    seen.extend(
        view.hands
            .iter()
            .flatten()
            .flat_map(|h| h.iter().map(|(t, _)| t)),
    );
    seen.extend(view.table().next);
    seen.sort_unstable();
    seen.dedup();
    let types: Map<String, Value> = seen
        .iter()
        .map(|&t| {
            let tile = set.tile(t);
            let terminals: Vec<String> = tile.terminals().iter().map(|x| x.to_string()).collect();
            let value = json!({ "terminals": terminals, "arcs": tile.arcs() });
            (tile.name().to_owned(), value)
        })
        .collect();
    let placed: Vec<Value> = view
        .placements()
        .iter()
        .map(|&p| {
            json!({
                "type": set.name(p.tile),
                "x": p.cell.x,
                "y": p.cell.y,
                "rotation": p.rotation,
                "notation": notation::format_placement(set, p),
            })
        })
        .collect();
    let players: Vec<Value> = Colour::ALL
        .iter()
        .map(|&c| {
            json!({
                "colour": colour(c),
                "seat": view.seat_of(c).map(seat_json),
                "hand_size": view.hand_size(c),
                "hand": view.hand_of(c).map(tiles),
            })
        })
        .collect();
    let seats: Vec<Value> = (0..2)
        .map(|s| {
            let seat = Seat(s);
            let c = view.seat_of(Colour::Black).map(|b| {
                if b == seat {
                    Colour::Black
                } else {
                    Colour::White
                }
            });
            json!({ "seat": s, "name": cx.seat_names[seat.index()], "colour": c.map(colour) })
        })
        .collect();
    let turn = match cx.turn {
        Turn::Seat(seat) => json!({
            "kind": "seat",
            "seat": seat_json(seat),
            "colour": view.table().to_move.map(colour),
        }),
        Turn::Chance => json!({ "kind": "chance" }),
        Turn::Over => json!({ "kind": "over" }),
    };
    let draws: Vec<Value> = view
        .table()
        .draws
        .iter()
        .map(|&(c, n)| json!({ "colour": colour(c), "count": n }))
        .collect();
    let result = if let Some(w) = view.winner() {
        json!({ "winner": colour(w), "reason": "empty-hand" })
    } else if view.table().passes >= 2 {
        let [b, w] = [Colour::Black, Colour::White].map(|c| view.hand_size(c));
        let winner = match b.cmp(&w) {
            std::cmp::Ordering::Less => Some(Colour::Black),
            std::cmp::Ordering::Greater => Some(Colour::White),
            std::cmp::Ordering::Equal => None,
        };
        json!({ "winner": winner.map(colour), "reason": "both-passed" })
    } else {
        Value::Null
    };
    json!({
        "game": "triles",
        "variants": cx.variants,
        "viewer": view.seat().map(|seat| json!({
            "seat": seat_json(seat),
            "colour": view.colour().map(colour),
        })),
        "seats": seats,
        "turn": turn,
        "tiles": placed,
        "hand": view.hand().map(tiles),
        "players": players,
        "pool_size": view.pool_size(),
        "next": view.table().next.map(|t| set.name(t)),
        "pending": {
            "extra": view.table().extra,
            "give": view.table().gift_pending,
            "draws": draws,
        },
        "passes": view.table().passes,
        "result": result,
        "types": types,
    })
}

/// An action's parts, the JSON of [`trio_core::Game::action_parts`].
pub fn action_parts(set: &TileSet, action: &Action) -> Value {
    match *action {
        Action::Place(p) => json!({"kind": "place", "tile": set.name(p.tile),
            "x": p.cell.x, "y": p.cell.y, "rotation": p.rotation}),
        Action::Draw => json!({"kind": "draw"}),
        Action::Pass => json!({"kind": "pass"}),
        Action::Give(tile) => json!({"kind": "give", "tile": set.name(tile)}),
        Action::Decline => json!({"kind": "give", "tile": null}),
        Action::Tile(_) | Action::Black(_) | Action::First(_) => json!({"kind": "chance"}),
    }
}
