//! Chase contest format (RULES §2): lines `n r1 c1 r2 c2` (white at row `r1` column `c1`,
//! black at `r2 c2`, 1-based); one answer line per query: `WHITE N` or `BLACK N`.
//!
//! The contest gives one line; retrolab answers any number, skipping blank lines.

use super::board::{BoardError, ChaseBoard, MAX_SIDE, MIN_SIDE};
use crate::contest::{
    self, fields, integer, numbers_expected, ContestError, Lines, Place, Problem, Reader,
};
use crate::game::Value;
use crate::grid::Coord;
use crate::record::Outcome;
use crate::words::{self, Arg, Code, Message, Worded};

/// The format in a paragraph, for the CLI's `--help`.
pub const HELP: Code = words::CHASE_FORMAT;

/// How a failure names the table of `board`: every query of a side shares one, `n = 5`.
pub fn table(board: &ChaseBoard) -> Arg {
    format!("n = {}", board.n()).into()
}

/// The fields of a query line, as messages name them.
const FIELDS: [&str; 5] = ["n", "r1", "c1", "r2", "c2"];

/// Reads every query of a chase input.
///
/// # Errors
/// A [`ContestError`] naming the line of the first problem: a wrong number of fields,
/// a malformed or overflowing number, `n` outside 2..=32, a coordinate outside `1..=n`,
/// both pieces on one cell, or an input without any query.
pub fn parse(input: &str) -> Result<Vec<ChaseBoard>, ContestError> {
    problems(input).map(|p| p.board).collect()
}

/// Every query of a chase input, and every fault, in input order: each line stands alone,
/// so a bad line is one fault and the next line is read as usual.
pub fn problems(input: &str) -> impl Iterator<Item = Problem<ChaseBoard>> + '_ {
    contest::problems(Queries::default(), input)
}

/// The [`Reader`] of a chase input's queries ([`problems`]).
#[derive(Clone, Debug, Default)]
pub struct Queries {
    place: Place,
    count: usize,
    over: bool,
}

impl Reader for Queries {
    type Board = ChaseBoard;

    fn next(&mut self, input: &str) -> Option<Problem<ChaseBoard>> {
        if self.over {
            return None;
        }
        let mut lines = Lines::at(input, self.place);
        let read = lines.next_nonblank(words::CHASE_QUERY_LINE);
        self.place = lines.place();
        match read {
            Ok((line, text)) => {
                self.count += 1;
                Some(Problem {
                    number: Some(self.count),
                    lines: (line, line),
                    board: parse_query(line, text),
                })
            }
            Err(e) => {
                self.over = true;
                (self.count == 0).then(|| Problem::fault(None, e))
            }
        }
    }

    fn offset(&self) -> usize {
        self.place.offset
    }
}

/// Reads one query line.
///
/// # Errors
/// As [`parse`], on `line`.
pub fn parse_query(line: usize, text: &str) -> Result<ChaseBoard, ContestError> {
    let fields = fields(line, text)?;
    if fields.len() != FIELDS.len() {
        let code = if fields.len() < FIELDS.len() {
            words::CONTEST_TOO_FEW
        } else {
            words::CONTEST_MORE
        };
        return Err(ContestError::new(line, numbers_expected(code, &FIELDS)));
    }
    let n = integer(line, fields[0], "n", MIN_SIDE.into()..=MAX_SIDE.into())?;
    let mut coords = [0u16; 4];
    for ((value, field), name) in coords.iter_mut().zip(&fields[1..]).zip(&FIELDS[1..]) {
        // In 1..=n ≤ MAX_SIDE, so the conversion is exact.
        *value = (integer(line, field, name, 1..=n)? - 1) as u16;
    }
    let white = Coord::new(coords[0], coords[1]);
    let black = Coord::new(coords[2], coords[3]);
    ChaseBoard::new(n as u16, white, black).map_err(|e| match e {
        BoardError::SameCell(at) => ContestError::new(
            line,
            Message::new(words::CHASE_QUERY_SAME_CELL).with("at", at.to_string()),
        ),
        other => ContestError::new(line, other.words()),
    })
}

/// The contest input of one query (`n r1 c1 r2 c2`, 1-based), which [`parse`] reads back
/// as the same board.
pub fn write(board: &ChaseBoard) -> String {
    let (white, black) = (board.white(), board.black());
    format!(
        "{} {} {} {} {}\n",
        board.n(),
        white.row + 1,
        white.col + 1,
        black.row + 1,
        black.col + 1
    )
}

