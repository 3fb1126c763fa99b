//! A whole contest input read and solved one problem after another: the one way retrolab
//! answers a contest input, whatever the game. The page's batch view runs it a slice at a
//! time, in native types (`src/wasm/` only converts); the command line runs it to its end
//! ([`answer_input`]: every problem read first, the memory of the table that needs most
//! reserved before any is solved, `--verify`'s checks).
//!
//! A game supplies its reader ([`Kind::reader`]) and its answer line
//! ([`BoardView::answer`](crate::BoardView::answer)); the rest is here. The input is read a
//! few problems per look at the clock, and every answer is the game's line, so a valid
//! input's [`Batch::output`] is byte for byte what `retrolab <game>` prints — for any input
//! the CLI takes (16 MiB: over a million chase queries). Unlike the CLI, a fault does not
//! stop the batch: every problem gets its answer or the CLI's message for it, and the rest
//! still solve (each game's reader says where reading resumes after a bad board).
//!
//! Only the first [`MAX_ROWS`] problems are kept as [`Row`]s, for the page's table; of every
//! problem the batch keeps its answer line alone (a few bytes), and of a board waiting for a
//! shared table only its start. That memory is reserved fallibly: a refusal stops the batch
//! with the CLI's one line for it.
//!
//! Each board is solved as its game answers it ([`Kind::answering`]) until its start is
//! decided — a river board over the positions its start can lead to, tier by tier keeping
//! two tiers' records; a tableau board whole — and boards that share a table
//! ([`Kind::shared`]) are answered by it: chase solves each board size once, and the table
//! of a size answers every query of that size, so those queries are answered once the
//! whole input is read, in order of size. A board with a table of its own is solved as
//! soon as it is read. One table's memory is handed on to the next ([`Workspace`]).

mod rows;
mod tables;
mod whole;

use std::collections::BTreeMap;

use crate::analysis::CHUNK;
use crate::contest::{self, AnswerError, Reader};
use crate::games::{with_kind, GameKind, Kind, Shared};
use crate::memory::{self, OutOfMemory};
use crate::retro::{SolveError, Workspace};
use crate::words::{self, Worded};
use rows::LineStarts;
use tables::{Board, Boards, Group, Read, Work};

pub use rows::Row;

pub use whole::{answer_input, answer_input_of};

/// Problems kept as rows for the page's table (its pager moves through them): a row costs
/// about a hundred bytes, and an input of the CLI's 16 MiB could hold over a million chase
/// queries. Every problem is still read and answered.
pub const MAX_ROWS: usize = 10_000;

/// Problems read between two looks at the clock.
const READ_PIECE: usize = 64;

/// Answers a solved shared table gives between two looks at the clock.
const ANSWER_PIECE: usize = 2048;

/// Where a batch stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BatchProgress {
    /// Problems with a result.
    pub finished: usize,
    /// Problems read so far.
    pub rows: usize,
    /// Problems answered, and problems that are faults.
    pub answered: usize,
    /// Faults among them.
    pub faults: usize,
    /// The fraction of the input read.
    pub read: f64,
    /// The fraction of the table being solved now that is decided (0 between tables).
    pub current: f64,
    /// True once the input is read and every problem has its result.
    pub done: bool,
}

