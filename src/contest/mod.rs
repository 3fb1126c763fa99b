//! What the contest formats share: reading inputs with line-numbered errors, and the
//! answers a whole input gets. Each game's own format — its reader, its writer, its answer
//! line — is in its folder (`src/games/<game>/contest.rs`), built on this.
//!
//! Input is read whole (at most [`MAX_INPUT_BYTES`]), checked for UTF-8, then parsed by
//! the game's format; every error names the 1-based line at fault.

pub mod boards;

use std::io::Read;

use crate::memory::{self, OutOfMemory};
use crate::retro::SolveError;
use crate::words::{self, Arg, Code, Message, Worded};

/// Largest input accepted, in bytes.
pub const MAX_INPUT_BYTES: usize = 16 << 20;

/// Malformed contest input: what is wrong and on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContestError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub message: Message,
}

impl ContestError {
    /// An error on `line`.
    pub fn new(line: usize, message: Message) -> ContestError {
        ContestError { line, message }
    }
}

impl Worded for ContestError {
    fn words(&self) -> Message {
        words::at_line(self.line, &self.message)
    }
}

crate::words::english!(ContestError);

impl std::error::Error for ContestError {}

/// Why a contest input got no answers: the command line's exit code 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswerError {
    /// The input is malformed.
    Input(ContestError),
    /// The solver could not finish a table (or have its memory).
    Solve {
        /// Which: `board 3` ([`board_table`]), chase `n = 5`.
        table: Arg,
        /// Why.
        error: SolveError,
    },
    /// The memory to hold the input, its problems or their answers could not be had.
    Memory {
        /// What needed it: `reading the input`, `the answers` (`words::ANSWER_…`).
        what: Code,
        /// How much.
        error: OutOfMemory,
    },
}

impl AnswerError {
    /// A refusal of the memory `what` needed.
    pub(crate) fn memory(what: Code) -> impl Fn(OutOfMemory) -> AnswerError + Copy {
        move |error| AnswerError::Memory { what, error }
    }
}

impl Worded for AnswerError {
    /// `line 3: …`, `board 2: a line of optimal play is longer than …`, or
    /// `the answers: needs 13 MB, could not reserve it`.
    fn words(&self) -> Message {
        let failed = |what: Arg, error: Message| {
            Message::new(words::ANSWER_FAILED)
                .with("what", what)
                .with("error", error)
        };
        match self {
            AnswerError::Input(e) => e.words(),
            AnswerError::Solve { table, error } => failed(table.clone(), error.words()),
            AnswerError::Memory { what, error } => failed((*what).into(), error.words()),
        }
    }
}

crate::words::english!(AnswerError);

impl std::error::Error for AnswerError {}

impl From<ContestError> for AnswerError {
    fn from(e: ContestError) -> Self {
        AnswerError::Input(e)
    }
}

/// How a failure names the table of board `number` (1-based) of an input whose boards
/// each have a table of their own: `board 3`.
pub fn board_table(number: usize) -> Arg {
    Message::new(words::CONTEST_BOARD)
        .with("index", number)
        .into()
}

/// The answers to a whole contest input, and what `--verify` found.
#[derive(Debug, Default)]
pub struct Answers {
    /// The contest output, one line per answer.
    pub text: String,
    /// The first table that failed its check: `board k: position … claims … but …`.
    pub failure: Option<String>,
}

