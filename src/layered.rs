//! The backward layered solver for scored acyclic games (tableau), step by step.
//!
//! A [`LayeredGame`]'s positions fall into layers `0..num_layers()`, and every move goes
//! from a layer to the next one, so play always ends. Each move scores points for the
//! first player (a negative gain favours the second). The score of a position is the
//! first player's total minus the second's from that position on, under optimal play:
//! the first player maximises it, the second minimises it; a position without moves
//! scores 0.
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

use crate::game::{Move, Player, Position};
use crate::retro::SCAN_PER_UNIT;

/// A score: the first player's points minus the second's. Games bound their inputs so
/// that every total along a line of play fits.
pub type Score = i32;

/// What [`LayeredSolver::scores`] holds for a position not scored yet.
pub const UNSCORED: Score = Score::MIN;

/// Rules of a scored two-player game whose moves go from one layer to the next.
///
/// Contract (checked by [`check_layers`]): every position's layer is below
/// `num_layers()`; every move of a position in layer `k` leads to a distinct position in
/// layer `k + 1`; every total of gains along a line of play lies strictly between
/// [`UNSCORED`] and `Score::MAX`.
pub trait LayeredGame {
    /// Number of positions; indexes run over `0..num_positions()`.
    fn num_positions(&self) -> usize;

    /// Number of layers.
    fn num_layers(&self) -> usize;

    /// The layer of `pos`.
    fn layer(&self, pos: Position) -> usize;

    /// The position the game starts from.
    fn start(&self) -> Position;

    /// Whose turn it is in `pos`: the first player maximises the score, the second
    /// minimises it.
    fn to_move(&self, pos: Position) -> Player;

    /// Calls `f(move, child, gain)` for every legal move of `pos`; `gain` is what the
    /// move scores, counted for the first player.
    fn for_each_move(&self, pos: Position, f: impl FnMut(Move, Position, Score));
}

/// Checks the layering contract of [`LayeredGame`] on every position (not the score
/// bound). Returns a description of the first violation; meant for tests.
pub fn check_layers<G: LayeredGame>(game: &G) -> Result<(), String> {
    let total = u32::try_from(game.num_positions()).map_err(|_| "too many positions")?;
    if game.start() >= total {
        return Err(format!("start {} out of range", game.start()));
    }
    let mut children = Vec::new();
    for pos in 0..total {
        let layer = game.layer(pos);
        if layer >= game.num_layers() {
            return Err(format!("position {pos}: layer {layer} out of range"));
        }
        children.clear();
        game.for_each_move(pos, |_, child, _| children.push(child));
        let moves = children.len();
        children.sort_unstable();
        children.dedup();
        if children.len() != moves {
            return Err(format!("position {pos}: repeated child"));
        }
        for &child in &children {
            if child >= total {
                return Err(format!("position {pos}: child {child} out of range"));
            }
            if game.layer(child) != layer + 1 {
                return Err(format!(
                    "position {pos} in layer {layer}: child {child} in layer {}",
                    game.layer(child)
                ));
            }
        }
    }
    Ok(())
}

/// Where the analysis stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Finding each position's layer and sorting the positions by layer.
    Scan,
    /// Scoring the positions, last layer first.
    Propagate,
    /// Every position is scored.
    Done,
}

/// A small report after each [`LayeredSolver::step`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Current phase.
    pub phase: Phase,
    /// Number of positions.
    pub total: u64,
    /// Positions scored.
    pub decided: u64,
    /// The layer being scored (the frontier); the last layer during the scan, 0 at the end.
    pub layer: u32,
    /// Number of layers.
    pub layers: u32,
    /// True once every position is scored.
    pub done: bool,
}

/// What happened while scoring one position, recorded when
/// [`LayeredSolver::set_recording`] is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum EventKind {
    /// A move of the position being scored was looked at: `position` is its child,
    /// `score` what the move leads to (its gain plus the child's score).
    Move = 0,
    /// `position` got its final `score`; the `Move` events just before it are its moves.
    Scored = 1,
}

/// One entry of the event buffer: three 32-bit words (kind, position, score), so the page
/// can view the buffer as an `Int32Array` of triples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Event {
    /// What happened.
    pub kind: EventKind,
    /// The position it happened to.
    pub position: Position,
    /// A score, see [`EventKind`].
    pub score: Score,
}

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
    events: Vec<Event>,
}

