//! The games: each one's rules (and, at the end of its file, its board view) in its own
//! module, and [`GameKind`], the one list of them — the only place that names every game:
//! what each is built from, how its contest input is answered, and how its format reads.
//!
//! Adding a game touches its rules file here, its contest format (`src/contest/<game>.rs`),
//! a variant and its arms in [`GameKind`], and the page's descriptor
//! (`www/games/<game>.js`); nothing else names a game.

use std::fmt;
use std::str::FromStr;

use crate::analysis::Built;
use crate::batch;
use crate::contest::{self, Answers, Problem};
use crate::{Coord, Keep, Order, Solver, Workspace};

pub mod chase;
pub mod custom;
pub mod river;
pub mod tableau;

/// The games retrolab knows, in the order the page and the CLI list them. The rest of the
/// crate matches on it exhaustively, so a new game is a new variant here, and the compiler
/// names every place that has to handle it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// 过河卒, [`river`].
    River,
    /// 棋盘游戏, [`chase`].
    Chase,
    /// 一双木棋, [`tableau`].
    Tableau,
}

impl GameKind {
    /// Every game, in order.
    pub const ALL: [GameKind; 3] = [GameKind::River, GameKind::Chase, GameKind::Tableau];

    /// The game's name on the command line, in links and in the page.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::River => "river",
            GameKind::Chase => "chase",
            GameKind::Tableau => "tableau",
        }
    }

    /// Checks a board text (the page's: see [`crate::analysis`]) without building the game.
    ///
    /// # Errors
    /// What is wrong with the board, in words.
    pub fn check(self, text: &str) -> Result<(), String> {
        match self {
            GameKind::River => text.parse::<river::RiverBoard>().map(drop).map_err(to_text),
            GameKind::Chase => text.parse::<chase::ChaseBoard>().map(drop).map_err(to_text),
            GameKind::Tableau => contest::tableau::parse(text)
                .map(drop)
                .map_err(|e| e.message),
        }
    }

    /// The game of a board text, ready to be analysed.
    ///
    /// # Errors
    /// What is wrong with the board, in words.
    pub fn build(self, text: &str) -> Result<Built, String> {
        Ok(match self {
            GameKind::River => Built::valued(river::River::new(text.parse().map_err(to_text)?)),
            GameKind::Chase => Built::valued(chase::Chase::new(text.parse().map_err(to_text)?)),
            GameKind::Tableau => Built::scored(tableau::Tableau::new(
                contest::tableau::parse(text).map_err(|e| e.message)?,
            )),
        })
    }

    /// Answers a whole contest input of the game, as the CLI prints it (`verify`: every
    /// table solved is checked from the rules alone too).
    ///
    /// # Errors
    /// What is wrong with the input, naming its line.
    pub fn answer_input(self, input: &str, verify: bool) -> Result<Answers, String> {
        match self {
            GameKind::River => contest::river::answer_input(input, verify),
            GameKind::Chase => contest::chase::answer_input(input, verify),
            GameKind::Tableau => contest::tableau::answer_input(input, verify),
        }
    }

    /// A board text (as for [`GameKind::build`]) as the contest's input for that one board,
    /// which [`GameKind::answer_input`] reads back as that board.
    ///
    /// # Errors
    /// What is wrong with the board, in words.
    pub fn contest_text(self, text: &str) -> Result<String, String> {
        Ok(match self {
            GameKind::River => contest::river::write(&text.parse().map_err(to_text)?),
            GameKind::Chase => contest::chase::write(&text.parse().map_err(to_text)?),
            GameKind::Tableau => {
                contest::tableau::write(&contest::tableau::parse(text).map_err(|e| e.message)?)
            }
        })
    }

    /// Every problem of a contest input, with its fault or its board as the page's batch
    /// view solves it ([`crate::batch`]), the way [`GameKind::answer_input`] does: river
    /// over the positions the start can lead to ([`river::Span::FromStart`]), tier by tier
    /// keeping two tiers' records, until the start is decided; chase one
    /// table for all the queries of a side; tableau whole.
    pub fn problems(self, input: &str) -> Box<dyn Iterator<Item = Problem<batch::Board>> + '_> {
        match self {
            GameKind::River => Box::new(contest::river::problems(input).map(|p| {
                p.map(|board| {
                    let size = (board.grid.rows(), board.grid.cols());
                    batch::Board::new(size, move || {
                        let game = river::River::spanning(board, river::Span::FromStart);
                        let keep = Keep::TwoTiers;
                        Box::new(Solver::in_workspace(
                            game,
                            Order::Tiers,
                            keep,
                            Workspace::default(),
                        ))
                    })
                })
            })),
            GameKind::Chase => Box::new(contest::chase::problems(input).map(|p| {
                p.map(|board| {
                    let n = board.n();
                    let cell = |at: Coord| at.row * n + at.col;
                    let start = vec![cell(board.white()), cell(board.black())];
                    batch::Board::new((n, n), move || {
                        Built::valued(chase::Chase::new(board)).analysis()
                    })
                    .sharing(n.into(), start)
                })
            })),
            GameKind::Tableau => Box::new(contest::tableau::problems(input).map(|p| {
                p.map(|board| {
                    let size = (board.rows(), board.cols());
                    batch::Board::new(size, move || {
                        Built::scored(tableau::Tableau::new(board)).analysis()
                    })
                })
            })),
        }
    }

    /// The contest format in a paragraph, for the CLI's `--help`.
    pub const fn help(self) -> &'static str {
        match self {
            GameKind::River => contest::river::HELP,
            GameKind::Chase => contest::chase::HELP,
            GameKind::Tableau => contest::tableau::HELP,
        }
    }
}

/// A parse error in words.
fn to_text(error: impl fmt::Display) -> String {
    error.to_string()
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
}
