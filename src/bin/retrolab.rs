//! The retrolab command line: answers the contest problems byte for byte.
//!
//! `retrolab <game> < input` reads the contest input on stdin and prints the contest
//! output on stdout. Malformed input gets one line on stderr naming the line at fault,
//! and exit code 2. With `--verify`, every table solved is also checked position by
//! position from the rules alone ([`retrolab::verify`]); the first inconsistency gets one
//! line on stderr and exit code 3.

use std::io::{self, Write};
use std::process::ExitCode;

use retrolab::contest;
use retrolab::games::chase::Chase;
use retrolab::games::river::River;
use retrolab::games::tableau::Tableau;
use retrolab::verify::{outcomes, scores};
use retrolab::{BoardView, Game, GameKind, LayeredGame, LayeredSolver, Solver};

const HELP: &str = "\
retrolab — exact retrograde analysis of small board games

USAGE:
    retrolab <GAME> [--verify] < input > output
    retrolab --help

GAMES:
    river    过河卒 (RULES §1). Input: a line `id T`, then T boards, each a line `n m`
             followed by n rows of m characters: `.` empty, `#` obstacle, `O` red piece
             (exactly two), `X` black piece (exactly one, not in row 1). Boards up to
             256 cells (16×16). Output, one line per board: `Red N` or `Black N` (the
             winner and the number of moves both sides make under optimal play) or `Tie`.
    chase    棋盘游戏 (RULES §2). Input: any number of lines `n r1 c1 r2 c2`: an n×n board
             (2 ≤ n ≤ 32), white at row r1 column c1, black at r2 c2 (1-based, distinct
             cells); blank lines are skipped. Output, one line per query: `WHITE N` or
             `BLACK N` (the winner and the number of moves both sides make).
    tableau  一双木棋 (RULES §3). Input: a line `n m`, then n lines of m integers (table A,
             the first player's points), then n lines of m integers (table B); points
             0..=100000. Boards with n + m ≤ 64 and C(n+m, n) ≤ 4194304 staircases (12×12
             fits). Output: one integer, the first player's total minus the second's.

OPTIONS:
    --verify Also check every table solved, position by position, from the rules alone
             (not the solver): river each board's whole table, chase each board size's,
             tableau the board's. The answers are the same. The first inconsistency gets
             one line on stderr: `board k: position … claims … but …` (chase: k is the
             first query of that board size). Positions are written as the pieces' cells,
             1-based, and the side to move (river, chase) or the staircase's row lengths
             (tableau).

The rules, move counting, formats and limits in full: docs/RULES.md.

Exit codes: 0 success, 2 bad input or usage (one line on stderr names the line at fault),
3 a table failed its check (--verify).
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verify = args.iter().any(|a| a == "--verify");
    match args
        .iter()
        .map(String::as_str)
        .filter(|&a| a != "--verify")
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["--help" | "-h" | "help"] => {
            print!("{HELP}");
            ExitCode::SUCCESS
        }
        [game] => match run(game, verify) {
            Ok(None) => ExitCode::SUCCESS,
            Ok(Some(failure)) => {
                eprintln!("retrolab {game}: {failure}");
                ExitCode::from(3)
            }
            Err(message) => {
                eprintln!("retrolab {game}: {message}");
                ExitCode::from(2)
            }
        },
        _ => {
            let games: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
            eprintln!(
                "usage: retrolab <{}> [--verify] < input   (retrolab --help for the formats)",
                games.join("|")
            );
            ExitCode::from(2)
        }
    }
}

/// Answers a whole contest input (checking every table it solves when asked to), or
/// says what is wrong with it.
type Answerer = fn(&str, bool) -> Result<Answers, String>;

/// The answers to a contest input, and what `--verify` found.
#[derive(Default)]
struct Answers {
    /// The contest output, one line per answer.
    text: String,
    /// The first table that failed its check: `board k: position … claims … but …`.
    failure: Option<String>,
}

