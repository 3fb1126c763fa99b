//! The queues of decided positions waiting to be taken, by remoteness: losses and wins
//! apart.

use crate::game::Position;

/// The queue of decided losses (popping one decides parents' wins).
pub(super) const LOSSES: usize = 0;
/// The queue of decided wins (popping one refutes a move of each parent).
pub(super) const WINS: usize = 1;

/// A first-in first-out queue of positions at `buf[head..tail]`, those of the
/// remoteness being worked through first, up to `level_end`. The buffer grows on demand,
/// and the live part moves back to the front once the head has passed more entries than
/// remain, so the queue's memory stays about twice its longest length.
#[derive(Default)]
pub(super) struct Fifo {
    pub(super) buf: Vec<Position>,
    pub(super) head: usize,
    pub(super) level_end: usize,
    pub(super) tail: usize,
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

    #[inline]
    pub(super) fn push(&mut self, pos: Position) {
        self.make_room(1);
        self.buf[self.tail] = pos;
        self.tail += 1;
    }

    /// Makes `buf[tail..tail + room]` writable.
    #[inline]
    pub(super) fn make_room(&mut self, room: usize) {
        if self.buf.len() - self.tail < room {
            self.grow(room);
        }
    }

    /// Compacts or enlarges the buffer so that `buf[tail..tail + room]` is writable.
    #[cold]
    pub(super) fn grow(&mut self, room: usize) {
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
    pub(super) fn clear(&mut self) {
        self.head = 0;
        self.level_end = 0;
        self.tail = 0;
    }
}
