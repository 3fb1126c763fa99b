//! What the solvers report as they go, in one family of types for both: where an analysis
//! stands ([`Progress`], its [`Phase`]) after each bounded step, and what a recorded step
//! did ([`Event`] for win/lose games, [`ScoredEvent`] for scored ones). The retrograde
//! [`crate::Solver`] and the layered [`crate::LayeredSolver`] report them, and
//! [`crate::analysis`] hands them on as they are, whatever the kind of game.
//!
//! The page reads these numbers: `src/wasm/meaning.rs` exports the phases and event kinds
//! to JavaScript and holds its copies to the values here at compile time.

use crate::game::layered::Score;
use crate::game::Position;

/// Positions scanned (or marked as ties) per unit of a step's budget: about the cost of
/// popping one queue entry or scoring one position.
pub const SCAN_PER_UNIT: usize = 16;

/// Where an analysis stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Finding primitive positions and counting moves (win/lose games; in
    /// [`Order::Tiers`](crate::Order::Tiers), of the tier being solved, reading the tier
    /// before it), or each position's layer (scored games).
    Scan,
    /// Working backwards from the ends of the game: through the queue (win/lose games), or
    /// scoring the positions, last layer first (scored games).
    Propagate,
    /// Marking the positions nothing could decide as ties (win/lose games only: scored
    /// games go from propagating to done).
    MarkTies,
    /// Every position is decided.
    Done,
}

/// Where an analysis stands after a step, with what the page would otherwise work out from
/// the layers, and the counts of its kind of game: [`ValuedCounts`] from a
/// [`crate::Solver`], [`ScoredCounts`] from a [`crate::LayeredSolver`], either one
/// ([`Counts`]) from an analysis of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress<C = Counts> {
    /// Current phase.
    pub phase: Phase,
    /// Number of positions.
    pub total: u64,
    /// Positions decided (ties only count once marked), or scored.
    pub decided: u64,
    /// True once every position is decided.
    pub done: bool,
    /// Units of propagation done: queue entries popped and, in
    /// [`Order::Tiers`](crate::Order::Tiers), values arrived from the tier before (win/lose
    /// games); positions scored (scored games).
    pub units: u64,
    /// Steps of the analysis done, as the page's timeline counts them: 0 before the scan
    /// is over; then, for win/lose games, one per unit taken, one per tier whose scan is
    /// over and one per tier whose ties are marked (in [`Order::Global`](crate::Order):
    /// the scan, then the units, then the ties), so a finished analysis took
    /// `units + 2 × tiers` steps; for scored games 1 for the scan and 1 per layer scored,
    /// so `layers + 1` in all. A step of one unit — or of a whole scan or marking — moves a
    /// win/lose analysis on by exactly one; rewinding re-runs an analysis to a step
    /// ([`crate::analysis::Analysis::reset`], `run_to` on `dyn Analysis`).
    pub step: u64,
    /// Units left in the layer being worked on — the remoteness layer being popped (in the
    /// tier), or, once those are done, the one the propagation moves on to; the stone layer
    /// being scored — and at least 1 (an empty queue takes a step to end): what "step
    /// layer" runs.
    pub layer_left: u64,
    /// The step to go back to for the start of the layer being worked on: the step at
    /// which it began once a unit of it is done, else the one at which the layer before it
    /// began (so that going back a layer from the start of one reaches the one before); 0
    /// before any.
    pub layer_began: u64,
    /// What only one kind of game counts.
    pub counts: C,
}

impl<C> Progress<C> {
    /// The same report with its counts turned into `f(counts)`.
    pub fn map<D>(self, f: impl FnOnce(C) -> D) -> Progress<D> {
        Progress {
            phase: self.phase,
            total: self.total,
            decided: self.decided,
            done: self.done,
            units: self.units,
            step: self.step,
            layer_left: self.layer_left,
            layer_began: self.layer_began,
            counts: f(self.counts),
        }
    }
}

/// The counts of a win/lose analysis ([`crate::Solver`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValuedCounts {
    /// Entries waiting to be taken: decided positions in the queue, and values of the tier
    /// before that have yet to arrive.
    pub queued: u64,
    /// Wins for the side to move so far.
    pub wins: u64,
    /// Losses for the side to move so far.
    pub losses: u64,
    /// Ties so far (all marked at the end of their tier).
    pub ties: u64,
    /// Remoteness of the level being worked through (the layer the frontier is in).
    pub remoteness: u16,
    /// The tier being solved, counted from 0 in solving order (always 0 in
    /// [`Order::Global`](crate::Order::Global)).
    pub tier: u32,
    /// Number of tiers in the analysis's order (1 in
    /// [`Order::Global`](crate::Order::Global)).
    pub tiers: u32,
}

