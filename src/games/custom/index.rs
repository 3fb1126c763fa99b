//! Dense numbers for a side's pieces: alike pieces are a set of cells, not a sequence, so
//! a side of `k` pieces on `n` cells has `C(n, k)` placements, not `n^k`.
//!
//! A set of cells `c₀ < c₁ < … < c_{k−1}` (numbers `0..n`) has the rank
//! `C(c₀, 1) + C(c₁, 2) + … + C(c_{k−1}, k)` among the sets of its size (the combinatorial
//! number system: every number below `C(n, k)` is the rank of exactly one set). A side
//! whose pieces can be captured and removed holds any number of them up to `k`: the sets
//! of each size follow those of the sizes below, from the empty set on.

use std::collections::TryReserveError;
use std::ops::{Range, RangeInclusive};

use super::rules::MAX_PIECES;
use crate::memory;

/// An unused place in a set of fewer than [`MAX_PIECES`] cells.
pub const NO_CELL: u16 = u16::MAX;

/// The sets of `sizes` distinct cells among `n`, numbered densely: by rank, or tier by
/// tier ([`SetIndex::in_tiers`]).
#[derive(Clone, Debug)]
pub struct SetIndex {
    /// `binomials[c][j]` = C(c, j) for each cell `c`, `j` up to [`MAX_PIECES`]
    /// (saturated at `u32::MAX`: a value that large is never part of a rank, since every
    /// rank is below [`SetIndex::len`]).
    binomials: Vec<[u32; MAX_PIECES + 1]>,
    /// The first rank of the sets of each size (sizes outside the range: unused).
    offsets: [u32; MAX_PIECES + 1],
    /// The sizes of its sets.
    range: RangeInclusive<usize>,
    /// How many sets it has once listed ([`SetIndex::extend_to`]).
    total: u32,
    /// Every set in number order, cells ascending, [`NO_CELL`] after the last.
    sets: Vec<[u16; MAX_PIECES]>,
    /// The size of each set.
    sizes: Vec<u8>,
    /// The number of the set of each rank, when the sets are numbered tier by tier;
    /// empty when a set's number is its rank.
    numbers: Vec<u32>,
}

impl SetIndex {
    /// How many sets of `sizes` distinct cells among `n` there are; `None` if the number
    /// overflows a `u64`. Cheap: for sizing a game before anything is allocated.
    pub fn count(n: usize, mut sizes: RangeInclusive<usize>) -> Option<u64> {
        sizes.try_fold(0u64, |total, k| {
            total.checked_add(binomial(n as u64, k as u64)?)
        })
    }

    /// The index of the sets of `sizes` (within `0..=MAX_PIECES`) cells among `n`.
    ///
    /// # Errors
    /// When the memory of its sets cannot be had.
    ///
    /// # Panics
    /// As [`SetIndex::reserved`].
    pub fn new(n: usize, sizes: RangeInclusive<usize>) -> Result<SetIndex, TryReserveError> {
        let mut index = SetIndex::reserved(n, sizes)?;
        index.extend_to(index.total);
        Ok(index)
    }

    /// The index of the sets of `sizes` cells among `n` with its memory reserved and no
    /// sets yet: [`SetIndex::extend_to`] lists them, a run at a time.
    ///
    /// # Errors
    /// When the memory of its sets cannot be had.
    ///
    /// # Panics
    /// If the sizes are out of range or there are `u32::MAX` sets or more: callers check
    /// [`SetIndex::count`] against the engine's limits first.
    pub fn reserved(n: usize, sizes: RangeInclusive<usize>) -> Result<SetIndex, TryReserveError> {
        assert!(*sizes.end() <= MAX_PIECES, "at most MAX_PIECES pieces");
        let total = SetIndex::count(n, sizes.clone()).expect("a counted index");
        let total = u32::try_from(total).expect("fewer than 2³² sets");
        let binomials = (0..n as u64)
            .map(|c| std::array::from_fn(|j| saturate(binomial(c, j as u64))))
            .collect();
        let mut offsets = [0; MAX_PIECES + 1];
        let mut first = 0;
        for k in sizes.clone() {
            offsets[k] = first;
            first += saturate(binomial(n as u64, k as u64));
        }
        let mut sets = Vec::new();
        sets.try_reserve_exact(total as usize)?;
        let mut lens = Vec::new();
        lens.try_reserve_exact(total as usize)?;
        Ok(SetIndex {
            binomials,
            offsets,
            range: sizes,
            total,
            sets,
            sizes: lens,
            numbers: Vec::new(),
        })
    }

