//! A whole contest input read and solved one problem after another, a slice at a time: the
//! page's batch view, in native types (`src/wasm/` only converts).
//!
//! The input is read by the CLI's own readers (each game's [`Kind::reader`]), a few problems
//! per look at the clock, and every answer is the CLI's line, so a valid input's
//! [`Batch::output`] is byte for byte what `retrolab <game>` prints — for any input the CLI
//! takes (16 MiB: over a million chase queries). Unlike the CLI, a fault does not stop the
//! batch: every problem gets its answer or the CLI's message for it, and the rest still
//! solve (each game's reader says where reading resumes after a bad board).
//!
//! Only the first [`MAX_ROWS`] problems are kept as [`Row`]s, for the page's table; of every
//! problem the batch keeps its answer line alone (a few bytes), and of a board waiting for a
//! shared table only its start.
//!
//! As in the CLI, each board is solved as its game answers it ([`Kind::answering`]) until
//! its start is decided — a river board over the positions its start can lead to, tier by
//! tier keeping two tiers' records; a tableau board whole — and boards that share a table
//! ([`Kind::shared`]) are answered by it: chase solves each board size once, and the table
//! of a size answers every query of that size, so those queries are answered once the
//! whole input is read, in order of size. A board with a table of its own is solved as
//! soon as it is read.

use std::collections::BTreeMap;
use std::ops::Range;

use crate::analysis::{Analysis, Built, CHUNK};
use crate::contest::{self, AnswerError, Problem, Reader};
use crate::game::{Player, Position};
use crate::games::{with_kind, GameKind, Kind, Shared};
use crate::retro::{Keep, Order, SolveError, Workspace};

/// Problems kept as rows for the page's table (its pager moves through them): a row costs
/// about a hundred bytes, and an input of the CLI's 16 MiB could hold over a million chase
/// queries. Every problem is still read and answered.
pub const MAX_ROWS: usize = 10_000;

/// Problems read between two looks at the clock.
const READ_PIECE: usize = 64;

/// Answers a solved shared table gives between two looks at the clock.
const ANSWER_PIECE: usize = 2048;

/// Starts a table checks after each chunk, to stop as soon as they are all decided; a
/// table answering more is solved whole.
const CHECKED_STARTS: usize = 16;

/// A board of a contest input, whatever its game, as the batch solves it.
struct Board {
    size: (u16, u16),
    /// The table it shares with other boards, if one table answers several.
    shared: Option<Shared>,
    /// How a failure to solve its table names it ([`Kind::table`]); boards sharing a
    /// table share its name.
    table: String,
    /// Prepares the analysis of the board's game, only when its table is solved (a game
    /// may hold tables of its own, and an input may have thousands of boards); fails when
    /// its memory cannot be had.
    prepare: Box<dyn FnOnce() -> Result<Box<dyn Analysis>, SolveError>>,
}

impl Board {
    /// Board number `number` of an input of `kind`, with the analysis that answers its
    /// start. A table of its own answers one start: tier by tier, until that start is
    /// decided, it needs two tiers' records at a time. A shared table answers starts
    /// anywhere: it keeps every record, in one queue.
    fn new<K: Kind>(kind: &K, number: usize, board: K::Board) -> Board {
        let shared = kind.shared(&board);
        let (order, keep) = match shared {
            None => (Order::Tiers, Keep::TwoTiers),
            Some(_) => (Order::Global, Keep::All),
        };
        let kind = kind.clone();
        Board {
            size: kind.size(&board),
            table: kind.table(&board, number),
            shared,
            prepare: Box::new(move || {
                Built::answering(&kind, board).analysis_keeping(order, keep, Workspace::default())
            }),
        }
    }
}

/// A game's [`Reader`] whose boards are [`Board`]s: what the batch keeps between slices,
/// whatever the game.
struct Boards<K, R> {
    kind: K,
    reader: R,
}

impl<K: Kind, R: Reader<Board = K::Board>> Reader for Boards<K, R> {
    type Board = Board;

    fn next(&mut self, input: &str) -> Option<Problem<Board>> {
        let problem = self.reader.next(input)?;
        let number = problem.number.unwrap_or(1);
        Some(problem.map(|board| Board::new(&self.kind, number, board)))
    }

    fn offset(&self) -> usize {
        self.reader.offset()
    }
}

