//! One side of a composed game on one board: its sets of pieces, its moves per cell, and
//! what the solver's hot paths read per set instead of working it out per position.

use std::collections::TryReserveError;
use std::ops::{Range, RangeInclusive};

use super::board::{goal_row, CustomBoard};
use super::index::{Renumbering, SetIndex, NO_CELL};
use super::moves::Moves;
use super::rules::{Capture, Rules, MAX_PIECES};
use super::tiers::Tiering;
use crate::memory;

/// Positions that must share a set for its per-set tables to pay ([`SideBuilding`]).
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
    /// For each set, the sets one un-move away, when built ([`SideBuilding`]).
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

/// What a side's per-set tables depend on in the game: the stride of its sets, the other
/// side's number of sets, and the memory its un-move lists may take.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The side's [`Side::stride`].
    pub stride: u32,
    /// The other side's number of sets.
    pub other_sets: u32,
    /// Bytes its [`Unmoves`] may take.
    pub budget: usize,
}

impl Side {
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
}

/// Sets a stage of [`SideBuilding`] goes through between two looks at the clock.
const RUN: u32 = 1024;

/// A side's tables built a run of sets at a time ([`SideBuilding::work`]), so that the
/// page builds a large game in slices instead of one long task. Each stage goes over the
/// side's sets in number order: listing them, renumbering them tier by tier (counting
/// their tiers, then placing them), what the hot paths read of each, their move counts,
/// their un-move lists. (A one-call build goes through the same stages:
/// [`SideBuilding::built`].)
pub struct SideBuilding {
    /// The side, its tables as far as built.
    side: Side,
    /// The stage under way, and the next set it works on.
    stage: Stage,
    next: u32,
    /// The tiers its sets are numbered in, if the game is split by its advance.
    tiering: Option<Tiering>,
    renumbering: Option<Renumbering>,
    /// For each own cell, whether it is on the side's goal row.
    on_goal: Vec<bool>,
    layout: Layout,
}

/// The stages of [`SideBuilding`], in order; those a side does not need are skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Listing the sets in rank order ([`SetIndex::extend_to`]).
    List,
    /// Counting each set's tier ([`Renumbering::count`]).
    CountTiers,
    /// Numbering the sets tier by tier ([`Renumbering::place`]).
    Renumber,
    /// What the hot paths read of each set ([`PieceSet`]).
    Pieces,
    /// Each set's move count ([`PieceSet::moves`]).
    MoveCounts,
    /// Each set's un-moves ([`Unmoves`]).
    Unmoves,
    Done,
}

impl SideBuilding {
    /// Prepares side `side` of `rules` on `board`, its pieces on the board cells `cells`
    /// (ascending), its sets numbered tier by tier when `tiering` splits the game by this
    /// side's advance, its per-set tables for `layout`: per cell now, per set by
    /// [`SideBuilding::work`].
    ///
    /// # Errors
    /// When the memory of its sets cannot be had.
    pub fn new(
        rules: &Rules,
        board: &CustomBoard,
        side: usize,
        cells: Vec<u16>,
        tiering: Option<&Tiering>,
        layout: Layout,
    ) -> Result<SideBuilding, TryReserveError> {
        let grid = &board.grid;
        let mut local_of = vec![NO_CELL; grid.len()];
        for (local, &cell) in cells.iter().enumerate() {
            local_of[usize::from(cell)] = local as u16;
        }
        let me = &rules.side[side];
        let moves = Moves::new(grid, &me.rays(), &cells, &local_of)?;
        let index = SetIndex::reserved(cells.len(), sizes(rules, side))?;
        let goal = goal_row(me.goal, grid);
        let on_goal = cells
            .iter()
            .map(|&c| Some(grid.coord(c).row) == goal)
            .collect();
        Ok(SideBuilding {
            side: Side {
                index,
                sets: Vec::new(),
                cells,
                local_of,
                moves,
                counted: false,
                capture: me.capture,
                goal: goal.is_some(),
                pieces: me.pieces as usize,
                stride: layout.stride,
                unmoves: None,
            },
            stage: Stage::List,
            next: 0,
            tiering: tiering.filter(|t| t.side == side).cloned(),
            renumbering: None,
            on_goal,
            layout,
        })
    }

    /// Works on the side's tables until `time_up` says so (asked after each run of
    /// [`RUN`] sets) or they are built: true once they are (then [`SideBuilding::side`]).
    ///
    /// # Errors
    /// When the memory of its sets cannot be had.
    pub fn work(&mut self, time_up: &mut dyn FnMut() -> bool) -> Result<bool, TryReserveError> {
        let total = self.side.index.total();
        while self.stage != Stage::Done {
            while self.next < total {
                let end = total.min(self.next.saturating_add(RUN));
                self.run(self.next..end);
                self.next = end;
                if time_up() {
                    return Ok(false);
                }
            }
            self.next_stage()?;
            self.next = 0;
        }
        Ok(true)
    }

    /// The side, built to the end in one call.
    ///
    /// # Errors
    /// When the memory of its sets cannot be had.
    pub fn built(mut self) -> Result<Side, TryReserveError> {
        while !self.work(&mut || false)? {}
        Ok(self.side)
    }

    /// The side, once [`SideBuilding::work`] has built it.
    pub fn side(self) -> Side {
        debug_assert_eq!(self.stage, Stage::Done);
        self.side
    }

