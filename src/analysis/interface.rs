//! The [`Analysis`] trait, what every analysis does whatever its game and solver, and
//! what `dyn Analysis` adds on top: running for a while or to a step, and queries that
//! check their position.

use std::ops::Range;

use super::answers::{CheckFailure, Events, MoveView, Records, Worth};
use super::error::Error;
use crate::game::board_view::{BoardView, SliceError};
use crate::game::{Player, Position, Value};
use crate::progress::{Phase, Progress, Waiting};
use crate::provenance::Origin;
use crate::retro::{SolveError, Workspace};

/// Units of work between two looks at the clock in `run_for` on `dyn Analysis` (about
/// 0.1 ms).
pub(crate) const CHUNK: usize = 2048;

/// [`BoardView`] without its verdict type, so that every kind of analysis hands out the
/// same trait object ([`Analysis::board`]).
pub trait Board {
    /// [`BoardView::size`].
    fn size(&self) -> (u16, u16);
    /// [`BoardView::position`].
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position>;
    /// [`BoardView::pieces`].
    fn pieces(&self, pos: Position) -> Vec<u16>;
    /// [`BoardView::side_to_move`].
    fn side_to_move(&self, pos: Position) -> Player;
    /// [`BoardView::slice`].
    fn slice(&self, pos: Position, piece: usize) -> Result<Vec<Option<Position>>, SliceError>;
    /// [`BoardView::describe`].
    fn describe(&self, pos: Position) -> String;
}

impl<B: BoardView> Board for B {
    fn size(&self) -> (u16, u16) {
        BoardView::size(self)
    }
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position> {
        BoardView::position(self, cells, to_move)
    }
    fn pieces(&self, pos: Position) -> Vec<u16> {
        BoardView::pieces(self, pos)
    }
    fn side_to_move(&self, pos: Position) -> Player {
        BoardView::side_to_move(self, pos)
    }
    fn slice(&self, pos: Position, piece: usize) -> Result<Vec<Option<Position>>, SliceError> {
        BoardView::slice(self, pos, piece)
    }
    fn describe(&self, pos: Position) -> String {
        BoardView::describe(self, pos)
    }
}