/// The counts of a scored analysis ([`crate::LayeredSolver`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredCounts {
    /// The layer (stones on the board) being scored: the last layer during the scan, 0 at
    /// the end.
    pub layer: u32,
    /// Number of layers.
    pub layers: u32,
}

/// The counts of an analysis of any game ([`crate::analysis::Analysis`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// Win/lose games.
    Valued(ValuedCounts),
    /// Scored games.
    Scored(ScoredCounts),
}

/// What one unit of a win/lose analysis did, recorded when
/// [`crate::Solver::set_recording`] is on: one event per line of the algorithm it ran, in
/// the order it ran them, so that the page can show the algorithm a line at a time. A
/// unit is a position taken from the queue ([`EventKind::Popped`]) or, in
/// [`Order::Tiers`](crate::Order::Tiers), a value arriving from the tier before
/// ([`EventKind::Arrived`]); then, for each parent it reaches, [`EventKind::Looked`] and,
/// unless that parent was decided already, what happened to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum EventKind {
    /// The position was taken from the queue; `detail` is its remoteness.
    Popped = 0,
    /// A parent became a win; `detail` is its remoteness.
    Won = 1,
    /// A parent became a loss (its last move was refuted); `detail` is its remoteness.
    Lost = 2,
    /// A parent's counter dropped but it stays undecided; `detail` is the new counter.
    Decremented = 3,
    /// A parent was looked at; `detail` is its record before (a [`crate::record`]: while
    /// undecided, its counter of moves not yet refuted). What happened to it follows,
    /// unless it was decided already.
    Looked = 4,
    /// [`Order::Tiers`](crate::Order::Tiers): a child in the tier before whose value
    /// arrives (at its remoteness, `detail`) at the one parent it was scheduled for, whose
    /// [`EventKind::Looked`] follows.
    Arrived = 5,
}

impl EventKind {
    /// Whether the event starts a unit: a position taken, or a value arriving.
    pub fn takes(self) -> bool {
        matches!(self, EventKind::Popped | EventKind::Arrived)
    }
}

/// One entry of a win/lose analysis's event buffer: three `u32`s, so the page can view the
/// buffer as a `Uint32Array` of triples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// The position it happened to.
    pub position: Position,
    /// Remoteness or counter, see [`EventKind`].
    pub detail: u32,
}

/// What happened while a scored analysis scored one position, recorded when
/// [`crate::LayeredSolver::set_recording`] is on: [`ScoredEventKind::Taken`], a
/// [`ScoredEventKind::Move`] per move, then [`ScoredEventKind::Scored`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum ScoredEventKind {
    /// A move of the position being scored was looked at: `position` is its child,
    /// `score` what the move leads to (its gain plus the child's score).
    Move = 0,
    /// `position` got its final `score`; the `Move` events just before it are its moves.
    Scored = 1,
    /// `position` is the next to be scored; `score` is its number of moves.
    Taken = 2,
}

/// One entry of a scored analysis's event buffer: three 32-bit words (kind, position,
/// score), so the page can view the buffer as an `Int32Array` of triples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct ScoredEvent {
    /// What happened.
    pub kind: ScoredEventKind,
    /// The position it happened to.
    pub position: Position,
    /// A score, see [`ScoredEventKind`].
    pub score: Score,
}

/// Entries waiting to be taken, one part of the order in which the analysis will take them
/// ([`crate::Solver::waiting`], [`crate::LayeredSolver::waiting`]): what the page draws as
/// the queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// Which entries they are.
    pub what: Waits,
    /// The remoteness at which they are taken (win/lose games), or the layer being scored
    /// (scored games: stones on the board).
    pub level: u32,
    /// How many wait in this part.
    pub len: u64,
    /// The first of them, in the order they will be taken, as each will be named by the
    /// event that takes it ([`EventKind::Popped`], [`EventKind::Arrived`],
    /// [`ScoredEventKind::Taken`]); at most as many as were asked for, over all parts.
    pub first: Vec<Position>,
    /// The last of them, where a unit queues what it decides, if they are not in `first`
    /// (at most as many as were asked for, per part; none for values arriving, which are
    /// all known before the propagation).
    pub last: Vec<Position>,
}

/// What a part of the entries waiting ([`Waiting`]) holds. Win/lose games take, at each
/// remoteness, the values arriving from the tier before, then the queued losses, then the
/// queued wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waits {
    /// [`Order::Tiers`](crate::Order::Tiers): children in the tier before, lost for their
    /// mover, whose values arrive at a parent in the tier.
    ArrivingLosses,
    /// The same, won for their mover.
    ArrivingWins,
    /// Queued positions lost for the side to move.
    Losses,
    /// Queued positions won for the side to move.
    Wins,
    /// Positions of the layer being scored (scored games).
    Layer,
}
