//! Game states: hands and the pool ([`Tiles`]), what a state, a view and a setup share
//! ([`Table`]), the [`State`] of a game, and the unchecked [`Setup`] that the notation
//! reads and fixtures write, with its checked conversion into a state
//! ([`State::from_setup`]) reporting every reason it is not a position. Uses `tileset`, `lines`, `board`, `moves` and `movegen`. Rules:
//! `docs/rules/triles.md` ("Setup", "Grid, rotation, notation").

use std::fmt;

use arrayvec::ArrayVec;
use thiserror::Error;
use trio_core::Seat;

use crate::board::{Board, Cell, Geometry, Placement};
use crate::lines::Line;
use crate::movegen;
use crate::moves::Violation;
use crate::tileset::{Colour, TileId, TileSet, HAND_SIZE, MAX_TYPES};

/// A multiset of tile types: a hand or the pool.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tiles {
    counts: [u8; MAX_TYPES],
    len: u16,
    /// A bit per type present, by [`TileId::index`].
    present: u64,
}

impl Default for Tiles {
    fn default() -> Self {
        Self::NONE
    }
}

impl fmt::Debug for Tiles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.iter().map(|(t, n)| (t.0, n)))
            .finish()
    }
}

impl Tiles {
    /// No tiles: the hand of a seat whose colour is not drawn yet.
    pub(crate) const NONE: Tiles = Tiles {
        counts: [0; MAX_TYPES],
        len: 0,
        present: 0,
    };

    /// Every copy of every type of `set`.
    pub fn full(set: &TileSet) -> Self {
        let mut tiles = Tiles::default();
        for id in set.ids() {
            tiles.add_n(id, set.tile(id).copies());
        }
        tiles
    }

    pub fn count(&self, tile: TileId) -> u8 {
        self.counts[tile.index()]
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Types present, with their counts, in set order.
    pub fn iter(&self) -> impl Iterator<Item = (TileId, u8)> + Clone + '_ {
        let mut rest = self.present;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                (TileId(i as u8), self.counts[i])
            })
        })
    }

    /// The types present, a bit each by [`TileId::index`].
    pub(crate) fn type_mask(&self) -> u64 {
        self.present
    }

    pub fn add(&mut self, tile: TileId) {
        self.add_n(tile, 1);
    }

    pub fn add_n(&mut self, tile: TileId, n: u8) {
        self.counts[tile.index()] += n;
        self.len += u16::from(n);
        if n > 0 {
            self.present |= 1 << tile.index();
        }
    }

    /// Takes one tile out; `false` (and nothing changes) when there is none.
    pub fn remove(&mut self, tile: TileId) -> bool {
        let c = &mut self.counts[tile.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        if *c == 0 {
            self.present &= !(1 << tile.index());
        }
        self.len -= 1;
        true
    }
}

/// Draws owed to players, settled before anything else, in order: at most the
/// opponent's, then the mover's.
pub type Draws = ArrayVec<(Colour, u8), 2>;

/// What a [`State`], a [`crate::View`] and a [`Setup`] all record besides the tiles: who plays
/// which colour, whose turn it is and what is owed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    /// The face-up next tile of the pool (`open-pool`).
    pub next: Option<TileId>,
    /// The seat playing black; `None` while colours are not drawn (`black:?`).
    pub black: Option<Seat>,
    /// The colour to move; during the setup, the one that will move first; `None` while
    /// it is not drawn (`?`).
    pub to_move: Option<Colour>,
    /// Extra placements owed to the mover for its loops.
    pub extra: u8,
    /// The mover is to choose the wedge gift.
    pub gift_pending: bool,
    pub draws: Draws,
    /// Consecutive turns that began with a pass.
    pub passes: u8,
}

impl Table {
    /// Before the first chance event: colours and the first mover as the options fix them
    /// (`None`: drawn by chance), nothing owed.
    fn new_game(black: Option<Seat>, first: Option<Colour>) -> Self {
        Table {
            next: None,
            black,
            to_move: first,
            extra: 0,
            gift_pending: false,
            draws: Draws::new(),
            passes: 0,
        }
    }
}

/// A position of Triles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub(crate) board: Board,
    /// Indexed by [`Colour::index`].
    pub(crate) hands: [Tiles; 2],
    /// Face down; in `open-pool` without the visible `next` tile.
    pub(crate) pool: Tiles,
    pub(crate) table: Table,
    pub(crate) winner: Option<Colour>,
}

