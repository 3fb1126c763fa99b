//! The [`Solver`]: its state, its construction and the API that steps it and reads it.

use std::ops::Range;

use super::arrivals::Arrivals;
use super::fifo::{cap_for, Fifo, LOSSES, WINS};
use super::table::{bytes_needed, Table, Workspace};
use super::types::{Keep, Order, SolveError, TierSteps};
use crate::game::check::tiers_cover;
use crate::game::{Game, Position};
use crate::memory::OutOfMemory;
use crate::progress::{Event, Phase, Progress, ValuedCounts};
use crate::record::Outcome;

/// Retrograde analysis of one game, owning the game and its records.
pub struct Solver<G: Game> {
    pub(super) game: G,
    pub(super) order: Order,
    /// Where each tier ends, in solving order ([`Order::Global`]: one tier).
    pub(super) tier_ends: Vec<Position>,
    /// The tier being solved.
    pub(super) tier: usize,
    pub(super) table: Table,
    /// Decided positions of the tier waiting to be popped, in order of remoteness: losses
    /// ([`LOSSES`](super::fifo::LOSSES)) and wins ([`WINS`](super::fifo::WINS)) apart, so
    /// that each pop loop does one thing and never reads the popped record (a level's
    /// entries may be taken in any order: they all decide parents one move further).
    pub(super) queues: [Fifo; 2],
    pub(super) arrivals: Arrivals,
    pub(super) phase: Phase,
    /// Next position to scan or mark.
    pub(super) cursor: usize,
    /// Decided positions per remoteness: `[wins, losses]`.
    pub(super) layers: Vec<[u64; 2]>,
    /// Sums of `layers`: `[wins, losses]`.
    pub(super) decided: [u64; 2],
    pub(super) ties: u64,
    /// The remoteness being worked through.
    pub(super) remoteness: u16,
    /// Units of propagation done ([`Progress::units`]).
    pub(super) taken: u64,
    /// Scans and tie markings finished: with `taken`, the [`Progress::step`].
    pub(super) phases_ended: u64,
    /// When each tier's phases ended, for the tiers whose scan is over.
    pub(super) tier_steps: Vec<TierSteps>,
    /// The step and the units done when the remoteness being worked through was entered
    /// (`[0]`), and when the one before it was (`[1]`): [`Progress::layer_began`].
    pub(super) levels_began: [(u64, u64); 2],
    pub(super) error: Option<SolveError>,
    /// What the analysis needs in all ([`bytes_needed`]): what a refusal of its
    /// memory says.
    pub(super) needs: OutOfMemory,
    pub(super) recording: bool,
    pub(super) events: Vec<Event>,
}

impl<G: Game> Solver<G> {
    /// Prepares the analysis of `game` in [`Order::Global`], keeping every record; no
    /// position is examined yet. For tests and small games: what the command line and
    /// the page analyse is prepared with [`Solver::in_workspace`], which says when memory
    /// is short.
    ///
    /// Allocates two bytes per position for the records; the queue grows as the
    /// analysis needs it (four bytes per queued position, up to about twice the longest
    /// queue).
    ///
    /// # Panics
    /// As [`Solver::in_workspace`], and if the records' memory cannot be reserved.
    pub fn new(game: G) -> Self {
        Solver::with_order(game, Order::Global)
    }

    /// Prepares the analysis of `game` in `order`, keeping every record.
    ///
    /// # Panics
    /// As [`Solver::new`].
    pub fn with_order(game: G, order: Order) -> Self {
        Solver::in_workspace(game, order, Keep::All, Workspace::default())
            .unwrap_or_else(|e| panic!("the analysis {e}"))
    }

    /// Prepares the analysis of `game` in `order`, keeping the records `keep` says, in
    /// the memory of `workspace` (grown when it is too small). The records are reserved
    /// now; the queues and arrivals grow as the analysis goes, and if they cannot, the
    /// analysis stops with [`SolveError::Memory`].
    ///
    /// # Errors
    /// [`SolveError::Memory`] (of [`bytes_needed`]) when the records' memory
    /// cannot be reserved.
    ///
    /// # Panics
    /// If the game has more than `u32::MAX` positions (games bound their sizes first), or
    /// its tier ends are not as [`Game::tier_ends`] promises.
    pub fn in_workspace(
        game: G,
        order: Order,
        keep: Keep,
        workspace: Workspace,
    ) -> Result<Self, SolveError> {
        let tier_ends = tiers_in(&game, order);
        let needs = OutOfMemory::needing(bytes_needed(&tier_ends, keep));
        let Workspace {
            words,
            mut queues,
            mut arrivals,
        } = workspace;
        let cap = cap_for(Table::largest_tier(&tier_ends));
        for queue in &mut queues {
            queue.clear();
            queue.cap = cap;
        }
        arrivals.clear();
        let table = Table::new(words, &tier_ends, keep).map_err(|_| SolveError::Memory(needs))?;
        Ok(Solver {
            table,
            game,
            order,
            tier_ends,
            tier: 0,
            queues,
            arrivals,
            phase: Phase::Scan,
            cursor: 0,
            layers: vec![[0, 0]],
            decided: [0, 0],
            ties: 0,
            remoteness: 0,
            taken: 0,
            phases_ended: 0,
            tier_steps: Vec::new(),
            levels_began: [(0, 0); 2],
            error: None,
            needs,
            recording: false,
            events: Vec::new(),
        })
    }

