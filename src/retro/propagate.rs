//! The propagation: the queue worked through remoteness by remoteness, and the values of
//! the tier before arriving at theirs.

use super::arrivals::{LOSS_ARRIVES, WIN_ARRIVES};
use super::fifo::{Fifo, LOSSES, WINS};
use super::parents::{looked, lose_parents, update, visit_parents_recording, win_parents, Parents};
use super::solver::Solver;
use super::table::Above;
use super::types::SolveError;
use crate::game::{Game, Position, MAX_PARENTS};
use crate::progress::{Event, EventKind, Phase};
use crate::record::{is_undecided, LOSE, MAX_REMOTENESS, WIN};

impl<G: Game> Solver<G> {
    /// Takes up to `budget` entries: the values arriving from the tier before at the
    /// current remoteness, then the queued losses and wins of that remoteness; then moves
    /// on to the next remoteness with work, or to marking ties when there is none.
    pub(super) fn propagate<const RECORD: bool, const TIERS: bool>(&mut self, mut budget: usize) {
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
            if self.error.is_some() {
                break;
            }
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
    /// ([`Progress::layer_left`](crate::Progress::layer_left) is at least 1).
    pub(super) fn level_left(&self) -> u64 {
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
    pub(super) fn queued(&self) -> usize {
        self.queues.iter().map(Fifo::len).sum()
    }

    /// Moves on to marking ties once nothing is left to propagate.
    pub(super) fn mark_ties_if_idle(&mut self) {
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
    pub(super) fn next_level(&mut self) -> bool {
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
        self.level_entered();
        true
    }

    /// Pops up to `budget` entries of the current remoteness from the queue of `POPPED`
    /// ([`LOSSES`] or [`WINS`]), as many as the other queue, where the parents they
    /// decide go, has room for; returns how many.
    pub(super) fn pop<const RECORD: bool, const TIERS: bool, const POPPED: usize>(
        &mut self,
        budget: usize,
    ) -> usize {
        // Room for one pop's parents at least, made before the loop; the pops are as many
        // as there is room for.
        let to = if POPPED == LOSSES { WINS } else { LOSSES };
        if !self.make_room_in(to, MAX_PARENTS) {
            return 0;
        }
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
    pub(super) fn take_last_level<const TIERS: bool>(&mut self) -> usize {
        let range = self.tier_range(self.tier);
        let first = range.start;
        // Each entry with whether the child it stands for lost, and whose parents it
        // updates: queued positions update theirs, arrivals the one they were meant for.
        let mut updates: Vec<(Position, bool, Option<Position>)> = Vec::new();
        if updates
            .try_reserve_exact(self.queued() + self.arrivals.waiting())
            .is_err()
        {
            self.error = Some(SolveError::Memory(self.needs));
            return 0;
        }
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
    pub(super) fn arrive<const RECORD: bool>(&mut self, budget: usize) -> usize {
        let Some((_, waiting)) = self.arrivals.waiting_at(self.remoteness) else {
            return 0;
        };
        // Each entry taken queues its position at most once: room for all, made before
        // the loop.
        let count = budget.min(waiting.len());
        if !self.make_room(count) {
            return 0;
        }
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
        let taking = &waiting[..count];
        let child_lost = list == LOSS_ARRIVES;
        let next = *current + 1;
        let mut decided = [0u64; 2];
        for &pos in taking {
            let slot = &mut records[(pos - first) as usize];
            if RECORD {
                let child = arriving_child(game, pos, &above, child_lost, *current);
                events.push(Event {
                    kind: EventKind::Arrived,
                    position: child,
                    detail: u32::from(*current),
                });
                events.push(looked(pos, *slot));
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
pub(super) fn arriving_child<G: Game>(
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
