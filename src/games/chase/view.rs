//! What the page shows of a chase game: its board, the pieces of a position, the position
//! of given pieces.

use super::contest;
use super::rules::{Chase, ChasePosition};
use crate::game::board_view::BoardView;
use crate::game::{Game, Player, Position};
use crate::record::Outcome;

impl BoardView for Chase {
    type Verdict = Outcome;

    fn size(&self) -> (u16, u16) {
        (self.board().n, self.board().n)
    }

    /// White, black.
    fn pieces(&self, pos: Position) -> Vec<u16> {
        let (white, black, _) = self.split(pos);
        vec![white, black]
    }

    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position> {
        let &[white, black] = cells else {
            return None;
        };
        self.encode(&ChasePosition {
            white: self.grid.checked_coord(white)?,
            black: self.grid.checked_coord(black)?,
            to_move,
        })
    }

    fn side_to_move(&self, pos: Position) -> Player {
        Game::to_move(self, pos)
    }

    fn answer(&self, start: Outcome) -> String {
        contest::answer(start)
    }

    fn describe(&self, pos: Position) -> String {
        self.decode(pos).to_string()
    }
}