    /// Lists the sets in rank order until there are `len` of them (at most all): each
    /// follows the one before it, so that the listing goes on where it stopped.
    pub fn extend_to(&mut self, len: u32) {
        let n = self.binomials.len();
        while self.len() < len.min(self.total) {
            let rank = self.len();
            // The size of the sets this rank is among: the largest whose first rank it has
            // reached (a size without sets shares its first rank with the next).
            let k = self
                .range
                .clone()
                .rev()
                .find(|&k| self.offsets[k] <= rank)
                .expect("the first size starts at rank 0");
            let mut cells = [NO_CELL; MAX_PIECES];
            if rank == self.offsets[k] {
                for (j, cell) in cells.iter_mut().enumerate().take(k) {
                    *cell = j as u16;
                }
            } else {
                cells = self.sets[rank as usize - 1];
                next_set(&mut cells[..k], n);
            }
            self.sets.push(cells);
            self.sizes.push(k as u8);
        }
    }

    /// The same sets numbered tier by tier: those of tier 0 first, each tier's in rank
    /// order, `tier(cells)` the tier of a set, below `tiers`. (A composed game's positions
    /// are then numbered tier by tier, [`super::tiers`].)
    ///
    /// # Errors
    /// When the memory of the numbering cannot be had.
    pub fn in_tiers(
        self,
        tiers: usize,
        tier: impl Fn(&[u16]) -> u32,
    ) -> Result<SetIndex, TryReserveError> {
        let mut renumbering = Renumbering::new(&self, tiers)?;
        renumbering.count(&self, 0..self.len(), tier);
        renumbering.start_placing();
        renumbering.place(&self, 0..self.len());
        let mut index = self;
        renumbering.finish(&mut index);
        Ok(index)
    }

    /// A copy, its per-set tables reserved fallibly ([`crate::Game::try_copy`]).
    ///
    /// # Errors
    /// When their memory cannot be had.
    pub fn try_clone(&self) -> Result<SetIndex, TryReserveError> {
        Ok(SetIndex {
            binomials: self.binomials.clone(),
            offsets: self.offsets,
            range: self.range.clone(),
            total: self.total,
            sets: memory::copied(&self.sets)?,
            sizes: memory::copied(&self.sizes)?,
            numbers: memory::copied(&self.numbers)?,
        })
    }

    /// The number of sets once listed ([`SetIndex::extend_to`]).
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The number of sets listed.
    pub fn len(&self) -> u32 {
        self.sets.len() as u32
    }

    /// True when there are no sets (never, for a side with pieces on a board).
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// The cells of the set numbered `number`, ascending.
    #[inline(always)]
    pub fn cells(&self, number: u32) -> &[u16] {
        let size = usize::from(self.sizes[number as usize]);
        &self.sets[number as usize][..size]
    }

    /// The number of the set of `cells`, which must be ascending, distinct, below `n`, and
    /// of a size of the index: its rank, or where its tier puts it.
    #[inline(always)]
    pub fn rank(&self, cells: &[u16]) -> u32 {
        let mut rank = self.offsets[cells.len()];
        for (j, &c) in cells.iter().enumerate() {
            rank += self.binomials[usize::from(c)][j + 1];
        }
        if self.numbers.is_empty() {
            rank
        } else {
            self.numbers[rank as usize]
        }
    }

    /// The rank of `cells` (a set of the index) with `cells[i]` replaced by `new`, a
    /// cell not in it.
    #[inline(always)]
    pub fn rank_replacing(&self, cells: &[u16], i: usize, new: u16) -> u32 {
        let mut out = [0; MAX_PIECES];
        let mut len = 0;
        let mut placed = false;
        for (j, &c) in cells.iter().enumerate() {
            if j == i {
                continue;
            }
            if !placed && new < c {
                out[len] = new;
                len += 1;
                placed = true;
            }
            out[len] = c;
            len += 1;
        }
        if !placed {
            out[len] = new;
            len += 1;
        }
        self.rank(&out[..len])
    }

