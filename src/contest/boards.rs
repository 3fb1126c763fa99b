//! The boards of an input in river's format — a header `id T`, then `T` boards, each a size
//! line `n m` and `n` rows of characters — shared by the games whose contest inputs take it
//! (river, and composed games: `retrolab custom`). Each game reads a board's rows its own way.

use super::{
    integers, integers_within, is_integer, stray, ContestError, Lines, Place, Problem, Reader,
};
use crate::words::{self, Message};

/// The problems of an input in river's format (`id T`, then `T` boards of a size line
/// `n m` and `n` rows), as river's reader reads them (see its `problems`), with each board
/// read by `read` ([`ReadBoard`]): the reader of every game whose inputs take this format.
pub fn boards_with<'a, R: ReadBoard + 'a>(
    input: &'a str,
    read: R,
) -> impl Iterator<Item = Problem<R::Board>> + 'a {
    super::problems(Boards::new(read), input)
}

/// How a game reads one board of an input in river's format: `read(lines, k, size line
/// number, size line)` reads board `k` (1-based), whose rows come next in `lines`. Any
/// function of that shape is one.
pub trait ReadBoard {
    /// The board read.
    type Board;

    /// Reads board `index` after its size line `size` (line `size_line`).
    ///
    /// # Errors
    /// What is wrong with the board, naming its line.
    fn read(
        &mut self,
        lines: &mut Lines<'_>,
        index: i64,
        size_line: usize,
        size: &str,
    ) -> Result<Self::Board, ContestError>;
}

impl<B, F> ReadBoard for F
where
    F: FnMut(&mut Lines<'_>, i64, usize, &str) -> Result<B, ContestError>,
{
    type Board = B;

    fn read(
        &mut self,
        lines: &mut Lines<'_>,
        index: i64,
        size_line: usize,
        size: &str,
    ) -> Result<B, ContestError> {
        self(lines, index, size_line, size)
    }
}

/// The [`Reader`] of an input in river's format, reading each board with `R`.
pub struct Boards<R> {
    read: R,
    place: Place,
    /// `T`, once the header is read.
    count: Option<i64>,
    /// The number of the next board.
    index: i64,
    over: bool,
}

impl<R> Boards<R> {
    /// At the start of an input.
    pub fn new(read: R) -> Boards<R> {
        Boards {
            read,
            place: Place::default(),
            count: None,
            index: 1,
            over: false,
        }
    }
}

impl<R: ReadBoard> Reader for Boards<R> {
    type Board = R::Board;

    fn next(&mut self, input: &str) -> Option<Problem<R::Board>> {
        if self.over {
            return None;
        }
        let mut lines = Lines::at(input, self.place);
        let problem = self.read_on(&mut lines);
        self.place = lines.place();
        problem
    }

    fn offset(&self) -> usize {
        self.place.offset
    }
}

impl<R: ReadBoard> Boards<R> {
    /// The next problem, read from `lines`.
    fn read_on(&mut self, lines: &mut Lines<'_>) -> Option<Problem<R::Board>> {
        let count = match self.count {
            Some(count) => count,
            None => match header(lines) {
                Ok(read) => *self.count.insert(read),
                Err(e) => {
                    self.over = true;
                    return Some(Problem::fault(None, e));
                }
            },
        };
        let index = self.index;
        if index > count {
            self.over = true;
            let after = Message::new(words::CONTEST_LAST_BOARD).with("boards", count);
            return lines
                .expect_end(after)
                .err()
                .map(|e| Problem::fault(None, e));
        }
        let number = Some(index as usize);
        let what = size_line(index);
        let (size_line, size) = match lines.next_nonblank(what) {
            Ok(read) => read,
            Err(e) => {
                self.over = true;
                return Some(Problem::fault(number, e));
            }
        };
        let after_size = lines.clone();
        let board = self.read.read(lines, index, size_line, size);
        if let Err(e) = &board {
            if e.line > lines.number() {
                self.over = true; // the input ended inside the board
            } else {
                *lines = after_size;
                lines.skip_until(is_size_line);
            }
        }
        self.index += 1;
        Some(Problem {
            number,
            lines: (size_line, lines.number().max(size_line)),
            board,
        })
    }
}

/// Reads the header `id T`; returns `T`. Both are at most 2³²−1; `T` is at least 1, an
/// `id` may be 0.
fn header(lines: &mut Lines<'_>) -> Result<i64, ContestError> {
    let (line, header) = lines.next_nonblank(words::CONTEST_HEADER)?;
    let most = i64::from(u32::MAX);
    let [_, count] = integers_within(line, header, [("id", 0..=most), ("T", 1..=most)])?;
    Ok(count)
}

/// The size line of board `index`, as a message names what it expected:
/// "the size line `n m` of board 2".
pub fn size_line(index: i64) -> Message {
    Message::new(words::CONTEST_SIZE_LINE).with("index", index)
}

/// What is wrong with board `index`: "board 2: …".
pub fn board_fault(index: i64, message: Message) -> Message {
    Message::new(words::CONTEST_BOARD_FAULT)
        .with("index", index)
        .with("message", message)
}

/// Whether a line reads as a size line `n m`: two integers, whatever their values.
fn is_size_line(text: &str) -> bool {
    let mut fields = text.split_whitespace();
    let two = [fields.next(), fields.next()];
    fields.next().is_none() && two.iter().all(|f| f.is_some_and(is_integer))
}

/// Reads the size line `size` (line `size_line`) of board `index` and its `n` rows of
/// exactly `m` characters, refusing a board of more than `max_cells` cells (what
/// `limit` names: "… boards of at most …") before its rows are read. Returns the rows
/// as board text, one line per row, and the input line of the first row.
pub fn board_rows(
    lines: &mut Lines<'_>,
    index: i64,
    size_line: usize,
    size: &str,
    max_cells: usize,
    limit: Message,
) -> Result<(String, usize), ContestError> {
    let [n, m] = integers(size_line, size, ["n", "m"], 1..=max_cells as i64)?;
    if n * m > max_cells as i64 {
        return Err(ContestError::new(
            size_line,
            Message::new(words::CONTEST_BOARD_SIZE)
                .with("index", index)
                .with("rows", n)
                .with("cols", m)
                .with("cells", n * m)
                .with("limit", limit),
        ));
    }
    let mut text = String::with_capacity(((m + 1) * n) as usize);
    for row in 1..=n {
        let (line, row_text) = lines.next_line(
            Message::new(words::CONTEST_ROW)
                .with("row", row)
                .with("index", index),
        )?;
        stray(line, row_text)?;
        let cells = row_text.chars().count();
        if cells != m as usize {
            return Err(ContestError::new(
                line,
                Message::new(words::CONTEST_ROW_CELLS)
                    .with("row", row)
                    .with("index", index)
                    .with("found", cells)
                    .with("m", m),
            ));
        }
        text.push_str(row_text);
        text.push('\n');
    }
    Ok((text, size_line + 1))
}
