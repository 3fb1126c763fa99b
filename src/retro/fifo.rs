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
