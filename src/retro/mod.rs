//! The retrograde solver: decides value (Win / Lose / Tie) and remoteness of every
//! position of a [`Game`](crate::Game), step by step.
//!
//! 1. **Scan**: every position gets its record — primitive positions are decided at
//!    remoteness 0 and queued, the others get their number of moves as a counter.
//! 2. **Propagate** (breadth-first, remoteness by remoteness): popping a `Lose` position
//!    makes each undecided parent a `Win` one move further (the first time is the
//!    quickest win); popping a `Win` position decrements each undecided parent's counter,
//!    and a parent whose counter reaches 0 — every move loses — becomes `Lose` one move
//!    further (the last time is the slowest loss).
//! 3. **Mark ties**: whatever is still undecided can avoid losing forever: `Tie`.
//!
//! Two [`Order`]s, chosen at construction, end with the same records:
//! - [`Order::Global`]: the three phases once, over the whole game, with one queue.
//! - [`Order::Tiers`]: the three phases for each of the game's tiers in turn
//!   ([`Game::tier_ends`](crate::Game::tier_ends); river: black's row, from the top row
//!   down). The scan of a tier also follows the moves into the tier solved before
//!   ([`Game::for_each_earlier_tier_move`](crate::Game::for_each_earlier_tier_move)) and
//!   reads the final values there: each one *arrives* at its parent when the propagation
//!   reaches its remoteness, and does what popping that child would have done to that
//!   parent in the global order. They arrive with many remotenesses at once, so they wait
//!   in lists by remoteness (`arrivals.rs`). Pops update only parents of the same tier
//!   ([`Game::for_each_tier_parent`](crate::Game::for_each_tier_parent)). The working set
//!   is one tier instead of the whole table, and an answer for one position needs only the
//!   tiers down to its own, two of them in memory at a time ([`Keep::TwoTiers`]).
//!
//! [`Solver::step`] does a bounded amount of work and reports
//! [`Progress`](crate::Progress), so a page can run the analysis on animation frames;
//! [`Solver::solve`] runs it to the end. A [`Workspace`] carries the memory of one analysis
//! over to the next.

//!
//! The parts, one file each: the [`Solver`] and its API (`solver.rs`); its phases — the
//! scan (`scan.rs`), the propagation (`propagate.rs`), the marking of ties (`ties.rs`);
//! the hot path, what taking an entry does to its parents (`parents.rs`); the queries of
//! a finished table (`queries.rs`); the queue (`fifo.rs`), the records and the memory kept
//! between analyses (`table.rs`), the values arriving from the tier before
//! (`arrivals.rs`); and the public types (`types.rs`).

mod arrivals;
mod fifo;
mod parents;
mod propagate;
mod queries;
mod scan;
mod solver;
mod table;
mod ties;
mod types;
mod waiting;

pub use solver::Solver;
pub use table::{bytes_needed, Workspace};
pub use types::{Keep, MoveOutcome, Order, SolveError, TierSteps};

#[cfg(test)]
mod tests {
    use std::ops::Range;

    use super::*;
    use crate::game::{Game, Move, Player, Position, Value};
    use crate::record::MAX_REMOTENESS;

    /// A line of `length + 1` positions: each moves to the one before it, and position 0
    /// has lost. Position `i` is decided in `i` moves. Tiers of `tier` positions each.
    struct Line {
        length: u32,
        tier: u32,
    }

    // SAFETY: the parent of `pos` is `pos + 1`, listed only below `num_positions()`, and
    // in the same tier only when it is; `tier_ends` is fixed.
    unsafe impl Game for Line {
        fn num_positions(&self) -> usize {
            self.length as usize + 1
        }
        fn start(&self) -> Position {
            self.length
        }
        fn to_move(&self, pos: Position) -> Player {
            if pos % 2 == 0 {
                Player::First
            } else {
                Player::Second
            }
        }
        fn primitive(&self, pos: Position) -> Option<Value> {
            (pos == 0).then_some(Value::Lose)
        }
        fn for_each_move(&self, pos: Position, mut f: impl FnMut(Move, Position)) {
            f(Move { from: 0, to: 0 }, pos - 1);
        }
        fn for_each_parent(&self, pos: Position, mut f: impl FnMut(Position)) {
            if pos < self.length {
                f(pos + 1);
            }
        }
        fn tier_ends(&self) -> Vec<Position> {
            let total = self.length + 1;
            (1..=total.div_ceil(self.tier))
                .map(|i| (i * self.tier).min(total))
                .collect()
        }
        fn for_each_tier_parent(&self, pos: Position, mut f: impl FnMut(Position)) {
            if pos < self.length && (pos + 1) % self.tier != 0 {
                f(pos + 1);
            }
        }
        fn for_each_earlier_tier_move(
            &self,
            range: Range<Position>,
            mut f: impl FnMut(Position, Position),
        ) {
            for pos in range.filter(|&pos| pos > 0 && pos % self.tier == 0) {
                f(pos, pos - 1);
            }
        }
    }

    #[test]
    fn the_line_keeps_the_contract() {
        let line = Line {
            length: 50,
            tier: 7,
        };
        assert_eq!(crate::game::check::check_children_parents(&line), Ok(()));
    }

    #[test]
    fn the_longest_recordable_line_solves_in_both_orders() {
        // Its start is decided at the last remoteness a record holds, and has no parent.
        for order in [Order::Global, Order::Tiers] {
            let length = u32::from(MAX_REMOTENESS);
            let mut solver = Solver::with_order(Line { length, tier: 1000 }, order);
            assert_eq!(solver.solve(), Ok(()));
            let end = solver.outcome(length).unwrap();
            assert_eq!(end.remoteness, MAX_REMOTENESS, "{order:?}");
        }
    }

    #[test]
    fn a_line_too_long_to_record_is_an_error_in_both_orders() {
        for order in [Order::Global, Order::Tiers] {
            let length = u32::from(MAX_REMOTENESS) + 1;
            let mut solver = Solver::with_order(Line { length, tier: 1000 }, order);
            assert_eq!(
                solver.solve(),
                Err(SolveError::RemotenessOverflow),
                "{order:?}"
            );
            // What the page asks of an analysis stepped to its end.
            assert_eq!(solver.error(), Some(SolveError::RemotenessOverflow));
            // A stopped analysis stays where it stopped, however often it is stepped.
            let stopped = (solver.progress(), solver.records().to_vec());
            solver.step(usize::MAX);
            assert_eq!(
                (solver.progress(), solver.records().to_vec()),
                stopped,
                "{order:?}"
            );
            assert_eq!(
                SolveError::RemotenessOverflow.to_string(),
                "a line of optimal play is longer than 16383 moves, the longest retrolab can record"
            );
        }
    }
}
