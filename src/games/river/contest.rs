//! River contest format (RULES §1): `id T`, then `T` boards of `n m` and `n` rows; one
//! answer line per board: `Red N`, `Black N` or `Tie`.

use super::board::{BoardError, RiverBoard, MAX_CELLS};
use crate::contest::boards::{board_fault, board_rows, boards_with, size_line, Boards, ReadBoard};
use crate::contest::{self, ContestError, Lines, Problem};
use crate::game::Value;
use crate::grid::GridError;
use crate::record::Outcome;
use crate::words::{self, Code, Message, Worded};

/// The format in a paragraph, for the CLI's `--help`.
pub const HELP: Code = words::RIVER_FORMAT;

/// Reads a whole river contest input.
///
/// # Errors
/// A [`ContestError`] naming the line of the first problem: header, sizes, rows,
/// characters, piece counts, black in the top row, boards over [`MAX_CELLS`] cells
/// (refused before their rows are read) or needing more memory than the limit, missing
/// or extra text.
pub fn parse(input: &str) -> Result<Vec<RiverBoard>, ContestError> {
    problems(input).map(|p| p.board).collect()
}

/// Every board of a river contest input, and every fault, in input order.
///
/// After a bad board the reader resumes at the first line after that board's size line
/// that reads as a size line (two integers): its rows, which never do, are skipped, and
/// so is anything else up to the next board, which counts as the next of the `T`. A bad
/// header, or input that ends inside a board, ends the problems; text after the last
/// board is a fault of its own, outside every board.
pub fn problems(input: &str) -> impl Iterator<Item = Problem<RiverBoard>> + '_ {
    boards_with(input, parse_board)
}

/// The [`Reader`](crate::contest::Reader) of a river contest input ([`problems`]).
pub fn reader() -> Boards<impl ReadBoard<Board = RiverBoard>> {
    Boards::new(parse_board)
}

/// One board as a river input writes it — its size line and its rows — read alone: the
/// page's batch view opens a row of an input from its lines ([`Problem::lines`]).
///
/// # Errors
/// As [`parse`], naming the lines of `text`; the board is board 1.
pub fn problem(text: &str) -> Result<RiverBoard, ContestError> {
    let mut lines = Lines::new(text);
    let (size_line, size) = lines.next_nonblank(size_line(1))?;
    let board = parse_board(&mut lines, 1, size_line, size)?;
    lines.expect_end(contest::board_table(1))?;
    Ok(board)
}

/// Reads board `index` after its size line `size` (line `size_line`): its `n` rows.
fn parse_board(
    lines: &mut Lines<'_>,
    index: i64,
    size_line: usize,
    size: &str,
) -> Result<RiverBoard, ContestError> {
    let limit = Message::new(words::RIVER_LIMIT).with("cells", MAX_CELLS);
    let (text, first_row_line) = board_rows(lines, index, size_line, size, MAX_CELLS, limit)?;
    text.parse::<RiverBoard>().map_err(|e| {
        let line = match &e {
            BoardError::Grid(
                GridError::UnknownChar { row, .. } | GridError::RowLength { row, .. },
            ) => first_row_line + row - 1,
            BoardError::BlackOnFirstRow { .. } => first_row_line,
            _ => size_line,
        };
        ContestError::new(line, board_fault(index, e.words()))
    })
}

/// The contest input of one board (`0 1`, its size line, its rows), which [`parse`] reads
/// back as the same board.
pub fn write(board: &RiverBoard) -> String {
    let (rows, cols) = (board.grid.rows(), board.grid.cols());
    format!("0 1\n{rows} {cols}\n{board}")
}

