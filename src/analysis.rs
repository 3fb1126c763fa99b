//! One game under analysis, whatever its kind, as the page drives and reads it — in native
//! types, so that `cargo test` checks it; `src/wasm.rs` only converts between this module
//! and JavaScript.
//!
//! A game is built from its name ([`GameKind`]) and its board text ([`Built::parse`]):
//! `river` — the rows of `.#OX` joined by newlines; `chase` — the rows of `.WB` (a square
//! board); `tableau` — the contest input (`n m`, then table A's rows, then table B's rows).
//! Its [`Analysis`] then runs in steps or time slices and answers queries.
//!
//! Two kinds of game:
//! - **win/lose** (`river`, `chase`; [`Solver`]): records are `u16`s (layout in
//!   [`crate::record`]), events are [`Event`]s, an outcome is an [`Outcome`] for
//!   the side to move.
//! - **scored** (`tableau`; [`LayeredSolver`]): records are [`Score`]s ([`UNSCORED`](crate::game::layered::UNSCORED)
//!   until scored), events are [`ScoredEvent`]s, an outcome is a score.

use std::fmt;
use std::ops::Range;

use crate::board_view::{BoardView, SliceError};
use crate::game::layered::{LayeredGame, Score};
use crate::games::{GameKind, UnknownGame};
use crate::layered::{LayeredSolver, ScoredMove};
use crate::progress::{Event, Phase, ScoredEvent};
use crate::provenance::{self, Origin};
use crate::record::{self, MAX_REMOTENESS};
use crate::retro::{Keep, MoveOutcome, Order, SolveError, Solver, Workspace};

pub use crate::progress::{Counts, Progress};
use crate::verify::{outcomes, scores};
use crate::{Game, Move, Outcome, Player, Position, Value};

/// Units of work between two looks at the clock in [`run_for`](Analysis::run_for) (about
/// 0.1 ms).
pub(crate) const CHUNK: usize = 2048;

/// The records of an analysis, one per position.
#[derive(Clone, Copy, Debug)]
pub enum Records<'a> {
    /// Win/lose games: packed records ([`crate::record`]).
    Valued(&'a [u16]),
    /// Scored games: scores, [`UNSCORED`](crate::game::layered::UNSCORED) until scored.
    Scored(&'a [Score]),
}

impl Records<'_> {
    /// The checksum's value before any record ([`Records::checksum_on`]).
    pub const CHECKSUM_START: u32 = 0x811c_9dc5;

    /// A checksum of every record (32-bit FNV-1a over their values, in order): the page
    /// shows it with its timeline, so that two tables can be told apart or matched.
    pub fn checksum(&self) -> u32 {
        self.checksum_on(Self::CHECKSUM_START, 0..self.len())
    }

    /// The checksum `hash` of the records before `range` carried on over `range` (cut at
    /// the end): a large table's sum is taken a part at a time, never in one long task
    /// (190 million records take about a quarter of a second).
    pub fn checksum_on(&self, hash: u32, range: Range<usize>) -> u32 {
        fn fnv(hash: u32, values: impl Iterator<Item = u32>) -> u32 {
            values.fold(hash, |hash, v| (hash ^ v).wrapping_mul(0x0100_0193))
        }
        let range = range.start.min(self.len())..range.end.min(self.len());
        match self {
            Records::Valued(records) => fnv(hash, records[range].iter().map(|&r| u32::from(r))),
            Records::Scored(scores) => fnv(hash, scores[range].iter().map(|&s| s as u32)),
        }
    }

    /// Number of records.
    fn len(&self) -> usize {
        match self {
            Records::Valued(records) => records.len(),
            Records::Scored(scores) => scores.len(),
        }
    }
}

/// The events of the last step (empty unless recording).
#[derive(Clone, Copy, Debug)]
pub enum Events<'a> {
    /// Win/lose games.
    Valued(&'a [Event]),
    /// Scored games.
    Scored(&'a [ScoredEvent]),
}

/// A decided position's worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worth {
    /// Win/lose games: value and remoteness for the side to move (in a move list, the
    /// mover, counting the move).
    Valued(Outcome),
    /// Scored games: the first player's total minus the second's from there on.
    Scored(Score),
}

/// A legal move and what it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The move on the board.
    pub mv: Move,
    /// The position after it.
    pub child: Position,
    /// Scored games: what the move itself scores, for the first player.
    pub gain: Option<Score>,
    /// What the move leads to (see [`Analysis::moves`]); `None` while the child is undecided.
    pub worth: Option<Worth>,
}

