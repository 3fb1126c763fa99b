//! The size of a position's whole proof, counted a slice at a time.
//!
//! The proof of a 16×16 river position can hold millions of positions, so it is never
//! built; [`ProofWalk`] visits it instead, a bounded number
//! of positions per [`ProofWalk::step`], with one bit per position and strategy to know
//! what it has seen. It counts the distinct positions and the moves of the proof:
//!
//! - a win or a loss: the winner's strategy ([`super::follow`]) — and the loser's longest
//!   line in it. Every move of such a proof goes to a position strictly closer to the
//!   end, so the walk takes positions in order of remoteness, highest first: each one
//!   comes after every position of the proof that leads to it, and the longest line from
//!   the root to it is known when it is taken (a longest path in a DAG, without storing
//!   the DAG). On a consistent table that line is exactly the root's remoteness;
//! - a tie: the tie region reachable from it — the ties best play can reach, both sides
//!   keeping the tie — whose membership [`ProofWalk::covers`] answers once done;
//! - a scored position: the first player's strategy that makes at least its score and
//!   the second player's that holds it to at most its score, together (one position or
//!   move counted once even when both strategies hold it).

use std::collections::HashMap;

use super::{decided, follow, followed, solved, ExplainError, Strategy};
use crate::analysis::{Analysis, Worth};
use crate::game::{Player, Position, Value};
use crate::memory::{self, bytes_of, OutOfMemory};

/// Where a walk stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkProgress {
    /// Distinct positions of the proof found so far.
    pub positions: u64,
    /// Moves of the proof found so far.
    pub moves: u64,
    /// Once done, for a win or a loss: the most moves the loser can make the game last
    /// against the winner's strategy (the longest line of the proof).
    pub longest: Option<u32>,
    /// True once the whole proof has been walked.
    pub done: bool,
}

/// A walk over a proof, a slice at a time.
#[derive(Clone, Debug)]
pub struct ProofWalk {
    total: usize,
    strategies: Vec<Strategy>,
    /// Per strategy, two bits per position: queued, then taken.
    bits: Vec<u64>,
    /// Positions waiting with their strategy, by key: remoteness for a win or a loss,
    /// one bucket otherwise. Taken from the highest key down.
    buckets: Vec<Vec<(Position, u8)>>,
    top: usize,
    /// A win or a loss: the longest line from the root to each waiting position.
    lines: Option<HashMap<Position, u32>>,
    positions: u64,
    moves: u64,
    longest: u32,
    /// A move went to a position no closer to the end: the table is not consistent, and
    /// the longest line is not known.
    irregular: bool,
}

/// What a position's remoteness is as a bucket: its remoteness for a win or a loss, 0
/// otherwise.
fn key(worth: Worth) -> usize {
    match worth {
        Worth::Valued(o) if o.value != Value::Tie => usize::from(o.remoteness),
        _ => 0,
    }
}

impl ProofWalk {
    /// A walk over the proof of `root`, nothing walked yet.
    ///
    /// # Errors
    /// If the analysis is not finished or `root` is no position of it, or the memory of
    /// its bits (two per position and strategy) cannot be had.
    pub fn new(analysis: &dyn Analysis, root: Position) -> Result<ProofWalk, ExplainError> {
        let (worth, _) = decided(solved(analysis)?, root)?;
        let strategies = match worth {
            Worth::Valued(_) => vec![Strategy::Valued],
            Worth::Scored(_) => vec![
                Strategy::Scored(Player::First),
                Strategy::Scored(Player::Second),
            ],
        };
        let total = analysis.num_positions();
        let valued_line = matches!(worth, Worth::Valued(o) if o.value != Value::Tie);
        let words = (2 * strategies.len() * total).div_ceil(64);
        let bits = memory::filled(words, 0)
            .map_err(|_| ExplainError::Memory(OutOfMemory::needing(bytes_of::<u64>(words))))?;
        let mut walk = ProofWalk {
            total,
            bits,
            buckets: vec![Vec::new(); key(worth) + 1],
            top: key(worth),
            lines: valued_line.then(HashMap::new),
            strategies,
            positions: 0,
            moves: 0,
            longest: 0,
            irregular: false,
        };
        for s in 0..walk.strategies.len() {
            walk.push(root, s, 0, key(worth))?;
        }
        Ok(walk)
    }

