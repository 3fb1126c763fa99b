//! What the layers above the games know of each one: the [`Kind`] every game implements,
//! in its folder, so that the analysis, the batch, the command line and the page reach a
//! game without naming it.

use std::borrow::Cow;
use std::collections::TryReserveError;

use crate::contest::{self, ContestError, Problem, Reader};
use crate::game::board_view::BoardView;
use crate::game::layered::{LayeredGame, Score};
use crate::game::{Game, Position};
use crate::memory::megabytes;
use crate::record::Outcome;
use crate::words::{self, Arg, Code, Message, Worded};

/// One game as the rest of the crate knows it: its name and what it says about itself, its
/// board (read from the page's board text, with a typed error), its contest format, and
/// the rules built on a board, handed to whoever builds something of them ([`Build`]).
///
/// A game is a value of its kind, not only a type: a game whose rules are data (a rule
/// composer's) carries them in that value, and everything built from it goes through the
/// value ([`crate::analysis::Start::of`], [`crate::batch::Batch::of`]). The games of
/// [`GameKind`](super::GameKind) are values without data, one line each in its list.
///
/// The page's board text and the contest input differ by game: river and chase draw their
/// boards as rows of characters, tableau's board text is its contest input. The page itself
/// holds a board as a [`Drawn`], which [`Kind::draw`] and [`Kind::read`] translate.
///
/// Each method's documentation starts with REQUIRED or OPTIONAL; an optional one says what
/// its default does. A game answers a contest input through its reader ([`Kind::reader`])
/// and its answer line ([`BoardView::answer`]) alone: reading every problem, solving each
/// table and writing the answers in input order is the same for every game
/// ([`crate::batch`]).
pub trait Kind: Clone + 'static {
    /// A board the game starts from, as read.
    type Board: Clone + 'static;
    /// Why a board text is not a legal start, naming where (rows and columns 1-based).
    type BoardError: std::error::Error + Worded + Clone + PartialEq + Eq + 'static;

    /// REQUIRED. Its name, its rules in a line, its contest format in a paragraph, its
    /// limits.
    fn about(&self) -> About;

    /// REQUIRED. Who plays it and what its boards hold.
    fn contents(&self) -> Contents;

    /// REQUIRED. Reads the page's board text.
    ///
    /// # Errors
    /// What is wrong with the board.
    fn parse(&self, text: &str) -> Result<Self::Board, Self::BoardError>;

    /// OPTIONAL. Reads a board as the page holds it, with the same checks as
    /// [`Kind::parse`]. Default: its grid's text ([`Drawn::grid_text`]) through
    /// [`Kind::parse`], for games whose board text is rows of characters.
    ///
    /// # Errors
    /// What is wrong with the board.
    fn read(&self, drawn: &Drawn) -> Result<Self::Board, Self::BoardError> {
        self.parse(&drawn.grid_text())
    }

    /// REQUIRED. `board` as the page holds it, which [`Kind::read`] reads back as it.
    fn draw(&self, board: &Self::Board) -> Drawn;

    /// REQUIRED. The contest's input for that one board, which [`Kind::problems`] reads
    /// back as it.
    fn contest_text(&self, board: &Self::Board) -> String;

    /// REQUIRED. Hands the game of `board` to `to`, every position of it: what the page
    /// analyses for its whole-table views.
    ///
    /// # Errors
    /// When the memory of the game's own tables cannot be had: the page then says so in a
    /// message, and the command line in one line, instead of aborting. (A game says what a
    /// board needs with [`Kind::table_tiers`] and [`Kind::answering_tiers`], which the
    /// refusals name.)
    fn build<B: Build>(&self, board: Self::Board, to: B) -> Result<B::Output, TryReserveError>;

    /// OPTIONAL. [`Kind::build`] a slice at a time, for the page: a game whose tables take
    /// long to build (a composed game's per-set tables) builds them in slices, so that no
    /// task of the page's is long. Default: all at once, in the first slice.
    fn build_in_slices<B: Build + 'static>(
        &self,
        board: Self::Board,
        to: B,
    ) -> SlicedBuild<B::Output> {
        let kind = self.clone();
        at_once(move || kind.build(board, to))
    }

    /// OPTIONAL. Hands the game that answers `board`'s start to `to`: the positions the
    /// command line and the batch view solve for its answer (river: those the start can
    /// lead to). Default: [`Kind::build`], every position.
    ///
    /// # Errors
    /// As [`Kind::build`].
    fn answering<B: Build>(&self, board: Self::Board, to: B) -> Result<B::Output, TryReserveError> {
        self.build(board, to)
    }

    /// OPTIONAL. [`Kind::answering`] a slice at a time, as [`Kind::build_in_slices`].
    /// Default: all at once, in the first slice.
    fn answering_in_slices<B: Build + 'static>(
        &self,
        board: Self::Board,
        to: B,
    ) -> SlicedBuild<B::Output> {
        let kind = self.clone();
        at_once(move || kind.answering(board, to))
    }

    /// OPTIONAL. Where the tiers of the win/lose game [`Kind::build`] builds for `board`
    /// end ([`Game::tier_ends`]), worked out without building it, cheaply: the page sizes
    /// its analysis on every edit before any game is built, and names what a board needs
    /// when its memory is refused. Default: `None`, not known ahead (the game is built to
    /// say it).
    fn table_tiers(&self, board: &Self::Board) -> Option<Vec<Position>> {
        let _ = board;
        None
    }

    /// OPTIONAL. Where the tiers of the game [`Kind::answering`] builds for `board` end
    /// ([`Game::tier_ends`]), worked out without building it, cheaply: the command line
    /// reserves memory once, for the board of an input that needs most, before it solves
    /// any, so that memory is touched once and a refusal names that board. Default:
    /// `None`, not known ahead: each table takes its memory as it is prepared.
    fn answering_tiers(&self, board: &Self::Board) -> Option<Vec<Position>> {
        let _ = board;
        None
    }

    /// OPTIONAL. Rows and columns of `board`. Default: the size of [`Kind::draw`]'s
    /// drawing.
    fn size(&self, board: &Self::Board) -> (u16, u16) {
        self.draw(board).size()
    }

    /// OPTIONAL. The table `board` shares with other boards, if one table answers several
    /// (chase: one per side, as the command line solves them). Default: a table of its
    /// own.
    fn shared(&self, board: &Self::Board) -> Option<Shared> {
        let _ = board;
        None
    }

    /// OPTIONAL. How a failure to solve names the table of `board`, board number `number`
    /// (1-based) of its input. Default: `board 3`; chase: `n = 5`.
    fn table(&self, board: &Self::Board, number: usize) -> Arg {
        let _ = board;
        contest::board_table(number)
    }

    /// REQUIRED. The reader of the game's contest inputs: every problem of an input, with
    /// its board or its fault (naming its line), in input order; after a fault, reading
    /// resumes where the format allows. It holds its place, not the input, so the batch
    /// view reads on from it slice by slice.
    fn reader(&self) -> impl Reader<Board = Self::Board> + 'static;

    /// OPTIONAL. Every problem of a contest input. Default: as [`Kind::reader`] reads them
    /// (no game overrides it).
    fn problems<'a>(&'a self, input: &'a str) -> impl Iterator<Item = Problem<Self::Board>> + 'a {
        contest::problems(self.reader(), input)
    }

    /// OPTIONAL. The board of one problem as its input wrote it, the lines
    /// [`Problem::lines`] spans (the page opens a row of its batch view from them).
    /// Default: the first problem of `text`, for formats whose problems read alone as
    /// inputs (river's do not: a board there comes after the input's header).
    ///
    /// # Errors
    /// What is wrong with the problem, naming its line in `text`.
    fn problem(&self, text: &str) -> Result<Self::Board, ContestError> {
        let first = self.problems(text).next();
        first.map_or_else(
            || {
                Err(ContestError::new(
                    1,
                    Message::new(words::CONTEST_NO_PROBLEM),
                ))
            },
            |p| p.board,
        )
    }
}

