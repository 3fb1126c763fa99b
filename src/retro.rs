//! The retrograde solver: decides value (Win / Lose / Tie) and remoteness of every
//! position of a [`Game`], step by step.
//!
//! 1. **Scan**: every position gets its record — primitive positions are decided at
//!    remoteness 0 and queued, the others get their number of moves as a counter.
//! 2. **Propagate** (breadth-first, remoteness by remoteness): popping a `Lose` position
//!    makes each undecided parent a `Win` one move further (the first time is the
//!    quickest win); popping a `Win` position decrements each undecided parent's counter,
//!    and a parent whose counter reaches 0 — every move loses — becomes `Lose` one move
//!    further (the last time is the slowest loss).
//! 3. **Mark ties**: whatever is still undecided can avoid losing forever: `Tie`.
//!
//! Two [`Order`]s, chosen at construction, end with the same records:
//! - [`Order::Global`]: the three phases once, over the whole game, with one queue.
//! - [`Order::Tiers`]: the three phases for each of the game's tiers in turn
//!   ([`Game::tier_ends`]; river: black's row, from the top row down). The scan of a tier
//!   also follows the moves into the tier solved before
//!   ([`Game::for_each_earlier_tier_move`]) and reads the final values there: each one
//!   *arrives* at its parent when the propagation reaches its remoteness, and does what
//!   popping that child would have done to that parent in the global order. They arrive
//!   with many remotenesses at once, so they wait in lists by remoteness
//!   (`arrivals.rs`). Pops update only parents of the same tier
//!   ([`Game::for_each_tier_parent`]). The working set is one tier instead of the whole
//!   table, and an answer for one position needs only the tiers down to its own, two of
//!   them in memory at a time ([`Keep::TwoTiers`]).
//!
//! [`Solver::step`] does a bounded amount of work and reports [`Progress`], so a page can
//! run the analysis on animation frames; [`Solver::solve`] runs it to the end. A
//! [`Workspace`] carries the memory of one analysis over to the next.

use std::ops::Range;

mod arrivals;

use crate::game::check::tiers_cover;
use crate::game::{Game, Move, Position, Status, Value, MAX_PARENTS};
use crate::progress::{Event, EventKind, Phase, Progress, ValuedCounts, SCAN_PER_UNIT};
use crate::record::{
    self, is_undecided, pack, Outcome, LOSE, MAX_REMOTENESS, REMOTENESS_MASK, TIE, WIN,
};
use arrivals::{Arrivals, LOSS_ARRIVES, WIN_ARRIVES};

/// A first-in first-out queue of positions at `buf[head..tail]`, those of the
/// remoteness being worked through first, up to `level_end`. The buffer grows on demand,
/// and the live part moves back to the front once the head has passed more entries than
/// remain, so the queue's memory stays about twice its longest length.
#[derive(Default)]
struct Fifo {
    buf: Vec<Position>,
    head: usize,
    level_end: usize,
    tail: usize,
}

impl Fifo {
    fn len(&self) -> usize {
        self.tail - self.head
    }

    /// Entries of the current remoteness still waiting.
    fn level_len(&self) -> usize {
        self.level_end - self.head
    }

    /// The entries queued so far make up the next remoteness.
    fn start_level(&mut self) {
        self.level_end = self.tail;
    }

    #[inline]
    fn push(&mut self, pos: Position) {
        self.make_room(1);
        self.buf[self.tail] = pos;
        self.tail += 1;
    }

    /// Makes `buf[tail..tail + room]` writable.
    #[inline]
    fn make_room(&mut self, room: usize) {
        if self.buf.len() - self.tail < room {
            self.grow(room);
        }
    }

    /// Compacts or enlarges the buffer so that `buf[tail..tail + room]` is writable.
    #[cold]
    fn grow(&mut self, room: usize) {
        if self.head >= self.len() {
            self.buf.copy_within(self.head..self.tail, 0);
            self.tail -= self.head;
            self.level_end -= self.head;
            self.head = 0;
        }
        if self.buf.len() - self.tail < room {
            let size = (2 * self.buf.len()).max(self.tail + room).max(1 << 12);
            self.buf.resize(size, 0);
        }
    }

    /// Empties the queue, keeping its memory.
    fn clear(&mut self) {
        self.head = 0;
        self.level_end = 0;
        self.tail = 0;
    }
}

/// The order in which an analysis decides positions; both end with the same records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// One queue for the whole game, by remoteness.
    #[default]
    Global,
    /// Tier by tier ([`Game::tier_ends`]), each tier with its own queue by remoteness. A
    /// game without tiers is one tier: the same as [`Order::Global`].
    Tiers,
}

/// Which records an analysis keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Keep {
    /// Every position's record, for as long as the solver lives.
    #[default]
    All,
    /// Only the records of the tier being solved and of the tier before it (which its scan
    /// reads): about two tiers' memory instead of the whole game's. Positions of other
    /// tiers read as undecided. Meant for [`Order::Tiers`] and [`Solver::solve_position`];
    /// with [`Order::Global`] the one tier is the whole game.
    TwoTiers,
}