/// The contest's answer line for a start position's outcome (white to move).
///
/// Chase has no ties on any board retrolab accepts (the tests check every position of
/// every size); should one ever occur, the line is `TIE`.
pub fn answer(start: Outcome) -> String {
    match start.value {
        Value::Win => format!("WHITE {}", start.remoteness),
        Value::Lose => format!("BLACK {}", start.remoteness),
        Value::Tie => "TIE".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(input: &str) -> String {
        parse(input).unwrap_err().to_string()
    }

    #[test]
    fn reads_every_query_and_skips_blank_lines() {
        let boards = parse("2 1 1 2 2\n\n  \n4 3 2 3 4\r\n").unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(
            (boards[1].n(), boards[1].white(), boards[1].black()),
            (4, Coord::new(2, 1), Coord::new(2, 3))
        );
    }

    #[test]
    fn errors_name_the_line_and_the_problem() {
        assert_eq!(
            error(""),
            "line 1: expected a query line `n r1 c1 r2 c2`, found the end of the input"
        );
        assert_eq!(
            error("2 1 1 2 2\n\n2 1 1 1\n"),
            "line 3: expected 5 numbers (n r1 c1 r2 c2), found too few"
        );
        assert_eq!(
            error("2 1 1 2 2 7"),
            "line 1: expected 5 numbers (n r1 c1 r2 c2), found more"
        );
        assert_eq!(
            error("1 1 1 1 1"),
            "line 1: n must be between 2 and 32, found 1"
        );
        assert_eq!(
            error("33 1 1 2 2"),
            "line 1: n must be between 2 and 32, found 33"
        );
        assert_eq!(
            error("4 1 5 2 2"),
            "line 1: c1 must be between 1 and 4, found 5"
        );
        assert_eq!(
            error("4 1 1 -2 2"),
            "line 1: r2 must be between 1 and 4, found -2"
        );
        assert_eq!(
            error("4 1 1 2 99999999999999999999"),
            "line 1: c2 must be between 1 and 4, found 99999999999999999999"
        );
        assert_eq!(
            error("4 1 1 2 2\n4 2 3 2 3"),
            "line 2: white and black both stand on cell (2, 3); they must start on different cells"
        );
        assert_eq!(
            error("4 1 1 2 x"),
            "line 1: c2 must be an integer, found \"x\""
        );
    }

    #[test]
    fn every_line_is_a_problem_of_its_own() {
        let found: Vec<_> = problems("2 1 1 2 2\n\n4 1 1 1\n3 1 1 3 3\n4 2 3 2 3\n")
            .map(|p| (p.number, p.lines, p.board.map_err(|e| e.to_string())))
            .collect();
        let board = |text: &str| parse(text).unwrap()[0];
        assert_eq!(
            found,
            [
                (Some(1), (1, 1), Ok(board("2 1 1 2 2"))),
                (
                    Some(2),
                    (3, 3),
                    Err("line 3: expected 5 numbers (n r1 c1 r2 c2), found too few".into())
                ),
                (Some(3), (4, 4), Ok(board("3 1 1 3 3"))),
                (
                    Some(4),
                    (5, 5),
                    Err("line 5: white and black both stand on cell (2, 3); they must start on different cells".into())
                ),
            ]
        );
        let empty: Vec<_> = problems("\n \n")
            .map(|p| p.board.map_err(|e| e.to_string()))
            .collect();
        assert_eq!(
            empty,
            [Err(
                "line 3: expected a query line `n r1 c1 r2 c2`, found the end of the input"
                    .to_string()
            )]
        );
    }

    #[test]
    fn written_queries_read_back() {
        let input = include_str!("../../../tests/cases/chase/cases.in");
        for board in parse(input).unwrap() {
            assert_eq!(parse(&write(&board)), Ok(vec![board]));
        }
        assert_eq!(write(&parse("4 3 2 3 4").unwrap()[0]), "4 3 2 3 4\n");
    }

    #[test]
    fn answers_name_the_winner() {
        let o = |value, remoteness| Outcome { value, remoteness };
        assert_eq!(answer(o(Value::Win, 1)), "WHITE 1");
        assert_eq!(answer(o(Value::Lose, 46)), "BLACK 46");
        assert_eq!(answer(o(Value::Tie, 0)), "TIE");
    }
}
