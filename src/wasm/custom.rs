//! Composed games for the page (RULES §6): the rules file read and written for the
//! composer, the presets, and the `custom` game a `Lab` is made of.
//!
//! A `Lab` takes a game name and board text. A composed game has no fixed rules, so for the
//! name `custom` the board text is a whole rules file whose `board` is the board to analyse
//! ([`composed_text`] writes one): the page's descriptor of the game (www/games/custom.js)
//! makes its engine text so, and every name-and-text entry of the module (`new Lab`,
//! `Lab.bytes`, `Lab.check`, `Lab.contestText`) goes through [`built`], [`check`] and
//! [`contest_text`] here. A `Batch` of `custom` takes the rules file apart ([`batch`]).

use serde::Serialize;
use toml::Table;
use wasm_bindgen::prelude::*;

use super::views::plain;
use crate::analysis::{self, Built};
use crate::batch::Batch;
use crate::games::custom::kind::NAME;
use crate::games::custom::rules::{MAX_DISTANCE, MAX_GAME_NAME, MAX_PIECES, MAX_SIDE_NAME};
use crate::games::custom::{CustomKind, Rules, PRESETS};
use crate::games::{GameKind, Kind};

/// A game a `Lab` can be made of, from its name and board text, before it is built.
enum Named<'a> {
    /// A game of the list ([`crate::GameKind`]), its board text.
    Listed(&'a str, &'a str),
    /// A composed game and its board text.
    Composed(CustomKind, String),
}

/// Reads `game` and `text` as a `Lab` takes them (module docs).
fn named<'a>(game: &'a str, text: &'a str) -> Result<Named<'a>, String> {
    if game != NAME {
        return Ok(Named::Listed(game, text));
    }
    let (rules, board) = split(text)?;
    Ok(Named::Composed(CustomKind::new(rules), board))
}

/// A rules file holding a board, as its rules (the board taken out, so that a fault of the
/// board is told as the board's, not the file's) and the board text.
fn split(text: &str) -> Result<(Rules, String), String> {
    let mut table: Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
    let board = match table.remove("board") {
        Some(toml::Value::String(board)) => board,
        _ => return Err("the rules of a composed game hold no board".to_string()),
    };
    let rules = toml::to_string(&table)
        .map_err(|e| e.to_string())?
        .parse::<Rules>()
        .map_err(|e| e.to_string())?;
    Ok((rules, board))
}

/// The game `game` on board text `text`, built (module docs).
///
/// # Errors
/// An unknown game, rules that cannot be read, or what is wrong with the board.
pub(super) fn built(game: &str, text: &str) -> Result<Built, JsError> {
    match named(game, text).map_err(|e| JsError::new(&e))? {
        Named::Listed(game, text) => Ok(Built::parse(game, text)?),
        Named::Composed(kind, board) => Ok(Built::of(&kind, &board)?),
    }
}

/// Why `text` is not a legal start of `game`, or `None`.
pub(super) fn check(game: &str, text: &str) -> Option<String> {
    match named(game, text) {
        Err(e) => Some(e),
        Ok(Named::Listed(game, text)) => analysis::check(game, text).err().map(|e| e.to_string()),
        Ok(Named::Composed(kind, board)) => kind.parse(&board).err().map(|e| e.to_string()),
    }
}

/// The contest's input for `game`'s board `text` alone.
///
/// # Errors
/// As [`built`].
pub(super) fn contest_text(game: &str, text: &str) -> Result<String, JsError> {
    match named(game, text).map_err(|e| JsError::new(&e))? {
        Named::Listed(game, text) => Ok(analysis::contest_text(game, text)?),
        Named::Composed(kind, board) => Ok(kind.contest_text(&kind.parse(&board)?)),
    }
}

/// A contest input of `game` read for the batch view (`custom`: of the rules file `rules`).
///
/// # Errors
/// An unknown game, or rules missing or that cannot be read.
pub(super) fn batch(game: &str, input: &[u8], rules: Option<&str>) -> Result<Batch, JsError> {
    if game != NAME {
        return Ok(Batch::new(game.parse::<GameKind>()?, input));
    }
    let rules: Rules = rules
        .ok_or_else(|| JsError::new("a composed game's batch needs its rules"))?
        .parse()?;
    Ok(Batch::of(&CustomKind::new(rules), input))
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
}

/// `{maxPieces, maxDistance, maxSideName, maxGameName}`: what the rules allow.
#[wasm_bindgen(js_name = rulesLimits)]
pub fn rules_limits() -> JsValue {
    plain(&RulesLimitsJs {
        max_pieces: MAX_PIECES,
        max_distance: MAX_DISTANCE,
        max_side_name: MAX_SIDE_NAME,
        max_game_name: MAX_GAME_NAME,
    })
}

/// A rules file, read and checked, as a plain object with the rules file's keys (each
/// side's `colour` filled in when the file names none). Throws an `Error` whose message
/// names the line and the field at fault (`line 5: side 1, pieces: …`).
#[wasm_bindgen(js_name = readRules)]
pub fn read_rules(text: &str) -> Result<JsValue, JsError> {
    let mut rules: Rules = text.parse()?;
    let colours = [rules.colour(0).to_owned(), rules.colour(1).to_owned()];
    for (side, colour) in rules.side.iter_mut().zip(colours) {
        side.colour = Some(colour);
    }
    Ok(plain(&rules))
}

/// The rules file of `rules` (a plain object as `readRules` returns), which `readRules`
/// reads back unless the rules are at fault. Throws if `rules` is not of that shape.
#[wasm_bindgen(js_name = writeRules)]
pub fn write_rules(rules: JsValue) -> Result<String, JsError> {
    let rules: Rules = serde_wasm_bindgen::from_value(rules)?;
    Ok(rules.to_text())
}

/// The text a `Lab` of the game `custom` takes (module docs): the rules file `rules` with
/// `board` as its board. Throws if `rules` is not TOML.
#[wasm_bindgen(js_name = composedText)]
pub fn composed_text(rules: &str, board: &str) -> Result<String, JsError> {
    let mut table: Table = rules.parse()?;
    table.insert("board".to_owned(), toml::Value::String(board.to_owned()));
    Ok(toml::to_string(&table)?)
}