/// The steps ([`Progress::step`]) at which a tier's phases ended, for telling when its
/// positions were decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TierSteps {
    /// The step that ended its scan: positions over in the game were decided by it.
    pub scanned: u64,
    /// The step after which its queue and arrivals were all taken (`None`: not yet); the
    /// next step marks its ties.
    pub propagated: Option<u64>,
}

/// The analysis failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A line of optimal play is longer than a record can store.
    RemotenessOverflow,
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::RemotenessOverflow => {
                write!(f, "a line of optimal play is longer than {MAX_REMOTENESS} moves, the longest retrolab can record")
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// A legal move with the outcome it leads to, seen by the side making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// The move on the board.
    pub mv: Move,
    /// The position after the move.
    pub child: Position,
    /// Value for the mover and number of moves until the end counting this one;
    /// `None` while the child is undecided.
    pub outcome: Option<Outcome>,
}

/// The queue of decided losses (popping one decides parents' wins).
const LOSSES: usize = 0;
/// The queue of decided wins (popping one refutes a move of each parent).
const WINS: usize = 1;

/// Memory one analysis hands on to the next: the records, the queue and the arrivals
/// keep their allocations, so that a run of boards touches fresh memory only for the
/// largest. Get it back with [`Solver::into_workspace`].
///
/// The records it holds are all 0 (undecided): an analysis started in it clears only the
/// records it needs beyond them. [`Workspace::prepare`] clears reserved records ahead, a
/// few at a time, so that a page can commit the memory of a large analysis in slices and
/// start the analysis without a long task.
#[derive(Default)]
pub struct Workspace {
    /// Cleared records, room reserved beyond them.
    words: Vec<u16>,
    queues: [Fifo; 2],
    arrivals: Arrivals,
}

impl Workspace {
    /// Reserves (without touching) the records of an analysis of tiers ending at
    /// `tier_ends` ([`Game::tier_ends`], or the number of positions alone for
    /// [`Order::Global`]) that keeps `keep`: reserved for the largest of several games,
    /// the memory is allocated once.
    pub fn reserve(&mut self, tier_ends: &[Position], keep: Keep) {
        self.reserve_records(Table::words(tier_ends, keep));
    }

    /// Reserves (without touching) room for `records` records in all.
    pub fn reserve_records(&mut self, records: usize) {
        self.words
            .reserve_exact(records.saturating_sub(self.words.len()));
    }

    /// Clears up to `count` more of the reserved records (touching fresh memory for the
    /// first time, which is what costs); true once every reserved record is cleared.
    pub fn prepare(&mut self, count: usize) -> bool {
        let words = &mut self.words;
        let more = count.min(words.capacity() - words.len());
        words.resize(words.len() + more, 0);
        words.len() == words.capacity()
    }
}

/// The records an analysis keeps: every position's at its index ([`Keep::All`]), or the
/// tier being solved and the tier before it ([`Keep::TwoTiers`]: tier `i` in half
/// `i % 2` of `words`).
struct Table {
    words: Vec<u16>,
    keep: Keep,
    /// With [`Keep::TwoTiers`]: the size of a half, the largest tier.
    half: usize,
}

impl Table {
    /// Records needed for tiers ending at `tier_ends` kept as `keep`.
    fn words(tier_ends: &[Position], keep: Keep) -> usize {
        match keep {
            Keep::All => tier_ends.last().map_or(0, |&end| end as usize),
            Keep::TwoTiers => tier_ends.len().min(2) * Table::largest_tier(tier_ends),
        }
    }

    fn largest_tier(tier_ends: &[Position]) -> usize {
        let mut first = 0;
        tier_ends
            .iter()
            .map(|&end| {
                let size = end - first;
                first = end;
                size as usize
            })
            .max()
            .unwrap_or(0)
    }

    /// Sets the table up in `words`' memory, whose records are cleared (a
    /// [`Workspace`]'s): every record is 0, undecided, as [`Keep::All`] needs (its records
    /// can be read before their tier is scanned).
    fn new(mut words: Vec<u16>, tier_ends: &[Position], keep: Keep) -> Table {
        let size = Table::words(tier_ends, keep);
        if words.capacity() < size {
            // Fresh zeroed memory comes from the system untouched, page by page.
            words = vec![0; size];
        } else {
            words.truncate(size);
            words.resize(size, 0);
        }
        Table {
            words,
            keep,
            half: Table::largest_tier(tier_ends),
        }
    }

    /// Where the records of tier `tier`, whose first position is `first`, start in `words`.
    fn offset(&self, tier: usize, first: Position) -> usize {
        match self.keep {
            Keep::All => first as usize,
            Keep::TwoTiers => (tier % 2) * self.half,
        }
    }

    /// The records of tier `tier` (positions `range`), to update.
    fn tier_mut(&mut self, tier: usize, range: &Range<Position>) -> &mut [u16] {
        let offset = self.offset(tier, range.start);
        &mut self.words[offset..offset + range.len()]
    }

