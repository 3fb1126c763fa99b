//! The page's Check: the verifier ([`crate::verify`], which reads only the rules' forward
//! moves, their end test and the finished table) over a whole analysis, a slice at a time,
//! so that a 16×16 table is checked without one long task.

use super::ExplainError;
use crate::analysis::{Analysis, CheckFailure};
use crate::verify::{CheckProgress, Checker};

/// A check of every position of one analysis, run a slice at a time.
#[derive(Clone, Debug)]
pub struct TableCheck {
    checker: Checker<CheckFailure>,
}

impl TableCheck {
    /// A check of `analysis`'s table, nothing checked yet.
    ///
    /// # Errors
    /// If the analysis is not finished (an unfinished table has undecided positions).
    pub fn new(analysis: &dyn Analysis) -> Result<TableCheck, ExplainError> {
        if !analysis.progress().done {
            return Err(ExplainError::Unsolved);
        }
        Ok(TableCheck {
            checker: Checker::new(analysis.num_positions()),
        })
    }

    /// Checks up to `budget` more positions; stops at the first inconsistency.
    ///
    /// # Errors
    /// If `analysis` is not the one the check was made for.
    pub fn step(
        &mut self,
        analysis: &dyn Analysis,
        budget: usize,
    ) -> Result<CheckProgress, ExplainError> {
        if analysis.num_positions() as u64 != self.checker.progress().total {
            return Err(ExplainError::OtherAnalysis);
        }
        Ok(self
            .checker
            .step(budget, |range| analysis.check_range(range)))
    }

    /// Checks for as long as `time_up()` says, asked between chunks of positions.
    ///
    /// # Errors
    /// As [`TableCheck::step`].
    pub fn run_for(
        &mut self,
        analysis: &dyn Analysis,
        time_up: impl FnMut() -> bool,
    ) -> Result<CheckProgress, ExplainError> {
        /// Positions between two looks at the clock (a few hundredths of a millisecond, so
        /// a slice overshoots its time by little even before the browser optimises the code).
        const CHUNK: usize = 1 << 11;
        super::run_for(CHUNK, |n| self.step(analysis, n), |p| p.done, time_up)
    }

    /// The first inconsistency found, if any.
    pub fn failure(&self) -> Option<&CheckFailure> {
        self.checker.failure()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Built;
    use crate::explain::testing::{solved, RIVER_SAMPLES};
    use crate::games::river::River;
    use crate::record::{pack, unpack};
    use crate::retro::Solver;
    use crate::{Game, Outcome, Value};

    fn check_all(analysis: &dyn Analysis, budget: usize) -> TableCheck {
        let mut check = TableCheck::new(analysis).unwrap();
        while !check.step(analysis, budget).unwrap().done {}
        check
    }

    #[test]
    fn solved_tables_of_every_game_pass_whatever_the_slice() {
        for (game, text) in [
            ("river", RIVER_SAMPLES[3]),
            ("river", RIVER_SAMPLES[4]),
            ("chase", "....\n.W..\n....\n...B\n"),
            ("tableau", "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n"),
        ] {
            let analysis = solved(game, text);
            for budget in [1, 1000, usize::MAX] {
                let check = check_all(&*analysis, budget);
                assert_eq!(check.failure(), None, "{game} {text}");
                let progress = check.checker.progress();
                assert_eq!(progress.checked, analysis.num_positions() as u64);
            }
            let mut looks = 0;
            let mut check = TableCheck::new(&*analysis).unwrap();
            let progress = check
                .run_for(&*analysis, || {
                    looks += 1;
                    false
                })
                .unwrap();
            assert!(progress.done && check.failure().is_none());
        }
    }

    #[test]
    fn a_flipped_value_is_found_at_its_position_in_words() {
        let mut solver = Solver::new(River::new(RIVER_SAMPLES[1].parse().unwrap()));
        solver.solve().unwrap();
        let start = solver.game().start();
        // Red to move loses in 2; claim a win in 2 instead.
        let record = &mut solver.records_mut()[start as usize];
        assert_eq!(
            unpack(*record),
            Some(Outcome {
                value: Value::Lose,
                remoteness: 2
            })
        );
        *record = pack(Value::Win, 2);
        let check = check_all(&solver, 3);
        let found = check.failure().expect("the flipped record is found");
        assert_eq!(found.position, start);
        assert_eq!(
            found.text,
            "position red (2, 1) and (2, 3), black (3, 2), red to move claims Win in 2 but its best \
             move leads to red (2, 1) and (2, 2), black (3, 2), black to move, which claims Win in 1, \
             so it is Lose in 2"
        );
        assert!(check.checker.progress().checked <= u64::from(start));
        let unsolved = Built::parse("river", RIVER_SAMPLES[4])
            .unwrap()
            .analysis()
            .unwrap();
        assert!(
            TableCheck::new(&*unsolved).is_err(),
            "an unfinished analysis is not checked"
        );
        let mut other = TableCheck::new(&*solved("river", RIVER_SAMPLES[4])).unwrap();
        assert_eq!(
            other.step(&solver, 1).err(),
            Some(ExplainError::OtherAnalysis)
        );
    }
}
