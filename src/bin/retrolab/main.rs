//! The retrolab command line: answers the contest problems byte for byte.
//!
//! `retrolab <game> < input` reads the contest input on stdin and prints the contest
//! output on stdout. Malformed input gets one line on stderr naming the line at fault,
//! and exit code 2; so do bad arguments (with the usage) and output that cannot be
//! written ([`output`]). With `--verify`, every table solved is also checked position by
//! position from the rules alone ([`retrolab::verify`]); the first inconsistency gets one
//! line on stderr and exit code 3. `retrolab custom --rules FILE` does the same for a
//! composed game (RULES §6), and `retrolab rules <preset>` prints a preset's rules file.

mod args;
mod output;

use std::io::{self, Read};
use std::path::Path;
use std::process::ExitCode;

use args::Command;
use retrolab::batch::{answer_input, answer_input_of};
use retrolab::contest::{self, Answers};
use retrolab::games::custom::{self, CustomKind, Rules};
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
             tableau the board's, custom each board's from its start. The answers are the
             same. The first inconsistency gets
             one line on stderr: `board k: position … claims … but …` (chase: k is the
             first query of that board size). Positions are written as the pieces' cells,
             1-based, and the side to move (river, chase) or the staircase's row lengths
             (tableau).

The rules, move counting, formats and limits in full: docs/RULES.md.

EXIT CODES:
    0 every answer written
    2 bad arguments (one line on stderr: what is wrong, then the usage), bad input (one
      line naming the line at fault), memory the system would not give (one line: what
      needed it, `needs N MB, could not reserve it`), or
      stdout could not take the answers or this help:
      a full disk, a closed stdout, a reader gone (a broken pipe, as in `| head -1`)
    3 a table failed its check (--verify); the answers are written first
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
    let composed = format!(
        "{} Presets: {}.",
        custom::contest::HELP.text(),
        presets.join(", ")
    );
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

/// Why a run failed: its exit code and its line for stderr.
struct Failure {
    code: u8,
    line: String,
}

impl Failure {
    /// Exit code 2: bad arguments, bad input, or output that could not be written.
    fn fault(line: String) -> Failure {
        Failure { code: 2, line }
    }

    /// The failure as `retrolab <command>` reports it.
    fn of(self, command: &str) -> Failure {
        Failure {
            line: format!("retrolab {command}: {}", self.line),
            ..self
        }
    }
}

fn main() -> ExitCode {
    let outcome = args::parse(std::env::args_os().skip(1))
        .map_err(|e| Failure::fault(format!("retrolab: {e}; {}", args::usage())))
        .and_then(run);
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            output::error_line(&failure.line);
            ExitCode::from(failure.code)
        }
    }
}

/// Carries out `command`.
fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Help => output::write_stdout(&help())
            .map_err(|e| Failure::fault(format!("retrolab: cannot write the help: {e}"))),
        Command::Solve { game, verify } => solve(game, verify).map_err(|f| f.of(game.name())),
        Command::Rules { preset } => custom::preset(&preset)
            .map_err(Failure::fault)
            .and_then(|preset| output::write_stdout(preset.text).map_err(cannot_write))
            .map_err(|f| f.of("rules")),
        Command::Custom { rules, verify } => compose(&rules, verify).map_err(|f| f.of("custom")),
    }
}

/// The failure of writing what stdout was to take.
fn cannot_write(error: io::Error) -> Failure {
    Failure::fault(format!("cannot write the output: {error}"))
}

/// Solves every problem of the input for `game`, printing one answer per line; the first
/// failure of `verify`'s checks comes after the answers, with exit code 3.
fn solve(game: GameKind, verify: bool) -> Result<(), Failure> {
    let input =
        contest::read_input(io::stdin().lock()).map_err(|e| Failure::fault(e.to_string()))?;
    let answers = answer_input(game, input, verify).map_err(|e| Failure::fault(e.to_string()))?;
    print(answers)
}

/// Solves every board of the input under the rules of the file `path`, as [`solve`] does.
fn compose(path: &Path, verify: bool) -> Result<(), Failure> {
    let file = path.display();
    // One more byte than a rules file may have: enough for its text to refuse the rest.
    let limit = custom::text::MAX_RULES_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|opened| opened.take(limit).read_to_end(&mut bytes))
        .map_err(|e| Failure::fault(format!("{file}: cannot read the rules file: {e}")))?;
    let text = contest::read_bytes(&bytes).map_err(|e| Failure::fault(format!("{file}: {e}")))?;
    let rules: Rules = text
        .parse()
        .map_err(|e| Failure::fault(format!("{file}: {e}")))?;
    let input =
        contest::read_input(io::stdin().lock()).map_err(|e| Failure::fault(e.to_string()))?;
    let kind = CustomKind::new(rules);
    let answers =
        answer_input_of(&kind, input, verify).map_err(|e| Failure::fault(e.to_string()))?;
    print(answers)
}

/// Writes the answers; the first failure of `--verify`'s checks comes after them, with exit
/// code 3.
fn print(answers: Answers) -> Result<(), Failure> {
    output::write_stdout(&answers.text)
        .map_err(|e| Failure::fault(format!("cannot write the answers: {e}")))?;
    match answers.failure {
        None => Ok(()),
        Some(line) => Err(Failure { code: 3, line }),
    }
}
