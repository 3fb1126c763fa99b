//! The records an analysis keeps, and the memory it hands on to the next one.

use std::collections::TryReserveError;
use std::ops::Range;

use super::arrivals::Arrivals;
use super::fifo::Fifo;
use super::types::Keep;
use crate::game::{Position, MAX_PARENTS};
use crate::memory::{bytes_of, OutOfMemory};
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
    ///
    /// # Errors
    /// When the memory cannot be had: what that analysis needs in all ([`bytes_needed`]).
    pub fn reserve(&mut self, tier_ends: &[Position], keep: Keep) -> Result<(), OutOfMemory> {
        self.reserve_records(Table::words(tier_ends, keep))
            .map_err(|_| OutOfMemory::needing(bytes_needed(tier_ends, keep)))
    }

    /// Reserves (without touching) room for `records` records in all.
    ///
    /// # Errors
    /// When the memory cannot be had: the records' bytes.
    pub fn reserve_records(&mut self, records: usize) -> Result<(), OutOfMemory> {
        self.words
            .try_reserve_exact(records.saturating_sub(self.words.len()))
            .map_err(|_| OutOfMemory::needing(bytes_of::<u16>(records)))
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
        to_usize(records(tier_ends, keep))
    }

    pub(super) fn largest_tier(tier_ends: &[Position]) -> usize {
        to_usize(largest_tier(tier_ends))
    }

    /// Sets the table up in `words`' memory, whose records are cleared (a
    /// [`Workspace`]'s), growing it if it is too small: every record is 0, undecided, as
    /// [`Keep::All`] needs (its records can be read before their tier is scanned).
    ///
    /// # Errors
    /// When the memory cannot be had.
    pub(super) fn new(
        mut words: Vec<u16>,
        tier_ends: &[Position],
        keep: Keep,
    ) -> Result<Table, TryReserveError> {
        let size = Table::words(tier_ends, keep);
        if words.capacity() < size {
            // The old memory goes back first: it may be most of what there is.
            words = Vec::new();
            words.try_reserve_exact(size)?;
        }
        words.truncate(size);
        words.resize(size, 0);
        Ok(Table {
            words,
            keep,
            half: Table::largest_tier(tier_ends),
        })
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

impl Table {
    /// The final records of the tier before `tier` (positions `above`), to read.
    pub(super) fn above(&self, tier: usize, above: &Range<Position>) -> Above<'_> {
        let records = if tier == 0 || above.is_empty() {
            &[]
        } else {
            let offset = self.offset(tier - 1, above.start);
            &self.words[offset..offset + above.len()]
        };
        Above {
            records,
            first: above.start,
        }
    }
}

/// Bytes an analysis of tiers ending at `tier_ends` (in solving order: one tier for
/// [`Order::Global`](super::Order::Global)) that keeps `keep` needs at most: its records
/// (two bytes each), its two queues (each grows to at most the largest tier, four bytes a
/// position: a tier queues each of its positions once), and the values arriving from the
/// tier before, when there are tiers (counted as one per position of the largest tier,
/// four bytes each: river has at most one for half of them, and the rest covers the
/// part-filled chunks of their lists).
///
/// Tier ends may be any unsigned numbers, so that a game too large to index in
/// [`Position`]s still says what it would need (a composed game's limit is in bytes).
pub fn bytes_needed<T: Copy + Into<u64>>(tier_ends: &[T], keep: Keep) -> u64 {
    let largest = largest_tier(tier_ends);
    let records = records(tier_ends, keep).saturating_mul(2);
    // Each queue's `cap_for(largest)` entries.
    let queue = largest.saturating_add(MAX_PARENTS as u64);
    let queues = queue.saturating_mul(2 * size_of::<Position>() as u64);
    let arrivals = if tier_ends.len() > 1 {
        largest.saturating_mul(size_of::<Position>() as u64)
    } else {
        0
    };
    records.saturating_add(queues).saturating_add(arrivals)
}

