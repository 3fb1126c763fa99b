//! The records an analysis keeps, and the memory it hands on to the next one.

use std::ops::Range;

use super::arrivals::Arrivals;
use super::fifo::Fifo;
use super::types::Keep;
use crate::game::Position;
use crate::record::is_undecided;

/// Memory one analysis hands on to the next: the records, the queue and the arrivals
/// keep their allocations, so that a run of boards touches fresh memory only for the
/// largest. Get it back with [`Solver::into_workspace`](super::Solver::into_workspace).
///
/// The records it holds are all 0 (undecided): an analysis started in it clears only the
/// records it needs beyond them. [`Workspace::prepare`] clears reserved records ahead, a
/// few at a time, so that a page can commit the memory of a large analysis in slices and
/// start the analysis without a long task.
#[derive(Default)]
pub struct Workspace {
    /// Cleared records, room reserved beyond them.
    pub(super) words: Vec<u16>,
    pub(super) queues: [Fifo; 2],
    pub(super) arrivals: Arrivals,
}

impl Workspace {
    /// Reserves (without touching) the records of an analysis of tiers ending at
    /// `tier_ends` ([`Game::tier_ends`](crate::Game::tier_ends), or the number of positions
    /// alone for [`Order::Global`](super::Order::Global)) that keeps `keep`: reserved for
    /// the largest of several games, the memory is allocated once.
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
pub(super) struct Table {
    pub(super) words: Vec<u16>,
    pub(super) keep: Keep,
    /// With [`Keep::TwoTiers`]: the size of a half, the largest tier.
    pub(super) half: usize,
}

impl Table {
    /// Records needed for tiers ending at `tier_ends` kept as `keep`.
    pub(super) fn words(tier_ends: &[Position], keep: Keep) -> usize {
        match keep {
            Keep::All => tier_ends.last().map_or(0, |&end| end as usize),
            Keep::TwoTiers => tier_ends.len().min(2) * Table::largest_tier(tier_ends),
        }
    }

    pub(super) fn largest_tier(tier_ends: &[Position]) -> usize {
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
    pub(super) fn new(mut words: Vec<u16>, tier_ends: &[Position], keep: Keep) -> Table {
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
    pub(super) fn offset(&self, tier: usize, first: Position) -> usize {
        match self.keep {
            Keep::All => first as usize,
            Keep::TwoTiers => (tier % 2) * self.half,
        }
    }

    /// The records of tier `tier` (positions `range`), to update.
    pub(super) fn tier_mut(&mut self, tier: usize, range: &Range<Position>) -> &mut [u16] {
        let offset = self.offset(tier, range.start);
        &mut self.words[offset..offset + range.len()]
    }

    /// The final records of the tier before `tier` (positions `above`), to read, and the
    /// records of tier `tier` (positions `range`), to update.
    pub(super) fn tiers_mut(
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
pub(super) struct Above<'a> {
    pub(super) records: &'a [u16],
    pub(super) first: Position,
}

impl Above<'_> {
    pub(super) fn record(&self, child: Position) -> u16 {
        let record = self.records[(child - self.first) as usize];
        debug_assert!(!is_undecided(record), "the tier before is solved");
        record
    }
}
