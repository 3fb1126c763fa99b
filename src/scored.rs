//! The backward layered solver for scored acyclic games (tableau), step by step: the
//! score of every position of a [`LayeredGame`] (its contract, in
//! [`crate::game::layered`]).
//!
//! 1. **Scan**: find every position's layer and sort the positions by layer, last layer
//!    first.
//! 2. **Propagate**: score the positions in that order — the last layer (the ends of the
//!    game) first, the start's layer last. Every child is scored before its parents, so
//!    one look at the children decides each position. The frontier moves from the end of
//!    the game back to its start, as in the retrograde [`crate::Solver`].
//!
//! [`LayeredSolver::step`] does a bounded amount of work and reports [`Progress`];
//! [`LayeredSolver::solve`] runs it to the end.

use crate::game::layered::{LayeredGame, Score, UNSCORED};
use crate::game::{Move, Player, Position};
use crate::memory::{self, OutOfMemory};
use crate::progress::{
    Phase, Progress, ScoredCounts, ScoredEvent, ScoredEventKind, Waiting, Waits, SCAN_PER_UNIT,
};

/// A legal move with the score it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// The move on the board.
    pub mv: Move,
    /// The position after the move.
    pub child: Position,
    /// What the move itself scores, counted for the first player.
    pub gain: Score,
    /// `gain` plus the child's score: the score from before the move to the end of the
    /// game; `None` while the child is unscored.
    pub score: Option<Score>,
}

/// Bytes the analysis of a game of `positions` positions needs ([`LayeredSolver`]): a
/// score and a place in the layer order for each.
pub fn bytes_needed(positions: usize) -> u64 {
    memory::bytes_of::<Score>(positions) + memory::bytes_of::<Position>(positions)
}

/// Backward layered analysis of one game, owning the game and its scores.
pub struct LayeredSolver<G: LayeredGame> {
    game: G,
    scores: Vec<Score>,
    /// Positions by layer, last layer first (filled during the scan).
    order: Vec<Position>,
    /// Positions per layer.
    sizes: Vec<u64>,
    /// Where each layer begins in `order` (known after the scan's first pass).
    starts: Vec<usize>,
    /// Next free slot in `order` per layer, during the scan's second pass.
    fill: Vec<usize>,
    phase: Phase,
    /// Scan: the next of `2 · positions` steps (two passes); propagate: next in `order`.
    cursor: usize,
    /// The layer being scored.
    layer: usize,
    recording: bool,
    events: Vec<ScoredEvent>,
}

impl<G: LayeredGame> LayeredSolver<G> {
    /// Prepares the analysis of `game`; no position is examined yet. For tests and small
    /// games: what the command line and the page analyse is prepared with
    /// [`LayeredSolver::reserved`], which says when memory is short.
    ///
    /// # Panics
    /// As [`LayeredSolver::reserved`], and if its memory cannot be reserved.
    pub fn new(game: G) -> Self {
        LayeredSolver::reserved(game).unwrap_or_else(|e| panic!("the analysis {e}"))
    }

    /// Prepares the analysis of `game`, its memory reserved now ([`bytes_needed`]:
    /// a score and a place in the layer order per position); no position is examined yet.
    ///
    /// # Errors
    /// When the memory cannot be had: what the analysis needs.
    ///
    /// # Panics
    /// If the game has more than `u32::MAX` positions (games bound their sizes first).
    pub fn reserved(game: G) -> Result<Self, OutOfMemory> {
        let total = game.num_positions();
        assert!(u32::try_from(total).is_ok(), "too many positions");
        let layers = game.num_layers();
        let refused = |_| OutOfMemory::needing(bytes_needed(total));
        Ok(LayeredSolver {
            scores: memory::filled(total, UNSCORED).map_err(refused)?,
            order: memory::filled(total, 0).map_err(refused)?,
            game,
            sizes: vec![0; layers],
            starts: Vec::new(),
            fill: Vec::new(),
            phase: Phase::Scan,
            cursor: 0,
            layer: layers.saturating_sub(1),
            recording: false,
            events: Vec::new(),
        })
    }

    /// The game being analysed.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Turns event recording on or off (off by default). Each [`LayeredSolver::step`]
    /// replaces [`LayeredSolver::events`] with what it did — nothing unless recording — so
    /// the events of a recorded step stay readable after recording is turned off, until
    /// the next step.
    pub fn set_recording(&mut self, on: bool) {
        self.recording = on;
    }

