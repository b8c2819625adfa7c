//! The rules an illegal decision can break: their stable ids, as [`trio_core::Breach`]
//! names them, each explained in `docs/rules/triles.md` ("Rule ids"). `Violation` and the
//! rules (`Triles::breach`) say which one a refused decision breaks.

/// A placement or gift of a tile the mover does not hold.
pub const NOT_IN_HAND: &str = "triles.not-in-hand";
/// A rotation other than 0, 1 or 2.
pub const ROTATION: &str = "triles.rotation";
/// A placement on a cell that holds a tile.
pub const CELL_TAKEN: &str = "triles.cell-taken";
/// A placement on a cell that shares no edge with a placed tile.
pub const NOT_ADJACENT: &str = "triles.not-adjacent";
/// Rule 1: colours match on every shared edge.
pub const EDGE_MATCH: &str = "triles.edge-match";
/// Rule 2: the placement extends a line of the mover's colour.
pub const EXTEND_OWN_LINE: &str = "triles.extend-own-line";
/// Rule 3: no dot of the mover's colour.
pub const OWN_DOT: &str = "triles.own-dot";
/// Rule 4: no line of the mover's colour closed.
pub const CLOSE_OWN_LINE: &str = "triles.close-own-line";
/// `draw` while a placement is possible.
pub const DRAW_ONLY_WHEN_STUCK: &str = "triles.draw-only-when-stuck";
/// Ruling: with an empty pool the mover passes instead of drawing.
pub const EMPTY_POOL_PASS: &str = "triles.empty-pool-pass";
/// Ruling: an owed extra placement that cannot be made is passed, without a draw.
pub const OWED_PLACEMENT_PASS: &str = "triles.owed-placement-pass";
/// `pass` while a placement is possible.
pub const PASS_ONLY_WHEN_STUCK: &str = "triles.pass-only-when-stuck";
/// `pass` at the start of a turn while the pool has tiles: the mover draws.
pub const PASS_ONLY_WHEN_POOL_EMPTY: &str = "triles.pass-only-when-pool-empty";
/// Reward 3 comes before anything else: the wedge gift is chosen first.
pub const GIVE_FIRST: &str = "triles.give-first";
/// `give` without a wedge to reward.
pub const GIVE_ONLY_AFTER_WEDGE: &str = "triles.give-only-after-wedge";
/// A chance outcome (`draw:K`, `black:1`, `first:B`) played as a decision.
pub const CHANCE_ONLY: &str = "triles.chance-only";

/// Every id above.
pub const ALL: &[&str] = &[
    NOT_IN_HAND,
    ROTATION,
    CELL_TAKEN,
    NOT_ADJACENT,
    EDGE_MATCH,
    EXTEND_OWN_LINE,
    OWN_DOT,
    CLOSE_OWN_LINE,
    DRAW_ONLY_WHEN_STUCK,
    EMPTY_POOL_PASS,
    OWED_PLACEMENT_PASS,
    PASS_ONLY_WHEN_STUCK,
    PASS_ONLY_WHEN_POOL_EMPTY,
    GIVE_FIRST,
    GIVE_ONLY_AFTER_WEDGE,
    CHANCE_ONLY,
];
