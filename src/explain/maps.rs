//! A strategy as a map of the board: wherever one piece stands, what the side to move
//! plays.
//!
//! A winning strategy is a move for every position the loser can bring about — too many
//! to read one by one. Fixing everything but the piece the loser just moved and letting
//! that piece stand on each cell in turn gives one board's worth of them: for each cell,
//! the winner's best move and how long it takes from there. That is the compact form of
//! the strategy the proof view shows (a heatmap of the winner's replies); for a tie, the
//! same map says where the side to move keeps the tie and where it is lost.

use super::{decided, solved, ExplainError};
use crate::analysis::{Analysis, MoveView, Worth};
use crate::game::Position;

/// One cell of a reply map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplyCell {
    /// The position with the piece on this cell.
    pub position: Position,
    /// Its worth for the side to move.
    pub worth: Worth,
    /// The side to move's best move there; `None` when the game is over there.
    pub best: Option<MoveView>,
}

/// For every cell of the board, row-major: piece number `piece` of `pos` on that cell, the
/// rest and the side to move as in `pos` — its worth and best move; `None` where the piece
/// cannot stand (obstacles, the other pieces' cells, cells the rules forbid).
///
/// # Errors
/// If the analysis is not finished, `pos` is no position of it, it has no piece `piece`
/// or its pieces do not move one at a time (tableau).
pub fn replies(
    analysis: &dyn Analysis,
    pos: Position,
    piece: usize,
) -> Result<Vec<Option<ReplyCell>>, ExplainError> {
    decided(solved(analysis)?, pos)?;
    let cells = analysis.slice(pos, piece)?;
    cells
        .into_iter()
        .map(|cell| {
            cell.map(|position| {
                let (worth, _) = decided(analysis, position)?;
                let best = analysis.moves(position).into_iter().next();
                Ok(ReplyCell {
                    position,
                    worth,
                    best,
                })
            })
            .transpose()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::testing::{solved, RIVER_SAMPLES};

    #[test]
    fn each_cell_holds_the_best_move_of_its_position() {
        let analysis = solved("river", RIVER_SAMPLES[4]);
        let start = analysis.start();
        // Black (piece 2) anywhere, red to move: red's best move from each.
        let map = replies(&*analysis, start, 2).unwrap();
        let slice = analysis.slice(start, 2).unwrap();
        assert_eq!(map.len(), 81);
        for (cell, (reply, position)) in map.iter().zip(&slice).enumerate() {
            assert_eq!(reply.map(|r| r.position), *position, "cell {cell}");
            if let Some(r) = reply {
                assert_eq!(Some(r.worth), analysis.outcome(r.position));
                assert_eq!(r.best, analysis.moves(r.position).first().copied());
                assert_eq!(
                    analysis.side_to_move(r.position),
                    analysis.side_to_move(start)
                );
            }
        }
        let start_cell = analysis.pieces(start).unwrap()[2];
        assert_eq!(map[usize::from(start_cell)].unwrap().position, start);
        assert!(
            replies(&*analysis, start, 3).is_err(),
            "river has three pieces"
        );
        let tableau = solved("tableau", "1 2\n1 2\n3 4\n");
        assert!(
            replies(&*tableau, tableau.start(), 0).is_err(),
            "stones do not move"
        );
    }
}