/// A contest input being read and solved.
pub struct Batch {
    input: String,
    /// Reads on where the last slice stopped; `None` once the input is read.
    reader: Option<Box<dyn Reader<Board = Read>>>,
    /// Whether each table is solved whole and checked from the rules alone once solved
    /// (the CLI's `--verify`).
    verify: bool,
    /// Units of work a table is solved by between two looks at it: [`CHUNK`] between
    /// looks at the page's clock; the command line, which has no clock to look at, takes
    /// larger steps ([`whole`]).
    chunk: usize,
    /// Problems read.
    problems: usize,
    /// The first [`MAX_ROWS`] problems.
    rows: Vec<Row>,
    /// Where the kept rows' lines are.
    walker: LineStarts,
    /// A board read that has a table of its own, and its problem: reading waits until it
    /// is solved.
    alone: Option<(usize, Board)>,
    /// Boards sharing tables, by key (chase: side), until the input is read.
    groups: BTreeMap<u64, Group>,
    work: Option<Work>,
    /// The memory the last table handed on, for the next.
    workspace: Workspace,
    /// The answer lines given, each with its line break, in the order they were given.
    answers: String,
    /// Where each problem's answer starts in `answers` ([`NONE`] until it has one).
    at: Vec<u32>,
    answered: usize,
    faults: usize,
    /// The first fault given (faults are given in input order, and those of the tables as
    /// they are solved): what the command line reports.
    first_fault: Option<AnswerError>,
    /// The first table that failed its check (`verify`): `board k: position … claims …`.
    check_failure: Option<String>,
    /// Whether it was stopped ([`Batch::stop`]).
    stopped: bool,
    /// The command line's check of the whole input, run before the first table is solved
    /// unless the batch has read the whole input by then ([`answer_input`]): the input's
    /// first fault, or the memory reserved for the table that needs most.
    check: Option<Check>,
    /// Kept rows in the order they got their results.
    finished: Vec<usize>,
}

/// [`Batch::check`].
type Check = Box<dyn FnOnce(&str) -> Result<Workspace, AnswerError>>;

/// No answer (yet) in [`Batch::at`].
const NONE: u32 = u32::MAX;

impl Batch {
    /// Takes `input` (bytes, as the CLI reads stdin) as `game`'s contest input. Nothing is
    /// read or solved yet but its bytes' check; a fault of those is a row.
    pub fn new(game: GameKind, input: &[u8]) -> Batch {
        with_kind!(game, |kind| Batch::of(kind, input))
    }

    /// Takes `input` as a contest input of `kind`, as [`Batch::new`] does.
    pub fn of<K: Kind>(kind: &K, input: &[u8]) -> Batch {
        match contest::read_bytes(input) {
            Ok(text) => Batch::reading(kind, text, false, Workspace::default()),
            // A fault of the input's bytes, or its memory that cannot be had.
            Err(e) => {
                let mut batch = Batch::reading(kind, String::new(), false, Workspace::default());
                batch.reader = None;
                let line = match &e {
                    AnswerError::Input(e) => e.line,
                    _ => 1,
                };
                batch.push_fault(line, e);
                batch
            }
        }
    }

    /// Takes the text `input` as a contest input of `kind`, to be solved in `workspace`'s
    /// memory; with `verify`, every table is solved whole and checked.
    fn reading<K: Kind>(kind: &K, input: String, verify: bool, workspace: Workspace) -> Batch {
        Batch {
            input,
            reader: Some(Box::new(Boards {
                kind: kind.clone(),
                reader: kind.reader(),
                verify,
                keys: Vec::new(),
            })),
            verify,
            chunk: CHUNK,
            problems: 0,
            rows: Vec::new(),
            walker: LineStarts::default(),
            alone: None,
            groups: BTreeMap::new(),
            work: None,
            workspace,
            answers: String::new(),
            at: Vec::new(),
            answered: 0,
            faults: 0,
            first_fault: None,
            check_failure: None,
            stopped: false,
            check: None,
            finished: Vec::new(),
        }
    }

    /// A fault outside the problems read (the input's bytes), on `line`.
    fn push_fault(&mut self, line: usize, fault: AnswerError) {
        if let Some(index) = self.add(None, (line, line), None) {
            self.give(index, Err(fault));
        }
    }

