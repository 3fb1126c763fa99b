//! One side of a composed game on one board: its sets of pieces, its moves per cell, and
//! what the solver's hot paths read per set instead of working it out per position.

use std::collections::TryReserveError;
use std::ops::RangeInclusive;

use super::board::{goal_row, CustomBoard};
use super::index::{SetIndex, NO_CELL};
use super::moves::Moves;
use super::rules::{Capture, Rules, MAX_PIECES};
use super::tiers::Tiering;
use crate::memory;

/// Positions that must share a set for its per-set tables to pay ([`Side::with_tables`]).
const SHARED: u32 = 16;

/// One side's tables on one board.
#[derive(Clone, Debug)]
pub struct Side {
    /// The sets its pieces can form on its own cells.
    pub index: SetIndex,
    /// The board cell of each own cell.
    pub cells: Vec<u16>,
    /// What the hot paths read of each set, in rank order.
    pub sets: Vec<PieceSet>,
    /// The own number of each board cell ([`NO_CELL`] if its pieces never stand there).
    pub local_of: Vec<u16>,
    /// Its moves and un-moves per own cell.
    pub moves: Moves,
    /// True when [`PieceSet::moves`] holds each set's move count.
    pub counted: bool,
    /// What its moves onto enemy pieces do.
    pub capture: Capture,
    /// Whether it has a goal row.
    pub goal: bool,
    /// Its pieces at the start, the most it has.
    pub pieces: usize,
    /// How far apart in the position index two positions are whose sets of this side's
    /// pieces have consecutive ranks (the other side's set and the side to move alike).
    pub stride: u32,
    /// For each set, the sets one un-move away, when built ([`Side::with_tables`]).
    pub unmoves: Option<Unmoves>,
}

/// Per set of a side, the sets of its pieces one of its moves earlier: each as its
/// rank times the side's stride (what the set adds to a position's index), with the
/// cell the moving piece landed on (kept only when the side's captures remove: a piece
/// can come back there). One row of equal width per set, its length first, so that a
/// set's list is one read from one place.
#[derive(Clone, Debug)]
pub struct Unmoves {
    width: usize,
    rows: Vec<u32>,
    landed: Vec<u16>,
}

impl Unmoves {
    /// A copy, its memory reserved fallibly.
    ///
    /// # Errors
    /// When it cannot be had.
    fn try_clone(&self) -> Result<Unmoves, TryReserveError> {
        Ok(Unmoves {
            width: self.width,
            rows: memory::copied(&self.rows)?,
            landed: memory::copied(&self.landed)?,
        })
    }

    /// The earlier sets of set `rank`.
    #[inline(always)]
    pub fn of(&self, rank: u32) -> &[u32] {
        let row = &self.rows[rank as usize * self.width..][..self.width];
        &row[1..=row[0] as usize]
    }

    /// Where the piece landed for each of [`Unmoves::of`]'s sets (sides whose captures
    /// remove only).
    #[inline(always)]
    pub fn landed(&self, rank: u32) -> &[u16] {
        &self.landed[rank as usize * (self.width - 1)..][..self.width - 1]
    }
}

impl Side {
    /// The per-cell tables of side `side` of `rules` on `board`, its pieces on the board
    /// cells `cells` (ascending), its sets numbered tier by tier when `tiering` splits the
    /// game by this side's advance. Its [`Side::stride`] is the game's to set, and its
    /// per-set tables are built by [`Side::with_tables`].
    ///
    /// # Errors
    /// When the memory of its sets cannot be had.
    pub fn new(
        rules: &Rules,
        board: &CustomBoard,
        side: usize,
        cells: Vec<u16>,
        tiering: Option<&Tiering>,
    ) -> Result<Side, TryReserveError> {
        let grid = &board.grid;
        let cells_of = &cells;
        let mut local_of = vec![NO_CELL; grid.len()];
        for (local, &cell) in cells.iter().enumerate() {
            local_of[usize::from(cell)] = local as u16;
        }
        let me = &rules.side[side];
        let moves = Moves::new(grid, &me.rays(), &cells, &local_of)?;
        let mut index = SetIndex::new(cells.len(), sizes(rules, side))?;
        if let Some(tiering) = tiering.filter(|t| t.side == side) {
            index = index.in_tiers(|set| tiering.tier(set))?;
        }
        let goal = goal_row(me.goal, grid);
        let sets = memory::try_collect((0..index.len()).map(|rank| {
            let set = index.cells(rank);
            let mut cells = [NO_CELL; MAX_PIECES];
            for (board, &local) in cells.iter_mut().zip(set) {
                *board = cells_of[usize::from(local)];
            }
            let on_goal = cells[..set.len()]
                .iter()
                .any(|&c| Some(grid.coord(c).row) == goal);
            PieceSet {
                cells,
                len: set.len() as u8,
                on_goal,
                moves: 0,
            }
        }))?;
        Ok(Side {
            index,
            sets,
            cells,
            local_of,
            moves,
            counted: false,
            capture: me.capture,
            goal: goal.is_some(),
            pieces: me.pieces as usize,
            stride: 0,
            unmoves: None,
        })
    }

