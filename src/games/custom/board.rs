//! A start of a composed game: the board, its obstacles and each side's pieces, read from
//! board text with the letters the rules declare; and the cells each side's pieces may
//! stand on in the positions a game indexes ([`Span`]).

use crate::grid::{Coord, Grid, GridError};
use crate::words::{self, Message, Worded};

use super::moves;
use super::rules::{Goal, Rules};

/// Largest board, in cells: chase's largest (32 × 32). A composed board is also refused
/// when its analysis needs more memory than the limit ([`super::needs`]).
pub const MAX_CELLS: usize = 1024;

/// A board as drawn: obstacles and both sides' pieces, the side the rules name first to
/// move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CustomBoard {
    /// The board and its obstacles.
    pub grid: Grid,
    /// Each side's pieces (in the rules file's order of the sides), in reading order.
    pub pieces: [Vec<Coord>; 2],
}

/// Why board text is not a start of the game. Rows and columns are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The text is not a board.
    Grid(GridError),
    /// A side has the wrong number of pieces.
    Count {
        /// The side's name.
        side: String,
        /// Its letter.
        letter: char,
        /// Pieces found.
        found: usize,
        /// Pieces the rules give it.
        needed: usize,
    },
    /// A piece starts on its side's goal row (the game would be over before it began).
    OnGoal {
        /// The side's name.
        side: String,
        /// Its letter.
        letter: char,
        /// Where.
        at: Coord,
    },
}

impl BoardError {
    /// The 1-based row at fault, when the fault is in one row.
    pub fn row(&self) -> Option<usize> {
        match self {
            BoardError::Grid(
                GridError::UnknownChar { row, .. } | GridError::RowLength { row, .. },
            ) => Some(*row),
            BoardError::OnGoal { at, .. } => Some(usize::from(at.row) + 1),
            _ => None,
        }
    }
}

impl Worded for BoardError {
    fn words(&self) -> Message {
        match self {
            BoardError::Grid(e) => e.words(),
            BoardError::Count {
                side,
                letter,
                found,
                needed,
            } => Message::new(words::CUSTOM_COUNT)
                .with("count", *found)
                .with("side", side.as_str())
                .with("letter", *letter)
                .with("needed", *needed),
            BoardError::OnGoal { side, letter, at } => Message::new(words::CUSTOM_ON_GOAL)
                .with("row", at.row + 1)
                .with("col", at.col + 1)
                .with("side", side.as_str())
                .with("letter", *letter),
        }
    }
}

crate::words::english!(BoardError);

impl std::error::Error for BoardError {}

impl From<GridError> for BoardError {
    fn from(e: GridError) -> Self {
        BoardError::Grid(e)
    }
}

impl CustomBoard {
    /// Reads board text (one line per row: `.` empty, `#` obstacle, a side's letter for
    /// each of its pieces) for `rules`, which must have passed [`Rules::check`].
    ///
    /// # Errors
    /// A [`BoardError`]: a character that is no cell of the rules, rows of different
    /// lengths, more than [`MAX_CELLS`] cells (refused before anything is allocated for
    /// them), a side without exactly its number of pieces, or a piece on its goal row.
    pub fn parse(rules: &Rules, text: &str) -> Result<CustomBoard, BoardError> {
        let letters: String = rules.side.iter().map(|s| s.letter).collect();
        let (grid, found) = Grid::parse(text, &letters, MAX_CELLS)?;
        let mut pieces = [Vec::new(), Vec::new()];
        for (letter, at) in found {
            let side = usize::from(letter == rules.side[1].letter);
            pieces[side].push(at);
        }
        for (side, rules) in rules.side.iter().enumerate() {
            let needed = rules.pieces as usize;
            if pieces[side].len() != needed {
                return Err(BoardError::Count {
                    side: rules.name.clone(),
                    letter: rules.letter,
                    found: pieces[side].len(),
                    needed,
                });
            }
        }
        for (side, rules) in rules.side.iter().enumerate() {
            if let Some(&at) = pieces[side]
                .iter()
                .find(|at| goal_row(rules.goal, &grid) == Some(at.row))
            {
                return Err(BoardError::OnGoal {
                    side: rules.name.clone(),
                    letter: rules.letter,
                    at,
                });
            }
        }
        Ok(CustomBoard { grid, pieces })
    }

    /// The board text with the rules' letters, one line per row, each ending in a newline.
    pub fn text(&self, rules: &Rules) -> String {
        let drawn: Vec<(char, Coord)> = (0..2)
            .flat_map(|side| {
                let letter = rules.side[side].letter;
                self.pieces[side].iter().map(move |&at| (letter, at))
            })
            .collect();
        self.grid.render(&drawn)
    }

    /// The board cells, ascending, each side's pieces may stand on in the positions of
    /// `span`.
    pub fn cells(&self, rules: &Rules, span: Span) -> [Vec<u16>; 2] {
        std::array::from_fn(|side| {
            let marked = match span {
                Span::Whole => vec![true; self.grid.len()],
                Span::FromStart => {
                    moves::reach(&self.grid, &self.pieces[side], &rules.side[side].rays())
                }
            };
            self.grid
                .coords()
                .filter(|&at| self.grid.is_free(at) && marked[usize::from(self.grid.cell(at))])
                .map(|at| self.grid.cell(at))
                .collect()
        })
    }
}

/// The row of a goal on `grid` (0-based), if any.
pub fn goal_row(goal: Goal, grid: &Grid) -> Option<u16> {
    match goal {
        Goal::None => None,
        Goal::Top => Some(0),
        Goal::Bottom => Some(grid.rows() - 1),
    }
}

/// Which positions a game indexes.
///
/// **Why the positions of [`Span::FromStart`] answer the start exactly.** Let `S` be the
/// positions whose pieces of each side stand on cells that side's pieces can reach from
/// their start cells by its own moves, obstacles in the way and the other pieces left
/// out ([`moves::reach`]), with any number of pieces the index allows, either side to
/// move.
/// 1. `S` holds the start, and every move from a position of `S` leads into `S`: the
///    moving piece goes along one of its side's rays to a cell that the walk of its
///    reach follows too (a slide over cells free of pieces is over cells free of
///    obstacles; a jump lands on a free cell whatever lies between), so that cell is in
///    the reach; every other piece stays where it is or, captured, is removed. Pieces in
///    the way only forbid moves.
/// 2. Retrograde analysis gives a position its value from its children alone: a win in
///    `n` has a child lost in `n − 1` and none lost sooner; a loss in `n` has every child
///    won, the slowest in `n − 1`; a tie is neither, for any `n`. The positions of `S`
///    have the same children in the game restricted to `S` as in the whole game (1), so,
///    by induction on `n`, the same positions of `S` are won and lost in `n` in both, and
///    the rest of `S` are ties in both.
///
/// So the restricted game gives the start, and every position of `S`, its value and
/// remoteness in the whole game (property-tested against the whole table on random rules
/// and boards in `tests/suite/custom.rs`). Parents outside `S` are not listed: they are no
/// positions of the restricted game. (River's `Reach` is the same argument for its one
/// game.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Span {
    /// Every placement of the pieces on free cells: the page may show any of them.
    #[default]
    Whole,
    /// The placements on the cells each side's start can reach: what the command line
    /// solves.
    FromStart,
}
