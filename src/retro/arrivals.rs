//! Values of the tier solved before that reach positions of the tier being solved, by the
//! remoteness at which they arrive: what popping those children would do to these parents
//! in [`super::Order::Global`]. The scan fills them in; the propagation applies them when
//! it reaches their remoteness.
//!
//! Each remoteness has two lists (a losing child arrives, a winning child arrives), kept
//! in chunks of one shared pool: how many arrive at each remoteness differs from tier to
//! tier, and lists that each kept their own growing buffer once held ten times the memory
//! of the entries in them.

use crate::game::Position;

/// The list of positions with a move to a child in the tier before that loses.
pub(super) const LOSS_ARRIVES: usize = 0;
/// The list of positions with a move to a child in the tier before that wins.
pub(super) const WIN_ARRIVES: usize = 1;

/// Entries per chunk.
const CHUNK: usize = 1 << 10;

/// The entries from which a pool gets room for twice its most between tiers (16 MB): a
/// smaller one grows in a few milliseconds as it goes, and room for twice it would ask
/// the page for memory while it solves, past the records it reserved in idle time.
const ROOM_FROM: usize = 1 << 22;

/// A list of entries: the chunks holding them, in order, full but for the last.
#[derive(Default)]
struct List {
    chunks: Vec<u32>,
    len: usize,
    /// Where in the pool the next entry goes, while the last chunk has room.
    slot: usize,
}

/// The arrivals of one tier, one entry per move into the tier before.
#[derive(Default)]
pub(super) struct Arrivals {
    /// The chunks, back to back.
    pool: Vec<Position>,
    /// Chunks of the pool not in any list.
    free: Vec<u32>,
    /// Per remoteness: the lists [`LOSS_ARRIVES`] and [`WIN_ARRIVES`].
    at: Vec<[List; 2]>,
    /// Entries not applied yet.
    waiting: usize,
    /// Next entry to apply at the current remoteness: which list, and where in it.
    next: (usize, usize),
    /// Whether the pool could not grow: entries were lost, and the analysis must stop.
    refused: bool,
}

impl Arrivals {
    /// Entries not applied yet.
    pub(super) fn waiting(&self) -> usize {
        self.waiting
    }

    /// Entries at `remoteness` not applied yet; `applying` when it is the remoteness being
    /// applied, whose first entries may have been.
    pub(super) fn left_at(&self, remoteness: u16, applying: bool) -> usize {
        let Some(lists) = self.at.get(usize::from(remoteness)) else {
            return 0;
        };
        let (list, index) = if applying { self.next } else { (0, 0) };
        (list..2)
            .map(|l| lists[l].len - if l == list { index } else { 0 })
            .sum()
    }

    /// Schedules `pos` to learn at `remoteness` of a child in the tier before: a loss
    /// ([`LOSS_ARRIVES`]) or a win ([`WIN_ARRIVES`]).
    #[inline]
    pub(super) fn push(&mut self, remoteness: u16, list: usize, pos: Position) {
        match self.at.get_mut(usize::from(remoteness)) {
            Some(lists) if lists[list].len % CHUNK != 0 => {
                let entries = &mut lists[list];
                self.pool[entries.slot] = pos;
                entries.slot += 1;
                entries.len += 1;
            }
            _ => self.push_in_new_chunk(usize::from(remoteness), list, pos),
        }
        self.waiting += 1;
    }

    /// Whether the pool could not grow since the last [`Arrivals::clear`]: some entries
    /// were dropped, so the analysis cannot go on.
    pub(super) fn refused(&self) -> bool {
        self.refused
    }

    /// [`Arrivals::push`] into a list whose last chunk is full (or that has none). A chunk
    /// the pool has no memory for is refused ([`Arrivals::refused`]), and the entry
    /// dropped: pushes come from inside the scan's loop, which looks once it is done.
    #[cold]
    fn push_in_new_chunk(&mut self, level: usize, list: usize, pos: Position) {
        if self.refused {
            return;
        }
        if self.at.len() <= level {
            self.at.resize_with(level + 1, Default::default);
        }
        let chunk = match self.free.pop() {
            Some(chunk) => chunk,
            None => {
                if self.pool.try_reserve(CHUNK).is_err() {
                    self.refused = true;
                    return;
                }
                let chunk = (self.pool.len() / CHUNK) as u32;
                self.pool.resize(self.pool.len() + CHUNK, 0);
                chunk
            }
        };
        self.pool[chunk as usize * CHUNK] = pos;
        let entries = &mut self.at[level][list];
        entries.chunks.push(chunk);
        entries.len += 1;
        entries.slot = chunk as usize * CHUNK + 1;
    }

