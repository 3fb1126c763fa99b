//! A whole contest input solved one problem after another, a slice at a time: the page's
//! batch view, in native types (`src/wasm/` only converts).
//!
//! The input is read by the CLI's own readers (each game's [`Kind::problems`]), and every
//! answer is the CLI's line, so a valid input's [`Batch::output`] is byte for byte what `retrolab <game>`
//! prints. Unlike the CLI, a fault does not stop the batch: every problem becomes a row,
//! with its answer or the CLI's message for it, and the rest still solve (each game's
//! `problems` says where reading resumes after a bad board).
//!
//! As in the CLI, each board is solved as its game answers it ([`Kind::answering`]) until
//! its start is decided — a river board over the positions its start can lead to, tier by
//! tier keeping two tiers' records; a tableau board whole — and boards that share a table
//! ([`Kind::shared`]) are answered by it: chase solves each board size once, and the table
//! of a size answers every query of that size, so the queries are answered in order of
//! size.

use std::ops::Range;

use crate::analysis::{Analysis, Built, CHUNK};
use crate::contest::{self, AnswerError, ContestError};
use crate::game::{Player, Position};
use crate::games::{GameKind, Kind, Listed, Shared, Visit};
use crate::retro::{Keep, Order, SolveError, Workspace};

/// Most problems the batch reads: a row costs about a hundred bytes, and an input of the
/// CLI's 16 MiB could hold over a million chase queries. The problems after these become
/// one fault.
pub const MAX_ROWS: usize = 10_000;

/// A board of a contest input, whatever its game, as the batch solves it.
struct Board {
    size: (u16, u16),
    /// The table it shares with other boards, if one table answers several.
    shared: Option<Shared>,
    /// How a failure to solve its table names it ([`Kind::table`]).
    table: String,
    /// Prepares the analysis of the board's game, only when its table is solved (a game
    /// may hold tables of its own, and an input may have thousands of boards).
    prepare: Box<dyn FnOnce() -> Box<dyn Analysis>>,
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

/// One problem of the input, and what became of it.
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
    /// Rows with a result.
    pub finished: usize,
    /// All rows.
    pub rows: usize,
    /// The fraction of the table being solved now that is decided (0 between tables).
    pub current: f64,
    /// True once every row has its result.
    pub done: bool,
}

/// The analysis answering some rows, and what it has answered so far.
struct Work {
    analysis: Box<dyn Analysis>,
    /// The rows it answers (the first is the one the table is counted on) and their starts.
    starts: Vec<(usize, Position)>,
    /// How a failure names the table, for each of those rows ([`Kind::table`]).
    tables: Vec<String>,
    ms: f64,
}

/// A contest input being solved.
pub struct Batch {
    input: String,
    rows: Vec<Row>,
    /// The board of each row, until its table is built.
    boards: Vec<Option<Board>>,
    /// The rows each table answers, in the order the tables are solved.
    jobs: Vec<Vec<usize>>,
    next_job: usize,
    work: Option<Work>,
    /// Row indexes in the order they got their results (faults first).
    finished: Vec<usize>,
}