    /// The rank of `cells` without `cells[i]`.
    #[inline(always)]
    pub fn rank_without(&self, cells: &[u16], i: usize) -> u32 {
        let mut out = [0; MAX_PIECES];
        let mut len = 0;
        for (j, &c) in cells.iter().enumerate() {
            if j != i {
                out[len] = c;
                len += 1;
            }
        }
        self.rank(&out[..len])
    }

    /// The rank of `cells` with `new` added, a cell not in it.
    #[inline(always)]
    pub fn rank_with(&self, cells: &[u16], new: u16) -> u32 {
        let mut out = [0; MAX_PIECES];
        let at = cells.partition_point(|&c| c < new);
        out[..at].copy_from_slice(&cells[..at]);
        out[at] = new;
        out[at + 1..=cells.len()].copy_from_slice(&cells[at..]);
        self.rank(&out[..=cells.len()])
    }
}

/// C(n, k), or `None` if it overflows a `u64`.
fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    // C(n, j) = C(n, j − 1) · (n − j + 1) / j, exact at every step.
    (1..=k).try_fold(1u64, |c, j| {
        let c = u128::from(c) * u128::from(n - j + 1) / u128::from(j);
        u64::try_from(c).ok()
    })
}

fn saturate(value: Option<u64>) -> u32 {
    value.map_or(u32::MAX, |v| u32::try_from(v).unwrap_or(u32::MAX))
}

/// Makes `set` (ascending cells among `n`) the next set of its size in rank order
/// (colex: the largest cell changes slowest): the lowest cell that can rise rises, and
/// those below it go back to the lowest cells. The last set stays as it is.
fn next_set(set: &mut [u16], n: usize) {
    let k = set.len();
    let Some(i) = (0..k).find(|&i| {
        let limit = if i + 1 < k { set[i + 1] } else { n as u16 };
        set[i] + 1 < limit
    }) else {
        return;
    };
    set[i] += 1;
    for (j, cell) in set.iter_mut().enumerate().take(i) {
        *cell = j as u16;
    }
}

/// A [`SetIndex`] being numbered tier by tier ([`SetIndex::in_tiers`]), a run of ranks at a
/// time, by counting: every set's tier is counted first, then each set is placed after the
/// sets of the tiers before its own and those of its tier of lower rank.
pub struct Renumbering {
    /// The tier of each rank once counted; its number once placed.
    numbers: Vec<u32>,
    /// For each tier, how many sets it has while counting; the next number of the tier
    /// while placing.
    next: Vec<u32>,
    /// The sets and their sizes by number.
    sets: Vec<[u16; MAX_PIECES]>,
    sizes: Vec<u8>,
}

impl Renumbering {
    /// The numbering of `index`'s sets into `tiers` tiers, its memory reserved.
    ///
    /// # Errors
    /// When that memory cannot be had.
    pub fn new(index: &SetIndex, tiers: usize) -> Result<Renumbering, TryReserveError> {
        let len = index.len() as usize;
        Ok(Renumbering {
            numbers: memory::filled(len, 0)?,
            next: memory::filled(tiers, 0)?,
            sets: memory::filled(len, [NO_CELL; MAX_PIECES])?,
            sizes: memory::filled(len, 0)?,
        })
    }

    /// Counts the tiers of the sets of `ranks`, `tier(cells)` each set's.
    pub fn count(&mut self, index: &SetIndex, ranks: Range<u32>, tier: impl Fn(&[u16]) -> u32) {
        for rank in ranks {
            let t = tier(index.cells(rank));
            self.numbers[rank as usize] = t;
            self.next[t as usize] += 1;
        }
    }

    /// Once every set is counted: the first number of each tier.
    pub fn start_placing(&mut self) {
        let mut first = 0;
        for next in &mut self.next {
            let count = *next;
            *next = first;
            first += count;
        }
    }

