//! The rules of river (RULES §1) over dense position indexes: the [`Game`] the solver
//! analyses.

use std::collections::TryReserveError;
use std::fmt;

use super::board::RiverBoard;
use super::reach::{Reach, Span};
use crate::fastdiv::FastDiv;
use crate::game::{Game, Move, Player, Position, Status, Value};
use crate::grid::{Coord, Dir};
use crate::memory;

/// A decoded river position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RiverPosition {
    /// The red pieces, in free-cell order.
    pub reds: [Coord; 2],
    /// The black piece.
    pub black: Coord,
    /// Red is [`Player::First`], black [`Player::Second`].
    pub to_move: Player,
}

impl fmt::Display for RiverPosition {
    /// The pieces' cells, 1-based, and the side to move: `red (2, 1) and (2, 3), black
    /// (3, 2), red to move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.to_move {
            Player::First => "red",
            Player::Second => "black",
        };
        write!(
            f,
            "red {} and {}, black {}, {side} to move",
            self.reds[0], self.reds[1], self.black
        )
    }
}

/// Up to `N` values, packed at the front: a short list without a heap allocation.
#[derive(Clone, Copy, Debug)]
struct Packed<T, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy + Default, const N: usize> Default for Packed<T, N> {
    fn default() -> Self {
        Packed {
            items: [T::default(); N],
            len: 0,
        }
    }
}

impl<T: Copy, const N: usize> Packed<T, N> {
    fn push(&mut self, item: T) {
        self.items[usize::from(self.len)] = item;
        self.len += 1;
    }

    #[inline(always)]
    fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

/// Up to four free cells one step away.
type Steps = Packed<u16, 4>;

/// Up to eight pairs one red move away.
type PairSteps = Packed<u32, 8>;

/// Up to three blocks of positions, as their first indexes.
type OriginBlocks = Packed<u32, 3>;

/// Marks a free cell without a free cell above it.
const NO_CELL: u16 = u16::MAX;

/// The river game on one board, ready for the solver.
///
/// Black's cells and the reds' cells are numbered apart ([`Reach`]): a black piece on
/// black cell `b` and red pieces on red cells `a`, `c` (a pair) are position
/// `((b · pairs + pair) << 1) | side`.
#[derive(Clone, Debug)]
pub struct River {
    board: RiverBoard,
    /// Board cell number of each black cell.
    black_cells: Vec<u16>,
    /// Board cell number of each red cell.
    red_cells: Vec<u16>,
    /// Black cell number of each board cell ([`NO_CELL`] if black never stands there).
    black_of: Vec<u16>,
    /// Red cell number of each board cell ([`NO_CELL`] if no red ever stands there).
    red_of: Vec<u16>,
    /// True for black cells in the top row.
    top_row: Vec<bool>,
    /// For each black cell, its red cell number ([`NO_CELL`] if none): where black
    /// captures a red piece.
    black_on: Vec<u16>,
    /// Where a red piece on each red cell can step (obstacles aside).
    red_steps: Vec<Steps>,
    /// Where the black piece can step from each black cell: up, left, right.
    black_steps: Vec<Steps>,
    /// The black cell above each black cell, or [`NO_CELL`].
    black_up: Vec<u16>,
    /// For each black cell, the blocks of black-to-move positions whose black piece can
    /// step there (from below, the left or the right), as each block's first index.
    /// Origins in the top row are left out: those positions are over, never parents.
    origin_blocks: Vec<OriginBlocks>,
    /// The same without the origin below: the blocks of the cell's own row (tier).
    row_origin_blocks: Vec<OriginBlocks>,
    /// Where each row's positions end (the game's tiers).
    tier_ends: Vec<Position>,
    /// The two red cells of each unordered pair, smaller first.
    pairs: Vec<(u16, u16)>,
    /// For each pair, the pairs one red move away (either piece steps, not onto the
    /// other). Moves are reversible, so these are also the pairs one red un-move away.
    pair_steps: Vec<PairSteps>,
    /// For each pair, the status of a red-to-move position not over by rules 1 and 2.
    red_statuses: Vec<Status>,
    /// Pair number of red cells `a`, `b` at `a * reds + b` (either order).
    pair_of: Vec<u32>,
    pair_count: FastDiv,
    start: Position,
}

impl River {
    /// Builds the game of every position on `board` ([`Span::Whole`]; red to move first).
    pub fn new(board: RiverBoard) -> River {
        River::spanning(board, Span::Whole)
    }

