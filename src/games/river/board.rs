//! A river board as drawn and read: its text, its limit, and why a text is no legal start.

use std::fmt;
use std::str::FromStr;

use crate::games::kind::Needs;
use crate::grid::{Coord, Grid, GridError};
use crate::words::{self, Message, Worded};

/// Largest board the river game accepts, in cells (rows × columns), checked on the size
/// line before a board is read: 24 × 24, about 190 million positions (380 MB of records).
/// Within it, a board is taken only if it needs no more memory than 24 × 24 does
/// ([`super::max_needs`]).
pub const MAX_CELLS: usize = 576;

/// Side of the largest square board within [`MAX_CELLS`]: 24.
pub const MAX_SQUARE: u16 = {
    let mut side = 1;
    while (side + 1) * (side + 1) <= MAX_CELLS {
        side += 1;
    }
    side as u16
};

/// Fewest rows a river board has: black's start is below the top row.
pub const MIN_ROWS: usize = 2;

/// The letter of a red piece in a board's text.
pub const RED: char = 'O';

/// The letter of the black piece.
pub const BLACK: char = 'X';

/// A river board as drawn: obstacles, two red pieces, one black piece; red to move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RiverBoard {
    /// The board and its obstacles.
    pub grid: Grid,
    /// The red pieces (`O`).
    pub reds: [Coord; 2],
    /// The black piece (`X`).
    pub black: Coord,
}

/// Why a river board is not a legal start. Rows and columns are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The text is not a board.
    Grid(GridError),
    /// The board must have at least two rows.
    TooFewRows,
    /// Not exactly two red pieces.
    RedCount(usize),
    /// Not exactly one black piece.
    BlackCount(usize),
    /// The black piece starts in the top row (the game would be over before it began).
    BlackOnFirstRow {
        /// Its column.
        col: usize,
    },
    /// Its analysis needs more memory than the limit ([`super::max_needs`]).
    TooBig(Needs),
}

impl Worded for BoardError {
    fn words(&self) -> Message {
        match self {
            BoardError::Grid(e) => e.words(),
            BoardError::TooFewRows => Message::new(words::RIVER_TOO_FEW_ROWS).with("min", MIN_ROWS),
            BoardError::RedCount(n) => Message::new(words::RIVER_RED_COUNT).with("count", *n),
            BoardError::BlackCount(n) => Message::new(words::RIVER_BLACK_COUNT).with("count", *n),
            BoardError::BlackOnFirstRow { col } => {
                Message::new(words::RIVER_BLACK_ON_FIRST_ROW).with("col", *col)
            }
            BoardError::TooBig(needs) => needs.refusal(&super::max_needs(), words::NEEDS_RIVER),
        }
    }
}

crate::words::english!(BoardError);

impl std::error::Error for BoardError {}

impl From<GridError> for BoardError {
    fn from(e: GridError) -> Self {
        BoardError::Grid(e)
    }
}

impl FromStr for RiverBoard {
    type Err = BoardError;

    /// Reads the contest's board rows: `.` empty, `#` obstacle, `O` red, `X` black, one
    /// line per row.
    fn from_str(text: &str) -> Result<Self, BoardError> {
        let (grid, pieces) = Grid::parse(text, &String::from_iter([RED, BLACK]), MAX_CELLS)?;
        let of = |letter: char| -> Vec<Coord> {
            pieces
                .iter()
                .filter(|(ch, _)| *ch == letter)
                .map(|(_, at)| *at)
                .collect()
        };
        let (reds, blacks) = (of(RED), of(BLACK));
        if usize::from(grid.rows()) < MIN_ROWS {
            return Err(BoardError::TooFewRows);
        }
        let (&[r1, r2], &[black]) = (reds.as_slice(), blacks.as_slice()) else {
            return Err(if reds.len() != 2 {
                BoardError::RedCount(reds.len())
            } else {
                BoardError::BlackCount(blacks.len())
            });
        };
        if black.row == 0 {
            return Err(BoardError::BlackOnFirstRow {
                col: usize::from(black.col) + 1,
            });
        }
        let board = RiverBoard {
            grid,
            reds: [r1, r2],
            black,
        };
        if !board.fits() {
            return Err(BoardError::TooBig(board.needs()));
        }
        Ok(board)
    }
}

impl fmt::Display for RiverBoard {
    /// The board text, one line per row, each ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.grid.render(&[
            (RED, self.reds[0]),
            (RED, self.reds[1]),
            (BLACK, self.black),
        ]))
    }
}
