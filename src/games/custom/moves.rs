//! Per-cell move tables of one side: where a piece on each of its cells can move, and
//! where a piece on each of its cells can have come from (for the parents), as runs of
//! cells along the side's [`Ray`]s, worked out once per board.
//!
//! A side's pieces stand on its *own cells* (the cells its positions may hold: every free
//! cell, or those its start can reach, [`super::board::Span`]), numbered 0.. in board
//! order; a [`Target`] gives both that number (for ranking the side's new set) and the
//! board cell (for telling whether the other side stands there).

use std::collections::TryReserveError;

use crate::grid::{Coord, Grid};

use super::index::NO_CELL;
use super::rules::Ray;

/// One cell a move can end on (or, in [`Moves::back`], start from).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The side's own number of the cell.
    pub local: u16,
    /// The board cell (row-major).
    pub cell: u16,
    /// How many targets after this one belong to the same slide: they are out of reach
    /// when a piece stands on this one. 0 for a jump.
    pub rest: u16,
}

/// Lists of targets, one per own cell.
#[derive(Clone, Debug, Default)]
pub struct Targets {
    starts: Vec<u32>,
    list: Vec<Target>,
}

impl Targets {
    /// The targets of own cell `local`.
    #[inline(always)]
    pub fn of(&self, local: u16) -> &[Target] {
        let at = usize::from(local);
        &self.list[self.starts[at] as usize..self.starts[at + 1] as usize]
    }

    /// Every target, cell by cell.
    pub fn list(&self) -> &[Target] {
        &self.list
    }

    /// The longest list.
    pub fn most(&self) -> usize {
        self.starts
            .windows(2)
            .map(|w| (w[1] - w[0]) as usize)
            .max()
            .unwrap_or(0)
    }
}

/// A side's moves on one board.
#[derive(Clone, Debug)]
pub struct Moves {
    /// Where a piece on each own cell can move (pieces aside).
    pub forth: Targets,
    /// Where a piece on each own cell can have come from (pieces aside): the same rays
    /// walked backwards.
    pub back: Targets,
}

impl Moves {
    /// The tables of a side moving along `rays` on `grid`, its pieces on `cells` (board
    /// cells, ascending); `local_of` gives each board cell's own number or [`NO_CELL`].
    ///
    /// # Errors
    /// When their memory cannot be had: it is reserved before they are filled, for as
    /// many targets as the rays can reach, so that a game built under a memory limit is
    /// refused there instead of aborting.
    pub fn new(
        grid: &Grid,
        rays: &[Ray],
        cells: &[u16],
        local_of: &[u16],
    ) -> Result<Moves, TryReserveError> {
        // A run along a ray leaves the board after as many steps as its longer side.
        let side = grid.rows().max(grid.cols());
        let reach: usize = rays.iter().map(|ray| usize::from(ray.len.min(side))).sum();
        let table = |sign: i32| -> Result<Targets, TryReserveError> {
            let mut targets = Targets::default();
            targets.starts.try_reserve_exact(cells.len() + 1)?;
            targets.list.try_reserve_exact(cells.len() * reach)?;
            for &cell in cells {
                targets.starts.push(targets.list.len() as u32);
                for ray in rays {
                    let first = targets.list.len();
                    run(
                        grid,
                        grid.coord(cell),
                        ray,
                        sign,
                        local_of,
                        |local, cell| {
                            targets.list.push(Target {
                                local,
                                cell,
                                rest: 0,
                            });
                        },
                    );
                    if ray.slide {
                        let run = &mut targets.list[first..];
                        let len = run.len();
                        for (i, target) in run.iter_mut().enumerate() {
                            target.rest = (len - 1 - i) as u16;
                        }
                    }
                }
            }
            targets.starts.push(targets.list.len() as u32);
            Ok(targets)
        };
        Ok(Moves {
            forth: table(1)?,
            back: table(-1)?,
        })
    }
}

/// Calls `f(own number, board cell)` for the own cells along `ray` from `at`, walked
/// forwards (`sign` 1) or backwards (−1): a slide stops at the first cell that is off the
/// board, an obstacle or not an own cell; a jump only leaves those out.
fn run(
    grid: &Grid,
    at: Coord,
    ray: &Ray,
    sign: i32,
    local_of: &[u16],
    mut f: impl FnMut(u16, u16),
) {
    for step in 1..=i32::from(ray.len) {
        let row = i32::from(at.row) + sign * step * ray.dr;
        let col = i32::from(at.col) + sign * step * ray.dc;
        let on_board = (0..i32::from(grid.rows())).contains(&row)
            && (0..i32::from(grid.cols())).contains(&col);
        if !on_board {
            break;
        }
        let cell = grid.cell(Coord::new(row as u16, col as u16));
        let local = local_of[usize::from(cell)];
        if local != NO_CELL {
            f(local, cell);
        } else if ray.slide {
            break;
        }
    }
}

/// The cells a side's pieces can reach from `from` by moves along `rays` over free cells
/// of `grid`, other pieces left out (slides stop at obstacles, jumps pass them), marked
/// by board cell.
pub fn reach(grid: &Grid, from: &[Coord], rays: &[Ray]) -> Vec<bool> {
    let free: Vec<u16> = (0..grid.len())
        .map(|c| {
            if grid.is_free(grid.coord(c as u16)) {
                0
            } else {
                NO_CELL
            }
        })
        .collect();
    let mut marked = vec![false; grid.len()];
    let mut todo = from.to_vec();
    while let Some(at) = todo.pop() {
        let cell = usize::from(grid.cell(at));
        if marked[cell] {
            continue;
        }
        marked[cell] = true;
        for ray in rays {
            run(grid, at, ray, 1, &free, |_, cell| {
                todo.push(grid.coord(cell))
            });
        }
    }
    marked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn most_is_the_longest_list() {
        // A one-step orthogonal mover on an open 3×3 board: 4 targets from the centre,
        // 3 from an edge's middle, 2 from a corner, the same walked back.
        let grid = Grid::open(3, 3);
        let rays: Vec<Ray> = [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .map(|(dr, dc)| Ray {
                dr,
                dc,
                len: 1,
                slide: true,
            })
            .to_vec();
        let cells: Vec<u16> = (0..9).collect();
        let moves = Moves::new(&grid, &rays, &cells, &cells).unwrap();
        let lengths: Vec<usize> = cells.iter().map(|&c| moves.forth.of(c).len()).collect();
        assert_eq!(lengths, [2, 3, 2, 3, 4, 3, 2, 3, 2]);
        assert_eq!((moves.forth.most(), moves.back.most()), (4, 4));
    }
}