    /// The final records of the tier before `tier` (positions `above`), to read, and the
    /// records of tier `tier` (positions `range`), to update.
    fn tiers_mut(
        &mut self,
        tier: usize,
        above: &Range<Position>,
        range: &Range<Position>,
    ) -> (Above<'_>, &mut [u16]) {
        let offset = self.offset(tier, range.start);
        let (records, current): (&[u16], _) = if tier == 0 || above.is_empty() {
            (&[], &mut self.words[offset..offset + range.len()])
        } else {
            let above_offset = self.offset(tier - 1, above.start);
            if above_offset < offset {
                let (low, high) = self.words.split_at_mut(offset);
                (
                    &low[above_offset..above_offset + above.len()],
                    &mut high[..range.len()],
                )
            } else {
                let (low, high) = self.words.split_at_mut(above_offset);
                (&high[..above.len()], &mut low[offset..offset + range.len()])
            }
        };
        let above = Above {
            records,
            first: above.start,
        };
        (above, current)
    }
}

/// The final records of the tier before the one being scanned.
struct Above<'a> {
    records: &'a [u16],
    first: Position,
}

impl Above<'_> {
    fn record(&self, child: Position) -> u16 {
        let record = self.records[(child - self.first) as usize];
        debug_assert!(!is_undecided(record), "the tier before is solved");
        record
    }
}

/// Retrograde analysis of one game, owning the game and its records.
pub struct Solver<G: Game> {
    game: G,
    order: Order,
    /// Where each tier ends, in solving order ([`Order::Global`]: one tier).
    tier_ends: Vec<Position>,
    /// The tier being solved.
    tier: usize,
    table: Table,
    /// Decided positions of the tier waiting to be popped, in order of remoteness:
    /// losses ([`LOSSES`]) and wins ([`WINS`]) apart, so that each pop loop does one
    /// thing and never reads the popped record (a level's entries may be taken in any
    /// order: they all decide parents one move further).
    queues: [Fifo; 2],
    arrivals: Arrivals,
    phase: Phase,
    /// Next position to scan or mark.
    cursor: usize,
    /// Decided positions per remoteness: `[wins, losses]`.
    layers: Vec<[u64; 2]>,
    /// Sums of `layers`: `[wins, losses]`.
    decided: [u64; 2],
    ties: u64,
    /// The remoteness being worked through.
    remoteness: u16,
    /// Units of propagation done ([`Progress::units`]).
    taken: u64,
    /// Scans and tie markings finished: with `taken`, the [`Progress::step`].
    phases_ended: u64,
    /// When each tier's phases ended, for the tiers whose scan is over.
    tier_steps: Vec<TierSteps>,
    error: Option<SolveError>,
    recording: bool,
    events: Vec<Event>,
}

impl<G: Game> Solver<G> {
    /// Prepares the analysis of `game` in [`Order::Global`], keeping every record; no
    /// position is examined yet.
    ///
    /// Allocates two bytes per position for the records; the queue grows as the
    /// analysis needs it (four bytes per queued position, up to about twice the longest
    /// queue).
    ///
    /// # Panics
    /// As [`Solver::in_workspace`].
    pub fn new(game: G) -> Self {
        Solver::with_order(game, Order::Global)
    }

    /// Prepares the analysis of `game` in `order`, keeping every record.
    ///
    /// # Panics
    /// As [`Solver::in_workspace`].
    pub fn with_order(game: G, order: Order) -> Self {
        Solver::in_workspace(game, order, Keep::All, Workspace::default())
    }

