//! The retrograde solver: decides value (Win / Lose / Tie) and remoteness of every
//! position of a [`Game`], step by step.
//!
//! 1. **Scan**: every position gets its record — primitive positions are decided at
//!    remoteness 0 and queued, the others get their number of moves as a counter.
//! 2. **Propagate** (breadth-first, so remoteness never decreases along the queue): popping
//!    a `Lose` position makes each undecided parent a `Win` one move further (the first
//!    time is the quickest win); popping a `Win` position decrements each undecided
//!    parent's counter, and a parent whose counter reaches 0 — every move loses — becomes
//!    `Lose` one move further (the last time is the slowest loss).
//! 3. **Mark ties**: whatever is still undecided can avoid losing forever: `Tie`.
//!
//! [`Solver::step`] does a bounded amount of work and reports [`Progress`], so a page can
//! run the analysis on animation frames; [`Solver::solve`] runs it to the end.

use crate::game::{Game, Move, Position, Status, Value};
use crate::record::{
    self, is_undecided, pack, Outcome, LOSE, MAX_REMOTENESS, REMOTENESS_MASK, TIE, WIN,
};

/// Positions scanned (or marked as ties) per unit of [`Solver::step`]'s budget: about
/// the cost of popping one queue entry.
pub const SCAN_PER_UNIT: usize = 16;

/// Most parents a position may have: the queue keeps room for this many pushes per pop
/// (checked for every game by [`crate::check_children_parents`]).
pub const MAX_PARENTS: usize = 64;

/// A first-in first-out queue of positions at `buf[head..tail]`. The buffer grows on
/// demand, and the live part moves back to the front once the head has passed more
/// entries than remain, so the queue's memory stays about twice its longest length.
#[derive(Default)]
struct Fifo {
    buf: Vec<Position>,
    head: usize,
    tail: usize,
}

impl Fifo {
    fn len(&self) -> usize {
        self.tail - self.head
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
            self.head = 0;
        }
        if self.buf.len() - self.tail < room {
            let size = (2 * self.buf.len()).max(self.tail + room).max(1 << 12);
            self.buf.resize(size, 0);
        }
    }
}

/// Where the analysis stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Finding primitive positions and counting moves.
    Scan,
    /// Working through the queue, backwards from the ends of the game.
    Propagate,
    /// Marking the positions nothing could decide as ties.
    MarkTies,
    /// Every position is decided.
    Done,
}

/// A small report after each [`Solver::step`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Current phase.
    pub phase: Phase,
    /// Number of positions.
    pub total: u64,
    /// Positions whose value is known (ties only count once marked).
    pub decided: u64,
    /// Decided positions waiting in the queue.
    pub queued: u64,
    /// Positions decided as wins for the side to move.
    pub wins: u64,
    /// Positions decided as losses for the side to move.
    pub losses: u64,
    /// Positions marked as ties.
    pub ties: u64,
    /// Remoteness of the position popped last (the layer the frontier is in).
    pub remoteness: u16,
    /// True once every position is decided.
    pub done: bool,
}

/// What one popped queue entry did, recorded when [`Solver::set_recording`] is on.
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
}

/// One entry of the event buffer: three `u32`s, so the page can view the buffer as a
/// `Uint32Array` of triples.
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

/// Retrograde analysis of one game, owning the game and its records.
pub struct Solver<G: Game> {
    game: G,
    records: Vec<u16>,
    /// Decided positions waiting to be popped, in order of remoteness.
    queue: Fifo,
    phase: Phase,
    /// Next position to scan or mark.
    cursor: usize,
    /// Decided positions per remoteness: `[wins, losses]`.
    layers: Vec<[u64; 2]>,
    ties: u64,
    remoteness: u16,
    error: Option<SolveError>,
    recording: bool,
    events: Vec<Event>,
}

impl<G: Game> Solver<G> {
    /// Prepares the analysis of `game`; no position is examined yet.
    ///
    /// Allocates two bytes per position for the records; the queue grows as the
    /// analysis needs it (four bytes per queued position, up to about twice the longest
    /// queue).
    ///
    /// # Panics
    /// If the game has more than `u32::MAX` positions (games bound their sizes first).
    pub fn new(game: G) -> Self {
        let total = game.num_positions();
        assert!(u32::try_from(total).is_ok(), "too many positions");
        Solver {
            game,
            records: vec![0; total],
            queue: Fifo::default(),
            phase: Phase::Scan,
            cursor: 0,
            layers: vec![[0, 0]],
            ties: 0,
            remoteness: 0,
            error: None,
            recording: false,
            events: Vec::new(),
        }
    }

    /// The game being analysed.
    pub fn game(&self) -> &G {
        &self.game
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
        self.records.fill(0);
        self.queue.head = 0;
        self.queue.tail = 0;
        self.phase = Phase::Scan;
        self.cursor = 0;
        self.layers.clear();
        self.layers.push([0, 0]);
        self.ties = 0;
        self.remoteness = 0;
        self.error = None;
        self.events.clear();
    }