    /// Builds the game of the positions of `span` on `board` (red to move first).
    ///
    /// # Panics
    /// When the memory of its tables cannot be had ([`River::try_spanning`] says so).
    pub fn spanning(board: RiverBoard, span: Span) -> River {
        River::try_spanning(board, span).expect("memory for the river game's tables")
    }

    /// [`River::spanning`], failing instead when the memory of its tables of pairs of red
    /// cells cannot be had (about 10 MB on the open 24 × 24 board: the command line,
    /// under a memory limit, says so in one line instead of aborting).
    ///
    /// # Errors
    /// When a table cannot be reserved.
    pub fn try_spanning(board: RiverBoard, span: Span) -> Result<River, TryReserveError> {
        let reach = board.reach(span);
        let grid = &board.grid;
        let numbers = |cells: &[u16]| {
            let mut of = vec![NO_CELL; grid.len()];
            for (i, &cell) in cells.iter().enumerate() {
                of[usize::from(cell)] = i as u16;
            }
            of
        };
        let (black_of, red_of) = (numbers(&reach.black), numbers(&reach.red));
        // The numbers (in `of`) of the cells one step from `cell` in `dirs`.
        let steps_from = |cell: u16, dirs: &[Dir], of: &[u16]| {
            let mut steps = Steps::default();
            for &dir in dirs {
                if let Some(to) = grid.step(grid.coord(cell), dir, 1) {
                    let number = of[usize::from(grid.cell(to))];
                    if number != NO_CELL {
                        steps.push(number);
                    }
                }
            }
            steps
        };
        let red_steps: Vec<Steps> = reach
            .red
            .iter()
            .map(|&c| steps_from(c, &Dir::ALL, &red_of))
            .collect();
        let black_steps = reach
            .black
            .iter()
            .map(|&c| steps_from(c, &[Dir::Up, Dir::Left, Dir::Right], &black_of))
            .collect();
        let top_row: Vec<bool> = reach
            .black
            .iter()
            .map(|&c| grid.coord(c).row == 0)
            .collect();
        let black_on = reach
            .black
            .iter()
            .map(|&c| red_of[usize::from(c)])
            .collect();
        let n = reach.red.len();
        let mut pairs = Vec::new();
        pairs.try_reserve_exact(n * n.saturating_sub(1) / 2)?;
        let mut pair_of = memory::filled(n * n, u32::MAX)?;
        for a in 0..n {
            for b in a + 1..n {
                pair_of[a * n + b] = pairs.len() as u32;
                pair_of[b * n + a] = pairs.len() as u32;
                pairs.push((a as u16, b as u16));
            }
        }
        let pair_steps = memory::try_collect(pairs.iter().map(|&(a, b)| {
            let mut steps = PairSteps::default();
            for (piece, other) in [(a, b), (b, a)] {
                for &to in red_steps[usize::from(piece)].as_slice() {
                    if to != other {
                        steps.push(pair_of[usize::from(to) * n + usize::from(other)]);
                    }
                }
            }
            steps
        }))?;
        let red_statuses = memory::try_collect(pair_steps.iter().map(|s| moves_status(s.len)))?;
        let pair_count = FastDiv::new(pairs.len().max(1) as u32);
        let origins = |dirs: &[Dir]| -> Vec<OriginBlocks> {
            reach
                .black
                .iter()
                .map(|&c| {
                    let mut blocks = OriginBlocks::default();
                    for &from in steps_from(c, dirs, &black_of).as_slice() {
                        if !top_row[usize::from(from)] {
                            blocks.push(((u32::from(from) * pair_count.divisor()) << 1) | 1);
                        }
                    }
                    blocks
                })
                .collect()
        };
        let origin_blocks = origins(&[Dir::Down, Dir::Left, Dir::Right]);
        let row_origin_blocks = origins(&[Dir::Left, Dir::Right]);
        let black_up = reach
            .black
            .iter()
            .map(|&c| {
                let up = steps_from(c, &[Dir::Up], &black_of);
                up.as_slice().first().copied().unwrap_or(NO_CELL)
            })
            .collect();
        let tier_ends = reach.tier_ends(grid);
        let Reach {
            black: black_cells,
            red: red_cells,
        } = reach;
        let mut river = River {
            board,
            black_cells,
            red_cells,
            black_of,
            red_of,
            top_row,
            black_on,
            red_steps,
            black_steps,
            black_up,
            origin_blocks,
            row_origin_blocks,
            tier_ends,
            pairs,
            pair_steps,
            red_statuses,
            pair_of,
            pair_count,
            start: 0,
        };
        let start = RiverPosition {
            reds: river.board.reds,
            black: river.board.black,
            to_move: Player::First,
        };
        river.start = river
            .encode(&start)
            .expect("a validated board's pieces stand on distinct cells of their reach");
        Ok(river)
    }

