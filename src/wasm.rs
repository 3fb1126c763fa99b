//! The page's window on the engine — the only Rust that knows about JavaScript. It converts
//! between JavaScript and [`crate::analysis`], where the work is done.
//!
//! A [`Lab`] owns one game and its analysis. The page creates it from a game name
//! ([`game_names`]) and the game's board text (errors become JavaScript `Error`s carrying
//! the message), runs the analysis in time slices ([`Lab::run_for`]) or exact steps
//! ([`Lab::step`]), and reads the results:
//!
//! - zero-copy typed-array views into wasm memory, rebuilt on every call (like the rustwasm
//!   book's Game of Life): [`Lab::records`] and [`Lab::events`]. A view dies when wasm
//!   memory grows, which any step may do: ask for a fresh one after stepping, never keep
//!   one across calls.
//! - small copied answers: progress, layers, outcomes, moves, the optimal line, the pieces
//!   of a position, and a "slice" of positions for the heatmap.
//!
//! What those numbers mean is exported too, as enums the page imports from the glue (plain
//! objects, usable before the module is loaded): [`RecordState`], [`RecordLayout`],
//! [`EventKind`], [`ScoredEventKind`], [`Phase`], [`NoPosition`]. An outcome is
//! `{value: "win"|"lose"|"tie", remoteness}` for the side to move (win/lose games) or
//! `{score}` (scored games). Cells are numbered row-major over the whole board.

use js_sys::{Int32Array, Object, Uint16Array, Uint32Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::analysis::{self, Analysis, Built, Counts, Events, MoveView, Records, Worth};
use crate::{layered, record, retro, GameKind, Player, Value};

/// A record's state (bits 15-14, [`crate::record`]), for the side to move.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum RecordState {
    Undecided = 0,
    Win = 1,
    Lose = 2,
    Tie = 3,
}

/// Where a record's parts are: `record >>> StateShift` is its [`RecordState`],
/// `record & RemotenessMask` its remoteness (while undecided, its counter of moves).
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum RecordLayout {
    StateShift = 14,
    RemotenessMask = 0x3FFF,
}

/// The first word of a win/lose event triple ([`crate::EventKind`]).
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum EventKind {
    Popped = 0,
    Won = 1,
    Lost = 2,
    Decremented = 3,
}

/// The first word of a scored event triple ([`layered::EventKind`]).
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum ScoredEventKind {
    Move = 0,
    Scored = 1,
}

/// `progress.phase` ([`crate::Phase`]; scored games skip `MarkTies`).
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum Phase {
    Scan = 0,
    Propagate = 1,
    MarkTies = 2,
    Done = 3,
}

/// [`Lab::slice`]'s mark of a cell without a position: `NoPosition.Sentinel`, `u32::MAX`.
#[wasm_bindgen]
#[derive(Clone, Copy)]
#[repr(u32)]
pub enum NoPosition {
    Sentinel = 0xFFFF_FFFF,
}

// The exported numbers are literals (wasm-bindgen takes no other discriminants): checked
// against the engine's own here.
const _: () = {
    use crate::record::{LOSE, REMOTENESS_MASK, STATE_SHIFT, TIE, WIN};
    assert!(RecordLayout::StateShift as u32 == STATE_SHIFT);
    assert!(RecordLayout::RemotenessMask as u16 == REMOTENESS_MASK);
    assert!(RecordState::Undecided as u16 == 0 && record::is_undecided(0));
    assert!((RecordState::Win as u16) << STATE_SHIFT == WIN);
    assert!((RecordState::Lose as u16) << STATE_SHIFT == LOSE);
    assert!((RecordState::Tie as u16) << STATE_SHIFT == TIE);
    assert!(EventKind::Popped as u32 == retro::EventKind::Popped as u32);
    assert!(EventKind::Won as u32 == retro::EventKind::Won as u32);
    assert!(EventKind::Lost as u32 == retro::EventKind::Lost as u32);
    assert!(EventKind::Decremented as u32 == retro::EventKind::Decremented as u32);
    assert!(ScoredEventKind::Move as u32 == layered::EventKind::Move as u32);
    assert!(ScoredEventKind::Scored as u32 == layered::EventKind::Scored as u32);
};

impl From<retro::Phase> for Phase {
    fn from(phase: retro::Phase) -> Phase {
        match phase {
            retro::Phase::Scan => Phase::Scan,
            retro::Phase::Propagate => Phase::Propagate,
            retro::Phase::MarkTies => Phase::MarkTies,
            retro::Phase::Done => Phase::Done,
        }
    }
}

