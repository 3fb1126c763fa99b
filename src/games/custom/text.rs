//! The rules file: TOML text to a checked [`Rules`] value, every fault named by its line
//! and field, and the value back to text.
//!
//! Reading goes through `toml` and `serde` (unknown keys refused), then [`Rules::check`],
//! then the `board`, if any, against the rules. A fault found after parsing names a
//! field; its line is found in the document's spans ([`toml::de::DeTable`]).

use std::fmt;
use std::str::FromStr;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::board::{CustomBoard, Span};
use super::game::{positions, TooLarge};
use super::rules::{Fault, Field, Rules};
use super::MAX_POSITIONS;

/// Largest rules file read, in bytes.
pub const MAX_RULES_BYTES: usize = 64 << 10;

/// A rules file the engine cannot use: the line at fault and what is wrong, the field
/// named first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    /// 1-based line of the rules text.
    pub line: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RulesError {}

impl FromStr for Rules {
    type Err = RulesError;

    /// Reads and checks a rules file.
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        if text.len() > MAX_RULES_BYTES {
            return Err(RulesError {
                line: line_of(text, MAX_RULES_BYTES),
                message: format!("the rules file is larger than {MAX_RULES_BYTES} bytes"),
            });
        }
        let rules: Rules = toml::from_str(text).map_err(|e| from_toml(text, &e))?;
        let at = |fault: Fault| {
            let document = DeTable::parse(text).expect("the text parsed as TOML once");
            let (start, field) = locate(&document, fault.field);
            RulesError {
                line: line_of(text, start),
                message: format!("{field}: {}", fault.message),
            }
        };
        rules.check().map_err(at)?;
        if let Some(board) = &rules.board {
            check_board(text, &rules, board)?;
        }
        Ok(rules)
    }
}

impl Rules {
    /// The rules as a rules file, which reads back as the same rules.
    pub fn to_text(&self) -> String {
        toml::to_string(self).expect("rules serialize as TOML")
    }
}

/// Checks the rules' start board: a board of the rules, within the engine's limits
/// (its whole game, which the page solves). Faults name the line of the row at fault
/// when the board is written one row per line (`"""` on the line of `board`), else the
/// line of `board`.
fn check_board(text: &str, rules: &Rules, board: &str) -> Result<(), RulesError> {
    let document = DeTable::parse(text).expect("the text parsed as TOML once");
    let value = document.get_ref().get("board").expect("the board was read");
    let key_line = line_of(text, value.span().start);
    let raw = &text[value.span()];
    let rows_from = if raw.starts_with("\"\"\"\n") || raw.starts_with("'''\n") {
        key_line + 1
    } else {
        key_line
    };
    let fault = |line: usize, message: String| RulesError {
        line,
        message: format!("board: {message}"),
    };
    let parsed = CustomBoard::parse(rules, board).map_err(|e| {
        let line = match e.row() {
            Some(row) if rows_from > key_line => rows_from + row - 1,
            _ => key_line,
        };
        fault(line, e.to_string())
    })?;
    let count = positions(rules, &parsed, Span::Whole);
    if !matches!(count, Some(n) if n <= MAX_POSITIONS as u64) {
        return Err(fault(key_line, TooLarge { positions: count }.to_string()));
    }
    Ok(())
}

/// A `toml` or `serde` fault as a [`RulesError`]: its line, the field it is in (when it
/// is within one), and its message in plain words.
fn from_toml(text: &str, error: &toml::de::Error) -> RulesError {
    let span = error.span().unwrap_or(0..0);
    // A document that does not parse has no fields to look in: the text at fault, if
    // it is a word (a duplicate key), names the field.
    let word = text
        .get(span.clone())
        .filter(|w| !w.is_empty() && w.len() <= 40 && !w.contains(['\n', '"', '\'']));
    let start = span.start;
    let field = match DeTable::parse(text) {
        Ok(document) => field_at(&document, start),
        Err(_) => word.map(str::to_string),
    };
    let message = plain(error.message());
    RulesError {
        line: line_of(text, start),
        message: match field {
            Some(field) => format!("{field}: {message}"),
            None => message,
        },
    }
}

