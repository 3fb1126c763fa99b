//! The scan: every position of a tier gets its record, the ends of the game are queued,
//! and the values of the tier before are scheduled to arrive.

use super::arrivals::{LOSS_ARRIVES, WIN_ARRIVES};
use super::fifo::{Fifo, LOSSES, WINS};
use super::solver::Solver;
use super::types::{Order, SolveError, TierSteps};
use crate::game::{Game, Position, Status, Value};
use crate::progress::{Phase, SCAN_PER_UNIT};
use crate::record::{is_undecided, pack, LOSE, REMOTENESS_MASK, TIE, WIN};

impl<G: Game> Solver<G> {
    /// Scans up to `budget` units of positions of the tier.
    pub(super) fn scan(&mut self, budget: usize) {
        let range = self.tier_range(self.tier);
        let above = self.above_range();
        let end = (range.end as usize).min(
            self.cursor
                .saturating_add(budget.saturating_mul(SCAN_PER_UNIT)),
        );
        // Room for every position of the slice in either queue, made before the loop.
        let slice = end - self.cursor;
        if !self.make_room(slice) {
            return;
        }
        let Solver {
            game,
            table,
            queues,
            arrivals,
            layers,
            decided,
            ties,
            tier,
            order,
            needs,
            ..
        } = self;
        let (above, records) = table.tiers_mut(*tier, &above, &range);
        let first = range.start;
        let scanned = self.cursor as Position..end as Position;
        let mut found = [0u64; 3];
        // In tier order a position whose parents all lie in later tiers is never popped:
        // they learn its value as it arrives (river's whole top row: black has won there,
        // and every move into it comes from the row below).
        let global = *order == Order::Global;
        let pops = |pos: Position| global || has_tier_parents(game, pos);
        game.for_each_status(scanned.clone(), |pos, status| {
            let record = match status {
                Status::Over(value) => pack(value, 0),
                // No move and no rule saying otherwise: the side to move has lost.
                Status::Moves(0) => pack(Value::Lose, 0),
                Status::Moves(n) => n as u16,
            };
            records[(pos - first) as usize] = record;
            let state = usize::from(record >> 14);
            if state != 0 {
                found[state - 1] += 1;
                if record != TIE && pops(pos) {
                    queues[if record >= LOSE { LOSSES } else { WINS }].push(pos);
                }
            }
        });
        // The moves into the tier before: each brings that child's final value, at its
        // remoteness, to the position moving (unless the position is over). The first
        // tier has none before it (nor has the one tier of `Order::Global`).
        if *tier > 0 {
            game.for_each_earlier_tier_move(scanned, |pos, child| {
                if is_undecided(records[(pos - first) as usize]) {
                    let record = above.record(child);
                    match record & !REMOTENESS_MASK {
                        LOSE => arrivals.push(record & REMOTENESS_MASK, LOSS_ARRIVES, pos),
                        WIN => arrivals.push(record & REMOTENESS_MASK, WIN_ARRIVES, pos),
                        _ => {}
                    }
                }
            });
        }
        if arrivals.refused() {
            // The analysis stops: its records are left as they are.
            self.error = Some(SolveError::Memory(*needs));
            return;
        }
        layers[0][0] += found[0];
        layers[0][1] += found[1];
        decided[0] += found[0];
        decided[1] += found[1];
        *ties += found[2];
        self.cursor = end;
        if end == range.end as usize {
            self.phase = Phase::Propagate;
            self.phases_ended += 1;
            self.tier_steps.push(TierSteps {
                scanned: self.steps_done(),
                propagated: None,
            });
            self.remoteness = 0;
            self.queues.iter_mut().for_each(Fifo::start_level);
            self.arrivals.enter();
            self.level_entered();
            self.mark_ties_if_idle();
        }
    }
}

/// Whether `pos` has a parent in its own tier. Kept out of the scan's loop, which it would
/// otherwise swell past inlining: it is asked only of the tier's primitive positions.
#[inline(never)]
fn has_tier_parents<G: Game>(game: &G, pos: Position) -> bool {
    let mut any = false;
    game.for_each_tier_parent(pos, |_| any = true);
    any
}