    /// The board the game was built from.
    pub fn board(&self) -> &RiverBoard {
        &self.board
    }

    /// The index of a position; `None` if a piece is off its cells (obstacles, the board's
    /// edge, cells outside the game's [`Reach`]) or the red pieces share a cell.
    pub fn encode(&self, p: &RiverPosition) -> Option<Position> {
        let number = |of: &[u16], at: Coord| {
            let grid = &self.board.grid;
            let number = grid.contains(at).then(|| of[usize::from(grid.cell(at))]);
            number.filter(|&n| n != NO_CELL)
        };
        let red = |at| number(&self.red_of, at);
        let (a, b, black) = (
            red(p.reds[0])?,
            red(p.reds[1])?,
            number(&self.black_of, p.black)?,
        );
        if a == b {
            return None;
        }
        let pair = self.pair(a, b);
        let black = u32::from(black);
        let side = u32::from(p.to_move == Player::Second);
        Some(((black * self.pair_count.divisor() + pair) << 1) | side)
    }

    /// The pieces and side to move of a position.
    pub fn decode(&self, pos: Position) -> RiverPosition {
        let (black, pair) = self.pair_count.div_rem(pos >> 1);
        let (a, b) = self.pairs[pair as usize];
        let coord = |cell: u16| self.board.grid.coord(cell);
        RiverPosition {
            reds: [
                coord(self.red_cells[usize::from(a)]),
                coord(self.red_cells[usize::from(b)]),
            ],
            black: coord(self.black_cells[black as usize]),
            to_move: Player::from_parity(pos),
        }
    }

    /// Splits a position into (black's cell number, pair number, red to move?).
    #[inline(always)]
    fn split(&self, pos: Position) -> (u32, u32, bool) {
        let (black, pair) = self.pair_count.div_rem(pos >> 1);
        (black, pair, pos & 1 == 0)
    }

    /// RULES §1, checked in order: black in the top row (black wins); black on a red piece
    /// (the side that just moved wins, so the side to move loses); no legal move (the
    /// side to move loses).
    #[inline(always)]
    fn status_of(&self, black: u32, pair: u32, red_to_move: bool) -> Status {
        if self.top_row[black as usize] {
            return Status::Over(if red_to_move { Value::Lose } else { Value::Win });
        }
        let (a, b) = self.pairs[pair as usize];
        let on = self.black_on[black as usize];
        if on == a || on == b {
            return Status::Over(Value::Lose);
        }
        moves_status(if red_to_move {
            self.pair_steps[pair as usize].len
        } else {
            self.black_steps[black as usize].len
        })
    }

    #[inline(always)]
    fn join(&self, black: u32, pair: u32, red_to_move: bool) -> Position {
        ((black * self.pair_count.divisor() + pair) << 1) | u32::from(!red_to_move)
    }

    /// The parents of `pos`, with black's moves coming from the blocks in `origins`
    /// (every origin, or those of black's row).
    #[inline(always)]
    fn parents_by(&self, pos: Position, origins: &[OriginBlocks], mut f: impl FnMut(Position)) {
        let (black, pair, red_to_move) = self.split(pos);
        if red_to_move {
            // Black just moved here from below, the left or the right.
            for &block in origins[black as usize].as_slice() {
                f(block + (pair << 1));
            }
        } else if !self.top_row[black as usize] {
            // A red piece just moved here from a neighbouring cell. (With black in the top
            // row, that position was already over: no parents.)
            let base = black * self.pair_count.divisor();
            for &from in self.pair_steps[pair as usize].as_slice() {
                f((base + from) << 1);
            }
        }
    }

