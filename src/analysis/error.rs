//! Why the engine cannot do what it was asked.

use std::fmt;

use crate::game::board_view::SliceError;
use crate::game::Position;
use crate::games::{BoardError, UnknownGame};
use crate::retro::SolveError;

/// Why the engine cannot do what it was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// No game of that name.
    UnknownGame(UnknownGame),
    /// The board text is not a legal start for the game.
    Board(BoardError),
    /// A position number out of range.
    NoPosition(Position),
    /// No heatmap slice for that piece.
    Slice(SliceError),
    /// The analysis cannot go on.
    Solve(SolveError),
    /// The memory of the game's own tables cannot be had (a game that does not say ahead
    /// what its analysis needs).
    Tables,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownGame(e) => e.fmt(f),
            Error::Board(e) => e.fmt(f),
            Error::NoPosition(pos) => write!(f, "no position {pos}"),
            Error::Slice(e) => e.fmt(f),
            Error::Solve(e) => e.fmt(f),
            Error::Tables => write!(f, "the game's tables: could not reserve their memory"),
        }
    }
}

impl std::error::Error for Error {}