/// Reads all of `reader` as UTF-8 text, refusing more than [`MAX_INPUT_BYTES`]. Its
/// memory grows as the input comes (doubling), fallibly.
///
/// # Errors
/// [`AnswerError::Input`] on the line holding the first invalid UTF-8 byte, the line where
/// the size limit is crossed, or line 1 for an I/O failure; [`AnswerError::Memory`] when
/// the input's memory cannot be had.
pub fn read_input(mut reader: impl Read) -> Result<String, AnswerError> {
    /// The first piece read, and the least the buffer grows by.
    const PIECE: usize = 1 << 16;
    let limit = MAX_INPUT_BYTES + 1;
    let mut bytes = Vec::new();
    let mut filled = 0;
    while filled < limit {
        if filled == bytes.len() {
            let more = filled.max(PIECE).min(limit - filled);
            memory::reserve(&mut bytes, more)
                .map_err(AnswerError::memory(words::ANSWER_READING))?;
            bytes.resize(filled + more, 0);
        }
        match reader.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                let message = Message::new(words::CONTEST_CANNOT_READ).with("error", e.to_string());
                return Err(ContestError::new(1, message).into());
            }
        }
    }
    bytes.truncate(filled);
    text_of(bytes)
}

/// The bytes of a whole input as text, as [`read_input`] takes them; for an input that is
/// already in memory (the page's batch view), which this copies once.
///
/// # Errors
/// As [`read_input`].
pub fn read_bytes(input: &[u8]) -> Result<String, AnswerError> {
    let mut bytes = Vec::new();
    let taken = input.len().min(MAX_INPUT_BYTES + 1);
    memory::reserve(&mut bytes, taken).map_err(AnswerError::memory(words::ANSWER_READING))?;
    bytes.extend_from_slice(&input[..taken]);
    text_of(bytes)
}

/// `bytes`, at most [`MAX_INPUT_BYTES`] of them, as UTF-8 text, without the byte-order
/// mark (U+FEFF) it may start with: some editors start UTF-8 files with one, and it is no
/// part of the first line (TOML, which reads a rules file, skips it too; RULES §5).
fn text_of(bytes: Vec<u8>) -> Result<String, AnswerError> {
    let line_at = |offset: usize| 1 + bytes[..offset].iter().filter(|&&b| b == b'\n').count();
    if bytes.len() > MAX_INPUT_BYTES {
        let line = line_at(MAX_INPUT_BYTES);
        let message = Message::new(words::CONTEST_TOO_LARGE).with("max", MAX_INPUT_BYTES);
        return Err(ContestError::new(line, message).into());
    }
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            if text.starts_with('\u{feff}') {
                text.drain(..'\u{feff}'.len_utf8());
            }
            Ok(text)
        }
        Err(e) => {
            let offset = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let line = 1 + bytes[..offset].iter().filter(|&&b| b == b'\n').count();
            Err(ContestError::new(line, Message::new(words::CONTEST_NOT_UTF8)).into())
        }
    }
}

/// One problem of a contest input as a game's `problems` reader finds it: its number, the
/// lines it spans, and its board or what is wrong with it.
///
/// The CLI stops at the first fault ([`first_fault`]); the page's batch view goes on and
/// shows every problem, so each reader also says where it resumes after a fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem<B> {
    /// 1-based number of the problem in the input (river board k, chase query k);
    /// `None` for a fault outside every problem (the header, text after the last board).
    pub number: Option<usize>,
    /// First and last line of the input it spans, 1-based and inclusive.
    pub lines: (usize, usize),
    /// The board, or the fault, exactly as the CLI reports it.
    pub board: Result<B, ContestError>,
}

impl<B> Problem<B> {
    /// The same problem with its board turned into `f(board)`.
    pub fn map<C>(self, f: impl FnOnce(B) -> C) -> Problem<C> {
        Problem {
            number: self.number,
            lines: self.lines,
            board: self.board.map(f),
        }
    }

    /// A fault that spans only its own line.
    pub(crate) fn fault(number: Option<usize>, error: ContestError) -> Problem<B> {
        Problem {
            number,
            lines: (error.line, error.line),
            board: Err(error),
        }
    }
}

/// Every board of `problems`, or its first fault: what the CLI reads. The list grows
/// fallibly (an input of 16 MiB may hold over a million problems).
///
/// # Errors
/// The first problem's fault, in input order, or [`AnswerError::Memory`] when the list's
/// memory cannot be had.
pub fn first_fault<B>(problems: impl Iterator<Item = Problem<B>>) -> Result<Vec<B>, AnswerError> {
    let mut boards = Vec::new();
    for problem in problems {
        let board = problem.board?;
        memory::reserve(&mut boards, 1).map_err(AnswerError::memory(words::ANSWER_PROBLEMS))?;
        boards.push(board);
    }
    Ok(boards)
}

