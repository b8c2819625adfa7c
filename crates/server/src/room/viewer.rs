//! Who looks at a game: a seat, seeing what its player may know, or a spectator, seeing
//! what everyone may. A named player looks through the tokens of the seats it sits in
//! (`Command::SeatTokens`), each a seat's viewer.

use trio_core::Seat;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    /// The viewer's seat; `None` for a spectator (as the rules' views take it).
    pub(crate) fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator => None,
        }
    }

    /// Every viewer of a game of `seats` seats: each seat, then a spectator; the order
    /// of [`Viewer::index`].
    pub(super) fn all(seats: usize) -> impl Iterator<Item = Viewer> {
        (0..seats)
            .map(|s| Viewer::Seat(Seat(s as u8)))
            .chain(std::iter::once(Viewer::Spectator))
    }

    /// Where the viewer stands in a list per seat then a spectator, of `seats` seats.
    pub(super) fn index(self, seats: usize) -> usize {
        self.seat().map_or(seats, Seat::index)
    }
}
