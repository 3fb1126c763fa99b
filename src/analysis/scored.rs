//! A scored game's [`LayeredSolver`] as an [`Analysis`].

use std::ops::Range;

use super::answers::{CheckFailure, Events, MoveView, Records, Worth};
use super::interface::{Analysis, Board};
use crate::game::board_view::BoardView;
use crate::game::layered::{LayeredGame, Score};
use crate::game::{Position, Value};
use crate::progress::{Counts, Progress, Waiting};
use crate::provenance::{self, Origin};
use crate::retro::{SolveError, Workspace};
use crate::scored::LayeredSolver;
use crate::verify::scores;

impl<G: LayeredGame + BoardView<Verdict = Score> + Clone + 'static> Analysis for LayeredSolver<G> {
    fn step(&mut self, budget: usize) -> Result<Progress, SolveError> {
        Ok(LayeredSolver::step(self, budget).map(Counts::Scored))
    }
    fn progress(&self) -> Progress {
        LayeredSolver::progress(self).map(Counts::Scored)
    }
    fn set_recording(&mut self, on: bool) {
        LayeredSolver::set_recording(self, on);
    }
    fn reset(&mut self) {
        LayeredSolver::reset(self);
    }
    fn fresh(&self) -> Result<Box<dyn Analysis>, SolveError> {
        let copy = LayeredSolver::reserved(self.game().clone()).map_err(SolveError::Memory)?;
        Ok(Box::new(copy))
    }
    fn units_at(&self, step: u64) -> u64 {
        // Scored from the last layer down: step k + 1 ends with the k last layers scored.
        let layers = usize::try_from(step.saturating_sub(1)).unwrap_or(usize::MAX);
        self.layer_sizes().iter().rev().take(layers).sum()
    }
    fn origin(&self, pos: Position) -> Option<Origin> {
        provenance::scored_origin(self, pos)
    }
    fn tier_of(&self, _: Position) -> usize {
        0
    }
    fn num_positions(&self) -> usize {
        self.scores().len()
    }
    fn records(&self) -> Records<'_> {
        Records::Scored(self.scores())
    }
    fn events(&self) -> Events<'_> {
        Events::Scored(LayeredSolver::events(self))
    }
    fn waiting(&self, head: usize, tail: usize) -> Vec<Waiting> {
        LayeredSolver::waiting(self, head, tail)
    }
    fn layers(&self) -> Vec<u64> {
        self.layer_sizes().to_vec()
    }
    fn start(&self) -> Position {
        self.game().start()
    }
    fn board(&self) -> &dyn Board {
        self.game()
    }
    fn outcome(&self, pos: Position) -> Option<Worth> {
        self.score(pos).map(Worth::Scored)
    }
    fn moves(&self, pos: Position) -> Vec<MoveView> {
        LayeredSolver::moves(self, pos)
            .into_iter()
            .map(Into::into)
            .collect()
    }
    fn optimal_line(&self, pos: Position) -> Vec<MoveView> {
        LayeredSolver::optimal_line(self, pos)
            .into_iter()
            .map(Into::into)
            .collect()
    }
    fn answer(&self, pos: Position) -> Option<String> {
        self.score(pos).map(|s| self.game().answer(s))
    }
    fn example(&self, bucket: u32, _value: Option<Value>, from: usize) -> Option<Position> {
        let total = self.scores().len() as Position;
        (Position::try_from(from).ok()?..total).find(|&pos| {
            self.game().layer(pos) as u64 == u64::from(bucket) && self.score(pos).is_some()
        })
    }
    fn check_range(&self, range: Range<Position>) -> Result<(), CheckFailure> {
        let game = self.game();
        scores::check_range(game, self.scores(), range).map_err(|e| CheckFailure {
            position: e.position,
            text: e.describe(|pos| game.describe(pos)),
        })
    }
    fn into_workspace(self: Box<Self>) -> Workspace {
        Workspace::default()
    }
}
