//! What waits to be taken, in the order the propagation will take it: the queue as the
//! page draws it. Read from the queues and arrivals as they stand, never kept apart, so
//! that it is the solver's own order whatever that becomes.

use super::arrivals::LOSS_ARRIVES;
use super::fifo::{LOSSES, WINS};
use super::propagate::arriving_child;
use super::solver::Solver;
use crate::game::{Game, Position};
use crate::progress::{Phase, Waiting, Waits};

impl<G: Game> Solver<G> {
    /// The entries waiting to be taken, part by part in the order the propagation takes
    /// them — at the remoteness it works through, the values arriving from the tier before,
    /// the queued losses, the queued wins; then the same at the next remoteness — with the
    /// first `head` of them over all parts, and the last `tail` of each queued part (where
    /// what a unit decides is queued). Empty outside the propagation. (Values arriving
    /// further on, beyond the next remoteness with work, are counted in
    /// [`ValuedCounts::queued`](crate::ValuedCounts::queued) only.)
    pub fn waiting(&self, head: usize, tail: usize) -> Vec<Waiting> {
        let mut parts = Vec::new();
        if self.phase != Phase::Propagate {
            return parts;
        }
        let mut room = head;
        let current = self.remoteness;
        let levels_left: usize = self.queues.iter().map(|q| q.level_len()).sum();
        let next = if levels_left + self.arrivals.left_at(current, true) > 0 {
            self.arriving(current, true, &mut room, &mut parts);
            for (queue, what) in [(LOSSES, Waits::Losses), (WINS, Waits::Wins)] {
                let fifo = &self.queues[queue];
                let entries = &fifo.buf[fifo.head..fifo.level_end];
                parts.extend(queued(what, current, entries, &mut room, tail));
            }
            current.checked_add(1)
        } else if self.queued() > 0 {
            current.checked_add(1)
        } else {
            self.arrivals.next_level(current)
        };
        let Some(next) = next else {
            return parts;
        };
        self.arriving(next, false, &mut room, &mut parts);
        if next == current + 1 {
            for (queue, what) in [(LOSSES, Waits::Losses), (WINS, Waits::Wins)] {
                let fifo = &self.queues[queue];
                let entries = &fifo.buf[fifo.level_end..fifo.tail];
                parts.extend(queued(what, next, entries, &mut room, tail));
            }
        }
        parts
    }

    /// The parts of the values arriving at `remoteness` not applied yet (`applying`: the
    /// remoteness being applied), each entry named by its child in the tier before.
    fn arriving(
        &self,
        remoteness: u16,
        applying: bool,
        room: &mut usize,
        parts: &mut Vec<Waiting>,
    ) {
        if self.tier == 0 {
            return;
        }
        let above_range = self.above_range();
        let above = self.table.above(self.tier, &above_range);
        let lists = self.arrivals.left(remoteness, applying);
        for (list, (len, entries)) in lists.into_iter().enumerate() {
            if len == 0 {
                continue;
            }
            let child_lost = list == LOSS_ARRIVES;
            let first: Vec<Position> = entries
                .take(*room)
                .map(|pos| arriving_child(&self.game, pos, &above, child_lost, remoteness))
                .collect();
            *room -= first.len();
            let what = if child_lost {
                Waits::ArrivingLosses
            } else {
                Waits::ArrivingWins
            };
            parts.push(Waiting {
                what,
                level: remoteness.into(),
                len: len as u64,
                first,
                last: Vec::new(),
            });
        }
    }
}

/// The part of queued `entries` (none when empty): as many from the front as `room` allows,
/// and up to `tail` more from the back.
fn queued(
    what: Waits,
    level: u16,
    entries: &[Position],
    room: &mut usize,
    tail: usize,
) -> Option<Waiting> {
    if entries.is_empty() {
        return None;
    }
    let front = entries.len().min(*room);
    *room -= front;
    let back = (entries.len() - front).min(tail);
    Some(Waiting {
        what,
        level: level.into(),
        len: entries.len() as u64,
        first: entries[..front].to_vec(),
        last: entries[entries.len() - back..].to_vec(),
    })
}