/// Records needed for tiers ending at `tier_ends` kept as `keep`.
fn records<T: Copy + Into<u64>>(tier_ends: &[T], keep: Keep) -> u64 {
    match keep {
        Keep::All => tier_ends.last().map_or(0, |&end| end.into()),
        Keep::TwoTiers => (tier_ends.len().min(2) as u64).saturating_mul(largest_tier(tier_ends)),
    }
}

/// Positions of the largest of the tiers ending at `tier_ends`.
fn largest_tier<T: Copy + Into<u64>>(tier_ends: &[T]) -> u64 {
    let mut first = 0;
    tier_ends
        .iter()
        .map(|&end| {
            let end = end.into();
            let size = end - first;
            first = end;
            size
        })
        .max()
        .unwrap_or(0)
}

/// `count` as a `usize`, or `usize::MAX` where it does not fit (a 32-bit target): a
/// reservation of that many then fails as any refusal does.
fn to_usize(count: u64) -> usize {
    usize::try_from(count).unwrap_or(usize::MAX)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Clears a workspace's reserved records `count` at a time; how many it then holds.
    fn prepared(workspace: &mut Workspace, count: usize) -> usize {
        while !workspace.prepare(count) {}
        workspace.words.len()
    }

    #[test]
    fn a_workspace_holds_what_the_largest_analysis_keeps() {
        // Tiers of 10, 20 and 40 positions: all 70 kept, or two halves of the largest.
        let tier_ends = [10, 30, 70];
        for (keep, records) in [(Keep::All, 70), (Keep::TwoTiers, 80)] {
            let mut workspace = Workspace::default();
            assert!(workspace.reserve(&tier_ends, keep).is_ok());
            assert!(!workspace.prepare(7), "{keep:?}: 7 of {records} cleared");
            assert_eq!(prepared(&mut workspace, 7), records, "{keep:?}");
            // A smaller analysis after it keeps the memory, already cleared.
            assert!(workspace.reserve(&[5], keep).is_ok());
            assert!(workspace.prepare(1), "{keep:?}");
            assert_eq!(workspace.words.len(), records, "{keep:?}");
        }
    }

    #[test]
    fn a_table_keeps_a_larger_workspace_s_memory_and_grows_a_smaller_one() {
        // A run of boards allocates once, for the largest: a smaller table keeps the memory.
        let table = Table::new(vec![0; 100], &[10, 50], Keep::All).unwrap();
        assert!(table.words.capacity() >= 100, "{}", table.words.capacity());
        assert_eq!(table.words, [0; 50]);
        let table = Table::new(vec![0; 10], &[10, 50], Keep::All).unwrap();
        assert_eq!(table.words, [0; 50]);
    }

    #[test]
    fn bytes_needed_counts_arrivals_only_between_tiers() {
        // Queues: two of the largest tier and one pop's parents (64), four bytes a place.
        // One tier of 70: its records and two queues, nothing arrives from a tier before.
        assert_eq!(
            bytes_needed(&[70u32], Keep::All),
            2 * 70 + 2 * 4 * (70 + 64)
        );
        // Tiers of 10, 20 and 40: arrivals, four bytes for each position of the largest.
        let queues_and_arrivals = 2 * 4 * (40 + 64) + 4 * 40;
        assert_eq!(
            bytes_needed(&[10u32, 30, 70], Keep::All),
            2 * 70 + queues_and_arrivals
        );
        assert_eq!(
            bytes_needed(&[10u32, 30, 70], Keep::TwoTiers),
            2 * 80 + queues_and_arrivals
        );
        // Tier ends past a position number's: what such a game would need, saturating.
        let huge = 5_000_000_000u64;
        assert_eq!(
            bytes_needed(&[huge], Keep::All),
            2 * huge + 2 * 4 * (huge + 64)
        );
        assert_eq!(bytes_needed(&[u64::MAX], Keep::All), u64::MAX);
    }
}