impl Answers {
    /// Runs `check` on board `board`'s table (1-based) unless an earlier one failed, and
    /// keeps its failure.
    fn verify(&mut self, board: usize, check: impl FnOnce() -> Result<(), String>) {
        if self.failure.is_none() {
            self.failure = check().err().map(|e| format!("board {board}: {e}"));
        }
    }
}

/// The answerer for a game.
fn answerer(game: GameKind) -> Answerer {
    match game {
        GameKind::River => river,
        GameKind::Chase => chase,
        GameKind::Tableau => tableau,
    }
}

/// Solves every problem of the input for `game`, printing one answer per line; returns
/// the first failure of `verify`'s checks.
fn run(game: &str, verify: bool) -> Result<Option<String>, String> {
    let game: GameKind = game
        .parse()
        .map_err(|e| format!("{e}; try `retrolab --help`"))?;
    let answer = answerer(game);
    let input = contest::read_input(io::stdin().lock()).map_err(|e| e.to_string())?;
    let answers = answer(&input, verify)?;
    let mut out = io::stdout().lock();
    out.write_all(answers.text.as_bytes())
        .map_err(|e| format!("cannot write output: {e}"))?;
    Ok(answers.failure)
}

/// Answers every river board; `verify` solves and checks each whole table, where the
/// answer alone may stop once the start is decided.
fn river(input: &str, verify: bool) -> Result<Answers, String> {
    let mut answers = Answers::default();
    let boards = contest::river::parse(input).map_err(|e| e.to_string())?;
    for (index, board) in boards.into_iter().enumerate() {
        let mut solver = Solver::new(River::new(board));
        let start = solver.game().start();
        let solved = if verify {
            solver
                .solve()
                .map(|()| solver.outcome(start).expect("solved"))
        } else {
            solver.solve_position(start)
        };
        let outcome = solved.map_err(|e| format!("board {}: {e}", index + 1))?;
        answers.text.push_str(&contest::river::answer(outcome));
        answers.text.push('\n');
        if verify {
            answers.verify(index + 1, || check_outcomes(&solver));
        }
    }
    Ok(answers)
}

/// Checks a solved Win / Lose / Tie table; its first failure in words.
fn check_outcomes<G: Game + BoardView>(solver: &Solver<G>) -> Result<(), String> {
    let game = solver.game();
    outcomes::check(game, solver.records()).map_err(|e| e.describe(|pos| game.describe(pos)))
}

/// Answers every chase query; each board size is solved once, whole, and its table
/// answers every query of that size (`verify` checks it, naming its first query).
fn chase(input: &str, verify: bool) -> Result<Answers, String> {
    let boards = contest::chase::parse(input).map_err(|e| e.to_string())?;
    let mut lines = vec![String::new(); boards.len()];
    let mut answers = Answers::default();
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
            lines[i] = contest::chase::answer(outcome);
        }
        if verify {
            answers.verify(group[0] + 1, || check_outcomes(&solver));
        }
    }
    answers.text = lines.iter().map(|a| format!("{a}\n")).collect();
    Ok(answers)
}

/// Answers the tableau input: the score of the empty board (`verify` checks every
/// staircase's score).
fn tableau(input: &str, verify: bool) -> Result<Answers, String> {
    let board = contest::tableau::parse(input).map_err(|e| e.to_string())?;
    let mut solver = LayeredSolver::new(Tableau::new(board));
    solver.solve();
    let start = solver.game().start();
    let score = solver
        .score(start)
        .expect("a solved game scores every position");
    let mut answers = Answers {
        text: format!("{}\n", contest::tableau::answer(score)),
        failure: None,
    };
    if verify {
        let game = solver.game();
        answers.verify(1, || {
            scores::check(game, solver.scores()).map_err(|e| e.describe(|pos| game.describe(pos)))
        });
    }
    Ok(answers)
}
