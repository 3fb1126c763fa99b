//! Composed games for the page (RULES §6): the rules file read and written for the
//! composer, the presets, and the game `custom`.
//!
//! A composed game has no fixed rules: the page names it `custom` together with its rules
//! file, an extra argument of every entry that takes a game's name (`gameFacts`,
//! `new Start`, `contestText`, `textBoards`, `new Batch`). [`game`] reads the pair once for
//! all of them, as a game of the list or a composed one.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::thrown::Thrown;
use super::views::plain;
use crate::batch::Batch;
use crate::games::custom::diagram::diagram;
use crate::games::custom::edit::edit;
use crate::games::custom::faults::data_fault;
use crate::games::custom::kind::NAME;
use crate::games::custom::rules::{
    MAX_DISTANCE, MAX_GAME_NAME, MAX_PIECES, MAX_SIDE_NAME, MAX_WIN_WORDS,
};
use crate::games::custom::{CustomKind, Rules, PRESETS};
use crate::games::GameKind;
use crate::words::{self, Message};

/// A game the page names: one of the list, or a composed game of its rules.
pub(super) enum Named {
    /// A game of the list ([`GameKind`]).
    Listed(GameKind),
    /// A composed game.
    Composed(CustomKind),
}

/// The game `name` names, with `rules` the rules file of a composed one.
///
/// # Errors
/// An unknown game, rules given to a game of the list or missing for a composed one, or
/// rules that cannot be read (naming the line and the field).
pub(super) fn game(name: &str, rules: Option<&str>) -> Result<Named, Thrown> {
    match (name == NAME, rules) {
        (true, Some(rules)) => Ok(Named::Composed(CustomKind::new(rules.parse::<Rules>()?))),
        (true, None) => Err(Message::new(words::RULES_NEEDED).into()),
        (false, None) => Ok(Named::Listed(name.parse()?)),
        (false, Some(_)) => Err(Message::new(words::NO_RULES_FILE)
            .with("game", format!("{name:?}"))
            .into()),
    }
}

/// A contest input of `name` read for the batch view (`custom`: of the rules file `rules`).
///
/// # Errors
/// As [`game`].
pub(super) fn batch(name: &str, input: &[u8], rules: Option<&str>) -> Result<Batch, Thrown> {
    Ok(match game(name, rules)? {
        Named::Listed(kind) => Batch::new(kind, input),
        Named::Composed(kind) => Batch::of(&kind, input),
    })
}

/// A preset as the composer lists it.
#[derive(Serialize)]
struct PresetJs {
    name: &'static str,
    text: &'static str,
}

/// The preset rules files, `[{name, text}]`, in the order the composer lists them.
#[wasm_bindgen(js_name = rulesPresets)]
pub fn rules_presets() -> JsValue {
    let presets: Vec<PresetJs> = PRESETS
        .iter()
        .map(|p| PresetJs {
            name: p.name,
            text: p.text,
        })
        .collect();
    plain(&presets)
}

/// The limits of the rules, for the composer's fields.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RulesLimitsJs {
    max_pieces: usize,
    max_distance: i64,
    max_side_name: usize,
    max_game_name: usize,
    max_win_words: usize,
}

/// `{maxPieces, maxDistance, maxSideName, maxGameName, maxWinWords}`: what the rules allow.
#[wasm_bindgen(js_name = rulesLimits)]
pub fn rules_limits() -> JsValue {
    plain(&RulesLimitsJs {
        max_pieces: MAX_PIECES,
        max_distance: MAX_DISTANCE,
        max_side_name: MAX_SIDE_NAME,
        max_game_name: MAX_GAME_NAME,
        max_win_words: MAX_WIN_WORDS,
    })
}

/// A rules file, read and checked, as a plain object with the rules file's keys (each
/// side's `colour` filled in when the file names none). Throws an `Error` whose message
/// names the line and the field at fault (`line 5: side 1, pieces: …`).
#[wasm_bindgen(js_name = readRules)]
pub fn read_rules(text: &str) -> Result<JsValue, Thrown> {
    let mut rules: Rules = text.parse()?;
    let colours = [rules.colour(0).to_owned(), rules.colour(1).to_owned()];
    for (side, colour) in rules.side.iter_mut().zip(colours) {
        side.colour = Some(colour);
    }
    Ok(plain(&rules))
}

/// The rules file of `rules` (a plain object as `readRules` returns), which `readRules`
/// reads back unless the rules are at fault. Throws a value of the wrong kind ([`from_form`]).
#[wasm_bindgen(js_name = writeRules)]
pub fn write_rules(rules: JsValue) -> Result<String, Thrown> {
    Ok(from_form(rules)?.to_text())
}

/// The rules file `text` changed to state `rules` (a plain object as `readRules` returns):
/// only the keys whose values change are rewritten, so that the person's comments and layout
/// stay; where that cannot be done (`text` unreadable, a side written inline) the rules are
/// written afresh, as `writeRules` does. Throws a value of the wrong kind ([`from_form`]).
#[wasm_bindgen(js_name = editRules)]
pub fn edit_rules(text: &str, rules: JsValue) -> Result<String, Thrown> {
    let rules = from_form(rules)?;
    Ok(edit(text, &rules).unwrap_or_else(|_| rules.to_text()))
}

/// The rules of the composer's form: its fields can hold what no rules file may (a piece
/// count of `1.5`, an empty letter), which the person sees worded as a rules file's fault.
fn from_form(rules: JsValue) -> Result<Rules, Thrown> {
    serde_wasm_bindgen::from_value(rules).map_err(|e| {
        // The error is a JavaScript `Error`: its text starts with its name.
        let said = e.to_string();
        data_fault(said.strip_prefix("Error: ").unwrap_or(&said)).into()
    })
}

/// A picture of one move of side `side` (0 or 1) of the rules file `text`:
/// `{rows, further}`, rows of `@` (the piece, at the centre), `*` (a cell it reaches) and
/// `.`, `further` when a move goes on past the picture. Throws for rules that cannot be read.
#[wasm_bindgen(js_name = movesDiagram)]
pub fn moves_diagram(text: &str, side: usize) -> Result<JsValue, Thrown> {
    let rules: Rules = text.parse()?;
    let side = rules
        .side
        .get(side)
        .ok_or_else(|| Message::new(words::NO_SIDE).with("side", side))?;
    let picture = diagram(side);
    Ok(plain(&DiagramJs {
        rows: picture.rows,
        further: picture.further,
    }))
}

/// A side's moves as the composer draws them.
#[derive(Serialize)]
struct DiagramJs {
    rows: Vec<String>,
    further: bool,
}
