//! River contest format (RULES §1): `id T`, then `T` boards of `n m` and `n` rows; one
//! answer line per board: `Red N`, `Black N` or `Tie`.

use super::{check_outcomes, integers, Answers, ContestError, Lines};
use crate::games::river::{BoardError, River, RiverBoard, Span, MAX_CELLS};
use crate::grid::GridError;
use crate::record::Outcome;
use crate::{Game, Keep, Order, Solver, Value, Workspace};

/// The format in a paragraph, for the CLI's `--help`.
pub const HELP: &str = "过河卒 (RULES §1). Input: a line `id T`, then T boards, each a line \
    `n m` followed by n rows of m characters: `.` empty, `#` obstacle, `O` red piece (exactly \
    two), `X` black piece (exactly one, not in row 1). Boards up to 576 cells (24×24). \
    Output, one line per board: `Red N` or `Black N` (the winner and the number of moves \
    both sides make under optimal play) or `Tie`.";

/// Largest side length accepted (a 1 × 576 or 576 × 1 board is within [`MAX_CELLS`]).
const MAX_SIDE: i64 = MAX_CELLS as i64;

/// Answers a whole river contest input, board by board, each over the positions its start
/// can lead to ([`Span::FromStart`]: black shut in a few cells makes a game a few hundred
/// times smaller), tier by tier from black's top row down to the start's row, in one
/// workspace reserved for the largest board (its memory is touched once, not once per
/// board). An answer alone may stop once the start is decided and keeps two rows'
/// records; `verify` solves and checks each table whole, every record kept.
///
/// # Errors
/// What is wrong with the input (its line), or a board whose play is too long to record.
pub fn answer_input(input: &str, verify: bool) -> Result<Answers, String> {
    let mut answers = Answers::default();
    let boards = parse(input).map_err(|e| e.to_string())?;
    let keep = if verify { Keep::All } else { Keep::TwoTiers };
    let mut workspace = Workspace::default();
    for board in &boards {
        workspace.reserve(&board.tier_ends(Span::FromStart), keep);
    }
    for (index, board) in boards.into_iter().enumerate() {
        let game = River::spanning(board, Span::FromStart);
        let mut solver = Solver::in_workspace(game, Order::Tiers, keep, workspace);
        let start = solver.game().start();
        let solved = if verify {
            solver
                .solve()
                .map(|()| solver.outcome(start).expect("solved"))
        } else {
            solver.solve_position(start)
        };
        let outcome = solved.map_err(|e| format!("board {}: {e}", index + 1))?;
        answers.push(&answer(outcome));
        if verify {
            answers.verify(index + 1, || check_outcomes(&solver, River::decode));
        }
        workspace = solver.into_workspace();
    }
    Ok(answers)
}

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