    /// Counts a problem read, and keeps its row when it is among the first [`MAX_ROWS`]; its
    /// index, or `None` when the memory to keep it cannot be had (then the batch stops:
    /// [`Batch::stop`]).
    fn add(
        &mut self,
        number: Option<usize>,
        lines: (usize, usize),
        size: Option<(u16, u16)>,
    ) -> Option<usize> {
        let index = self.problems;
        let kept = index < MAX_ROWS;
        let mut room = memory::reserve(&mut self.at, 1);
        if kept {
            room = room.and_then(|()| memory::reserve(&mut self.rows, 1));
        }
        if let Err(error) = room {
            self.stop(AnswerError::memory(words::ANSWER_PROBLEMS)(error));
            return None;
        }
        self.problems += 1;
        self.at.push(NONE);
        if kept {
            // Empty for a fault of the input's bytes: then no text is kept.
            let start = self.walker.start(&self.input, lines.0);
            let bytes = start..self.walker.end(&self.input, lines.1);
            self.rows.push(Row::new(number, lines, bytes, size));
        }
        Some(index)
    }

    /// Problem `index`'s result: its answer line or its fault (none once the batch is
    /// stopped).
    fn give(&mut self, index: usize, result: Result<String, AnswerError>) {
        if self.stopped {
            return;
        }
        let result = match result {
            Ok(answer) => {
                let more = answer.len() + 1;
                if self.answers.try_reserve(more).is_err() {
                    let bytes = (self.answers.len() + more) as u64;
                    self.stop(AnswerError::memory(words::ANSWER_ANSWERS)(
                        OutOfMemory::needing(bytes),
                    ));
                    return;
                }
                self.at[index] = self.answers.len() as u32;
                self.answers.push_str(&answer);
                self.answers.push('\n');
                self.answered += 1;
                Ok(answer)
            }
            Err(fault) => {
                self.faults += 1;
                let message = fault.words();
                self.first_fault.get_or_insert(fault);
                Err(message)
            }
        };
        if let Some(row) = self.rows.get_mut(index) {
            row.result = Some(result);
            self.finished.push(index);
        }
    }

    /// Stops the batch on `error` (memory refused for what it keeps of the problems, or a
    /// fault of the command line's check): nothing more is read or solved, and every
    /// problem without a result gets `error` as its fault (the CLI prints it alone).
    fn stop(&mut self, error: AnswerError) {
        self.stopped = true;
        self.reader = None;
        self.alone = None;
        self.groups.clear();
        self.work = None;
        let message = error.words();
        self.first_fault.get_or_insert(error);
        for index in 0..self.rows.len() {
            if self.rows[index].result.is_none() {
                self.rows[index].result = Some(Err(message.clone()));
                self.finished.push(index);
            }
        }
        self.faults = self.problems - self.answered;
    }

    /// Reads up to [`READ_PIECE`] problems, stopping at a board with a table of its own.
    fn read_piece(&mut self) {
        for _ in 0..READ_PIECE {
            let Some(reader) = self.reader.as_mut() else {
                return;
            };
            let Some(problem) = reader.next(&self.input) else {
                self.reader = None;
                return;
            };
            let size = problem.board.as_ref().ok().map(Read::size);
            let Some(index) = self.add(problem.number, problem.lines, size) else {
                return;
            };
            match problem.board {
                Err(e) => self.give(index, Err(e.into())),
                Ok(Read::Solved {
                    board,
                    shared: None,
                    ..
                }) => {
                    self.alone = Some((index, board));
                    return;
                }
                Ok(Read::Solved {
                    board,
                    shared: Some(key),
                    ..
                }) => {
                    let group = Group {
                        first: (index, board),
                        others: Vec::new(),
                        cells: Vec::new(),
                    };
                    self.groups.insert(key, group);
                }
                Ok(Read::Shares {
                    shared: Shared { key, start },
                    ..
                }) => {
                    let group = self.groups.get_mut(&key).expect("its first board began it");
                    let room = memory::reserve(&mut group.others, 1)
                        .and_then(|()| memory::reserve(&mut group.cells, start.len()));
                    if let Err(error) = room {
                        self.stop(AnswerError::memory(words::ANSWER_PROBLEMS)(error));
                        return;
                    }
                    group.others.push(index as u32);
                    group.cells.extend(start);
                }
            }
        }
    }

