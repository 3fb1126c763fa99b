//! Chase (棋盘游戏, CQOI 2013, RULES §2): on an open `n × n` board, white steps one cell,
//! black one or two cells in a straight line; whoever moves onto the other piece wins.
//!
//! Positions are `((white · cells + black) << 1) | side` over all board cells (row-major),
//! side 0 = white to move. Positions with both pieces on one cell are the ends of the
//! game: the piece that just moved there captured, so the side to move has lost.

use std::fmt;
use std::str::FromStr;

use crate::board_view::BoardView;
use crate::fastdiv::FastDiv;
use crate::game::{Game, Move, Player, Position, Value};
use crate::grid::{Coord, Dir, Grid, GridError};
use crate::record::Outcome;

/// Smallest board side (RULES §2).
pub const MIN_SIDE: u16 = 2;

/// Largest board side retrolab accepts (the contest's limit is 20): a 32 × 32 board has
/// 2 · 1024² ≈ 2.1 million positions.
pub const MAX_SIDE: u16 = 32;

/// A chase start: the board side and the two pieces; white (the first player) to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChaseBoard {
    n: u16,
    white: Coord,
    black: Coord,
}

/// Why a chase board is not a legal start. Rows and columns in messages are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The text is not a board.
    Grid(GridError),
    /// The side is outside `MIN_SIDE..=MAX_SIDE`, or the board is not square.
    Size {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// The board text has an obstacle; chase boards are open.
    Obstacle(Coord),
    /// A piece stands outside the board.
    OffBoard {
        /// `"white"` or `"black"`.
        piece: &'static str,
        /// Where.
        at: Coord,
    },
    /// Both pieces stand on one cell.
    SameCell(Coord),
    /// Not exactly one white (`W`) and one black (`B`) piece in the board text.
    PieceCount {
        /// White pieces found.
        white: usize,
        /// Black pieces found.
        black: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Grid(e) => e.fmt(f),
            BoardError::Size { rows, cols } => write!(
                f,
                "the board is {rows}×{cols}; chase needs a square board of side {MIN_SIDE} to {MAX_SIDE}"
            ),
            BoardError::Obstacle(at) => write!(f, "cell {at}: chase boards have no obstacles"),
            BoardError::OffBoard { piece, at } => {
                write!(f, "the {piece} piece at {at} is outside the board")
            }
            BoardError::SameCell(at) => {
                write!(f, "the white and black pieces both stand on cell {at}")
            }
            BoardError::PieceCount { white, black } => write!(
                f,
                "the board has {white} white (W) and {black} black (B) pieces, it needs exactly one of each"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

impl From<GridError> for BoardError {
    fn from(e: GridError) -> Self {
        BoardError::Grid(e)
    }
}

impl ChaseBoard {
    /// A validated start: `n × n` board, white at `white`, black at `black` (0-based).
    ///
    /// # Errors
    /// [`BoardError::Size`] unless `MIN_SIDE ≤ n ≤ MAX_SIDE`; [`BoardError::OffBoard`] for
    /// a piece outside the board; [`BoardError::SameCell`] if the pieces coincide.
    pub fn new(n: u16, white: Coord, black: Coord) -> Result<ChaseBoard, BoardError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            let side = usize::from(n);
            return Err(BoardError::Size {
                rows: side,
                cols: side,
            });
        }
        for (piece, at) in [("white", white), ("black", black)] {
            if at.row >= n || at.col >= n {
                return Err(BoardError::OffBoard { piece, at });
            }
        }
        if white == black {
            return Err(BoardError::SameCell(white));
        }
        Ok(ChaseBoard { n, white, black })
    }

    /// The board side.
    pub const fn n(&self) -> u16 {
        self.n
    }

    /// The white piece (player A, moves first).
    pub const fn white(&self) -> Coord {
        self.white
    }

    /// The black piece (player B).
    pub const fn black(&self) -> Coord {
        self.black
    }
}

impl FromStr for ChaseBoard {
    type Err = BoardError;

    /// Reads board text: `n` lines of `n` cells, `.` empty, `W` white, `B` black.
    fn from_str(text: &str) -> Result<Self, BoardError> {
        let max_cells = usize::from(MAX_SIDE) * usize::from(MAX_SIDE);
        let (grid, pieces) = Grid::parse(text, "WB", max_cells)?;
        let (rows, cols) = (usize::from(grid.rows()), usize::from(grid.cols()));
        if rows != cols {
            return Err(BoardError::Size { rows, cols });
        }
        if let Some(at) = grid.coords().find(|&at| !grid.is_free(at)) {
            return Err(BoardError::Obstacle(at));
        }
        let find = |piece: char| -> Vec<Coord> {
            pieces
                .iter()
                .filter(|(ch, _)| *ch == piece)
                .map(|(_, at)| *at)
                .collect()
        };
        match (find('W').as_slice(), find('B').as_slice()) {
            (&[white], &[black]) => ChaseBoard::new(grid.rows(), white, black),
            (whites, blacks) => Err(BoardError::PieceCount {
                white: whites.len(),
                black: blacks.len(),
            }),
        }
    }
}

impl fmt::Display for ChaseBoard {
    /// The board text, one line per row, each ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grid = Grid::open(self.n, self.n);
        f.write_str(&grid.render(&[('W', self.white), ('B', self.black)]))
    }
}

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
    grid: Grid,
    /// Where white can step from each cell (the same cells it can have come from).
    white_reach: Vec<Reach>,
    /// Where black can move from each cell (the same cells it can have come from).
    black_reach: Vec<Reach>,
    cells: FastDiv,
    start: Position,
}

