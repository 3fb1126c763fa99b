//! What the page shows of a composed game's board ([`BoardView`]): each side's pieces in
//! the rules file's order of the sides, a removed piece as [`OFF_BOARD`].

use crate::game::{Game, Player, Position};
use crate::grid::Coord;
use crate::record::Outcome;
use crate::BoardView;

use super::contest;
use super::game::{Custom, CustomPosition};
use super::rules::Capture;

/// The cell of a piece that was captured and removed: on no cell of the board.
pub const OFF_BOARD: u16 = u16::MAX;

impl BoardView for Custom {
    type Verdict = Outcome;

    fn size(&self) -> (u16, u16) {
        (self.board().grid.rows(), self.board().grid.cols())
    }

    /// The first side's pieces (all it starts with: [`OFF_BOARD`] for those removed,
    /// last), then the second side's; each side's on the board in board order.
    fn pieces(&self, pos: Position) -> Vec<u16> {
        let p = self.decode(pos);
        let grid = &self.board().grid;
        let mut cells = Vec::new();
        for (side, pieces) in p.pieces.iter().enumerate() {
            cells.extend(pieces.iter().map(|&at| grid.cell(at)));
            let all = self.rules().side[side].pieces as usize;
            cells.resize(cells.len() + all - pieces.len(), OFF_BOARD);
        }
        cells
    }

    /// `None` also for pieces of both sides on one cell unless the side that just moved
    /// wins by capturing there: no game of the rules reaches such a position.
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position> {
        let rules = self.rules();
        let first = rules.side[0].pieces as usize;
        if cells.len() != first + rules.side[1].pieces as usize {
            return None;
        }
        let grid = &self.board().grid;
        let (a, b) = cells.split_at(first);
        let on_board = |cells: &[u16]| -> Option<Vec<Coord>> {
            let on = cells.iter().filter(|&&c| c != OFF_BOARD);
            on.map(|&c| grid.checked_coord(c)).collect()
        };
        let pieces = [on_board(a)?, on_board(b)?];
        let shared = pieces[0].iter().any(|at| pieces[1].contains(at));
        let mover = self.side_of(to_move.other());
        if shared && rules.side[mover].capture != Capture::Wins {
            return None;
        }
        self.encode(&CustomPosition { pieces, to_move })
    }

    fn side_to_move(&self, pos: Position) -> Player {
        Game::to_move(self, pos)
    }

    fn answer(&self, start: Outcome) -> String {
        contest::answer(self.rules(), start)
    }

    /// `Red (2, 1) and (2, 3), Black (3, 2), Red to move`.
    fn describe(&self, pos: Position) -> String {
        let p = self.decode(pos);
        let rules = self.rules();
        let side = |s: usize| {
            let cells: Vec<String> = p.pieces[s].iter().map(Coord::to_string).collect();
            let cells = match cells.split_last() {
                None => "no pieces".to_string(),
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            };
            format!("{} {cells}", rules.side[s].name)
        };
        let mover = &rules.side[self.side_of(p.to_move)].name;
        format!("{}, {}, {mover} to move", side(0), side(1))
    }
}
