//! A whole contest input answered at once, as the command line prints it: the batch run to
//! its end, after every problem is read once, and with `--verify`'s checks.

use super::tables::layout;
use super::Batch;
use crate::contest::{AnswerError, Answers};
use crate::game::Position;
use crate::games::{with_kind, GameKind, Kind};
use crate::retro::{bytes_needed, Keep, SolveError, Workspace};
use crate::words::Arg;

/// Answers a whole contest input of `game` as the command line prints it
/// ([`answer_input_of`]).
///
/// # Errors
/// As [`answer_input_of`].
pub fn answer_input(game: GameKind, input: String, verify: bool) -> Result<Answers, AnswerError> {
    with_kind!(game, |kind| answer_input_of(kind, input, verify))
}

/// Answers a whole contest input of `kind` as the command line prints it: one answer line
/// per problem, in input order (`verify`: every table is also checked from the rules
/// alone, and the first that fails its check is [`Answers::failure`]).
///
/// The batch solves them all, as the page's batch view does, but every problem is read
/// once before any table is solved — the command line answers nothing for an input with
/// a fault — and the memory of the table that needs most, when the game says it ahead
/// ([`Kind::answering_tiers`]), is reserved then: it is touched once, not once per board,
/// and a refusal names that board before any is solved. No board is kept between that
/// reading and the batch's: an input of 16 MiB may hold over a million. (When every board
/// shares a table, as chase's do, the batch reads the whole input before it solves any
/// table: its own reading is that check.)
///
/// # Errors
/// The input's first fault (naming its line), or the first table the solver could not
/// finish or have the memory for (`board k: needs N MB, could not reserve it`), or memory
/// refused for the problems or the answers.
pub fn answer_input_of<K: Kind>(
    kind: &K,
    input: String,
    verify: bool,
) -> Result<Answers, AnswerError> {
    let mut batch = Batch::reading(kind, input, verify, Workspace::default());
    // No clock to look at: steps as large as `Solver::solve_position`'s.
    batch.chunk = 1 << 14;
    let checked = kind.clone();
    batch.check = Some(Box::new(move |input| read_once(&checked, input, verify)));
    while batch.work_piece().is_some() {
        if let Some(fault) = batch.first_fault.take() {
            return Err(fault);
        }
    }
    Ok(Answers {
        text: batch.in_order()?,
        failure: batch.check_failure,
    })
}

/// Reads every problem of `input` once: its first fault, or the memory reserved for the
/// table that needs most (the first of equals).
fn read_once<K: Kind>(kind: &K, input: &str, verify: bool) -> Result<Workspace, AnswerError> {
    let mut largest: Option<(u64, Vec<Position>, Keep, Arg)> = None;
    for problem in kind.problems(input) {
        let number = problem.number.unwrap_or(1);
        let board = problem.board?;
        let Some(tiers) = kind.answering_tiers(&board) else {
            continue;
        };
        let (_, keep) = layout(kind.shared(&board).is_some(), verify);
        let bytes = bytes_needed(&tiers, keep);
        if largest.as_ref().map_or(true, |(most, ..)| bytes > *most) {
            largest = Some((bytes, tiers, keep, kind.table(&board, number)));
        }
    }
    let mut workspace = Workspace::default();
    if let Some((_, tiers, keep, table)) = largest {
        workspace
            .reserve(&tiers, keep)
            .map_err(|error| AnswerError::Solve {
                table,
                error: SolveError::Memory(error),
            })?;
    }
    Ok(workspace)
}
