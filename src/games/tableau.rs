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

use std::fmt;

use std::ops::Range;

use crate::board_view::BoardView;
use crate::game::layered::{LayeredGame, Score};
use crate::game::{Move, Player, Position};

/// Most staircase positions retrolab accepts: `C(n+m, n) ≤ 4 194 304` (2²²). 12 × 12
/// (2 704 156) fits, 13 × 13 (10 400 600) does not; the contest's 10 × 10 has 184 756.
pub const MAX_POSITIONS: u64 = 1 << 22;

/// Longest contour retrolab accepts: `n + m ≤ 64`, so a contour fits in 64 bits. With
/// this bound a board has at most 32 × 32 cells, so every score stays within
/// ±1024 · [`MAX_WEIGHT`] ≈ ±1.0 · 10⁸ and fits a 32-bit [`Score`].
pub const MAX_PERIMETER: u64 = 64;

/// Largest points a stone may score (RULES §3); the smallest is 0.
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

/// A staircase's contour: bit `t` is set when step `t` of the path from the top-right
/// corner is a down step (so `n` bits are set, the lowest `p_1`, the highest `p_n`).
type Contour = u64;

/// The contour after `bits` in increasing order with as many bits set (the next
/// combination in colex order, that is the next index), by Gosper's hack, with its
/// number of stones: the lowest run of down steps, `a..a + run`, becomes one down step
/// at `a + run` and `run − 1` down steps at `0..run − 1`.
#[inline(always)]
fn next_contour(bits: Contour, stones: u32) -> (Contour, u32) {
    let lowest = bits & bits.wrapping_neg();
    let ripple = bits.wrapping_add(lowest);
    let next = (((ripple ^ bits) >> 2) >> lowest.trailing_zeros()) | ripple;
    let a = bits.trailing_zeros();
    let run = (!(bits >> a)).trailing_zeros();
    // Stones are a constant minus the sum of the down steps' numbers.
    let removed = run * a + run * (run - 1) / 2;
    let added = a + run + (run - 1) * run.saturating_sub(2) / 2;
    (next, stones + removed - added)
}