    /// Prepares the analysis of `game` in `order`, keeping the records `keep` says, in
    /// the memory of `workspace` (grown when it is too small).
    ///
    /// # Panics
    /// If the game has more than `u32::MAX` positions (games bound their sizes first), or
    /// its tier ends are not as [`Game::tier_ends`] promises.
    pub fn in_workspace(game: G, order: Order, keep: Keep, workspace: Workspace) -> Self {
        let tier_ends = tiers_in(&game, order);
        let Workspace {
            words,
            mut queues,
            mut arrivals,
        } = workspace;
        queues.iter_mut().for_each(Fifo::clear);
        arrivals.clear();
        Solver {
            table: Table::new(words, &tier_ends, keep),
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
            error: None,
            recording: false,
            events: Vec::new(),
        }
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

    /// Does at most `budget` units of work — one unit is one queue entry or arriving
    /// value, or [`SCAN_PER_UNIT`] positions scanned or marked — and reports where it
    /// stands. A step never crosses from one phase into the next (nor from one tier into
    /// the next).
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
    fn steps_done(&self) -> u64 {
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

    /// The positions of tier `tier`.
    fn tier_range(&self, tier: usize) -> Range<Position> {
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
    fn above_range(&self) -> Range<Position> {
        match self.tier {
            0 => 0..0,
            tier => self.tier_range(tier - 1),
        }
    }

    /// Scans up to `budget` units of positions of the tier.
    fn scan(&mut self, budget: usize) {
        let range = self.tier_range(self.tier);
        let above = self.above_range();
        let end = (range.end as usize).min(
            self.cursor
                .saturating_add(budget.saturating_mul(SCAN_PER_UNIT)),
        );
        let Solver {
            game,
            table,
            queues,
            arrivals,
            layers,
            decided,
            ties,
            tier,
            order,
            ..
        } = self;
        let (above, records) = table.tiers_mut(*tier, &above, &range);
        let first = range.start;
        let scanned = self.cursor as Position..end as Position;
        let mut found = [0u64; 3];
        // In tier order a position whose parents all lie in later tiers is never popped:
        // they learn its value as it arrives (river's whole top row: black has won there,
        // and every move into it comes from the row below).
        let global = *order == Order::Global;
        let pops = |pos: Position| global || has_tier_parents(game, pos);
        game.for_each_status(scanned.clone(), |pos, status| {
            let record = match status {
                Status::Over(value) => pack(value, 0),
                // No move and no rule saying otherwise: the side to move has lost.
                Status::Moves(0) => pack(Value::Lose, 0),
                Status::Moves(n) => n as u16,
            };
            records[(pos - first) as usize] = record;
            let state = usize::from(record >> 14);
            if state != 0 {
                found[state - 1] += 1;
                if record != TIE && pops(pos) {
                    queues[if record >= LOSE { LOSSES } else { WINS }].push(pos);
                }
            }
        });
        // The moves into the tier before: each brings that child's final value, at its
        // remoteness, to the position moving (unless the position is over). The first
        // tier has none before it (nor has the one tier of `Order::Global`).
        if *tier > 0 {
            game.for_each_earlier_tier_move(scanned, |pos, child| {
                if is_undecided(records[(pos - first) as usize]) {
                    let record = above.record(child);
                    match record & !REMOTENESS_MASK {
                        LOSE => arrivals.push(record & REMOTENESS_MASK, LOSS_ARRIVES, pos),
                        WIN => arrivals.push(record & REMOTENESS_MASK, WIN_ARRIVES, pos),
                        _ => {}
                    }
                }
            });
        }
        layers[0][0] += found[0];
        layers[0][1] += found[1];
        decided[0] += found[0];
        decided[1] += found[1];
        *ties += found[2];
        self.cursor = end;
        if end == range.end as usize {
            self.phase = Phase::Propagate;
            self.phases_ended += 1;
            self.tier_steps.push(TierSteps {
                scanned: self.steps_done(),
                propagated: None,
            });
            self.remoteness = 0;
            self.queues.iter_mut().for_each(Fifo::start_level);
            self.arrivals.enter();
            self.mark_ties_if_idle();
        }
    }

    /// Takes up to `budget` entries: the values arriving from the tier before at the
    /// current remoteness, then the queued losses and wins of that remoteness; then moves
    /// on to the next remoteness with work, or to marking ties when there is none.
    fn propagate<const RECORD: bool, const TIERS: bool>(&mut self, mut budget: usize) {
        while budget > 0 && self.error.is_none() {
            let taken = if self.remoteness == MAX_REMOTENESS {
                self.take_last_level::<TIERS>()
            } else if self.arrivals.waiting_at(self.remoteness).is_some() {
                self.arrive::<RECORD>(budget)
            } else if self.queues[LOSSES].level_len() > 0 {
                self.pop::<RECORD, TIERS, LOSSES>(budget)
            } else if self.queues[WINS].level_len() > 0 {
                self.pop::<RECORD, TIERS, WINS>(budget)
            } else {
                0
            };
            if taken == 0 && !self.next_level() {
                break;
            }
            budget -= taken;
            self.taken += taken as u64;
        }
        self.mark_ties_if_idle();
    }

    /// Units of propagation left at the current remoteness of the tier, or, once those are
    /// done, at the remoteness the propagation moves on to; 0 when none is left
    /// ([`Progress::layer_left`] is at least 1).
    fn level_left(&self) -> u64 {
        let current = self.remoteness;
        let levels: usize = self.queues.iter().map(Fifo::level_len).sum();
        let now = levels + self.arrivals.left_at(current, true);
        if now > 0 || self.phase != Phase::Propagate {
            return now as u64;
        }
        // The level is done with: what the next one holds (see `next_level`). Queued
        // entries are all of the next remoteness now.
        let queued = self.queued();
        let next = if queued > 0 {
            current.checked_add(1)
        } else {
            self.arrivals.next_level(current)
        };
        next.map_or(0, |next| {
            (queued + self.arrivals.left_at(next, false)) as u64
        })
    }

    /// Decided positions waiting in the queues.
    fn queued(&self) -> usize {
        self.queues.iter().map(Fifo::len).sum()
    }

    /// Moves on to marking ties once nothing is left to propagate.
    fn mark_ties_if_idle(&mut self) {
        if self.queued() == 0 && self.arrivals.waiting() == 0 && self.error.is_none() {
            self.phase = Phase::MarkTies;
            let step = self.steps_done();
            if let Some(tier) = self.tier_steps.last_mut() {
                tier.propagated = Some(step);
            }
            self.cursor = self.tier_range(self.tier).start as usize;
        }
    }

    /// Moves on to the next remoteness that has work; false when there is none. The
    /// queues hold at most the current remoteness and the next one; arrivals may be
    /// further on.
    fn next_level(&mut self) -> bool {
        let next = if self.queued() > 0 {
            self.remoteness + 1
        } else {
            match self.arrivals.next_level(self.remoteness) {
                Some(next) => next,
                None => return false,
            }
        };
        self.remoteness = next;
        self.queues.iter_mut().for_each(Fifo::start_level);
        self.arrivals.enter();
        true
    }

    /// Pops up to `budget` entries of the current remoteness from the queue of `POPPED`
    /// ([`LOSSES`] or [`WINS`]), as many as the other queue, where the parents they
    /// decide go, has room for; returns how many.
    fn pop<const RECORD: bool, const TIERS: bool, const POPPED: usize>(
        &mut self,
        budget: usize,
    ) -> usize {
        let range = self.tier_range(self.tier);
        let Solver {
            game,
            table,
            queues,
            layers,
            decided: totals,
            remoteness: current,
            events,
            tier,
            ..
        } = self;
        let records = table.tier_mut(*tier, &range);
        let first = range.start;
        let [losses, wins] = queues;
        let (from, to) = if POPPED == LOSSES {
            (losses, wins)
        } else {
            (wins, losses)
        };
        to.make_room(MAX_PARENTS);
        // As many pops as there is room for all their parents.
        let room = (to.buf.len() - to.tail) / MAX_PARENTS;
        let popping = &from.buf[from.head..from.head + budget.min(room).min(from.level_len())];
        let free = &mut to.buf[to.tail..];
        let mut pushed = 0;
        let next = *current + 1;
        for &pos in popping {
            let room: &mut [Position; MAX_PARENTS] = (&mut free[pushed..pushed + MAX_PARENTS])
                .try_into()
                .expect("a window of MAX_PARENTS entries");
            let parents = Parents::<_, TIERS> { game, pos };
            pushed += if RECORD {
                visit_parents_recording(
                    parents,
                    POPPED == LOSSES,
                    next,
                    records,
                    first,
                    room,
                    events,
                )
            } else if POPPED == LOSSES {
                win_parents(parents, WIN | next, records, first, room)
            } else {
                lose_parents(parents, LOSE | next, records, first, room)
            };
        }
        let popped = popping.len();
        // Popping losses decides wins (column 0), popping wins decides losses.
        let mut decided = [0u64; 2];
        decided[usize::from(POPPED == WINS)] = pushed as u64;
        flush(layers, totals, *current, &mut decided);
        from.head += popped;
        to.tail += pushed;
        if from.len() == 0 {
            // Empty: start again at the front of the buffer, which is warm in the cache.
            from.clear();
        }
        popped
    }

    /// Takes every entry at [`MAX_REMOTENESS`], the last remoteness a record holds:
    /// they may refute moves, but a parent they decide would be one move further, which
    /// is an error. Rare and cold: all at once, without events. Returns how many.
    #[cold]
    fn take_last_level<const TIERS: bool>(&mut self) -> usize {
        let range = self.tier_range(self.tier);
        let first = range.start;
        // Each entry with whether the child it stands for lost, and whose parents it
        // updates: queued positions update theirs, arrivals the one they were meant for.
        let mut updates: Vec<(Position, bool, Option<Position>)> = Vec::new();
        for (queue, child_lost) in [(LOSSES, true), (WINS, false)] {
            let Fifo {
                buf, head, tail, ..
            } = &self.queues[queue];
            updates.extend(buf[*head..*tail].iter().map(|&pos| (pos, child_lost, None)));
        }
        for (list, child_lost) in [(LOSS_ARRIVES, true), (WIN_ARRIVES, false)] {
            let entries = self.arrivals.entries(MAX_REMOTENESS, list);
            updates.extend(entries.into_iter().map(|pos| (pos, child_lost, Some(pos))));
        }
        let Solver {
            game, table, tier, ..
        } = self;
        let records = table.tier_mut(*tier, &range);
        let mut decides = false;
        let mut refute = |parent: Position, child_lost: bool| {
            let slot = &mut records[(parent - first) as usize];
            if is_undecided(*slot) {
                if child_lost || *slot == 1 {
                    decides = true;
                } else {
                    *slot -= 1;
                }
            }
        };
        for &(pos, child_lost, only) in &updates {
            match only {
                Some(parent) => refute(parent, child_lost),
                None => Parents::<_, TIERS> { game, pos }.for_each(|p| refute(p, child_lost)),
            }
        }
        if decides {
            self.error = Some(SolveError::RemotenessOverflow);
        }
        self.queues.iter_mut().for_each(Fifo::clear);
        self.arrivals.clear();
        updates.len()
    }

    /// Applies up to `budget` values arriving from the tier before at the current
    /// remoteness (each to the one position it was scheduled for); returns how many.
    fn arrive<const RECORD: bool>(&mut self, budget: usize) -> usize {
        let range = self.tier_range(self.tier);
        let above = self.above_range();
        let Solver {
            game,
            table,
            queues,
            arrivals,
            layers,
            decided: totals,
            remoteness: current,
            events,
            tier,
            ..
        } = self;
        let (above, records) = table.tiers_mut(*tier, &above, &range);
        let first = range.start;
        let Some((list, waiting)) = arrivals.waiting_at(*current) else {
            return 0;
        };
        let taking = &waiting[..budget.min(waiting.len())];
        let child_lost = list == LOSS_ARRIVES;
        let next = *current + 1;
        let mut decided = [0u64; 2];
        for &pos in taking {
            let slot = &mut records[(pos - first) as usize];
            if RECORD {
                let child = arriving_child(game, pos, &above, child_lost, *current);
                events.push(Event {
                    kind: EventKind::Popped,
                    position: child,
                    detail: u32::from(*current),
                });
            }
            if let Some((kind, detail)) = update(slot, child_lost, next) {
                if kind != EventKind::Decremented {
                    let lost = kind == EventKind::Lost;
                    decided[usize::from(lost)] += 1;
                    queues[if lost { LOSSES } else { WINS }].push(pos);
                }
                if RECORD {
                    events.push(Event {
                        kind,
                        position: pos,
                        detail: detail.into(),
                    });
                }
            }
        }
        let taken = taking.len();
        flush(layers, totals, *current, &mut decided);
        arrivals.applied(*current, list, taken);
        taken
    }

    /// Marks up to `budget` units of the tier's undecided positions as ties; at the end
    /// of the tier, moves on to the next one.
    #[inline(never)]
    fn mark_ties(&mut self, budget: usize) {
        let range = self.tier_range(self.tier);
        let end = (range.end as usize).min(
            self.cursor
                .saturating_add(budget.saturating_mul(SCAN_PER_UNIT)),
        );
        let first = range.start as usize;
        let records = self.table.tier_mut(self.tier, &range);
        // Branch-free, the state tested by shifting (there is no unsigned 16-bit compare
        // in baseline x86-64 vectors), so that it runs many records at a time.
        let mut ties = 0;
        for slot in &mut records[self.cursor - first..end - first] {
            let undecided = *slot >> 14 == 0;
            *slot = if undecided { TIE } else { *slot };
            ties += u32::from(undecided);
        }
        self.ties += u64::from(ties);
        self.cursor = end;
        if end == range.end as usize {
            self.phases_ended += 1;
            self.next_tier();
        }
    }

    /// Starts the next tier's scan, or ends the analysis after the last tier.
    fn next_tier(&mut self) {
        if self.tier + 1 == self.tier_ends.len() {
            self.phase = Phase::Done;
            return;
        }
        self.tier += 1;
        self.phase = Phase::Scan;
        self.cursor = self.tier_range(self.tier).start as usize;
        self.remoteness = 0;
        self.queues.iter_mut().for_each(Fifo::clear);
        self.arrivals.clear();
    }

    /// Where the record of `pos` is in the table, if the table holds it.
    fn slot(&self, pos: Position) -> Option<usize> {
        match self.table.keep {
            Keep::All => Some(pos as usize).filter(|&i| i < self.table.words.len()),
            Keep::TwoTiers => {
                let held = [Some(self.tier), self.tier.checked_sub(1)];
                held.into_iter().flatten().find_map(|tier| {
                    let range = self.tier_range(tier);
                    // The tier being scanned holds older records beyond the cursor.
                    let written = tier < self.tier
                        || self.phase != Phase::Scan
                        || (pos as usize) < self.cursor;
                    (range.contains(&pos) && written).then(|| {
                        self.table.offset(tier, range.start) + (pos - range.start) as usize
                    })
                })
            }
        }
    }

    /// Value and remoteness of `pos` for the side to move; `None` while undecided (or,
    /// with [`Keep::TwoTiers`], not held).
    pub fn outcome(&self, pos: Position) -> Option<Outcome> {
        record::unpack(self.table.words[self.slot(pos)?])
    }

    /// Every legal move from `pos` with the outcome it leads to, best first for the side
    /// to move: quickest wins, then ties, then slowest losses, then undecided moves.
    /// Empty for primitive positions.
    pub fn moves(&self, pos: Position) -> Vec<MoveOutcome> {
        let mut moves = Vec::new();
        if (pos as usize) >= self.game.num_positions() || self.game.primitive(pos).is_some() {
            return moves;
        }
        self.game.for_each_move(pos, |mv, child| {
            moves.push(MoveOutcome {
                mv,
                child,
                outcome: self.outcome(child).map(Outcome::before_move),
            });
        });
        moves.sort_by_key(|m| m.outcome.map_or((3, 0), Outcome::preference));
        moves
    }

    /// The line of optimal play from `from` until the game ends, as the moves made.
    ///
    /// The winner takes a quickest win, the loser a slowest loss. In a tie the line
    /// follows tying moves until it would repeat a position. Empty before `from` is decided.
    pub fn optimal_line(&self, from: Position) -> Vec<MoveOutcome> {
        let mut line = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut pos = from;
        while seen.insert(pos) {
            let Some(best) = self.moves(pos).into_iter().next() else {
                break;
            };
            if best.outcome.is_none() || self.outcome(pos) != best.outcome {
                break;
            }
            pos = best.child;
            line.push(best);
        }
        line
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

/// Whether `pos` has a parent in its own tier. Kept out of the scan's loop, which it would
/// otherwise swell past inlining: it is asked only of the tier's primitive positions.
#[inline(never)]
fn has_tier_parents<G: Game>(game: &G, pos: Position) -> bool {
    let mut any = false;
    game.for_each_tier_parent(pos, |_| any = true);
    any
}

/// Adds the positions decided at remoteness `current + 1` to the layer counts and totals.
fn flush(layers: &mut Vec<[u64; 2]>, totals: &mut [u64; 2], current: u16, decided: &mut [u64; 2]) {
    if *decided == [0, 0] {
        return;
    }
    let next = usize::from(current) + 1;
    if layers.len() <= next {
        layers.resize(next + 1, [0, 0]);
    }
    for column in 0..2 {
        layers[next][column] += decided[column];
        totals[column] += decided[column];
    }
    *decided = [0, 0];
}

/// The child in the tier before whose value (a loss if `child_lost`, else a win, in
/// `remoteness`) arrives at `pos`: for the events the page animates.
fn arriving_child<G: Game>(
    game: &G,
    pos: Position,
    above: &Above<'_>,
    child_lost: bool,
    remoteness: u16,
) -> Position {
    let want = if child_lost { LOSE } else { WIN } | remoteness;
    let mut found = None;
    game.for_each_earlier_tier_move(pos..pos + 1, |_, child| {
        if found.is_none() && above.record(child) == want {
            found = Some(child);
        }
    });
    found.expect("an arrival comes from a child in the tier before")
}

/// The parents the solver updates when it pops `pos`: every parent ([`Order::Global`])
/// or those of `pos`'s tier ([`Order::Tiers`]).
struct Parents<'a, G, const TIERS: bool> {
    game: &'a G,
    pos: Position,
}

impl<G: Game, const TIERS: bool> Parents<'_, G, TIERS> {
    #[inline(always)]
    fn for_each(self, f: impl FnMut(Position)) {
        if TIERS {
            self.game.for_each_tier_parent(self.pos, f);
        } else {
            self.game.for_each_parent(self.pos, f);
        }
    }
}

/// The record of a parent the game listed, without a bounds check: the hot path of the
/// analysis. The popped position came from the queue, so it is a position of the tier
/// starting at `first`, and [`Game`]'s safety contract keeps the parents listed there
/// (every parent for a game of one tier, the tier's own in [`Order::Tiers`]) in it too.
#[inline(always)]
fn parent_record(records: &mut [u16], first: Position, parent: Position) -> &mut u16 {
    let index = parent.wrapping_sub(first) as usize;
    debug_assert!(index < records.len(), "parent {parent} outside the tier");
    // SAFETY: `records` holds the records of the tier being solved, from `first` on
    // (`Table::tier_mut`); every queued position is in that tier (the scan queues the
    // tier's positions, `pop` and `arrive` the parents of the tier's positions in it),
    // and `Game`'s safety contract keeps the parents `Parents` lists in it.
    unsafe { records.get_unchecked_mut(index) }
}

/// The parents of a popped loss: every undecided one can move there, so it wins, and
/// this is its quickest win. Queues them in `room`; returns how many.
///
/// Kept apart from [`lose_parents`] on purpose: one function for both, choosing per
/// parent, measured about a third more instructions per solve.
#[inline(always)]
fn win_parents<G: Game, const TIERS: bool>(
    parents: Parents<'_, G, TIERS>,
    won: u16,
    records: &mut [u16],
    first: Position,
    room: &mut [Position; MAX_PARENTS],
) -> usize {
    let mut count = 0;
    // Branch-free: whether a parent is still undecided is unpredictable.
    parents.for_each(|parent| {
        let slot = parent_record(records, first, parent);
        let undecided = is_undecided(*slot);
        *slot = if undecided { won } else { *slot };
        room[count % MAX_PARENTS] = parent;
        count += usize::from(undecided);
    });
    count
}

/// The parents of a popped win: one more of each undecided parent's moves is refuted,
/// and the last one makes it lose, as slowly as possible. Queues those in `room`;
/// returns how many.
#[inline(always)]
fn lose_parents<G: Game, const TIERS: bool>(
    parents: Parents<'_, G, TIERS>,
    lost: u16,
    records: &mut [u16],
    first: Position,
    room: &mut [Position; MAX_PARENTS],
) -> usize {
    let mut count = 0;
    parents.for_each(|parent| {
        let slot = parent_record(records, first, parent);
        let counter = *slot;
        let undecided = is_undecided(counter);
        let last = undecided & (counter == 1);
        *slot = if last {
            lost
        } else {
            counter - u16::from(undecided)
        };
        room[count % MAX_PARENTS] = parent;
        count += usize::from(last);
    });
    count
}

/// What a child decided one move before `next` (lost if `child_lost`, else won) does to
/// a parent's record `slot`: the event and its detail (remoteness, or the new counter),
/// or `None` when the parent was decided already.
#[inline]
fn update(slot: &mut u16, child_lost: bool, next: u16) -> Option<(EventKind, u16)> {
    let counter = *slot;
    if !is_undecided(counter) {
        None
    } else if child_lost {
        *slot = WIN | next;
        Some((EventKind::Won, next))
    } else if counter == 1 {
        *slot = LOSE | next;
        Some((EventKind::Lost, next))
    } else {
        *slot = counter - 1;
        Some((EventKind::Decremented, counter - 1))
    }
}

/// [`win_parents`] (a popped loss) or [`lose_parents`] with an event for the popped
/// entry and for each parent it changes; `next` is one more than the popped remoteness.
/// Returns how many parents it queued.
fn visit_parents_recording<G: Game, const TIERS: bool>(
    parents: Parents<'_, G, TIERS>,
    popped_loss: bool,
    next: u16,
    records: &mut [u16],
    first: Position,
    room: &mut [Position; MAX_PARENTS],
    events: &mut Vec<Event>,
) -> usize {
    events.push(Event {
        kind: EventKind::Popped,
        position: parents.pos,
        detail: u32::from(next - 1),
    });
    let mut count = 0;
    parents.for_each(|parent| {
        let Some((kind, detail)) =
            update(&mut records[(parent - first) as usize], popped_loss, next)
        else {
            return;
        };
        if kind != EventKind::Decremented {
            room[count] = parent;
            count += 1;
        }
        events.push(Event {
            kind,
            position: parent,
            detail: detail.into(),
        });
    });
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Move, Player};

    /// A line of `length + 1` positions: each moves to the one before it, and position 0
    /// has lost. Position `i` is decided in `i` moves. Tiers of `tier` positions each.
    struct Line {
        length: u32,
        tier: u32,
    }

    // SAFETY: the parent of `pos` is `pos + 1`, listed only below `num_positions()`, and
    // in the same tier only when it is; `tier_ends` is fixed.
    unsafe impl Game for Line {
        fn num_positions(&self) -> usize {
            self.length as usize + 1
        }
        fn start(&self) -> Position {
            self.length
        }
        fn to_move(&self, pos: Position) -> Player {
            if pos % 2 == 0 {
                Player::First
            } else {
                Player::Second
            }
        }
        fn primitive(&self, pos: Position) -> Option<Value> {
            (pos == 0).then_some(Value::Lose)
        }
        fn for_each_move(&self, pos: Position, mut f: impl FnMut(Move, Position)) {
            f(Move { from: 0, to: 0 }, pos - 1);
        }
        fn for_each_parent(&self, pos: Position, mut f: impl FnMut(Position)) {
            if pos < self.length {
                f(pos + 1);
            }
        }
        fn tier_ends(&self) -> Vec<Position> {
            let total = self.length + 1;
            (1..=total.div_ceil(self.tier))
                .map(|i| (i * self.tier).min(total))
                .collect()
        }
        fn for_each_tier_parent(&self, pos: Position, mut f: impl FnMut(Position)) {
            if pos < self.length && (pos + 1) % self.tier != 0 {
                f(pos + 1);
            }
        }
        fn for_each_earlier_tier_move(
            &self,
            range: Range<Position>,
            mut f: impl FnMut(Position, Position),
        ) {
            for pos in range.filter(|&pos| pos > 0 && pos % self.tier == 0) {
                f(pos, pos - 1);
            }
        }
    }

    #[test]
    fn the_line_keeps_the_contract() {
        let line = Line {
            length: 50,
            tier: 7,
        };
        assert_eq!(crate::game::check::check_children_parents(&line), Ok(()));
    }

    #[test]
    fn the_longest_recordable_line_solves_in_both_orders() {
        // Its start is decided at the last remoteness a record holds, and has no parent.
        for order in [Order::Global, Order::Tiers] {
            let length = u32::from(MAX_REMOTENESS);
            let mut solver = Solver::with_order(Line { length, tier: 1000 }, order);
            assert_eq!(solver.solve(), Ok(()));
            let end = solver.outcome(length).unwrap();
            assert_eq!(end.remoteness, MAX_REMOTENESS, "{order:?}");
        }
    }

    #[test]
    fn a_line_too_long_to_record_is_an_error_in_both_orders() {
        for order in [Order::Global, Order::Tiers] {
            let length = u32::from(MAX_REMOTENESS) + 1;
            let mut solver = Solver::with_order(Line { length, tier: 1000 }, order);
            assert_eq!(
                solver.solve(),
                Err(SolveError::RemotenessOverflow),
                "{order:?}"
            );
            assert_eq!(
                SolveError::RemotenessOverflow.to_string(),
                "a line of optimal play is longer than 16383 moves, the longest retrolab can record"
            );
        }
    }
}
