//! The retrolab command line: answers the contest problems byte for byte.
//!
//! `retrolab <game> < input` reads the contest input on stdin and prints the contest
//! output on stdout. Malformed input gets one line on stderr naming the line at fault,
//! and exit code 2.

use std::io::{self, Write};
use std::process::ExitCode;

use retrolab::contest;
use retrolab::games::chase::Chase;
use retrolab::games::river::River;
use retrolab::games::tableau::Tableau;
use retrolab::{Game, Keep, LayeredGame, LayeredSolver, Order, Solver, Workspace};

const HELP: &str = "\
retrolab — exact retrograde analysis of small board games

USAGE:
    retrolab <GAME> < input > output
    retrolab --help

GAMES:
    river    过河卒 (SPEC §1). Input: a line `id T`, then T boards, each a line `n m`
             followed by n rows of m characters: `.` empty, `#` obstacle, `O` red piece
             (exactly two), `X` black piece (exactly one, not in row 1). Boards up to
             576 cells (24×24). Output, one line per board: `Red N` or `Black N` (the
             winner and the number of moves both sides make under optimal play) or `Tie`.
    chase    棋盘游戏 (SPEC §2). Input: any number of lines `n r1 c1 r2 c2`: an n×n board
             (2 ≤ n ≤ 32), white at row r1 column c1, black at r2 c2 (1-based, distinct
             cells); blank lines are skipped. Output, one line per query: `WHITE N` or
             `BLACK N` (the winner and the number of moves both sides make).
    tableau  一双木棋 (SPEC §3). Input: a line `n m`, then n lines of m integers (table A,
             the first player's points), then n lines of m integers (table B); points
             0..=100000. Boards with n + m ≤ 64 and C(n+m, n) ≤ 4194304 staircases (12×12
             fits). Output: one integer, the first player's total minus the second's.

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
            eprintln!(
                "usage: retrolab <river|chase|tableau> < input   (retrolab --help for the formats)"
            );
            ExitCode::from(2)
        }
    }
}

/// Answers a whole contest input, or says what is wrong with it.
type Answerer = fn(&str) -> Result<String, String>;

/// The answerer for a game's name.
fn answerer(game: &str) -> Option<Answerer> {
    match game {
        "river" => Some(river),
        "chase" => Some(chase),
        "tableau" => Some(tableau),
        _ => None,
    }
}

/// Solves every problem of the input for `game`, printing one answer per line.
fn run(game: &str) -> Result<(), String> {
    let answer =
        answerer(game).ok_or_else(|| format!("unknown game {game:?}; try `retrolab --help`"))?;
    let input = contest::read_input(io::stdin().lock()).map_err(|e| e.to_string())?;
    let answers = answer(&input)?;
    let mut out = io::stdout().lock();
    out.write_all(answers.as_bytes())
        .map_err(|e| format!("cannot write output: {e}"))
}

/// Answers every river board: tier by tier from black's top row down to the start's row,
/// keeping two rows' records, in one workspace reserved for the largest board (its
/// memory is touched once, not once per board).
fn river(input: &str) -> Result<String, String> {
    let mut answers = String::new();
    let boards = contest::river::parse(input).map_err(|e| e.to_string())?;
    let mut workspace = Workspace::default();
    for board in &boards {
        workspace.reserve(&board.tier_ends(), Keep::TwoTiers);
    }
    for (index, board) in boards.into_iter().enumerate() {
        let game = River::new(board);
        let mut solver = Solver::in_workspace(game, Order::Tiers, Keep::TwoTiers, workspace);
        let start = solver.game().start();
        let outcome = solver
            .solve_position(start)
            .map_err(|e| format!("board {}: {e}", index + 1))?;
        answers.push_str(&contest::river::answer(outcome));
        answers.push('\n');
        workspace = solver.into_workspace();
    }
    Ok(answers)
}

/// Answers every chase query; each board size is solved once, whole, and its table
/// answers every query of that size.
fn chase(input: &str) -> Result<String, String> {
    let boards = contest::chase::parse(input).map_err(|e| e.to_string())?;
    let mut answers = vec![String::new(); boards.len()];
    let mut by_size: Vec<usize> = (0..boards.len()).collect();
    by_size.sort_by_key(|&i| boards[i].n());
    for group in by_size.chunk_by(|&a, &b| boards[a].n() == boards[b].n()) {
        let mut solver = Solver::new(Chase::new(boards[group[0]]));
        solver
            .solve()
            .map_err(|e| format!("n = {}: {e}", boards[group[0]].n()))?;
        for &i in group {
            let start = solver.game().start_of(&boards[i]);
            let outcome = solver
                .outcome(start)
                .expect("a solved table decides every position");
            answers[i] = contest::chase::answer(outcome);
        }
    }
    Ok(answers.iter().map(|a| format!("{a}\n")).collect())
}

/// Answers the tableau input: the score of the empty board.
fn tableau(input: &str) -> Result<String, String> {
    let board = contest::tableau::parse(input).map_err(|e| e.to_string())?;
    let mut solver = LayeredSolver::new(Tableau::new(board));
    solver.solve();
    let start = solver.game().start();
    let score = solver
        .score(start)
        .expect("a solved game scores every position");
    Ok(format!("{}\n", contest::tableau::answer(score)))
}
