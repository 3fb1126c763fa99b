//! The marking of ties: what nothing could decide in a tier is a tie; then the next tier.

use super::fifo::Fifo;
use super::solver::Solver;
use crate::game::Game;
use crate::progress::{Phase, SCAN_PER_UNIT};
use crate::record::TIE;

impl<G: Game> Solver<G> {
    /// Marks up to `budget` units of the tier's undecided positions as ties; at the end
    /// of the tier, moves on to the next one.
    #[inline(never)]
    pub(super) fn mark_ties(&mut self, budget: usize) {
        let range = self.tier_range(self.tier);
        let end = (range.end as usize).min(
            self.cursor
                .saturating_add(budget.saturating_mul(SCAN_PER_UNIT)),
        );
        let first = range.start as usize;
        let records = self.table.tier_mut(self.tier, &range);
        // Branch-free, the state tested by shifting (there is no unsigned 16-bit compare
        // in baseline x86-64 vectors), so that it runs many records at a time.
        let mut ties = 0;
        for slot in &mut records[self.cursor - first..end - first] {
            let undecided = *slot >> 14 == 0;
            *slot = if undecided { TIE } else { *slot };
            ties += u32::from(undecided);
        }
        self.ties += u64::from(ties);
        self.cursor = end;
        if end == range.end as usize {
            self.phases_ended += 1;
            self.next_tier();
        }
    }

    /// Starts the next tier's scan, or ends the analysis after the last tier.
    pub(super) fn next_tier(&mut self) {
        if self.tier + 1 == self.tier_ends.len() {
            self.phase = Phase::Done;
            return;
        }
        self.tier += 1;
        self.phase = Phase::Scan;
        self.cursor = self.tier_range(self.tier).start as usize;
        self.remoteness = 0;
        self.queues.iter_mut().for_each(Fifo::clear);
        self.arrivals.clear();
    }
}