/// What a game says about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct About {
    /// Its name on the command line, in links and in the page.
    pub name: &'static str,
    /// Its rules in one line (a composed game's, written from its rules).
    pub summary: Message,
    /// Its contest format in a paragraph, for the command line's `--help` and the page.
    pub help: Code,
    /// The boards it accepts.
    pub limits: Limits,
}

/// The sizes of the boards a game accepts: a board outside them is refused. Within them a
/// game may still refuse a board for its size (tableau: too many staircases), but never
/// one of at most [`Limits::max_side`] rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Fewest rows.
    pub min_rows: u16,
    /// Most rows.
    pub max_rows: u16,
    /// Fewest columns.
    pub min_cols: u16,
    /// Most columns.
    pub max_cols: u16,
    /// Most cells, rows × columns.
    pub max_cells: u32,
    /// Whether a board must have as many rows as columns.
    pub square: bool,
    /// The side of the largest square board the game accepts: it accepts every size of
    /// at most this many rows and columns (within `square`). The page's editor offers
    /// those sizes.
    pub max_side: u16,
    /// Most memory a board's analysis may need, each way: what the largest board within
    /// the sizes needs (river: the open 24×24 board's; a river board that needs more is
    /// refused, whatever its size).
    pub max_bytes: Needs,
}