/// A reader of a contest input's problems that holds its place in the input, not a borrow
/// of it: each call reads on from there, in the same input. The page's batch view keeps one
/// between slices and so reads an input of the CLI's 16 MiB a few problems at a time;
/// [`problems`] turns one into the iterator the CLI reads.
pub trait Reader {
    /// A board of the input, as read.
    type Board;

    /// The next problem of `input` (the same text at every call), `None` after the last.
    fn next(&mut self, input: &str) -> Option<Problem<Self::Board>>;

    /// Bytes of the input read so far.
    fn offset(&self) -> usize;
}

/// Every problem `reader` reads from `input`, in input order.
pub fn problems<'a, R: Reader + 'a>(
    mut reader: R,
    input: &'a str,
) -> impl Iterator<Item = Problem<R::Board>> + 'a {
    std::iter::from_fn(move || reader.next(input))
}

/// Where a [`Lines`] cursor stands in its input: kept between the calls of a [`Reader`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// Bytes before the next line.
    pub offset: usize,
    /// The number of the line returned last (0 before the first).
    pub number: usize,
}

/// A cursor over the lines of an input, counting line numbers. Cloning it saves a place
/// to come back to; so does [`Lines::place`], without a borrow of the input.
///
/// A line ends at `\n` or `\r\n` (RULES §5); the last line may lack its ending. Any other
/// `\r` is part of the line, and the readers refuse it as [`stray`].
#[derive(Clone)]
pub struct Lines<'a> {
    text: &'a str,
    place: Place,
}

impl<'a> Lines<'a> {
    /// Starts at line 1 of `text`.
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines::at(text, Place::default())
    }

    /// Goes on from `place`, a place of `text` ([`Lines::place`]).
    pub fn at(text: &'a str, place: Place) -> Lines<'a> {
        Lines { text, place }
    }

    /// Where the cursor stands.
    pub fn place(&self) -> Place {
        self.place
    }

    /// The number of the line returned last (0 before the first).
    pub fn number(&self) -> usize {
        self.place.number
    }

    /// The next line without its ending, counted.
    fn advance(&mut self) -> Option<&'a str> {
        let rest = self
            .text
            .get(self.place.offset..)
            .filter(|r| !r.is_empty())?;
        let (line, taken) = match rest.find('\n') {
            Some(end) => (&rest[..end], end + 1),
            None => (rest, rest.len()),
        };
        self.place.offset += taken;
        self.place.number += 1;
        Some(if taken > line.len() {
            line.strip_suffix('\r').unwrap_or(line)
        } else {
            line
        })
    }

    /// The next line, without its ending.
    ///
    /// # Errors
    /// "expected {what}, found the end of the input" on the line after the last.
    pub fn next_line(&mut self, what: impl Into<Arg>) -> Result<(usize, &'a str), ContestError> {
        match self.advance() {
            Some(line) => Ok((self.place.number, line)),
            None => Err(ContestError::new(
                self.place.number + 1,
                Message::new(words::CONTEST_END).with("what", what),
            )),
        }
    }

    /// The next line that is not [blank](is_blank).
    ///
    /// # Errors
    /// As [`Lines::next_line`].
    pub fn next_nonblank(
        &mut self,
        what: impl Into<Arg>,
    ) -> Result<(usize, &'a str), ContestError> {
        let what = what.into();
        loop {
            let (number, line) = self.next_line(what.clone())?;
            if !is_blank(line) {
                return Ok((number, line));
            }
        }
    }

    /// Skips lines up to the next one for which `stop` holds (that line is read next), or
    /// to the end of the input.
    pub fn skip_until(&mut self, stop: impl Fn(&str) -> bool) {
        loop {
            let mut ahead = self.clone();
            match ahead.advance() {
                Some(line) if !stop(line) => *self = ahead,
                _ => return,
            }
        }
    }

    /// Succeeds when only blank lines remain.
    ///
    /// # Errors
    /// On the first line that is not blank: "unexpected text after {after}", or the
    /// [`stray`] character that keeps it from being blank.
    pub fn expect_end(&mut self, after: impl Into<Arg>) -> Result<(), ContestError> {
        let after = after.into();
        while let Some(line) = self.advance() {
            stray(self.place.number, line)?;
            if !is_blank(line) {
                return Err(ContestError::new(
                    self.place.number,
                    Message::new(words::CONTEST_AFTER).with("after", after),
                ));
            }
        }
        Ok(())
    }
}

