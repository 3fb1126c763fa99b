//! The games: rules only — no solving, no input/output — and [`GameKind`], the one list of
//! them.

use std::fmt;
use std::str::FromStr;

pub mod chase;
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