/// Who plays a game and what its boards hold ([`Kind::contents`]): the page draws and edits
/// boards with it, and a game whose rules are data says it at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contents {
    /// The players; their pieces, in this order, are those of [`BoardView::pieces`].
    pub sides: [Side; 2],
    /// Which of `sides` moves first: 0, but for a composed game whose rules name its
    /// second side (its pieces stay second in [`BoardView::pieces`]).
    pub first: u8,
    /// Whether a cell may be an obstacle (`#`).
    pub obstacles: bool,
    /// The largest weight of a cell, in a game whose cells hold weights (tableau); 0 in the
    /// others.
    pub max_weight: u32,
}

/// A player of a game ([`Contents`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// Its name (river: `Red`).
    pub name: Cow<'static, str>,
    /// The letter of its pieces on a board, if it has pieces there (tableau's players have
    /// none: they place stones as they play).
    pub letter: Option<char>,
    /// How many pieces it has on a board.
    pub pieces: u8,
}

/// A board as the page holds it: the one form in which boards cross the page's boundary,
/// both ways ([`Kind::read`], [`Kind::draw`]). Cells are row-major; each list has rows ×
/// columns entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// A grid (river, chase): each cell `.` free, `#` an obstacle or a side's letter
    /// ([`Side::letter`]).
    Cells {
        /// Rows.
        rows: u16,
        /// Columns.
        cols: u16,
        /// Each cell's character.
        cells: Vec<char>,
    },
    /// A table of weights (tableau): what a stone on each cell scores for each player.
    Weights {
        /// Rows.
        rows: u16,
        /// Columns.
        cols: u16,
        /// The first player's weight of each cell.
        first: Vec<i64>,
        /// The second player's.
        second: Vec<i64>,
    },
}

impl Drawn {
    /// The board text of a grid: its rows, each ending in a newline. A table of weights
    /// says nothing of pieces: as a grid its cells are free.
    pub fn grid_text(&self) -> String {
        let rows = |cells: &[char], cols: u16| -> String {
            let row = usize::from(cols.max(1));
            cells
                .chunks(row)
                .flat_map(|r| r.iter().chain(['\n'].iter()))
                .collect()
        };
        match self {
            Drawn::Cells { cols, cells, .. } => rows(cells, *cols),
            Drawn::Weights { rows: r, cols, .. } => {
                rows(&vec!['.'; usize::from(*r) * usize::from(*cols)], *cols)
            }
        }
    }

