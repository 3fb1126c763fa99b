//! The positions a river game indexes ([`Span`]): every placement of the pieces, or only
//! those its start can lead to ([`Reach`], with the proof that solving those answers the
//! start exactly).

use super::board::RiverBoard;
use crate::game::Position;
use crate::grid::{Coord, Dir, Grid};

/// Which positions a [`River`](super::River) game indexes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Span {
    /// Every placement of the pieces on free cells, both sides to move: the page's heatmap
    /// and replay may ask for any of them.
    #[default]
    Whole,
    /// Black on the cells its start can walk to, the reds in the regions their start cells
    /// belong to: every position the start can lead to, and only a few more ([`Reach`]).
    FromStart,
}

/// The cells the pieces stand on in the positions a game indexes (board cell numbers,
/// row-major): black on [`Reach::black`], each red on [`Reach::red`].
///
/// For [`Span::FromStart`], `black` holds the cells the black piece can walk to from its
/// start (steps up, left or right onto free cells) and `red` every free cell of the
/// regions (free cells joined by steps in the four directions) of the two red pieces'
/// start cells.
///
/// **Why solving those positions alone answers the start exactly.** Let `S` be the
/// positions with black on `black` and both reds on `red`, either side to move.
/// 1. `S` holds the start, and every move from a position of `S` leads into `S`: black
///    steps up, left or right onto a free cell, which the walk from its start reaches
///    too; a red steps onto a free neighbour, in the region it stands in. (Pieces in each
///    other's way only forbid moves, and a capture leaves every piece on its cell.)
/// 2. Retrograde analysis gives a position its value from its children alone: a win in
///    `n` has a child lost in `n − 1` and none lost sooner; a loss in `n` has every child
///    won, the slowest in `n − 1`; a tie is neither, for any `n`. The positions of `S`
///    have the same children in the game restricted to `S` as in the whole game (1), so,
///    by induction on `n`, the same positions of `S` are won and lost in `n` in both, and
///    the rest of `S` are ties in both.
///
/// So the restricted game gives the start, and every position of `S`, its value and
/// remoteness in the whole game (property-tested against the whole table on random boards
/// in `tests/suite/river.rs`). Parents outside `S` (a black piece that came from a cell its start
/// never reaches) are simply not listed: they are no positions of the restricted game. On a
/// board without walls the reds' set is every cell and black's every row from its own up
/// (all of them when it starts in the bottom row); a black piece shut in a few cells makes
/// the game a few hundred times smaller.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The black piece's cells.
    pub black: Vec<u16>,
    /// The red pieces' cells.
    pub red: Vec<u16>,
}

impl Reach {
    /// Where the positions with black in each row end, the top row first
    /// ([`Game::tier_ends`](crate::Game::tier_ends)): each black cell has a block of
    /// `2 · pairs` positions.
    pub(super) fn tier_ends(&self, grid: &Grid) -> Vec<Position> {
        let red = self.red.len() as u32;
        let block = red * red.saturating_sub(1);
        (0..grid.rows())
            .map(|row| {
                let cells = self.black.iter().filter(|&&c| grid.coord(c).row <= row);
                cells.count() as u32 * block
            })
            .collect()
    }
}

impl RiverBoard {
    /// The cells the pieces stand on in the positions of `span` ([`Reach`]).
    pub fn reach(&self, span: Span) -> Reach {
        let grid = &self.grid;
        let (black, red) = match span {
            Span::Whole => {
                let free = vec![true; grid.len()];
                (free.clone(), free)
            }
            Span::FromStart => (
                walk(grid, &[self.black], &[Dir::Up, Dir::Left, Dir::Right]),
                walk(grid, &self.reds, &Dir::ALL),
            ),
        };
        let cells = |marked: Vec<bool>| -> Vec<u16> {
            grid.coords()
                .filter(|&c| grid.is_free(c) && marked[usize::from(grid.cell(c))])
                .map(|c| grid.cell(c))
                .collect()
        };
        Reach {
            black: cells(black),
            red: cells(red),
        }
    }

    /// Where the positions of each row of black end in the game of `span` on this board
    /// ([`Game::tier_ends`](crate::Game::tier_ends)): cheap, for sizing memory before the
    /// game is built.
    pub fn tier_ends(&self, span: Span) -> Vec<Position> {
        self.reach(span).tier_ends(&self.grid)
    }
}

/// The cells a piece starting on `from` can walk to by steps in `dirs` onto free cells,
/// marked by cell number.
fn walk(grid: &Grid, from: &[Coord], dirs: &[Dir]) -> Vec<bool> {
    let mut marked = vec![false; grid.len()];
    let mut todo = from.to_vec();
    while let Some(at) = todo.pop() {
        let cell = usize::from(grid.cell(at));
        if marked[cell] {
            continue;
        }
        marked[cell] = true;
        let next = dirs.iter().filter_map(|&dir| grid.step(at, dir, 1));
        todo.extend(next.filter(|&to| grid.is_free(to)));
    }
    marked
}