impl<G: LayeredGame> LayeredSolver<G> {
    /// Prepares the analysis of `game`; no position is examined yet.
    ///
    /// Allocates eight bytes per position: a score and a place in the layer order.
    ///
    /// # Panics
    /// If the game has more than `u32::MAX` positions (games bound their sizes first).
    pub fn new(game: G) -> Self {
        let total = game.num_positions();
        assert!(u32::try_from(total).is_ok(), "too many positions");
        let layers = game.num_layers();
        LayeredSolver {
            game,
            scores: vec![UNSCORED; total],
            order: vec![0; total],
            sizes: vec![0; layers],
            starts: Vec::new(),
            fill: Vec::new(),
            phase: Phase::Scan,
            cursor: 0,
            layer: layers.saturating_sub(1),
            recording: false,
            events: Vec::new(),
        }
    }

    /// The game being analysed.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Turns event recording on or off (off by default). While on, each
    /// [`LayeredSolver::step`] replaces [`LayeredSolver::events`] with what it did.
    pub fn set_recording(&mut self, on: bool) {
        self.recording = on;
        self.events.clear();
    }

    /// Events of the last step (empty unless recording).
    pub fn events(&self) -> &[Event] {
        &self.events
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

    /// Runs the analysis to the end.
    pub fn solve(&mut self) {
        while !self.step(usize::MAX).done {}
    }

    /// Does at most `budget` units of work — one unit scores one position, or scans
    /// [`SCAN_PER_UNIT`] positions — and reports where it stands.
    pub fn step(&mut self, budget: usize) -> Progress {
        if self.recording {
            self.events.clear();
            self.run::<true>(budget);
        } else {
            self.run::<false>(budget);
        }
        self.progress()
    }

    /// The current report.
    pub fn progress(&self) -> Progress {
        Progress {
            phase: self.phase,
            total: self.scores.len() as u64,
            decided: self.decided_order().len() as u64,
            layer: self.layer as u32,
            layers: self.sizes.len() as u32,
            done: self.phase == Phase::Done,
        }
    }

    fn run<const RECORD: bool>(&mut self, mut budget: usize) {
        while budget > 0 {
            budget = match self.phase {
                Phase::Scan => self.scan(budget),
                Phase::Propagate => self.propagate::<RECORD>(budget),
                Phase::Done => return,
            };
        }
    }

    /// Scans up to `budget` units: the first pass counts positions per layer, the second
    /// places each position in `order`. Returns the budget left.
    fn scan(&mut self, budget: usize) -> usize {
        let total = self.scores.len();
        let begin = self.cursor;
        let end = (2 * total).min(begin.saturating_add(budget.saturating_mul(SCAN_PER_UNIT)));
        for pos in begin.min(total)..end.min(total) {
            self.sizes[self.game.layer(pos as Position)] += 1;
        }
        if (begin < total || total == 0) && end >= total {
            self.starts = self.layer_offsets();
            self.fill.clone_from(&self.starts);
        }
        for pos in begin.max(total) - total..end.max(total) - total {
            let slot = &mut self.fill[self.game.layer(pos as Position)];
            self.order[*slot] = pos as Position;
            *slot += 1;
        }
        self.cursor = end;
        if end == 2 * total {
            self.phase = Phase::Propagate;
            self.cursor = 0;
            self.fill = Vec::new();
            self.skip_finished_layers();
        }
        budget.saturating_sub((end - begin).div_ceil(SCAN_PER_UNIT).max(1))
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

    /// Scores up to `budget` positions; returns the budget left.
    fn propagate<const RECORD: bool>(&mut self, mut budget: usize) -> usize {
        while budget > 0 && self.phase == Phase::Propagate {
            let layer_end = self.starts[self.layer] + self.sizes[self.layer] as usize;
            let stop = layer_end.min(self.cursor.saturating_add(budget));
            for index in self.cursor..stop {
                self.score_position::<RECORD>(self.order[index]);
            }
            budget -= stop - self.cursor;
            self.cursor = stop;
            self.skip_finished_layers();
        }
        budget
    }

    /// Scores `pos` from its (already scored) children.
    #[inline]
    fn score_position<const RECORD: bool>(&mut self, pos: Position) {
        let maximise = self.game.to_move(pos) == Player::First;
        let scores = &self.scores;
        let events = &mut self.events;
        let mut best = None::<Score>;
        self.game.for_each_move(pos, |_, child, gain| {
            let score = gain + scores[child as usize];
            if RECORD {
                events.push(Event {
                    kind: EventKind::Move,
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
            self.events.push(Event {
                kind: EventKind::Scored,
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
        let first = self.game.to_move(pos) == Player::First;
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
