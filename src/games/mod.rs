//! The games, one folder each — its board, its rules, its board view, its contest format
//! and its [`Kind`] — and [`GameKind`], the list of them: the one place that names every
//! game. The layers above (the analysis, the batch, the command line, the page) reach a game
//! through the list and the trait, never by its name.
//!
//! Adding a game: its folder here, with a type implementing [`Kind`]; one line in the list
//! below; the page's descriptor (`www/games/<game>.js`) and its section of docs/RULES.md.
//! Nothing else names a game.

use std::fmt;
use std::str::FromStr;

use crate::contest::{AnswerError, Answers};

pub mod chase;
pub mod custom;
pub mod kind;
pub mod river;
pub mod tableau;

pub use kind::{About, Build, Kind, Limits, Shared};

/// Declares the list of games, one line each: `Variant => folder::Kind`, in the order the
/// page and the command line list them. It makes [`GameKind`], its `ALL` and its `visit`,
/// the list's [`BoardError`] with a variant per game, and [`Listed`] for each kind.
macro_rules! list {
    ($($(#[$doc:meta])* $variant:ident => $kind:path,)+) => {
        /// The games retrolab knows, in the order the page and the command line list them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $($(#[$doc])* $variant,)+
        }

        impl GameKind {
            /// Every game, in order.
            pub const ALL: [GameKind; [$(GameKind::$variant),+].len()] =
                [$(GameKind::$variant),+];

            /// Hands the game's kind to `visit`: what is done with any game, done with
            /// this one.
            pub fn visit<V: Visit>(self, visit: V) -> V::Output {
                match self {
                    $(GameKind::$variant => visit.visit(&$kind),)+
                }
            }
        }

        /// Why a board text is not a legal start for a game of the list: that game's own
        /// error ([`Kind::BoardError`]).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum BoardError {
            $(
                #[doc = concat!("A board of [`GameKind::", stringify!($variant), "`].")]
                $variant(<$kind as Kind>::BoardError),
            )+
        }

        impl fmt::Display for BoardError {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(BoardError::$variant(e) => e.fmt(f),)+
                }
            }
        }

        impl std::error::Error for BoardError {
            fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
                match self {
                    $(BoardError::$variant(e) => Some(e),)+
                }
            }
        }

        $(
            impl Listed for $kind {
                fn board_error(error: <$kind as Kind>::BoardError) -> BoardError {
                    BoardError::$variant(error)
                }
            }
        )+
    };
}

list! {
    /// 过河卒, [`river`].
    River => river::RiverKind,
    /// 棋盘游戏, [`chase`].
    Chase => chase::ChaseKind,
    /// 一双木棋, [`tableau`].
    Tableau => tableau::TableauKind,
}

/// A game of the list: its board errors are the list's too ([`BoardError`]).
pub trait Listed: Kind {
    /// `error`, one of this game's, as one of the list's.
    fn board_error(error: Self::BoardError) -> BoardError;
}

/// Something to do with any game of the list ([`GameKind::visit`]), whatever its types.
pub trait Visit {
    /// What it gives.
    type Output;

    /// Does it with `kind`.
    fn visit<K: Listed>(self, kind: &K) -> Self::Output;
}

impl GameKind {
    /// What the game says about itself.
    pub fn about(self) -> About {
        struct AboutIt;
        impl Visit for AboutIt {
            type Output = About;
            fn visit<K: Listed>(self, kind: &K) -> About {
                kind.about()
            }
        }
        self.visit(AboutIt)
    }