/// One game under analysis: [`Solver`](crate::Solver) or
/// [`LayeredSolver`](crate::LayeredSolver) behind one interface.
///
/// Queries taking a position answer "nothing" (`None`, empty) for numbers out of range;
/// the checked ones on `dyn Analysis` (`pieces`, …) say so.
pub trait Analysis {
    /// Does at most `budget` units of work (one queue entry or scored position, or
    /// [`SCAN_PER_UNIT`](crate::progress::SCAN_PER_UNIT) positions scanned or marked),
    /// never crossing into the next phase.
    ///
    /// # Errors
    /// If the analysis cannot go on (a line of play too long to record).
    fn step(&mut self, budget: usize) -> Result<Progress, SolveError>;
    /// The current progress.
    fn progress(&self) -> Progress;
    /// Turns the event log on or off (off by default; solving is faster without it). Each
    /// step replaces the events with its own — none unless recorded.
    fn set_recording(&mut self, on: bool);
    /// Goes back to before the scan, keeping the memory; re-running then repeats the
    /// analysis exactly (it is deterministic).
    fn reset(&mut self);
    /// A second analysis of the same game in the same order, keeping every record, not
    /// started, in memory of its own: the [`Tracer`](super::Tracer) re-runs one.
    ///
    /// # Errors
    /// The memory for it could not be had ([`SolveError::Memory`]).
    fn fresh(&self) -> Result<Box<dyn Analysis>, SolveError>;
    /// Units of propagation done by the end of timeline step `step` ([`Progress::step`]),
    /// if the analysis gets there while propagating: win/lose games the units done now
    /// and one per step to go (one unit is one step); scored games the sizes of the
    /// `step − 1` layers scored first, known once the scan is over (before, 0).
    fn units_at(&self, step: u64) -> u64;
    /// Where the worth of `pos` came from, as far as the analysis can tell from its
    /// records; `None` while `pos` is undecided ([`crate::provenance`]).
    fn origin(&self, pos: Position) -> Option<Origin>;
    /// The tier `pos` belongs to in the analysis's order, counted in solving order (0 in
    /// one queue, and for games without tiers).
    fn tier_of(&self, pos: Position) -> usize;
    /// Number of positions.
    fn num_positions(&self) -> usize;
    /// The records, one per position.
    fn records(&self) -> Records<'_>;
    /// The last step's events (empty unless recording).
    fn events(&self) -> Events<'_>;
    /// What waits to be taken, in the order it will be, with the first `head` entries and
    /// the last `tail` of each part ([`crate::Solver::waiting`],
    /// [`crate::LayeredSolver::waiting`]).
    fn waiting(&self, head: usize, tail: usize) -> Vec<Waiting>;
    /// Win/lose games: decided positions per remoteness, flattened `[wins₀, losses₀,
    /// wins₁, …]`. Scored games: positions per layer (stones on the board).
    fn layers(&self) -> Vec<u64>;
    /// The start position (the board as drawn, first player to move).
    fn start(&self) -> Position;
    /// The game's board.
    fn board(&self) -> &dyn Board;
    /// The worth of `pos`, `None` while undecided.
    fn outcome(&self, pos: Position) -> Option<Worth>;
    /// Every legal move of `pos`, best first for the side to move; a move's worth is seen
    /// by the mover and counts the move (win/lose games), or is the score after the move
    /// including its gain (scored games). Empty when the game is over.
    fn moves(&self, pos: Position) -> Vec<MoveView>;
    /// The line of optimal play from `pos` to the end of the game (in a tie, until a
    /// position would repeat).
    fn optimal_line(&self, pos: Position) -> Vec<MoveView>;
    /// The contest's answer line for `pos` as a start, `None` while undecided.
    fn answer(&self, pos: Position) -> Option<String>;
    /// The first decided position at or after `from` in a histogram bucket. Win/lose games:
    /// `bucket` is the remoteness and `value` the value for the side to move (ties ignore
    /// the bucket; no value, no position). Scored games: `bucket` is the layer (stones on
    /// the board), `value` is ignored, and only scored positions count.
    fn example(&self, bucket: u32, value: Option<Value>, from: usize) -> Option<Position>;
    /// Checks the records of the positions in `range` with the verifier ([`crate::verify`]:
    /// the rules' forward moves and end test only, not the solver); the first position
    /// whose record its moves contradict, in words.
    ///
    /// # Panics
    /// If `range` reaches past the positions.
    fn check_range(&self, range: Range<Position>) -> Result<(), CheckFailure>;
    /// Ends the analysis, handing its memory on to the next one (win/lose games: a run
    /// of boards touches fresh memory only for the largest; scored games keep none).
    fn into_workspace(self: Box<Self>) -> Workspace;
}

