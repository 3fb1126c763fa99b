//! The rules of chase (RULES §2) over dense position indexes: the [`Game`] the solver
//! analyses.

use std::collections::TryReserveError;
use std::fmt;

use super::board::ChaseBoard;
use crate::fastdiv::FastDiv;
use crate::game::{Game, Move, Player, Position, Value};
use crate::grid::{Coord, Dir, Grid};
use crate::memory;

/// A decoded chase position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChasePosition {
    /// The white piece.
    pub white: Coord,
    /// The black piece (on the white piece's cell once the game is over).
    pub black: Coord,
    /// White is [`Player::First`], black [`Player::Second`].
    pub to_move: Player,
}

impl fmt::Display for ChasePosition {
    /// The pieces' cells, 1-based, and the side to move: `white (1, 1), black (2, 2),
    /// white to move`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.to_move {
            Player::First => "white",
            Player::Second => "black",
        };
        write!(
            f,
            "white {}, black {}, {side} to move",
            self.white, self.black
        )
    }
}

/// Up to eight cells a piece can reach in one move, packed at the front.
#[derive(Clone, Copy, Debug, Default)]
struct Reach {
    cells: [u16; 8],
    len: u8,
}

impl Reach {
    /// The cells `1..=max_steps` away from `at` in each direction, on the board.
    fn from(grid: &Grid, at: Coord, max_steps: i32) -> Reach {
        let mut reach = Reach::default();
        for dir in Dir::ALL {
            for steps in 1..=max_steps {
                if let Some(to) = grid.step(at, dir, steps) {
                    reach.cells[usize::from(reach.len)] = grid.cell(to);
                    reach.len += 1;
                }
            }
        }
        reach
    }

    #[inline(always)]
    fn as_slice(&self) -> &[u16] {
        &self.cells[..usize::from(self.len)]
    }
}

/// The chase game on one board size, ready for the solver. Every pair of cells is a
/// position, so one solved table answers every start on that board size.
#[derive(Clone, Debug)]
pub struct Chase {
    board: ChaseBoard,
    pub(super) grid: Grid,
    /// Where white can step from each cell (the same cells it can have come from).
    white_reach: Vec<Reach>,
    /// Where black can move from each cell (the same cells it can have come from).
    black_reach: Vec<Reach>,
    cells: FastDiv,
    start: Position,
}

impl Chase {
    /// Builds the game on `board`'s size, starting from `board` (white to move).
    ///
    /// # Panics
    /// When the memory of its tables cannot be had ([`Chase::try_new`] says so).
    pub fn new(board: ChaseBoard) -> Chase {
        Chase::try_new(board).expect("memory for the chase game's tables")
    }

    /// [`Chase::new`], failing instead when the memory of its tables (a few kilobytes per
    /// cell) cannot be had: the page says so rather than aborting.
    ///
    /// # Errors
    /// When a table cannot be reserved.
    pub fn try_new(board: ChaseBoard) -> Result<Chase, TryReserveError> {
        let grid = Grid::open(board.n, board.n);
        let every_cell = 0..grid.len() as u16;
        let reach = |steps| {
            memory::try_collect(
                every_cell
                    .clone()
                    .map(|c| Reach::from(&grid, grid.coord(c), steps)),
            )
        };
        let (white_reach, black_reach) = (reach(1)?, reach(2)?);
        let cells = FastDiv::new(u32::from(board.n) * u32::from(board.n));
        let mut chase = Chase {
            board,
            grid,
            white_reach,
            black_reach,
            cells,
            start: 0,
        };
        chase.start = chase.start_of(&board);
        Ok(chase)
    }

    /// The board the game was built from.
    pub fn board(&self) -> &ChaseBoard {
        &self.board
    }

    /// The start position of any `board` of this game's size (white to move).
    ///
    /// # Panics
    /// If `board` has another size.
    pub fn start_of(&self, board: &ChaseBoard) -> Position {
        assert_eq!(board.n, self.board.n, "a board of another size");
        self.encode(&ChasePosition {
            white: board.white,
            black: board.black,
            to_move: Player::First,
        })
        .expect("a validated board's pieces are on the board")
    }

    /// The index of a position; `None` if a piece is off the board.
    pub fn encode(&self, p: &ChasePosition) -> Option<Position> {
        if !self.grid.contains(p.white) || !self.grid.contains(p.black) {
            return None;
        }
        let (white, black) = (self.grid.cell(p.white), self.grid.cell(p.black));
        Some(self.join(white, black, p.to_move == Player::First))
    }

    /// The pieces and side to move of a position.
    pub fn decode(&self, pos: Position) -> ChasePosition {
        let (white, black, _) = self.split(pos);
        ChasePosition {
            white: self.grid.coord(white),
            black: self.grid.coord(black),
            to_move: Player::from_parity(pos),
        }
    }

    /// Splits a position into (white's cell, black's cell, white to move?).
    #[inline(always)]
    pub(super) fn split(&self, pos: Position) -> (u16, u16, bool) {
        let (white, black) = self.cells.div_rem(pos >> 1);
        (white as u16, black as u16, pos & 1 == 0)
    }

    #[inline(always)]
    fn join(&self, white: u16, black: u16, white_to_move: bool) -> Position {
        ((u32::from(white) * self.cells.divisor() + u32::from(black)) << 1)
            | u32::from(!white_to_move)
    }
}