    /// The packed records, one per position (layout in [`crate::record`]).
    pub fn records(&self) -> &[u16] {
        &self.records
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

    /// Runs the analysis until `pos` is decided (its outcome is final from then on).
    ///
    /// Ties are only known at the end, so a tie still runs the whole analysis.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn solve_position(&mut self, pos: Position) -> Result<Outcome, SolveError> {
        loop {
            // A decided record never changes (one not yet scanned reads as undecided).
            if let Some(outcome) = self.outcome(pos) {
                return Ok(outcome);
            }
            let progress = self.step(1 << 12);
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

    /// Does at most `budget` units of work — one unit is one queue entry, or
    /// [`SCAN_PER_UNIT`] positions scanned or marked — and reports where it stands.
    /// A step never crosses from one phase into the next.
    pub fn step(&mut self, budget: usize) -> Progress {
        self.events.clear();
        if self.recording {
            self.run::<true>(budget);
        } else {
            self.run::<false>(budget);
        }
        self.progress()
    }

    /// The current report.
    pub fn progress(&self) -> Progress {
        let (wins, losses) = self
            .layers
            .iter()
            .fold((0, 0), |(w, l), layer| (w + layer[0], l + layer[1]));
        Progress {
            phase: self.phase,
            total: self.records.len() as u64,
            decided: wins + losses + self.ties,
            queued: self.queue.len() as u64,
            wins,
            losses,
            ties: self.ties,
            remoteness: self.remoteness,
            done: self.phase == Phase::Done,
        }
    }

    /// Works on the current phase only, so every step's report and events belong to one
    /// phase.
    fn run<const RECORD: bool>(&mut self, budget: usize) {
        if budget == 0 || self.error.is_some() {
            return;
        }
        match self.phase {
            Phase::Scan => self.scan(budget),
            Phase::Propagate => self.propagate::<RECORD>(budget),
            Phase::MarkTies => self.mark_ties(budget),
            Phase::Done => {}
        }
    }

    /// Scans up to `budget` units of positions.
    fn scan(&mut self, budget: usize) {
        let total = self.records.len();
        let end = total.min(
            self.cursor
                .saturating_add(budget.saturating_mul(SCAN_PER_UNIT)),
        );
        let Solver {
            game,
            records,
            queue,
            layers,
            ties,
            ..
        } = self;
        let records = &mut records[..];
        let mut found = [0u64; 3];
        game.for_each_status(self.cursor as Position..end as Position, |pos, status| {
            let record = match status {
                Status::Over(value) => pack(value, 0),
                // No move and no rule saying otherwise: the side to move has lost.
                Status::Moves(0) => pack(Value::Lose, 0),
                Status::Moves(n) => n as u16,
            };
            records[pos as usize] = record;
            let state = usize::from(record >> 14);
            if state != 0 {
                found[state - 1] += 1;
                if record != TIE {
                    queue.push(pos);
                }
            }
        });
        layers[0][0] += found[0];
        layers[0][1] += found[1];
        *ties += found[2];
        self.cursor = end;
        if end == total {
            self.phase = Phase::Propagate;
        }
    }

    /// Pops up to `budget` queue entries.
    fn propagate<const RECORD: bool>(&mut self, mut budget: usize) {
        while budget > 0 && self.error.is_none() {
            self.queue.make_room(MAX_PARENTS);
            // As many pops as there is room for all their parents.
            let room = (self.queue.buf.len() - self.queue.tail) / MAX_PARENTS;
            let popped = self.pop::<RECORD>(budget.min(room));
            if popped == 0 {
                break;
            }
            budget -= popped;
        }
        if self.queue.len() == 0 && self.error.is_none() {
            self.phase = Phase::MarkTies;
            self.cursor = 0;
        }
    }

    /// Pops up to `pops` of the entries queued before this call, for which the queue has
    /// room; returns how many.
    fn pop<const RECORD: bool>(&mut self, pops: usize) -> usize {
        let Solver {
            game,
            records,
            queue,
            layers,
            remoteness: current,
            error,
            events,
            ..
        } = self;
        let records = &mut records[..];
        let Fifo { buf, head, tail } = queue;
        // Entries are popped from the queued part and pushed into the free part.
        let (queued, free) = buf.split_at_mut(*tail);
        let popping = &queued[*head..(*head).saturating_add(pops).min(*tail)];
        let (mut popped, mut pushed) = (0, 0);
        // Parents decided since the last flush into `layers`, all one move further than
        // `current`: [wins, losses].
        let mut decided = [0u64; 2];
        for &pos in popping {
            let record = records[pos as usize];
            let remoteness = record & REMOTENESS_MASK;
            if remoteness != *current {
                // The queue is in order of remoteness: the next layer starts here.
                flush(layers, *current, &mut decided);
                if remoteness == MAX_REMOTENESS {
                    *error = Some(SolveError::RemotenessOverflow);
                    break;
                }
                *current = remoteness;
            }
            popped += 1;
            let next = remoteness + 1;
            let room: &mut [Position; MAX_PARENTS] = (&mut free[pushed..pushed + MAX_PARENTS])
                .try_into()
                .expect("a window of MAX_PARENTS entries");
            let (column, count) = if RECORD {
                visit_parents_recording(game, pos, record, records, room, events)
            } else if record & !REMOTENESS_MASK == WIN {
                (1, lose_parents(game, pos, LOSE | next, records, room))
            } else {
                (0, win_parents(game, pos, WIN | next, records, room))
            };
            decided[column] += count as u64;
            pushed += count;
        }
        flush(layers, *current, &mut decided);
        *head += popped;
        *tail += pushed;
        popped
    }

    /// Marks up to `budget` units of undecided positions as ties.
    #[inline(never)]
    fn mark_ties(&mut self, budget: usize) {
        let total = self.records.len();
        let end = total.min(
            self.cursor
                .saturating_add(budget.saturating_mul(SCAN_PER_UNIT)),
        );
        for slot in &mut self.records[self.cursor..end] {
            if is_undecided(*slot) {
                *slot = TIE;
                self.ties += 1;
            }
        }
        self.cursor = end;
        if end == total {
            self.phase = Phase::Done;
        }
    }

    /// Value and remoteness of `pos` for the side to move; `None` while undecided.
    pub fn outcome(&self, pos: Position) -> Option<Outcome> {
        record::unpack(*self.records.get(pos as usize)?)
    }

    /// Every legal move from `pos` with the outcome it leads to, best first for the side
    /// to move: quickest wins, then ties, then slowest losses, then undecided moves.
    /// Empty for primitive positions.
    pub fn moves(&self, pos: Position) -> Vec<MoveOutcome> {
        let mut moves = Vec::new();
        if (pos as usize) >= self.records.len() || self.game.primitive(pos).is_some() {
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

/// Adds the parents decided at remoteness `current + 1` to the layer counts.
fn flush(layers: &mut Vec<[u64; 2]>, current: u16, decided: &mut [u64; 2]) {
    if *decided == [0, 0] {
        return;
    }
    let next = usize::from(current) + 1;
    if layers.len() <= next {
        layers.resize(next + 1, [0, 0]);
    }
    layers[next][0] += decided[0];
    layers[next][1] += decided[1];
    *decided = [0, 0];
}

/// The record of a parent the game listed, without a bounds check: the hot path of the
/// analysis. The popped position came from the queue, so it is a position, and [`Game`]'s
/// safety contract makes its parents positions too.
#[inline(always)]
fn parent_record(records: &mut [u16], parent: Position) -> &mut u16 {
    debug_assert!(
        (parent as usize) < records.len(),
        "parent {parent} out of range"
    );
    // SAFETY: `Solver::new` sizes `records` to `num_positions()`; every queued position
    // is below it (the scan queues indexes of `records`, `pop` queues parents), and
    // `Game`'s safety contract keeps the parents of a position below it.
    unsafe { records.get_unchecked_mut(parent as usize) }
}

/// The parents of a popped loss: every undecided one can move there, so it wins, and
/// this is its quickest win. Queues them in `room`; returns how many.
///
/// Kept apart from [`lose_parents`] on purpose: one function for both, choosing per
/// parent, measured about a third more instructions per solve.
#[inline(always)]
fn win_parents<G: Game>(
    game: &G,
    pos: Position,
    won: u16,
    records: &mut [u16],
    room: &mut [Position; MAX_PARENTS],
) -> usize {
    let mut count = 0;
    // Branch-free: whether a parent is still undecided is unpredictable.
    game.for_each_parent(pos, |parent| {
        let slot = parent_record(records, parent);
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
fn lose_parents<G: Game>(
    game: &G,
    pos: Position,
    lost: u16,
    records: &mut [u16],
    room: &mut [Position; MAX_PARENTS],
) -> usize {
    let mut count = 0;
    game.for_each_parent(pos, |parent| {
        let slot = parent_record(records, parent);
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

/// [`win_parents`] or [`lose_parents`] with an event for the popped entry and for each
/// parent it changes. Returns the layer column (0 wins, 1 losses) and how many it queued.
fn visit_parents_recording<G: Game>(
    game: &G,
    pos: Position,
    record: u16,
    records: &mut [u16],
    room: &mut [Position; MAX_PARENTS],
    events: &mut Vec<Event>,
) -> (usize, usize) {
    let next = (record & REMOTENESS_MASK) + 1;
    let popped_loss = record & !REMOTENESS_MASK == LOSE;
    events.push(Event {
        kind: EventKind::Popped,
        position: pos,
        detail: u32::from(next - 1),
    });
    let mut count = 0;
    game.for_each_parent(pos, |parent| {
        let slot = &mut records[parent as usize];
        let counter = *slot;
        if !is_undecided(counter) {
            return;
        }
        let (kind, detail) = if popped_loss {
            *slot = WIN | next;
            (EventKind::Won, next)
        } else if counter == 1 {
            *slot = LOSE | next;
            (EventKind::Lost, next)
        } else {
            *slot = counter - 1;
            (EventKind::Decremented, counter - 1)
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
    (usize::from(!popped_loss), count)
}