impl State {
    /// The one constructor: a board (laid from `setup.board`, unchecked) and the rest of
    /// `setup`. After the setup, a player without tiles has won.
    pub(crate) fn assemble(board: Board, setup: Setup) -> Self {
        debug_assert_eq!(board.placements(), setup.board.as_slice());
        let winner = if setup.board.is_empty() {
            None
        } else {
            Colour::ALL
                .into_iter()
                .find(|c| setup.hands[c.index()].is_empty())
        };
        State {
            board,
            hands: setup.hands,
            pool: setup.pool,
            table: setup.table,
            winner,
        }
    }

    /// Who plays which colour, whose turn it is and what is owed in this position.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The placements in the order they were made; the first is the starting tile.
    pub fn placements(&self) -> &[Placement] {
        self.board.placements()
    }

    pub fn hand(&self, colour: Colour) -> &Tiles {
        &self.hands[colour.index()]
    }

    /// The tiles face down in the pool (in `open-pool`, without [`Table::next`]).
    pub fn pool(&self) -> &Tiles {
        &self.pool
    }

    /// Empty cells next to placed tiles.
    pub fn frontier(&self) -> &[Cell] {
        self.board.frontier()
    }

    /// Every line on the table.
    pub fn lines(&self) -> Vec<Line> {
        self.board.lines.lines()
    }

    /// The seat playing `colour`, once colours are drawn.
    pub fn seat_of(&self, colour: Colour) -> Option<Seat> {
        self.table.black.map(|b| {
            if colour == Colour::Black {
                b
            } else {
                Seat(1 - b.0)
            }
        })
    }

    /// The colour `seat` plays, once colours are drawn.
    pub fn colour_of(&self, seat: Seat) -> Option<Colour> {
        self.table.black.map(|b| {
            if b == seat {
                Colour::Black
            } else {
                Colour::White
            }
        })
    }

    pub(crate) fn pool_len(&self) -> usize {
        self.pool.len() + usize::from(self.table.next.is_some())
    }

    pub(crate) fn set_up(&self) -> bool {
        !self.board.placements().is_empty()
    }

    pub(crate) fn is_over(&self) -> bool {
        self.winner.is_some() || self.table.passes >= 2
    }

    pub(crate) fn mover(&self) -> Colour {
        self.table.to_move.expect("colours are drawn before play")
    }
}

/// A position as written down, not yet checked: what the notation reads
/// (`notation::parse_setup`) and fixtures build. [`State::from_setup`] makes it a
/// state or says every reason it is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The placements in the order they were made, the starting tile first.
    pub board: Vec<Placement>,
    /// Indexed by [`Colour::index`].
    pub hands: [Tiles; 2],
    /// The face-down pool.
    pub pool: Tiles,
    pub table: Table,
}

impl Setup {
    /// Before the first chance event: every tile in the pool, colours and the first mover
    /// as the options fix them (`None`: drawn by chance).
    pub fn new_game(set: &TileSet, black: Option<Seat>, first: Option<Colour>) -> Self {
        Setup {
            board: Vec::new(),
            hands: [Tiles::default(); 2],
            pool: Tiles::full(set),
            table: Table::new_game(black, first),
        }
    }

