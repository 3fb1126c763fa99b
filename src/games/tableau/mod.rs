//! Tableau (一双木棋, P4363, RULES §3): two players take turns placing stones on an
//! `n × m` board; a cell takes a stone once every cell above it and left of it has one,
//! so the stones always form a staircase (a Young diagram) anchored at the top-left.
//! The first player scores `A[i][j]` per stone, the second `B[i][j]`.
//!
//! A staircase is its row lengths `m ≥ len[0] ≥ … ≥ len[n-1] ≥ 0`, or equally its
//! contour: the lattice path from the top-right corner to the bottom-left one, `m` steps
//! left and `n` steps down. Positions are the ranks of the contours in the combinatorial
//! number system — `Σ C(p_k, k)` over the step numbers `p_1 < … < p_n` of the down steps
//! — so the `C(n+m, n)` staircases get dense indexes: the full board is 0, the empty
//! board `C(n+m, n) − 1`, and every stone lowers the index. Layers are stone counts; the
//! side to move follows from the parity.
//!
//! Its parts: the board and its limits (`board.rs`), the rules over its staircases
//! (`rules.rs`), what the page shows of them (`view.rs`) and the contest format
//! ([`contest`]).

use std::collections::TryReserveError;

use crate::contest::Reader;
use crate::game::Player;
use crate::games::kind::{About, Build, Contents, Drawn, Kind, Limits, Needs, Side};
use crate::scored::bytes_needed;
use crate::words;

mod board;
pub mod contest;
mod rules;
mod view;

pub use board::{
    check_size, staircase_count, BoardError, TableauBoard, MAX_CELLS, MAX_PERIMETER, MAX_POSITIONS,
    MAX_SQUARE, MAX_WEIGHT,
};
pub use rules::Tableau;

/// Tableau as the list of games knows it ([`Kind`]). Its board text is its contest input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableauKind;

impl Kind for TableauKind {
    type Board = TableauBoard;
    type BoardError = BoardError;

    fn about(&self) -> About {
        // n + m ≤ MAX_PERIMETER with both sides at least 1.
        let max_side = MAX_PERIMETER as u16 - 1;
        About {
            name: "tableau",
            summary: words::TABLEAU_SUMMARY.into(),
            help: contest::HELP,
            limits: Limits {
                min_rows: 1,
                max_rows: max_side,
                min_cols: 1,
                max_cols: max_side,
                max_cells: MAX_CELLS,
                square: false,
                max_side: MAX_SQUARE,
                max_bytes: Needs {
                    answer: bytes_needed(MAX_POSITIONS as usize),
                    table: bytes_needed(MAX_POSITIONS as usize),
                },
            },
        }
    }

    fn contents(&self) -> Contents {
        let side = |name: &'static str| Side {
            name: name.into(),
            letter: None,
            pieces: 0,
        };
        Contents {
            sides: [side("First"), side("Second")],
            first: 0,
            obstacles: false,
            max_weight: MAX_WEIGHT.unsigned_abs(),
        }
    }

    fn parse(&self, text: &str) -> Result<TableauBoard, BoardError> {
        contest::parse(text).map_err(BoardError::Text)
    }

    fn read(&self, drawn: &Drawn) -> Result<TableauBoard, BoardError> {
        let (rows, cols) = drawn.size();
        let [first, second] = drawn.weights();
        TableauBoard::of_weights(rows, cols, first, second)
    }

    fn draw(&self, board: &TableauBoard) -> Drawn {
        let table = |player| board.weights(player).iter().map(|&w| w.into()).collect();
        Drawn::Weights {
            rows: board.rows(),
            cols: board.cols(),
            first: table(Player::First),
            second: table(Player::Second),
        }
    }

    fn contest_text(&self, board: &TableauBoard) -> String {
        contest::write(board)
    }

    fn build<B: Build>(&self, board: TableauBoard, to: B) -> Result<B::Output, TryReserveError> {
        Tableau::try_new(board).map(|game| to.scored(game))
    }

    fn size(&self, board: &TableauBoard) -> (u16, u16) {
        (board.rows(), board.cols())
    }

    fn reader(&self) -> impl Reader<Board = TableauBoard> + 'static {
        contest::Case::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The contest input of a `rows` × `cols` board of weights 0.
    fn zeros(rows: u16, cols: u16) -> String {
        let row = vec!["0"; usize::from(cols)].join(" ") + "\n";
        format!("{rows} {cols}\n{}", row.repeat(2 * usize::from(rows)))
    }

    #[test]
    fn the_limits_are_the_boards_the_parser_takes() {
        let limits = TableauKind.about().limits;
        for (rows, cols) in [
            (limits.min_rows, limits.max_cols),
            (limits.max_rows, limits.min_cols),
        ] {
            assert!(
                TableauKind.parse(&zeros(rows, cols)).is_ok(),
                "{rows}×{cols}"
            );
            assert!(TableauKind.parse(&zeros(rows + 1, cols)).is_err());
            assert!(TableauKind.parse(&zeros(rows, cols + 1)).is_err());
        }
        // The board of the most cells is one.
        let (rows, cols) = (5, 52);
        assert_eq!(u32::from(rows) * u32::from(cols), limits.max_cells);
        assert!(TableauKind.parse(&zeros(rows, cols)).is_ok());
    }
}
