//! A game built from its name and board, before its analysis is prepared: building an
//! analysis from any game of the list ([`GameKind`]), or from any [`Kind`]; and a board
//! read once ([`Start`]) for all the page asks of it.

use std::collections::TryReserveError;

use super::error::Error;
use super::interface::Analysis;
use crate::game::board_view::BoardView;
use crate::game::layered::{LayeredGame, Score};
use crate::game::{Game, Position};
use crate::games::{with_kind, Build, Drawn, GameKind, Kind, Listed, SlicedBuild};
use crate::memory::OutOfMemory;
use crate::record::Outcome;
use crate::retro::{bytes_needed, Keep, Order, SolveError, Solver, Workspace};
use crate::scored::LayeredSolver;

/// A prepared analysis, or the memory it could not have.
type Prepared = Result<Box<dyn Analysis>, SolveError>;

/// A board of a game, read once for all the page asks of it: whether it is a legal start
/// (it is, or there is no `Start`), its contest text, the size of its game, and the game
/// built on it — when first needed, since reading a board is quick and building its game
/// is not — then analysed; and, when the start reaches much less than the whole game, the
/// smaller game that answers it ([`Start::take_from_start`]).
pub struct Start {
    contest_text: String,
    /// Where the tiers of its game end, when the game says so without building it
    /// ([`Kind::table_tiers`]).
    tiers: Option<Vec<Position>>,
    /// Builds the game of the board a slice at a time ([`Kind::build_in_slices`]), failing
    /// when the memory of its tables cannot be had.
    build: SlicedBuild<Built>,
    /// The game, once built.
    built: Option<Built>,
    /// The game of what the start reaches, when it is at most a [`FROM_START_SHARE`]th of
    /// this one (taken by [`Start::take_from_start`]).
    from_start: Option<Box<Start>>,
}

/// The page answers a start first from what it reaches when the whole game is at least this
/// many times larger: the whole table then costs several times the answer, worth a second
/// analysis in the background; a smaller gain is not worth solving most positions twice.
pub const FROM_START_SHARE: usize = 4;

