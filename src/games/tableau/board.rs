//! A tableau board: its size and weight tables, its limits, and why one is not solvable.

use crate::contest::ContestError;
use crate::game::layered::Score;
use crate::game::Player;
use crate::words::{self, Message, Worded};

/// Most staircase positions retrolab accepts: `C(n+m, n) ≤ 4 194 304` (2²²). 12 × 12
/// (2 704 156) fits, 13 × 13 (10 400 600) does not; the contest's 10 × 10 has 184 756.
pub const MAX_POSITIONS: u64 = 1 << 22;

/// Longest contour retrolab accepts: `n + m ≤ 64`, so a contour fits in 64 bits. With
/// this bound a board has at most 32 × 32 cells, so every score stays within
/// ±1024 · [`MAX_WEIGHT`] ≈ ±1.0 · 10⁸ and fits a 32-bit [`Score`].
pub const MAX_PERIMETER: u64 = 64;

/// Largest points a stone may score (RULES §3); the smallest is 0.
pub const MAX_WEIGHT: Score = 100_000;

/// Most cells of a board within [`MAX_POSITIONS`]: 5 × 52 (a test checks every shape).
pub const MAX_CELLS: u32 = 260;

/// Side of the largest square board within [`MAX_POSITIONS`]: 12 × 12.
pub const MAX_SQUARE: u16 = 12;

/// Number of staircases on an `rows × cols` board, `C(rows+cols, rows)`, if the board is
/// within [`MAX_PERIMETER`]; computed without allocating or overflowing.
pub fn staircase_count(rows: u64, cols: u64) -> Option<u64> {
    let perimeter = rows.checked_add(cols)?;
    if perimeter > MAX_PERIMETER {
        return None;
    }
    // C(p, k) = Π (p - k + i) / i; each partial result is a binomial, at most C(64, 32),
    // and each product below 2¹²⁸.
    let k = u128::from(rows.min(cols));
    let p = u128::from(perimeter);
    u64::try_from((1..=k).fold(1u128, |c, i| c * (p - k + i) / i)).ok()
}

/// Checks that an `rows × cols` board is one retrolab solves; returns its number of
/// positions.
///
/// # Errors
/// [`BoardError::Size`] for an empty side, [`BoardError::TooLarge`] beyond
/// [`MAX_PERIMETER`] or [`MAX_POSITIONS`].
pub fn check_size(rows: u64, cols: u64) -> Result<u64, BoardError> {
    if rows == 0 || cols == 0 {
        return Err(BoardError::Size { rows, cols });
    }
    match staircase_count(rows, cols) {
        Some(positions) if positions <= MAX_POSITIONS => Ok(positions),
        positions => Err(BoardError::TooLarge {
            rows,
            cols,
            positions,
        }),
    }
}

/// A tableau board: its size and what each stone scores for each player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableauBoard {
    pub(super) rows: u16,
    pub(super) cols: u16,
    pub(super) first: Vec<Score>,
    pub(super) second: Vec<Score>,
}

/// Why a tableau board is not one retrolab solves. Rows and columns are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A side is 0.
    Size {
        /// Rows.
        rows: u64,
        /// Columns.
        cols: u64,
    },
    /// Too many staircase positions (or too long a contour).
    TooLarge {
        /// Rows.
        rows: u64,
        /// Columns.
        cols: u64,
        /// `C(rows+cols, rows)`, `None` beyond [`MAX_PERIMETER`].
        positions: Option<u64>,
    },
    /// A weight table does not have `rows × cols` entries.
    WeightCount {
        /// The player whose table it is.
        player: Player,
        /// `rows × cols`.
        expected: usize,
        /// Entries given.
        found: usize,
    },
    /// The board text (the contest input, [`super::contest::parse`]) is not a board. A
    /// board text is written whole by a program (the page's tests among them), not edited
    /// line by line: shown, the error is its message alone.
    Text(ContestError),
    /// A weight outside `0..=MAX_WEIGHT`.
    Weight {
        /// The player whose weight it is.
        player: Player,
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
        /// The weight.
        value: i64,
    },
}

/// The contest's name of a player's weight table.
fn table_name(player: Player) -> &'static str {
    match player {
        Player::First => "A",
        Player::Second => "B",
    }
}

impl Worded for BoardError {
    fn words(&self) -> Message {
        match self {
            BoardError::Size { rows, cols } => Message::new(words::TABLEAU_SIZE)
                .with("rows", *rows)
                .with("cols", *cols),
            BoardError::TooLarge {
                rows,
                cols,
                positions: Some(positions),
            } => Message::new(words::TABLEAU_TOO_MANY)
                .with("rows", *rows)
                .with("cols", *cols)
                .with("perimeter", rows + cols)
                .with("positions", *positions)
                .with("max", MAX_POSITIONS),
            BoardError::TooLarge { rows, cols, .. } => Message::new(words::TABLEAU_TOO_LARGE)
                .with("rows", *rows)
                .with("cols", *cols)
                .with("perimeter", MAX_PERIMETER)
                .with("max", MAX_POSITIONS),
            BoardError::WeightCount {
                player,
                expected,
                found,
            } => Message::new(words::TABLEAU_WEIGHT_COUNT)
                .with("table", table_name(*player))
                .with("found", *found)
                .with("expected", *expected),
            BoardError::Text(e) => e.message.clone(),
            BoardError::Weight {
                player,
                row,
                col,
                value,
            } => Message::new(words::TABLEAU_WEIGHT)
                .with("table", table_name(*player))
                .with("row", *row)
                .with("col", *col)
                .with("value", *value)
                .with("max", MAX_WEIGHT),
        }
    }
}