impl From<MoveOutcome> for MoveView {
    fn from(m: MoveOutcome) -> Self {
        MoveView {
            mv: m.mv,
            child: m.child,
            gain: None,
            worth: m.outcome.map(Worth::Valued),
        }
    }
}

impl From<ScoredMove> for MoveView {
    fn from(m: ScoredMove) -> Self {
        MoveView {
            mv: m.mv,
            child: m.child,
            gain: Some(m.gain),
            worth: m.score.map(Worth::Scored),
        }
    }
}

/// Why the engine cannot do what it was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No game of that name.
    UnknownGame(UnknownGame),
    /// The board text is not a legal start: the parser's message.
    Board(String),
    /// A position number out of range.
    NoPosition(Position),
    /// No heatmap slice for that piece.
    Slice(SliceError),
    /// The analysis cannot go on.
    Solve(SolveError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownGame(e) => e.fmt(f),
            Error::Board(message) => f.write_str(message),
            Error::NoPosition(pos) => write!(f, "no position {pos}"),
            Error::Slice(e) => e.fmt(f),
            Error::Solve(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

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

/// One game under analysis: [`Solver`] or [`LayeredSolver`] behind one interface.
///
/// Queries taking a position answer "nothing" (`None`, empty) for numbers out of range;
/// the checked ones on `dyn Analysis` ([`Analysis::pieces`], …) say so.
pub trait Analysis {
    /// Does at most `budget` units of work (one queue entry or scored position, or
    /// [`SCAN_PER_UNIT`](crate::progress::SCAN_PER_UNIT) positions scanned or marked), never crossing into the next
    /// phase.
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
}

/// A position whose record the verifier found inconsistent ([`Analysis::check_range`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckFailure {
    /// The position.
    pub position: Position,
    /// "position … claims … but …", positions named by [`BoardView::describe`].
    pub text: String,
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
                1 => {
                    self.set_recording(true);
                    let last = self.step(1);
                    self.set_recording(false);
                    last
                }
                _ => self.step(CHUNK.min(usize::try_from(left - 1).unwrap_or(CHUNK))),
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

impl<G: Game + BoardView<Verdict = Outcome>> Analysis for Solver<G> {
    fn step(&mut self, budget: usize) -> Result<Progress, SolveError> {
        let progress = Solver::step(self, budget);
        match self.error() {
            Some(error) => Err(error),
            None => Ok(progress.map(Counts::Valued)),
        }
    }
    fn progress(&self) -> Progress {
        Solver::progress(self).map(Counts::Valued)
    }
    fn set_recording(&mut self, on: bool) {
        Solver::set_recording(self, on);
    }
    fn reset(&mut self) {
        Solver::reset(self);
    }
    fn units_at(&self, step: u64) -> u64 {
        let now = Solver::progress(self);
        now.units + step.saturating_sub(now.step)
    }
    fn origin(&self, pos: Position) -> Option<Origin> {
        provenance::valued_origin(self, pos)
    }
    fn tier_of(&self, pos: Position) -> usize {
        Solver::tier_of(self, pos)
    }
    fn num_positions(&self) -> usize {
        Solver::records(self).len()
    }
    fn records(&self) -> Records<'_> {
        Records::Valued(Solver::records(self))
    }
    fn events(&self) -> Events<'_> {
        Events::Valued(Solver::events(self))
    }
    fn layers(&self) -> Vec<u64> {
        Solver::layers(self).iter().flatten().copied().collect()
    }
    fn start(&self) -> Position {
        self.game().start()
    }
    fn board(&self) -> &dyn Board {
        self.game()
    }
    fn outcome(&self, pos: Position) -> Option<Worth> {
        Solver::outcome(self, pos).map(Worth::Valued)
    }
    fn moves(&self, pos: Position) -> Vec<MoveView> {
        Solver::moves(self, pos)
            .into_iter()
            .map(Into::into)
            .collect()
    }
    fn optimal_line(&self, pos: Position) -> Vec<MoveView> {
        Solver::optimal_line(self, pos)
            .into_iter()
            .map(Into::into)
            .collect()
    }
    fn answer(&self, pos: Position) -> Option<String> {
        Solver::outcome(self, pos).map(|o| self.game().answer(o))
    }
    fn example(&self, bucket: u32, value: Option<Value>, from: usize) -> Option<Position> {
        let remoteness = match value? {
            Value::Tie => 0,
            _ => u16::try_from(bucket)
                .ok()
                .filter(|&r| r <= MAX_REMOTENESS)?,
        };
        let want = record::pack(value?, remoteness);
        let found = Solver::records(self)
            .get(from..)?
            .iter()
            .position(|&r| r == want)?;
        Some((from + found) as Position)
    }
    fn check_range(&self, range: Range<Position>) -> Result<(), CheckFailure> {
        let game = self.game();
        outcomes::check_range(game, Solver::records(self), range).map_err(|e| CheckFailure {
            position: e.position,
            text: e.describe(|pos| game.describe(pos)),
        })
    }
}

