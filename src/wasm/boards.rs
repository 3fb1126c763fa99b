//! Games and boards as the page holds them: what a game says of itself ([`game_facts`]),
//! boards to and from the page's form ([`crate::games::Drawn`]), a board read once
//! ([`Start`]), and the contest's text of boards both ways ([`contest_text`],
//! [`text_boards`]). The page's descriptors (`www/games/`) take
//! every fact and format from here: nothing of the kind is written twice.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::custom::{self, Named};
use super::thrown::{Thrown, WordsJs};
use super::views::serializer;
use super::Clock;
use crate::analysis;
use crate::games::custom::tiers::advance;
use crate::games::{self, Drawn, Kind};
use crate::words::{self, Message};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A board as the page holds it (www/games/define.js), row-major: a grid, each cell '.' free,
 * '#' an obstacle or a side's letter; or a table of weights, what a stone on each cell scores
 * for the first player (`a`) and for the second (`b`). */
export type Board =
  | { readonly rows: number; readonly cols: number; readonly cells: readonly string[] }
  | { readonly rows: number; readonly cols: number; readonly a: readonly number[]; readonly b: readonly number[] };

/** What a game says of itself (`gameFacts`). */
export interface GameFacts {
  /** Its name on the command line, in links and in `new Start`. */
  name: string;
  /** Its rules in one line, as the page says it (www/words/text.js `said`). */
  summary: EngineWords;
  /** Its contest input and output in a paragraph, as `retrolab --help` writes it (`code` in
   * backquotes), as the page says it. */
  format: EngineWords;
  /** The sizes of the boards it accepts: every size of at most `maxSide` rows and columns
   * (square if `square`) and none beyond the others. */
  limits: {
    minRows: number; maxRows: number; minCols: number; maxCols: number; maxCells: number;
    square: boolean; maxSide: number;
  };
  /** The players; their pieces, in this order, are `Lab.pieces`'s. */
  sides: [GameSide, GameSide];
  /** Which of `sides` moves first (0 in every game but a composed one that says otherwise). */
  first: number;
  /** Whether a cell may be an obstacle ('#'). */
  obstacles: boolean;
  /** The largest weight of a cell (tableau); 0 for games without weights. */
  maxWeight: number;
  /** A composed game: whether a side only advances, so that its positions fall into tiers
   * by that side's rows (false for the games of the list, whose pages know their tiers). */
  advancing: boolean;
}

/** A message of the engine: its code, a key of the page's catalogs, and its arguments
 * (numbers, texts, and messages within as `{code, args}`). Errors the engine throws carry
 * them too, beside their English `message`. */
export interface EngineWords {
  code: string;
  args: Record<string, unknown>;
}

/** A player of a game: its name, the letter of its pieces on a board (none: no pieces), how many. */
export interface GameSide {
  name: string;
  letter?: string;
  pieces: number;
}
"#;

/// A board as the page holds it (`Board` in the declarations above).
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum BoardJs {
    Cells {
        rows: u16,
        cols: u16,
        cells: Vec<char>,
    },
    Weights {
        rows: u16,
        cols: u16,
        a: Vec<i64>,
        b: Vec<i64>,
    },
}

impl From<Drawn> for BoardJs {
    fn from(drawn: Drawn) -> BoardJs {
        match drawn {
            Drawn::Cells { rows, cols, cells } => BoardJs::Cells { rows, cols, cells },
            Drawn::Weights {
                rows,
                cols,
                first,
                second,
            } => BoardJs::Weights {
                rows,
                cols,
                a: first,
                b: second,
            },
        }
    }
}

