//! Drill positions: positions of a solved table where exactly one move is right, for the
//! page's "find the only winning move" drills. The search looks at a bounded number of
//! positions per call, so the page can run it in slices over a table of millions.

use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::analysis::{Analysis, MoveView, Worth};
use crate::{Position, Value};

/// What a drill asks of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// Win/lose games, a won position: the one move that keeps the win.
    OnlyWin,
    /// Win/lose games, a lost position: the one move that holds out longest.
    LongestDefence,
    /// Scored games: the one move that keeps the best score.
    OnlyBest,
}

impl FromStr for Task {
    type Err = String;

    /// `only-win`, `longest-defence` or `only-best`.
    fn from_str(name: &str) -> Result<Task, String> {
        match name {
            "only-win" => Ok(Task::OnlyWin),
            "longest-defence" => Ok(Task::LongestDefence),
            "only-best" => Ok(Task::OnlyBest),
            _ => Err(format!(
                "unknown drill {name:?} (only-win, longest-defence or only-best)"
            )),
        }
    }
}

/// A drill position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drill {
    /// The position.
    pub position: Position,
    /// Its moves that are right (1: the drills ask for the only one).
    pub answers: usize,
    /// All its moves.
    pub moves: usize,
    /// Moves to the end with best play (scored games: moves left to fill the board).
    pub remoteness: u32,
}

/// What one call of [`search`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The first drill position looked at, if any.
    pub drill: Option<Drill>,
    /// Where to go on from: after the drill, or after the last position looked at.
    pub next: usize,
}

/// Looks at up to `budget` positions from `from` on (in index order, without wrapping)
/// for a position where `task` has exactly one right move among at least two, with
/// best play `remoteness` moves from the end (inclusive).
pub fn search(
    analysis: &dyn Analysis,
    task: Task,
    remoteness: RangeInclusive<u32>,
    from: usize,
    budget: usize,
) -> Found {
    let end = analysis.num_positions().min(from.saturating_add(budget));
    for index in from..end {
        let position = index as Position;
        let Some(worth) = analysis.outcome(position) else {
            continue;
        };
        let Some(moves_left) = wanted(analysis, task, position, worth) else {
            continue;
        };
        if !remoteness.contains(&moves_left) {
            continue;
        }
        let moves = analysis.moves(position);
        let answers = right_moves(task, &moves);
        if answers == 1 && moves.len() >= 2 {
            let drill = Drill {
                position,
                answers,
                moves: moves.len(),
                remoteness: moves_left,
            };
            return Found {
                drill: Some(drill),
                next: index + 1,
            };
        }
    }
    Found {
        drill: None,
        next: end.max(from),
    }
}

/// The moves to the end of `position`, worth `worth`, if `task` asks about such a
/// position (a win, a loss, any scored position).
fn wanted(analysis: &dyn Analysis, task: Task, position: Position, worth: Worth) -> Option<u32> {
    match (task, worth) {
        (Task::OnlyWin, Worth::Valued(o)) if o.value == Value::Win => Some(o.remoteness.into()),
        (Task::LongestDefence, Worth::Valued(o)) if o.value == Value::Lose => {
            Some(o.remoteness.into())
        }
        (Task::OnlyBest, Worth::Scored(_)) => {
            let (rows, cols) = analysis.board().size();
            let stones = analysis.pieces(position).ok()?.len();
            Some(u32::from(rows) * u32::from(cols) - stones as u32)
        }
        _ => None,
    }
}

