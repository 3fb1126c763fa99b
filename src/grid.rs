//! The rectangular board shared by the grid games: coordinates, obstacles, neighbours,
//! and the text form (`.` free, `#` obstacle, one letter per piece).

use std::fmt;

use crate::words::{self, Message, Worded};

/// A cell position, 0-based; row 0 is the top row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// Row, 0 at the top.
    pub row: u16,
    /// Column, 0 at the left.
    pub col: u16,
}

impl Coord {
    /// The cell at `row`, `col` (0-based).
    pub const fn new(row: u16, col: u16) -> Coord {
        Coord { row, col }
    }
}

impl fmt::Display for Coord {
    /// 1-based, as the contest statements write cells: `(row, column)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row + 1, self.col + 1)
    }
}

/// The four orthogonal directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Away from row 0.
    Down,
    /// Towards column 0.
    Left,
    /// Away from column 0.
    Right,
}

impl Dir {
    /// All four, in a fixed order.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// Row and column change of one step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }
}

/// A rows × cols board of free cells and obstacles.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: u16,
    cols: u16,
    blocked: Vec<bool>,
}

/// Why board text could not be read. Rows and columns are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridError {
    /// The text has no rows.
    Empty,
    /// A row's length differs from the first row's.
    RowLength {
        /// The row.
        row: usize,
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// A character that is neither `.`, `#` nor a piece letter of the game.
    UnknownChar {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// The character.
        found: char,
        /// The characters allowed.
        allowed: String,
    },
    /// More cells than the game accepts.
    TooLarge {
        /// Rows × columns of the text.
        cells: usize,
        /// The game's limit.
        max: usize,
    },
}

impl Worded for GridError {
    fn words(&self) -> Message {
        match self {
            GridError::Empty => Message::new(words::GRID_EMPTY),
            GridError::RowLength {
                row,
                expected,
                found,
            } => Message::new(words::GRID_ROW_LENGTH)
                .with("row", *row)
                .with("found", *found)
                .with("expected", *expected),
            GridError::UnknownChar {
                row,
                col,
                found,
                allowed,
            } => Message::new(words::GRID_UNKNOWN_CHAR)
                .with("row", *row)
                .with("col", *col)
                .with("found", format!("{found:?}"))
                .with("allowed", allowed.as_str()),
            GridError::TooLarge { cells, max } => Message::new(words::GRID_TOO_LARGE)
                .with("cells", *cells)
                .with("max", *max),
        }
    }
}

crate::words::english!(GridError);

impl std::error::Error for GridError {}

impl Grid {
    /// An obstacle-free board. Sizes are the caller's to bound.
    pub fn open(rows: u16, cols: u16) -> Grid {
        Grid {
            rows,
            cols,
            blocked: vec![false; usize::from(rows) * usize::from(cols)],
        }
    }

    /// Reads board text: one line per row, `.` free, `#` obstacle, and any of `pieces`
    /// (which stand on free cells). Returns the grid and the pieces in reading order.
    ///
    /// # Errors
    /// A [`GridError`] naming the row and column at fault; boards of more than
    /// `max_cells` cells are refused before anything is allocated for them.
    pub fn parse(
        text: &str,
        pieces: &str,
        max_cells: usize,
    ) -> Result<(Grid, Vec<(char, Coord)>), GridError> {
        let lines: Vec<&str> = text
            .lines()
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        let Some(first) = lines.first() else {
            return Err(GridError::Empty);
        };
        let cols = first.chars().count();
        let cells = lines.len().saturating_mul(cols);
        if cells > max_cells || lines.len() > usize::from(u16::MAX) || cols > usize::from(u16::MAX)
        {
            return Err(GridError::TooLarge {
                cells,
                max: max_cells,
            });
        }
        if cols == 0 {
            return Err(GridError::Empty);
        }
        let mut grid = Grid::open(lines.len() as u16, cols as u16);
        let mut found = Vec::new();
        for (r, line) in lines.iter().enumerate() {
            let len = line.chars().count();
            if len != cols {
                return Err(GridError::RowLength {
                    row: r + 1,
                    expected: cols,
                    found: len,
                });
            }
            for (c, ch) in line.chars().enumerate() {
                let at = Coord::new(r as u16, c as u16);
                match ch {
                    '.' => {}
                    '#' => grid.set_blocked(at, true),
                    _ if pieces.contains(ch) => found.push((ch, at)),
                    _ => {
                        let allowed = format!(
                            ". # {}",
                            pieces
                                .chars()
                                .map(String::from)
                                .collect::<Vec<_>>()
                                .join(" ")
                        );
                        return Err(GridError::UnknownChar {
                            row: r + 1,
                            col: c + 1,
                            found: ch,
                            allowed,
                        });
                    }
                }
            }
        }
        Ok((grid, found))
    }

    /// Number of rows.
    pub const fn rows(&self) -> u16 {
        self.rows
    }