    /// Events of the last step (empty unless it was recorded).
    pub fn events(&self) -> &[ScoredEvent] {
        &self.events
    }

    /// Goes back to before the scan, keeping the memory: the analysis then runs again
    /// exactly as it ran the first time (the page rewinds by re-running from here).
    pub fn reset(&mut self) {
        self.scores.fill(UNSCORED);
        self.sizes.fill(0);
        self.starts.clear();
        self.fill.clear();
        self.phase = Phase::Scan;
        self.cursor = 0;
        self.layer = self.sizes.len().saturating_sub(1);
        self.events.clear();
    }

    /// The scores, one per position, [`UNSCORED`] until scored.
    pub fn scores(&self) -> &[Score] {
        &self.scores
    }

    /// Positions per layer (complete once the scan is over).
    pub fn layer_sizes(&self) -> &[u64] {
        &self.sizes
    }

    /// Positions in the order they were scored: the last layer first.
    pub fn decided_order(&self) -> &[Position] {
        match self.phase {
            Phase::Scan => &[],
            _ => &self.order[..self.cursor],
        }
    }

    /// The positions of the layer being scored that wait to be, in the order they will be
    /// (one part, [`Waits::Layer`]), with the first `head` of them and up to `tail` of the
    /// last; empty outside the scoring. Only the current layer: the next waits for it to
    /// end.
    pub fn waiting(&self, head: usize, tail: usize) -> Vec<Waiting> {
        if self.phase != Phase::Propagate {
            return Vec::new();
        }
        let end = self.starts[self.layer] + self.sizes[self.layer] as usize;
        let left = &self.order[self.cursor..end];
        let front = left.len().min(head);
        let back = (left.len() - front).min(tail);
        vec![Waiting {
            what: Waits::Layer,
            level: self.layer as u32,
            len: left.len() as u64,
            first: left[..front].to_vec(),
            last: left[left.len() - back..].to_vec(),
        }]
    }

    /// Runs the analysis to the end.
    pub fn solve(&mut self) {
        while !self.step(usize::MAX).done {}
    }

    /// Does at most `budget` units of work — one unit scores one position, or scans
    /// [`SCAN_PER_UNIT`] positions — and reports where it stands. A step never crosses
    /// from one phase into the next.
    pub fn step(&mut self, budget: usize) -> Progress<ScoredCounts> {
        self.events.clear();
        if self.recording {
            self.run::<true>(budget);
        } else {
            self.run::<false>(budget);
        }
        self.progress()
    }

    /// The current report.
    pub fn progress(&self) -> Progress<ScoredCounts> {
        let decided = self.decided_order().len() as u64;
        let (layer, layers) = (self.layer as u32, self.sizes.len() as u32);
        // Layers are scored from the last down to 0: those from `layer` up hold every
        // position scored so far and the rest of the current layer.
        let through: u64 = self.sizes.get(self.layer..).unwrap_or(&[]).iter().sum();
        let step = match self.phase {
            Phase::Scan => 0,
            // `layer` is the layer being scored: those above it are done.
            Phase::Propagate | Phase::MarkTies => u64::from(layers - layer),
            Phase::Done => 1 + u64::from(layers),
        };
        // Each layer is a step: once one of its positions is scored, going back to its start
        // is going back to that step; before, to the one before.
        let size = self.sizes.get(self.layer).copied().unwrap_or(0);
        let into_layer = (decided + size).saturating_sub(through);
        let layer_began = if self.phase == Phase::Propagate && into_layer > 0 {
            step
        } else {
            step.saturating_sub(1)
        };
        Progress {
            phase: self.phase,
            total: self.scores.len() as u64,
            decided,
            done: self.phase == Phase::Done,
            units: decided,
            step,
            layer_left: through.saturating_sub(decided).max(1),
            layer_began,
            counts: ScoredCounts { layer, layers },
        }
    }

    /// Works on the current phase only, so every step's report and events belong to one
    /// phase (as in [`crate::Solver`]).
    fn run<const RECORD: bool>(&mut self, budget: usize) {
        if budget == 0 {
            return;
        }
        match self.phase {
            Phase::Scan => self.scan(budget),
            Phase::Propagate => self.propagate::<RECORD>(budget),
            // Scored games have no ties to mark.
            Phase::MarkTies | Phase::Done => {}
        }
    }

