//! Tableau contest format (RULES §3): `n m`, then `n` lines of `m` integers (table A, the
//! first player's points), then `n` lines of `m` integers (table B); the answer is one
//! integer, the first player's total minus the second's under optimal play.

use super::board::{check_size, TableauBoard, MAX_PERIMETER, MAX_WEIGHT};
use crate::contest::{self, fields, integer, integers, ContestError, Lines, Problem, Reader};
use crate::game::layered::Score;
use crate::game::Player;
use crate::words::{self, Code, Message, Worded};

/// The format in a paragraph, for the CLI's `--help`.
pub const HELP: Code = words::TABLEAU_FORMAT;

/// Largest side that can pass [`check_size`] (the other side is at least 1).
const MAX_SIDE: i64 = MAX_PERIMETER as i64 - 1;

/// Reads a whole tableau contest input. Blank lines between rows are skipped.
///
/// # Errors
/// A [`ContestError`] naming the line of the first problem: the size line, a board
/// beyond the limits of [`check_size`] (refused before its tables are read), a row with
/// too few or too many numbers, a malformed number or one outside `0..=100000`, missing
/// rows, or text after table B.
pub fn parse(input: &str) -> Result<TableauBoard, ContestError> {
    let mut lines = Lines::new(input);
    let (size_line, size) = lines.next_nonblank(words::TABLEAU_SIZE_LINE)?;
    let [n, m] = integers(size_line, size, ["n", "m"], 1..=MAX_SIDE)?;
    check_size(n as u64, m as u64).map_err(|e| ContestError::new(size_line, e.words()))?;
    // Within MAX_SIDE, so the conversions are exact.
    let (n, m) = (n as u16, m as u16);
    let first = parse_table(&mut lines, "A", n, m)?;
    let second = parse_table(&mut lines, "B", n, m)?;
    lines.expect_end(Message::new(words::TABLEAU_TABLE).with("table", "B"))?;
    TableauBoard::new(n, m, first, second).map_err(|e| ContestError::new(size_line, e.words()))
}

/// The one problem of a tableau input, spanning the whole input.
pub fn problems(input: &str) -> impl Iterator<Item = Problem<TableauBoard>> + '_ {
    contest::problems(Case::default(), input)
}

/// The [`Reader`] of a tableau input: its one case, read whole at the first call.
#[derive(Clone, Debug, Default)]
pub struct Case {
    /// The bytes read: none, then all.
    read: Option<usize>,
}

impl Reader for Case {
    type Board = TableauBoard;

    fn next(&mut self, input: &str) -> Option<Problem<TableauBoard>> {
        if self.read.is_some() {
            return None;
        }
        self.read = Some(input.len());
        Some(Problem {
            number: Some(1),
            lines: (1, input.lines().count().max(1)),
            board: parse(input),
        })
    }

    fn offset(&self) -> usize {
        self.read.unwrap_or(0)
    }
}

/// Reads the `n` rows of `m` weights of table `name`, row-major.
fn parse_table(
    lines: &mut Lines<'_>,
    name: &str,
    n: u16,
    m: u16,
) -> Result<Vec<Score>, ContestError> {
    let mut table = Vec::with_capacity(usize::from(n) * usize::from(m));
    for row in 1..=n {
        let what = Message::new(words::TABLEAU_ROW)
            .with("row", row)
            .with("table", name);
        let (line, text) = lines.next_nonblank(what)?;
        let fields = fields(line, text)?;
        let count = fields.len();
        if count != usize::from(m) {
            return Err(ContestError::new(
                line,
                Message::new(words::TABLEAU_ROW_COUNT)
                    .with("row", row)
                    .with("table", name)
                    .with("found", count)
                    .with("m", m),
            ));
        }
        for (col, field) in fields.into_iter().enumerate() {
            let label = format!("{name}[{row}][{}]", col + 1);
            let weight = integer(line, field, &label, 0..=MAX_WEIGHT.into())?;
            // Within 0..=MAX_WEIGHT, so the conversion is exact.
            table.push(weight as Score);
        }
    }
    Ok(table)
}