    /// Number of columns.
    pub const fn cols(&self) -> u16 {
        self.cols
    }

    /// Number of cells, obstacles included.
    pub fn len(&self) -> usize {
        self.blocked.len()
    }

    /// True for a board without cells.
    pub fn is_empty(&self) -> bool {
        self.blocked.is_empty()
    }

    /// Row-major number of a cell (`row * cols + col`), as [`crate::Move`] uses.
    ///
    /// # Panics
    /// In debug builds, if `at` is outside the board.
    pub fn cell(&self, at: Coord) -> u16 {
        debug_assert!(self.contains(at));
        at.row * self.cols + at.col
    }

    /// The coordinate of a row-major cell number.
    pub fn coord(&self, cell: u16) -> Coord {
        Coord::new(cell / self.cols, cell % self.cols)
    }

    /// The coordinate of a row-major cell number, if the cell is on the board.
    pub fn checked_coord(&self, cell: u16) -> Option<Coord> {
        (usize::from(cell) < self.len()).then(|| self.coord(cell))
    }

    /// True when `at` is on the board.
    pub fn contains(&self, at: Coord) -> bool {
        at.row < self.rows && at.col < self.cols
    }

    /// True when `at` is on the board and not an obstacle.
    pub fn is_free(&self, at: Coord) -> bool {
        self.contains(at) && !self.blocked[usize::from(self.cell(at))]
    }

    /// Places or removes an obstacle.
    pub fn set_blocked(&mut self, at: Coord, blocked: bool) {
        let cell = usize::from(self.cell(at));
        self.blocked[cell] = blocked;
    }

    /// The cell `steps` cells from `at` in direction `dir`, if it is on the board.
    pub fn step(&self, at: Coord, dir: Dir, steps: i32) -> Option<Coord> {
        let (dr, dc) = dir.delta();
        let row = i32::from(at.row) + dr * steps;
        let col = i32::from(at.col) + dc * steps;
        let to = Coord::new(u16::try_from(row).ok()?, u16::try_from(col).ok()?);
        self.contains(to).then_some(to)
    }

    /// All coordinates, row by row.
    pub fn coords(&self) -> impl Iterator<Item = Coord> + '_ {
        (0..self.rows).flat_map(move |row| (0..self.cols).map(move |col| Coord::new(row, col)))
    }

    /// Board text with `pieces` drawn on it (inverse of [`Grid::parse`]).
    pub fn render(&self, pieces: &[(char, Coord)]) -> String {
        let mut out = String::with_capacity(self.len() + usize::from(self.rows));
        for at in self.coords() {
            let piece = pieces.iter().find(|(_, c)| *c == at).map(|(ch, _)| *ch);
            out.push(piece.unwrap_or(if self.is_free(at) { '.' } else { '#' }));
            if at.col + 1 == self.cols {
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_reads_obstacles_and_pieces_and_renders_back() {
        let text = "..#O\n.X..\n";
        let (grid, pieces) = Grid::parse(text, "OX", 256).unwrap();
        assert_eq!((grid.rows(), grid.cols()), (2, 4));
        assert!(!grid.is_free(Coord::new(0, 2)));
        assert!(grid.is_free(Coord::new(0, 3)));
        assert_eq!(
            pieces,
            vec![('O', Coord::new(0, 3)), ('X', Coord::new(1, 1))]
        );
        assert_eq!(grid.render(&pieces), text);
    }

    #[test]
    fn parse_names_the_row_and_column_at_fault() {
        assert_eq!(
            Grid::parse("..\n.", "", 9),
            Err(GridError::RowLength {
                row: 2,
                expected: 2,
                found: 1
            })
        );
        let err = Grid::parse("..\n.Z", "O", 9).unwrap_err();
        assert!(
            matches!(
                err,
                GridError::UnknownChar {
                    row: 2,
                    col: 2,
                    found: 'Z',
                    ..
                }
            ),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            "row 2, column 2: unknown character 'Z' (expected one of . # O)"
        );
        assert_eq!(Grid::parse("", "", 9), Err(GridError::Empty));
        assert_eq!(
            Grid::parse("....\n....\n....", "", 9),
            Err(GridError::TooLarge { cells: 12, max: 9 })
        );
    }

    #[test]
    fn step_stays_on_the_board() {
        let grid = Grid::open(3, 2);
        let at = Coord::new(0, 1);
        assert_eq!(grid.step(at, Dir::Up, 1), None);
        assert_eq!(grid.step(at, Dir::Right, 1), None);
        assert_eq!(grid.step(at, Dir::Down, 2), Some(Coord::new(2, 1)));
        assert_eq!(grid.step(at, Dir::Left, 1), Some(Coord::new(0, 0)));
        assert_eq!(grid.coord(grid.cell(Coord::new(2, 1))), Coord::new(2, 1));
    }
}