impl Batch {
    /// Reads `input` (bytes, as the CLI reads stdin) as `game`'s contest input. Nothing is
    /// solved yet; faults are rows with their result already.
    pub fn new(game: GameKind, input: &[u8]) -> Batch {
        struct Read<'a>(&'a [u8]);
        impl Visit for Read<'_> {
            type Output = Batch;
            fn visit<K: Listed>(self, kind: &K) -> Batch {
                Batch::of(kind, self.0)
            }
        }
        game.visit(Read(input))
    }

    /// Reads `input` as a contest input of `kind`, as [`Batch::new`] does.
    pub fn of<K: Kind>(kind: &K, input: &[u8]) -> Batch {
        let mut batch = Batch {
            input: String::new(),
            rows: Vec::new(),
            boards: Vec::new(),
            jobs: Vec::new(),
            next_job: 0,
            work: None,
            finished: Vec::new(),
        };
        match contest::read_input(input) {
            Ok(text) => {
                batch.input = text;
                batch.read(kind);
            }
            Err(e) => batch.push_fault(None, e),
        }
        batch.plan();
        batch
    }

    /// Reads the problems of the input into rows, at most [`MAX_ROWS`].
    fn read<K: Kind>(&mut self, kind: &K) {
        let input = std::mem::take(&mut self.input);
        let mut walker = LineStarts::new(&input);
        for problem in kind.problems(&input) {
            let (first, last) = problem.lines;
            if self.rows.len() == MAX_ROWS {
                let message = format!("the page reads at most {MAX_ROWS} problems of an input; `retrolab` answers them all");
                self.push_fault(None, ContestError::new(first, message));
                break;
            }
            let bytes = walker.start(first)..walker.end(last);
            let mut row = Row::new(problem.number, problem.lines, bytes, None);
            match problem.board {
                Ok(board) => {
                    let board = Board::new(kind, problem.number.unwrap_or(1), board);
                    row.size = Some(board.size);
                    self.boards.push(Some(board));
                }
                Err(e) => {
                    row.result = Some(Err(e.to_string()));
                    self.finished.push(self.rows.len());
                    self.boards.push(None);
                }
            }
            self.rows.push(row);
        }
        self.input = input;
    }

    /// A fault outside the problems read (the input itself, the row limit).
    fn push_fault(&mut self, number: Option<usize>, e: ContestError) {
        let mut row = Row::new(number, (e.line, e.line), 0..0, None);
        row.result = Some(Err(e.to_string()));
        self.finished.push(self.rows.len());
        self.rows.push(row);
        self.boards.push(None);
    }

    /// The tables to solve: one per board, in input order, then one for each key of the
    /// boards that share tables, in order of key (chase: of side, as the CLI).
    fn plan(&mut self) {
        let key = |i: usize| {
            self.boards[i]
                .as_ref()
                .map(|b| b.shared.as_ref().map(|s| s.key))
        };
        let (mut shared, alone): (Vec<usize>, Vec<usize>) = (0..self.rows.len())
            .filter(|&i| self.boards[i].is_some())
            .partition(|&i| key(i).flatten().is_some());
        shared.sort_by_key(|&i| key(i));
        self.jobs = alone.into_iter().map(|i| vec![i]).collect();
        self.jobs.extend(
            shared
                .chunk_by(|&a, &b| key(a) == key(b))
                .map(<[usize]>::to_vec),
        );
    }

    /// The rows, in input order.
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

    /// Solves on for about `ms` milliseconds of `now()` (a clock in milliseconds, read
    /// between chunks of about 0.1 ms of work), at least one chunk while work is left.
    pub fn run_for(&mut self, now: &mut dyn FnMut() -> f64, ms: f64) -> BatchProgress {
        let mut last = now();
        let deadline = last + ms;
        while self.start_next() {
            let work = self.work.as_mut().expect("started");
            let stepped = work.analysis.step(CHUNK);
            let t = now();
            work.ms += t - last;
            last = t;
            match stepped {
                Ok(progress) => {
                    let decided =
                        |&(_, start): &(usize, Position)| work.analysis.outcome(start).is_some();
                    if progress.done || work.starts.iter().all(decided) {
                        self.finish(None);
                    }
                }
                Err(e) => self.finish(Some(e)),
            }
            if t >= deadline {
                break;
            }
        }
        self.progress()
    }

    /// Starts the next table unless one is under way; false when none is left.
    fn start_next(&mut self) -> bool {
        if self.work.is_some() {
            return true;
        }
        let Some(rows) = self.jobs.get(self.next_job) else {
            return false;
        };
        self.next_job += 1;
        let mut boards = rows
            .iter()
            .map(|&i| self.boards[i].take().expect("every board is in one table"));
        let first = boards.next().expect("a table answers at least one row");
        let mut tables = vec![first.table];
        let analysis = (first.prepare)();
        let mut starts = vec![(rows[0], analysis.start())];
        for (&row, board) in rows[1..].iter().zip(boards) {
            let shared = board
                .shared
                .expect("only boards sharing a key share a table");
            let start = analysis
                .board()
                .position(&shared.start, Player::First)
                .expect("a board with the table's key has its start in it");
            starts.push((row, start));
            tables.push(board.table);
        }
        self.work = Some(Work {
            analysis,
            starts,
            tables,
            ms: 0.0,
        });
        true
    }

    /// Gives the rows of the table under way their answers, or the CLI's message for
    /// `failure` (`board k: …`, chase `n = N: …`).
    fn finish(&mut self, failure: Option<SolveError>) {
        let work = self.work.take().expect("a table under way");
        let positions = work.analysis.progress().total;
        let (table_row, _) = work.starts[0];
        for (&(row, start), table) in work.starts.iter().zip(work.tables) {
            let result = match failure {
                None => Ok(work
                    .analysis
                    .answer(start)
                    .expect("every start of a finished table is decided")),
                Some(error) => Err(AnswerError::Solve { table, error }.to_string()),
            };
            let shared = row != table_row;
            let r = &mut self.rows[row];
            r.result = Some(result);
            r.positions = positions;
            r.ms = if shared { 0.0 } else { work.ms };
            r.shares = shared.then_some(table_row);
            self.finished.push(row);
        }
    }

    /// Where the batch stands.
    pub fn progress(&self) -> BatchProgress {
        let current = self.work.as_ref().map_or(0.0, |w| {
            let p = w.analysis.progress();
            p.decided as f64 / p.total.max(1) as f64
        });
        BatchProgress {
            finished: self.finished.len(),
            rows: self.rows.len(),
            current,
            done: self.finished.len() == self.rows.len(),
        }
    }

    /// The contest output (one answer line per problem) once every row is answered and
    /// none is a fault: what `retrolab <game>` prints for the input. `None` otherwise: for
    /// an input with a fault the CLI prints nothing but the first fault, on stderr.
    pub fn output(&self) -> Option<String> {
        let mut out = String::new();
        for row in &self.rows {
            out.push_str(row.result.as_ref()?.as_ref().ok()?);
            out.push('\n');
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
struct LineStarts<'a> {
    text: &'a str,
    /// The line that starts at `offset` (1-based).
    line: usize,
    offset: usize,
}

impl<'a> LineStarts<'a> {
    fn new(text: &'a str) -> LineStarts<'a> {
        LineStarts {
            text,
            line: 1,
            offset: 0,
        }
    }

    /// Where line `line` starts (the text's end past the last line); `line` may not be
    /// before the one asked for last.
    fn start(&mut self, line: usize) -> usize {
        while self.line < line && self.offset < self.text.len() {
            self.offset = self.text[self.offset..]
                .find('\n')
                .map_or(self.text.len(), |i| self.offset + i + 1);
            self.line += 1;
        }
        self.offset
    }

    /// Where line `line` ends, before its line break.
    fn end(&mut self, line: usize) -> usize {
        let start = self.start(line);
        let rest = &self.text[start..];
        let content = rest.find('\n').map_or(rest, |i| &rest[..i]);
        start + content.strip_suffix('\r').unwrap_or(content).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(name: &str) -> Vec<u8> {
        let path = format!("{}/tests/cases/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// A clock that moves on by `tick` milliseconds at every look.
    fn clock(tick: f64) -> impl FnMut() -> f64 {
        let mut t = 0.0;
        move || {
            t += tick;
            t
        }
    }

    /// Runs `batch` to the end in slices of `ms` on a clock of `tick`; returns the slices.
    fn run(batch: &mut Batch, tick: f64, ms: f64) -> usize {
        let mut now = clock(tick);
        let mut slices = 0;
        while !batch.progress().done {
            batch.run_for(&mut now, ms);
            slices += 1;
        }
        slices
    }

    fn results(batch: &Batch) -> Vec<Result<String, String>> {
        batch
            .rows()
            .iter()
            .map(|r| r.result.clone().unwrap())
            .collect()
    }

    #[test]
    fn every_contest_vector_gives_the_answer_file() {
        let dir = format!("{}/tests/cases", env!("CARGO_MANIFEST_DIR"));
        for game in GameKind::ALL {
            let mut files: Vec<_> = std::fs::read_dir(format!("{dir}/{game}"))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "in"))
                .collect();
            files.sort();
            // Tableau's 40 files are alike: every fourth keeps the test quick.
            let step = if game == GameKind::Tableau { 4 } else { 1 };
            for input in files.iter().step_by(step) {
                let mut batch = Batch::new(game, &std::fs::read(input).unwrap());
                run(&mut batch, 0.01, 5.0);
                let expected = std::fs::read_to_string(input.with_extension("ans")).unwrap();
                assert_eq!(batch.output(), Some(expected), "{}", input.display());
            }
        }
    }

    #[test]
    fn a_bad_board_in_the_middle_is_a_row_and_the_rest_still_solve() {
        let sample = String::from_utf8(case("river/sample1.in")).unwrap();
        let bad = sample.replace(".#X\n", ".#Z\n");
        let mut batch = Batch::new(GameKind::River, bad.as_bytes());
        assert_eq!(
            batch.finished_since(0),
            [2],
            "the fault is known before solving"
        );
        run(&mut batch, 0.01, 5.0);
        let cli = crate::games::river::contest::parse(&bad)
            .unwrap_err()
            .to_string();
        let answers = String::from_utf8(case("river/sample1.ans")).unwrap();
        let mut expected: Vec<Result<String, String>> =
            answers.lines().map(|a| Ok(a.into())).collect();
        expected[2] = Err(cli);
        assert_eq!(results(&batch), expected);
        assert_eq!(
            batch.output(),
            None,
            "the CLI answers nothing for an input with a fault"
        );
        assert_eq!(batch.finished_since(1), [0, 1, 3, 4]);
        assert_eq!(batch.text(2), "3 3\nO..\n.#Z\n.O.");
        assert_eq!(batch.text(1), "3 3\n#.#\nO.O\n.X.");
        assert_eq!(batch.rows()[4].size, Some((9, 9)));
        assert_eq!(batch.rows()[2].size, None);
    }

    #[test]
    fn chase_solves_each_size_once_in_order_of_size() {
        let input = "5 1 1 5 5\n2 1 1 2 2\r\n\n5 3 3 3 4\nbad\n2 2 2 1 1\n";
        let mut batch = Batch::new(GameKind::Chase, input.as_bytes());
        run(&mut batch, 0.01, 5.0);
        let cli = |text: &str| {
            let board = crate::games::chase::contest::parse(text).unwrap()[0];
            let mut solver = crate::Solver::new(crate::games::chase::Chase::new(board));
            solver.solve().unwrap();
            let start = crate::Game::start(solver.game());
            crate::games::chase::contest::answer(solver.outcome(start).unwrap())
        };
        let rows = batch.rows();
        assert_eq!(rows.len(), 5);
        for (i, text) in [
            (0, "5 1 1 5 5"),
            (1, "2 1 1 2 2"),
            (2, "5 3 3 3 4"),
            (4, "2 2 2 1 1"),
        ] {
            assert_eq!(rows[i].result, Some(Ok(cli(text))), "{text}");
            assert_eq!(batch.text(i), text);
        }
        assert_eq!(
            rows[3].result,
            Some(Err(
                "line 5: expected 5 numbers (n r1 c1 r2 c2), found too few".into()
            ))
        );
        // Faults first, then n = 2, then n = 5.
        assert_eq!(batch.finished_since(0), [3, 1, 4, 0, 2]);
        assert_eq!((rows[1].shares, rows[4].shares), (None, Some(1)));
        assert_eq!((rows[0].shares, rows[2].shares), (None, Some(0)));
        assert_eq!(rows[2].positions, 2 * 25 * 25);
        assert_eq!(rows[2].ms, 0.0);
        assert!(rows[0].ms > 0.0);
    }

    #[test]
    fn slices_keep_to_their_clock() {
        let input = case("river/sample1.in");
        // Time is up at the first look: one chunk per slice.
        let mut batch = Batch::new(GameKind::River, &input);
        let one_chunk = run(&mut batch, 1.0, 0.5);
        let mut whole = Batch::new(GameKind::River, &input);
        assert_eq!(
            run(&mut whole, 0.0, 1.0),
            1,
            "a clock that stands still: one slice"
        );
        assert!(one_chunk > 5, "{one_chunk} slices");
        assert_eq!(batch.output(), whole.output());
        // Each board's time is the clock's ticks while it was solved.
        let ms: f64 = batch.rows().iter().map(|r| r.ms).sum();
        assert_eq!(ms, (one_chunk as f64), "one tick per chunk, counted once");
    }

    #[test]
    fn faults_of_the_input_itself_are_rows() {
        let batch = Batch::new(GameKind::River, b"0 1\n2 2\n.\xff\n");
        assert_eq!(
            results(&batch),
            [Err("line 3: input is not valid UTF-8 text".into())]
        );
        assert!(batch.progress().done);
        let batch = Batch::new(GameKind::Tableau, b"");
        assert_eq!(
            results(&batch),
            [Err(
                "line 1: expected the size line `n m`, found the end of the input".into()
            )]
        );
    }

    #[test]
    fn at_most_max_rows_problems_are_read() {
        let input = "2 1 1 2 2\n".repeat(MAX_ROWS + 3);
        let batch = Batch::new(GameKind::Chase, input.as_bytes());
        assert_eq!(batch.rows().len(), MAX_ROWS + 1);
        let last = batch.rows().last().unwrap();
        assert_eq!(last.lines, (MAX_ROWS + 1, MAX_ROWS + 1));
        assert!(last
            .result
            .as_ref()
            .unwrap()
            .as_ref()
            .unwrap_err()
            .contains("at most 10000 problems"));
    }
}
