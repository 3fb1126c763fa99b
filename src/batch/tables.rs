//! The tables that answer an input's problems, whatever the game: a board as the batch
//! solves it, boards waiting for a table they share, and the table under way.

use crate::analysis::{Analysis, Built};
use crate::contest::{Problem, Reader};
use crate::game::{Player, Position};
use crate::games::{Kind, Shared};
use crate::memory::OutOfMemory;
use crate::retro::{bytes_needed, Keep, Order, SolveError, Workspace};
use crate::words::Arg;

/// Starts a table checks after each chunk, to stop as soon as they are all decided; a
/// table answering more is solved whole.
const CHECKED_STARTS: usize = 16;

/// How the table of a board is solved. A table of its own answers one start: tier by
/// tier, until that start is decided, it needs two tiers' records at a time. A shared
/// table answers starts anywhere: it keeps every record, in one queue. With `verify`
/// every record is kept and every table solved whole, for the check to read.
pub(super) fn layout(shared: bool, verify: bool) -> (Order, Keep) {
    match (shared, verify) {
        (false, false) => (Order::Tiers, Keep::TwoTiers),
        (false, true) => (Order::Tiers, Keep::All),
        (true, _) => (Order::Global, Keep::All),
    }
}

/// A board of a contest input, whatever its game, whose table is solved for it.
pub(super) struct Board {
    /// Its problem's number in the input (river board k, chase query k).
    pub(super) number: usize,
    /// How a failure to solve its table names it ([`Kind::table`]); boards sharing a
    /// table share its name.
    pub(super) table: Arg,
    /// Prepares the analysis of the board's game in the memory handed on from the last
    /// table, only when its table is solved (a game may hold tables of its own, and an
    /// input may have thousands of boards); fails when its memory cannot be had.
    pub(super) prepare: Prepare,
}

/// [`Board::prepare`].
type Prepare = Box<dyn FnOnce(Workspace) -> Result<Box<dyn Analysis>, SolveError>>;

impl Board {
    /// Board number `number` of an input of `kind`, with the analysis that answers its
    /// start, laid out as [`layout`] says.
    fn new<K: Kind>(
        kind: &K,
        number: usize,
        board: K::Board,
        (order, keep): (Order, Keep),
    ) -> Board {
        let kind = kind.clone();
        Board {
            number,
            table: kind.table(&board, number),
            prepare: Box::new(move |workspace| {
                // Kept to name what the board needs if its game's own tables are refused.
                let kept = board.clone();
                let built = Built::answering(&kind, board).map_err(|_| {
                    let tiers = kind.answering_tiers(&kept).unwrap_or_default();
                    SolveError::Memory(OutOfMemory::needing(bytes_needed(&tiers, keep)))
                })?;
                // A game of one tier is solved in one queue: tier order would only add a
                // look at the parents of each position its scan decides.
                let order = if built.tiers() > 1 {
                    order
                } else {
                    Order::Global
                };
                built.analysis_keeping(order, keep, workspace)
            }),
        }
    }
}

/// A problem's board as the batch reads it, whatever its game.
pub(super) enum Read {
    /// A board whose table is solved for it: one of its own, or the first of the boards
    /// sharing the table of key `shared`.
    Solved {
        size: (u16, u16),
        board: Board,
        shared: Option<u64>,
    },
    /// A board that an earlier board's shared table answers: only its start is kept.
    Shares { size: (u16, u16), shared: Shared },
}

impl Read {
    /// Rows and columns of the board.
    pub(super) fn size(&self) -> (u16, u16) {
        match self {
            Read::Solved { size, .. } | Read::Shares { size, .. } => *size,
        }
    }
}

/// A game's [`Reader`] whose boards are [`Read`]s: what the batch keeps between slices,
/// whatever the game.
pub(super) struct Boards<K, R> {
    pub(super) kind: K,
    pub(super) reader: R,
    pub(super) verify: bool,
    /// The keys of the shared tables met so far (chase: a few sides).
    pub(super) keys: Vec<u64>,
}

impl<K: Kind, R: Reader<Board = K::Board>> Boards<K, R> {
    /// `board`, problem number `number`, as the batch keeps it.
    fn read(&mut self, number: usize, board: K::Board) -> Read {
        let size = self.kind.size(&board);
        let shared = self.kind.shared(&board);
        let layout = layout(shared.is_some(), self.verify);
        match shared {
            Some(shared) if self.keys.contains(&shared.key) => Read::Shares { size, shared },
            shared => {
                let shared = shared.map(|s| s.key);
                self.keys.extend(shared);
                let board = Board::new(&self.kind, number, board, layout);
                Read::Solved {
                    size,
                    board,
                    shared,
                }
            }
        }
    }
}

impl<K: Kind, R: Reader<Board = K::Board>> Reader for Boards<K, R> {
    type Board = Read;

    fn next(&mut self, input: &str) -> Option<Problem<Read>> {
        let problem = self.reader.next(input)?;
        let number = problem.number.unwrap_or(1);
        Some(problem.map(|board| self.read(number, board)))
    }

    fn offset(&self) -> usize {
        self.reader.offset()
    }
}

/// Boards that share one table, read so far.
pub(super) struct Group {
    /// The first of them, whose table answers them all, and its problem.
    pub(super) first: (usize, Board),
    /// The others' problems, and their starts' pieces ([`Shared::start`]), one after
    /// another.
    pub(super) others: Vec<u32>,
    pub(super) cells: Vec<u16>,
}

/// The analysis answering some problems, and what it has answered so far.
pub(super) struct Work {
    pub(super) analysis: Box<dyn Analysis>,
    /// How a failure names the table.
    pub(super) table: Arg,
    /// The number of the problem the table is counted on, which a failed check names.
    pub(super) number: usize,
    /// The problem the table is counted on, and its start.
    pub(super) first: (usize, Position),
    /// The other problems it answers, and their starts' pieces, as in [`Group`].
    pub(super) others: Vec<u32>,
    pub(super) cells: Vec<u16>,
    pub(super) ms: f64,
    /// Once the table is solved: how many of `others` have their answers.
    pub(super) answered: Option<usize>,
}

impl Work {
    /// The start of `others[k]`.
    pub(super) fn start(&self, k: usize) -> Position {
        let pieces = self.cells.len() / self.others.len();
        let cells = &self.cells[k * pieces..(k + 1) * pieces];
        self.analysis
            .board()
            .position(cells, Player::First)
            .expect("a board with the table's key has its start in it")
    }

    /// Whether every start it answers is decided, when they are few enough to look.
    pub(super) fn decided(&self) -> bool {
        let decided = |start| self.analysis.outcome(start).is_some();
        self.others.len() < CHECKED_STARTS
            && decided(self.first.1)
            && (0..self.others.len()).all(|k| decided(self.start(k)))
    }
}