impl<G: LayeredGame + BoardView<Verdict = Score>> Analysis for LayeredSolver<G> {
    fn step(&mut self, budget: usize) -> Result<Progress, SolveError> {
        Ok(LayeredSolver::step(self, budget).map(Counts::Scored))
    }
    fn progress(&self) -> Progress {
        LayeredSolver::progress(self).map(Counts::Scored)
    }
    fn set_recording(&mut self, on: bool) {
        LayeredSolver::set_recording(self, on);
    }
    fn reset(&mut self) {
        LayeredSolver::reset(self);
    }
    fn units_at(&self, step: u64) -> u64 {
        // Scored from the last layer down: step k + 1 ends with the k last layers scored.
        let layers = usize::try_from(step.saturating_sub(1)).unwrap_or(usize::MAX);
        self.layer_sizes().iter().rev().take(layers).sum()
    }
    fn origin(&self, pos: Position) -> Option<Origin> {
        provenance::scored_origin(self, pos)
    }
    fn tier_of(&self, _: Position) -> usize {
        0
    }
    fn num_positions(&self) -> usize {
        self.scores().len()
    }
    fn records(&self) -> Records<'_> {
        Records::Scored(self.scores())
    }
    fn events(&self) -> Events<'_> {
        Events::Scored(LayeredSolver::events(self))
    }
    fn layers(&self) -> Vec<u64> {
        self.layer_sizes().to_vec()
    }
    fn start(&self) -> Position {
        self.game().start()
    }
    fn board(&self) -> &dyn Board {
        self.game()
    }
    fn outcome(&self, pos: Position) -> Option<Worth> {
        self.score(pos).map(Worth::Scored)
    }
    fn moves(&self, pos: Position) -> Vec<MoveView> {
        LayeredSolver::moves(self, pos)
            .into_iter()
            .map(Into::into)
            .collect()
    }
    fn optimal_line(&self, pos: Position) -> Vec<MoveView> {
        LayeredSolver::optimal_line(self, pos)
            .into_iter()
            .map(Into::into)
            .collect()
    }
    fn answer(&self, pos: Position) -> Option<String> {
        self.score(pos).map(|s| self.game().answer(s))
    }
    fn example(&self, bucket: u32, _value: Option<Value>, from: usize) -> Option<Position> {
        let total = self.scores().len() as Position;
        (Position::try_from(from).ok()?..total).find(|&pos| {
            self.game().layer(pos) as u64 == u64::from(bucket) && self.score(pos).is_some()
        })
    }
    fn check_range(&self, range: Range<Position>) -> Result<(), CheckFailure> {
        let game = self.game();
        scores::check_range(game, self.scores(), range).map_err(|e| CheckFailure {
            position: e.position,
            text: e.describe(|pos| game.describe(pos)),
        })
    }
}

/// Checks `game`'s board text without building the game.
///
/// # Errors
/// An unknown game, or what is wrong with the board.
pub fn check(game: &str, text: &str) -> Result<(), Error> {
    let kind: GameKind = game.parse().map_err(Error::UnknownGame)?;
    kind.check(text).map_err(Error::Board)
}

/// `game`'s board text (see the module docs) as the contest's input for that one board
/// (river: `0 1`, the size line and the rows), which `retrolab <game>` reads as it is.
///
/// # Errors
/// An unknown game, or what is wrong with the board.
pub fn contest_text(game: &str, text: &str) -> Result<String, Error> {
    let kind: GameKind = game.parse().map_err(Error::UnknownGame)?;
    kind.contest_text(text).map_err(Error::Board)
}