    /// Goes on to the next stage the side needs, reserving its memory.
    fn next_stage(&mut self) -> Result<(), TryReserveError> {
        let side = &mut self.side;
        self.stage = match self.stage {
            Stage::List if self.tiering.is_some() => {
                let tiers = self.tiering.as_ref().map_or(1, |t| t.sets.len());
                self.renumbering = Some(Renumbering::new(&side.index, tiers)?);
                Stage::CountTiers
            }
            Stage::CountTiers => {
                self.renumbering.as_mut().expect("counting").start_placing();
                Stage::Renumber
            }
            Stage::List | Stage::Renumber => {
                if let Some(renumbering) = self.renumbering.take() {
                    renumbering.finish(&mut side.index);
                }
                side.sets.try_reserve_exact(side.index.len() as usize)?;
                Stage::Pieces
            }
            Stage::Pieces if side.blind() && self.layout.other_sets > 1 => Stage::MoveCounts,
            Stage::Pieces | Stage::MoveCounts => {
                side.counted = self.stage == Stage::MoveCounts;
                self.side.unmoves = self.unmoves();
                match self.side.unmoves {
                    Some(_) => Stage::Unmoves,
                    None => Stage::Done,
                }
            }
            Stage::Unmoves | Stage::Done => Stage::Done,
        };
        Ok(())
    }

    /// The side's un-move lists, empty, when they pay: each set is held by
    /// `2 · other_sets` positions, and with fewer than `SHARED` (16) of them, working a
    /// set's un-moves out per position costs no more than the list; when the side has no
    /// slides (a slide's way back depends on where the other side stands); and when the
    /// lists take no more than the layout's budget and that memory can be had (without it,
    /// the un-moves are worked out per position instead).
    fn unmoves(&self) -> Option<Unmoves> {
        let side = &self.side;
        let width = 1 + side.pieces * side.moves.back.most();
        let landing = side.capture == Capture::Removes;
        let sets = side.index.len() as usize;
        let bytes = (sets * width).saturating_mul(if landing { 6 } else { 4 });
        let Layout {
            other_sets, budget, ..
        } = self.layout;
        if 2 * other_sets < SHARED || !side.jumps_only() || bytes > budget {
            return None;
        }
        // Reserved, not filled: each set's row is added in turn, so that no slice clears
        // them all at once.
        let mut rows = Vec::new();
        rows.try_reserve_exact(sets * width).ok()?;
        let mut landed = Vec::new();
        landed
            .try_reserve_exact(if landing { sets * (width - 1) } else { 0 })
            .ok()?;
        Some(Unmoves {
            width,
            rows,
            landed,
        })
    }

    /// Does the stage's work for the sets numbered `sets`.
    fn run(&mut self, sets: Range<u32>) {
        let side = &mut self.side;
        match self.stage {
            Stage::List => side.index.extend_to(sets.end),
            Stage::CountTiers => {
                let tiering = self.tiering.as_ref().expect("tiers");
                let renumbering = self.renumbering.as_mut().expect("tiers");
                renumbering.count(&side.index, sets, |set| tiering.tier(set));
            }
            Stage::Renumber => {
                let renumbering = self.renumbering.as_mut().expect("tiers");
                renumbering.place(&side.index, sets);
            }
            Stage::Pieces => {
                for number in sets {
                    let set = side.index.cells(number);
                    let mut cells = [NO_CELL; MAX_PIECES];
                    for (board, &local) in cells.iter_mut().zip(set) {
                        *board = side.cells[usize::from(local)];
                    }
                    side.sets.push(PieceSet {
                        cells,
                        len: set.len() as u8,
                        on_goal: set.iter().any(|&l| self.on_goal[usize::from(l)]),
                        moves: 0,
                    });
                }
            }
            Stage::MoveCounts => {
                for number in sets {
                    let set = side.index.cells(number);
                    let free = |&at: &u16| {
                        let targets = side.moves.forth.of(at).iter();
                        targets.filter(|t| !set.contains(&t.local)).count()
                    };
                    side.sets[number as usize].moves = set.iter().map(free).sum::<usize>() as u8;
                }
            }
            Stage::Unmoves => {
                let lists = side.unmoves.as_mut().expect("un-move lists");
                let width = lists.width;
                let landing = side.capture == Capture::Removes;
                for number in sets {
                    let set = side.index.cells(number);
                    lists.rows.resize(lists.rows.len() + width, 0);
                    if landing {
                        lists.landed.resize(lists.landed.len() + width - 1, NO_CELL);
                    }
                    let row = &mut lists.rows[number as usize * width..][..width];
                    let mut len = 0;
                    for (i, &at) in set.iter().enumerate() {
                        for t in side.moves.back.of(at) {
                            if set.contains(&t.local) {
                                continue;
                            }
                            let parent = side.index.rank_replacing(set, i, t.local);
                            // A piece already on the goal row: that position is over, and
                            // may be left out.
                            if !side.sets[parent as usize].on_goal {
                                len += 1;
                                row[len] = parent * side.stride;
                                if landing {
                                    lists.landed[number as usize * (width - 1) + len - 1] =
                                        side.cells[usize::from(at)];
                                }
                            }
                        }
                    }
                    row[0] = len as u32;
                }
            }
            Stage::Done => {}
        }
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
        let layout = Layout {
            stride: 2,
            other_sets,
            budget,
        };
        let building = SideBuilding::new(rules, &board, side, cells, None, layout).unwrap();
        building.built().unwrap()
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