/// The contest's answer line for the start position's outcome (red to move).
pub fn answer(start: Outcome) -> String {
    match start.value {
        Value::Win => format!("Red {}", start.remoteness),
        Value::Lose => format!("Black {}", start.remoteness),
        Value::Tie => "Tie".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = include_str!("../../../tests/cases/river/sample1.in");

    /// The sample with the lines `from..=to` (1-based) replaced by `with`.
    fn sample_with(from: usize, to: usize, with: &[&str]) -> String {
        let lines: Vec<&str> = SAMPLE.lines().collect();
        let mut out: Vec<&str> = lines[..from - 1].to_vec();
        out.extend_from_slice(with);
        out.extend_from_slice(&lines[to..]);
        out.join("\n") + "\n"
    }

    /// `(number, lines, Ok(board text) or Err(message))` of every problem.
    type Found = (Option<usize>, (usize, usize), Result<String, String>);

    fn found(input: &str) -> Vec<Found> {
        problems(input)
            .map(|p| {
                let board = p.board.map(|b| b.to_string()).map_err(|e| e.to_string());
                (p.number, p.lines, board)
            })
            .collect()
    }

    /// The sample's board `k` (1-based) as board text.
    fn sample_board(k: usize) -> Result<String, String> {
        Ok(parse(SAMPLE).unwrap()[k - 1].to_string())
    }

    #[test]
    fn good_boards_span_their_size_line_and_rows() {
        let spans: Vec<_> = found(SAMPLE).into_iter().map(|(n, l, _)| (n, l)).collect();
        let expected = [
            (1, (2, 6)),
            (2, (7, 10)),
            (3, (11, 14)),
            (4, (15, 20)),
            (5, (21, 30)),
        ];
        let expected: Vec<_> = expected.iter().map(|&(n, l)| (Some(n), l)).collect();
        assert_eq!(spans, expected);
    }

    #[test]
    fn a_bad_board_in_the_middle_is_the_clis_fault_and_the_rest_still_read() {
        // Board 3's rows are lines 12-14: an unknown character on its second row.
        let input = sample_with(13, 13, &[".#Z"]);
        let cli = parse(&input).unwrap_err().to_string();
        assert_eq!(
            cli,
            "line 13: board 3: row 2, column 3: unknown character 'Z' (expected one of . # O X)"
        );
        let found = found(&input);
        assert_eq!(found.len(), 5);
        assert_eq!(found[2], (Some(3), (11, 14), Err(cli)));
        for k in [1, 2, 4, 5] {
            assert_eq!(found[k - 1].2, sample_board(k), "board {k}");
        }
    }

    #[test]
    fn after_a_fault_the_reader_resumes_at_the_next_size_line() {
        // A missing row: board 2 says 3 rows but has 2, so board 3's size line is read as
        // its third row (the CLI's fault); board 3 is still found, as board 3.
        let input = sample_with(7, 10, &["3 3", "#.#", "O.O"]);
        let found = found(&input);
        let cli = parse(&input).unwrap_err().to_string();
        assert!(cli.starts_with("line 10: board 2: row 3"), "{cli}");
        assert_eq!(found[1].0, Some(2));
        assert_eq!(found[1].1, (7, 9));
        assert_eq!(found[1].2, Err(parse(&input).unwrap_err().to_string()));
        assert_eq!(found[2], (Some(3), (10, 13), sample_board(3)));
        assert_eq!(found.len(), 5);
        assert_eq!(found[4].2, sample_board(5));
    }

    #[test]
    fn faults_on_size_lines_and_piece_counts_skip_the_boards_rows() {
        for (size_line, rows, message) in [
            ("0 3", ["#.#", "O.O", ".X."], "line 7: n must be between 1 and 576, found 0"),
            ("3 x", ["#.#", "O.O", ".X."], "line 7: m must be an integer, found \"x\""),
            ("3 3", ["#.#", "O..", ".X."], "line 7: board 2: the board has 1 red piece (O), it needs exactly 2"),
            ("3 3", ["X.#", "O.O", "..."], "line 8: board 2: row 1, column 1: the black piece (X) may not start in the top row"),
        ] {
            let input = sample_with(7, 10, &[size_line, rows[0], rows[1], rows[2]]);
            let found = found(&input);
            assert_eq!(found.len(), 5, "{size_line} {rows:?}");
            assert_eq!(found[1], (Some(2), (7, 10), Err(message.to_string())));
            assert_eq!(found[1].2, Err(parse(&input).unwrap_err().to_string()));
            for k in [1, 3, 4, 5] {
                assert_eq!(found[k - 1].2, sample_board(k), "board {k} after {message}");
            }
        }
    }

    #[test]
    fn a_board_over_the_limit_is_skipped_with_its_rows() {
        let rows = vec![".".repeat(24); 25];
        let mut with = vec!["25 24"];
        with.extend(rows.iter().map(String::as_str));
        let input = sample_with(7, 10, &with);
        let found = found(&input);
        assert_eq!(found.len(), 5);
        assert!(found[1]
            .2
            .as_ref()
            .unwrap_err()
            .contains("board 2 is 25×24 = 600 cells"));
        assert_eq!(found[2].2, sample_board(3));
    }

    #[test]
    fn the_end_of_the_input_inside_a_board_ends_the_problems() {
        let found = found("0 3\n3 3\n#.#\nO.O\n.X.\n2 2\nO.\n");
        assert_eq!(found.len(), 2);
        assert_eq!(
            found[1],
            (
                Some(2),
                (6, 7),
                Err("line 8: expected row 2 of board 2, found the end of the input".into())
            )
        );
        // A count far beyond the boards given: one fault for the first missing board.
        let found = self::found("0 4000000000\n3 3\n#.#\nO.O\n.X.\n");
        assert_eq!(found.len(), 2);
        assert_eq!(
            found[1].2,
            Err(
                "line 6: expected the size line `n m` of board 2, found the end of the input"
                    .into()
            )
        );
    }

    #[test]
    fn faults_outside_the_boards_have_no_number() {
        assert_eq!(
            found("x 1\n3 3\n#.#\nO.O\n.X.\n"),
            [(
                None,
                (1, 1),
                Err("line 1: id must be an integer, found \"x\"".into())
            )]
        );
        let found = found("0 1\n3 3\n#.#\nO.O\n.X.\n\nmore\n");
        assert_eq!(found.len(), 2);
        assert_eq!(
            found[1],
            (
                None,
                (7, 7),
                Err("line 7: unexpected text after the last board (T = 1)".into())
            )
        );
    }

    #[test]
    fn written_boards_read_back() {
        for board in parse(SAMPLE).unwrap() {
            assert_eq!(parse(&write(&board)), Ok(vec![board.clone()]));
        }
        let board: RiverBoard = "O..\n.#X\n.O.\n".parse().unwrap();
        assert_eq!(write(&board), "0 1\n3 3\nO..\n.#X\n.O.\n");
    }
}