    /// The list being applied at `remoteness` and the next entries of it still waiting
    /// (to the end of their chunk), if any.
    pub(super) fn waiting_at(&self, remoteness: u16) -> Option<(usize, &[Position])> {
        let lists = self.at.get(usize::from(remoteness))?;
        let (list, index) = self.next;
        (list..2).find_map(|l| {
            let start = if l == list { index } else { 0 };
            let entries = &lists[l];
            (start < entries.len).then(|| {
                let chunk = entries.chunks[start / CHUNK] as usize * CHUNK;
                let end = entries.len.min((start / CHUNK + 1) * CHUNK);
                (
                    l,
                    &self.pool[chunk + start % CHUNK..chunk + (end - 1) % CHUNK + 1],
                )
            })
        })
    }

    /// Marks the first `count` entries [`Arrivals::waiting_at`] returned as applied;
    /// once a remoteness is done with, its chunks go back to the pool.
    pub(super) fn applied(&mut self, remoteness: u16, list: usize, count: usize) {
        let start = if list == self.next.0 { self.next.1 } else { 0 };
        self.next = (list, start + count);
        self.waiting -= count;
        if self.waiting_at(remoteness).is_none() {
            self.recycle(usize::from(remoteness));
            self.next = (2, 0);
        }
    }

    /// Every entry of `list` at `remoteness`, applied or not.
    pub(super) fn entries(
        &self,
        remoteness: u16,
        list: usize,
    ) -> impl Iterator<Item = Position> + '_ {
        let entries = self
            .at
            .get(usize::from(remoteness))
            .map(|lists| &lists[list]);
        let len = entries.map_or(0, |entries| entries.len);
        (0..len).map(move |i| {
            let chunks = &entries.expect("a list with entries").chunks;
            self.pool[chunks[i / CHUNK] as usize * CHUNK + i % CHUNK]
        })
    }

    /// The entries at `remoteness` not applied yet, list by list ([`LOSS_ARRIVES`], then
    /// [`WIN_ARRIVES`]): how many, and the entries in the order they will be applied;
    /// `applying` when it is the remoteness being applied, whose first entries may have
    /// been.
    pub(super) fn left(
        &self,
        remoteness: u16,
        applying: bool,
    ) -> [(usize, impl Iterator<Item = Position> + '_); 2] {
        let (list, index) = if applying { self.next } else { (0, 0) };
        let lens = self
            .at
            .get(usize::from(remoteness))
            .map_or([0, 0], |lists| [lists[0].len, lists[1].len]);
        [LOSS_ARRIVES, WIN_ARRIVES].map(|l| {
            let applied = match l.cmp(&list) {
                std::cmp::Ordering::Less => lens[l],
                std::cmp::Ordering::Equal => index.min(lens[l]),
                std::cmp::Ordering::Greater => 0,
            };
            (lens[l] - applied, self.entries(remoteness, l).skip(applied))
        })
    }

    /// Empties the lists at `level`, their chunks back to the pool.
    fn recycle(&mut self, level: usize) {
        for entries in &mut self.at[level] {
            self.free.append(&mut entries.chunks);
            entries.len = 0;
        }
    }

    /// The next remoteness after `after` with entries waiting.
    pub(super) fn next_level(&self, after: u16) -> Option<u16> {
        if self.waiting == 0 {
            return None;
        }
        let from = usize::from(after) + 1;
        let found = self
            .at
            .get(from..)?
            .iter()
            .position(|lists| lists.iter().any(|entries| entries.len > 0))?;
        u16::try_from(from + found).ok()
    }

    /// Starts applying the entries at a new remoteness.
    pub(super) fn enter(&mut self) {
        self.next = (0, 0);
    }

    /// Drops every entry, keeping the memory, and makes room for twice the most entries
    /// a tier has had while the pool is empty (a new one, nothing copied, nothing touched),
    /// once that is [`ROOM_FROM`] or more: a large pool grown in a tier copies all of itself
    /// at once, in the page one long task.
    pub(super) fn clear(&mut self) {
        for level in 0..self.at.len() {
            self.recycle(level);
        }
        self.waiting = 0;
        self.next = (0, 0);
        self.refused = false;
        let room = 2 * self.pool.len();
        if self.pool.len() >= ROOM_FROM && self.pool.capacity() < room {
            // The old pool goes first, so that the new one may take its place. Without the
            // room, the pool grows as it goes.
            self.pool = Vec::new();
            self.free.clear();
            let _ = self.pool.try_reserve_exact(room);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies everything waiting at `remoteness`, `step` entries at a time at most.
    fn apply(arrivals: &mut Arrivals, remoteness: u16, step: usize) -> [Vec<Position>; 2] {
        let mut applied = [Vec::new(), Vec::new()];
        while let Some((list, entries)) = arrivals.waiting_at(remoteness) {
            let taken: Vec<Position> = entries.iter().copied().take(step).collect();
            applied[list].extend(&taken);
            arrivals.applied(remoteness, list, taken.len());
        }
        applied
    }

    #[test]
    fn entries_come_back_in_order_by_remoteness_and_list_across_chunks() {
        let mut arrivals = Arrivals::default();
        let count = 3 * CHUNK as u32 + 5;
        for pos in 0..count {
            arrivals.push((pos % 3) as u16 * 2, (pos % 2) as usize, pos);
        }
        assert_eq!(arrivals.waiting(), count as usize);
        assert_eq!(arrivals.next_level(0), Some(2));
        for remoteness in [0, 2, 4] {
            arrivals.enter();
            let [losses, wins] = apply(&mut arrivals, remoteness, 700);
            let expect = |list: u32| -> Vec<Position> {
                (0..count)
                    .filter(|p| p % 3 == u32::from(remoteness) / 2 && p % 2 == list)
                    .collect()
            };
            assert_eq!(losses, expect(0));
            assert_eq!(wins, expect(1));
        }
        assert_eq!(arrivals.waiting(), 0);
        assert_eq!(arrivals.next_level(0), None);
    }

    #[test]
    fn long_interleaved_lists_come_back_whole_and_counted() {
        let mut arrivals = Arrivals::default();
        // Four lists of several chunks each, pushed in turn, so their chunks interleave.
        let per_list = 3 * CHUNK + 100;
        let key = |i: u32| ([1u16, 3][(i % 2) as usize], ((i / 2) % 2) as usize);
        let mut expected = std::collections::HashMap::<_, Vec<Position>>::new();
        for i in 0..4 * per_list as u32 {
            let (remoteness, list) = key(i);
            arrivals.push(remoteness, list, i);
            expected.entry((remoteness, list)).or_default().push(i);
        }
        assert!(!arrivals.refused());
        for (&(remoteness, list), entries) in &expected {
            let listed: Vec<Position> = arrivals.entries(remoteness, list).collect();
            assert_eq!(&listed, entries, "remoteness {remoteness}, list {list}");
        }
        assert_eq!(arrivals.left_at(1, false), 2 * per_list);
        assert_eq!(arrivals.left_at(2, false), 0);
        assert_eq!(arrivals.left_at(9, false), 0);
        assert_eq!(arrivals.next_level(0), Some(1));
        assert_eq!(arrivals.next_level(1), Some(3));
        let mut waiting = 4 * per_list;
        for remoteness in [1, 3] {
            arrivals.enter();
            let mut left = 2 * per_list;
            let mut done = [0, 0];
            while let Some((list, entries)) = arrivals.waiting_at(remoteness) {
                assert_eq!(arrivals.left_at(remoteness, true), left);
                let taking = entries.len().min(333);
                let from = done[list];
                assert_eq!(
                    entries[..taking],
                    expected[&(remoteness, list)][from..from + taking]
                );
                arrivals.applied(remoteness, list, taking);
                done[list] += taking;
                left -= taking;
                waiting -= taking;
                assert_eq!(arrivals.waiting(), waiting);
            }
            assert_eq!(done, [per_list, per_list]);
            assert_eq!(arrivals.left_at(remoteness, true), 0);
        }
        assert_eq!(arrivals.next_level(0), None);
    }

    #[test]
    fn a_tier_up_to_twice_the_largest_before_never_grows_a_large_pool() {
        let mut arrivals = Arrivals::default();
        for pos in 0..ROOM_FROM as u32 {
            arrivals.push(1, 0, pos);
        }
        arrivals.clear();
        let room = arrivals.pool.capacity();
        assert!(room >= 2 * ROOM_FROM, "{room}");
        for pos in 0..2 * ROOM_FROM as u32 {
            arrivals.push(1, 0, pos);
        }
        assert_eq!(arrivals.pool.capacity(), room);
        assert_eq!(arrivals.entries(1, 0).count(), 2 * ROOM_FROM);
        assert!(arrivals.entries(1, 0).eq(0..2 * ROOM_FROM as u32));
    }

    #[test]
    fn a_small_pool_keeps_its_memory_between_tiers() {
        let mut arrivals = Arrivals::default();
        for pos in 0..10 * CHUNK as u32 {
            arrivals.push(1, 0, pos);
        }
        let memory = (arrivals.pool.as_ptr(), arrivals.pool.capacity());
        arrivals.clear();
        assert_eq!((arrivals.pool.as_ptr(), arrivals.pool.capacity()), memory);
    }

    #[test]
    fn chunks_are_reused_tier_after_tier() {
        let mut arrivals = Arrivals::default();
        for tier in 0..20u16 {
            for pos in 0..10 * CHUNK as u32 {
                arrivals.push((pos + u32::from(tier)) as u16 % 50, 0, pos);
            }
            arrivals.clear();
        }
        // 10 chunks of entries, and a partial chunk for each of the 50 remotenesses.
        assert!(
            arrivals.pool.len() <= 60 * CHUNK,
            "{} chunks",
            arrivals.pool.len() / CHUNK
        );
    }
}
