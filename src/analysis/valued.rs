//! A win/lose game's [`Solver`] as an [`Analysis`].

use std::ops::Range;

use super::answers::{CheckFailure, Events, MoveView, Records, Worth};
use super::interface::{Analysis, Board};
use crate::game::board_view::BoardView;
use crate::game::{Game, Position, Value};
use crate::memory::OutOfMemory;
use crate::progress::{Counts, Progress, Waiting};
use crate::provenance::{self, Origin};
use crate::record::{self, Outcome, MAX_REMOTENESS};
use crate::retro::{bytes_needed, Keep, SolveError, Solver, Workspace};
use crate::verify::outcomes;

impl<G: Game + BoardView<Verdict = Outcome> + Clone + 'static> Analysis for Solver<G> {
    fn step(&mut self, budget: usize) -> Result<Progress, SolveError> {
        let progress = Solver::step(self, budget);
        match self.error() {
            Some(error) => Err(error),
            None => Ok(progress.map(Counts::Valued)),
        }
    }
    fn progress(&self) -> Progress {
        Solver::progress(self).map(Counts::Valued)
    }
    fn set_recording(&mut self, on: bool) {
        Solver::set_recording(self, on);
    }
    fn reset(&mut self) {
        Solver::reset(self);
    }
    fn fresh(&self) -> Result<Box<dyn Analysis>, SolveError> {
        let game = self.game().try_copy().map_err(|_| {
            let needs = bytes_needed(Solver::tier_ends(self), Keep::All);
            SolveError::Memory(OutOfMemory::needing(needs))
        })?;
        let copy = Solver::in_workspace(game, self.order(), Keep::All, Workspace::default())?;
        Ok(Box::new(copy))
    }
    fn units_at(&self, step: u64) -> u64 {
        let now = Solver::progress(self);
        now.units + step.saturating_sub(now.step)
    }
    fn origin(&self, pos: Position) -> Option<Origin> {
        provenance::valued_origin(self, pos)
    }
    fn tier_of(&self, pos: Position) -> usize {
        Solver::tier_of(self, pos)
    }
    fn num_positions(&self) -> usize {
        Solver::records(self).len()
    }
    fn records(&self) -> Records<'_> {
        Records::Valued(Solver::records(self))
    }
    fn events(&self) -> Events<'_> {
        Events::Valued(Solver::events(self))
    }
    fn waiting(&self, head: usize, tail: usize) -> Vec<Waiting> {
        Solver::waiting(self, head, tail)
    }
    fn layers(&self) -> Vec<u64> {
        Solver::layers(self).iter().flatten().copied().collect()
    }
    fn start(&self) -> Position {
        self.game().start()
    }
    fn board(&self) -> &dyn Board {
        self.game()
    }
    fn outcome(&self, pos: Position) -> Option<Worth> {
        Solver::outcome(self, pos).map(Worth::Valued)
    }
    fn moves(&self, pos: Position) -> Vec<MoveView> {
        Solver::moves(self, pos)
            .into_iter()
            .map(Into::into)
            .collect()
    }
    fn optimal_line(&self, pos: Position) -> Vec<MoveView> {
        Solver::optimal_line(self, pos)
            .into_iter()
            .map(Into::into)
            .collect()
    }
    fn answer(&self, pos: Position) -> Option<String> {
        Solver::outcome(self, pos).map(|o| self.game().answer(o))
    }
    fn example(&self, bucket: u32, value: Option<Value>, from: usize) -> Option<Position> {
        let remoteness = match value? {
            Value::Tie => 0,
            _ => u16::try_from(bucket)
                .ok()
                .filter(|&r| r <= MAX_REMOTENESS)?,
        };
        let want = record::pack(value?, remoteness);
        let found = Solver::records(self)
            .get(from..)?
            .iter()
            .position(|&r| r == want)?;
        Some((from + found) as Position)
    }
    fn check_range(&self, range: Range<Position>) -> Result<(), CheckFailure> {
        let game = self.game();
        outcomes::check_range(game, Solver::records(self), range).map_err(|e| CheckFailure {
            position: e.position,
            text: e.describe(|pos| game.describe(pos)),
        })
    }
    fn into_workspace(self: Box<Self>) -> Workspace {
        Solver::into_workspace(*self)
    }
}
