//! Chase (棋盘游戏, CQOI 2013, RULES §2): on an open `n × n` board, white steps one cell,
//! black one or two cells in a straight line; whoever moves onto the other piece wins.
//!
//! Positions are `((white · cells + black) << 1) | side` over all board cells (row-major),
//! side 0 = white to move. Positions with both pieces on one cell are the ends of the
//! game: the piece that just moved there captured, so the side to move has lost.
//!
//! Its parts: the board as drawn and read (`board.rs`), the rules over its positions
//! (`rules.rs`), what the page shows of them (`view.rs`) and the contest format
//! ([`contest`]).

use std::collections::TryReserveError;

use crate::contest::Reader;
use crate::game::Position;
use crate::games::kind::{About, Build, Contents, Drawn, Kind, Limits, Needs, Shared, Side};
use crate::grid::Coord;
use crate::retro::{bytes_needed, Keep};
use crate::words::{self, Arg};

mod board;
pub mod contest;
mod rules;
mod view;

pub use board::{BoardError, ChaseBoard, BLACK, MAX_SIDE, MIN_SIDE, WHITE};
pub use rules::{Chase, ChasePosition};

/// The bytes the table of side `n` needs: every position kept, in one queue ([`Needs`]:
/// the command line solves the whole table too, and answers every query of that side
/// from it).
pub fn table_needs(n: u16) -> Needs {
    let cells = u32::from(n) * u32::from(n);
    let positions = cells * cells * 2;
    let bytes = bytes_needed(&[positions], Keep::All);
    Needs {
        answer: bytes,
        table: bytes,
    }
}

/// Chase as the list of games knows it ([`Kind`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChaseKind;

impl Kind for ChaseKind {
    type Board = ChaseBoard;
    type BoardError = BoardError;

    fn about(&self) -> About {
        About {
            name: "chase",
            summary: words::CHASE_SUMMARY.into(),
            help: contest::HELP,
            limits: Limits {
                min_rows: MIN_SIDE,
                max_rows: MAX_SIDE,
                min_cols: MIN_SIDE,
                max_cols: MAX_SIDE,
                max_cells: u32::from(MAX_SIDE) * u32::from(MAX_SIDE),
                square: true,
                max_side: MAX_SIDE,
                max_bytes: table_needs(MAX_SIDE),
            },
        }
    }

    fn contents(&self) -> Contents {
        Contents {
            sides: [
                Side {
                    name: "White".into(),
                    letter: Some(WHITE),
                    pieces: 1,
                },
                Side {
                    name: "Black".into(),
                    letter: Some(BLACK),
                    pieces: 1,
                },
            ],
            first: 0,
            obstacles: false,
            max_weight: 0,
        }
    }

    fn parse(&self, text: &str) -> Result<ChaseBoard, BoardError> {
        text.parse()
    }

    fn draw(&self, board: &ChaseBoard) -> Drawn {
        Drawn::Cells {
            rows: board.n(),
            cols: board.n(),
            cells: board.to_string().chars().filter(|&c| c != '\n').collect(),
        }
    }

    fn contest_text(&self, board: &ChaseBoard) -> String {
        contest::write(board)
    }

    fn build<B: Build>(&self, board: ChaseBoard, to: B) -> Result<B::Output, TryReserveError> {
        Chase::try_new(board).map(|game| to.valued(game))
    }

    /// One tier: every pair of cells, either side to move.
    fn table_tiers(&self, board: &ChaseBoard) -> Option<Vec<Position>> {
        let cells = u32::from(board.n()) * u32::from(board.n());
        Some(vec![cells * cells * 2])
    }

    fn size(&self, board: &ChaseBoard) -> (u16, u16) {
        (board.n(), board.n())
    }

    /// One table per side answers every query of that side, as the command line solves
    /// them: every pair of cells is a position.
    fn shared(&self, board: &ChaseBoard) -> Option<Shared> {
        let n = board.n();
        let cell = |at: Coord| at.row * n + at.col;
        Some(Shared {
            key: n.into(),
            start: vec![cell(board.white()), cell(board.black())],
        })
    }

    fn table(&self, board: &ChaseBoard, _number: usize) -> Arg {
        contest::table(board)
    }

    fn reader(&self) -> impl Reader<Board = ChaseBoard> + 'static {
        contest::Queries::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An open `n` × `n` board, white on its first cell and black on its last.
    fn open(n: u16) -> String {
        let row = ".".repeat(usize::from(n)) + "\n";
        let rows = row.repeat(usize::from(n));
        format!("W{}B\n", &rows[1..rows.len() - 2])
    }

    #[test]
    fn the_limits_are_the_boards_the_parser_takes() {
        let limits = ChaseKind.about().limits;
        assert!(limits.square);
        assert_eq!(
            (limits.min_rows, limits.max_rows),
            (limits.min_cols, limits.max_cols)
        );
        let max = limits.max_rows;
        assert_eq!(u32::from(max) * u32::from(max), limits.max_cells);
        for n in [limits.min_rows, max] {
            assert!(ChaseKind.parse(&open(n)).is_ok(), "{n}×{n}");
        }
        assert!(ChaseKind.parse(&open(max + 1)).is_err());
        assert!(ChaseKind.parse("W..\n..B\n").is_err(), "not square");
    }

    #[test]
    fn a_table_needs_what_its_analysis_holds() {
        for n in [3, 5] {
            let board = ChaseKind.parse(&open(n)).unwrap();
            let solver = crate::Solver::new(Chase::new(board));
            let held = bytes_needed(solver.tier_ends(), Keep::All);
            let needs = table_needs(n);
            assert_eq!((needs.answer, needs.table), (held, held), "{n}×{n}");
        }
    }
}