    /// Whether `pos` belongs to the proof found so far (a tie's region, once done).
    pub fn covers(&self, pos: Position) -> bool {
        (pos as usize) < self.total
            && (0..self.strategies.len()).any(|s| self.bit(self.queued(s, pos)))
    }

    /// Walks up to `budget` more positions of the proof and reports where the walk stands.
    ///
    /// # Errors
    /// If `analysis` is not the one the walk was made for, or the queue of the proof's
    /// positions cannot grow (the walk cannot go on).
    pub fn step(
        &mut self,
        analysis: &dyn Analysis,
        budget: usize,
    ) -> Result<WalkProgress, ExplainError> {
        if solved(analysis)?.num_positions() != self.total {
            return Err(ExplainError::OtherAnalysis);
        }
        for _ in 0..budget {
            let Some((pos, s)) = self.pop() else { break };
            self.visit(analysis, pos, usize::from(s))?;
        }
        Ok(self.progress())
    }

    /// Walks for as long as `time_up()` says, asked between chunks of positions.
    ///
    /// # Errors
    /// As [`ProofWalk::step`].
    pub fn run_for(
        &mut self,
        analysis: &dyn Analysis,
        time_up: impl FnMut() -> bool,
    ) -> Result<WalkProgress, ExplainError> {
        /// Positions between two looks at the clock (well under a millisecond).
        const CHUNK: usize = 256;
        super::run_for(CHUNK, |n| self.step(analysis, n), |p| p.done, time_up)
    }

    /// The current report.
    pub fn progress(&self) -> WalkProgress {
        let done = self.buckets.iter().all(Vec::is_empty);
        WalkProgress {
            positions: self.positions,
            moves: self.moves,
            longest: (done && self.lines.is_some() && !self.irregular).then_some(self.longest),
            done,
        }
    }

    /// Takes `pos` for strategy `s`: counts the moves its proof follows, queues their
    /// positions.
    fn visit(
        &mut self,
        analysis: &dyn Analysis,
        pos: Position,
        s: usize,
    ) -> Result<(), ExplainError> {
        let (worth, to_move) = decided(analysis, pos)?;
        let line = self
            .lines
            .as_mut()
            .map_or(0, |lines| lines.remove(&pos).unwrap_or(0));
        self.longest = self.longest.max(line);
        let moves = analysis.moves(pos);
        let has_moves = !moves.is_empty();
        let kept = followed(moves, follow(self.strategies[s], worth, to_move));
        self.moves += kept.len() as u64;
        let taken = self.taken(s, pos);
        self.set(taken);
        // Held by both strategies: one follows the best move, the other every move, so
        // together they follow every move, the best one once.
        let other = 1 - s;
        if other < self.strategies.len() && self.bit(self.taken(other, pos)) && has_moves {
            self.moves -= 1;
        }
        for m in kept {
            let child = analysis.outcome(m.child).ok_or(ExplainError::Unsolved)?;
            // Taken highest key first: a move must lead below the key being taken.
            let mut below = key(child);
            if below >= self.top && self.lines.is_some() {
                self.irregular = true;
                below = self.top;
            }
            self.push(m.child, s, line + 1, below)?;
        }
        Ok(())
    }

    /// Queues `pos` for strategy `s`, `line` moves from the root, unless it is queued
    /// already (then only its longest line grows).
    ///
    /// # Errors
    /// When the queue cannot grow: the proof of a large board holds millions of
    /// positions.
    fn push(&mut self, pos: Position, s: usize, line: u32, key: usize) -> Result<(), ExplainError> {
        let queued = self.queued(s, pos);
        if self.bit(queued) {
            if let Some(known) = self.lines.as_mut().and_then(|lines| lines.get_mut(&pos)) {
                *known = (*known).max(line);
            }
            return Ok(());
        }
        let lines_room = self.lines.as_mut().map_or(Ok(()), |lines| {
            let bytes = bytes_of::<(Position, u32)>(lines.len() + 1);
            lines
                .try_reserve(1)
                .map_err(|_| OutOfMemory::needing(bytes))
        });
        lines_room
            .and_then(|()| memory::reserve(&mut self.buckets[key], 1))
            .map_err(ExplainError::Memory)?;
        self.set(queued);
        let elsewhere = (0..self.strategies.len()).any(|t| t != s && self.bit(self.queued(t, pos)));
        if !elsewhere {
            self.positions += 1;
        }
        self.buckets[key].push((pos, s as u8));
        if let Some(lines) = self.lines.as_mut() {
            lines.insert(pos, line);
        }
        Ok(())
    }