crate::words::english!(BoardError);

impl std::error::Error for BoardError {}

impl TableauBoard {
    /// A validated board: `first[r * cols + c]` is what the first player scores for a
    /// stone at row `r`, column `c` (table A); `second` likewise (table B).
    ///
    /// # Errors
    /// As [`check_size`]; [`BoardError::WeightCount`] for a table of the wrong size;
    /// [`BoardError::Weight`] for a weight outside `0..=MAX_WEIGHT`.
    pub fn new(
        rows: u16,
        cols: u16,
        first: Vec<Score>,
        second: Vec<Score>,
    ) -> Result<TableauBoard, BoardError> {
        check_size(rows.into(), cols.into())?;
        let cells = usize::from(rows) * usize::from(cols);
        for (player, table) in [(Player::First, &first), (Player::Second, &second)] {
            if table.len() != cells {
                return Err(BoardError::WeightCount {
                    player,
                    expected: cells,
                    found: table.len(),
                });
            }
            if let Some(i) = table.iter().position(|w| !(0..=MAX_WEIGHT).contains(w)) {
                return Err(BoardError::Weight {
                    player,
                    row: i / usize::from(cols) + 1,
                    col: i % usize::from(cols) + 1,
                    value: table[i].into(),
                });
            }
        }
        Ok(TableauBoard {
            rows,
            cols,
            first,
            second,
        })
    }

    /// A validated board from tables of weights of any size, as [`TableauBoard::new`].
    ///
    /// # Errors
    /// As [`TableauBoard::new`]; a weight beyond a [`Score`] is outside `0..=MAX_WEIGHT`.
    pub fn of_weights(
        rows: u16,
        cols: u16,
        first: &[i64],
        second: &[i64],
    ) -> Result<TableauBoard, BoardError> {
        check_size(rows.into(), cols.into())?;
        let table = |player, weights: &[i64]| -> Result<Vec<Score>, BoardError> {
            let at = |i: usize| (i / usize::from(cols) + 1, i % usize::from(cols) + 1);
            let score = |(i, &value): (usize, &i64)| {
                Score::try_from(value).map_err(|_| {
                    let (row, col) = at(i);
                    BoardError::Weight {
                        player,
                        row,
                        col,
                        value,
                    }
                })
            };
            weights.iter().enumerate().map(score).collect()
        };
        let first = table(Player::First, first)?;
        TableauBoard::new(rows, cols, first, table(Player::Second, second)?)
    }

    /// Number of rows (`n`).
    pub const fn rows(&self) -> u16 {
        self.rows
    }

    /// Number of columns (`m`).
    pub const fn cols(&self) -> u16 {
        self.cols
    }

    /// What `player` scores for a stone on each cell, row-major (table A or B).
    pub fn weights(&self, player: Player) -> &[Score] {
        match player {
            Player::First => &self.first,
            Player::Second => &self.second,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staircases_are_counted_by_binomials() {
        assert_eq!(staircase_count(10, 10), Some(184_756));
        assert_eq!(staircase_count(12, 12), Some(2_704_156));
        assert_eq!(staircase_count(32, 32), Some(1_832_624_140_942_590_534));
        assert_eq!(staircase_count(1, 63), Some(64));
        assert_eq!(staircase_count(1, 64), None);
        assert_eq!(staircase_count(u64::MAX, 1), None);
        assert_eq!(check_size(12, 12), Ok(2_704_156));
        assert!(matches!(
            check_size(13, 13),
            Err(BoardError::TooLarge {
                positions: Some(10_400_600),
                ..
            })
        ));
        assert_eq!(check_size(0, 3), Err(BoardError::Size { rows: 0, cols: 3 }));
    }

    #[test]
    fn the_most_cells_and_the_largest_square_are_those_of_the_sizes_within_the_limits() {
        let side = u64::from(MAX_PERIMETER as u16 - 1);
        let sizes = (1..=side).flat_map(|rows| (1..=side).map(move |cols| (rows, cols)));
        let within: Vec<(u64, u64)> = sizes.filter(|&(r, c)| check_size(r, c).is_ok()).collect();
        let most = within.iter().map(|&(rows, cols)| rows * cols).max();
        assert_eq!(most, Some(MAX_CELLS.into()));
        let square = within
            .iter()
            .filter(|(rows, cols)| rows == cols)
            .map(|s| s.0)
            .max();
        assert_eq!(square, Some(MAX_SQUARE.into()));
    }

    #[test]
    fn boards_are_validated() {
        assert!(matches!(
            TableauBoard::new(2, 2, vec![0; 4], vec![0; 3]),
            Err(BoardError::WeightCount {
                player: Player::Second,
                expected: 4,
                found: 3
            })
        ));
        let err = TableauBoard::new(2, 2, vec![0, 0, 100_001, 0], vec![0; 4]).unwrap_err();
        assert_eq!(err.to_string(), "A[2][1] = 100001 is outside 0..=100000");
        let err = TableauBoard::new(1, 1, vec![0], vec![-1]).unwrap_err();
        assert_eq!(err.to_string(), "B[1][1] = -1 is outside 0..=100000");
        let err = TableauBoard::of_weights(1, 2, &[0, 0], &[0, 1 << 40]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "B[1][2] = 1099511627776 is outside 0..=100000"
        );
        let err = TableauBoard::of_weights(1, 2, &[0, 0], &[0]).unwrap_err();
        assert_eq!(err.to_string(), "table B has 1 entries, expected 2");
        let sample = TableauBoard::of_weights(1, 2, &[1, 2], &[3, 4]);
        assert_eq!(sample, TableauBoard::new(1, 2, vec![1, 2], vec![3, 4]));
    }
}
