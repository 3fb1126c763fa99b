//! Tableau (一双木棋, P4363, SPEC §3): two players take turns placing stones on an
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

use std::fmt;

use crate::game::{Move, Player, Position};
use crate::layered::{LayeredGame, Score};

/// Most staircase positions retrolab accepts: `C(n+m, n) ≤ 4 194 304` (2²²). 12 × 12
/// (2 704 156) fits, 13 × 13 (10 400 600) does not; the contest's 10 × 10 has 184 756.
pub const MAX_POSITIONS: u64 = 1 << 22;

/// Longest contour retrolab accepts: `n + m ≤ 64`, so a contour fits in 64 bits. With
/// this bound a board has at most 32 × 32 cells, so every score stays within
/// ±1024 · [`MAX_WEIGHT`] ≈ ±1.0 · 10⁸ and fits a 32-bit [`Score`].
pub const MAX_PERIMETER: u64 = 64;

/// Largest points a stone may score (SPEC §3); the smallest is 0.
pub const MAX_WEIGHT: Score = 100_000;

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
    rows: u16,
    cols: u16,
    first: Vec<Score>,
    second: Vec<Score>,
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

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Size { rows, cols } => {
                write!(
                    f,
                    "the board is {rows}×{cols}; both sides must be at least 1"
                )
            }
            BoardError::TooLarge {
                rows,
                cols,
                positions: Some(positions),
            } => write!(
                f,
                "a {rows}×{cols} board has C({}, {rows}) = {positions} staircase positions; \
                 retrolab solves tableau boards of at most {MAX_POSITIONS} (12×12 fits)",
                rows + cols
            ),
            BoardError::TooLarge { rows, cols, .. } => write!(
                f,
                "a {rows}×{cols} board is too large; retrolab solves tableau boards with \
                 n + m ≤ {MAX_PERIMETER} and at most {MAX_POSITIONS} staircase positions"
            ),
            BoardError::WeightCount {
                player,
                expected,
                found,
            } => write!(
                f,
                "table {} has {found} entries, expected {expected}",
                table_name(*player)
            ),
            BoardError::Weight {
                player,
                row,
                col,
                value,
            } => write!(
                f,
                "{}[{row}][{col}] = {value} is outside 0..={MAX_WEIGHT}",
                table_name(*player)
            ),
        }
    }
}

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

/// A staircase decoded from its index: the step numbers of the contour's down steps,
/// `ones[k - 1] = p_k`, and the number of stones.
struct Contour {
    ones: [u8; MAX_PERIMETER as usize],
    stones: u32,
}

/// The tableau game on one board, ready for the layered solver.
#[derive(Clone, Debug)]
pub struct Tableau {
    board: TableauBoard,
    /// `C(p, k)` at `p * (rows + 1) + k`, for `p ≤ rows + cols`, `k ≤ rows`.
    binomial: Vec<u64>,
    positions: u32,
}

impl Tableau {
    /// Builds the game for `board`, starting from the empty board.
    pub fn new(board: TableauBoard) -> Tableau {
        let (rows, perimeter) = (usize::from(board.rows), board.rows + board.cols);
        let stride = rows + 1;
        let mut binomial = vec![0u64; (usize::from(perimeter) + 1) * stride];
        for p in 0..=usize::from(perimeter) {
            binomial[p * stride] = 1;
            for k in 1..=rows.min(p) {
                binomial[p * stride + k] =
                    binomial[(p - 1) * stride + k - 1] + binomial[(p - 1) * stride + k];
            }
        }
        let positions = binomial[usize::from(perimeter) * stride + rows] as u32;
        Tableau {
            board,
            binomial,
            positions,
        }
    }

    /// The board the game was built from.
    pub fn board(&self) -> &TableauBoard {
        &self.board
    }

    #[inline(always)]
    fn binomial(&self, p: u32, k: u32) -> u64 {
        self.binomial[p as usize * (usize::from(self.board.rows) + 1) + k as usize]
    }

    /// The index of the staircase with these row lengths (one per row, non-increasing,
    /// at most the number of columns); `None` otherwise.
    pub fn encode(&self, lengths: &[u16]) -> Option<Position> {
        if lengths.len() != usize::from(self.board.rows) {
            return None;
        }
        let mut rank = 0;
        let mut above = self.board.cols;
        for (row, &len) in lengths.iter().enumerate() {
            if len > above {
                return None;
            }
            above = len;
            let k = row as u32 + 1;
            rank += self.binomial(u32::from(self.board.cols - len) + k - 1, k);
        }
        Some(rank as Position)
    }

    /// The row lengths of a staircase.
    pub fn decode(&self, pos: Position) -> Vec<u16> {
        let contour = self.contour(pos);
        let m = u32::from(self.board.cols);
        (1..=u32::from(self.board.rows))
            .map(|k| (m + k - 1 - u32::from(contour.ones[k as usize - 1])) as u16)
            .collect()
    }

    /// Number of stones on the board in `pos`.
    pub fn stones(&self, pos: Position) -> u32 {
        self.contour(pos).stones
    }

