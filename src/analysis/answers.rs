//! What an analysis answers with, whatever its kind of game: its records and events, a
//! position's worth, a move and what it leads to, a record the verifier found wrong.

use std::ops::Range;

use crate::game::layered::Score;
use crate::game::{Move, Position};
use crate::progress::{Event, ScoredEvent};
use crate::record::Outcome;
use crate::retro::MoveOutcome;
use crate::scored::ScoredMove;

/// The records of an analysis, one per position.
#[derive(Clone, Copy, Debug)]
pub enum Records<'a> {
    /// Win/lose games: packed records ([`crate::record`]).
    Valued(&'a [u16]),
    /// Scored games: scores, [`UNSCORED`](crate::game::layered::UNSCORED) until scored.
    Scored(&'a [Score]),
}

impl Records<'_> {
    /// The checksum's value before any record ([`Records::checksum_on`]).
    pub const CHECKSUM_START: u32 = 0x811c_9dc5;

    /// A checksum of every record (32-bit FNV-1a over their values, in order): the page
    /// shows it with its timeline, so that two tables can be told apart or matched.
    pub fn checksum(&self) -> u32 {
        self.checksum_on(Self::CHECKSUM_START, 0..self.len())
    }

    /// The checksum `hash` of the records before `range` carried on over `range` (cut at
    /// the end): a large table's sum is taken a part at a time, never in one long task
    /// (190 million records take about a quarter of a second).
    pub fn checksum_on(&self, hash: u32, range: Range<usize>) -> u32 {
        fn fnv(hash: u32, values: impl Iterator<Item = u32>) -> u32 {
            values.fold(hash, |hash, v| (hash ^ v).wrapping_mul(0x0100_0193))
        }
        let range = range.start.min(self.len())..range.end.min(self.len());
        match self {
            Records::Valued(records) => fnv(hash, records[range].iter().map(|&r| u32::from(r))),
            Records::Scored(scores) => fnv(hash, scores[range].iter().map(|&s| s as u32)),
        }
    }

    /// Number of records.
    pub(super) fn len(&self) -> usize {
        match self {
            Records::Valued(records) => records.len(),
            Records::Scored(scores) => scores.len(),
        }
    }
}

/// The events of the last step (empty unless recording).
#[derive(Clone, Copy, Debug)]
pub enum Events<'a> {
    /// Win/lose games.
    Valued(&'a [Event]),
    /// Scored games.
    Scored(&'a [ScoredEvent]),
}

/// A decided position's worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worth {
    /// Win/lose games: value and remoteness for the side to move (in a move list, the
    /// mover, counting the move).
    Valued(Outcome),
    /// Scored games: the first player's total minus the second's from there on.
    Scored(Score),
}

/// A legal move and what it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The move on the board.
    pub mv: Move,
    /// The position after it.
    pub child: Position,
    /// Scored games: what the move itself scores, for the first player.
    pub gain: Option<Score>,
    /// What the move leads to (see [`Analysis::moves`](super::Analysis::moves)); `None`
    /// while the child is undecided.
    pub worth: Option<Worth>,
}

impl From<MoveOutcome> for MoveView {
    fn from(m: MoveOutcome) -> Self {
        MoveView {
            mv: m.mv,
            child: m.child,
            gain: None,
            worth: m.outcome.map(Worth::Valued),
        }
    }
}

impl From<ScoredMove> for MoveView {
    fn from(m: ScoredMove) -> Self {
        MoveView {
            mv: m.mv,
            child: m.child,
            gain: Some(m.gain),
            worth: m.score.map(Worth::Scored),
        }
    }
}

/// A position whose record the verifier found inconsistent
/// ([`Analysis::check_range`](super::Analysis::check_range)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckFailure {
    /// The position.
    pub position: Position,
    /// "position … claims … but …", positions named by
    /// [`BoardView::describe`](crate::BoardView::describe).
    pub text: String,
}
