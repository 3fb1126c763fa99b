//! The rows of the page's table: the first problems of an input, what became of each, and
//! where its lines are.

use std::ops::Range;

use crate::words::Message;

/// One of the first [`MAX_ROWS`](super::MAX_ROWS) problems of the input, and what became of it.
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
    pub result: Option<Result<String, Message>>,
    /// Positions of the table that answered it.
    pub positions: u64,
    /// Milliseconds spent solving that table (0 for a row that shared another's).
    pub ms: f64,
    /// The row (index) whose table answered this one too (chase queries of one size).
    pub shares: Option<usize>,
    /// Where its lines are in the input, in bytes.
    pub(super) bytes: Range<usize>,
}

impl Row {
    /// A problem read, without a result yet.
    pub(super) fn new(
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
pub(super) struct LineStarts {
    /// The line that starts at `offset`, 0-based.
    line: usize,
    offset: usize,
}

impl LineStarts {
    /// Where line `line` (1-based) of `text` starts (the text's end past the last line);
    /// `line` may not be before the one asked for last.
    pub(super) fn start(&mut self, text: &str, line: usize) -> usize {
        while self.line + 1 < line && self.offset < text.len() {
            self.offset = text[self.offset..]
                .find('\n')
                .map_or(text.len(), |i| self.offset + i + 1);
            self.line += 1;
        }
        self.offset
    }

    /// Where line `line` of `text` ends, before its line break.
    pub(super) fn end(&mut self, text: &str, line: usize) -> usize {
        let start = self.start(text, line);
        let rest = &text[start..];
        let content = rest.find('\n').map_or(rest, |i| &rest[..i]);
        start + content.strip_suffix('\r').unwrap_or(content).len()
    }
}
