//! River contest format (RULES §1): `id T`, then `T` boards of `n m` and `n` rows; one
//! answer line per board: `Red N`, `Black N` or `Tie`.

use super::{integers, ContestError, Lines};
use crate::games::river::{BoardError, RiverBoard, MAX_CELLS};
use crate::grid::GridError;
use crate::record::Outcome;
use crate::Value;

/// Largest side length accepted (a 1 × 576 or 576 × 1 board is within [`MAX_CELLS`]).
const MAX_SIDE: i64 = MAX_CELLS as i64;

/// Reads a whole river contest input.
///
/// # Errors
/// A [`ContestError`] naming the line of the first problem: header, sizes, rows,
/// characters, piece counts, black in the top row, boards over [`MAX_CELLS`] cells
/// (refused before their rows are read), missing or extra text.
pub fn parse(input: &str) -> Result<Vec<RiverBoard>, ContestError> {
    let mut lines = Lines::new(input);
    let (line, header) = lines.next_nonblank("the header line `id T`")?;
    let [_, count] = integers(line, header, ["id", "T"], 0..=i64::from(u32::MAX))?;
    if count < 1 {
        return Err(ContestError::new(
            line,
            "T (the number of boards) must be at least 1",
        ));
    }
    let mut boards = Vec::new();
    for index in 1..=count {
        boards.push(parse_board(&mut lines, index)?);
    }
    lines.expect_end(&format!("the last board (T = {count})"))?;
    Ok(boards)
}

fn parse_board(lines: &mut Lines<'_>, index: i64) -> Result<RiverBoard, ContestError> {
    let (size_line, size) =
        lines.next_nonblank(&format!("the size line `n m` of board {index}"))?;
    let [n, m] = integers(size_line, size, ["n", "m"], 1..=MAX_SIDE)?;
    if n * m > MAX_CELLS as i64 {
        return Err(ContestError::new(
            size_line,
            format!("board {index} is {n}×{m} = {} cells; retrolab solves river boards of at most {MAX_CELLS} cells (24×24)", n * m),
        ));
    }
    let mut text = String::with_capacity(((m + 1) * n) as usize);
    let first_row_line = size_line + 1;
    for row in 1..=n {
        let (line, row_text) = lines.next_line(&format!("row {row} of board {index}"))?;
        let cells = row_text.chars().count();
        if cells != m as usize {
            return Err(ContestError::new(
                line,
                format!("row {row} of board {index} has {cells} cells, expected m = {m}"),
            ));
        }
        text.push_str(row_text);
        text.push('\n');
    }
    text.parse::<RiverBoard>().map_err(|e| {
        let line = match &e {
            BoardError::Grid(
                GridError::UnknownChar { row, .. } | GridError::RowLength { row, .. },
            ) => first_row_line + row - 1,
            BoardError::BlackOnFirstRow { .. } => first_row_line,
            _ => size_line,
        };
        ContestError::new(line, format!("board {index}: {e}"))
    })
}

/// The contest's answer line for the start position's outcome (red to move).
pub fn answer(start: Outcome) -> String {
    match start.value {
        Value::Win => format!("Red {}", start.remoteness),
        Value::Lose => format!("Black {}", start.remoteness),
        Value::Tie => "Tie".to_string(),
    }
}
