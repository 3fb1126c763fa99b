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
use retrolab::GameKind;

const USAGE: &str = "\
retrolab — exact retrograde analysis of small board games

USAGE:
    retrolab <GAME> [--verify] < input > output
    retrolab --help
";

const OPTIONS: &str = "\
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

/// Width of `--help`'s lines, and the indent of a game's paragraph.
const WIDTH: usize = 89;
const INDENT: usize = 13;

/// `--help`: the usage, each game's format (from its contest module), the options.
fn help() -> String {
    let mut text = format!("{USAGE}\nGAMES:\n");
    for game in GameKind::ALL {
        let mut line = format!("    {:<width$}", game.name(), width = INDENT - 4);
        for word in game.help().split_whitespace() {
            if line.chars().count() + 1 + word.chars().count() > WIDTH
                && line.trim().len() > game.name().len()
            {
                text.push_str(line.trim_end());
                text.push('\n');
                line = " ".repeat(INDENT);
            } else if !line.ends_with(' ') {
                line.push(' ');
            }
            line.push_str(word);
        }
        text.push_str(&line);
        text.push('\n');
    }
    text.push('\n');
    text.push_str(OPTIONS);
    text
}

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
            print!("{}", help());
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

/// Solves every problem of the input for `game`, printing one answer per line; returns
/// the first failure of `verify`'s checks.
fn run(game: &str, verify: bool) -> Result<Option<String>, String> {
    let game: GameKind = game
        .parse()
        .map_err(|e| format!("{e}; try `retrolab --help`"))?;
    let input = contest::read_input(io::stdin().lock()).map_err(|e| e.to_string())?;
    let answers = game
        .answer_input(&input, verify)
        .map_err(|e| e.to_string())?;
    let mut out = io::stdout().lock();
    out.write_all(answers.text.as_bytes())
        .map_err(|e| format!("cannot write output: {e}"))?;
    Ok(answers.failure)
}