    /// A copy, its per-set tables reserved fallibly ([`crate::Game::try_copy`]); those per
    /// cell are small.
    ///
    /// # Errors
    /// When their memory cannot be had.
    pub fn try_clone(&self) -> Result<Side, TryReserveError> {
        Ok(Side {
            index: self.index.try_clone()?,
            cells: self.cells.clone(),
            sets: memory::copied(&self.sets)?,
            local_of: self.local_of.clone(),
            moves: self.moves.clone(),
            counted: self.counted,
            capture: self.capture,
            goal: self.goal,
            pieces: self.pieces,
            stride: self.stride,
            unmoves: self.unmoves.as_ref().map(Unmoves::try_clone).transpose()?,
        })
    }

    /// True when the side's moves never depend on where the other side's pieces stand:
    /// none slides past a cell (every target is reached on its own), and an enemy piece
    /// on a target is captured rather than in the way. (The rules' limit on the ways back
    /// into a position keeps a set's moves below 256.)
    pub fn blind(&self) -> bool {
        self.capture != Capture::None && self.jumps_only()
    }

    /// True when every target of every move is reached on its own (no slides).
    fn jumps_only(&self) -> bool {
        let targets = |t: &super::moves::Targets| t.list().iter().all(|t| t.rest == 0);
        targets(&self.moves.forth)
    }

    /// The side with its per-set tables built, when they pay: each set is held by
    /// `2 · other_sets` positions (`other_sets` the other side's sets), and with fewer
    /// than `SHARED` (16) of them, working a set's moves out per position costs no more
    /// than the table. Each set's move count ([`PieceSet::moves`], [`Side::counted`])
    /// when the side is [`Side::blind`];
    /// [`Unmoves`] when it has no slides (a slide's way back depends on where the other
    /// side stands) and the lists take no more memory than `budget` bytes, when it can be had.
    pub fn with_tables(mut self, other_sets: u32, budget: usize) -> Side {
        if self.blind() && other_sets > 1 {
            for rank in 0..self.index.len() {
                let set = self.index.cells(rank);
                let free = |&at: &u16| {
                    let targets = self.moves.forth.of(at).iter();
                    targets.filter(|t| !set.contains(&t.local)).count()
                };
                self.sets[rank as usize].moves = set.iter().map(free).sum::<usize>() as u8;
            }
            self.counted = true;
        }
        let width = 1 + self.pieces * self.moves.back.most();
        let landing = self.capture == Capture::Removes;
        let bytes = (self.index.len() as usize * width).saturating_mul(if landing { 6 } else { 4 });
        if 2 * other_sets < SHARED || !self.jumps_only() || bytes > budget {
            return self;
        }
        let sets = self.index.len() as usize;
        let rows = memory::filled(sets * width, 0);
        let landed = memory::filled(if landing { sets * (width - 1) } else { 0 }, NO_CELL);
        let (Ok(rows), Ok(landed)) = (rows, landed) else {
            // Without their memory, the un-moves are worked out per position instead.
            return self;
        };
        let mut lists = Unmoves {
            width,
            rows,
            landed,
        };
        for rank in 0..self.index.len() {
            let set = self.index.cells(rank);
            let row = &mut lists.rows[rank as usize * width..][..width];
            let mut len = 0;
            for (i, &at) in set.iter().enumerate() {
                for t in self.moves.back.of(at) {
                    if set.contains(&t.local) {
                        continue;
                    }
                    let parent = self.index.rank_replacing(set, i, t.local);
                    // A piece already on the goal row: that position is over, and may
                    // be left out.
                    if !self.sets[parent as usize].on_goal {
                        len += 1;
                        row[len] = parent * self.stride;
                        if landing {
                            lists.landed[rank as usize * (width - 1) + len - 1] =
                                self.cells[usize::from(at)];
                        }
                    }
                }
            }
            row[0] = len as u32;
        }
        self.unmoves = Some(lists);
        self
    }
}

