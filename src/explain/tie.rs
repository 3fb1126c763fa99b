//! A tie explained: the cycle best play runs into, and every way out of it.
//!
//! From a tie, best play keeps to ties (a move to anything else loses: a tie has no
//! winning move). Following the engine's best move from each position — the same line
//! the replay shows ([`Analysis::optimal_line`]) — play must come back to a position it
//! has already passed, as there are finitely many; from there it can go round the same
//! cycle forever. A side that leaves the cycle's ties moves to a position won for the
//! other side: those are the ways out, each with what it costs.

use super::{decided, solved, ExplainError};
use crate::analysis::{Analysis, MoveView, Worth};
use crate::game::{Position, Value};

/// The line of best play from a tie into its cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TieLine {
    /// The moves from the tie until play comes back to a position already on the line;
    /// `positions[i]` is the position before move `i`, the start first.
    pub moves: Vec<MoveView>,
    /// The positions on the line: the start, then each move's child. The last one is
    /// `positions[cycle_start]` again.
    pub positions: Vec<Position>,
    /// Where the cycle begins: the cycle is `moves[cycle_start..]`, of
    /// `moves.len() - cycle_start` moves.
    pub cycle_start: usize,
    /// Every move from a position of the line that leaves the ties (the last position
    /// excepted: it is `positions[cycle_start]`), in the line's order, the slowest loss
    /// first at each position.
    pub ways_out: Vec<WayOut>,
}

impl TieLine {
    /// Moves in the cycle.
    pub fn cycle_len(&self) -> usize {
        self.moves.len() - self.cycle_start
    }
}

/// A move out of a tie, from a position of the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WayOut {
    /// The position it is played from, as an index into [`TieLine::positions`].
    pub at: usize,
    /// The move, with its worth for the side making it (a loss: the other side then wins).
    pub mv: MoveView,
}

/// The tie line of `pos`; `None` when `pos` is not a tie (or the table gives no cycle).
///
/// # Errors
/// If the analysis is not finished or `pos` is no position of it.
pub fn tie_line(analysis: &dyn Analysis, pos: Position) -> Result<Option<TieLine>, ExplainError> {
    let (worth, _) = decided(solved(analysis)?, pos)?;
    if !matches!(worth, Worth::Valued(o) if o.value == Value::Tie) {
        return Ok(None);
    }
    let moves = analysis.optimal_line(pos);
    let positions: Vec<Position> = std::iter::once(pos)
        .chain(moves.iter().map(|m| m.child))
        .collect();
    let Some((&last, before)) = positions.split_last() else {
        return Ok(None);
    };
    let Some(cycle_start) = before.iter().position(|&p| p == last) else {
        return Ok(None);
    };
    let ways_out = before
        .iter()
        .enumerate()
        .flat_map(|(at, &p)| {
            let leaving = analysis.moves(p).into_iter().filter(|m| !is_tie(m));
            leaving.map(move |mv| WayOut { at, mv })
        })
        .collect();
    Ok(Some(TieLine {
        moves,
        positions,
        cycle_start,
        ways_out,
    }))
}

fn is_tie(m: &MoveView) -> bool {
    matches!(m.worth, Some(Worth::Valued(o)) if o.value == Value::Tie)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::testing::{solved, RIVER_SAMPLES};

    #[test]
    fn the_tie_sample_runs_into_a_cycle_that_repeats_a_position() {
        let analysis = solved("river", RIVER_SAMPLES[3]);
        let line = tie_line(&*analysis, analysis.start())
            .unwrap()
            .expect("sample 4 is a tie");
        let n = line.moves.len();
        assert_eq!(line.positions.len(), n + 1);
        assert_eq!(line.positions[0], analysis.start());
        assert!(
            line.cycle_len() >= 2,
            "a side to move alternates: a cycle has at least two moves"
        );
        assert_eq!(line.cycle_len() % 2, 0, "back to the same side to move");
        // Walk the cycle with the game's own moves: each move is legal from its position,
        // keeps the tie, and the walk comes back where it started.
        let mut pos = line.positions[line.cycle_start];
        for m in &line.moves[line.cycle_start..] {
            let legal = analysis.moves(pos);
            assert!(legal.iter().any(|l| l.mv == m.mv && l.child == m.child));
            assert!(is_tie(m));
            pos = m.child;
        }
        assert_eq!(pos, line.positions[line.cycle_start]);
        // The positions before the last are all different.
        let distinct: std::collections::BTreeSet<_> = line.positions[..n].iter().collect();
        assert_eq!(distinct.len(), n);
        // Every way out loses for the side taking it, and is a move of its position.
        assert!(
            !line.ways_out.is_empty(),
            "red could walk into black's reach"
        );
        for way in &line.ways_out {
            let Some(Worth::Valued(o)) = way.mv.worth else {
                panic!()
            };
            assert_eq!(o.value, Value::Lose);
            assert!(analysis.moves(line.positions[way.at]).contains(&way.mv));
        }
        let exits: usize = line.positions[..n]
            .iter()
            .map(|&p| analysis.moves(p).iter().filter(|m| !is_tie(m)).count())
            .sum();
        assert_eq!(line.ways_out.len(), exits, "every way out is listed");
    }

    #[test]
    fn wins_and_losses_have_no_tie_line() {
        let analysis = solved("river", RIVER_SAMPLES[4]);
        assert_eq!(tie_line(&*analysis, analysis.start()), Ok(None));
    }
}
