//! A game built from its name and board text, before its analysis is prepared: building an
//! analysis from any game of the list ([`GameKind`]), or from any [`Kind`].

use super::error::Error;
use super::interface::Analysis;
use crate::board_view::BoardView;
use crate::game::layered::{LayeredGame, Score};
use crate::game::Game;
use crate::games::{BoardError, Build, GameKind, Kind, Listed, Visit};
use crate::layered::LayeredSolver;
use crate::record::Outcome;
use crate::retro::{Keep, Order, Solver, Workspace};

/// Checks `game`'s board text without building the game.
///
/// # Errors
/// An unknown game, or what is wrong with the board.
pub fn check(game: &str, text: &str) -> Result<(), Error> {
    let kind: GameKind = game.parse().map_err(Error::UnknownGame)?;
    kind.check(text).map_err(Error::Board)
}

/// `game`'s board text (see the module docs) as the contest's input for that one board
/// (river: `0 1`, the size line and the rows), which `retrolab <game>` reads as it is.
///
/// # Errors
/// An unknown game, or what is wrong with the board.
pub fn contest_text(game: &str, text: &str) -> Result<String, Error> {
    let kind: GameKind = game.parse().map_err(Error::UnknownGame)?;
    kind.contest_text(text).map_err(Error::Board)
}

/// A game built from its board text, before its analysis is prepared: how much memory
/// preparing it takes, and how to prepare it.
pub struct Built {
    bytes: usize,
    prepare: Box<dyn FnOnce(Order, Keep, Workspace) -> Box<dyn Analysis>>,
}

impl Built {
    /// Builds `game` (a name of [`GameKind`]) from its board text (see the module docs).
    ///
    /// # Errors
    /// An unknown game, or what is wrong with the board.
    pub fn parse(game: &str, text: &str) -> Result<Built, Error> {
        struct Parse<'a>(&'a str);
        impl Visit for Parse<'_> {
            type Output = Result<Built, BoardError>;
            fn visit<K: Listed>(self, kind: &K) -> Self::Output {
                Built::of(kind, self.0).map_err(K::board_error)
            }
        }
        let kind: GameKind = game.parse().map_err(Error::UnknownGame)?;
        kind.visit(Parse(text)).map_err(Error::Board)
    }

    /// Builds a game of `kind` from its board text, every position of it ([`Kind::build`]).
    ///
    /// # Errors
    /// What is wrong with the board.
    pub fn of<K: Kind>(kind: &K, text: &str) -> Result<Built, K::BoardError> {
        Ok(kind.build(kind.parse(text)?, Builder))
    }

    /// Builds the game of `kind` that answers the start of `board` as the command line
    /// solves it ([`Kind::answering`]).
    pub fn answering<K: Kind>(kind: &K, board: K::Board) -> Built {
        kind.answering(board, Builder)
    }

    /// A win/lose game, analysed by a [`Solver`]: a `u16` per position when it is
    /// prepared keeping every record (the queue grows later, as the analysis goes).
    pub fn valued<G: Game + BoardView<Verdict = Outcome> + 'static>(game: G) -> Built {
        Built {
            bytes: 2 * game.num_positions(),
            prepare: Box::new(move |order, keep, workspace| {
                Box::new(Solver::in_workspace(game, order, keep, workspace))
            }),
        }
    }

    /// A scored game, analysed by a [`LayeredSolver`]: an `i32` score and a `u32` place in
    /// the layer order per position when it is prepared (it has one order, and no use for
    /// a [`Workspace`]).
    pub fn scored<G: LayeredGame + BoardView<Verdict = Score> + 'static>(game: G) -> Built {
        Built {
            bytes: 8 * game.num_positions(),
            prepare: Box::new(move |_, _, workspace| {
                // Its memory goes back before the scores take theirs.
                drop(workspace);
                Box::new(LayeredSolver::new(game))
            }),
        }
    }

    /// Bytes the analysis allocates when it is prepared.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Prepares the analysis in [`Order::Global`] with fresh memory: memory for the
    /// records is reserved, nothing is analysed yet.
    pub fn analysis(self) -> Box<dyn Analysis> {
        self.analysis_in(Order::Global, Workspace::default())
    }

    /// Prepares the analysis in `order` (win/lose games), its records in `workspace`'s
    /// memory (win/lose games; cleared ahead with [`Workspace::prepare`], the analysis
    /// starts without touching fresh memory).
    pub fn analysis_in(self, order: Order, workspace: Workspace) -> Box<dyn Analysis> {
        self.analysis_keeping(order, Keep::All, workspace)
    }

    /// Prepares the analysis as [`Built::analysis_in`] does, keeping the records `keep`
    /// says (win/lose games: [`Keep::TwoTiers`] answers a start with two tiers' memory).
    pub fn analysis_keeping(
        self,
        order: Order,
        keep: Keep,
        workspace: Workspace,
    ) -> Box<dyn Analysis> {
        (self.prepare)(order, keep, workspace)
    }
}

/// Builds a [`Built`] of the game a [`Kind`] hands on.
struct Builder;

impl Build for Builder {
    type Output = Built;

    fn valued<G: Game + BoardView<Verdict = Outcome> + 'static>(self, game: G) -> Built {
        Built::valued(game)
    }

    fn scored<G: LayeredGame + BoardView<Verdict = Score> + 'static>(self, game: G) -> Built {
        Built::scored(game)
    }
}
