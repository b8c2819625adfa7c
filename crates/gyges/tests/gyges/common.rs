//! Shared by the integration tests: a plain step-by-step move generator written straight
//! from the rules, to check the table-driven one against.

use std::collections::BTreeSet;

use trio_gyges::{Move, Position, SetupOrder, Side, Square, Variant};

/// Plain walker: one step at a time over a cell array, following the rules text.
struct Walker {
    cells: [u8; 36],
    side: Side,
    variant: Variant,
    from: usize,
    /// (end square or `None` for the goal) reached, and squares landed on at a segment end.
    ends: BTreeSet<Option<usize>>,
    landed: BTreeSet<usize>,
}

impl Walker {
    fn step(
        &mut self,
        at: usize,
        left: u8,
        stood: &mut Vec<usize>,
        crossed: &mut Vec<(usize, usize)>,
        bounced: &mut Vec<usize>,
    ) {
        let (file, rank) = (at % 6, at / 6);
        let moves: [(isize, isize); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        for (df, dr) in moves {
            let (nf, nr) = (file as isize + df, rank as isize + dr);
            if !(0..6).contains(&nf) || !(0..6).contains(&nr) {
                let across_goal = match self.side {
                    Side::South => nr == 6,
                    Side::North => nr == -1,
                };
                if across_goal && left == 1 {
                    self.ends.insert(None);
                }
                continue;
            }
            let next = (nr * 6 + nf) as usize;
            let border = (at.min(next), at.max(next));
            match self.variant {
                Variant::Seed if stood.contains(&next) => continue,
                Variant::Official if crossed.contains(&border) => continue,
                _ => {}
            }
            let occupied = next != self.from && self.cells[next] != 0;
            stood.push(next);
            crossed.push(border);
            if left > 1 {
                if !occupied {
                    self.step(next, left - 1, stood, crossed, bounced);
                }
            } else if !occupied {
                self.ends.insert(Some(next));
            } else if !(self.variant == Variant::Official && bounced.contains(&next)) {
                self.landed.insert(next);
                bounced.push(next);
                self.step(next, self.cells[next], stood, crossed, bounced);
                bounced.pop();
            }
            stood.pop();
            crossed.pop();
        }
    }
}

/// Every legal move, found by the plain walker and by comparing boards.
pub fn plain_moves(pos: &Position, variant: Variant) -> BTreeSet<Move> {
    let cells = pos.cells();
    let side = pos.side_to_move();
    let mut out = BTreeSet::new();
    if cells.iter().filter(|&&v| v != 0).count() < 12 {
        let home = match side {
            Side::South => 0..6,
            Side::North => 30..36,
        };
        if pos.winner().is_none() && cells[home].iter().all(|&v| v == 0) {
            out.extend(SetupOrder::all().iter().map(|&o| Move::Setup(o)));
        }
        return out;
    }
    let ranks: Vec<usize> = (0..36).filter(|&i| cells[i] != 0).map(|i| i / 6).collect();
    let active = match side {
        Side::South => *ranks.iter().min().unwrap(),
        Side::North => *ranks.iter().max().unwrap(),
    };
    for from in active * 6..active * 6 + 6 {
        if cells[from] == 0 {
            continue;
        }
        let mut w = Walker {
            cells,
            side,
            variant,
            from,
            ends: BTreeSet::new(),
            landed: BTreeSet::new(),
        };
        w.step(
            from,
            cells[from],
            &mut vec![from],
            &mut Vec::new(),
            &mut Vec::new(),
        );
        let sq = |i: usize| Square::from_index(i as u8).unwrap();
        for end in &w.ends {
            match end {
                None => {
                    out.insert(Move::Goal { from: sq(from) });
                }
                Some(to) if *to != from => {
                    out.insert(Move::Step {
                        from: sq(from),
                        to: sq(*to),
                    });
                }
                Some(_) => {}
            }
        }
        for &to in &w.landed {
            let mut after = cells;
            after[to] = cells[from];
            after[from] = 0;
            // The other pieces bound the drop: no nearer to the opponent than all of them.
            let other_ranks: Vec<usize> =
                (0..36).filter(|&i| after[i] != 0).map(|i| i / 6).collect();
            for drop in 0..36 {
                let allowed = match side {
                    Side::South => drop / 6 <= *other_ranks.iter().max().unwrap(),
                    Side::North => drop / 6 >= *other_ranks.iter().min().unwrap(),
                };
                if after[drop] != 0 || !allowed {
                    continue;
                }
                let mut board = after;
                board[drop] = cells[to];
                if board != cells {
                    out.insert(Move::Replace {
                        from: sq(from),
                        to: sq(to),
                        drop: sq(drop),
                    });
                }
            }
        }
    }
    out
}

/// Perft of the plain generator, exactly `depth` plies (a line that ends earlier counts
/// 0): slow, for small depths only.
pub fn plain_perft(pos: &Position, variant: Variant, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.winner().is_some() {
        return 0;
    }
    plain_moves(pos, variant)
        .iter()
        .map(|&mv| plain_perft(&pos.make_move(mv), variant, depth - 1))
        .sum()
}