    #[inline(always)]
    fn pair(&self, a: u16, b: u16) -> u32 {
        self.pair_of[usize::from(a) * self.red_cells.len() + usize::from(b)]
    }
}

// SAFETY: `split` of a position below `num_positions() = 2 · blacks · pairs` (`blacks`
// black cells) gives `black < blacks` and `pair < pairs`; a parent is either the start of
// a black cell's block (at most `2 · (blacks − 1) · pairs + 1`) plus `2 · pair`, or
// `2 · (black · pairs + from)` with `from` a pair number: both below `num_positions()`. A
// row's positions are the blocks of its black cells (black cells are numbered row by row,
// `tier_ends` counts them row by row), so the tier parents — blocks of black cells in
// black's row, or black's own block — are in the row of `pos`. `tier_ends` is built once
// and never changes.
unsafe impl Game for River {
    /// The tables per pair of red cells copied fallibly (a 24×24 board has 165 600 pairs);
    /// those per cell are small.
    fn try_copy(&self) -> Result<River, TryReserveError> {
        Ok(River {
            board: self.board.clone(),
            black_cells: self.black_cells.clone(),
            red_cells: self.red_cells.clone(),
            black_of: self.black_of.clone(),
            red_of: self.red_of.clone(),
            top_row: self.top_row.clone(),
            black_on: self.black_on.clone(),
            red_steps: self.red_steps.clone(),
            black_steps: self.black_steps.clone(),
            black_up: self.black_up.clone(),
            origin_blocks: self.origin_blocks.clone(),
            row_origin_blocks: self.row_origin_blocks.clone(),
            tier_ends: self.tier_ends.clone(),
            pairs: memory::copied(&self.pairs)?,
            pair_steps: memory::copied(&self.pair_steps)?,
            red_statuses: memory::copied(&self.red_statuses)?,
            pair_of: memory::copied(&self.pair_of)?,
            pair_count: self.pair_count,
            start: self.start,
        })
    }

    fn num_positions(&self) -> usize {
        self.black_cells.len() * self.pairs.len() * 2
    }

    fn start(&self) -> Position {
        self.start
    }

    fn to_move(&self, pos: Position) -> Player {
        Player::from_parity(pos)
    }

    #[inline]
    fn primitive(&self, pos: Position) -> Option<Value> {
        match self.status(pos) {
            Status::Over(value) => Some(value),
            Status::Moves(_) => None,
        }
    }

    fn for_each_move(&self, pos: Position, mut f: impl FnMut(Move, Position)) {
        let (black, pair, red_to_move) = self.split(pos);
        if red_to_move {
            let (a, b) = self.pairs[pair as usize];
            for (piece, other) in [(a, b), (b, a)] {
                for &to in self.red_steps[usize::from(piece)].as_slice() {
                    if to != other {
                        let mv = Move {
                            from: self.red_cells[usize::from(piece)],
                            to: self.red_cells[usize::from(to)],
                        };
                        f(mv, self.join(black, self.pair(to, other), false));
                    }
                }
            }
        } else {
            for &to in self.black_steps[black as usize].as_slice() {
                let mv = Move {
                    from: self.black_cells[black as usize],
                    to: self.black_cells[usize::from(to)],
                };
                f(mv, self.join(u32::from(to), pair, true));
            }
        }
    }

    /// The children without building the moves (the verifier's hot path): red's from
    /// the pairs one red move away, black's from its steps.
    #[inline(always)]
    fn for_each_child(&self, pos: Position, mut f: impl FnMut(Position)) {
        let (black, pair, red_to_move) = self.split(pos);
        if red_to_move {
            for &to in self.pair_steps[pair as usize].as_slice() {
                f(self.join(black, to, false));
            }
        } else {
            for &to in self.black_steps[black as usize].as_slice() {
                f(self.join(u32::from(to), pair, true));
            }
        }
    }

