//! The queues of decided positions waiting to be taken, by remoteness: losses and wins
//! apart.

use std::collections::TryReserveError;

use crate::game::{Position, MAX_PARENTS};

/// The queue of decided losses (popping one decides parents' wins).
pub(super) const LOSSES: usize = 0;
/// The queue of decided wins (popping one refutes a move of each parent).
pub(super) const WINS: usize = 1;

/// A first-in first-out queue of positions at `buf[head..tail]`, those of the
/// remoteness being worked through first, up to `level_end`. The buffer grows on demand
/// (fallibly: room is made before a loop pushes, never inside it), and the live part moves
/// back to the front once the head has passed more entries than remain, so the queue's
/// memory stays about twice its longest length, and never more than `cap` entries.
#[derive(Default)]
pub(super) struct Fifo {
    pub(super) buf: Vec<Position>,
    pub(super) head: usize,
    pub(super) level_end: usize,
    pub(super) tail: usize,
    /// Most entries the buffer grows to: the positions of the largest tier and room for
    /// one pop's parents ([`cap_for`]), since a tier queues each of its positions once.
    pub(super) cap: usize,
}

/// The `cap` of a queue of the tiers at most `largest` positions long: room for each of
/// them and for the parents one pop may push ([`MAX_PARENTS`]) beyond the last.
pub(super) fn cap_for(largest: usize) -> usize {
    largest + MAX_PARENTS
}

impl Fifo {
    pub(super) fn len(&self) -> usize {
        self.tail - self.head
    }

    /// Entries of the current remoteness still waiting.
    pub(super) fn level_len(&self) -> usize {
        self.level_end - self.head
    }

    /// The entries queued so far make up the next remoteness.
    pub(super) fn start_level(&mut self) {
        self.level_end = self.tail;
    }

    /// Queues `pos` in the room made before ([`Fifo::make_room`]).
    #[inline]
    pub(super) fn push(&mut self, pos: Position) {
        self.buf[self.tail] = pos;
        self.tail += 1;
    }

    /// Makes `buf[tail..tail + room]` writable, `room` at most what the queue can still
    /// take within its `cap` (a tier queues each position once, so that is never short of
    /// what it pushes).
    ///
    /// # Errors
    /// When the buffer cannot grow.
    #[inline]
    pub(super) fn make_room(&mut self, room: usize) -> Result<(), TryReserveError> {
        let room = room.min(self.cap.saturating_sub(self.len()));
        if self.buf.len() - self.tail < room {
            self.grow(room)?;
        }
        Ok(())
    }

    /// Compacts or enlarges the buffer so that `buf[tail..tail + room]` is writable,
    /// within `cap` entries when it can.
    #[cold]
    fn grow(&mut self, room: usize) -> Result<(), TryReserveError> {
        let over_cap = self.tail + room > self.cap.max(self.buf.len());
        if self.head >= self.len() || over_cap {
            self.buf.copy_within(self.head..self.tail, 0);
            self.tail -= self.head;
            self.level_end -= self.head;
            self.head = 0;
        }
        if self.buf.len() - self.tail < room {
            let size = (2 * self.buf.len())
                .max(1 << 12)
                .min(self.cap)
                .max(self.tail + room);
            self.buf.try_reserve_exact(size - self.buf.len())?;
            self.buf.resize(size, 0);
        }
        Ok(())
    }

    /// Empties the queue, keeping its memory.
    pub(super) fn clear(&mut self) {
        self.head = 0;
        self.level_end = 0;
        self.tail = 0;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;

    /// Pushes `count` positions (numbered on from `next`) in room made first, as the
    /// solver does, mirroring them in `model`.
    fn push(fifo: &mut Fifo, model: &mut VecDeque<Position>, next: &mut Position, count: usize) {
        fifo.make_room(count).unwrap();
        for _ in 0..count {
            fifo.push(*next);
            model.push_back(*next);
            *next += 1;
        }
    }

    /// Takes `count` entries from the front, as the solver's pops do, checking each
    /// against `model`.
    fn take(fifo: &mut Fifo, model: &mut VecDeque<Position>, count: usize) {
        let taken = &fifo.buf[fifo.head..fifo.head + count];
        let expected: Vec<Position> = model.drain(..count).collect();
        assert_eq!(taken, &expected[..]);
        fifo.head += count;
    }

    #[test]
    fn a_queue_keeps_order_and_its_level_while_it_compacts_and_grows() {
        let mut fifo = Fifo {
            cap: cap_for(100_000),
            ..Fifo::default()
        };
        let mut model = VecDeque::new();
        let mut next = 0;
        for round in 0..2_000 {
            // The entries queued so far make a level; more are queued behind it.
            fifo.start_level();
            let level = model.len();
            push(&mut fifo, &mut model, &mut next, 1 + (round * 37) % 200);
            assert_eq!(fifo.level_len(), level, "round {round}");
            let taking = level.min(1 + (round * 53) % 220);
            take(&mut fifo, &mut model, taking);
            assert_eq!(fifo.level_len(), level - taking, "round {round}");
            assert_eq!(fifo.len(), model.len(), "round {round}");
        }
        // About 2,000 × 100 entries went through, never more than a few hundred at once:
        // the buffer moved its entries back to the front instead of growing.
        assert!(fifo.buf.len() <= 1 << 12, "{} entries", fifo.buf.len());
    }

    #[test]
    fn a_queue_never_grows_past_its_cap() {
        let cap = cap_for(10_000);
        let mut fifo = Fifo {
            cap,
            ..Fifo::default()
        };
        let mut model = VecDeque::new();
        let mut next = 0;
        // Room asked beyond the cap is cut to what the queue can still take.
        fifo.make_room(4 * cap).unwrap();
        assert_eq!(fifo.buf.len(), cap);
        push(&mut fifo, &mut model, &mut next, 9_000);
        fifo.start_level();
        take(&mut fifo, &mut model, 8_000);
        // The tail is near the end of the buffer: the entries move to the front.
        push(&mut fifo, &mut model, &mut next, 9_000);
        assert_eq!(fifo.buf.len(), cap);
        assert_eq!((fifo.head, fifo.level_len()), (0, 1_000));
        fifo.start_level();
        take(&mut fifo, &mut model, 10_000);
        assert_eq!(fifo.len(), 0);

        fifo.clear();
        assert_eq!((fifo.head, fifo.level_end, fifo.tail), (0, 0, 0));
        // Full to the end of the buffer, fewer entries taken than remain: one more
        // entry's room still moves them to the front rather than pass the cap.
        push(&mut fifo, &mut model, &mut next, cap);
        fifo.start_level();
        take(&mut fifo, &mut model, 50);
        push(&mut fifo, &mut model, &mut next, 1);
        assert_eq!((fifo.head, fifo.len()), (0, cap - 49));
        assert_eq!(fifo.buf.len(), cap);
        assert_eq!(fifo.buf.capacity(), cap);
    }

    #[test]
    fn a_small_queue_starts_with_a_few_thousand_entries() {
        let mut fifo = Fifo {
            cap: cap_for(1 << 20),
            ..Fifo::default()
        };
        fifo.make_room(10).unwrap();
        assert_eq!(fifo.buf.len(), 1 << 12);
        // Doubling when full.
        fifo.tail = 1 << 12;
        fifo.make_room(10).unwrap();
        assert_eq!(fifo.buf.len(), 1 << 13);
        assert_eq!(fifo.buf.capacity(), 1 << 13);
    }
}