/// An [`analysis::Progress`] as the page sees it: `{phase, total, decided, done, units,
/// layerLeft}` plus `{queued, wins, losses, ties, remoteness}` (win/lose games) or
/// `{layer, layers}` (scored games).
#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct ProgressJs {
    phase: u8,
    total: f64,
    decided: f64,
    done: bool,
    units: f64,
    layer_left: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    queued: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wins: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    losses: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ties: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    layer: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    layers: Option<u32>,
}

impl From<analysis::Progress> for ProgressJs {
    fn from(p: analysis::Progress) -> Self {
        let common = ProgressJs {
            phase: Phase::from(p.phase) as u8,
            total: p.total as f64,
            decided: p.decided as f64,
            done: p.done,
            units: p.units as f64,
            layer_left: p.layer_left as f64,
            ..ProgressJs::default()
        };
        match p.counts {
            Counts::Valued {
                queued,
                wins,
                losses,
                ties,
                remoteness,
            } => ProgressJs {
                queued: Some(queued as f64),
                wins: Some(wins as f64),
                losses: Some(losses as f64),
                ties: Some(ties as f64),
                remoteness: Some(remoteness),
                ..common
            },
            Counts::Scored { layer, layers } => ProgressJs {
                layer: Some(layer),
                layers: Some(layers),
                ..common
            },
        }
    }
}

/// A [`Worth`] as the page sees it.
#[derive(Serialize)]
#[serde(untagged)]
enum OutcomeJs {
    Valued {
        value: &'static str,
        remoteness: u16,
    },
    Scored {
        score: i32,
    },
}

impl From<Worth> for OutcomeJs {
    fn from(worth: Worth) -> Self {
        match worth {
            Worth::Valued(o) => OutcomeJs::Valued {
                value: match o.value {
                    Value::Win => "win",
                    Value::Lose => "lose",
                    Value::Tie => "tie",
                },
                remoteness: o.remoteness,
            },
            Worth::Scored(score) => OutcomeJs::Scored { score },
        }
    }
}

/// A [`MoveView`] as the page sees it: `{from, to, child, gain?, outcome}`.
#[derive(Serialize)]
struct MoveJs {
    from: u16,
    to: u16,
    child: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    gain: Option<i32>,
    outcome: Option<OutcomeJs>,
}

fn moves_js(moves: Vec<MoveView>) -> JsValue {
    let moves: Vec<MoveJs> = moves
        .into_iter()
        .map(|m| MoveJs {
            from: m.mv.from,
            to: m.mv.to,
            child: m.child,
            gain: m.gain,
            outcome: m.worth.map(OutcomeJs::from),
        })
        .collect();
    to_js(&moves)
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    serde_wasm_bindgen::to_value(value).expect("plain data serialises")
}

/// Views events as 32-bit words, three per event.
///
/// # Safety
/// `E` must be `repr(C)` of exactly three initialised 4-byte fields, each a valid `W`; the
/// view must be dropped before the events move (see the module docs).
unsafe fn triples<E, W>(events: &[E]) -> &[W] {
    const { assert!(size_of::<E>() == 12 && size_of::<W>() == 4) };
    std::slice::from_raw_parts(events.as_ptr().cast(), events.len() * 3)
}

/// The clock of the page (or worker), if its global scope has one.
struct Clock(Option<web_sys::Performance>);

impl Clock {
    fn new() -> Clock {
        let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok();
        Clock(performance.and_then(|p| p.dyn_into().ok()))
    }

    /// Milliseconds since the page loaded; always 0 without a clock.
    fn now(&self) -> f64 {
        self.0.as_ref().map_or(0.0, |c| c.now())
    }
}

/// The names of the games, in the order the page lists them (`new Lab` takes them).
#[wasm_bindgen(js_name = gameNames)]
pub fn game_names() -> Vec<String> {
    GameKind::ALL.iter().map(|g| g.name().to_owned()).collect()
}

/// One game and its analysis, for the page.
#[wasm_bindgen]
pub struct Lab {
    analysis: Box<dyn Analysis>,
    clock: Clock,
}