/// The contest input of a board (`n m`, table A, table B), which [`parse`] reads back as
/// the same board.
pub fn write(board: &TableauBoard) -> String {
    let mut text = format!("{} {}\n", board.rows(), board.cols());
    for player in [Player::First, Player::Second] {
        for row in board.weights(player).chunks(usize::from(board.cols())) {
            let row: Vec<String> = row.iter().map(Score::to_string).collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
    }
    text
}

/// The contest's answer line: the score of the empty board.
pub fn answer(score: Score) -> String {
    score.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> String {
        parse(input).unwrap_err().to_string()
    }

    #[test]
    fn reads_the_sample() {
        let board = parse("2 3\n2 7 3\n9 1 2\n\n3 7 2\n2 3 1\n").unwrap();
        assert_eq!((board.rows(), board.cols()), (2, 3));
        assert_eq!(board.weights(Player::First), [2, 7, 3, 9, 1, 2]);
        assert_eq!(board.weights(Player::Second), [3, 7, 2, 2, 3, 1]);
    }

    #[test]
    fn written_boards_read_back() {
        for k in 1..=40 {
            let path = format!(
                "{}/tests/cases/tableau/{k:03}.in",
                env!("CARGO_MANIFEST_DIR")
            );
            let Ok(input) = std::fs::read_to_string(&path) else {
                continue;
            };
            let board = parse(&input).unwrap();
            assert_eq!(parse(&write(&board)), Ok(board), "{path}");
        }
        let sample = parse("2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n").unwrap();
        assert_eq!(write(&sample), "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n");
    }

    #[test]
    fn the_input_is_one_problem() {
        let found: Vec<_> = problems("\n1 1\n5\n7\n\n").collect();
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].number, found[0].lines), (Some(1), (1, 5)));
        let bad: Vec<_> = problems("1 1\n5\n")
            .map(|p| p.board.map_err(|e| e.to_string()))
            .collect();
        assert_eq!(
            bad,
            [Err(
                "line 3: expected row 1 of table B, found the end of the input".to_string()
            )]
        );
    }

    #[test]
    fn errors_name_the_line_and_the_problem() {
        assert_eq!(
            error(""),
            "line 1: expected the size line `n m`, found the end of the input"
        );
        assert_eq!(error("0 3"), "line 1: n must be between 1 and 63, found 0");
        assert_eq!(
            error("\n13 13\n"),
            "line 2: a 13×13 board has C(26, 13) = 10400600 staircase positions; \
             retrolab solves tableau boards of at most 4194304 (12×12 fits)"
        );
        assert_eq!(
            error("40 40"),
            "line 1: a 40×40 board is too large; retrolab solves tableau boards with \
             n + m ≤ 64 and at most 4194304 staircase positions"
        );
        assert_eq!(
            error("2 3\n2 7 3\n9 1\n"),
            "line 3: row 2 of table A has 2 numbers, expected m = 3"
        );
        assert_eq!(
            error("2 3\n2 7 3\n9 1 2\n3 7 2 5\n"),
            "line 4: row 1 of table B has 4 numbers, expected m = 3"
        );
        assert_eq!(
            error("2 3\n2 7 3\n9 1 2\n3 7 2\n"),
            "line 5: expected row 2 of table B, found the end of the input"
        );
        assert_eq!(
            error("2 3\n2 7 3\n9 -1 2\n"),
            "line 3: A[2][2] must be between 0 and 100000, found -1"
        );
        assert_eq!(
            error("1 1\n1\n99999999999999999999\n"),
            "line 3: B[1][1] must be between 0 and 100000, found 99999999999999999999"
        );
        assert_eq!(
            error("1 1\n1\n2\n3\n"),
            "line 4: unexpected text after table B"
        );
    }
}
