//! Checks a finished table without trusting the solver that made it.
//!
//! The solvers work backwards from the ends of the game; a mistake there would pass
//! unnoticed by anything that reads their tables. These checks use only the game's
//! forward rules and the finished table, position by position, so a person can see that
//! every value is right:
//!
//! - [`outcomes`]: a Win / Lose / Tie table ([`crate::Solver::records`]), from
//!   [`crate::Game::primitive`] and [`crate::Game::for_each_move`] — with the argument why
//!   its local checks prove every value, ties included;
//! - [`scores`]: a scored table ([`crate::LayeredSolver::scores`]), from
//!   [`crate::LayeredGame::for_each_move`].
//!
//! Both check any range of positions on its own, so [`Checker`] can run a check a slice
//! at a time (a page never blocks on a large table) and stop at the first failure.

pub mod outcomes;
pub mod scores;

use std::ops::Range;

use crate::game::Position;

/// A check run a slice at a time: how far it got and the first failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checker<F> {
    next: Position,
    total: Position,
    failure: Option<F>,
}

/// A small report after each [`Checker::step`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckProgress {
    /// Positions checked and found consistent: all those below this index (a slice
    /// that failed counts none of its positions).
    pub checked: u64,
    /// Positions in the table.
    pub total: u64,
    /// True once every position is checked or one has failed.
    pub done: bool,
}

impl<F> Checker<F> {
    /// A check of a table of `total` positions, none checked yet.
    ///
    /// # Panics
    /// If `total` exceeds `u32::MAX` (tables are indexed by [`Position`]).
    pub fn new(total: usize) -> Self {
        Checker {
            next: 0,
            total: Position::try_from(total).expect("a table indexed by Position"),
            failure: None,
        }
    }

    /// Checks up to `budget` more positions with `check` (one of the `check_range`
    /// functions, over the same table every time) and reports where the check stands.
    /// Does nothing once done.
    pub fn step(
        &mut self,
        budget: usize,
        check: impl FnOnce(Range<Position>) -> Result<(), F>,
    ) -> CheckProgress {
        if !self.progress().done {
            let budget = Position::try_from(budget).unwrap_or(Position::MAX);
            let end = self.total.min(self.next.saturating_add(budget));
            match check(self.next..end) {
                Ok(()) => self.next = end,
                Err(failure) => self.failure = Some(failure),
            }
        }
        self.progress()
    }

    /// The current report.
    pub fn progress(&self) -> CheckProgress {
        CheckProgress {
            checked: self.next.into(),
            total: self.total.into(),
            done: self.next == self.total || self.failure.is_some(),
        }
    }

    /// The first inconsistency found, if any.
    pub fn failure(&self) -> Option<&F> {
        self.failure.as_ref()
    }
}