/// A board as it is handed over: its board text, or its page form.
enum Given<'a> {
    Text(&'a str),
    Drawn(&'a Drawn),
}

impl Start {
    /// Reads `game`'s board text (see the module docs).
    ///
    /// # Errors
    /// An unknown game, or what is wrong with the board.
    pub fn parse(game: &str, text: &str) -> Result<Start, Error> {
        Start::given(game, Given::Text(text))
    }

    /// Reads a board of `game` as the page holds it ([`Kind::read`]).
    ///
    /// # Errors
    /// An unknown game, or what is wrong with the board.
    pub fn read(game: &str, drawn: &Drawn) -> Result<Start, Error> {
        Start::given(game, Given::Drawn(drawn))
    }

    fn given(game: &str, given: Given<'_>) -> Result<Start, Error> {
        let game: GameKind = game.parse().map_err(Error::UnknownGame)?;
        with_kind!(game, |kind| {
            let board = match given {
                Given::Text(text) => kind.parse(text),
                Given::Drawn(drawn) => kind.read(drawn),
            };
            let board = board.map_err(|e| Error::Board(kind.board_error(e)))?;
            Ok(Start::of(kind, board))
        })
    }

    /// `board` of `kind`: its contest text and its tiers are worked out now, its game
    /// built when needed; so is the game of what the start reaches ([`Kind::answering`]),
    /// when both games say their size ahead and that one is at most a
    /// [`FROM_START_SHARE`]th of the whole.
    pub fn of<K: Kind>(kind: &K, board: K::Board) -> Start {
        let contest_text = kind.contest_text(&board);
        let tiers = kind.table_tiers(&board);
        let answering = kind.answering_tiers(&board);
        let positions = |tiers: &Option<Vec<Position>>| tiers.as_ref()?.last().map(|&n| n as usize);
        let from_start = match (positions(&tiers), positions(&answering)) {
            (Some(whole), Some(reached)) if reached.saturating_mul(FROM_START_SHARE) <= whole => {
                let (kind, board) = (kind.clone(), board.clone());
                Some(Box::new(Start {
                    contest_text: contest_text.clone(),
                    tiers: answering,
                    build: kind.answering_in_slices(board.clone(), Builder),
                    built: None,
                    from_start: None,
                }))
            }
            _ => None,
        };
        Start {
            contest_text,
            tiers,
            build: kind.build_in_slices(board, Builder),
            built: None,
            from_start,
        }
    }

    /// Takes the board's game of what its start reaches ([`Kind::answering`]: the
    /// positions the command line solves, whose values are the whole game's), when it is
    /// at most a [`FROM_START_SHARE`]th of the whole game: the page answers the start from
    /// it first, then analyses this `Start`'s whole game. `None` when there is none (the
    /// game says no smaller one ahead, or it is not small enough), or once taken.
    pub fn take_from_start(&mut self) -> Option<Start> {
        self.from_start.take().map(|start| *start)
    }

    /// The contest's input for the board alone ([`Kind::contest_text`]), which the command
    /// line reads as it is.
    pub fn contest_text(&self) -> &str {
        &self.contest_text
    }

    /// Bytes its analysis allocates when it is prepared ([`Built::bytes`]): known ahead
    /// for win/lose games that say their tiers, else the game is built to tell.
    ///
    /// # Errors
    /// As [`Start::built`].
    pub fn bytes(&mut self) -> Result<usize, Error> {
        if let (None, Some(tiers)) = (&self.built, &self.tiers) {
            let positions = tiers.last().map_or(0, |&end| end as usize);
            return Ok(2 * positions);
        }
        Ok(self.build()?.bytes())
    }

    /// Builds the game until `time_up` says so (asked now and then) or it is built: true
    /// once it is ([`Kind::build_in_slices`]). The page builds a large game this way, a
    /// slice at a time, before it prepares its analysis; [`Start::built`] then takes it as
    /// it is.
    ///
    /// # Errors
    /// As [`Start::built`].
    pub fn build_for(&mut self, time_up: &mut dyn FnMut() -> bool) -> Result<bool, Error> {
        if self.built.is_none() {
            let Some(built) = (self.build)(time_up).map_err(|_| self.refusal())? else {
                return Ok(false);
            };
            self.built = Some(built);
        }
        Ok(true)
    }

    /// The game, built once.
    fn build(&mut self) -> Result<&Built, Error> {
        while !self.build_for(&mut || false)? {}
        Ok(self.built.as_ref().expect("built just now"))
    }

    /// What the memory of the game's tables being refused says: what its analysis needs
    /// in all, when known ahead.
    fn refusal(&self) -> Error {
        match &self.tiers {
            Some(tiers) => Error::Solve(SolveError::Memory(OutOfMemory::needing(bytes_needed(
                tiers,
                Keep::All,
            )))),
            None => Error::Tables,
        }
    }

    /// The game, built.
    ///
    /// # Errors
    /// When the memory of the game's own tables cannot be had: what its analysis needs,
    /// when known ahead.
    pub fn built(mut self) -> Result<Built, Error> {
        self.build()?;
        Ok(self.built.take().expect("built just now"))
    }
}

/// A game built from its board text, before its analysis is prepared: how much memory
/// preparing it takes, and how to prepare it.
pub struct Built {
    bytes: usize,
    tiers: usize,
    prepare: Box<dyn FnOnce(Order, Keep, Workspace) -> Prepared>,
}

impl Built {
    /// Builds `game` (a name of [`GameKind`]) from its board text (see the module docs).
    ///
    /// # Errors
    /// An unknown game, what is wrong with the board, or memory refused for the game's
    /// tables.
    pub fn parse(game: &str, text: &str) -> Result<Built, Error> {
        Start::parse(game, text)?.built()
    }

    /// Builds the game of `kind` that answers the start of `board` as the command line
    /// solves it ([`Kind::answering`]).
    ///
    /// # Errors
    /// When the memory of the game's own tables cannot be had.
    pub fn answering<K: Kind>(kind: &K, board: K::Board) -> Result<Built, TryReserveError> {
        kind.answering(board, Builder)
    }

    /// A win/lose game, analysed by a [`Solver`]: a `u16` per position when it is
    /// prepared keeping every record (the queue grows later, as the analysis goes).
    pub fn valued<G: Game + BoardView<Verdict = Outcome> + Clone + 'static>(game: G) -> Built {
        Built {
            bytes: 2 * game.num_positions(),
            tiers: game.tier_ends().len(),
            prepare: Box::new(move |order, keep, workspace| {
                let solver = Solver::in_workspace(game, order, keep, workspace)?;
                Ok(Box::new(solver))
            }),
        }
    }

    /// A scored game, analysed by a [`LayeredSolver`]: an `i32` score and a `u32` place in
    /// the layer order per position when it is prepared (it has one order, and no use for
    /// a [`Workspace`]).
    pub fn scored<G: LayeredGame + BoardView<Verdict = Score> + Clone + 'static>(game: G) -> Built {
        Built {
            bytes: crate::scored::bytes_needed(game.num_positions()) as usize,
            tiers: 1,
            prepare: Box::new(move |_, _, workspace| {
                // Its memory goes back before the scores take theirs.
                drop(workspace);
                let solver = LayeredSolver::reserved(game).map_err(SolveError::Memory)?;
                Ok(Box::new(solver))
            }),
        }
    }

    /// Bytes the analysis allocates when it is prepared.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// How many tiers the game has ([`Game::tier_ends`]; a scored game, one).
    pub fn tiers(&self) -> usize {
        self.tiers
    }

    /// Prepares the analysis in [`Order::Global`] with fresh memory: memory for the
    /// records is reserved, nothing is analysed yet.
    ///
    /// # Errors
    /// [`SolveError::Memory`] when the memory cannot be had.
    pub fn analysis(self) -> Result<Box<dyn Analysis>, SolveError> {
        self.analysis_in(Order::Global, Workspace::default())
    }

    /// Prepares the analysis in `order` (win/lose games), its records in `workspace`'s
    /// memory (win/lose games; cleared ahead with [`Workspace::prepare`], the analysis
    /// starts without touching fresh memory).
    ///
    /// # Errors
    /// As [`Built::analysis`].
    pub fn analysis_in(
        self,
        order: Order,
        workspace: Workspace,
    ) -> Result<Box<dyn Analysis>, SolveError> {
        self.analysis_keeping(order, Keep::All, workspace)
    }

    /// Prepares the analysis as [`Built::analysis_in`] does, keeping the records `keep`
    /// says (win/lose games: [`Keep::TwoTiers`] answers a start with two tiers' memory).
    ///
    /// # Errors
    /// As [`Built::analysis`].
    pub fn analysis_keeping(
        self,
        order: Order,
        keep: Keep,
        workspace: Workspace,
    ) -> Result<Box<dyn Analysis>, SolveError> {
        (self.prepare)(order, keep, workspace)
    }
}

/// Builds a [`Built`] of the game a [`Kind`] hands on.
struct Builder;

impl Build for Builder {
    type Output = Built;

    fn valued<G: Game + BoardView<Verdict = Outcome> + Clone + 'static>(self, game: G) -> Built {
        Built::valued(game)
    }

    fn scored<G: LayeredGame + BoardView<Verdict = Score> + Clone + 'static>(
        self,
        game: G,
    ) -> Built {
        Built::scored(game)
    }
}
