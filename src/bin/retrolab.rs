//! The retrolab command line: answers the contest problems byte for byte.
//!
//! `retrolab <game> < input` reads the contest input on stdin and prints the contest
//! output on stdout. Malformed input gets one line on stderr naming the line at fault,
//! and exit code 2. With `--verify`, every table solved is also checked position by
//! position from the rules alone ([`retrolab::verify`]); the first inconsistency gets one
//! line on stderr and exit code 3.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use retrolab::contest;
use retrolab::games::custom::{self, Rules};
use retrolab::GameKind;

const USAGE: &str = "\
retrolab — exact retrograde analysis of small board games

USAGE:
    retrolab <GAME> [--verify] < input > output
    retrolab custom --rules FILE [--verify] < input > output
    retrolab rules <PRESET>
    retrolab --help
";

const OPTIONS: &str = "\
OPTIONS:
    --verify Also check every table solved, position by position, from the rules alone
             (not the solver): river each board's whole table, chase each board size's,
             tableau the board's, custom each board's from its start. The answers are the same. The first inconsistency gets
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
        text.push_str(&entry(game.name(), game.help()));
    }
    let presets: Vec<&str> = custom::PRESETS.iter().map(|p| p.name).collect();
    let composed = format!("{} Presets: {}.", custom::contest::HELP, presets.join(", "));
    text.push_str(&entry("custom", &composed));
    text.push('\n');
    text.push_str(OPTIONS);
    text
}

/// A game's paragraph of `--help`: its name, then its format wrapped at [`WIDTH`].
fn entry(name: &str, format: &str) -> String {
    let mut text = String::new();
    let mut line = format!("    {:<width$}", name, width = INDENT - 4);
    for word in format.split_whitespace() {
        if line.chars().count() + 1 + word.chars().count() > WIDTH && line.trim().len() > name.len()
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
        ["rules", name] => match custom::preset(name) {
            Ok(preset) => {
                print!("{}", preset.text);
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("retrolab rules: {message}");
                ExitCode::from(2)
            }
        },
        ["custom", "--rules", file] => finish("custom", run_custom(file, verify)),
        [game] => finish(game, run(game, verify)),
        _ => {
            let games: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
            eprintln!(
                "usage: retrolab <{}|custom --rules FILE> [--verify] < input, or retrolab rules <PRESET>   (retrolab --help for the formats)",
                games.join("|")
            );
            ExitCode::from(2)
        }
    }
}

/// The exit code of a run of `retrolab <game>`, its failure or error on stderr.
fn finish(game: &str, result: Result<Option<String>, String>) -> ExitCode {
    match result {
        Ok(None) => ExitCode::SUCCESS,
        Ok(Some(failure)) => {
            eprintln!("retrolab {game}: {failure}");
            ExitCode::from(3)
        }
        Err(message) => {
            eprintln!("retrolab {game}: {message}");
            ExitCode::from(2)
        }
    }
}

/// Solves every board of the input for the rules in `file`, as [`run`] does.
fn run_custom(file: &str, verify: bool) -> Result<Option<String>, String> {
    let limit = custom::text::MAX_RULES_BYTES as u64 + 1;
    let opened = std::fs::File::open(file)
        .map_err(|e| format!("{file}: cannot read the rules file: {e}"))?;
    let text = contest::read_input(opened.take(limit)).map_err(|e| format!("{file}: {e}"))?;
    let rules: Rules = text.parse().map_err(|e| format!("{file}: {e}"))?;
    let input = contest::read_input(io::stdin().lock()).map_err(|e| e.to_string())?;
    print_answers(custom::answer_input(&rules, &input, verify)?)
}

/// Solves every problem of the input for `game`, printing one answer per line; returns
/// the first failure of `verify`'s checks.
fn run(game: &str, verify: bool) -> Result<Option<String>, String> {
    let game: GameKind = game
        .parse()
        .map_err(|e| format!("{e}; try `retrolab --help`"))?;
    let input = contest::read_input(io::stdin().lock()).map_err(|e| e.to_string())?;
    print_answers(game.answer_input(&input, verify)?)
}

/// Prints the answers; returns the first failure of `--verify`'s checks.
fn print_answers(answers: contest::Answers) -> Result<Option<String>, String> {
    let mut out = io::stdout().lock();
    out.write_all(answers.text.as_bytes())
        .map_err(|e| format!("cannot write output: {e}"))?;
    Ok(answers.failure)
}