    /// The board laid as far as it fits, and every reason this is not a position.
    pub(crate) fn faults(
        &self,
        set: &TileSet,
        geometry: &Geometry,
        open_pool: bool,
    ) -> (Board, Vec<SetupFault>) {
        let mut faults = Vec::new();
        let mut board = Board::new(set);
        let types = set.types().len();
        let known = |t: TileId| t.index() < types;
        let name = |t: TileId| set.name(t).to_owned();
        let unknown: Vec<u8> = self
            .board
            .iter()
            .map(|p| p.tile)
            .chain(
                self.hands
                    .iter()
                    .chain([&self.pool])
                    .flat_map(|h| h.iter().map(|(t, _)| t)),
            )
            .chain(self.table.next)
            .filter(|&t| !known(t))
            .map(|t| t.0)
            .collect();
        for t in unknown {
            faults.push(SetupFault::UnknownTile(t));
        }
        if self.board.len() > set.total_tiles() {
            faults.push(SetupFault::TooManyPlaced {
                placed: self.board.len(),
                total: set.total_tiles(),
            });
        } else if faults.is_empty() {
            // Replay the board while it fits; what follows a misfit is not checked.
            for (i, &p) in self.board.iter().enumerate() {
                let (tile, cell, rotation) = (name(p.tile), p.cell, p.rotation);
                if i == 0 && (cell != Cell::new(0, 0) || rotation != 0) {
                    faults.push(SetupFault::StartTile {
                        tile,
                        cell,
                        rotation,
                    });
                    break;
                }
                if let Err(violation) = movegen::fits(geometry, &board, p) {
                    faults.push(SetupFault::Misfit {
                        tile,
                        cell,
                        rotation,
                        violation,
                    });
                    break;
                }
                board.place(set, geometry, p);
            }
        }
        for id in set.ids() {
            let on_board = self.board.iter().filter(|q| q.tile == id).count();
            let held: usize = self
                .hands
                .iter()
                .chain([&self.pool])
                .map(|h| usize::from(h.count(id)))
                .sum();
            let found = on_board + held + usize::from(self.table.next == Some(id));
            let copies = usize::from(set.tile(id).copies());
            if found != copies {
                faults.push(SetupFault::TileCount {
                    tile: name(id),
                    found,
                    copies,
                });
            }
        }
        if self.table.next.is_some() && !open_pool {
            faults.push(SetupFault::NextWithoutOpenPool);
        }
        let [black, white] = [0, 1].map(|i| self.hands[i].len());
        let drawn = self.table.black.is_some() && self.table.to_move.is_some();
        if self.board.is_empty() {
            let pending = self.table.extra > 0
                || self.table.gift_pending
                || !self.table.draws.is_empty()
                || self.table.passes > 0
                || self.table.next.is_some();
            if pending {
                faults.push(SetupFault::OwedBeforeStart);
            }
            if !drawn && black + white > 0 {
                faults.push(SetupFault::DealBeforeColours);
            }
            if black > HAND_SIZE || white > HAND_SIZE || (white > 0 && black < HAND_SIZE) {
                faults.push(SetupFault::Deal);
            }
        } else {
            if !drawn {
                faults.push(SetupFault::StartBeforeColours);
            }
            if black == 0 && white == 0 {
                faults.push(SetupFault::BothHandsEmpty);
            }
        }
        let pool_len = self.pool.len() + usize::from(self.table.next.is_some());
        if !self.table.draws.is_empty() && pool_len == 0 {
            faults.push(SetupFault::DrawsFromEmptyPool);
        }
        if !self.table.draws.is_empty() && self.table.next.is_some() {
            faults.push(SetupFault::DrawsWithNext);
        }
        (board, faults)
    }
}

impl From<&State> for Setup {
    fn from(state: &State) -> Setup {
        Setup {
            board: state.placements().to_vec(),
            hands: state.hands,
            pool: state.pool,
            table: state.table.clone(),
        }
    }
}

/// One reason a [`Setup`] is not a position of Triles.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupFault {
    #[error("tile type #{0} is not in the set")]
    UnknownTile(u8),
    #[error("{placed} tiles on the board, the set has {total}")]
    TooManyPlaced { placed: usize, total: usize },
    #[error("the starting tile {tile}@{cell},{rotation} must lie on 0,0 with rotation 0")]
    StartTile {
        tile: String,
        cell: Cell,
        rotation: u8,
    },
    #[error("{tile}@{cell},{rotation} does not fit: {violation}")]
    Misfit {
        tile: String,
        cell: Cell,
        rotation: u8,
        violation: Violation,
    },
    #[error("tile {tile}: {found} in the position, the set has {copies}")]
    TileCount {
        tile: String,
        found: usize,
        copies: usize,
    },
    #[error("next: is only shown in the open-pool variant")]
    NextWithoutOpenPool,
    #[error("nothing can be owed before the starting tile is laid")]
    OwedBeforeStart,
    #[error("colours and the first mover are drawn before the deal")]
    DealBeforeColours,
    #[error("the deal gives black {HAND_SIZE} tiles, then white {HAND_SIZE}")]
    Deal,
    #[error("colours and the first mover are drawn before the starting tile")]
    StartBeforeColours,
    #[error("both hands are empty")]
    BothHandsEmpty,
    #[error("draws are owed from an empty pool")]
    DrawsFromEmptyPool,
    #[error("an owed draw would already have taken the next tile")]
    DrawsWithNext,
}

/// Why a [`Setup`] is not a position: every reason found, never none. The message joins
/// them with `; `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", .faults.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct SetupError {
    pub faults: Vec<SetupFault>,
}
