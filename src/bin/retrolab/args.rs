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
use std::path::PathBuf;

use lexopt::prelude::*;
use lexopt::{Error, Parser};
use retrolab::GameKind;

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `retrolab --help`, `-h` or `help`: the usage and the formats.
    Help,
    /// `retrolab <game> [--verify]`: answer the contest input on stdin.
    Solve { game: GameKind, verify: bool },
    /// `retrolab rules <preset>`: print a preset's rules file.
    Rules { preset: String },
    /// `retrolab custom --rules FILE [--verify]`: answer river-format boards on stdin under
    /// the rules of FILE (RULES §6).
    Custom { rules: PathBuf, verify: bool },
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
        "rules" if verify => Err("--verify does not go with `rules`".into()),
        "rules" => rules(&mut parser),
        "custom" => custom(&mut parser, verify),
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

/// The word of `retrolab rules <preset>`.
fn rules(parser: &mut Parser) -> Result<Command, Error> {
    let preset = match parser.next()? {
        Some(Value(word)) => word.string()?,
        Some(other) => return Err(other.unexpected()),
        None => return Err("missing the preset's name".into()),
    };
    alone(parser, Command::Rules { preset })
}

/// The options of `retrolab custom`: `--rules FILE` (once) and `--verify`.
fn custom(parser: &mut Parser, mut verify: bool) -> Result<Command, Error> {
    let mut rules = None;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("verify") => verify = true,
            Long("rules") if rules.is_none() => rules = Some(PathBuf::from(parser.value()?)),
            other => return Err(other.unexpected()),
        }
    }
    let rules = rules.ok_or("missing --rules FILE")?;
    Ok(Command::Custom { rules, verify })
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
        "usage: retrolab <{}> [--verify] < input, retrolab custom --rules FILE [--verify] < input, \
         or retrolab rules <PRESET>   (retrolab --help for the formats)",
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
        let preset = "river-pawn".to_owned();
        assert_eq!(
            parsed(&["rules", "river-pawn"]),
            Ok(Command::Rules { preset })
        );
        let custom = |verify| {
            Ok(Command::Custom {
                rules: PathBuf::from("r.toml"),
                verify,
            })
        };
        assert_eq!(parsed(&["custom", "--rules", "r.toml"]), custom(false));
        assert_eq!(parsed(&["custom", "--rules=r.toml"]), custom(false));
        assert_eq!(
            parsed(&["custom", "--verify", "--rules", "r.toml"]),
            custom(true)
        );
        assert_eq!(
            parsed(&["--verify", "custom", "--rules", "r.toml"]),
            custom(true)
        );
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
        assert_eq!(parsed(&["rules"]), Err("missing the preset's name".into()));
        assert_eq!(
            parsed(&["rules", "chase", "river-pawn"]),
            Err("unexpected argument \"river-pawn\"".into())
        );
        assert_eq!(
            parsed(&["--verify", "rules", "chase"]),
            Err("--verify does not go with `rules`".into())
        );
        assert_eq!(parsed(&["custom"]), Err("missing --rules FILE".into()));
        assert_eq!(
            parsed(&["custom", "--rules", "a", "--rules", "b"]),
            Err("invalid option '--rules'".into())
        );
        assert_eq!(
            parsed(&["custom", "--rules"]),
            Err("missing argument for option '--rules'".into())
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