    /// Scans up to `budget` units: the first pass counts positions per layer, the second
    /// places each position in `order`.
    fn scan(&mut self, budget: usize) {
        let total = self.scores.len();
        let begin = self.cursor;
        let end = (2 * total).min(begin.saturating_add(budget.saturating_mul(SCAN_PER_UNIT)));
        let sizes = &mut self.sizes;
        let first_pass = begin.min(total) as Position..end.min(total) as Position;
        self.game
            .for_each_layer(first_pass, |_, layer| sizes[layer] += 1);
        if (begin < total || total == 0) && end >= total {
            self.starts = self.layer_offsets();
            self.fill.clone_from(&self.starts);
        }
        let (fill, order) = (&mut self.fill, &mut self.order);
        let second_pass =
            (begin.max(total) - total) as Position..(end.max(total) - total) as Position;
        self.game.for_each_layer(second_pass, |pos, layer| {
            order[fill[layer]] = pos;
            fill[layer] += 1;
        });
        self.cursor = end;
        if end == 2 * total {
            self.phase = Phase::Propagate;
            self.cursor = 0;
            self.fill = Vec::new();
            self.skip_finished_layers();
        }
    }

    /// Where each layer begins in `order`, last layer first.
    fn layer_offsets(&self) -> Vec<usize> {
        let mut offsets = vec![0; self.sizes.len()];
        let mut next = 0;
        for (offset, &size) in offsets.iter_mut().zip(&self.sizes).rev() {
            *offset = next;
            next += size as usize;
        }
        offsets
    }

    /// Moves `layer` down past the layers fully scored; ends the analysis after layer 0.
    fn skip_finished_layers(&mut self) {
        loop {
            let Some(&size) = self.sizes.get(self.layer) else {
                self.phase = Phase::Done;
                return;
            };
            if self.cursor < self.starts[self.layer] + size as usize {
                return;
            }
            if self.layer == 0 {
                self.phase = Phase::Done;
                return;
            }
            self.layer -= 1;
        }
    }

    /// Scores up to `budget` positions.
    fn propagate<const RECORD: bool>(&mut self, mut budget: usize) {
        while budget > 0 && self.phase == Phase::Propagate {
            let layer_end = self.starts[self.layer] + self.sizes[self.layer] as usize;
            let stop = layer_end.min(self.cursor.saturating_add(budget));
            let maximise = self.game.to_move(self.layer) == Player::First;
            for index in self.cursor..stop {
                self.score_position::<RECORD>(self.order[index], maximise);
            }
            budget -= stop - self.cursor;
            self.cursor = stop;
            self.skip_finished_layers();
        }
    }

    /// Scores `pos` from its (already scored) children: their best for the side to move,
    /// the highest if `maximise`, else the lowest.
    #[inline]
    fn score_position<const RECORD: bool>(&mut self, pos: Position, maximise: bool) {
        if RECORD {
            let mut moves = 0;
            self.game.for_each_move(pos, |_, _, _| moves += 1);
            self.events.push(ScoredEvent {
                kind: ScoredEventKind::Taken,
                position: pos,
                score: moves,
            });
        }
        let scores = &self.scores;
        let events = &mut self.events;
        let mut best = None::<Score>;
        self.game.for_each_move(pos, |_, child, gain| {
            let score = gain + scores[child as usize];
            if RECORD {
                events.push(ScoredEvent {
                    kind: ScoredEventKind::Move,
                    position: child,
                    score,
                });
            }
            best = Some(match best {
                Some(b) if maximise => b.max(score),
                Some(b) => b.min(score),
                None => score,
            });
        });
        let score = best.unwrap_or(0);
        self.scores[pos as usize] = score;
        if RECORD {
            self.events.push(ScoredEvent {
                kind: ScoredEventKind::Scored,
                position: pos,
                score,
            });
        }
    }

    /// The score of `pos` (first player's points minus the second's from here on, under
    /// optimal play); `None` until scored.
    pub fn score(&self, pos: Position) -> Option<Score> {
        self.scores
            .get(pos as usize)
            .copied()
            .filter(|&s| s != UNSCORED)
    }

