//! What the page shows of a tableau game: its board, the stones of a staircase, the
//! staircase of given stones.

use super::contest;
use super::rules::Tableau;
use crate::game::board_view::BoardView;
use crate::game::layered::{LayeredGame, Score};
use crate::game::{Player, Position};

/// A position's "pieces" are its stones; they only make sense together (a staircase), so
/// none moves on its own.
impl BoardView for Tableau {
    type Verdict = Score;

    fn size(&self) -> (u16, u16) {
        (self.board().rows, self.board().cols)
    }

    /// The cells holding a stone, row by row.
    fn pieces(&self, pos: Position) -> Vec<u16> {
        let cols = self.board().cols;
        (0u16..)
            .zip(self.decode(pos))
            .flat_map(|(row, len)| (0..len).map(move |col| row * cols + col))
            .collect()
    }

    /// The staircase whose stones are exactly `cells` (in any order), if `to_move` is the
    /// side to move there.
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position> {
        let cols = self.board().cols;
        let mut lengths = vec![0u16; usize::from(self.board().rows)];
        for &cell in cells {
            let len = lengths.get_mut(usize::from(cell / cols))?;
            *len = (*len).max(cell % cols + 1);
        }
        let pos = self.encode(&lengths)?;
        let mut stones = cells.to_vec();
        stones.sort_unstable();
        (self.pieces(pos) == stones && self.side_to_move(pos) == to_move).then_some(pos)
    }

    fn side_to_move(&self, pos: Position) -> Player {
        LayeredGame::to_move(self, self.layer(pos))
    }

    fn has_movable_pieces(&self) -> bool {
        false
    }

    fn answer(&self, start: Score) -> String {
        contest::answer(start)
    }

    /// Its row lengths and who places the next stone: `rows 2,1,0 (second player to move)`.
    fn describe(&self, pos: Position) -> String {
        let rows: Vec<String> = self.decode(pos).iter().map(u16::to_string).collect();
        let side = match self.side_to_move(pos) {
            Player::First => "first",
            Player::Second => "second",
        };
        format!("rows {} ({side} player to move)", rows.join(","))
    }
}