    /// Makes room for `room` more entries in each queue before a loop that pushes (each
    /// queue takes what its cap allows: a tier queues each position once); false, with
    /// [`SolveError::Memory`], when the memory cannot be had.
    pub(super) fn make_room(&mut self, room: usize) -> bool {
        self.make_room_in(LOSSES, room) && self.make_room_in(WINS, room)
    }

    /// [`Solver::make_room`] for queue `queue` alone.
    pub(super) fn make_room_in(&mut self, queue: usize, room: usize) -> bool {
        let made = self.queues[queue].make_room(room).is_ok();
        if !made {
            self.error = Some(SolveError::Memory(self.needs));
        }
        made
    }

    /// Ends the analysis, handing its memory on to the next one.
    pub fn into_workspace(self) -> Workspace {
        let mut words = self.table.words;
        // What is left of the records is cleared by the analysis that needs it.
        words.clear();
        Workspace {
            words,
            queues: self.queues,
            arrivals: self.arrivals,
        }
    }

    /// The game being analysed.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The order it is solved in.
    pub fn order(&self) -> Order {
        self.order
    }

    /// Where each tier ends, in solving order (positions of tier `i` run from the end of
    /// tier `i − 1`, or 0, to `tier_ends()[i]`); one tier in [`Order::Global`].
    pub fn tier_ends(&self) -> &[Position] {
        &self.tier_ends
    }

    /// Turns event recording on or off (off by default). Each [`Solver::step`] replaces
    /// [`Solver::events`] with what that step's popped entries did — nothing unless
    /// recording — so the events of a recorded step stay readable after recording is
    /// turned off, until the next step.
    pub fn set_recording(&mut self, on: bool) {
        self.recording = on;
    }

    /// Events of the last step (empty unless it was recorded).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Goes back to before the scan, keeping the memory: the analysis then runs again
    /// exactly as it ran the first time (the page rewinds by re-running from here).
    pub fn reset(&mut self) {
        // A position not scanned yet reads as undecided (see `solve_position`).
        self.table.words.fill(0);
        self.queues.iter_mut().for_each(Fifo::clear);
        self.arrivals.clear();
        self.tier = 0;
        self.taken = 0;
        self.phases_ended = 0;
        self.tier_steps.clear();
        self.levels_began = [(0, 0); 2];
        self.phase = Phase::Scan;
        self.cursor = 0;
        self.layers.clear();
        self.layers.push([0, 0]);
        self.decided = [0, 0];
        self.ties = 0;
        self.remoteness = 0;
        self.error = None;
        self.events.clear();
    }

    /// The packed records, one per position (layout in [`crate::record`]). With
    /// [`Keep::TwoTiers`], the two tiers held instead, tier `i` in half `i % 2`.
    pub fn records(&self) -> &[u16] {
        &self.table.words
    }

    /// The records, writable: tests corrupt a solved table to see checks fail.
    #[cfg(test)]
    pub(crate) fn records_mut(&mut self) -> &mut [u16] {
        &mut self.table.words
    }

    /// Decided positions per remoteness, `[wins, losses]`, index = remoteness.
    pub fn layers(&self) -> &[[u64; 2]] {
        &self.layers
    }

    /// Why the analysis stopped early, if it did.
    pub fn error(&self) -> Option<SolveError> {
        self.error
    }

    /// Runs the analysis to the end.
    ///
    /// # Errors
    /// [`SolveError::RemotenessOverflow`] if a line of optimal play is too long to record.
    pub fn solve(&mut self) -> Result<(), SolveError> {
        while !self.step(usize::MAX).done {
            if let Some(error) = self.error {
                return Err(error);
            }
        }
        Ok(())
    }