/// Whether a line is blank: nothing but spaces and tabs.
pub fn is_blank(line: &str) -> bool {
    line.chars().all(is_separator)
}

/// The characters that separate the fields of a line: spaces and tabs (RULES §5).
fn is_separator(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// Refuses the first character of `text` (line `line`) that looks like a separator or a
/// line break but is neither a space nor a tab: a control character such as `\r`, form
/// feed or vertical tab, or other Unicode white space such as a no-break space. Such a
/// character is invisible in most editors, so the error names it and its column.
///
/// # Errors
/// "column {c}: unexpected {char:?} (U+{code}); …" on `line`.
pub fn stray(line: usize, text: &str) -> Result<(), ContestError> {
    let found = text
        .chars()
        .enumerate()
        .find(|&(_, c)| !is_separator(c) && (c.is_whitespace() || c.is_control()));
    match found {
        None => Ok(()),
        Some((column, c)) => Err(ContestError::new(
            line,
            Message::new(words::CONTEST_STRAY)
                .with("column", column + 1)
                .with("found", format!("{c:?}"))
                .with("hex", format!("{:04X}", u32::from(c))),
        )),
    }
}

/// The fields of line `line`: its text between spaces and tabs.
///
/// # Errors
/// A [`stray`] character.
pub fn fields(line: usize, text: &str) -> Result<Vec<&str>, ContestError> {
    stray(line, text)?;
    Ok(text.split(is_separator).filter(|f| !f.is_empty()).collect())
}

/// Parses a line of exactly `names.len()` integers separated by spaces or tabs, each
/// within `range`; `names` name the fields in messages.
///
/// # Errors
/// As [`integers_within`].
pub fn integers<const K: usize>(
    line: usize,
    text: &str,
    names: [&str; K],
    range: std::ops::RangeInclusive<i64>,
) -> Result<[i64; K], ContestError> {
    integers_within(line, text, names.map(|name| (name, range.clone())))
}

/// Parses a line of exactly `fields.len()` integers separated by spaces or tabs, each
/// `(name, range)` of `fields` naming one in messages and saying what it may be.
///
/// # Errors
/// A [`ContestError`] on `line` naming the missing, extra, malformed or out-of-range
/// field, or a [`stray`] character.
pub fn integers_within<const K: usize>(
    line: usize,
    text: &str,
    fields: [(&str, std::ops::RangeInclusive<i64>); K],
) -> Result<[i64; K], ContestError> {
    let count = |code| {
        let names: Vec<&str> = fields.iter().map(|(name, _)| *name).collect();
        ContestError::new(line, numbers_expected(code, &names))
    };
    let mut values = [0; K];
    let mut written = self::fields(line, text)?.into_iter();
    for (value, (name, range)) in values.iter_mut().zip(&fields) {
        let field = written
            .next()
            .ok_or_else(|| count(words::CONTEST_TOO_FEW))?;
        *value = integer(line, field, name, range.clone())?;
    }
    match written.next() {
        Some(_) => Err(count(words::CONTEST_MORE)),
        None => Ok(values),
    }
}

/// "expected 2 numbers (n m), found too few" (`code`: [`words::CONTEST_TOO_FEW`] or
/// [`words::CONTEST_MORE`]) for a line of the fields `names`.
pub fn numbers_expected(code: Code, names: &[&str]) -> Message {
    Message::new(code)
        .with("count", names.len())
        .with("names", names.join(" "))
}

/// Whether `field` is written as an integer: an optional `-`, then decimal digits.
pub fn is_integer(field: &str) -> bool {
    let digits = field.strip_prefix('-').unwrap_or(field);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Parses one integer field named `name` within `range`.
///
/// # Errors
/// A [`ContestError`] on `line` for a malformed, overflowing or out-of-range number.
pub fn integer(
    line: usize,
    field: &str,
    name: &str,
    range: std::ops::RangeInclusive<i64>,
) -> Result<i64, ContestError> {
    if !is_integer(field) {
        return Err(ContestError::new(
            line,
            Message::new(words::CONTEST_NOT_INTEGER)
                .with("name", name)
                .with("found", format!("{field:?}")),
        ));
    }
    let out_of_range = || {
        ContestError::new(
            line,
            Message::new(words::CONTEST_OUT_OF_RANGE)
                .with("name", name)
                .with("min", *range.start())
                .with("max", *range.end())
                .with("found", field),
        )
    };
    let value: i64 = field.parse().map_err(|_| out_of_range())?;
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(out_of_range())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_name_the_field_at_fault() {
        assert_eq!(integers(3, " 4  5 ", ["n", "m"], 1..=10), Ok([4, 5]));
        let msg = |r: Result<[i64; 2], ContestError>| r.unwrap_err().to_string();
        assert_eq!(
            msg(integers(3, "4", ["n", "m"], 1..=10)),
            "line 3: expected 2 numbers (n m), found too few"
        );
        assert_eq!(
            msg(integers(3, "4 5 6", ["n", "m"], 1..=10)),
            "line 3: expected 2 numbers (n m), found more"
        );
        assert_eq!(
            msg(integers(3, "4 x", ["n", "m"], 1..=10)),
            "line 3: m must be an integer, found \"x\""
        );
        assert_eq!(
            msg(integers(3, "4 -", ["n", "m"], 1..=10)),
            "line 3: m must be an integer, found \"-\""
        );
        assert_eq!(
            msg(integers(3, "0 5", ["n", "m"], 1..=10)),
            "line 3: n must be between 1 and 10, found 0"
        );
        assert_eq!(
            msg(integers(3, "99999999999999999999999 5", ["n", "m"], 1..=10)),
            "line 3: n must be between 1 and 10, found 99999999999999999999999"
        );
    }

    #[test]
    fn read_input_names_the_line_of_bad_bytes() {
        let err = read_input(&b"0 1\n2 2\n.\xff\n"[..]).unwrap_err();
        assert_eq!(err.to_string(), "line 3: input is not valid UTF-8 text");
        assert_eq!(read_input(&b"ok\n"[..]), Ok("ok\n".to_string()));
        assert_eq!(read_bytes(b"0 1\n2 2\n.\xff\n"), Err(err));
        assert_eq!(read_bytes(b"ok\n"), Ok("ok\n".to_string()));
        let over = "\n".repeat(MAX_INPUT_BYTES + 5);
        assert_eq!(
            read_bytes(over.as_bytes()).unwrap_err().to_string(),
            format!(
                "line {}: input is larger than {MAX_INPUT_BYTES} bytes",
                MAX_INPUT_BYTES + 1
            )
        );
    }

    #[test]
    fn a_byte_order_mark_is_left_out_at_the_start_only() {
        let marked = "\u{feff}0 1\n".as_bytes();
        assert_eq!(read_input(marked), Ok("0 1\n".to_string()));
        assert_eq!(read_bytes(marked), Ok("0 1\n".to_string()));
        let twice = "\u{feff}\u{feff}0 1\n\u{feff}".as_bytes();
        assert_eq!(read_bytes(twice), Ok("\u{feff}0 1\n\u{feff}".to_string()));
    }

    #[test]
    fn read_input_takes_inputs_up_to_the_limit_in_pieces() {
        // A reader that gives a few bytes at a time, as a pipe does.
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
                let n = buf.len().min(self.0.len()).min(7_000);
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut input = "x\n".repeat(MAX_INPUT_BYTES / 2).into_bytes();
        assert_eq!(
            read_input(Trickle(&input)).map(|t| t.len()),
            Ok(MAX_INPUT_BYTES)
        );
        input.push(b'y');
        assert_eq!(
            read_input(Trickle(&input)).unwrap_err().to_string(),
            format!(
                "line {}: input is larger than {MAX_INPUT_BYTES} bytes",
                MAX_INPUT_BYTES / 2 + 1
            )
        );
    }

    #[test]
    fn a_line_ends_in_lf_or_crlf_and_any_other_cr_stays_in_the_line() {
        let mut lines = Lines::new("a\r\nb\r\r\nc\rd\ne\r");
        let mut next = || lines.next_line("x").unwrap().1;
        assert_eq!(
            [next(), next(), next(), next()],
            ["a", "b\r", "c\rd", "e\r"]
        );
        let mut lines = Lines::new("a\n\n");
        assert_eq!(lines.next_line("x"), Ok((1, "a")));
        assert_eq!(lines.next_line("x"), Ok((2, "")));
        assert!(
            lines.next_line("x").is_err(),
            "no empty line after the last ending"
        );
    }

    #[test]
    fn only_spaces_and_tabs_separate_fields_or_make_a_line_blank() {
        assert_eq!(fields(1, " 4\t 5 \t"), Ok(vec!["4", "5"]));
        assert!(is_blank(" \t ") && is_blank(""));
        for (text, column, shown) in [
            ("4\u{a0}5", 2, "'\\u{a0}' (U+00A0)"),
            ("4 5\u{3000}", 4, "'\\u{3000}' (U+3000)"),
            ("\u{c}", 1, "'\\u{c}' (U+000C)"),
            ("4\u{b}5", 2, "'\\u{b}' (U+000B)"),
            ("4 5\r", 4, "'\\r' (U+000D)"),
        ] {
            assert!(!is_blank(text), "{text:?}");
            let error = fields(7, text).unwrap_err().to_string();
            assert!(
                error.starts_with(&format!("line 7: column {column}: unexpected {shown}; ")),
                "{error}"
            );
        }
        assert_eq!(
            integers(2, "3\u{a0}3", ["n", "m"], 1..=10)
                .unwrap_err()
                .to_string(),
            "line 2: column 2: unexpected '\\u{a0}' (U+00A0); fields are separated by spaces or \
             tabs, and a line ends in \\n or \\r\\n"
        );
    }

    #[test]
    fn text_after_the_end_names_a_stray_character() {
        let mut lines = Lines::new("a\n \t\n\u{c}\n");
        lines.next_line("x").unwrap();
        let error = lines.expect_end("the last board").unwrap_err();
        assert_eq!(error.line, 3);
        assert!(
            error.message.to_string().contains("unexpected '\\u{c}'"),
            "{error}"
        );
        let mut lines = Lines::new("a\n \t\nb\n");
        lines.next_line("x").unwrap();
        assert_eq!(
            lines.expect_end("the last board").unwrap_err().to_string(),
            "line 3: unexpected text after the last board"
        );
    }

    #[test]
    fn lines_report_the_end_of_input_on_the_next_line() {
        let mut lines = Lines::new("a\n\nb\n");
        assert_eq!(lines.next_nonblank("x"), Ok((1, "a")));
        assert_eq!(lines.next_nonblank("x"), Ok((3, "b")));
        assert_eq!(
            lines.next_line("a board").unwrap_err().to_string(),
            "line 4: expected a board, found the end of the input"
        );
    }
}