/// One of the first [`MAX_ROWS`] problems of the input, and what became of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The problem's number (river board k, chase query k); `None` for a fault outside
    /// every problem.
    pub number: Option<usize>,
    /// First and last line of the input it spans, 1-based.
    pub lines: (usize, usize),
    /// Rows and columns of its board, when it has one.
    pub size: Option<(u16, u16)>,
    /// The CLI's answer line, or its message for the fault (`line L: …`, or for a board
    /// the solver could not finish `board k: …`); `None` until then.
    pub result: Option<Result<String, String>>,
    /// Positions of the table that answered it.
    pub positions: u64,
    /// Milliseconds spent solving that table (0 for a row that shared another's).
    pub ms: f64,
    /// The row (index) whose table answered this one too (chase queries of one size).
    pub shares: Option<usize>,
    /// Where its lines are in the input, in bytes.
    bytes: Range<usize>,
}

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

/// Boards that share one table, read so far.
struct Group {
    /// The first of them, whose table answers them all, and its problem.
    first: (usize, Board),
    /// The others' problems, and their starts' pieces ([`Shared::start`]), one after
    /// another.
    others: Vec<u32>,
    cells: Vec<u16>,
}

/// The analysis answering some problems, and what it has answered so far.
struct Work {
    analysis: Box<dyn Analysis>,
    /// How a failure names the table.
    table: String,
    /// The problem the table is counted on, and its start.
    first: (usize, Position),
    /// The other problems it answers, and their starts' pieces, as in [`Group`].
    others: Vec<u32>,
    cells: Vec<u16>,
    ms: f64,
    /// Once the table is solved: how many of `others` have their answers.
    answered: Option<usize>,
}

impl Work {
    /// The start of `others[k]`.
    fn start(&self, k: usize) -> Position {
        let pieces = self.cells.len() / self.others.len();
        let cells = &self.cells[k * pieces..(k + 1) * pieces];
        self.analysis
            .board()
            .position(cells, Player::First)
            .expect("a board with the table's key has its start in it")
    }

    /// Whether every start it answers is decided, when they are few enough to look.
    fn decided(&self) -> bool {
        let decided = |start| self.analysis.outcome(start).is_some();
        self.others.len() < CHECKED_STARTS
            && decided(self.first.1)
            && (0..self.others.len()).all(|k| decided(self.start(k)))
    }
}

