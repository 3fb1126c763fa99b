//! The command line's words: what `retrolab` is asked to do.
//!
//! Arguments are read as `OsString`s by `lexopt`, so none can panic: a word that is not
//! UTF-8, an unknown option, a missing or extra word is an [`Error`] naming it, which the
//! caller prints with [`usage`].
//!
//! The first word picks the command and the command reads the words after it, its own
//! options included: a new subcommand is one more arm in [`parse`] and a function like
//! [`solve`] for its options.

use std::ffi::OsString;

use lexopt::prelude::*;
use lexopt::{Error, Parser};
use retrolab::GameKind;

/// What the command line asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `retrolab --help`, `-h` or `help`: the usage and the formats.
    Help,
    /// `retrolab <game> [--verify]`: answer the contest input on stdin.
    Solve { game: GameKind, verify: bool },
}

/// Reads the arguments after the program's name.
///
/// # Errors
/// The first argument that does not fit, in `lexopt`'s words.
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Command, Error> {
    let mut parser = Parser::from_args(args);
    // `--verify` may also come before the game, as it always could.
    let mut verify = false;
    let word = loop {
        match parser.next()? {
            Some(Short('h') | Long("help")) => return alone(&mut parser, Command::Help),
            Some(Long("verify")) => verify = true,
            Some(Value(word)) => break word.string()?,
            Some(other) => return Err(other.unexpected()),
            None => return Err("missing the game".into()),
        }
    };
    match word.as_str() {
        "help" => alone(&mut parser, Command::Help),
        name => {
            let game = name.parse().map_err(|e| Error::Custom(Box::new(e)))?;
            solve(&mut parser, game, verify)
        }
    }
}

/// The options of `retrolab <game>`: `--verify`, given here or before the game.
fn solve(parser: &mut Parser, game: GameKind, mut verify: bool) -> Result<Command, Error> {
    while let Some(arg) = parser.next()? {
        match arg {
            Long("verify") => verify = true,
            other => return Err(other.unexpected()),
        }
    }
    Ok(Command::Solve { game, verify })
}

/// `command` when no argument follows.
fn alone(parser: &mut Parser, command: Command) -> Result<Command, Error> {
    match parser.next()? {
        None => Ok(command),
        Some(other) => Err(other.unexpected()),
    }
}

/// The one-line usage that follows every argument error on stderr.
pub fn usage() -> String {
    let games: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
    format!(
        "usage: retrolab <{}> [--verify] < input   (retrolab --help for the formats)",
        games.join("|")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    use std::os::unix::ffi::OsStringExt;

    fn parsed(args: &[&str]) -> Result<Command, String> {
        parse(args.iter().map(OsString::from)).map_err(|e| e.to_string())
    }

    #[test]
    fn reads_the_commands() {
        let river = GameKind::ALL[0];
        for help in [&["--help"][..], &["-h"], &["help"]] {
            assert_eq!(parsed(help), Ok(Command::Help));
        }
        let solve = |verify| {
            Ok(Command::Solve {
                game: river,
                verify,
            })
        };
        assert_eq!(parsed(&["river"]), solve(false));
        assert_eq!(parsed(&["river", "--verify"]), solve(true));
        assert_eq!(parsed(&["--verify", "river"]), solve(true));
        assert_eq!(parsed(&["--verify", "river", "--verify"]), solve(true));
    }

    #[test]
    fn names_what_does_not_fit() {
        assert_eq!(parsed(&[]), Err("missing the game".into()));
        assert_eq!(
            parsed(&["river", "--verif"]),
            Err("invalid option '--verif'".into())
        );
        assert_eq!(parsed(&["-x"]), Err("invalid option '-x'".into()));
        assert_eq!(
            parsed(&["river", "chase"]),
            Err("unexpected argument \"chase\"".into())
        );
        assert_eq!(
            parsed(&["--help", "river"]),
            Err("unexpected argument \"river\"".into())
        );
        assert_eq!(
            parsed(&["river", "--verify=yes"]),
            Err("unexpected argument for option '--verify': \"yes\"".into())
        );
        assert_eq!(
            parsed(&["River"]),
            Err("unknown game \"River\" (river, chase or tableau)".into())
        );
    }

    #[cfg(unix)]
    #[test]
    fn names_an_argument_that_is_not_utf8() {
        let args = [b"river".to_vec(), b"--verif\xff".to_vec()].map(OsString::from_vec);
        assert_eq!(
            parse(args).unwrap_err().to_string(),
            "invalid option '--verif\u{fffd}'"
        );
        let args = [OsString::from_vec(b"\xff".to_vec())];
        assert_eq!(
            parse(args).unwrap_err().to_string(),
            "argument is invalid unicode: \"\\xFF\""
        );
    }
}