#[wasm_bindgen]
impl Lab {
    /// Prepares the analysis of `game` on `board` (its board text, see
    /// [`crate::analysis`]); nothing is analysed yet, memory for the records is reserved.
    ///
    /// # Errors
    /// An `Error` naming an unknown game or what is wrong with the board.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str, board: &str) -> Result<Lab, JsError> {
        let analysis = Built::parse(game, board)?.analysis();
        Ok(Lab {
            analysis,
            clock: Clock::new(),
        })
    }

    /// Bytes `new Lab(game, board)` allocates at once ([`Reserve`] faults them in first).
    ///
    /// # Errors
    /// As [`Lab::new`].
    pub fn bytes(game: &str, board: &str) -> Result<f64, JsError> {
        Ok(Built::parse(game, board)?.bytes() as f64)
    }

    /// Why `board` is not a legal start for `game`, or `undefined`; no analysis is prepared.
    pub fn check(game: &str, board: &str) -> Option<String> {
        analysis::check(game, board).err().map(|e| e.to_string())
    }

    /// Does at most `budget` units of work (one queue entry or scored position, or 16
    /// positions scanned or marked) and returns the progress (see [`ProgressJs`]).
    ///
    /// # Errors
    /// An `Error` if the analysis cannot go on (a line of play too long to record).
    pub fn step(&mut self, budget: u32) -> Result<JsValue, JsError> {
        Ok(to_js(&ProgressJs::from(
            self.analysis.step(budget as usize)?,
        )))
    }

    /// Works on the current phase for about `ms` milliseconds (the clock is read here
    /// between chunks of work): at most `budget` units as [`Lab::step`] counts them
    /// (`Infinity`: no limit), never past the end of the phase, at least one chunk. With
    /// recording on, [`Lab::events`] holds only the last chunk's: animations use `step`.
    ///
    /// # Errors
    /// As [`Lab::step`].
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, ms: f64, budget: f64) -> Result<JsValue, JsError> {
        let deadline = self.clock.now() + ms;
        let clock = &self.clock;
        // Saturating: `Infinity` is no limit, NaN or a negative budget none.
        let progress = self.analysis.run_for(budget as usize, || {
            clock.0.is_none() || clock.now() >= deadline
        })?;
        Ok(to_js(&ProgressJs::from(progress)))
    }

    /// The current progress, as [`Lab::step`] returns it.
    pub fn progress(&self) -> JsValue {
        to_js(&ProgressJs::from(self.analysis.progress()))
    }

    /// Number of positions of the game.
    #[wasm_bindgen(js_name = numPositions)]
    pub fn num_positions(&self) -> u32 {
        self.analysis.num_positions() as u32
    }

    /// The start position (the board as drawn, first player to move).
    pub fn start(&self) -> u32 {
        self.analysis.start()
    }

    /// Rows and columns of the board, `[rows, cols]`.
    pub fn size(&self) -> Vec<u16> {
        let (rows, cols) = self.analysis.board().size();
        vec![rows, cols]
    }

    /// Zero-copy view of the records, one per position, valid until the next step: a
    /// `Uint16Array` for win/lose games ([`RecordLayout`]), an `Int32Array` of scores for
    /// scored games (-2³¹ while unscored).
    pub fn records(&self) -> Object {
        // SAFETY: views of this analysis's memory, which the page drops before any call
        // that may move it or grow memory (module docs).
        unsafe {
            match self.analysis.records() {
                Records::Valued(records) => Uint16Array::view(records).into(),
                Records::Scored(scores) => Int32Array::view(scores).into(),
            }
        }
    }

    /// Turns the event log on or off (off by default; solving is faster without it).
    #[wasm_bindgen(js_name = setRecording)]
    pub fn set_recording(&mut self, on: bool) {
        self.analysis.set_recording(on);
    }

    /// Zero-copy view of the last step's events as triples, valid until the next step.
    /// Win/lose games: a `Uint32Array` of [`EventKind`], position, detail (remoteness, or
    /// the new counter). Scored games: an `Int32Array` of [`ScoredEventKind`], position
    /// (a move's child, or the position scored), score. Empty unless recording.
    pub fn events(&self) -> Object {
        // SAFETY: both event types are `repr(C)` of three 4-byte fields (their kinds are
        // `repr(u32)`); the views live as the records' do.
        unsafe {
            match self.analysis.events() {
                Events::Valued(events) => Uint32Array::view(triples(events)).into(),
                Events::Scored(events) => Int32Array::view(triples(events)).into(),
            }
        }
    }

    /// A copy of the layer counts ([`Analysis::layers`]).
    pub fn layers(&self) -> Vec<f64> {
        self.analysis
            .layers()
            .into_iter()
            .map(|n| n as f64)
            .collect()
    }

    /// The outcome of `pos`, or `null` while undecided or out of range.
    pub fn outcome(&self, pos: u32) -> JsValue {
        to_js(&self.analysis.outcome(pos).map(OutcomeJs::from))
    }

    /// Who moves in `pos`: 0 the first player (red, white, A), 1 the second.
    ///
    /// # Errors
    /// An `Error` if `pos` is out of range.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self, pos: u32) -> Result<u8, JsError> {
        Ok(self.analysis.side_to_move(pos)?.index())
    }

    /// The cells of the pieces of `pos`, in the game's piece order (river: red, red,
    /// black; chase: white, black; tableau: every stone, row by row).
    ///
    /// # Errors
    /// An `Error` if `pos` is out of range.
    pub fn pieces(&self, pos: u32) -> Result<Vec<u16>, JsError> {
        Ok(self.analysis.pieces(pos)?)
    }

    /// The position with the pieces on `cells` (as [`Lab::pieces`] orders them) and
    /// `to_move` (0 or 1) to move, or `undefined` if there is none.
    pub fn position(&self, cells: &[u16], to_move: u8) -> Option<u32> {
        let to_move = Player::from_index(to_move)?;
        self.analysis.board().position(cells, to_move)
    }

    /// For every cell, the position where piece number `piece` of `pos` stands there and
    /// the rest stays as in `pos`, or [`NoPosition`] (obstacles, the other pieces' cells).
    ///
    /// # Errors
    /// An `Error` if `pos` is out of range, there is no such piece, or the game has no
    /// pieces that move (tableau).
    pub fn slice(&self, pos: u32, piece: usize) -> Result<Vec<u32>, JsError> {
        let slice = self.analysis.slice(pos, piece)?;
        Ok(slice
            .into_iter()
            .map(|p| p.unwrap_or(NoPosition::Sentinel as u32))
            .collect())
    }

    /// Every legal move of `pos`, best first: `[{from, to, child, gain?, outcome}]`
    /// ([`Analysis::moves`]; `outcome` is `null` while the child is undecided).
    pub fn moves(&self, pos: u32) -> JsValue {
        moves_js(self.analysis.moves(pos))
    }

    /// The line of optimal play from `pos`, as [`Lab::moves`] entries.
    #[wasm_bindgen(js_name = optimalLine)]
    pub fn optimal_line(&self, pos: u32) -> JsValue {
        moves_js(self.analysis.optimal_line(pos))
    }

    /// The contest's answer line for `pos` as a start (`Red 75`, `BLACK 2`, `2`, …), or
    /// `undefined` while it is undecided.
    pub fn answer(&self, pos: u32) -> Option<String> {
        self.analysis.answer(pos)
    }

    /// A decided position of a histogram bucket, the first at or after `from`, or
    /// `undefined` ([`Analysis::example`]; `value` is a [`RecordState`], ignored by scored
    /// games).
    pub fn example(&self, bucket: u32, value: u8, from: u32) -> Option<u32> {
        let value = record::value_of_state(value.into());
        self.analysis.example(bucket, value, from as usize)
    }
}

