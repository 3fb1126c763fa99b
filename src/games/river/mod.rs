//! River pawn (过河卒, RULES §1): two red pieces try to stop the black pawn from reaching
//! the top row.
//!
//! Positions are indexed over the board's *free* cells only, with the two red pieces as
//! an unordered pair: `((black · pairs + pair) << 1) | side`, side 0 = red to move. The
//! black piece's free-cell number is the most significant part, and free cells are
//! numbered row by row, so positions come grouped by black's row: the game's tiers
//! ([`Game::tier_ends`](crate::Game::tier_ends)), solved from the top row down, since every
//! move stays in its row or takes black one row up.
//!
//! A game may index every placement of the pieces ([`Span::Whole`], what the page shows)
//! or only those its start can lead to ([`Span::FromStart`], what the command line solves:
//! see [`Reach`] for why that answers the start exactly).
//!
//! Its parts: the board as drawn and read (`board.rs`), the positions a game indexes
//! (`reach.rs`), the memory a board needs and the limit on it (`needs.rs`), the rules over
//! those positions (`rules.rs`), what the page shows of them (`view.rs`) and the contest
//! format ([`contest`]).

use std::collections::TryReserveError;

use crate::contest::{ContestError, Reader};
use crate::game::Position;
use crate::games::kind::{About, Build, Contents, Drawn, Kind, Limits, Side};
use crate::words;

mod board;
pub mod contest;
mod needs;
mod reach;
mod rules;
mod view;

pub use board::{BoardError, RiverBoard, BLACK, MAX_CELLS, MAX_SQUARE, MIN_ROWS, RED};
pub use needs::{max_needs, LIMIT_SIDE};
pub use reach::{Reach, Span};
pub use rules::{River, RiverPosition};

/// River as the list of games knows it ([`Kind`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RiverKind;

impl Kind for RiverKind {
    type Board = RiverBoard;
    type BoardError = BoardError;

    fn about(&self) -> About {
        About {
            name: "river",
            summary: words::RIVER_SUMMARY.into(),
            help: contest::HELP,
            limits: Limits {
                min_rows: MIN_ROWS as u16,
                max_rows: MAX_CELLS as u16,
                min_cols: 1,
                max_cols: (MAX_CELLS / MIN_ROWS) as u16,
                max_cells: MAX_CELLS as u32,
                square: false,
                max_side: MAX_SQUARE,
                max_bytes: max_needs(),
            },
        }
    }

    fn contents(&self) -> Contents {
        Contents {
            sides: [
                Side {
                    name: "Red".into(),
                    letter: Some(RED),
                    pieces: 2,
                },
                Side {
                    name: "Black".into(),
                    letter: Some(BLACK),
                    pieces: 1,
                },
            ],
            first: 0,
            obstacles: true,
            max_weight: 0,
        }
    }

    fn parse(&self, text: &str) -> Result<RiverBoard, BoardError> {
        text.parse()
    }

    fn draw(&self, board: &RiverBoard) -> Drawn {
        let (rows, cols) = self.size(board);
        Drawn::Cells {
            rows,
            cols,
            cells: board.to_string().chars().filter(|&c| c != '\n').collect(),
        }
    }

    fn contest_text(&self, board: &RiverBoard) -> String {
        contest::write(board)
    }

    fn build<B: Build>(&self, board: RiverBoard, to: B) -> Result<B::Output, TryReserveError> {
        River::try_spanning(board, Span::Whole).map(|game| to.valued(game))
    }

    /// Black's rows among every placement of the pieces.
    fn table_tiers(&self, board: &RiverBoard) -> Option<Vec<Position>> {
        Some(board.tier_ends(Span::Whole))
    }

    /// The positions the start can lead to ([`Span::FromStart`]), as the command line
    /// solves them.
    fn answering<B: Build>(&self, board: RiverBoard, to: B) -> Result<B::Output, TryReserveError> {
        River::try_spanning(board, Span::FromStart).map(|game| to.valued(game))
    }

    /// Black's rows among the positions the start can lead to.
    fn answering_tiers(&self, board: &RiverBoard) -> Option<Vec<Position>> {
        Some(board.tier_ends(Span::FromStart))
    }

    fn size(&self, board: &RiverBoard) -> (u16, u16) {
        (board.grid.rows(), board.grid.cols())
    }

    fn reader(&self) -> impl Reader<Board = RiverBoard> + 'static {
        contest::reader()
    }

    fn problem(&self, text: &str) -> Result<RiverBoard, ContestError> {
        contest::problem(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board of `rows` × `cols`: the reds on its first two cells, black on its last, the
    /// other cells free (`open`) or walls.
    fn board(rows: u16, cols: u16, open: bool) -> String {
        let cells = usize::from(rows) * usize::from(cols);
        let mut text = String::new();
        for cell in 0..cells {
            text.push(match cell {
                0 | 1 => 'O',
                _ if cell + 1 == cells => 'X',
                _ if open => '.',
                _ => '#',
            });
            if (cell + 1) % usize::from(cols) == 0 {
                text.push('\n');
            }
        }
        text
    }

    #[test]
    fn the_limits_are_the_boards_the_parser_takes() {
        let limits = RiverKind.about().limits;
        let (rows, cols) = (
            limits.min_rows..=limits.max_rows,
            limits.min_cols..=limits.max_cols,
        );
        for (r, c) in [(*rows.start(), *cols.end()), (*rows.end(), *cols.start())] {
            assert_eq!(u32::from(r) * u32::from(c), limits.max_cells);
            assert!(RiverKind.parse(&board(r, c, false)).is_ok(), "{r}×{c}");
        }
        for (r, c) in [
            (*rows.start() - 1, *cols.end()),
            (*rows.start(), *cols.end() + 1),
            (*rows.end() + 1, *cols.start()),
        ] {
            assert!(RiverKind.parse(&board(r, c, false)).is_err(), "{r}×{c}");
        }
    }

    #[test]
    fn within_the_sizes_open_boards_are_limited_by_the_memory_they_need() {
        let limits = RiverKind.about().limits;
        assert_eq!(limits.max_bytes, max_needs());
        assert!(RiverKind.parse(&board(576, 1, true)).is_ok());
        assert!(RiverKind.parse(&board(24, 24, true)).is_ok());
        let refused = RiverKind.parse(&board(2, 288, true)).unwrap_err();
        assert!(matches!(refused, BoardError::TooBig(_)), "{refused:?}");
        assert_eq!(
            refused.to_string(),
            "the board needs 1527 MB to answer its start and 1527 MB for its whole table; \
             retrolab solves river boards needing at most 128 MB and 477 MB (what the open \
             24×24 board needs)"
        );
    }
}
