//! A rules file changed in place: the composer's form states new rules, and the person's
//! text keeps its comments, order and layout — only the keys whose values change are
//! rewritten, each where it is written (a key the text leaves out is added after the last
//! key of its table; one the new rules leave out is removed, its line with it).
//!
//! The keys are found in the document's spans ([`toml::de::DeTable`]); the new values are
//! written as [`Rules::to_text`] writes them. The edit is checked: the text it makes must
//! read back as the new rules, else [`edit`] refuses it (and the caller writes the rules
//! afresh).

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::{Table, Value};

use super::rules::{Rules, DEFAULT_COLOURS};

/// Why a rules text could not be edited in place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotInPlace(pub String);

/// The rules text `text`, changed to state `rules`: each key whose value `rules` changes is
/// rewritten in place, and nothing else. `text` must be TOML of two `[[side]]` tables (its
/// rules need not pass their checks).
///
/// # Errors
/// `text` is not such TOML, or the edit does not read back as `rules` (a side written as an
/// inline table, where a line cannot be added): the caller writes the rules afresh
/// ([`Rules::to_text`]).
pub fn edit(text: &str, rules: &Rules) -> Result<String, NotInPlace> {
    let old: Rules = toml::from_str(text).map_err(|e| NotInPlace(e.message().to_string()))?;
    if old.side.len() != rules.side.len() {
        return Err(NotInPlace("the rules have another number of sides".into()));
    }
    let document = DeTable::parse(text).map_err(|e| NotInPlace(e.message().to_string()))?;
    let top = document.get_ref();
    let sides = match top.get("side").map(|s| s.get_ref()) {
        Some(DeValue::Array(sides)) => sides.as_ref(),
        _ => &[],
    };
    let (old_said, new_said) = (effective(&old)?, effective(rules)?);
    let new_written = table(rules)?;
    let mut edits = Vec::new();
    let everywhere =
        std::iter::once((None, top)).chain(sides.iter().enumerate().filter_map(|(i, side)| {
            match side.get_ref() {
                DeValue::Table(table) => Some((Some(i), table)),
                _ => None,
            }
        }));
    for (side, written) in everywhere {
        let said = |t: &Table| -> Table {
            match side {
                None => t
                    .iter()
                    .filter(|(k, _)| *k != "side")
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
                Some(i) => side_table(t, i),
            }
        };
        let (before, after, now) = (said(&old_said), said(&new_said), said(&new_written));
        let keys: Vec<&String> = after
            .keys()
            .chain(before.keys().filter(|k| !after.contains_key(*k)))
            .collect();
        for key in keys {
            if before.get(key) == after.get(key) {
                continue;
            }
            edits.push(change(text, written, key, now.get(key))?);
        }
    }
    // From the end of the text back, so that each edit's place is still where it was found
    // (keys added at one place: the last first, so that they stand in the order found).
    let mut edits: Vec<_> = edits.into_iter().enumerate().collect();
    edits.sort_by_key(|(order, (range, _))| std::cmp::Reverse((range.start, range.end, *order)));
    let mut edited = text.to_string();
    for (_, (range, with)) in edits {
        edited.replace_range(range, &with);
    }
    let read: Rules = toml::from_str(&edited).map_err(|e| NotInPlace(e.message().to_string()))?;
    if effective(&read)? != new_said {
        return Err(NotInPlace(
            "the edit does not read back as the new rules".into(),
        ));
    }
    Ok(edited)
}

/// The rules as a TOML table, each key as [`Rules::to_text`] writes it.
fn table(rules: &Rules) -> Result<Table, NotInPlace> {
    Table::try_from(rules).map_err(|e| NotInPlace(e.to_string()))
}

/// What the rules say, as a TOML table: the keys they leave out that have a stated meaning
/// filled in (who moves first, the sides' colours), so that writing a default out is no change.
fn effective(rules: &Rules) -> Result<Table, NotInPlace> {
    let mut said = rules.clone();
    if said.first.is_none() {
        said.first = said.side.first().map(|side| side.name.clone());
    }
    for (side, colour) in said.side.iter_mut().zip(DEFAULT_COLOURS) {
        side.colour.get_or_insert_with(|| colour.to_string());
    }
    table(&said)
}