/// Memory faulted in ahead of an analysis, a slice at a time.
///
/// A fresh page of wasm memory is slow to touch the first time (the browser commits it),
/// and preparing a large analysis zeroes tens of megabytes at once: one long task. The
/// page fills a `Reserve` of [`Lab::bytes`] over several frames with
/// [`Reserve::fill_for`], then frees it just before `new Lab(…)`, which reuses the same,
/// now committed, memory. While a board is on show, the page also fills one in idle time
/// (records and queue), so that a solve does not pay for first touches at all.
#[wasm_bindgen]
pub struct Reserve {
    block: Vec<u8>,
    clock: Clock,
}

#[wasm_bindgen]
impl Reserve {
    /// Reserves `bytes` of memory (growing wasm memory if needed) without touching it.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: f64) -> Reserve {
        Reserve {
            block: Vec::with_capacity(bytes as usize),
            clock: Clock::new(),
        }
    }

    /// Touches the reserved memory for about `ms` milliseconds; true once all of it is.
    #[wasm_bindgen(js_name = fillFor)]
    pub fn fill_for(&mut self, ms: f64) -> bool {
        /// Bytes touched between two looks at the clock.
        const PIECE: usize = 1 << 18;
        let deadline = self.clock.now() + ms;
        while self.block.len() < self.block.capacity() {
            let piece = PIECE.min(self.block.capacity() - self.block.len());
            self.block.resize(self.block.len() + piece, 0);
            if self.clock.now() >= deadline {
                break;
            }
        }
        self.block.len() == self.block.capacity()
    }
}
