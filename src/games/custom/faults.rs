//! Where a rules file's faults are and how they are told: the line and the field at
//! fault, found in the document's spans ([`toml::de::DeTable`]; for text that is not
//! TOML, in as much of the document as the parser recovers), and the parser's and
//! `serde`'s words put in the field's terms: what was found, shortened, and what the field
//! allows ([`allowed`]).

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::rules::{allowed, shortened, Fault, Field};
use super::text::RulesError;
use crate::words::{self, Arg, Code, Message};

/// A field of the rules file, as messages name it: `name`, `side 2`, `side 2, pieces`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Path {
    /// A top-level key.
    Key(String),
    /// A side's table (0-based, in the file's order).
    Side(usize),
    /// A key of a side's table.
    SideKey(usize, String),
}

impl Path {
    /// What the field's value may be, in words; `None` for a side's table or a key that
    /// is none of the rules'.
    fn allowed(&self) -> Option<Message> {
        match self {
            Path::Key(key) => allowed(false, key),
            Path::Side(_) => None,
            Path::SideKey(_, key) => allowed(true, key),
        }
    }
}

impl Path {
    /// The field as messages name it: a key as written (shortened), a side by its number.
    fn words(&self) -> Arg {
        match self {
            Path::Key(key) => shortened(key).into(),
            Path::Side(i) => Message::new(words::RULES_SIDE).with("side", i + 1).into(),
            Path::SideKey(i, key) => Message::new(words::RULES_SIDE_KEY)
                .with("side", i + 1)
                .with("key", shortened(key))
                .into(),
        }
    }
}

/// A `toml` or `serde` fault as a [`RulesError`]: its line, the field it is in (when it
/// is within one), and its message in the field's terms.
pub(super) fn from_toml(text: &str, error: &toml::de::Error) -> RulesError {
    let message = error.message();
    let Some(span) = error.span() else {
        return unplaced(text, message);
    };
    let message = match DeTable::parse(text) {
        Ok(document) => refused_value(&document, text, span.clone(), message),
        Err(_) => not_toml(text, span.start, message),
    };
    RulesError {
        line: line_of(text, span.start),
        message,
    }
}

/// The message of a fault `serde` found in TOML text (`document`): a value it refused
/// (the text of `span`), or a key.
fn refused_value(
    document: &Spanned<DeTable<'_>>,
    text: &str,
    span: Range<usize>,
    message: &str,
) -> Message {
    let path = field_at(document, span.start).map(|(path, _)| path);
    let allowed = path.as_ref().and_then(Path::allowed);
    in_words(path, value_fault(allowed, message, written(&text[span])))
}

/// The message of text that is not TOML, at byte `at`: its field is in what the parser
/// recovers of the document; when the fault is in the field's value, the value found on
/// the line at fault and what the field allows.
fn not_toml(text: &str, at: usize, message: &str) -> Message {
    let (document, _) = DeTable::parse_recoverable(text);
    let found = field_at(&document, at);
    let Some((path, Some(value))) = found else {
        let path = found.map(|(path, _)| path);
        let path = path.or_else(|| key_of_line(text, at, &document));
        let reason = syntax_reason(message, false).unwrap_or_else(|| parser_words(message));
        return in_words(path, reason);
    };
    // The value on the line at fault (a multi-line string's row): as far as the parser
    // recovered it, or to the line's end.
    let from = value.start.max(line_start(text, at));
    let line = text[from..].lines().next().unwrap_or("");
    let end = if (from + 1..=from + line.len()).contains(&value.end) {
        value.end
    } else {
        from + line.len()
    };
    let written = written(&text[from..end]);
    let allowed = path.allowed();
    let reason = syntax_reason(message, allowed.is_some());
    let found = match allowed {
        Some(allowed) => Message::new(words::RULES_MUST_BE).with("allowed", allowed),
        None => Message::new(words::RULES_FOUND),
    }
    .with("found", written);
    let message = match reason {
        Some(reason) => Message::new(words::RULES_BECAUSE)
            .with("found", found)
            .with("reason", reason),
        None => found,
    };
    in_words(Some(path), message)
}

/// `message` about the field `path`, if any, as a [`RulesError`] gives it.
fn in_words(path: Option<Path>, message: Message) -> Message {
    match path {
        Some(path) => Message::new(words::RULES_FIELD)
            .with("field", path.words())
            .with("message", message),
        None => message,
    }
}