/// Side `i`'s table of the rules' table `t`.
fn side_table(t: &Table, i: usize) -> Table {
    match t
        .get("side")
        .and_then(Value::as_array)
        .and_then(|sides| sides.get(i))
    {
        Some(Value::Table(side)) => side.clone(),
        _ => Table::new(),
    }
}

/// The edit that makes key `key` of the table `written` (as the text has it) hold `value`
/// (`None`: no longer written): the range of `text` to replace, and what with.
fn change(
    text: &str,
    written: &DeTable,
    key: &str,
    value: Option<&Value>,
) -> Result<(Range<usize>, String), NotInPlace> {
    let found = written.iter().find(|(k, _)| k.get_ref() == key);
    Ok(match (found, value) {
        (Some((_, v)), Some(value)) => (v.span(), value_text(key, value)?),
        (Some((k, v)), None) => (
            whole_lines(text, k.span().start, v.span().end),
            String::new(),
        ),
        (None, Some(value)) => {
            let end = written
                .iter()
                .filter(|(k, _)| k.get_ref() != "side")
                .map(|(_, v)| v.span().end)
                .max()
                .ok_or_else(|| NotInPlace(format!("no key to add {key} after")))?;
            // At the end of that key's line, before its line break (if any): a line of its own.
            let at = line_end(text, end);
            (at..at, format!("\n{key} = {}", value_text(key, value)?))
        }
        (None, None) => (0..0, String::new()),
    })
}

/// `value` as the rules file writes it after `key = `.
fn value_text(key: &str, value: &Value) -> Result<String, NotInPlace> {
    let mut one = Table::new();
    one.insert(key.to_string(), value.clone());
    let line = toml::to_string(&one).map_err(|e| NotInPlace(e.to_string()))?;
    Ok(line
        .trim_end_matches('\n')
        .split_once(" = ")
        .map_or(line.clone(), |(_, v)| v.to_string()))
}

/// The lines of `text` from the one holding `start` to the one holding `end`, with the last
/// line break.
fn whole_lines(text: &str, start: usize, end: usize) -> Range<usize> {
    let from = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let to = line_end(text, end);
    from..(to + usize::from(to < text.len()))
}