/// The sizes of side `side`'s sets: all of its pieces, or any number down to none when
/// the other side's captures remove them.
pub fn sizes(rules: &Rules, side: usize) -> RangeInclusive<usize> {
    let pieces = rules.side[side].pieces as usize;
    if rules.removable(side) {
        0..=pieces
    } else {
        pieces..=pieces
    }
}

/// A set of a side's pieces as the hot paths read it, one load per position: the
/// pieces' board cells and what the end checks and the scan ask of them.
#[derive(Clone, Copy, Debug)]
pub struct PieceSet {
    /// The board cells, ascending, [`NO_CELL`] after the last.
    cells: [u16; MAX_PIECES],
    /// How many pieces.
    len: u8,
    /// Whether one stands on the side's goal row.
    pub on_goal: bool,
    /// How many moves the side has, when [`Side::counted`].
    pub moves: u8,
}

impl PieceSet {
    /// The cells.
    #[inline(always)]
    pub fn cells(&self) -> &[u16] {
        &self.cells[..usize::from(self.len)]
    }

    /// True for no pieces.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Where `cell` is among them.
    #[inline(always)]
    pub fn find(&self, cell: u16) -> Option<usize> {
        self.cells().iter().position(|&c| c == cell)
    }

    /// True when `other` has a cell of these.
    #[inline(always)]
    pub fn meets(&self, other: &PieceSet) -> bool {
        self.cells().iter().any(|&c| other.find(c).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::custom::{preset, Span};

    /// Side `side` of `rules` on `board`, with its tables built for `other_sets` sets of
    /// the other side within `budget` bytes.
    fn side(rules: &Rules, board: &str, side: usize, other_sets: u32, budget: usize) -> Side {
        let board = CustomBoard::parse(rules, board).unwrap();
        let cells = board.cells(rules, Span::Whole)[side].clone();
        let built = Side::new(rules, &board, side, cells, None).unwrap();
        built.with_tables(other_sets, budget)
    }

    #[test]
    fn tables_are_built_for_the_sides_whose_moves_they_describe() {
        let rules = |name: &str| preset(name).unwrap().rules();
        let (river, chase) = (rules("river-pawn"), rules("chase"));
        // Chase with black sliding two cells instead of jumping: blocked by a piece
        // between.
        let text = preset("chase").unwrap().text;
        let sliding: Rules = text.replace("jump = true", "jump = false").parse().unwrap();
        let fox = rules("fox-and-hounds");
        let (river_board, chase_board) = ("...\nO.O\n.X.\n", "W..\n...\n..B\n");
        let ample = 1 << 20;
        // (rules, board, side, counted, un-move lists): single targets captured onto
        // (river's steps, chase's jumps) get both; a slide neither (its moves and ways
        // back depend on the other side); no captures (fox and hounds) no counts.
        for (what, rules, board, s, counted, listed) in [
            ("river red", &river, river_board, 0, true, true),
            ("river black", &river, river_board, 1, true, true),
            ("chase black", &chase, chase_board, 1, true, true),
            ("sliding black", &sliding, chase_board, 1, false, false),
            ("fox", &fox, "H.H.\n.H.H\n....\n..F.\n", 0, false, true),
        ] {
            let built = side(rules, board, s, 8, ample);
            assert_eq!(
                (built.counted, built.unmoves.is_some()),
                (counted, listed),
                "{what}"
            );
        }
        // Counts only pay with more than one set of the other side; lists with at least
        // SHARED / 2 of them, and within the budget.
        let red = |other_sets, budget| side(&river, river_board, 0, other_sets, budget);
        assert!(!red(1, ample).counted);
        assert!(red(2, ample).counted);
        assert!(red(SHARED / 2 - 1, ample).unmoves.is_none());
        assert!(red(SHARED / 2, ample).unmoves.is_some());
        assert!(red(SHARED / 2, 0).unmoves.is_none());
    }
}