impl dyn Analysis + '_ {
    /// Works on the current phase until `time_up()`, asked between chunks of work: at most
    /// `budget` units as [`Analysis::step`] counts them, never past the end of the phase,
    /// at least one chunk of them.
    ///
    /// # Errors
    /// As [`Analysis::step`].
    pub fn run_for(
        &mut self,
        budget: usize,
        mut time_up: impl FnMut() -> bool,
    ) -> Result<Progress, Error> {
        let phase = self.progress().phase;
        let mut left = budget;
        loop {
            let chunk = CHUNK.min(left);
            let progress = self.step(chunk).map_err(Error::Solve)?;
            left -= chunk;
            if progress.done || progress.phase != phase || left == 0 || time_up() {
                return Ok(progress);
            }
        }
    }

    /// One unit of work with its events recorded, whatever the recording setting: the last
    /// unit a re-run stops on, so that [`Analysis::events`] shows what it did.
    fn step_recorded(&mut self) -> Result<Progress, SolveError> {
        self.set_recording(true);
        let last = self.step(1);
        self.set_recording(false);
        last
    }

    /// Works towards timeline step `step` ([`Progress::step`]) until `time_up()`, asked
    /// between chunks of work: through the phases, never past `step` (an analysis already
    /// past it stays where it is: [`Analysis::reset`] it first), at least one chunk. The
    /// last unit of a step of propagation is recorded, whatever the recording setting, so
    /// that [`Analysis::events`] then shows what that step did.
    ///
    /// # Errors
    /// As [`Analysis::step`].
    pub fn run_to(
        &mut self,
        step: u64,
        mut time_up: impl FnMut() -> bool,
    ) -> Result<Progress, Error> {
        let mut progress = self.progress();
        while progress.step < step && !progress.done {
            let left = match progress.phase {
                Phase::Propagate => self.units_at(step).saturating_sub(progress.units),
                _ => u64::MAX,
            };
            progress = match left {
                // The step ends with what is already done (never, with a consistent count).
                0 => break,
                1 => self.step_recorded(),
                _ => self.step(CHUNK.min(usize::try_from(left - 1).unwrap_or(CHUNK))),
            }
            .map_err(Error::Solve)?;
            if time_up() {
                break;
            }
        }
        Ok(progress)
    }

    /// Works towards the end of unit `units` ([`Progress::units`]: the unit-th queue entry
    /// taken or position scored) until `time_up()`, asked between chunks of work: through
    /// the phases before it, never past it (an analysis already past it stays where it is:
    /// [`Analysis::reset`] it first), at least one chunk. That last unit is recorded, so
    /// that [`Analysis::events`] then shows it: the page steps back a position at a time
    /// this way, where a timeline step is longer (a scored game's layer).
    ///
    /// # Errors
    /// As [`Analysis::step`].
    pub fn run_to_unit(
        &mut self,
        units: u64,
        mut time_up: impl FnMut() -> bool,
    ) -> Result<Progress, Error> {
        let mut progress = self.progress();
        while progress.units < units && !progress.done {
            progress = match progress.phase {
                Phase::Propagate if units - progress.units == 1 => self.step_recorded(),
                Phase::Propagate => {
                    let left = usize::try_from(units - progress.units - 1).unwrap_or(CHUNK);
                    self.step(CHUNK.min(left))
                }
                _ => self.step(CHUNK),
            }
            .map_err(Error::Solve)?;
            if time_up() {
                break;
            }
        }
        Ok(progress)
    }

    /// `pos`, if it is a position of the game.
    ///
    /// # Errors
    /// [`Error::NoPosition`] otherwise.
    pub fn check(&self, pos: Position) -> Result<Position, Error> {
        if (pos as usize) < self.num_positions() {
            Ok(pos)
        } else {
            Err(Error::NoPosition(pos))
        }
    }

    /// Who moves in `pos`.
    ///
    /// # Errors
    /// [`Error::NoPosition`] for a number out of range.
    pub fn side_to_move(&self, pos: Position) -> Result<Player, Error> {
        Ok(self.board().side_to_move(self.check(pos)?))
    }

    /// The cells of the pieces of `pos` ([`BoardView::pieces`]).
    ///
    /// # Errors
    /// [`Error::NoPosition`] for a number out of range.
    pub fn pieces(&self, pos: Position) -> Result<Vec<u16>, Error> {
        Ok(self.board().pieces(self.check(pos)?))
    }

    /// The heatmap's positions around `pos` for piece number `piece` ([`BoardView::slice`]).
    ///
    /// # Errors
    /// [`Error::NoPosition`] for a number out of range, [`Error::Slice`] if there is no
    /// such piece or the game's pieces do not move one at a time.
    pub fn slice(&self, pos: Position, piece: usize) -> Result<Vec<Option<Position>>, Error> {
        self.board()
            .slice(self.check(pos)?, piece)
            .map_err(Error::Slice)
    }
}