/// A page's board as a [`Drawn`], its lists checked against its size.
fn drawn(board: JsValue) -> Result<Drawn, Thrown> {
    let board: BoardJs = serde_wasm_bindgen::from_value(board)
        .map_err(|e| Message::new(words::BOARD_SHAPE).with("error", e.to_string()))?;
    let (rows, cols, lists) = match &board {
        BoardJs::Cells { rows, cols, cells } => (rows, cols, vec![("cells", cells.len())]),
        BoardJs::Weights { rows, cols, a, b } => (rows, cols, vec![("a", a.len()), ("b", b.len())]),
    };
    let cells = usize::from(*rows) * usize::from(*cols);
    if let Some((name, len)) = lists.into_iter().find(|&(_, len)| len != cells) {
        return Err(Message::new(words::BOARD_LISTS)
            .with("rows", *rows)
            .with("cols", *cols)
            .with("cells", cells)
            .with("list", name)
            .with("found", len)
            .into());
    }
    Ok(match board {
        BoardJs::Cells { rows, cols, cells } => Drawn::Cells { rows, cols, cells },
        BoardJs::Weights { rows, cols, a, b } => Drawn::Weights {
            rows,
            cols,
            first: a,
            second: b,
        },
    })
}

/// Boards as the page holds them.
fn boards(drawn: impl IntoIterator<Item = Drawn>) -> JsValue {
    let boards: Vec<BoardJs> = drawn.into_iter().map(BoardJs::from).collect();
    boards
        .serialize(&serializer())
        .expect("plain data serialises")
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FactsJs<'a> {
    name: &'static str,
    summary: WordsJs<'a>,
    format: WordsJs<'a>,
    limits: LimitsJs,
    sides: [SideJs; 2],
    first: u8,
    obstacles: bool,
    max_weight: u32,
    advancing: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LimitsJs {
    min_rows: u16,
    max_rows: u16,
    min_cols: u16,
    max_cols: u16,
    max_cells: u32,
    square: bool,
    max_side: u16,
}

#[derive(Serialize)]
struct SideJs {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    letter: Option<char>,
    pieces: u8,
}

/// What `game` (`custom`: of the rules file `rules`) says of itself: `{name, summary,
/// format, limits, sides, first, obstacles, maxWeight}` (`GameFacts`). Throws for an unknown game
/// or rules that cannot be read.
#[wasm_bindgen(js_name = gameFacts, unchecked_return_type = "GameFacts")]
pub fn game_facts(game: &str, rules: Option<String>) -> Result<JsValue, Thrown> {
    let (about, contents, advancing) = match custom::game(game, rules.as_deref())? {
        Named::Listed(kind) => (kind.about(), kind.contents(), false),
        Named::Composed(kind) => {
            let advancing = (0..2).any(|side| advance(kind.rules(), side).is_some());
            (kind.about(), kind.contents(), advancing)
        }
    };
    let limits = about.limits;
    let format = Message::new(about.help);
    let facts = FactsJs {
        name: about.name,
        summary: WordsJs(&about.summary),
        format: WordsJs(&format),
        limits: LimitsJs {
            min_rows: limits.min_rows,
            max_rows: limits.max_rows,
            min_cols: limits.min_cols,
            max_cols: limits.max_cols,
            max_cells: limits.max_cells,
            square: limits.square,
            max_side: limits.max_side,
        },
        sides: contents.sides.map(|side| SideJs {
            name: side.name.into_owned(),
            letter: side.letter,
            pieces: side.pieces,
        }),
        first: contents.first,
        obstacles: contents.obstacles,
        max_weight: contents.max_weight,
        advancing,
    };
    Ok(facts
        .serialize(&serializer())
        .expect("plain data serialises"))
}

/// The boards of a text of `game` (`custom`: of the rules file `rules`) pasted into the
/// page (`Board[]`): a whole contest input, one problem as an input writes it, or the
/// board's rows ([`games::pasted`]). Throws an `Error` naming an unknown game or what is
/// wrong with the text (contest text's fault names its line, as `retrolab <game>` does).
#[wasm_bindgen(js_name = textBoards, unchecked_return_type = "Board[]")]
pub fn text_boards(game: &str, text: &str, rules: Option<String>) -> Result<JsValue, Thrown> {
    Ok(boards(match custom::game(game, rules.as_deref())? {
        Named::Listed(kind) => kind.pasted(text)?,
        Named::Composed(kind) => games::pasted(&kind, text)?,
    }))
}

/// The contest's input for `board` of `game` alone (river: `0 1`, the size line, the rows),
/// which `retrolab <game>` reads as it is. Throws as `new Start`.
#[wasm_bindgen(js_name = contestText)]
pub fn contest_text(
    game: &str,
    #[wasm_bindgen(unchecked_param_type = "string | Board")] board: JsValue,
    rules: Option<String>,
) -> Result<String, Thrown> {
    Ok(Start::new(game, board, rules)?.contest_text())
}

/// A board of a game, read once for all the page asks of it ([`analysis::Start`]): that it
/// is a legal start (else there is no `Start`), its contest text, the memory its analysis
/// takes, and the analysis (`new Lab(start)`, which uses it up).
#[wasm_bindgen]
pub struct Start {
    pub(super) start: analysis::Start,
}

#[wasm_bindgen]
impl Start {
    /// Reads `board` of `game` (`custom`: of the rules file `rules`): its board text, or
    /// the page's board object (`Board`). Throws an `Error` naming an unknown game, what is
    /// wrong with the rules (their line and field) or what is wrong with the board.
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: &str,
        #[wasm_bindgen(unchecked_param_type = "string | Board")] board: JsValue,
        rules: Option<String>,
    ) -> Result<Start, Thrown> {
        let start = match (custom::game(game, rules.as_deref())?, board.as_string()) {
            (Named::Listed(_), Some(text)) => analysis::Start::parse(game, &text)?,
            (Named::Listed(_), None) => analysis::Start::read(game, &drawn(board)?)?,
            (Named::Composed(kind), Some(text)) => analysis::Start::of(&kind, kind.parse(&text)?),
            (Named::Composed(kind), None) => analysis::Start::of(&kind, kind.read(&drawn(board)?)?),
        };
        Ok(Start { start })
    }

    /// The contest's input for the board alone, as `contestText` writes it.
    #[wasm_bindgen(getter, js_name = contestText)]
    pub fn contest_text(&self) -> String {
        self.start.contest_text().to_owned()
    }

    /// The board's game of what its start reaches, as a `Start` of its own, when the whole
    /// game is at least `FROM_START_SHARE` (4) times larger ([`analysis::Start::take_from_start`]):
    /// it answers the start, and every position it holds, as the whole game does, sooner.
    /// `undefined` when there is none, or once taken; this `Start` stays the whole game's.
    #[wasm_bindgen(js_name = takeFromStart)]
    pub fn take_from_start(&mut self) -> Option<Start> {
        self.start.take_from_start().map(|start| Start { start })
    }

    /// Builds the board's game for about `ms` milliseconds, reading the clock now and then;
    /// true once it is built: `new Lab(start)` then takes it as it is instead of building it
    /// in one task (a composed game's per-set tables are built a few thousand sets at a
    /// time; other games are built whole in the first call). Throws as `bytes`.
    #[wasm_bindgen(js_name = buildFor)]
    pub fn build_for(&mut self, ms: f64) -> Result<bool, Thrown> {
        let clock = Clock::new();
        let mut time_up = clock.time_up_in(ms);
        Ok(self.start.build_for(&mut time_up)?)
    }

    /// Bytes `new Lab(start)` allocates at once (a `Reserve` of this size prepares them
    /// ahead of time). Known ahead for most games; the others are built to tell, once:
    /// `new Lab` then takes the game as it is. Throws an `Error` naming the memory the
    /// game's tables need when the browser will not give it.
    pub fn bytes(&mut self) -> Result<f64, Thrown> {
        Ok(self.start.bytes()? as f64)
    }
}