    /// The rows kept, in input order: the first [`MAX_ROWS`] problems.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The input lines of row `index` (its board as the input wrote it), or "" for a fault
    /// outside the input's lines or an index out of range.
    pub fn text(&self, index: usize) -> &str {
        self.rows
            .get(index)
            .map_or("", |row| &self.input[row.bytes.clone()])
    }

    /// Row indexes in the order they got their results, from the `from`-th on.
    pub fn finished_since(&self, from: usize) -> &[usize] {
        self.finished.get(from..).unwrap_or(&[])
    }

    /// Reads and solves on for about `ms` milliseconds of `now()` (a clock in milliseconds,
    /// read between pieces of about 0.1 ms of work), at least one piece while work is left.
    pub fn run_for(&mut self, now: &mut dyn FnMut() -> f64, ms: f64) -> BatchProgress {
        let mut last = now();
        let deadline = last + ms;
        while let Some(solving) = self.work_piece() {
            let t = now();
            if solving {
                if let Some(work) = &mut self.work {
                    work.ms += t - last;
                }
            }
            last = t;
            if t >= deadline {
                break;
            }
        }
        self.progress()
    }

    /// Does the next piece of work — a chunk of the table under way, a piece of its
    /// answers, a piece of reading, or the start of the next table — and says whether it
    /// was solving; `None` once nothing is left.
    fn work_piece(&mut self) -> Option<bool> {
        match &self.work {
            Some(work) if work.answered.is_none() => {
                self.solve_piece();
                Some(true)
            }
            Some(_) => {
                self.answer_piece();
                Some(false)
            }
            None => self.start_next().then_some(false),
        }
    }

    /// Solves a chunk of the table under way; once it answers its starts (every record,
    /// with `verify`), checks it when `verify` asks and no table has failed yet.
    fn solve_piece(&mut self) {
        let work = self.work.as_mut().expect("a table under way");
        match work.analysis.step(self.chunk) {
            Ok(progress) if progress.done || (!self.verify && work.decided()) => {
                work.answered = Some(0);
                if self.verify && self.check_failure.is_none() {
                    let positions = work.analysis.num_positions() as u32;
                    if let Err(failure) = work.analysis.check_range(0..positions) {
                        let board = work.number;
                        self.check_failure = Some(format!("board {board}: {}", failure.text));
                    }
                }
            }
            Ok(_) => {}
            Err(e) => self.fail(e),
        }
    }

    /// Reads on or starts the next table; false when nothing is left.
    fn start_next(&mut self) -> bool {
        if let Some((index, board)) = self.alone.take() {
            self.begin(index, board, Vec::new(), Vec::new());
        } else if self.reader.is_some() {
            self.read_piece();
        } else if let Some((_, group)) = self.groups.pop_first() {
            let (index, board) = group.first;
            self.begin(index, board, group.others, group.cells);
        } else {
            // No table is left to hand the memory on to: the page may need it.
            self.workspace = Workspace::default();
            return false;
        }
        true
    }

    /// Starts the table of `board` (problem `index`), which answers `others` too. A table
    /// whose memory cannot be had gives them all the CLI's message for that.
    fn begin(&mut self, index: usize, board: Board, others: Vec<u32>, cells: Vec<u16>) {
        if let Some(check) = self.check.take() {
            // Once the whole input is read (every board sharing a table) that reading was
            // the check: its faults are given.
            if self.reader.is_some() {
                match check(&self.input) {
                    Ok(workspace) => self.workspace = workspace,
                    Err(fault) => return self.stop(fault),
                }
            }
        }
        let workspace = std::mem::take(&mut self.workspace);
        match (board.prepare)(workspace) {
            Ok(analysis) => {
                let start = analysis.start();
                self.work = Some(Work {
                    analysis,
                    table: board.table,
                    number: board.number,
                    first: (index, start),
                    others,
                    cells,
                    ms: 0.0,
                    answered: None,
                });
            }
            Err(error) => {
                let fault = AnswerError::Solve {
                    table: board.table,
                    error,
                };
                self.give(index, Err(fault.clone()));
                for other in others {
                    self.give(other as usize, Err(fault.clone()));
                }
            }
        }
    }