/// A game built from its board text, before its analysis is prepared: how much memory
/// preparing it takes, and how to prepare it.
pub struct Built {
    bytes: usize,
    prepare: Box<dyn FnOnce(Order, Workspace) -> Box<dyn Analysis>>,
}

impl Built {
    /// Builds `game` (a name of [`GameKind`]) from its board text (see the module docs).
    ///
    /// # Errors
    /// An unknown game, or what is wrong with the board.
    pub fn parse(game: &str, text: &str) -> Result<Built, Error> {
        let kind: GameKind = game.parse().map_err(Error::UnknownGame)?;
        kind.build(text).map_err(Error::Board)
    }

    /// A win/lose game, analysed by a [`Solver`] that keeps every record: a `u16` per
    /// position when it is prepared (the queue grows later, as the analysis goes).
    pub fn valued<G: Game + BoardView<Verdict = Outcome> + 'static>(game: G) -> Built {
        Built {
            bytes: 2 * game.num_positions(),
            prepare: Box::new(move |order, workspace| {
                Box::new(Solver::in_workspace(game, order, Keep::All, workspace))
            }),
        }
    }

    /// A scored game, analysed by a [`LayeredSolver`]: an `i32` score and a `u32` place in
    /// the layer order per position when it is prepared (it has one order, and no use for
    /// a [`Workspace`]).
    pub fn scored<G: LayeredGame + BoardView<Verdict = Score> + 'static>(game: G) -> Built {
        Built {
            bytes: 8 * game.num_positions(),
            prepare: Box::new(move |_, workspace| {
                // Its memory goes back before the scores take theirs.
                drop(workspace);
                Box::new(LayeredSolver::new(game))
            }),
        }
    }

    /// Bytes the analysis allocates when it is prepared.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Prepares the analysis in [`Order::Global`] with fresh memory: memory for the
    /// records is reserved, nothing is analysed yet.
    pub fn analysis(self) -> Box<dyn Analysis> {
        self.analysis_in(Order::Global, Workspace::default())
    }

    /// Prepares the analysis in `order` (win/lose games), its records in `workspace`'s
    /// memory (win/lose games; cleared ahead with [`Workspace::prepare`], the analysis
    /// starts without touching fresh memory).
    pub fn analysis_in(self, order: Order, workspace: Workspace) -> Box<dyn Analysis> {
        (self.prepare)(order, workspace)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contest;
    use crate::games::river::RiverBoard;
    use crate::progress::{EventKind, ScoredEventKind};

    fn sample(name: &str) -> String {
        let path = format!("{}/tests/cases/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// The river sample's boards as board text, with the contest's answers.
    fn river_samples() -> Vec<(String, String)> {
        let boards = contest::river::parse(&sample("river/sample1.in")).unwrap();
        let answers = sample("river/sample1.ans");
        boards
            .iter()
            .map(RiverBoard::to_string)
            .zip(answers.lines().map(str::to_owned))
            .collect()
    }

    fn solved(game: &str, text: &str) -> Box<dyn Analysis> {
        let mut analysis = Built::parse(game, text).unwrap().analysis();
        while !analysis.run_for(usize::MAX, || false).unwrap().done {}
        analysis
    }

    #[test]
    fn solved_analyses_give_the_contest_answers() {
        for (text, answer) in river_samples() {
            let analysis = solved("river", &text);
            assert_eq!(analysis.answer(analysis.start()), Some(answer), "{text}");
        }
        // chase `2 1 1 2 2`, tableau's vector 001.
        let chase = solved("chase", "W.\n.B\n");
        assert_eq!(chase.answer(chase.start()).as_deref(), Some("BLACK 2"));
        let tableau = solved("tableau", &sample("tableau/001.in"));
        let expected = sample("tableau/001.ans");
        assert_eq!(
            tableau.answer(tableau.start()),
            Some(expected.trim().into())
        );
    }

    /// A layer of units: the tier, and the remoteness (or stones) within it.
    type Layer = (u32, u64);

    /// Steps `analysis` one unit at a time to the end. For every step that does a unit of
    /// propagation: the progress before it, and the layer of that unit: its tier and the
    /// remoteness read from the step's events (the popped entry's, or the arriving
    /// value's), or the scored position's stones.
    fn one_unit_at_a_time(analysis: &mut dyn Analysis) -> (Vec<(Progress, Layer)>, Progress) {
        analysis.set_recording(true);
        let mut units = Vec::new();
        loop {
            let before = analysis.progress();
            let after = analysis.step(1).unwrap();
            if after.units != before.units {
                let layer = match analysis.events() {
                    Events::Valued(events) => {
                        let popped = events.iter().filter(|e| e.kind == EventKind::Popped);
                        let [popped] = popped.collect::<Vec<_>>()[..] else {
                            panic!("one entry popped per unit: {events:?}");
                        };
                        u64::from(popped.detail)
                    }
                    Events::Scored(events) => {
                        let scored = events.last().expect("a scored event");
                        assert_eq!(scored.kind, ScoredEventKind::Scored);
                        analysis.pieces(scored.position).unwrap().len() as u64
                    }
                };
                let tier = match before.counts {
                    Counts::Valued(counts) => counts.tier,
                    Counts::Scored(_) => 0,
                };
                units.push((before, (tier, layer)));
            }
            if after.done {
                return (units, after);
            }
        }
    }

    #[test]
    fn a_checksum_taken_in_parts_is_the_whole_tables() {
        let mut analysis = Built::parse("chase", "....\n.W..\n....\n...B\n")
            .unwrap()
            .analysis();
        while !analysis.step(usize::MAX).unwrap().done {}
        let records = analysis.records();
        let whole = records.checksum();
        for part in [1, 7, 100, records.len()] {
            let mut hash = Records::CHECKSUM_START;
            for from in (0..records.len()).step_by(part) {
                hash = records.checksum_on(hash, from..from + part);
            }
            assert_eq!(hash, whole, "parts of {part}");
        }
        assert_ne!(
            records.checksum_on(whole, 0..1),
            whole,
            "each record counts"
        );
    }

    /// Checks `units` and `layer_left` of every progress against what was done next.
    fn check_units_and_layers(game: &str, text: &str, order: Order) {
        let built = Built::parse(game, text).unwrap();
        let mut analysis = built.analysis_in(order, Workspace::default());
        let (units, end) = one_unit_at_a_time(&mut *analysis);
        // Units of each layer not done yet, counted from the end.
        let mut rest = std::collections::HashMap::new();
        for (i, (before, layer)) in units.iter().enumerate().rev() {
            let left = rest.entry(*layer).or_insert(0);
            *left += 1;
            assert_eq!(before.units, i as u64, "{game}: units before unit {i}");
            assert_eq!(
                before.layer_left, *left,
                "{game}: layer left before unit {i}"
            );
        }
        let layers: u64 = analysis.layers().iter().sum();
        let ties = match end.counts {
            Counts::Valued(counts) => counts.ties,
            Counts::Scored(_) => 0,
        };
        assert_eq!(end.units, units.len() as u64, "{game}");
        if order == Order::Global {
            // In tier order, values arriving from the tier before are units too.
            assert_eq!(
                end.units, layers,
                "{game}: every decided position is a unit"
            );
            assert_eq!(end.units + ties, end.total, "{game}");
        }
        assert_eq!(end.layer_left, 1, "{game}: at least 1, at the end too");
    }

    #[test]
    fn units_and_layer_left_count_what_the_steps_do() {
        let (tie, red_75) = (&river_samples()[3].0, &river_samples()[4].0);
        for order in [Order::Global, Order::Tiers] {
            check_units_and_layers("river", tie, order);
            check_units_and_layers("river", red_75, order);
            check_units_and_layers("chase", "....\n.W..\n....\n...B\n", order);
            check_units_and_layers("tableau", &sample("tableau/001.in"), order);
            check_units_and_layers(
                "tableau",
                "3 4\n1 2 3 4\n5 6 7 8\n9 8 7 6\n0 1 0 1\n1 0 1 0\n2 2 2 2",
                order,
            );
        }
    }

    #[test]
    fn run_for_keeps_to_its_budget_its_clock_and_its_phase() {
        let mut analysis = Built::parse("river", &river_samples()[4].0)
            .unwrap()
            .analysis();
        let scanned = analysis.run_for(usize::MAX, || false).unwrap();
        assert_eq!((scanned.phase, scanned.units), (Phase::Propagate, 0));
        let five = analysis.run_for(5, || false).unwrap();
        assert_eq!(five.units, 5);
        let chunk = analysis.run_for(usize::MAX, || true).unwrap();
        assert_eq!(
            chunk.units,
            5 + CHUNK as u64,
            "one chunk when time is up at once"
        );
        let mut looks = 0;
        let three = analysis
            .run_for(usize::MAX, || {
                looks += 1;
                looks == 3
            })
            .unwrap();
        assert_eq!(three.units, chunk.units + 3 * CHUNK as u64);
        let rest = analysis.run_for(usize::MAX, || false).unwrap();
        assert_eq!(rest.phase, Phase::MarkTies, "never into the next phase");
        assert_eq!(rest.counts, analysis.progress().counts);
    }

    #[test]
    fn bad_names_boards_positions_and_pieces_are_errors() {
        let unknown = Built::parse("checkers", "").err().unwrap();
        assert_eq!(
            unknown.to_string(),
            "unknown game \"checkers\" (river, chase or tableau)"
        );
        assert_eq!(check("checkers", ""), Err(unknown));
        assert_eq!(
            check("river", "O.\n.X\n"),
            Err(Error::Board(
                "the board has 1 red piece (O), it needs exactly 2".into()
            ))
        );
        assert_eq!(check("river", "O.\nOX\n"), Ok(()));
        assert_eq!(check("chase", "W.\n.B\n"), Ok(()));
        assert!(matches!(check("tableau", "1 1\n5\n"), Err(Error::Board(_))));

        let river = Built::parse("river", "#.#\nO.O\n.X.\n").unwrap().analysis();
        let past = river.num_positions() as Position;
        assert_eq!(river.pieces(past), Err(Error::NoPosition(past)));
        assert_eq!(river.side_to_move(past), Err(Error::NoPosition(past)));
        assert_eq!(river.slice(past, 0), Err(Error::NoPosition(past)));
        assert_eq!(
            river.slice(river.start(), 3),
            Err(Error::Slice(SliceError::NoSuchPiece {
                piece: 3,
                pieces: 3
            }))
        );
        assert_eq!((river.outcome(past), river.answer(past)), (None, None));
        assert!(river.moves(past).is_empty() && river.optimal_line(past).is_empty());
        let tableau = Built::parse("tableau", "1 2\n1 2\n3 4\n")
            .unwrap()
            .analysis();
        assert_eq!(
            tableau.slice(tableau.start(), 0),
            Err(Error::Slice(SliceError::NoMovablePieces))
        );
    }

    #[test]
    fn contest_text_is_the_clis_input_for_the_board() {
        assert_eq!(
            contest_text("river", "O..\n.#X\n.O.\n"),
            Ok("0 1\n3 3\nO..\n.#X\n.O.\n".into())
        );
        assert_eq!(contest_text("chase", "W.\n.B\n"), Ok("2 1 1 2 2\n".into()));
        let tableau = sample("tableau/001.in");
        assert_eq!(contest_text("tableau", &tableau), Ok(tableau));
        assert_eq!(
            contest_text("river", "O.\n.X\n"),
            Err(Error::Board(
                "the board has 1 red piece (O), it needs exactly 2".into()
            ))
        );
    }

    #[test]
    fn examples_are_the_first_decided_positions_of_their_bucket() {
        let river = solved("river", &river_samples()[4].0);
        let Records::Valued(records) = river.records() else {
            panic!("river records are packed");
        };
        for (bucket, value) in [
            (0, Value::Lose),
            (0, Value::Win),
            (7, Value::Win),
            (8, Value::Lose),
        ] {
            let want = |pos: usize| {
                record::unpack(records[pos])
                    == Some(Outcome {
                        value,
                        remoteness: bucket as u16,
                    })
            };
            let first = (0..records.len())
                .find(|&p| want(p))
                .expect("the board has one");
            assert_eq!(
                river.example(bucket, Some(value), 0),
                Some(first as Position)
            );
            let next = (first + 1..records.len()).find(|&p| want(p));
            assert_eq!(
                river.example(bucket, Some(value), first + 1),
                next.map(|p| p as Position)
            );
        }
        assert_eq!(river.example(0, None, 0), None, "no value, no example");
        assert_eq!(river.example(u32::MAX, Some(Value::Win), 0), None);

        let tableau = solved("tableau", &sample("tableau/001.in"));
        let full = tableau.example(6, None, 0).expect("the full board");
        assert_eq!(tableau.pieces(full).unwrap().len(), 6);
        let two = tableau.example(2, Some(Value::Win), 0).expect("two stones");
        assert_eq!(tableau.pieces(two).unwrap().len(), 2);
        let after = tableau.example(2, None, two as usize + 1).unwrap();
        assert!(after > two && tableau.pieces(after).unwrap().len() == 2);
    }
}