// SAFETY: `join` of two cells (both below `cells`) is below `2 · cells² = num_positions()`,
// and every parent is a `join` of cells taken from the reach tables.
unsafe impl Game for Chase {
    fn num_positions(&self) -> usize {
        let cells = self.cells.divisor() as usize;
        cells * cells * 2
    }

    fn start(&self) -> Position {
        self.start
    }

    fn to_move(&self, pos: Position) -> Player {
        Player::from_parity(pos)
    }

    /// Both pieces on one cell: the side that moved there captured, the side to move lost.
    #[inline]
    fn primitive(&self, pos: Position) -> Option<Value> {
        let (white, black, _) = self.split(pos);
        (white == black).then_some(Value::Lose)
    }

    fn for_each_move(&self, pos: Position, mut f: impl FnMut(Move, Position)) {
        let (white, black, white_to_move) = self.split(pos);
        if white_to_move {
            for &to in self.white_reach[usize::from(white)].as_slice() {
                f(Move { from: white, to }, self.join(to, black, false));
            }
        } else {
            for &to in self.black_reach[usize::from(black)].as_slice() {
                f(Move { from: black, to }, self.join(white, to, true));
            }
        }
    }

    /// Un-moves: the piece that just moved came from a cell it can reach back in one move
    /// (steps are symmetric). Origins on the other piece's cell are left out: such a
    /// parent would be an ended game.
    #[inline(always)]
    fn for_each_parent(&self, pos: Position, mut f: impl FnMut(Position)) {
        let (white, black, white_to_move) = self.split(pos);
        if white_to_move {
            for &from in self.black_reach[usize::from(black)].as_slice() {
                if from != white {
                    f(self.join(white, from, false));
                }
            }
        } else {
            for &from in self.white_reach[usize::from(white)].as_slice() {
                if from != black {
                    f(self.join(from, black, true));
                }
            }
        }
    }

    #[inline]
    fn move_count(&self, pos: Position) -> u32 {
        let (white, black, white_to_move) = self.split(pos);
        let reach = if white_to_move {
            &self.white_reach[usize::from(white)]
        } else {
            &self.black_reach[usize::from(black)]
        };
        u32::from(reach.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::check::check_children_parents;

    fn board(n: u16, white: (u16, u16), black: (u16, u16)) -> ChaseBoard {
        ChaseBoard::new(
            n,
            Coord::new(white.0, white.1),
            Coord::new(black.0, black.1),
        )
        .unwrap()
    }

    #[test]
    fn children_and_parents_agree() {
        for n in 2..=5 {
            let game = Chase::new(board(n, (0, 0), (1, 1)));
            check_children_parents(&game).unwrap();
        }
    }

    #[test]
    fn encode_and_decode_round_trip() {
        let game = Chase::new(board(5, (0, 0), (4, 4)));
        for pos in 0..game.num_positions() as Position {
            assert_eq!(game.encode(&game.decode(pos)), Some(pos));
        }
        let start = game.decode(game.start());
        assert_eq!(
            (start.white, start.black, start.to_move),
            (Coord::new(0, 0), Coord::new(4, 4), Player::First)
        );
        let off = ChasePosition {
            white: Coord::new(5, 0),
            ..start
        };
        assert_eq!(game.encode(&off), None);
    }

    #[test]
    fn white_steps_one_cell_black_one_or_two_in_a_line() {
        fn targets(game: &Chase, pos: Position) -> Vec<Coord> {
            let mut to = Vec::new();
            game.for_each_move(pos, |mv, _| to.push(game.grid.coord(mv.to)));
            to.sort();
            to
        }
        let c = Coord::new;
        let game = Chase::new(board(5, (2, 2), (0, 0)));
        assert_eq!(
            targets(&game, game.start()),
            [c(1, 2), c(2, 1), c(2, 3), c(3, 2)]
        );
        let black_to_move = game.start() | 1;
        assert_eq!(
            targets(&game, black_to_move),
            [c(0, 1), c(0, 2), c(1, 0), c(2, 0)]
        );
        // A white piece on the edge has three steps; black jumps over white.
        let game = Chase::new(board(4, (0, 1), (0, 0)));
        assert_eq!(game.move_count(game.start()), 3);
        assert_eq!(
            targets(&game, game.start() | 1),
            [c(0, 1), c(0, 2), c(1, 0), c(2, 0)]
        );
    }

    #[test]
    fn a_position_reads_as_its_pieces_cells_and_side_to_move() {
        // What the page's readouts and the verifier's messages say of a position.
        let game = Chase::new(board(3, (0, 0), (2, 1)));
        assert_eq!(
            game.decode(game.start()).to_string(),
            "white (1, 1), black (3, 2), white to move"
        );
        assert_eq!(
            game.decode(game.start() | 1).to_string(),
            "white (1, 1), black (3, 2), black to move"
        );
    }

    #[test]
    fn a_capture_ends_the_game_for_the_side_to_move() {
        let game = Chase::new(board(3, (0, 0), (0, 1)));
        let mut captures = 0;
        game.for_each_move(game.start(), |_, child| {
            if game.primitive(child).is_some() {
                captures += 1;
                assert_eq!(game.primitive(child), Some(Value::Lose));
                assert_eq!(game.to_move(child), Player::Second);
            }
        });
        assert_eq!(captures, 1);
        assert_eq!(game.primitive(game.start()), None);
    }
}