    /// The game's name on the command line, in links and in the page.
    pub fn name(self) -> &'static str {
        self.about().name
    }

    /// The contest format in a paragraph, for the CLI's `--help`.
    pub fn help(self) -> &'static str {
        self.about().help
    }

    /// Checks a board text (the page's: see [`crate::analysis`]) without building the game.
    ///
    /// # Errors
    /// What is wrong with the board.
    pub fn check(self, text: &str) -> Result<(), BoardError> {
        struct Check<'a>(&'a str);
        impl Visit for Check<'_> {
            type Output = Result<(), BoardError>;
            fn visit<K: Listed>(self, kind: &K) -> Self::Output {
                kind.parse(self.0).map(drop).map_err(K::board_error)
            }
        }
        self.visit(Check(text))
    }

    /// A board text (as for [`GameKind::check`]) as the contest's input for that one board,
    /// which [`GameKind::answer_input`] reads back as that board.
    ///
    /// # Errors
    /// What is wrong with the board.
    pub fn contest_text(self, text: &str) -> Result<String, BoardError> {
        struct ContestText<'a>(&'a str);
        impl Visit for ContestText<'_> {
            type Output = Result<String, BoardError>;
            fn visit<K: Listed>(self, kind: &K) -> Self::Output {
                let board = kind.parse(self.0).map_err(K::board_error)?;
                Ok(kind.contest_text(&board))
            }
        }
        self.visit(ContestText(text))
    }

    /// Answers a whole contest input of the game, as the CLI prints it (`verify`: every
    /// table solved is checked from the rules alone too).
    ///
    /// # Errors
    /// What is wrong with the input, naming its line, or a table the solver cannot finish.
    pub fn answer_input(self, input: &str, verify: bool) -> Result<Answers, AnswerError> {
        struct AnswerInput<'a>(&'a str, bool);
        impl Visit for AnswerInput<'_> {
            type Output = Result<Answers, AnswerError>;
            fn visit<K: Listed>(self, kind: &K) -> Self::Output {
                kind.answer_input(self.0, self.1)
            }
        }
        self.visit(AnswerInput(input, verify))
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is none of [`GameKind::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    /// `unknown game "checkers" (river, chase or tableau)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
        let (last, rest) = names.split_last().expect("there are games");
        write!(
            f,
            "unknown game {:?} ({} or {last})",
            self.0,
            rest.join(", ")
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(name: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == name)
            .ok_or_else(|| UnknownGame(name.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_unknown_names_list_the_games() {
        for game in GameKind::ALL {
            assert_eq!(game.name().parse(), Ok(game));
            assert_eq!(game.to_string(), game.name());
        }
        assert_eq!(
            "River".parse::<GameKind>().unwrap_err().to_string(),
            "unknown game \"River\" (river, chase or tableau)"
        );
    }

    #[test]
    fn a_games_board_error_is_the_lists_and_reads_the_same() {
        let error = river::BoardError::RedCount(1);
        assert_eq!(
            GameKind::River.check("O.\n.X\n"),
            Err(BoardError::River(error.clone()))
        );
        assert_eq!(
            BoardError::River(error.clone()).to_string(),
            error.to_string()
        );
        let grid = GameKind::Chase.check("W?\n.B\n").unwrap_err();
        assert!(matches!(
            grid,
            BoardError::Chase(chase::BoardError::Grid(_))
        ));
        assert!(std::error::Error::source(&grid).is_some());
    }

    #[test]
    fn every_game_says_what_it_is_and_answers_its_contest_text() {
        let boards = ["#.#\nO.O\n.X.\n", "W.\n.B\n", "1 2\n1 2\n3 4\n"];
        for (game, board) in GameKind::ALL.into_iter().zip(boards) {
            let about = game.about();
            assert!(!about.summary.is_empty() && !about.summary.contains('\n'));
            assert_eq!(about.help, game.help());
            let text = game.contest_text(board).unwrap();
            let answers = game.answer_input(&text, true).unwrap();
            assert_eq!((answers.text.lines().count(), answers.failure), (1, None));
        }
        assert_eq!(
            GameKind::River.answer_input("0 1\n", false).unwrap_err(),
            AnswerError::Input(crate::contest::ContestError::new(
                2,
                "expected the size line `n m` of board 1, found the end of the input"
            ))
        );
    }
}
