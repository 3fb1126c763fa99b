//! Why the engine cannot do what it was asked.

use crate::game::board_view::SliceError;
use crate::game::Position;
use crate::games::{BoardError, UnknownGame};
use crate::retro::SolveError;
use crate::words::{self, Message, Worded};

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

impl Worded for Error {
    fn words(&self) -> Message {
        match self {
            Error::UnknownGame(e) => e.words(),
            Error::Board(e) => e.words(),
            Error::NoPosition(pos) => Message::new(words::NO_POSITION).with("position", *pos),
            Error::Slice(e) => e.words(),
            Error::Solve(e) => e.words(),
            Error::Tables => Message::new(words::TABLES_MEMORY),
        }
    }
}

crate::words::english!(Error);

impl std::error::Error for Error {}