    /// Places the sets of `ranks`, after those of lower rank.
    pub fn place(&mut self, index: &SetIndex, ranks: Range<u32>) {
        for rank in ranks {
            let tier = &mut self.next[self.numbers[rank as usize] as usize];
            let number = *tier;
            *tier += 1;
            self.numbers[rank as usize] = number;
            self.sets[number as usize] = index.sets[rank as usize];
            self.sizes[number as usize] = index.sizes[rank as usize];
        }
    }

    /// Once every set is placed: numbers `index`'s sets tier by tier.
    pub fn finish(self, index: &mut SetIndex) {
        index.sets = self.sets;
        index.sizes = self.sizes;
        index.numbers = self.numbers;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_has_its_own_rank_in_order() {
        for n in 0..9 {
            for sizes in [0..=0, 1..=1, 2..=2, 4..=4, 0..=3, 0..=4] {
                let index = SetIndex::new(n, sizes.clone()).unwrap();
                let count = SetIndex::count(n, sizes.clone()).unwrap();
                assert_eq!(u64::from(index.len()), count);
                // No sets only when no set of those sizes fits among n cells.
                assert_eq!(index.is_empty(), count == 0, "n {n} {sizes:?}");
                for rank in 0..index.len() {
                    let cells = index.cells(rank);
                    assert!(sizes.contains(&cells.len()));
                    assert!(cells.windows(2).all(|w| w[0] < w[1]));
                    assert!(cells.iter().all(|&c| usize::from(c) < n));
                    assert_eq!(index.rank(cells), rank, "n {n} {cells:?}");
                }
            }
        }
    }

    #[test]
    fn sets_numbered_in_tiers_come_tier_by_tier_each_in_rank_order() {
        let ranked = SetIndex::new(7, 3..=3).unwrap();
        let tier = |set: &[u16]| set.iter().map(|&c| u32::from(c) / 2).sum::<u32>() % 3;
        let tiered = ranked.clone().in_tiers(3, tier).unwrap();
        assert_eq!(tiered.len(), ranked.len());
        let order: Vec<&[u16]> = (0..tiered.len()).map(|n| tiered.cells(n)).collect();
        for w in order.windows(2) {
            let (a, b) = (tier(w[0]), tier(w[1]));
            assert!(
                a < b || (a == b && ranked.rank(w[0]) < ranked.rank(w[1])),
                "{w:?}"
            );
        }
        for number in 0..tiered.len() {
            let cells = tiered.cells(number).to_vec();
            assert_eq!(tiered.rank(&cells), number);
            let new = (0..7).find(|c| !cells.contains(c)).unwrap();
            let mut set = cells.clone();
            set[0] = new;
            set.sort_unstable();
            assert_eq!(tiered.rank_replacing(&cells, 0, new), tiered.rank(&set));
        }
    }

    #[test]
    fn replacing_removing_and_adding_a_cell_rank_the_new_set() {
        let index = SetIndex::new(7, 0..=4).unwrap();
        for rank in 0..index.len() {
            let cells = index.cells(rank).to_vec();
            for new in (0..7).filter(|c| !cells.contains(c)) {
                for i in 0..cells.len() {
                    let mut set = cells.clone();
                    set[i] = new;
                    set.sort_unstable();
                    assert_eq!(index.rank_replacing(&cells, i, new), index.rank(&set));
                }
                if cells.len() < 4 {
                    let mut set = cells.clone();
                    set.push(new);
                    set.sort_unstable();
                    assert_eq!(index.rank_with(&cells, new), index.rank(&set));
                }
            }
            for i in 0..cells.len() {
                let mut set = cells.clone();
                set.remove(i);
                assert_eq!(index.rank_without(&cells, i), index.rank(&set));
            }
        }
    }

    #[test]
    fn counts_are_binomials_and_overflow_is_none() {
        assert_eq!(SetIndex::count(576, 2..=2), Some(576 * 575 / 2));
        assert_eq!(SetIndex::count(10, 0..=4), Some(1 + 10 + 45 + 120 + 210));
        assert_eq!(SetIndex::count(3, 4..=4), Some(0));
        assert_eq!(binomial(u64::MAX, 4), None);
    }
}