    /// The next position to take: from the highest non-empty bucket.
    fn pop(&mut self) -> Option<(Position, u8)> {
        while self.buckets[self.top].is_empty() {
            if self.top == 0 {
                return None;
            }
            self.top -= 1;
        }
        self.buckets[self.top].pop()
    }

    /// The bit saying `pos` is queued for strategy `s`.
    fn queued(&self, s: usize, pos: Position) -> usize {
        2 * s * self.total + pos as usize
    }

    /// The bit saying `pos` has been taken for strategy `s`.
    fn taken(&self, s: usize, pos: Position) -> usize {
        (2 * s + 1) * self.total + pos as usize
    }

    fn bit(&self, i: usize) -> bool {
        self.bits[i / 64] >> (i % 64) & 1 == 1
    }

    fn set(&mut self, i: usize) {
        self.bits[i / 64] |= 1 << (i % 64);
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeSet, HashMap};

    use super::*;
    use crate::explain::testing::{solved, RIVER_SAMPLES};
    use crate::explain::Follow;

    /// The proof by plain recursion: positions and moves (as pairs) reachable from `root`
    /// following `rule(position)`'s number of moves in the engine's order (`None`: the
    /// moves to ties).
    fn closure(
        analysis: &dyn Analysis,
        root: Position,
        rule: impl Fn(Position) -> Follow,
    ) -> (BTreeSet<Position>, BTreeSet<(Position, Position)>) {
        let mut seen = BTreeSet::new();
        let mut edges = BTreeSet::new();
        let mut stack = vec![root];
        while let Some(pos) = stack.pop() {
            if !seen.insert(pos) {
                continue;
            }
            for m in followed(analysis.moves(pos), rule(pos)) {
                edges.insert((pos, m.child));
                stack.push(m.child);
            }
        }
        (seen, edges)
    }

    /// The longest line from `pos` through `edges`, by memoised recursion.
    fn longest(
        pos: Position,
        edges: &BTreeSet<(Position, Position)>,
        memo: &mut HashMap<Position, u32>,
    ) -> u32 {
        if let Some(&n) = memo.get(&pos) {
            return n;
        }
        let children: Vec<Position> = edges
            .range((pos, 0)..=(pos, Position::MAX))
            .map(|e| e.1)
            .collect();
        let n = children
            .iter()
            .map(|&c| 1 + longest(c, edges, memo))
            .max()
            .unwrap_or(0);
        memo.insert(pos, n);
        n
    }

    fn walk_all(
        analysis: &dyn Analysis,
        root: Position,
        budget: usize,
    ) -> (ProofWalk, WalkProgress) {
        let mut walk = ProofWalk::new(analysis, root).unwrap();
        loop {
            let progress = walk.step(analysis, budget).unwrap();
            if progress.done {
                return (walk, progress);
            }
        }
    }