    #[inline(always)]
    fn for_each_parent(&self, pos: Position, f: impl FnMut(Position)) {
        self.parents_by(pos, &self.origin_blocks, f);
    }

    /// One tier per row of the board, the top row first.
    fn tier_ends(&self) -> Vec<Position> {
        self.tier_ends.clone()
    }

    /// As [`Game::for_each_parent`], less the origin below for red to move (black came
    /// from the row below).
    #[inline(always)]
    fn for_each_tier_parent(&self, pos: Position, f: impl FnMut(Position)) {
        self.parents_by(pos, &self.row_origin_blocks, f);
    }

    /// Black to move steps up, into the row above: the block of black-to-move positions
    /// with black on a cell moves to the block of red-to-move positions with black on the
    /// cell above, pair for pair, a fixed distance back.
    fn for_each_earlier_tier_move(
        &self,
        range: std::ops::Range<Position>,
        mut f: impl FnMut(Position, Position),
    ) {
        let pairs = self.pair_count.divisor();
        // The first black-to-move position at or after the start.
        let mut pos = range.start | 1;
        while pos < range.end {
            let black = self.split(pos).0;
            let block_end = range.end.min((black + 1) * pairs * 2);
            let up = self.black_up[black as usize];
            if up != NO_CELL {
                let back = 2 * pairs * (black - u32::from(up)) + 1;
                let mut from = pos;
                while from < block_end {
                    f(from, from - back);
                    from += 2;
                }
            }
            pos = block_end | 1;
        }
    }

    #[inline]
    fn move_count(&self, pos: Position) -> u32 {
        let (black, pair, red_to_move) = self.split(pos);
        if red_to_move {
            u32::from(self.pair_steps[pair as usize].len)
        } else {
            u32::from(self.black_steps[black as usize].len)
        }
    }

    #[inline]
    fn status(&self, pos: Position) -> Status {
        let (black, pair, red_to_move) = self.split(pos);
        self.status_of(black, pair, red_to_move)
    }

    /// Walks the range block by block (one block per black cell) instead of decoding
    /// every position: a block in the top row is over, and elsewhere only the pairs
    /// holding the black piece differ from their precomputed move counts.
    fn for_each_status(
        &self,
        range: std::ops::Range<Position>,
        mut f: impl FnMut(Position, Status),
    ) {
        let pairs = self.pair_count.divisor();
        let mut pos = range.start;
        while pos < range.end {
            let black = self.split(pos).0;
            let block = (black * pairs) << 1;
            let end = range.end.min(block + (pairs << 1));
            if self.top_row[black as usize] {
                for pos in pos..end {
                    let red_to_move = pos & 1 == 0;
                    f(
                        pos,
                        Status::Over(if red_to_move { Value::Lose } else { Value::Win }),
                    );
                }
            } else {
                // Whole pairs in the middle, a lone position at either end of the range.
                let (mut pos, whole_end) = (pos, end & !1);
                if pos & 1 == 1 {
                    f(pos, self.status(pos));
                    pos += 1;
                }
                let black_moves = moves_status(self.black_steps[black as usize].len);
                let on = self.black_on[black as usize];
                let (first, last) = (
                    ((pos - block) >> 1) as usize,
                    ((whole_end - block) >> 1) as usize,
                );
                let pairs = self.pairs[first..last]
                    .iter()
                    .zip(&self.red_statuses[first..last]);
                for (red, (&(a, b), &red_moves)) in (pos..).step_by(2).zip(pairs) {
                    if a == on || b == on {
                        // A piece on the black one: the side that just moved has won.
                        f(red, Status::Over(Value::Lose));
                        f(red + 1, Status::Over(Value::Lose));
                    } else {
                        f(red, red_moves);
                        f(red + 1, black_moves);
                    }
                }
                if whole_end < end {
                    f(whole_end, self.status(whole_end));
                }
            }
            pos = end;
        }
    }
}

/// The status of a position that is not over by the first two rules and has `moves`
/// legal moves: none left loses (rule 3).
#[inline(always)]
fn moves_status(moves: u8) -> Status {
    match moves {
        0 => Status::Over(Value::Lose),
        n => Status::Moves(n.into()),
    }
}