/// A value as a message quotes it: its first line, trimmed and [`shortened`]; "nothing"
/// for none.
fn written(value: &str) -> Arg {
    let line = value.lines().next().unwrap_or("").trim();
    if line.is_empty() {
        words::RULES_NOTHING.into()
    } else {
        shortened(line).into()
    }
}

/// `serde`'s message for a value it refused, `written` as the file writes it, of a field
/// that allows `allowed`. A number too large for its type is out of the field's range,
/// not of another type; a number is quoted as written (`serde` writes `1e308` in 309
/// digits); any other long value is shortened.
fn value_fault(allowed: Option<Message>, message: &str, written: Arg) -> Message {
    let too_large = message.contains(" as i128")
        || message.contains(" as u128")
        || message.starts_with("invalid value: integer")
        || message.ends_with("number overflowed");
    if let (true, Some(allowed)) = (too_large, allowed) {
        return Message::new(words::RULES_MUST_BE)
            .with("allowed", allowed)
            .with("found", written);
    }
    let mut message = message.trim_end().to_string();
    for kind in ["integer `", "floating point `"] {
        if let Some(from) = message.find(kind).map(|at| at + kind.len()) {
            if let Some(len) = message[from..].find('`') {
                message.replace_range(from..from + len, &written.to_string());
            }
        }
    }
    parser_words(&shorten_quoted(&message))
}

/// `serde`'s message for rules given as data, not text (the page's form: a number field
/// holding `1.5`, a letter field left empty), in the words a rules file's fault gets. The
/// data names no line, and `serde` no field: the person has just changed the one at fault.
pub fn data_fault(said: &str) -> Message {
    parser_words(&shorten_quoted(said.trim_end()))
}

/// The parser's and `serde`'s words that have codes of their own: each code's English is
/// what the parser says, its argument, if any, what varies.
const SAID: &[Code] = &[
    words::RULES_MISSING_KEY,
    words::RULES_DUPLICATE_KEY,
    words::RULES_ENUM_KIND,
    words::RULES_NO_EQUALS,
    words::RULES_EXTRA_EQUALS,
    words::RULES_EMPTY_KEY,
    words::RULES_UNCLOSED_TABLE,
    words::RULES_UNCLOSED_SIDES,
    words::RULES_LINE_END,
    words::RULES_EXTRA_COMMA,
    words::RULES_ESCAPE,
    words::RULES_UNICODE,
    words::RULES_UNDERSCORE,
    words::RULES_FRACTION,
    words::RULES_MANTISSA,
];

/// The parser's or `serde`'s words for a fault, as a message: the faults people make
/// (a key or a value that is none of the rules', a value of the wrong kind, the slips of
/// hand-written TOML) with codes of their own that print as the parser does; any other
/// as the parser says it, which the page quotes as the parser's own words.
fn parser_words(said: &str) -> Message {
    let listed = [
        ("unknown field ", words::RULES_UNKNOWN_KEY),
        ("unknown variant ", words::RULES_UNKNOWN_VALUE),
    ];
    for (start, code) in listed {
        let found = said.strip_prefix(start);
        if let Some((found, allowed)) = found.and_then(|rest| rest.split_once(", expected one of "))
        {
            return Message::new(code)
                .with("found", found)
                .with("allowed", allowed);
        }
    }
    wrong_kind(said)
        .or_else(|| SAID.iter().find_map(|&code| read_as(code, said)))
        .unwrap_or_else(|| unworded(said))
}

/// `said` read as the English of `code`, a text with at most one `{argument}`: the
/// message that prints as `said`, if any.
fn read_as(code: Code, said: &str) -> Option<Message> {
    let english = code.text();
    let Some((before, rest)) = english.split_once('{') else {
        return (english == said).then(|| Message::new(code));
    };
    let (name, after) = rest.split_once('}')?;
    let value = said.strip_prefix(before)?.strip_suffix(after)?;
    (!value.is_empty()).then(|| Message::new(code).with(name, value))
}