    /// Unranks `pos`: finds `p_n > … > p_1` greedily, largest first.
    #[inline]
    fn contour(&self, pos: Position) -> Contour {
        let (n, m) = (u32::from(self.board.rows), u32::from(self.board.cols));
        let mut contour = Contour {
            ones: [0; MAX_PERIMETER as usize],
            stones: 0,
        };
        let mut rest = u64::from(pos);
        let mut p = n + m;
        let mut sum = 0;
        for k in (1..=n).rev() {
            p -= 1;
            while self.binomial(p, k) > rest {
                p -= 1;
            }
            rest -= self.binomial(p, k);
            contour.ones[k as usize - 1] = p as u8;
            sum += p;
        }
        // Row k-1 holds m - p_k + k - 1 stones.
        contour.stones = n * m + n * (n - 1) / 2 - sum;
        contour
    }
}

impl LayeredGame for Tableau {
    fn num_positions(&self) -> usize {
        self.positions as usize
    }

    fn num_layers(&self) -> usize {
        usize::from(self.board.rows) * usize::from(self.board.cols) + 1
    }

    fn layer(&self, pos: Position) -> usize {
        self.stones(pos) as usize
    }

    fn start(&self) -> Position {
        self.positions - 1
    }

    fn to_move(&self, pos: Position) -> Player {
        if self.stones(pos) % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// A stone can go at the end of row `k - 1` when the contour's `k`-th down step
    /// follows a left step; placing it swaps the two steps (`p_k` decreases by one),
    /// which lowers the index by `C(p_k - 1, k - 1)`.
    #[inline]
    fn for_each_move(&self, pos: Position, mut f: impl FnMut(Move, Position, Score)) {
        let contour = self.contour(pos);
        let (n, m) = (u32::from(self.board.rows), u32::from(self.board.cols));
        let (weights, sign) = if contour.stones % 2 == 0 {
            (&self.board.first, 1)
        } else {
            (&self.board.second, -1)
        };
        let mut previous = None;
        for k in 1..=n {
            let p = u32::from(contour.ones[k as usize - 1]);
            if p > 0 && previous != Some(p - 1) {
                let row = k - 1;
                let col = m + k - 1 - p;
                let cell = (row * m + col) as u16;
                let child = pos - self.binomial(p - 1, k - 1) as Position;
                f(
                    Move {
                        from: cell,
                        to: cell,
                    },
                    child,
                    sign * weights[usize::from(cell)],
                );
            }
            previous = Some(p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layered::check_layers;

    fn board(rows: u16, cols: u16) -> TableauBoard {
        let cells = usize::from(rows * cols);
        let first = (0..cells as Score).collect();
        let second = (0..cells as Score).map(|w| 2 * w).collect();
        TableauBoard::new(rows, cols, first, second).unwrap()
    }

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
    fn every_index_is_a_staircase_and_back() {
        for (rows, cols) in [(1, 1), (1, 5), (5, 1), (3, 4), (4, 3), (6, 6)] {
            let game = Tableau::new(board(rows, cols));
            assert_eq!(
                game.num_positions() as u64,
                staircase_count(rows.into(), cols.into()).unwrap()
            );
            let mut seen = std::collections::HashSet::new();
            for pos in 0..game.num_positions() as Position {
                let lengths = game.decode(pos);
                assert!(lengths.windows(2).all(|w| w[0] >= w[1]) && lengths[0] <= cols);
                let stones: u32 = lengths.iter().map(|&l| u32::from(l)).sum();
                assert_eq!(game.stones(pos), stones);
                assert_eq!(game.encode(&lengths), Some(pos));
                assert!(seen.insert(lengths));
            }
            assert_eq!(game.decode(game.start()), vec![0; usize::from(rows)]);
            assert_eq!(game.decode(0), vec![cols; usize::from(rows)]);
        }
    }

    #[test]
    fn moves_go_one_layer_deeper() {
        for (rows, cols) in [(1, 4), (4, 1), (3, 3), (2, 5), (5, 4)] {
            check_layers(&Tableau::new(board(rows, cols))).unwrap();
        }
    }

    #[test]
    fn stones_go_where_the_cells_above_and_left_are_filled() {
        let game = Tableau::new(board(3, 4));
        let pos = game.encode(&[3, 1, 1]).unwrap();
        assert_eq!(game.to_move(pos), Player::Second);
        let mut placed = Vec::new();
        game.for_each_move(pos, |mv, child, gain| {
            assert_eq!(mv.from, mv.to);
            // The second player scores table B (2 × the cell number), counted negative.
            assert_eq!(gain, -2 * Score::from(mv.to));
            placed.push((mv.to, game.decode(child)));
        });
        placed.sort();
        assert_eq!(placed, vec![(3, vec![4, 1, 1]), (5, vec![3, 2, 1])]);
        assert_eq!(game.encode(&[1, 2, 0]), None);
        assert_eq!(game.encode(&[5, 0, 0]), None);
        assert_eq!(game.encode(&[1, 0]), None);
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
    }
}
