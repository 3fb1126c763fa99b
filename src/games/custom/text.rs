//! The rules file: TOML text to a checked [`Rules`] value, every fault named by its line
//! and field ([`super::faults`]), and the value back to text.
//!
//! Reading goes through `toml` and `serde` (unknown keys refused), then [`Rules::check`],
//! then the `board`, if any, against the rules.

use std::str::FromStr;

use toml::de::DeTable;

use super::board::CustomBoard;
use super::faults::{from_check, from_toml, line_of};
use super::needs;
use super::rules::Rules;
use crate::words::{self, Message, Worded};

/// Largest rules file read, in bytes.
pub const MAX_RULES_BYTES: usize = 64 << 10;

/// A rules file the engine cannot use: the line at fault and what is wrong, the field
/// named first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError {
    /// 1-based line of the rules text.
    pub line: usize,
    /// What is wrong.
    pub message: Message,
}

impl Worded for RulesError {
    fn words(&self) -> Message {
        words::at_line(self.line, &self.message)
    }
}

crate::words::english!(RulesError);

impl std::error::Error for RulesError {}

impl FromStr for Rules {
    type Err = RulesError;

    /// Reads and checks a rules file.
    fn from_str(text: &str) -> Result<Rules, RulesError> {
        if text.len() > MAX_RULES_BYTES {
            return Err(RulesError {
                line: line_of(text, MAX_RULES_BYTES),
                message: Message::new(words::RULES_TOO_LARGE).with("max", MAX_RULES_BYTES),
            });
        }
        let rules: Rules = toml::from_str(text).map_err(|e| from_toml(text, &e))?;
        rules.check().map_err(|fault| from_check(text, fault))?;
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
    let fault = |line: usize, message: Message| RulesError {
        line,
        message: Message::new(words::RULES_FIELD)
            .with("field", "board")
            .with("message", message),
    };
    let parsed = CustomBoard::parse(rules, board).map_err(|e| {
        let line = match e.row() {
            Some(row) if rows_from > key_line => rows_from + row - 1,
            _ => key_line,
        };
        fault(line, e.words())
    })?;
    needs::check(rules, &parsed).map_err(|too_big| fault(key_line, too_big.words()))
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
        assert!(error.message.to_string().contains("larger than"), "{error}");
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
}