/// Where the line holding `at` ends (its line break, or the text's end).
fn line_end(text: &str, at: usize) -> usize {
    text[at..].find('\n').map_or(text.len(), |i| at + i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::custom::preset;

    /// The lines of `after` that are not lines of `before`, and those of `before` gone.
    fn changed(before: &str, after: &str) -> (Vec<String>, Vec<String>) {
        let has = |text: &str, line: &str| text.lines().any(|l| l == line);
        let added = after
            .lines()
            .filter(|l| !has(before, l))
            .map(String::from)
            .collect();
        let gone = before
            .lines()
            .filter(|l| !has(after, l))
            .map(String::from)
            .collect();
        (added, gone)
    }

    #[test]
    fn a_changed_value_is_rewritten_where_it_is_and_comments_stay() {
        let text = preset("fox-and-hounds").unwrap().text;
        let mut rules: Rules = text.parse().unwrap();
        rules.side[1].pieces = 3;
        rules.board = None;
        let edited = edit(text, &rules).unwrap();
        let (added, gone) = changed(text, &edited);
        assert_eq!(added, ["pieces = 3"]);
        assert!(
            gone.contains(&"pieces = 4".to_string())
                && gone.contains(&"board = \"\"\"".to_string()),
            "{gone:?}"
        );
        assert!(edited.starts_with("# Fox and hounds: on the dark squares"));
        assert!(
            edited.contains("# The standard start:"),
            "a comment stays even above a removed key"
        );
        assert_eq!(toml::from_str::<Rules>(&edited).unwrap(), rules);
    }

    #[test]
    fn a_renamed_side_renames_who_moves_first_and_a_new_key_goes_after_its_tables_last() {
        let text = preset("fox-and-hounds").unwrap().text;
        let mut rules: Rules = text.parse().unwrap();
        rules.side[0].name = "Wolf".into();
        rules.first = Some("Wolf".into());
        rules.side[0].distance = 2;
        rules.side[0].jump = true;
        let edited = edit(text, &rules).unwrap();
        let (added, gone) = changed(text, &edited);
        assert_eq!(
            added,
            [
                "first = \"Wolf\"",
                "name = \"Wolf\"",
                "distance = 2",
                "jump = true"
            ]
        );
        assert_eq!(gone, ["first = \"Fox\"", "name = \"Fox\""]);
        let fox = &edited[edited.find("[[side]]").unwrap()..edited.rfind("[[side]]").unwrap()];
        assert!(
            fox.trim_end()
                .ends_with("goal = \"top\"\ndistance = 2\njump = true"),
            "{fox}"
        );
        assert_eq!(edited.parse::<Rules>().unwrap(), rules);
    }

    #[test]
    fn a_key_the_rules_leave_out_goes_with_all_its_lines_and_a_comment_after_a_value_stays() {
        let text = preset("fox-and-hounds")
            .unwrap()
            .text
            .replace("pieces = 4", "pieces = 4 # b8, d8, f8, h8");
        let mut rules: Rules = text.parse().unwrap();
        rules.side[1].never.clear();
        rules.side[1].pieces = 2;
        rules.board = None;
        let edited = edit(&text, &rules).unwrap();
        assert!(!edited.contains("board ="), "{edited}");
        assert!(
            !edited.contains(".H.H.H.H"),
            "the board's rows went with it: {edited}"
        );
        assert!(edited.contains("\nnever = []\n"), "{edited}");
        assert!(
            edited.contains("\npieces = 2 # b8, d8, f8, h8\n"),
            "{edited}"
        );
        assert_eq!(edited.parse::<Rules>().unwrap(), rules);
    }

    #[test]
    fn every_preset_edited_in_every_field_reads_back_as_the_new_rules_with_all_its_comments() {
        let comments = |text: &str| -> Vec<String> {
            text.lines()
                .filter(|l| l.trim_start().starts_with('#'))
                .map(String::from)
                .collect()
        };
        type Change = fn(&mut Rules);
        let changes: [Change; 8] = [
            |r| r.name = "Another".into(),
            |r| r.stuck = crate::games::custom::rules::Stuck::Draws,
            |r| r.first = Some(r.side[1].name.clone()),
            |r| r.side[0].colour = Some("#123456".into()),
            |r| r.side[1].win = Some("The second side wins".into()),
            |r| r.side[0].letter = 'Z',
            |r| r.side[1].never = vec![],
            |r| r.board = None,
        ];
        for p in crate::games::custom::PRESETS {
            for (i, change) in changes.iter().enumerate() {
                let mut rules: Rules = p.text.parse().unwrap();
                change(&mut rules);
                if rules.board.is_some() && i == 5 {
                    rules.board = None; // the board is in the old letter
                }
                let edited = edit(p.text, &rules)
                    .unwrap_or_else(|e| panic!("{}, change {i}: {e:?}", p.name));
                let read: Rules = toml::from_str(&edited).unwrap();
                assert_eq!(
                    effective(&read),
                    effective(&rules),
                    "{}, change {i}:\n{edited}",
                    p.name
                );
                assert_eq!(
                    comments(&edited),
                    comments(p.text),
                    "{}, change {i}",
                    p.name
                );
            }
        }
    }

    #[test]
    fn writing_out_what_a_default_says_is_no_change() {
        let text =
            "[[side]]\nname = \"A\"\nletter = \"A\"\n\n[[side]]\nname = \"B\"\nletter = \"B\"\n";
        let mut rules: Rules = text.parse().unwrap();
        rules.first = Some("A".into());
        rules.side[0].colour = Some(DEFAULT_COLOURS[0].into());
        assert_eq!(edit(text, &rules).unwrap(), text);
    }

    #[test]
    fn a_key_added_after_the_last_line_keeps_the_text_s_own_ending() {
        let text = "[[side]]\nname = \"A\"\nletter = \"A\"\n[[side]]\nname = \"B\"\nletter = \"B\"";
        let mut rules: Rules = text.parse().unwrap();
        rules.side[1].pieces = 2;
        assert_eq!(edit(text, &rules).unwrap(), format!("{text}\npieces = 2"));
        let ended = format!("{text}\n");
        assert_eq!(
            edit(&ended, &rules).unwrap(),
            format!("{text}\npieces = 2\n")
        );
    }

    #[test]
    fn an_inline_side_or_text_that_is_not_toml_is_refused() {
        let inline =
            "side = [{ name = \"A\", letter = \"A\" }, { name = \"B\", letter = \"B\" }]\n";
        let mut rules: Rules = inline.parse().unwrap();
        rules.side[1].pieces = 2;
        assert!(edit(inline, &rules).is_err());
        assert!(edit("side = [", &rules).is_err());
    }
}
