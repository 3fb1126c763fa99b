//! The rules of tableau (RULES §3) over dense staircase indexes: the [`LayeredGame`] the
//! layered solver analyses.

use std::collections::TryReserveError;
use std::ops::Range;

use super::board::TableauBoard;
use crate::game::layered::{LayeredGame, Score};
use crate::game::{Move, Player, Position};
use crate::memory;

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
    ///
    /// # Panics
    /// When the memory of its tables cannot be had ([`Tableau::try_new`] says so).
    pub fn new(board: TableauBoard) -> Tableau {
        Tableau::try_new(board).expect("memory for the tableau game's tables")
    }

    /// [`Tableau::new`], failing instead when the memory of its tables of binomials (a few
    /// kilobytes) cannot be had: the page says so rather than aborting.
    ///
    /// # Errors
    /// When a table cannot be reserved.
    pub fn try_new(board: TableauBoard) -> Result<Tableau, TryReserveError> {
        let (rows, perimeter) = (usize::from(board.rows), board.rows + board.cols);
        let stride = rows + 1;
        let mut binomial = memory::filled((usize::from(perimeter) + 1) * stride, 0u64)?;
        for p in 0..=usize::from(perimeter) {
            binomial[p * stride] = 1;
            for k in 1..=rows.min(p) {
                binomial[p * stride + k] =
                    binomial[(p - 1) * stride + k - 1] + binomial[(p - 1) * stride + k];
            }
        }
        let positions = binomial[usize::from(perimeter) * stride + rows] as u32;
        let capped = |i: usize| binomial[i].min(u32::MAX.into());
        let binomials = memory::try_collect((0..binomial.len()).map(|i| {
            let below = if i % stride == 0 { 0 } else { capped(i - 1) };
            capped(i) | below << 32
        }))?;
        let (n, m) = (u32::from(board.rows), u32::from(board.cols));
        Ok(Tableau {
            board,
            binomials,
            positions,
            stones_base: n * m + n * (n - 1) / 2,
        })
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
    /// the 1st, 3rd, 5th, … stone. (The cast keeps the parity, all `from_parity` reads.)
    fn to_move(&self, stones: usize) -> Player {
        Player::from_parity(stones as u32)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::check::check_layers;
    use crate::games::tableau::board::staircase_count;

    fn board(rows: u16, cols: u16) -> TableauBoard {
        let cells = usize::from(rows * cols);
        let first = (0..cells as Score).collect();
        let second = (0..cells as Score).map(|w| 2 * w).collect();
        TableauBoard::new(rows, cols, first, second).unwrap()
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
}