    /// Its two tables of weights, the first player's and the second's. A grid holds no
    /// weights: its tables are empty.
    pub fn weights(&self) -> [&[i64]; 2] {
        match self {
            Drawn::Cells { .. } => [&[], &[]],
            Drawn::Weights { first, second, .. } => [first, second],
        }
    }

    /// Rows and columns.
    pub fn size(&self) -> (u16, u16) {
        match self {
            Drawn::Cells { rows, cols, .. } | Drawn::Weights { rows, cols, .. } => (*rows, *cols),
        }
    }
}

/// The bytes an analysis of a board needs, the two ways retrolab solves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needs {
    /// To answer its start, as the command line and the batch view solve it.
    pub answer: u64,
    /// For its whole table, every position kept, as the page analyses it.
    pub table: u64,
}

impl Needs {
    /// Whether both ways need no more than `limit` says.
    pub fn within(&self, limit: &Needs) -> bool {
        self.answer <= limit.answer && self.table <= limit.table
    }

    /// The refusal of a board that needs this, over `limit` (not [`Needs::within`] it),
    /// one line naming both figures and both limits: `the board needs 1527 MB to answer
    /// its start and 1527 MB for its whole table; retrolab solves river boards needing at
    /// most 128 MB and 477 MB (what the open 24×24 board needs)`, `code` saying whose
    /// boards (river's, composed ones) and what sets the limit.
    pub fn refusal(&self, limit: &Needs, code: Code) -> Message {
        // A figure saturated at `u64::MAX` stands for more than a `u64` counts.
        let size = |bytes: u64| match bytes {
            u64::MAX => Message::new(words::NEEDS_MORE_THAN).with("mb", u64::MAX / 1_000_000),
            bytes => Message::new(words::NEEDS_MEGABYTES).with("mb", megabytes(bytes)),
        };
        Message::new(code)
            .with("answer", size(self.answer))
            .with("table", size(self.table))
            .with("answerLimit", size(limit.answer))
            .with("tableLimit", size(limit.table))
            .with("side", crate::games::river::LIMIT_SIDE)
    }
}

/// A table that answers several boards ([`Kind::shared`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shared {
    /// Boards with the same key share one table.
    pub key: u64,
    /// The cells of the pieces of this board's start, in the order of
    /// [`BoardView::pieces`], the first player to move.
    pub start: Vec<u16>,
}

/// A game built a slice at a time ([`Kind::build_in_slices`]): each call works until its
/// argument, asked now and then, says the time is up, and hands the game on once it is
/// built (`None` until then). Not called again once it has, or once it has failed.
pub type SlicedBuild<T> =
    Box<dyn FnMut(&mut dyn FnMut() -> bool) -> Result<Option<T>, TryReserveError>>;

/// `build` as a [`SlicedBuild`] of one slice.
pub fn at_once<T>(build: impl FnOnce() -> Result<T, TryReserveError> + 'static) -> SlicedBuild<T> {
    let mut build = Some(build);
    Box::new(move |_| (build.take().expect("a game is built once"))().map(Some))
}

/// What to do with a game's rules once built on a board ([`Kind::build`]): a win/lose game
/// and a scored one are solved apart, by [`crate::Solver`] and [`crate::LayeredSolver`].
/// A game can be copied: the page's tracer re-runs a second analysis of it.
pub trait Build {
    /// What it makes of them.
    type Output;

    /// A win/lose game.
    fn valued<G: Game + BoardView<Verdict = Outcome> + Clone + 'static>(
        self,
        game: G,
    ) -> Self::Output;

    /// A scored game.
    fn scored<G: LayeredGame + BoardView<Verdict = Score> + Clone + 'static>(
        self,
        game: G,
    ) -> Self::Output;
}
