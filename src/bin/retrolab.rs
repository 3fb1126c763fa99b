//! The retrolab command line: answers the contest problems byte for byte.
//!
//! `retrolab <game> < input` reads the contest input on stdin and prints the contest
//! output on stdout. Malformed input gets one line on stderr naming the line at fault,
//! and exit code 2.

use std::io::{self, Write};
use std::process::ExitCode;

use retrolab::contest::{self, ContestError};
use retrolab::games::river::River;
use retrolab::{Game, Solver};

const HELP: &str = "\
retrolab — exact retrograde analysis of small board games

USAGE:
    retrolab <GAME> < input > output
    retrolab --help

GAMES:
    river    过河卒 (SPEC §1). Input: a line `id T`, then T boards, each a line `n m`
             followed by n rows of m characters: `.` empty, `#` obstacle, `O` red piece
             (exactly two), `X` black piece (exactly one, not in row 1). Boards up to
             256 cells (16×16). Output, one line per board: `Red N` or `Black N` (the
             winner and the number of moves both sides make under optimal play) or `Tie`.

Exit codes: 0 success, 2 bad input or usage (one line on stderr names the line at fault).
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["--help" | "-h" | "help"] => {
            print!("{HELP}");
            ExitCode::SUCCESS
        }
        [game] => match run(game) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("retrolab {game}: {message}");
                ExitCode::from(2)
            }
        },
        _ => {
            eprintln!("usage: retrolab <river> < input   (retrolab --help for the formats)");
            ExitCode::from(2)
        }
    }
}

/// Solves every problem of the input for `game`, printing one answer per line.
fn run(game: &str) -> Result<(), String> {
    let input = contest::read_input(io::stdin().lock()).map_err(|e| e.to_string())?;
    let answers = match game {
        "river" => river(&input),
        other => return Err(format!("unknown game {other:?}; try `retrolab --help`")),
    }
    .map_err(|e| e.to_string())?;
    let mut out = io::stdout().lock();
    out.write_all(answers.as_bytes())
        .map_err(|e| format!("cannot write output: {e}"))
}

fn river(input: &str) -> Result<String, ContestError> {
    let mut answers = String::new();
    for (index, board) in contest::river::parse(input)?.into_iter().enumerate() {
        let mut solver = Solver::new(River::new(board));
        let start = solver.game().start();
        let outcome = solver
            .solve_position(start)
            .map_err(|e| ContestError::new(0, format!("board {}: {e}", index + 1)))?;
        answers.push_str(&contest::river::answer(outcome));
        answers.push('\n');
    }
    Ok(answers)
}