    /// Runs the analysis until `pos` is decided (its outcome is final from then on). In
    /// [`Order::Tiers`], the tiers after `pos`'s are never looked at.
    ///
    /// Ties are only known once the tier (or, in [`Order::Global`], the game) is done.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_position(&mut self, pos: Position) -> Result<Outcome, SolveError> {
        loop {
            // A decided record never changes (one not yet scanned reads as undecided).
            if let Some(outcome) = self.outcome(pos) {
                return Ok(outcome);
            }
            let progress = self.step(1 << 14);
            if let Some(error) = self.error {
                return Err(error);
            }
            if progress.done {
                return Ok(self
                    .outcome(pos)
                    .expect("every position is decided at the end"));
            }
        }
    }

    /// Does at most `budget` units of work — one unit is one queue entry or arriving value,
    /// or [`SCAN_PER_UNIT`](crate::progress::SCAN_PER_UNIT) positions scanned or marked —
    /// and reports where it stands. A step never crosses from one phase into the next (nor
    /// from one tier into the next).
    pub fn step(&mut self, budget: usize) -> Progress<ValuedCounts> {
        self.events.clear();
        if self.recording {
            self.run::<true>(budget);
        } else {
            self.run::<false>(budget);
        }
        self.progress()
    }

    /// [`Progress::step`].
    pub(super) fn steps_done(&self) -> u64 {
        self.taken + self.phases_ended
    }

    /// When the phases of each tier whose scan is over ended, in solving order.
    pub fn tier_steps(&self) -> &[TierSteps] {
        &self.tier_steps
    }

    /// The tier `pos` belongs to, counted in solving order (positions are numbered in it).
    pub fn tier_of(&self, pos: Position) -> usize {
        self.tier_ends.partition_point(|&end| end <= pos)
    }

    /// The current report.
    pub fn progress(&self) -> Progress<ValuedCounts> {
        let [wins, losses] = self.decided;
        Progress {
            phase: self.phase,
            total: u64::from(self.tier_ends.last().copied().unwrap_or(0)),
            decided: wins + losses + self.ties,
            done: self.phase == Phase::Done,
            units: self.taken,
            step: self.steps_done(),
            layer_left: self.level_left().max(1),
            layer_began: self.layer_began(),
            counts: ValuedCounts {
                queued: (self.queued() + self.arrivals.waiting()) as u64,
                wins,
                losses,
                ties: self.ties,
                remoteness: self.remoteness,
                tier: self.tier as u32,
                tiers: self.tier_ends.len() as u32,
            },
        }
    }

    /// A new remoteness is entered (the scan's end, or the propagation moving on).
    pub(super) fn level_entered(&mut self) {
        self.levels_began = [(self.steps_done(), self.taken), self.levels_began[0]];
    }

    /// [`Progress::layer_began`].
    fn layer_began(&self) -> u64 {
        let [(began, units), (before, _)] = self.levels_began;
        if self.taken > units {
            began
        } else {
            before
        }
    }

    /// The positions of tier `tier`.
    pub(super) fn tier_range(&self, tier: usize) -> Range<Position> {
        let first = if tier == 0 {
            0
        } else {
            self.tier_ends[tier - 1]
        };
        first..self.tier_ends[tier]
    }

    /// Works on the current phase only, so every step's report and events belong to one
    /// phase.
    fn run<const RECORD: bool>(&mut self, budget: usize) {
        if budget == 0 || self.error.is_some() {
            return;
        }
        match self.phase {
            Phase::Scan => self.scan(budget),
            Phase::Propagate => match self.order {
                Order::Global => self.propagate::<RECORD, false>(budget),
                Order::Tiers => self.propagate::<RECORD, true>(budget),
            },
            Phase::MarkTies => self.mark_ties(budget),
            Phase::Done => {}
        }
    }

    /// The positions of the tier before the one being solved (none for the first).
    pub(super) fn above_range(&self) -> Range<Position> {
        match self.tier {
            0 => 0..0,
            tier => self.tier_range(tier - 1),
        }
    }
}

/// Where the tiers of `game` end in `order` ([`Order::Global`]: one tier).
///
/// # Panics
/// If the game has more than `u32::MAX` positions, or its tier ends are not as
/// [`Game::tier_ends`] promises.
fn tiers_in<G: Game>(game: &G, order: Order) -> Vec<Position> {
    let total = Position::try_from(game.num_positions()).expect("too many positions");
    let tier_ends = match order {
        Order::Global => vec![total],
        Order::Tiers => game.tier_ends(),
    };
    assert!(
        tiers_cover(&tier_ends, total),
        "tier ends must rise to the number of positions"
    );
    tier_ends
}