    fn rule_of(analysis: &dyn Analysis, strategy: Strategy) -> impl Fn(Position) -> Follow + '_ {
        move |pos| {
            let worth = analysis.outcome(pos).unwrap();
            follow(strategy, worth, analysis.side_to_move(pos).unwrap())
        }
    }

    #[test]
    fn wins_and_losses_count_the_naive_proof_and_its_longest_line() {
        for text in RIVER_SAMPLES {
            let analysis = solved("river", text);
            // Every position of a few slices through the start, as roots.
            let mut roots = vec![analysis.start()];
            for piece in 0..3 {
                roots.extend(
                    analysis
                        .slice(analysis.start(), piece)
                        .unwrap()
                        .into_iter()
                        .flatten(),
                );
            }
            for root in roots {
                let Some(Worth::Valued(o)) = analysis.outcome(root) else {
                    panic!()
                };
                for budget in [1, 7, usize::MAX] {
                    let (walk, progress) = walk_all(&*analysis, root, budget);
                    let (nodes, edges) =
                        closure(&*analysis, root, rule_of(&*analysis, Strategy::Valued));
                    assert_eq!(progress.positions, nodes.len() as u64, "{text} root {root}");
                    assert_eq!(progress.moves, edges.len() as u64, "{text} root {root}");
                    assert!(nodes.iter().all(|&p| walk.covers(p)));
                    if o.value == Value::Tie {
                        assert_eq!(progress.longest, None, "a tie region has cycles");
                        assert!(nodes.iter().all(|&p| matches!(analysis.outcome(p), Some(Worth::Valued(c)) if c.value == Value::Tie)));
                    } else {
                        let naive = longest(root, &edges, &mut HashMap::new());
                        assert_eq!(progress.longest, Some(naive), "{text} root {root}");
                        assert_eq!(
                            naive,
                            u32::from(o.remoteness),
                            "the loser's longest line is the remoteness"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_scored_proof_is_both_players_strategies_together() {
        for text in [
            "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n",
            "3 4\n1 2 3 4\n5 6 7 8\n9 8 7 6\n0 1 0 1\n1 0 1 0\n2 2 2 2\n",
        ] {
            let analysis = solved("tableau", text);
            let root = analysis.start();
            let (a_nodes, a_edges) = closure(
                &*analysis,
                root,
                rule_of(&*analysis, Strategy::Scored(Player::First)),
            );
            let (b_nodes, b_edges) = closure(
                &*analysis,
                root,
                rule_of(&*analysis, Strategy::Scored(Player::Second)),
            );
            for budget in [1, 3, usize::MAX] {
                let (walk, progress) = walk_all(&*analysis, root, budget);
                assert_eq!(
                    progress.positions,
                    a_nodes.union(&b_nodes).count() as u64,
                    "{text}"
                );
                assert_eq!(
                    progress.moves,
                    a_edges.union(&b_edges).count() as u64,
                    "{text}"
                );
                assert_eq!(progress.longest, None);
                assert!(a_nodes.iter().chain(&b_nodes).all(|&p| walk.covers(p)));
            }
            assert!(
                a_nodes.len() < analysis.num_positions(),
                "{text}: a proof, not the whole game"
            );
        }
    }

    #[test]
    fn a_table_whose_remoteness_does_not_fall_has_no_longest_line() {
        use crate::games::river::River;
        use crate::record::pack;
        use crate::{Game, Solver};
        let mut solver = Solver::new(River::new(RIVER_SAMPLES[4].parse().unwrap()));
        solver.solve().unwrap();
        let start = solver.game().start();
        // Every move of the loser's position after the winner's best move is in the proof;
        // one of them now claims to lead further from the end than the start.
        let lost = Analysis::moves(&solver, start)[0].child;
        let reply = Analysis::moves(&solver, lost)[0].child;
        solver.records_mut()[reply as usize] = pack(Value::Win, 90);
        let mut walk = ProofWalk::new(&solver, start).unwrap();
        let progress = walk.run_for(&solver, || false).unwrap();
        assert!(progress.done);
        assert_eq!(progress.longest, None, "no longest line is claimed");
        assert!(progress.positions > 1);
    }

    #[test]
    fn a_walk_refuses_another_analysis() {
        let analysis = solved("river", RIVER_SAMPLES[4]);
        let mut walk = ProofWalk::new(&*analysis, analysis.start()).unwrap();
        let other = solved("river", RIVER_SAMPLES[1]);
        assert_eq!(
            walk.step(&*other, 10).err(),
            Some(ExplainError::OtherAnalysis)
        );
        assert!(!walk.covers(analysis.num_positions() as Position));
        let progress = walk.run_for(&*analysis, || false).unwrap();
        assert!(progress.done && progress.longest == Some(75));
    }
}