/// How many of `moves` (best first, as [`Analysis::moves`] gives them) are right for
/// `task`: those that win, or those as good as the best.
pub fn right_moves(task: Task, moves: &[MoveView]) -> usize {
    let best = moves.first().and_then(|m| m.worth);
    moves
        .iter()
        .filter(|m| match (task, m.worth) {
            (Task::OnlyWin, Some(Worth::Valued(o))) => o.value == Value::Win,
            (_, worth) => worth.is_some() && worth == best,
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Built;

    fn solved(game: &str, text: &str) -> Box<dyn Analysis> {
        let mut analysis = Built::parse(game, text).unwrap().analysis().unwrap();
        while !analysis.run_for(usize::MAX, || false).unwrap().done {}
        analysis
    }

    /// Every drill of `task` in the whole table, found in slices of `budget`.
    fn all(
        analysis: &dyn Analysis,
        task: Task,
        range: RangeInclusive<u32>,
        budget: usize,
    ) -> Vec<Drill> {
        let mut found = Vec::new();
        let mut from = 0;
        while from < analysis.num_positions() {
            let f = search(analysis, task, range.clone(), from, budget);
            assert!(f.next > from, "the search moves on");
            assert!(f.next - from <= budget, "at most the budget is looked at");
            found.extend(f.drill);
            from = f.next;
        }
        found
    }

    /// The drills of `task` by brute force: every position, its outcome and each child's.
    fn naive(analysis: &dyn Analysis, task: Task, range: RangeInclusive<u32>) -> Vec<Position> {
        (0..analysis.num_positions() as Position)
            .filter(|&pos| {
                let moves = analysis.moves(pos);
                let children: Vec<Worth> = moves.iter().map(|m| analysis.outcome(m.child).unwrap()).collect();
                let here = analysis.outcome(pos).unwrap();
                let (right, left) = match (task, here) {
                    (Task::OnlyWin, Worth::Valued(o)) if o.value == Value::Win => {
                        // A move keeps the win when the child is lost for its side to move.
                        let right = children.iter().filter(|c| matches!(c, Worth::Valued(c) if c.value == Value::Lose)).count();
                        (right, u32::from(o.remoteness))
                    }
                    (Task::LongestDefence, Worth::Valued(o)) if o.value == Value::Lose => {
                        // Every child is a win for the opponent; the longest holds out longest.
                        let longest = children.iter().filter(|c| matches!(c, Worth::Valued(c) if c.remoteness + 1 == o.remoteness)).count();
                        (longest, u32::from(o.remoteness))
                    }
                    _ => return false,
                };
                right == 1 && moves.len() >= 2 && range.contains(&left)
            })
            .collect()
    }

    #[test]
    fn drills_are_the_positions_with_exactly_one_right_move() {
        let river = solved("river", ".....\n.....\n..O..\n#..#.\nO#.X.\n");
        for task in [Task::OnlyWin, Task::LongestDefence] {
            for range in [1..=4, 5..=12, 1..=u32::MAX] {
                let found = all(&*river, task, range.clone(), 997);
                let positions: Vec<Position> = found.iter().map(|d| d.position).collect();
                assert_eq!(
                    positions,
                    naive(&*river, task, range.clone()),
                    "{task:?} {range:?}"
                );
                assert!(found
                    .iter()
                    .all(|d| d.answers == 1 && d.moves >= 2 && range.contains(&d.remoteness)));
            }
            assert!(
                !all(&*river, task, 1..=u32::MAX, 5000).is_empty(),
                "{task:?}: the board has some"
            );
        }
        let chase = solved("chase", "....\n.W..\n....\n...B\n");
        assert_eq!(
            all(&*chase, Task::OnlyWin, 1..=99, 100)
                .iter()
                .map(|d| d.position)
                .collect::<Vec<_>>(),
            naive(&*chase, Task::OnlyWin, 1..=99)
        );
    }

    #[test]
    fn scored_drills_have_one_best_move() {
        let tableau = solved("tableau", "3 3\n5 1 9\n2 8 3\n7 4 6\n3 9 1\n8 2 7\n4 6 5\n");
        let found = all(&*tableau, Task::OnlyBest, 2..=9, 7);
        assert!(!found.is_empty());
        for drill in &found {
            let moves = tableau.moves(drill.position);
            let scores: Vec<_> = moves.iter().map(|m| m.worth.unwrap()).collect();
            assert_eq!(
                scores.iter().filter(|&&s| s == scores[0]).count(),
                1,
                "{scores:?}"
            );
            assert_eq!(
                drill.remoteness,
                9 - tableau.pieces(drill.position).unwrap().len() as u32
            );
        }
        assert!(
            all(&*tableau, Task::OnlyWin, 1..=99, 50).is_empty(),
            "no wins in a scored game"
        );
    }

    #[test]
    fn tasks_have_names() {
        assert_eq!("only-win".parse(), Ok(Task::OnlyWin));
        assert_eq!("longest-defence".parse(), Ok(Task::LongestDefence));
        assert_eq!("only-best".parse(), Ok(Task::OnlyBest));
        assert!("best"
            .parse::<Task>()
            .unwrap_err()
            .contains("unknown drill"));
    }
}