/// `serde`'s words for a value of the wrong kind, `invalid type: string "x", expected
/// i64`, with the kinds in words (a kind without words kept as `serde` says it); `None`
/// for other words.
fn wrong_kind(said: &str) -> Option<Message> {
    // A string found may hold ", expected "; no kind expected does.
    let (found, expected) = said.rsplit_once(", expected ")?;
    let message = if let Some(length) = found.strip_prefix("invalid length ") {
        Message::new(words::RULES_WRONG_LENGTH).with("length", length.parse::<u64>().ok()?)
    } else {
        let (code, found) = [
            ("invalid type: ", words::RULES_WRONG_TYPE),
            ("invalid value: ", words::RULES_WRONG_VALUE),
        ]
        .into_iter()
        .find_map(|(start, code)| Some((code, found.strip_prefix(start)?)))?;
        let kinds = [
            words::FOUND_STRING,
            words::FOUND_INTEGER,
            words::FOUND_FLOAT,
            words::FOUND_BOOLEAN,
            words::FOUND_LIST,
            words::FOUND_TABLE,
        ];
        let words = kinds.iter().find_map(|&kind| read_as(kind, found));
        Message::new(code).with("found", words.unwrap_or_else(|| unworded(found)))
    };
    Some(message.with("expected", expected_kind(expected)))
}
/// What a field expects, as `serde` names it (`i64`, `struct SideRules with 11
/// elements`), in words.
fn expected_kind(expected: &str) -> Message {
    if let Some((kind, fields)) = expected
        .strip_suffix(" elements")
        .and_then(|rest| rest.rsplit_once(" with "))
    {
        if let Ok(fields) = fields.parse::<u64>() {
            return Message::new(words::EXPECTED_FIELDS)
                .with("expected", expected_kind(kind))
                .with("fields", fields);
        }
    }
    let code = match expected {
        "i64" => words::EXPECTED_NUMBER,
        "a sequence" => words::EXPECTED_LIST,
        "struct SideRules" => words::EXPECTED_SIDE,
        "a boolean" => words::ALLOWED_BOOLEAN,
        "a character" => words::EXPECTED_CHARACTER,
        "a string" => words::EXPECTED_STRING,
        _ => return unworded(expected),
    };
    Message::new(code)
}

/// Words of the parser's or `serde`'s that no code says, as they are.
fn unworded(said: &str) -> Message {
    Message::new(words::RULES_PARSER).with("said", said)
}

/// `message` with each run of it between backquotes or double quotes (a `\"` inside
/// does not end one) [`shortened`].
fn shorten_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = if rest[open..].starts_with('`') {
            '`'
        } else {
            '"'
        };
        out.push_str(&rest[..=open]);
        let inner = &rest[open + 1..];
        let mut escaped = false;
        let close = inner.char_indices().find(|&(_, c)| {
            let ends = c == quote && !escaped;
            escaped = quote == '"' && c == '\\' && !escaped;
            ends
        });
        let Some((close, _)) = close else {
            out.push_str(inner);
            return out;
        };
        out.push_str(&shortened(&inner[..close]));
        out.push(quote);
        rest = &inner[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The TOML parser's message for text that is not TOML, in plain words; `None` for a
/// word without quotes when the field says what it allows (`allows`), which says it all.
fn syntax_reason(message: &str, allows: bool) -> Option<Message> {
    let (description, expected) = message.split_once(", expected ").unwrap_or((message, ""));
    let quote = matches!(expected, "`\"`" | "`'`" | "`\"\"\"`" | "`'''`");
    let reason = match description {
        "string values must be quoted" | "invalid boolean" | "invalid float" if allows => {
            return None
        }
        "string values must be quoted" => words::RULES_QUOTED,
        "unexpected leading zero" => words::RULES_LEADING_ZERO,
        "missing comma between array elements" => words::RULES_COMMA,
        "unclosed array" => words::RULES_UNCLOSED,
        "cannot recurse further; max recursion depth met" => words::RULES_NESTED,
        _ if quote && description.ends_with(" string") => words::RULES_CLOSING_QUOTE,
        _ if expected == "nothing" => return Some(parser_words(description)),
        _ => return Some(parser_words(message)),
    };
    Some(Message::new(reason))
}

/// A fault the parser gives no place: a key of so many dotted parts (`a.b.c…`, in a key or
/// a table header) that the parser stops. Its line is the first by which the text, read
/// from its start, has the fault.
fn unplaced(text: &str, message: &str) -> RulesError {
    let ends: Vec<usize> = text
        .match_indices('\n')
        .map(|(at, _)| at + 1)
        .chain([text.len()])
        .collect();
    let has_fault = |&end: &usize| {
        let (_, errors) = DeTable::parse_recoverable(&text[..end]);
        errors
            .iter()
            .any(|e| e.span().is_none() && e.message() == message)
    };
    let index = ends
        .partition_point(|end| !has_fault(end))
        .min(ends.len() - 1);
    let start = if index == 0 { 0 } else { ends[index - 1] };
    let line = text[start..ends[index]].trim();
    RulesError {
        line: index + 1,
        message: if message == "recursion limit" {
            Message::new(words::RULES_DOTTED).with("line", shortened(line))
        } else {
            parser_words(message)
        },
    }
}

/// The byte at which the line holding byte `offset` of `text` starts.
fn line_start(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())]
        .rfind('\n')
        .map_or(0, |at| at + 1)
}