/// A contest input being read and solved.
pub struct Batch {
    input: String,
    /// Reads on where the last slice stopped; `None` once the input is read.
    reader: Option<Box<dyn Reader<Board = Board>>>,
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
    /// The answer lines given, each with its line break, in the order they were given.
    answers: String,
    /// Where each problem's answer starts in `answers` ([`NONE`] until it has one).
    at: Vec<u32>,
    answered: usize,
    faults: usize,
    /// Kept rows in the order they got their results.
    finished: Vec<usize>,
}

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
        let mut batch = Batch {
            input: String::new(),
            reader: None,
            problems: 0,
            rows: Vec::new(),
            walker: LineStarts::default(),
            alone: None,
            groups: BTreeMap::new(),
            work: None,
            answers: String::new(),
            at: Vec::new(),
            answered: 0,
            faults: 0,
            finished: Vec::new(),
        };
        match contest::read_bytes(input) {
            Ok(text) => {
                batch.input = text;
                batch.reader = Some(Box::new(Boards {
                    kind: kind.clone(),
                    reader: kind.reader(),
                }));
            }
            // A fault of the input's bytes, or its memory that cannot be had.
            Err(e) => {
                let line = match &e {
                    AnswerError::Input(e) => e.line,
                    _ => 1,
                };
                batch.push_fault(line, e.to_string());
            }
        }
        batch
    }

    /// A fault outside the problems read (the input's bytes), on `line`.
    fn push_fault(&mut self, line: usize, message: String) {
        let index = self.add(None, (line, line), None);
        self.give(index, Err(message));
    }

    /// Counts a problem read; keeps its row when it is among the first [`MAX_ROWS`].
    fn add(
        &mut self,
        number: Option<usize>,
        lines: (usize, usize),
        size: Option<(u16, u16)>,
    ) -> usize {
        let index = self.problems;
        self.problems += 1;
        self.at.push(NONE);
        if index < MAX_ROWS {
            // Empty for a fault of the input's bytes: then no text is kept.
            let start = self.walker.start(&self.input, lines.0);
            let bytes = start..self.walker.end(&self.input, lines.1);
            self.rows.push(Row::new(number, lines, bytes, size));
        }
        index
    }

    /// Problem `index`'s result: its answer line or its fault.
    fn give(&mut self, index: usize, result: Result<String, String>) {
        match &result {
            Ok(answer) => {
                self.at[index] = self.answers.len() as u32;
                self.answers.push_str(answer);
                self.answers.push('\n');
                self.answered += 1;
            }
            Err(_) => self.faults += 1,
        }
        if let Some(row) = self.rows.get_mut(index) {
            row.result = Some(result);
            self.finished.push(index);
        }
    }

    /// Reads up to [`READ_PIECE`] problems, stopping at a board with a table of its own.
    fn read_piece(&mut self) {
        for _ in 0..READ_PIECE {
            let reader = self.reader.as_mut().expect("reading");
            let Some(problem) = reader.next(&self.input) else {
                self.reader = None;
                return;
            };
            let size = problem.board.as_ref().ok().map(|b| b.size);
            let index = self.add(problem.number, problem.lines, size);
            match problem.board {
                Err(e) => self.give(index, Err(e.to_string())),
                Ok(mut board) => match board.shared.take() {
                    None => {
                        self.alone = Some((index, board));
                        return;
                    }
                    Some(Shared { key, start }) => match self.groups.get_mut(&key) {
                        Some(group) => {
                            group.others.push(index as u32);
                            group.cells.extend(start);
                        }
                        None => {
                            let group = Group {
                                first: (index, board),
                                others: Vec::new(),
                                cells: Vec::new(),
                            };
                            self.groups.insert(key, group);
                        }
                    },
                },
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
        loop {
            let solving = match &mut self.work {
                Some(work) if work.answered.is_none() => {
                    match work.analysis.step(CHUNK) {
                        Ok(progress) if progress.done || work.decided() => work.answered = Some(0),
                        Ok(_) => {}
                        Err(e) => self.fail(e),
                    }
                    true
                }
                Some(_) => {
                    self.answer_piece();
                    false
                }
                None => {
                    if !self.start_next() {
                        break;
                    }
                    false
                }
            };
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
            return false;
        }
        true
    }

    /// Starts the table of `board` (problem `index`), which answers `others` too. A table
    /// whose memory cannot be had gives them all the CLI's message for that.
    fn begin(&mut self, index: usize, board: Board, others: Vec<u32>, cells: Vec<u16>) {
        match (board.prepare)() {
            Ok(analysis) => {
                let start = analysis.start();
                self.work = Some(Work {
                    analysis,
                    table: board.table,
                    first: (index, start),
                    others,
                    cells,
                    ms: 0.0,
                    answered: None,
                });
            }
            Err(error) => {
                let message = AnswerError::Solve {
                    table: board.table,
                    error,
                }
                .to_string();
                self.give(index, Err(message.clone()));
                for other in others {
                    self.give(other as usize, Err(message.clone()));
                }
            }
        }
    }

    /// Gives every problem of the table under way the CLI's message for `error` (`board
    /// k: …`, chase `n = N: …`).
    fn fail(&mut self, error: SolveError) {
        let work = self.work.take().expect("a table under way");
        let message = AnswerError::Solve {
            table: work.table,
            error,
        }
        .to_string();
        self.give(work.first.0, Err(message.clone()));
        for other in work.others {
            self.give(other as usize, Err(message.clone()));
        }
    }

    /// Gives answers of the solved table under way, up to [`ANSWER_PIECE`] of them (the
    /// table's own problem first); ends it once all have theirs.
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
        if to < work.others.len() {
            self.work = Some(work);
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
        let mut out = String::with_capacity(self.answers.len());
        for &at in &self.at {
            let line = &self.answers[at as usize..];
            let end = line.find('\n').expect("every answer ends its line");
            out.push_str(&line[..=end]);
        }
        Some(out)
    }
}

impl Row {
    fn new(
        number: Option<usize>,
        lines: (usize, usize),
        bytes: Range<usize>,
        size: Option<(u16, u16)>,
    ) -> Row {
        Row {
            number,
            lines,
            size,
            result: None,
            positions: 0,
            ms: 0.0,
            shares: None,
            bytes,
        }
    }
}

/// Byte offsets of the lines of a text, asked for in increasing order (one pass, nothing
/// stored per line).
#[derive(Default)]
struct LineStarts {
    /// The line that starts at `offset`, 0-based.
    line: usize,
    offset: usize,
}

impl LineStarts {
    /// Where line `line` (1-based) of `text` starts (the text's end past the last line);
    /// `line` may not be before the one asked for last.
    fn start(&mut self, text: &str, line: usize) -> usize {
        while self.line + 1 < line && self.offset < text.len() {
            self.offset = text[self.offset..]
                .find('\n')
                .map_or(text.len(), |i| self.offset + i + 1);
            self.line += 1;
        }
        self.offset
    }

    /// Where line `line` of `text` ends, before its line break.
    fn end(&mut self, text: &str, line: usize) -> usize {
        let start = self.start(text, line);
        let rest = &text[start..];
        let content = rest.find('\n').map_or(rest, |i| &rest[..i]);
        start + content.strip_suffix('\r').unwrap_or(content).len()
    }
}

#[cfg(test)]
mod tests;
