//! A composed game's contest format: river's (`id T`, then `T` boards of `n m` and `n`
//! rows), with the letters the rules declare; one answer line per board: the winner's
//! name and the number of moves both sides make, or `Tie` (RULES §6).

use crate::contest::boards::{board_fault, board_rows, boards_with, size_line, ReadBoard};
use crate::contest::{self, ContestError, Lines, Problem};
use crate::record::Outcome;
use crate::words::{self, Code, Message, Worded};
use crate::Value;

use super::board::{CustomBoard, MAX_CELLS};
use super::needs;
use super::rules::Rules;

/// The format in a paragraph, for the CLI's `--help`.
pub const HELP: Code = words::CUSTOM_FORMAT;

/// Reads a whole input of boards for `rules`.
///
/// # Errors
/// A [`ContestError`] naming the line of the first problem: header, sizes, rows,
/// characters, piece counts, a piece on its goal row, boards over [`MAX_CELLS`] cells
/// (refused before their rows are read) or needing more memory than the limit
/// ([`needs::check`]), missing or extra text.
pub fn parse(rules: &Rules, input: &str) -> Result<Vec<CustomBoard>, ContestError> {
    problems(rules, input).map(|p| p.board).collect()
}

/// Every board of an input for `rules`, and every fault, in input order, read as river's
/// reader reads its boards ([`crate::games::river::contest::problems`]: after a fault it resumes
/// at the next size line).
pub fn problems<'a>(
    rules: &'a Rules,
    input: &'a str,
) -> impl Iterator<Item = Problem<CustomBoard>> + 'a {
    boards_with(input, reads(rules.clone()))
}

/// How a board of an input for `rules` is read: its size line, then its rows.
pub fn reads(rules: Rules) -> impl ReadBoard<Board = CustomBoard> {
    move |lines: &mut Lines<'_>, index, size_line, size: &str| {
        read_board(&rules, lines, index, size_line, size)
    }
}

/// The board of one problem as an input writes it, alone: its size line and its rows (the
/// batch view opens a row of an input so).
///
/// # Errors
/// As [`parse`], naming the line in `text`.
pub fn problem(rules: &Rules, text: &str) -> Result<CustomBoard, ContestError> {
    let mut lines = Lines::new(text);
    let (size_line, size) = lines.next_nonblank(size_line(1))?;
    let board = read_board(rules, &mut lines, 1, size_line, size)?;
    lines.expect_end(contest::board_table(1))?;
    Ok(board)
}

/// Reads board `index` after its size line `size` (line `size_line`): its rows, for
/// `rules`.
fn read_board(
    rules: &Rules,
    lines: &mut Lines<'_>,
    index: i64,
    size_line: usize,
    size: &str,
) -> Result<CustomBoard, ContestError> {
    let limit = Message::new(words::CUSTOM_LIMIT).with("cells", MAX_CELLS);
    let (text, first_row_line) = board_rows(lines, index, size_line, size, MAX_CELLS, limit)?;
    let board = CustomBoard::parse(rules, &text).map_err(|e| {
        let line = e.row().map_or(size_line, |row| first_row_line + row - 1);
        ContestError::new(line, board_fault(index, e.words()))
    })?;
    needs::check(rules, &board)
        .map_err(|too_big| ContestError::new(size_line, board_fault(index, too_big.words())))?;
    Ok(board)
}

/// The input of one board (`0 1`, its size line, its rows), which [`parse`] reads back as
/// the same board.
pub fn write(rules: &Rules, board: &CustomBoard) -> String {
    let (rows, cols) = (board.grid.rows(), board.grid.cols());
    format!("0 1\n{rows} {cols}\n{}", board.text(rules))
}

/// The answer line for the start position's outcome: the winner's name and the number
/// of moves, or `Tie`.
pub fn answer(rules: &Rules, start: Outcome) -> String {
    let first = rules.first_side();
    let winner = match start.value {
        Value::Win => first,
        Value::Lose => 1 - first,
        Value::Tie => return "Tie".to_string(),
    };
    format!("{} {}", rules.side[winner].name, start.remoteness)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::custom::preset;

    #[test]
    fn an_answer_names_the_winner_whichever_side_moves_first() {
        let text = preset("river-pawn").unwrap().text;
        for (first, win, lose) in [("Red", "Red 3", "Black 3"), ("Black", "Black 3", "Red 3")] {
            let rules: Rules = text
                .replace("first = \"Red\"", &format!("first = \"{first}\""))
                .parse()
                .unwrap();
            let outcome = |value| Outcome {
                value,
                remoteness: 3,
            };
            assert_eq!(answer(&rules, outcome(Value::Win)), win, "{first} first");
            assert_eq!(answer(&rules, outcome(Value::Lose)), lose, "{first} first");
            assert_eq!(answer(&rules, outcome(Value::Tie)), "Tie");
        }
    }

    #[test]
    fn a_board_written_out_reads_back_as_itself() {
        let rules = preset("river-pawn").unwrap().rules();
        let board = CustomBoard::parse(&rules, "#.#\nO.O\n.X.\n").unwrap();
        assert_eq!(parse(&rules, &write(&rules, &board)), Ok(vec![board]));
    }
}
