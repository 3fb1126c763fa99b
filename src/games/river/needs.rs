//! The memory a river board needs, solved the command line's way and the page's, and the
//! limit: no board is taken that needs more than the open 24×24 board.
//!
//! Cells alone do not bound memory. The command line keeps two of black's rows' records at
//! a time (to answer the start, [`Keep::TwoTiers`]) and the page every record
//! ([`Keep::All`]); both also queue the positions of one row at a time. A row holds
//! black's cells in it times every placement of the reds, so the boards of 576 cells with
//! the longest rows need the most: 2 × 288 needs twelve times what 24 × 24 does to answer.

use std::sync::OnceLock;

use super::board::{RiverBoard, MAX_CELLS};
use super::reach::Span;
use crate::games::kind::Needs;
use crate::grid::{Coord, Grid};
use crate::retro::{bytes_needed, Keep};

/// Side of the square board whose needs are the limit.
pub const LIMIT_SIDE: u16 = 24;

impl RiverBoard {
    /// The bytes its analysis needs: to answer its start as the command line does (the
    /// positions its start can lead to, tier by tier, two tiers' records at a time), and
    /// for its whole table as the page keeps it (every position, every record).
    pub fn needs(&self) -> Needs {
        Needs {
            answer: bytes_needed(&self.tier_ends(Span::FromStart), Keep::TwoTiers),
            table: bytes_needed(&self.tier_ends(Span::Whole), Keep::All),
        }
    }

    /// Whether it needs no more than [`max_needs`], both ways.
    pub fn fits(&self) -> bool {
        self.needs().within(&max_needs())
    }
}

/// The most a board may need, each way: what the open 24×24 board needs (reds in the top
/// corner, black in the bottom row, so black can reach every cell). Checking an answer
/// with `--verify` keeps every record of the positions the start can lead to, which is
/// at most the whole table: within this limit too.
pub fn max_needs() -> Needs {
    static LIMIT: OnceLock<Needs> = OnceLock::new();
    *LIMIT.get_or_init(|| {
        let side = LIMIT_SIDE;
        debug_assert_eq!(usize::from(side) * usize::from(side), MAX_CELLS);
        let open = RiverBoard {
            grid: Grid::open(side, side),
            reds: [Coord::new(0, 0), Coord::new(0, 1)],
            black: Coord::new(side - 1, side - 1),
        };
        open.needs()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::megabytes;

    /// An open board of `rows` × `cols`: the reds on its first two cells, black on its last.
    fn open(rows: u16, cols: u16) -> RiverBoard {
        let grid = Grid::open(rows, cols);
        RiverBoard {
            reds: [grid.coord(0), grid.coord(1)],
            black: Coord::new(rows - 1, cols - 1),
            grid,
        }
    }

    #[test]
    fn the_limit_is_what_the_open_24x24_board_needs() {
        // Black's row: 24 cells times 576 · 575 ordered placements of the reds (both
        // sides to move) is 7 948 800 positions; 190 771 200 in all.
        let row = 7_948_800u64;
        let all = 190_771_200u64;
        let queues = 2 * 4 * (row + crate::game::MAX_PARENTS as u64);
        assert_eq!(
            max_needs(),
            Needs {
                answer: 2 * 2 * row + queues + 4 * row,
                table: 2 * all + queues + 4 * row,
            }
        );
        assert!(open(24, 24).fits());
    }

    #[test]
    fn the_help_states_the_limit() {
        let figure = format!("at most {} MB to answer", megabytes(max_needs().answer));
        assert!(
            super::super::contest::HELP.text().contains(&figure),
            "{figure}"
        );
    }

    #[test]
    fn long_rows_need_more_than_the_limit() {
        let limit = max_needs();
        for (rows, cols) in [(2, 288), (3, 192), (23, 25), (12, 48)] {
            let needs = open(rows, cols).needs();
            assert!(needs.answer > limit.answer, "{rows}×{cols}: {needs:?}");
            assert!(!open(rows, cols).fits());
        }
        for (rows, cols) in [(25, 23), (48, 12), (576, 1), (10, 10)] {
            assert!(open(rows, cols).fits(), "{rows}×{cols}");
        }
    }

    #[test]
    fn walls_that_shut_black_in_shrink_what_an_answer_needs() {
        // Black in a pocket of two cells in the bottom row of a 2 × 288 board, walled off
        // from the rest: the start leads to few positions, but the whole table is still
        // nearly as big as the open board's.
        let mut board = open(2, 288);
        board.reds = [Coord::new(0, 3), Coord::new(0, 4)];
        board.black = Coord::new(1, 1);
        for wall in [(1, 0), (1, 3), (0, 1), (0, 2)] {
            board.grid.set_blocked(Coord::new(wall.0, wall.1), true);
        }
        let needs = board.needs();
        assert!(needs.answer < max_needs().answer / 10, "{needs:?}");
        assert!(needs.table > max_needs().table, "{needs:?}");
        assert!(!board.fits());
    }
}