/// The 1-based line of byte `offset` of `text`.
pub(super) fn line_of(text: &str, offset: usize) -> usize {
    let offset = offset.min(text.len());
    1 + text.as_bytes()[..offset]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// A fault [`Rules::check`](super::rules::Rules::check) found in the rules of `text` as a
/// [`RulesError`]: the line where its field is written.
pub(super) fn from_check(text: &str, fault: Fault) -> RulesError {
    let document = DeTable::parse(text).expect("the text parsed as TOML once");
    let (start, field) = locate(&document, fault.field);
    RulesError {
        line: line_of(text, start),
        message: Message::new(words::RULES_FIELD)
            .with("field", field.words())
            .with("message", fault.message),
    }
}

/// Where a field is written (its value's start; a side's table for a side key not
/// written; the start of the text for a top-level key not written), and its name.
fn locate(document: &Spanned<DeTable<'_>>, field: Field) -> (usize, Path) {
    let top = document.get_ref();
    let sides = top.get("side");
    match field {
        Field::Top(key) => (
            top.get(key).map_or(0, |v| v.span().start),
            Path::Key(key.to_string()),
        ),
        Field::Sides => (
            sides.map_or(0, |v| v.span().start),
            Path::Key("side".to_string()),
        ),
        Field::Side(i, key) => {
            let table = sides.and_then(|s| s.get_ref().get(i));
            let value = table.and_then(|t| t.get_ref().get(key));
            let start = value.or(table).map_or(0, |v| v.span().start);
            (start, Path::SideKey(i, key.to_string()))
        }
    }
}

/// The field whose key or value holds byte `offset` (its end too: where the parser finds
/// something missing), with the value's span when the value holds it.
fn field_at(
    document: &Spanned<DeTable<'_>>,
    offset: usize,
) -> Option<(Path, Option<Range<usize>>)> {
    let holds = |span: &Range<usize>| span.start <= offset && offset <= span.end;
    let at = |path: Path, key: Range<usize>, value: Range<usize>| {
        let in_value = holds(&value).then_some(value);
        (in_value.is_some() || holds(&key)).then_some((path, in_value))
    };
    for (key, value) in document.get_ref().iter() {
        if key.get_ref() == "side" {
            if let DeValue::Array(sides) = value.get_ref() {
                for (i, side) in sides.iter().enumerate() {
                    let DeValue::Table(table) = side.get_ref() else {
                        continue;
                    };
                    for (key, value) in table.iter() {
                        let path = Path::SideKey(i, key.get_ref().to_string());
                        if let Some(found) = at(path, key.span(), value.span()) {
                            return Some(found);
                        }
                    }
                    if holds(&side.span()) {
                        return Some((Path::Side(i), None));
                    }
                }
            }
        }
        let path = Path::Key(key.get_ref().to_string());
        if let Some(found) = at(path, key.span(), value.span()) {
            return Some(found);
        }
    }
    None
}

/// The field of the line holding byte `offset` when the line starts with a bare key
/// (`pieces = …`, or `pieces` alone): a key of the last side whose `[[side]]` comes
/// before it, or a top-level key. For a fault that what the parser recovers has no place
/// for (a key written twice, a key without a value).
fn key_of_line(text: &str, offset: usize, document: &Spanned<DeTable<'_>>) -> Option<Path> {
    let start = line_start(text, offset);
    let line = text[start..].lines().next().unwrap_or("").trim_start();
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(line.len());
    let (key, rest) = line.split_at(end);
    let rest = rest.trim_start();
    if key.is_empty() || !(rest.is_empty() || rest.starts_with('=')) {
        return None;
    }
    let sides = match document.get_ref().get("side").map(Spanned::get_ref) {
        Some(DeValue::Array(sides)) => sides.iter().filter(|s| s.span().start < start).count(),
        _ => 0,
    };
    Some(match sides {
        0 => Path::Key(key.to_string()),
        n => Path::SideKey(n - 1, key.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::custom::Rules;

    #[test]
    fn long_quoted_runs_are_shortened_and_an_escaped_quote_ends_none() {
        let long = "x".repeat(50);
        let message = format!("unknown variant `{long}`, found \"a\\\"{long}\" and `b`");
        assert_eq!(
            shorten_quoted(&message),
            format!(
                "unknown variant `{}…`, found \"a\\\"{}…\" and `b`",
                &long[..40],
                &long[..37]
            )
        );
        assert_eq!(shorten_quoted("open `end"), "open `end");
    }

    #[test]
    fn a_key_of_too_many_parts_is_found_on_its_line_past_a_multi_line_string() {
        let deep = vec!["a"; 100].join(".");
        let text = format!("board = \"\"\"\n{deep} = 1\n\"\"\"\n\n{deep} = 1\n");
        assert_eq!(text.parse::<Rules>().unwrap_err().line, 5);
    }

    #[test]
    fn the_faults_people_make_most_have_codes_of_their_own() {
        /// The code of the message within `side …, key: …`, or of the message itself.
        fn inner(text: &str) -> &'static str {
            let error = text.parse::<Rules>().unwrap_err();
            match error
                .message
                .args
                .iter()
                .find(|(name, _)| *name == "message")
            {
                Some((_, Arg::Words(inner))) => inner.code.key,
                _ => error.message.code.key,
            }
        }
        let text = crate::games::custom::preset("chase").unwrap().text;
        let cases = [
            (format!("{text}bogus = 1\n"), words::RULES_UNKNOWN_KEY),
            (
                text.replace("stuck = \"loses\"", "stuck = \"maybe\""),
                words::RULES_UNKNOWN_VALUE,
            ),
            (
                text.replacen("pieces = 1", "pieces = 1\npieces = 2", 1),
                words::RULES_DUPLICATE_KEY,
            ),
        ];
        for (text, code) in cases {
            assert_eq!(inner(&text), code.key, "{text}");
        }
    }

    /// Whether `message` or a message within it is the parser's words as they are.
    fn unworded_in(message: &Message) -> bool {
        message.code == words::RULES_PARSER
            || message.args.iter().any(|(_, arg)| match arg {
                Arg::Words(inner) => unworded_in(inner),
                _ => false,
            })
    }

    #[test]
    fn wrong_kinds_and_the_slips_of_hand_written_toml_have_codes_of_their_own() {
        let base = "name = \"G\"\n[[side]]\nname = \"A\"\nletter = \"a\"\n[[side]]\nname = \"B\"\nletter = \"b\"\n";
        let side_a =
            |line: &str| base.replacen("letter = \"a\"\n", &format!("letter = \"a\"\n{line}\n"), 1);
        let top =
            |line: &str| base.replacen("name = \"G\"\n", &format!("name = \"G\"\n{line}\n"), 1);
        let worded = [
            side_a("pieces = \"x, expected i64\""),
            side_a("pieces = true"),
            side_a("pieces = 1.5"),
            side_a("pieces = [1]"),
            side_a("pieces = {a = 1}"),
            side_a("jump = 1"),
            side_a("capture = 1"),
            base.replace("letter = \"a\"", "letter = \"aa\""),
            base.replace("letter = \"a\"", "letter = 5"),
            top("first = 1"),
            "side = [1, 2]\n".to_string(),
            "side = [[], []]\n".to_string(),
            top("first \"A\""),
            top("[[side"),
            top("[[side]"),
            top("[side"),
            top("first = \"A\" x"),
            top("first == \"A\""),
            top("= \"x\""),
            side_a("moves = [,]"),
            top("first = \"\\q\""),
            top("first = \"\\u12\""),
            side_a("pieces = 1__0"),
            side_a("pieces = 2."),
            side_a("pieces = .5"),
        ];
        for text in worded {
            let error = text.parse::<Rules>().unwrap_err();
            assert!(!unworded_in(&error.message), "{text}: {:?}", error.message);
        }
        // Words no code says stay the parser's own.
        let error = top("name.x = 1").parse::<Rules>().unwrap_err();
        assert!(unworded_in(&error.message), "{:?}", error.message);
    }

    #[test]
    fn a_duplicate_key_is_named_only_when_it_is_a_plain_word() {
        let error = "name = \"x\"\nname = \"y\"\n".parse::<Rules>().unwrap_err();
        assert_eq!(
            (error.line, error.message.to_string().as_str()),
            (2, "name: duplicate key")
        );
        let error = "name = \"x\"\n\"name\" = \"y\"\n"
            .parse::<Rules>()
            .unwrap_err();
        assert_eq!(
            (error.line, error.message.to_string().as_str()),
            (2, "duplicate key")
        );
    }
}