    /// Every legal move from `pos` with the score it leads to, best first for the side to
    /// move (highest for the first player, lowest for the second), unscored moves last.
    pub fn moves(&self, pos: Position) -> Vec<ScoredMove> {
        let mut moves = Vec::new();
        if (pos as usize) >= self.scores.len() {
            return moves;
        }
        self.game.for_each_move(pos, |mv, child, gain| {
            moves.push(ScoredMove {
                mv,
                child,
                gain,
                score: self.score(child).map(|s| gain + s),
            });
        });
        let first = self.game.to_move(self.game.layer(pos)) == Player::First;
        moves.sort_by_key(|m| match m.score {
            Some(s) if first => (0, -i64::from(s)),
            Some(s) => (0, i64::from(s)),
            None => (1, 0),
        });
        moves
    }

    /// The line of optimal play from `from` to the end of the game, as the moves made
    /// (each the first of [`LayeredSolver::moves`]). Empty before `from` is scored.
    pub fn optimal_line(&self, from: Position) -> Vec<ScoredMove> {
        let mut line = Vec::new();
        let mut pos = from;
        while let Some(score) = self.score(pos) {
            let Some(best) = self.moves(pos).into_iter().next() else {
                break;
            };
            if best.score != Some(score) || line.len() >= self.sizes.len() {
                break;
            }
            pos = best.child;
            line.push(best);
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game on a strip `width` cells wide and `depth` layers deep: from column `x`
    /// of layer `l`, go down to column `x` or `x + 1` (wrapping) and score
    /// `(x * 7 + l * 3) % 11 - 5` for the first player. Column 0 of layer 1 is a dead end.
    /// Positions interleave the layers (`x * depth + l`), so the scan has to sort them.
    struct Strip {
        width: u32,
        depth: u32,
    }

    impl LayeredGame for Strip {
        fn num_positions(&self) -> usize {
            (self.width * self.depth) as usize
        }

        fn num_layers(&self) -> usize {
            self.depth as usize
        }

        fn layer(&self, pos: Position) -> usize {
            (pos % self.depth) as usize
        }

        fn start(&self) -> Position {
            self.depth // column 1, layer 0
        }

        fn to_move(&self, layer: usize) -> Player {
            Player::from_parity((layer % 2) as u32)
        }

        fn for_each_move(&self, pos: Position, mut f: impl FnMut(Move, Position, Score)) {
            let (x, l) = (pos / self.depth, pos % self.depth);
            if l + 1 == self.depth || (x, l) == (0, 1) {
                return;
            }
            for to in [x, (x + 1) % self.width] {
                let gain = ((x * 7 + l * 3) % 11) as Score - 5;
                let mv = Move {
                    from: x as u16,
                    to: to as u16,
                };
                f(mv, to * self.depth + l + 1, gain);
            }
        }
    }

    /// The score by plain recursion over every line of play.
    fn minimax(game: &Strip, pos: Position) -> Score {
        let first = game.to_move(game.layer(pos)) == Player::First;
        let mut best = None;
        game.for_each_move(pos, |_, child, gain| {
            let score = gain + minimax(game, child);
            best = Some(match best {
                Some(b) if first => score.max(b),
                Some(b) => score.min(b),
                None => score,
            });
        });
        best.unwrap_or(0)
    }

    #[test]
    fn scores_match_plain_minimax_whatever_the_step_budget() {
        let game = Strip { width: 3, depth: 7 };
        crate::game::check::check_layers(&game).unwrap();
        let expected: Vec<Score> = (0..21).map(|pos| minimax(&game, pos)).collect();
        for budget in [1, 2, 5, usize::MAX] {
            let mut solver = LayeredSolver::new(Strip { width: 3, depth: 7 });
            let mut last_layer = u32::MAX;
            while !solver.step(budget).done {
                let layer = solver.progress().counts.layer;
                assert!(layer <= last_layer);
                last_layer = layer;
            }
            assert_eq!(solver.scores(), expected, "budget {budget}");
            assert_eq!(solver.layer_sizes(), [3; 7]);
            let order = solver.decided_order();
            assert!(order
                .windows(2)
                .all(|w| game.layer(w[0]) >= game.layer(w[1])));
        }
    }

    #[test]
    fn the_timeline_counts_one_step_per_layer_and_one_more_at_the_end() {
        // The page's timeline: each layer scored is a step, and the finished analysis is
        // the step after the last layer's, never the same number as it.
        let mut solver = LayeredSolver::new(Strip { width: 2, depth: 5 });
        let mut steps = Vec::new();
        while !solver.step(1).done {
            steps.push(solver.progress().step);
        }
        let last = *steps.last().unwrap();
        assert!(steps.windows(2).all(|w| w[0] <= w[1]), "{steps:?}");
        assert_eq!(last, 5, "the last layer scored is step 5 of 5 layers");
        assert_eq!(solver.progress().step, last + 1);
    }

    #[test]
    fn the_optimal_line_follows_the_best_moves_to_the_end() {
        let mut solver = LayeredSolver::new(Strip { width: 4, depth: 6 });
        let start = solver.game().start();
        assert!(solver.optimal_line(start).is_empty(), "nothing scored yet");
        assert!(solver.moves(start).iter().all(|m| m.score.is_none()));
        solver.solve();
        let line = solver.optimal_line(start);
        assert_eq!(line.len(), 5);
        assert_eq!(
            line.iter().map(|m| m.gain).sum::<Score>(),
            solver.score(start).unwrap()
        );
        for pair in line.windows(2) {
            let best = solver.moves(pair[0].child);
            assert_eq!(best[0], pair[1]);
        }
    }

    #[test]
    fn a_dead_end_scores_zero_and_events_record_each_scoring() {
        let mut solver = LayeredSolver::new(Strip { width: 3, depth: 4 });
        solver.set_recording(true);
        let mut events = Vec::new();
        while !solver.step(1).done {
            events.extend_from_slice(solver.events());
        }
        events.extend_from_slice(solver.events());
        let dead_end = 1; // column 0, layer 1
        assert_eq!(solver.score(dead_end), Some(0));
        let scored: Vec<&ScoredEvent> = events
            .iter()
            .filter(|e| e.kind == ScoredEventKind::Scored)
            .collect();
        assert_eq!(scored.len(), 12);
        // Positions with moves get two Move events, then their Scored event.
        let moves = events
            .iter()
            .filter(|e| e.kind == ScoredEventKind::Move)
            .count();
        assert_eq!(moves, 2 * (3 * 3 - 1));
        assert!(scored
            .iter()
            .all(|e| solver.score(e.position) == Some(e.score)));
    }

    /// Every step's report and events, recorded, until the analysis is done.
    fn run_recorded(
        solver: &mut LayeredSolver<Strip>,
    ) -> Vec<(Progress<ScoredCounts>, Vec<ScoredEvent>)> {
        solver.set_recording(true);
        let mut steps = Vec::new();
        loop {
            let progress = solver.step(2);
            steps.push((progress, solver.events().to_vec()));
            if progress.done {
                return steps;
            }
        }
    }

    #[test]
    fn reset_runs_the_analysis_again_step_for_step() {
        // The page rewinds a scored analysis by resetting it and running it again.
        let mut solver = LayeredSolver::new(Strip { width: 3, depth: 5 });
        let first = run_recorded(&mut solver);
        let scores = solver.scores().to_vec();
        solver.reset();
        assert!(solver.scores().iter().all(|&s| s == UNSCORED));
        assert_eq!(solver.decided_order(), []);
        assert_eq!(solver.events(), []);
        let progress = solver.progress();
        assert_eq!(
            (progress.phase, progress.step, progress.done),
            (Phase::Scan, 0, false)
        );
        assert_eq!(run_recorded(&mut solver), first);
        assert_eq!(solver.scores(), scores);
    }

    #[test]
    fn bytes_needed_is_what_a_prepared_solver_holds() {
        // The figure the limits, the page's live solving and a refusal's message quote.
        let solver = LayeredSolver::reserved(Strip { width: 3, depth: 7 }).unwrap();
        let held = memory::bytes_of::<Score>(solver.scores.capacity())
            + memory::bytes_of::<Position>(solver.order.capacity());
        assert_eq!(held, bytes_needed(21));
        assert_eq!(held, 21 * 8);
    }

    #[test]
    fn an_empty_game_is_done_at_once() {
        let mut solver = LayeredSolver::new(Strip { width: 0, depth: 3 });
        let progress = solver.step(1);
        assert!(progress.done);
        assert_eq!((progress.total, progress.decided), (0, 0));
    }
}