impl Chase {
    /// Builds the game on `board`'s size, starting from `board` (white to move).
    pub fn new(board: ChaseBoard) -> Chase {
        let grid = Grid::open(board.n, board.n);
        let white_reach = grid.coords().map(|at| Reach::from(&grid, at, 1)).collect();
        let black_reach = grid.coords().map(|at| Reach::from(&grid, at, 2)).collect();
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
        chase
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
    fn split(&self, pos: Position) -> (u16, u16, bool) {
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

impl BoardView for Chase {
    type Verdict = Outcome;

    fn size(&self) -> (u16, u16) {
        (self.board.n, self.board.n)
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
        crate::contest::chase::answer(start)
    }

    fn describe(&self, pos: Position) -> String {
        self.decode(pos).to_string()
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

    #[test]
    fn boards_are_validated() {
        let c = Coord::new;
        assert_eq!(
            ChaseBoard::new(1, c(0, 0), c(0, 0)),
            Err(BoardError::Size { rows: 1, cols: 1 })
        );
        assert_eq!(
            ChaseBoard::new(33, c(0, 0), c(0, 1)),
            Err(BoardError::Size { rows: 33, cols: 33 })
        );
        assert_eq!(
            ChaseBoard::new(3, c(0, 0), c(0, 0)),
            Err(BoardError::SameCell(c(0, 0)))
        );
        assert_eq!(
            ChaseBoard::new(3, c(0, 3), c(0, 0)),
            Err(BoardError::OffBoard {
                piece: "white",
                at: c(0, 3)
            })
        );
    }

    #[test]
    fn board_text_round_trips() {
        let text = "W..\n...\n.B.\n";
        let board: ChaseBoard = text.parse().unwrap();
        assert_eq!(board, self::board(3, (0, 0), (2, 1)));
        assert_eq!(board.to_string(), text);
        assert!(matches!(
            "W.\nB.\n..\n".parse::<ChaseBoard>(),
            Err(BoardError::Size { rows: 3, cols: 2 })
        ));
        assert!(matches!(
            "W#\n.B\n".parse::<ChaseBoard>(),
            Err(BoardError::Obstacle(_))
        ));
        assert!(matches!(
            "WW\n.B\n".parse::<ChaseBoard>(),
            Err(BoardError::PieceCount { white: 2, black: 1 })
        ));
    }
}
