//! A chase start as drawn and read: its text, its limits, and why a text is no legal start.

use std::fmt;
use std::str::FromStr;

use crate::grid::{Coord, Grid, GridError};
use crate::words::{self, Message, Worded};

/// Smallest board side (RULES §2).
pub const MIN_SIDE: u16 = 2;

/// Largest board side retrolab accepts (the contest's limit is 20): a 32 × 32 board has
/// 2 · 1024² ≈ 2.1 million positions.
pub const MAX_SIDE: u16 = 32;

/// The letter of the white piece in a board's text.
pub const WHITE: char = 'W';

/// The letter of the black piece.
pub const BLACK: char = 'B';

/// A chase start: the board side and the two pieces; white (the first player) to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChaseBoard {
    pub(super) n: u16,
    pub(super) white: Coord,
    pub(super) black: Coord,
}

/// Why a chase board is not a legal start. Rows and columns in messages are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The text is not a board.
    Grid(GridError),
    /// The side is outside `MIN_SIDE..=MAX_SIDE`, or the board is not square.
    Size {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// The board text has an obstacle; chase boards are open.
    Obstacle(Coord),
    /// A piece stands outside the board.
    OffBoard {
        /// `"white"` or `"black"`.
        piece: &'static str,
        /// Where.
        at: Coord,
    },
    /// Both pieces stand on one cell.
    SameCell(Coord),
    /// Not exactly one white (`W`) and one black (`B`) piece in the board text.
    PieceCount {
        /// White pieces found.
        white: usize,
        /// Black pieces found.
        black: usize,
    },
}

impl Worded for BoardError {
    fn words(&self) -> Message {
        match self {
            BoardError::Grid(e) => e.words(),
            BoardError::Size { rows, cols } => Message::new(words::CHASE_SIZE)
                .with("rows", *rows)
                .with("cols", *cols)
                .with("min", MIN_SIDE)
                .with("max", MAX_SIDE),
            BoardError::Obstacle(at) => {
                Message::new(words::CHASE_OBSTACLE).with("at", at.to_string())
            }
            BoardError::OffBoard { piece, at } => {
                let code = if *piece == "white" {
                    words::CHASE_WHITE_OFF_BOARD
                } else {
                    words::CHASE_BLACK_OFF_BOARD
                };
                Message::new(code).with("at", at.to_string())
            }
            BoardError::SameCell(at) => {
                Message::new(words::CHASE_SAME_CELL).with("at", at.to_string())
            }
            BoardError::PieceCount { white, black } => Message::new(words::CHASE_PIECE_COUNT)
                .with("white", *white)
                .with("black", *black),
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

impl ChaseBoard {
    /// A validated start: `n × n` board, white at `white`, black at `black` (0-based).
    ///
    /// # Errors
    /// [`BoardError::Size`] unless `MIN_SIDE ≤ n ≤ MAX_SIDE`; [`BoardError::OffBoard`] for
    /// a piece outside the board; [`BoardError::SameCell`] if the pieces coincide.
    pub fn new(n: u16, white: Coord, black: Coord) -> Result<ChaseBoard, BoardError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            let side = usize::from(n);
            return Err(BoardError::Size {
                rows: side,
                cols: side,
            });
        }
        for (piece, at) in [("white", white), ("black", black)] {
            if at.row >= n || at.col >= n {
                return Err(BoardError::OffBoard { piece, at });
            }
        }
        if white == black {
            return Err(BoardError::SameCell(white));
        }
        Ok(ChaseBoard { n, white, black })
    }

    /// The board side.
    pub const fn n(&self) -> u16 {
        self.n
    }

    /// The white piece (player A, moves first).
    pub const fn white(&self) -> Coord {
        self.white
    }

    /// The black piece (player B).
    pub const fn black(&self) -> Coord {
        self.black
    }
}

impl FromStr for ChaseBoard {
    type Err = BoardError;

