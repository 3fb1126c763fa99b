//! What the page shows of a river game: its board, the pieces of a position, the position
//! of given pieces.

use super::contest;
use super::rules::{River, RiverPosition};
use crate::game::board_view::BoardView;
use crate::game::{Game, Player, Position};
use crate::grid::Coord;
use crate::record::Outcome;

impl BoardView for River {
    type Verdict = Outcome;

    fn size(&self) -> (u16, u16) {
        (self.board().grid.rows(), self.board().grid.cols())
    }

    /// Red, red (in free-cell order: the two red pieces are interchangeable), black.
    fn pieces(&self, pos: Position) -> Vec<u16> {
        let p = self.decode(pos);
        let cell = |at: Coord| self.board().grid.cell(at);
        vec![cell(p.reds[0]), cell(p.reds[1]), cell(p.black)]
    }

    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position> {
        let grid = &self.board().grid;
        let &[a, b, black] = cells else {
            return None;
        };
        self.encode(&RiverPosition {
            reds: [grid.checked_coord(a)?, grid.checked_coord(b)?],
            black: grid.checked_coord(black)?,
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