/// `serde`'s names of types in words.
fn plain(message: &str) -> String {
    message
        .replace("expected i64", "expected a whole number")
        .replace("expected a sequence", "expected a list like [\"a\", \"b\"]")
        .replace(
            "expected struct SideRules",
            "expected a table of a side's rules",
        )
        .replace("expected a boolean", "expected true or false")
        .replace("expected a character", "expected one character")
        .trim_end()
        .to_string()
}

/// The 1-based line of byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    let offset = offset.min(text.len());
    1 + text.as_bytes()[..offset]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// Where a field is written (its value's start; a side's table for a side key not
/// written; the start of the text for a top-level key not written), and its name as
/// messages give it.
fn locate(document: &Spanned<DeTable<'_>>, field: Field) -> (usize, String) {
    let top = document.get_ref();
    let sides = top.get("side");
    match field {
        Field::Top(key) => (top.get(key).map_or(0, |v| v.span().start), key.to_string()),
        Field::Sides => (sides.map_or(0, |v| v.span().start), "side".to_string()),
        Field::Side(i, key) => {
            let table = sides.and_then(|s| s.get_ref().get(i));
            let value = table.and_then(|t| t.get_ref().get(key));
            let start = value.or(table).map_or(0, |v| v.span().start);
            (start, format!("side {}, {key}", i + 1))
        }
    }
}

/// The field whose key or value holds byte `offset`, named as messages give it: `name`,
/// `side 2, pieces`, `side 2`.
fn field_at(document: &Spanned<DeTable<'_>>, offset: usize) -> Option<String> {
    let holds = |span: std::ops::Range<usize>| span.contains(&offset);
    for (key, value) in document.get_ref().iter() {
        if key.get_ref() == "side" {
            if let DeValue::Array(sides) = value.get_ref() {
                for (i, side) in sides.iter().enumerate() {
                    let DeValue::Table(table) = side.get_ref() else {
                        continue;
                    };
                    for (key, value) in table.iter() {
                        if holds(key.span()) || holds(value.span()) {
                            return Some(format!("side {}, {}", i + 1, key.get_ref()));
                        }
                    }
                    if holds(side.span()) {
                        return Some(format!("side {}", i + 1));
                    }
                }
            }
        }
        if holds(key.span()) || holds(value.span()) {
            return Some(key.get_ref().to_string());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::custom::preset;

    /// River pawn's rules with its start board written `board` (a TOML value).
    fn river_pawn_with_board(board: &str) -> String {
        let text = preset("river-pawn").unwrap().text;
        let start = text.find("board = ").unwrap();
        let end = start + 8 + text[start + 8..].find("\"\"\"\n").unwrap() + 3;
        let end = end + text[end..].find("\"\"\"").unwrap() + 3;
        format!("{}board = {board}{}", &text[..start], &text[end..])
    }

    #[test]
    fn a_rules_file_may_take_up_to_its_byte_limit() {
        let text = preset("river-pawn").unwrap().text;
        let padded = |len: usize| format!("{text}#{}\n", "x".repeat(len - text.len() - 2));
        assert!(padded(MAX_RULES_BYTES).parse::<Rules>().is_ok());
        let error = padded(MAX_RULES_BYTES + 1).parse::<Rules>().unwrap_err();
        assert!(error.message.contains("larger than"), "{error}");
    }

    #[test]
    fn a_board_fault_names_its_row_s_line_only_when_rows_are_lines() {
        let key = |text: &str| text[..text.find("board = ").unwrap()].lines().count() + 1;
        // One row per line: the line of the row at fault, the second.
        let text = river_pawn_with_board("\"\"\"\nO.O\nXZ.\n...\n\"\"\"");
        assert_eq!(text.parse::<Rules>().unwrap_err().line, key(&text) + 2);
        // On the line of `board` itself: that line.
        let text = river_pawn_with_board("\"O.O\\nXZ.\\n...\\n\"");
        assert_eq!(text.parse::<Rules>().unwrap_err().line, key(&text));
    }

    #[test]
    fn a_duplicate_key_is_named_only_when_it_is_a_plain_word() {
        let error = "name = \"x\"\nname = \"y\"\n".parse::<Rules>().unwrap_err();
        assert_eq!(
            (error.line, error.message.as_str()),
            (2, "name: duplicate key")
        );
        let error = "name = \"x\"\n\"name\" = \"y\"\n"
            .parse::<Rules>()
            .unwrap_err();
        assert_eq!((error.line, error.message.as_str()), (2, "duplicate key"));
    }
}