    /// Gives every problem of the table under way the CLI's message for `error` (`board
    /// k: …`, chase `n = N: …`).
    fn fail(&mut self, error: SolveError) {
        let work = self.work.take().expect("a table under way");
        let fault = AnswerError::Solve {
            table: work.table,
            error,
        };
        self.give(work.first.0, Err(fault.clone()));
        for other in work.others {
            self.give(other as usize, Err(fault.clone()));
        }
    }

    /// Gives answers of the solved table under way, up to [`ANSWER_PIECE`] of them (the
    /// table's own problem first); ends it once all have theirs, handing its memory on.
    fn answer_piece(&mut self) {
        let mut work = self.work.take().expect("a table under way");
        let positions = work.analysis.progress().total;
        let answer = |work: &Work, start| {
            work.analysis
                .answer(start)
                .expect("every start of a finished table is decided")
        };
        let from = work.answered.expect("solved");
        let table_row = work.first.0;
        if from == 0 {
            let result = answer(&work, work.first.1);
            self.give(table_row, Ok(result));
            if let Some(row) = self.rows.get_mut(table_row) {
                row.positions = positions;
                row.ms = work.ms;
            }
        }
        let to = work.others.len().min(from + ANSWER_PIECE);
        for k in from..to {
            let index = work.others[k] as usize;
            let result = answer(&work, work.start(k));
            self.give(index, Ok(result));
            if let Some(row) = self.rows.get_mut(index) {
                row.positions = positions;
                row.shares = Some(table_row);
            }
        }
        work.answered = Some(to);
        if self.stopped {
            return;
        }
        if to < work.others.len() {
            self.work = Some(work);
        } else {
            self.workspace = work.analysis.into_workspace();
        }
    }

    /// Where the batch stands.
    pub fn progress(&self) -> BatchProgress {
        let current = self.work.as_ref().map_or(0.0, |w| {
            let p = w.analysis.progress();
            p.decided as f64 / p.total.max(1) as f64
        });
        let read = match &self.reader {
            Some(reader) => reader.offset() as f64 / self.input.len().max(1) as f64,
            None => 1.0,
        };
        let finished = self.answered + self.faults;
        BatchProgress {
            finished,
            rows: self.problems,
            answered: self.answered,
            faults: self.faults,
            read,
            current,
            done: self.reader.is_none() && finished == self.problems,
        }
    }

    /// The contest output (one answer line per problem) once every problem is answered
    /// and none is a fault: what `retrolab <game>` prints for the input. `None` otherwise:
    /// for an input with a fault the CLI prints nothing but the first fault, on stderr.
    pub fn output(&self) -> Option<String> {
        if !self.progress().done || self.faults > 0 {
            return None;
        }
        self.in_order().ok()
    }

    /// The answers given, in input order, each on its line.
    ///
    /// # Errors
    /// When their memory cannot be had.
    fn in_order(&self) -> Result<String, AnswerError> {
        let mut out = String::new();
        out.try_reserve_exact(self.answers.len()).map_err(|_| {
            let bytes = self.answers.len() as u64;
            AnswerError::memory(words::ANSWER_ANSWERS)(OutOfMemory::needing(bytes))
        })?;
        for &at in &self.at {
            let line = &self.answers.as_bytes()[at as usize..];
            // Answers are a few bytes: a plain loop finds their end quicker than a search.
            let end = line.iter().position(|&b| b == b'\n');
            let end = at as usize + end.expect("every answer ends its line");
            out.push_str(&self.answers[at as usize..=end]);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests;