/// The tableau game on one board, ready for the layered solver.
#[derive(Clone, Debug)]
pub struct Tableau {
    board: TableauBoard,
    /// At `p * (rows + 1) + k`, for `p ≤ rows + cols` and `k ≤ rows`: `C(p, k)` in the
    /// low 32 bits and `C(p, k − 1)` (0 for `k = 0`) in the high 32 bits, each capped at
    /// `u32::MAX`. Capped values exceed every index, so they are never added or taken.
    binomials: Vec<u64>,
    positions: u32,
    /// Stones on the full board plus `n (n − 1) / 2`: the stones of a contour are this
    /// minus the sum of its down steps' numbers (row `k − 1` holds `m − p_k + k − 1`).
    stones_base: u32,
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
        let capped = |i: usize| binomial[i].min(u32::MAX.into());
        let binomials = (0..binomial.len())
            .map(|i| {
                let below = if i % stride == 0 { 0 } else { capped(i - 1) };
                capped(i) | below << 32
            })
            .collect();
        let (n, m) = (u32::from(board.rows), u32::from(board.cols));
        Tableau {
            board,
            binomials,
            positions,
            stones_base: n * m + n * (n - 1) / 2,
        }
    }

    /// The board the game was built from.
    pub fn board(&self) -> &TableauBoard {
        &self.board
    }

    #[inline(always)]
    fn binomial(&self, p: u32, k: u32) -> u32 {
        self.binomials[p as usize * (usize::from(self.board.rows) + 1) + k as usize] as u32
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
        let (mut bits, _) = self.contour(pos);
        let m = u32::from(self.board.cols);
        let mut lengths = Vec::with_capacity(usize::from(self.board.rows));
        for k in 1..=u32::from(self.board.rows) {
            let p = bits.trailing_zeros();
            bits &= bits - 1;
            lengths.push((m + k - 1 - p) as u16);
        }
        lengths
    }

    /// Number of stones on the board in `pos`.
    pub fn stones(&self, pos: Position) -> u32 {
        self.contour(pos).1
    }

    /// Unranks `pos` into its contour and number of stones: walks the steps from the
    /// last, taking step `p` as the `k`-th down step when `C(p, k)` fits in what is left
    /// of the index. Branch-free; the pair of binomials the next step may need is loaded
    /// before this step decides, so no load waits on the chain of dependent steps.
    #[inline]
    fn contour(&self, pos: Position) -> (Contour, u32) {
        let (n, m) = (u32::from(self.board.rows), u32::from(self.board.cols));
        let stride = usize::from(self.board.rows) + 1;
        let mut rest = pos;
        let mut k = n as usize;
        let mut bits = 0;
        let mut sum = 0;
        let mut c = self.binomial(n + m - 1, n);
        for p in (0..n + m).rev() {
            let take = u32::from(c <= rest);
            let mask = take.wrapping_neg();
            let pair = self.binomials[p.saturating_sub(1) as usize * stride + k];
            rest -= c & mask;
            bits |= u64::from(take) << p;
            sum += p & mask;
            k -= take as usize;
            c = ((pair >> 32) as u32 & mask) | (pair as u32 & !mask);
        }
        (bits, self.stones_base - sum)
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

    /// Consecutive indexes are consecutive combinations: one unranking, then Gosper's hack.
    fn for_each_layer(&self, range: Range<Position>, mut f: impl FnMut(Position, usize)) {
        let Some(last) = range.end.checked_sub(1).filter(|&l| l >= range.start) else {
            return;
        };
        let (mut bits, mut stones) = self.contour(range.start);
        for pos in range.start..last {
            f(pos, stones as usize);
            (bits, stones) = next_contour(bits, stones);
        }
        f(last, stones as usize);
    }

    fn start(&self) -> Position {
        self.positions - 1
    }

    /// The first player moves when the board holds an even number of stones: it places
    /// the 1st, 3rd, 5th, … stone.
    fn to_move(&self, stones: usize) -> Player {
        Player::from_parity((stones % 2) as u32)
    }

    /// A stone can go at the end of row `k − 1` when the contour's `k`-th down step, at
    /// `p`, follows a left step; placing it swaps the two steps (`p_k` becomes `p − 1`),
    /// which lowers the index by `C(p − 1, k − 1)`.
    #[inline]
    fn for_each_move(&self, pos: Position, mut f: impl FnMut(Move, Position, Score)) {
        let (bits, stones) = self.contour(pos);
        let m = u32::from(self.board.cols);
        let (weights, sign) = if stones % 2 == 0 {
            (&self.board.first, 1)
        } else {
            (&self.board.second, -1)
        };
        // Bit t: step t is a left step and step t + 1 a down step.
        let mut corners = (bits >> 1) & !bits;
        while corners != 0 {
            let p = corners.trailing_zeros() + 1;
            corners &= corners - 1;
            // The down steps at or before step p.
            let k = (bits & (u64::MAX >> (63 - p))).count_ones();
            let cell = ((k - 1) * m + m + k - 1 - p) as u16;
            let child = pos - self.binomial(p - 1, k - 1);
            let mv = Move {
                from: cell,
                to: cell,
            };
            f(mv, child, sign * weights[usize::from(cell)]);
        }
    }
}

/// A position's "pieces" are its stones; they only make sense together (a staircase), so
/// none moves on its own.
impl BoardView for Tableau {
    type Verdict = Score;

    fn size(&self) -> (u16, u16) {
        (self.board.rows, self.board.cols)
    }

    /// The cells holding a stone, row by row.
    fn pieces(&self, pos: Position) -> Vec<u16> {
        let cols = self.board.cols;
        (0u16..)
            .zip(self.decode(pos))
            .flat_map(|(row, len)| (0..len).map(move |col| row * cols + col))
            .collect()
    }

    /// The staircase whose stones are exactly `cells` (in any order), if `to_move` is the
    /// side to move there.
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position> {
        let cols = self.board.cols;
        let mut lengths = vec![0u16; usize::from(self.board.rows)];
        for &cell in cells {
            let len = lengths.get_mut(usize::from(cell / cols))?;
            *len = (*len).max(cell % cols + 1);
        }
        let pos = self.encode(&lengths)?;
        let mut stones = cells.to_vec();
        stones.sort_unstable();
        (self.pieces(pos) == stones && self.side_to_move(pos) == to_move).then_some(pos)
    }

    fn side_to_move(&self, pos: Position) -> Player {
        LayeredGame::to_move(self, self.layer(pos))
    }

    fn has_movable_pieces(&self) -> bool {
        false
    }

    fn answer(&self, start: Score) -> String {
        crate::contest::tableau::answer(start)
    }

    /// Its row lengths and who places the next stone: `rows 2,1,0 (second player to move)`.
    fn describe(&self, pos: Position) -> String {
        let rows: Vec<String> = self.decode(pos).iter().map(u16::to_string).collect();
        let side = match self.side_to_move(pos) {
            Player::First => "first",
            Player::Second => "second",
        };
        format!("rows {} ({side} player to move)", rows.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::check::check_layers;

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
        assert_eq!(game.to_move(game.layer(pos)), Player::Second);
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