    /// Reads board text: `n` lines of `n` cells, `.` empty, `W` white, `B` black.
    fn from_str(text: &str) -> Result<Self, BoardError> {
        let max_cells = usize::from(MAX_SIDE) * usize::from(MAX_SIDE);
        let (grid, pieces) = Grid::parse(text, &String::from_iter([WHITE, BLACK]), max_cells)?;
        let (rows, cols) = (usize::from(grid.rows()), usize::from(grid.cols()));
        if rows != cols {
            return Err(BoardError::Size { rows, cols });
        }
        if let Some(at) = grid.coords().find(|&at| !grid.is_free(at)) {
            return Err(BoardError::Obstacle(at));
        }
        let find = |piece: char| -> Vec<Coord> {
            pieces
                .iter()
                .filter(|(ch, _)| *ch == piece)
                .map(|(_, at)| *at)
                .collect()
        };
        match (find(WHITE).as_slice(), find(BLACK).as_slice()) {
            (&[white], &[black]) => ChaseBoard::new(grid.rows(), white, black),
            (whites, blacks) => Err(BoardError::PieceCount {
                white: whites.len(),
                black: blacks.len(),
            }),
        }
    }
}

impl fmt::Display for ChaseBoard {
    /// The board text, one line per row, each ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grid = Grid::open(self.n, self.n);
        f.write_str(&grid.render(&[(WHITE, self.white), (BLACK, self.black)]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_validated() {
        let c = Coord::new;
        assert_eq!(
            ChaseBoard::new(1, c(0, 0), c(0, 0)),
            Err(BoardError::Size { rows: 1, cols: 1 })
        );
        assert_eq!(
            ChaseBoard::new(33, c(0, 0), c(0, 1)),
            Err(BoardError::Size { rows: 33, cols: 33 })
        );
        assert_eq!(
            ChaseBoard::new(3, c(0, 0), c(0, 0)),
            Err(BoardError::SameCell(c(0, 0)))
        );
        assert_eq!(
            ChaseBoard::new(3, c(0, 3), c(0, 0)),
            Err(BoardError::OffBoard {
                piece: "white",
                at: c(0, 3)
            })
        );
    }

    #[test]
    fn errors_say_what_is_wrong_and_where() {
        let c = Coord::new;
        for (error, text) in [
            (
                BoardError::Size { rows: 3, cols: 2 },
                "the board is 3×2; chase needs a square board of side 2 to 32",
            ),
            (
                BoardError::Obstacle(c(1, 2)),
                "cell (2, 3): chase boards have no obstacles",
            ),
            (
                BoardError::OffBoard {
                    piece: "black",
                    at: c(0, 3),
                },
                "the black piece at (1, 4) is outside the board",
            ),
            (
                BoardError::SameCell(c(2, 0)),
                "the white and black pieces both stand on cell (3, 1)",
            ),
            (
                BoardError::PieceCount { white: 0, black: 2 },
                "the board has 0 white (W) and 2 black (B) pieces, it needs exactly one of each",
            ),
        ] {
            assert_eq!(error.to_string(), text);
        }
        let ragged = "W..\n.B\n...\n".parse::<ChaseBoard>().unwrap_err();
        assert!(matches!(ragged, BoardError::Grid(_)), "{ragged:?}");
        assert!(ragged.to_string().contains("row 2"), "{ragged}");
    }

    #[test]
    fn board_text_round_trips() {
        let text = "W..\n...\n.B.\n";
        let board: ChaseBoard = text.parse().unwrap();
        assert_eq!(
            board,
            ChaseBoard::new(3, Coord::new(0, 0), Coord::new(2, 1)).unwrap()
        );
        assert_eq!(board.to_string(), text);
        assert!(matches!(
            "W.\nB.\n..\n".parse::<ChaseBoard>(),
            Err(BoardError::Size { rows: 3, cols: 2 })
        ));
        assert!(matches!(
            "W#\n.B\n".parse::<ChaseBoard>(),
            Err(BoardError::Obstacle(_))
        ));
        assert!(matches!(
            "WW\n.B\n".parse::<ChaseBoard>(),
            Err(BoardError::PieceCount { white: 2, black: 1 })
        ));
    }
}
