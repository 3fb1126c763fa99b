//! What the page shows of a game beyond its rules: the board's size, the pieces of a
//! position as board cells, the position for given pieces, and the contest's answer line.
//!
//! [`crate::Game`] and [`crate::LayeredGame`] speak in dense position indexes, which is
//! what the solvers need; a person sees pieces on cells. [`BoardView`] translates, next to
//! each game's rules (`src/games/<game>/view.rs`), so that it is compiled and tested
//! natively.
//!
//! Cells are numbered row-major over the whole board (`row * cols + col`), obstacles
//! included, as in [`crate::Move`].

use super::{Player, Position};
use crate::words::{self, Message, Worded};

/// A game's board as the page shows it.
///
/// Methods taking a `pos` expect a position of the game (below its number of positions)
/// and may panic otherwise; callers check the range first.
pub trait BoardView {
    /// What a solved start position is worth, as the contest's answer line reports it: a
    /// [`crate::Outcome`] for win/lose games, a [`crate::Score`] for scored ones.
    type Verdict;

    /// Rows and columns of the board.
    fn size(&self) -> (u16, u16);

    /// The cells of the pieces of `pos`, in the game's piece order.
    fn pieces(&self, pos: Position) -> Vec<u16>;

    /// The position with the pieces on `cells` (in [`BoardView::pieces`]'s order) and
    /// `to_move` to move, if that is a position of the game.
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position>;

    /// Whose turn it is in `pos`, as the game's rules say.
    fn side_to_move(&self, pos: Position) -> Player;

    /// Whether a piece can be moved around on its own for [`BoardView::slice`]: false
    /// when the pieces only make sense together (tableau's staircase of stones).
    fn has_movable_pieces(&self) -> bool {
        true
    }

    /// The contest's answer line for a start position worth `start`.
    fn answer(&self, start: Self::Verdict) -> String;

    /// `pos` in words, as the CLI's `--verify` and the page's Check name a position: the
    /// pieces' cells, 1-based, and the side to move (tableau: the staircase's row lengths).
    fn describe(&self, pos: Position) -> String;

    /// The heatmap's positions: for every cell of the board, the position where piece
    /// number `piece` of `pos` stands on that cell while the other pieces and the side to
    /// move stay as in `pos`; `None` where there is none (obstacles, the other pieces'
    /// cells, cells the rules forbid to that piece).
    ///
    /// # Errors
    /// [`SliceError`] if the game has no movable pieces or `pos` has no piece `piece`.
    fn slice(&self, pos: Position, piece: usize) -> Result<Vec<Option<Position>>, SliceError> {
        if !self.has_movable_pieces() {
            return Err(SliceError::NoMovablePieces);
        }
        let mut cells = self.pieces(pos);
        if piece >= cells.len() {
            return Err(SliceError::NoSuchPiece {
                piece,
                pieces: cells.len(),
            });
        }
        let others: Vec<u16> = (0..cells.len())
            .filter(|&i| i != piece)
            .map(|i| cells[i])
            .collect();
        let to_move = self.side_to_move(pos);
        let (rows, cols) = self.size();
        Ok((0..rows * cols)
            .map(|cell| {
                if others.contains(&cell) {
                    return None;
                }
                cells[piece] = cell;
                self.position(&cells, to_move)
            })
            .collect())
    }
}

/// Why [`BoardView::slice`] has no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SliceError {
    /// The game's pieces do not move one at a time (tableau).
    NoMovablePieces,
    /// The position has fewer pieces.
    NoSuchPiece {
        /// The piece asked for.
        piece: usize,
        /// How many pieces there are.
        pieces: usize,
    },
}

impl Worded for SliceError {
    fn words(&self) -> Message {
        match self {
            SliceError::NoMovablePieces => Message::new(words::NO_MOVABLE_PIECES),
            SliceError::NoSuchPiece { piece, pieces } => Message::new(words::NO_SUCH_PIECE)
                .with("piece", *piece)
                .with("pieces", *pieces),
        }
    }
}

crate::words::english!(SliceError);

impl std::error::Error for SliceError {}
