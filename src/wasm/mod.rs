//! The page's window on the engine — the only Rust that knows about JavaScript. It converts
//! between JavaScript and [`crate::analysis`], where the work is done.
//!
//! A [`Lab`] owns one game and its analysis. The page reads a board of a game ([`game_names`])
//! once, as a [`Start`] (errors become JavaScript `Error`s carrying the message, in English
//! and as its code and arguments: [`thrown`]), creates
//! the `Lab` from it, runs the analysis in time slices ([`Lab::run_for`]) or exact steps
//! ([`Lab::step`]), and reads the results:
//!
//! - zero-copy typed-array views into wasm memory, rebuilt on every call (like the rustwasm
//!   book's Game of Life): [`Lab::records`] and [`Lab::events`]. A view dies when wasm
//!   memory grows, which any step may do: ask for a fresh one after stepping, never keep
//!   one across calls.
//! - small copied answers ([`views`]): progress, layers, outcomes, moves, the optimal line,
//!   the pieces of a position, and a "slice" of positions for the heatmap.
//!
//! What the numbers mean is exported too ([`meaning`]): record states and layout, event
//! kinds, phases, the slice's sentinel. Cells are numbered row-major over the whole board.
//!
//! What a game says of itself, its boards as the page holds them and their contest text
//! both ways ([`boards`]): `gameFacts`, `Start`, `contestText`, `textBoards`.
//!
//! Composed games ([`custom`]): the game `custom` is named with its rules file (each of the
//! above, and `Batch`, takes it as an extra argument); the composer reads, writes and lists
//! rules files.
//!
//! The explanations of a finished analysis ([`explain`]): `Proof`, `ProofWalk` and
//! `TableCheck` objects made from a `Lab`, and `Lab.tieLine`, `Lab.replies`.

mod boards;
mod custom;
mod explain;
mod meaning;
mod thrown;
mod views;

use js_sys::{Int32Array, Object, Uint16Array, Uint32Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use thrown::Thrown;

use crate::analysis::{Analysis, Events, Records, Tracer};
use crate::drill::{self, Task};
use crate::{batch, record, GameKind, Player, Workspace};
use boards::Start;
use meaning::{NoPosition, Order};
use views::triples;

/// The names of the games, in the order the page lists them (`new Start` takes them).
#[wasm_bindgen(js_name = gameNames)]
pub fn game_names() -> Vec<String> {
    GameKind::ALL.iter().map(|g| g.name().to_owned()).collect()
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

    /// Whether `ms` milliseconds from now have passed, asked as often as needed (always
    /// true without a clock: work then goes a chunk at a time).
    fn time_up_in(&self, ms: f64) -> impl FnMut() -> bool + '_ {
        let deadline = self.now() + ms;
        move || self.0.is_none() || self.now() >= deadline
    }
}

/// One game and its analysis, for the page.
#[wasm_bindgen]
pub struct Lab {
    analysis: Box<dyn Analysis>,
    clock: Clock,
    /// Re-runs a second copy of the analysis to find where values came from; built on
    /// the first `trace` (it takes as much memory as the analysis).
    tracer: Option<Tracer>,
}

#[wasm_bindgen]
impl Lab {
    /// Prepares the analysis of `start`'s game (a [`Start`], used up) in `order` (an
    /// [`Order`]; `Order.Global` when left out; scored games have one): memory for the
    /// records is reserved, nothing is analysed yet. A `reserve` (a [`Reserve`] of
    /// `start.bytes()`, filled) becomes the records' memory, and is used up too.
    /// Throws an `Error` naming the memory the browser would not give (`needs N MB,
    /// could not reserve it`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        start: Start,
        order: Option<Order>,
        reserve: Option<Reserve>,
    ) -> Result<Lab, Thrown> {
        let order = order.map_or(crate::Order::Global, Into::into);
        let workspace = reserve.map(|r| r.workspace).unwrap_or_default();
        let analysis = start.start.built()?.analysis_in(order, workspace)?;
        Ok(Lab {
            analysis,
            clock: Clock::new(),
            tracer: None,
        })
    }

    /// Does at most `budget` units of work (one queue entry or scored position, or 16
    /// positions scanned or marked) and returns the progress ([`views::progress`]). Throws
    /// if the analysis cannot go on (a line of play too long to record).
    pub fn step(&mut self, budget: u32) -> Result<JsValue, Thrown> {
        Ok(views::progress(&self.analysis.step(budget as usize)?))
    }

    /// Works on the current phase for about `ms` milliseconds, reading the clock between
    /// chunks of work: at most `budget` units as `step` counts them (`Infinity`: no limit),
    /// never past the end of the phase, at least one chunk. Returns and throws as `step`.
    /// With recording on, `events()` then holds only the last chunk's: animations step.
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, ms: f64, budget: f64) -> Result<JsValue, Thrown> {
        // Saturating: `Infinity` is no limit, NaN or a negative budget none.
        let progress = self
            .analysis
            .run_for(budget as usize, self.clock.time_up_in(ms))?;
        Ok(views::progress(&progress))
    }

    /// Works towards timeline step `step` (`progress.step`: 1 the scan, then one per queue
    /// entry and one for the ties, or one per tableau layer) for about `ms` milliseconds,
    /// through the phases but never past it; the last queue entry or position scored is
    /// recorded (`events()`). An analysis past `step` stays where it is (`reset` it first).
    /// Returns and throws as `step`.
    #[wasm_bindgen(js_name = runTo)]
    pub fn run_to(&mut self, ms: f64, step: f64) -> Result<JsValue, Thrown> {
        let clock = &self.clock;
        let deadline = clock.now() + ms;
        let progress = self
            .analysis
            .run_to(step as u64, || clock.0.is_none() || clock.now() >= deadline)?;
        Ok(views::progress(&progress))
    }

    /// Works towards the end of unit `units` (`progress.units`: a queue entry taken or a
    /// position scored) for about `ms` milliseconds, through the phases but never past it;
    /// that unit is recorded (`events()`). An analysis past it stays where it is (`reset`
    /// it first). Returns and throws as `step`.
    #[wasm_bindgen(js_name = runToUnit)]
    pub fn run_to_unit(&mut self, ms: f64, units: f64) -> Result<JsValue, Thrown> {
        let time_up = self.clock.time_up_in(ms);
        let progress = self.analysis.run_to_unit(units as u64, time_up)?;
        Ok(views::progress(&progress))
    }

    /// Goes back to before the scan, keeping the memory: running again repeats the
    /// analysis exactly (the timeline rewinds this way).
    pub fn reset(&mut self) {
        self.analysis.reset();
    }

    /// Works for about `ms` milliseconds on where the value of `pos` came from (the step
    /// that decided it and why, [`crate::provenance`]) by re-running a copy of the analysis
    /// ([`views::traced`]): call again while it answers `{found: false}`. `undefined` while
    /// `pos` is undecided or out of range.
    pub fn trace(&mut self, pos: u32, ms: f64) -> Result<JsValue, Thrown> {
        let clock = &self.clock;
        let deadline = clock.now() + ms;
        let tracer = match &mut self.tracer {
            Some(tracer) => tracer,
            none => none.insert(Tracer::new(self.analysis.fresh()?)),
        };
        let traced = tracer.trace(&*self.analysis, pos, || {
            clock.0.is_none() || clock.now() >= deadline
        })?;
        // A child in another tier was solved with the tier before: its value arrived.
        let arrived = |child| self.analysis.tier_of(child) != self.analysis.tier_of(pos);
        Ok(views::traced(traced, arrived))
    }

    /// The current progress, as `step` returns it.
    pub fn progress(&self) -> JsValue {
        views::progress(&self.analysis.progress())
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
    /// `Uint16Array` for win/lose games (`RecordLayout`), an `Int32Array` of scores for
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

    /// A checksum of all the records ([`Records::checksum`]): equal tables, equal sums.
    /// Taken a part at a time: `hash` is the sum of the records before `from` (`undefined`
    /// to start), and the sum of the records up to `to` is returned.
    pub fn checksum(&self, hash: Option<u32>, from: u32, to: u32) -> u32 {
        let start = hash.unwrap_or(Records::CHECKSUM_START);
        (self.analysis.records()).checksum_on(start, from as usize..to as usize)
    }

    /// Turns the event log on or off (off by default; solving is faster without it).
    #[wasm_bindgen(js_name = setRecording)]
    pub fn set_recording(&mut self, on: bool) {
        self.analysis.set_recording(on);
    }

    /// Zero-copy view of the last step's events as triples, valid until the next step;
    /// empty unless recording. Win/lose games: a `Uint32Array` of `EventKind`, position,
    /// detail (remoteness, the new counter, or a parent's record before). Scored games: an
    /// `Int32Array` of `ScoredEventKind`, position (the position taken, a move's child, or
    /// the position scored), score (its number of moves, a move's score, its score).
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

    /// Number of legal moves of `pos` (0 when the game is over there, or `pos` is out of
    /// range): a parent's counter starts at it.
    #[wasm_bindgen(js_name = moveCount)]
    pub fn move_count(&self, pos: u32) -> u32 {
        self.analysis.moves(pos).len() as u32
    }

    /// What waits to be taken, in the order the analysis will take it: an array of parts
    /// `{what, level, len, first, last}` ([`views::waiting`]) with the first `head` entries
    /// over all parts and the last `tail` of each queued part, each named as the event
    /// that takes it will name it.
    pub fn waiting(&self, head: u32, tail: u32) -> JsValue {
        views::waiting(&self.analysis.waiting(head as usize, tail as usize))
    }

    /// A copy of the layer counts ([`Analysis::layers`]).
    pub fn layers(&self) -> Vec<f64> {
        let layers = self.analysis.layers();
        layers.into_iter().map(|n| n as f64).collect()
    }

    /// The outcome of `pos` ([`views::outcome`]), `undefined` while undecided or out of
    /// range.
    pub fn outcome(&self, pos: u32) -> JsValue {
        views::outcome(self.analysis.outcome(pos))
    }

    /// Who moves in `pos`: 0 the first player (red, white, A), 1 the second. Throws if
    /// `pos` is out of range.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self, pos: u32) -> Result<u8, Thrown> {
        Ok(self.analysis.side_to_move(pos)?.index())
    }

    /// The cells of the pieces of `pos`, in the game's piece order (river: red, red,
    /// black; chase: white, black; tableau: every stone, row by row). Throws if `pos` is
    /// out of range.
    pub fn pieces(&self, pos: u32) -> Result<Vec<u16>, Thrown> {
        Ok(self.analysis.pieces(pos)?)
    }

    /// The position with the pieces on `cells` (as `pieces` orders them) and `to_move` (0
    /// or 1) to move, or `undefined` if there is none.
    pub fn position(&self, cells: &[u16], to_move: u8) -> Option<u32> {
        let to_move = Player::from_index(to_move)?;
        self.analysis.board().position(cells, to_move)
    }

    /// For every cell, the position where piece number `piece` of `pos` stands there and
    /// the rest stays as in `pos`, or `NoPosition.Sentinel` (obstacles, the other pieces'
    /// cells). Throws if `pos` is out of range, there is no such piece, or the game has no
    /// pieces that move (tableau).
    pub fn slice(&self, pos: u32, piece: usize) -> Result<Vec<u32>, Thrown> {
        let slice = self.analysis.slice(pos, piece)?;
        let none = NoPosition::Sentinel as u32;
        Ok(slice.into_iter().map(|p| p.unwrap_or(none)).collect())
    }

    /// Every legal move of `pos`, best first ([`Analysis::moves`], [`views::moves`]).
    pub fn moves(&self, pos: u32) -> JsValue {
        views::moves(self.analysis.moves(pos))
    }

    /// The line of optimal play from `pos`, as `moves` entries.
    #[wasm_bindgen(js_name = optimalLine)]
    pub fn optimal_line(&self, pos: u32) -> JsValue {
        views::moves(self.analysis.optimal_line(pos))
    }

    /// The contest's answer line for `pos` as a start (`Red 75`, `BLACK 2`, `2`, …), or
    /// `undefined` while it is undecided.
    pub fn answer(&self, pos: u32) -> Option<String> {
        self.analysis.answer(pos)
    }

    /// Looks at up to `budget` positions from `from` on for a drill position
    /// ([`drill::search`]): `task` is `only-win`, `longest-defence` or `only-best`, and
    /// best play from it takes `min`..=`max` moves. Returns `{next, position?, answers?,
    /// moves?, remoteness?}`. Throws for an unknown task.
    pub fn drill(
        &self,
        task: &str,
        min: u32,
        max: u32,
        from: u32,
        budget: u32,
    ) -> Result<JsValue, JsError> {
        let task: Task = task.parse().map_err(|e: String| JsError::new(&e))?;
        let found = drill::search(
            &*self.analysis,
            task,
            min..=max,
            from as usize,
            budget as usize,
        );
        Ok(views::drill(&found))
    }

    /// A decided position of a histogram bucket, the first at or after `from`, or
    /// `undefined` ([`Analysis::example`]; `value` is a `RecordState`, which scored games
    /// ignore).
    pub fn example(&self, bucket: u32, value: u8, from: u32) -> Option<u32> {
        let value = record::value_of_state(value.into());
        self.analysis.example(bucket, value, from as usize)
    }
}

/// A whole contest input solved one problem after another ([`batch::Batch`]), for the
/// page's batch view.
#[wasm_bindgen]
pub struct Batch {
    batch: batch::Batch,
    clock: Clock,
}

#[wasm_bindgen]
impl Batch {
    /// Takes `input` (the bytes of a contest input, as the CLI reads stdin) for `game`
    /// (`custom`: of the rules file `rules`), to read and solve with `runFor`. Throws for an
    /// unknown game or rules that cannot be read; faults of the input are rows.
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str, input: &[u8], rules: Option<String>) -> Result<Batch, Thrown> {
        let batch = custom::batch(game, input, rules.as_deref())?;
        Ok(Batch {
            batch,
            clock: Clock::new(),
        })
    }

    /// The rows kept (the first [`batch::MAX_ROWS`] problems read) from row `from` on, in
    /// input order, at most `count` of them ([`views::rows`]): the page takes them a few at
    /// a time, so that no task converts thousands.
    #[wasm_bindgen(js_name = rowsFrom)]
    pub fn rows_from(&self, from: u32, count: u32) -> JsValue {
        let rows = self.batch.rows();
        let from = (from as usize).min(rows.len());
        views::rows(rows, from..rows.len().min(from + count as usize))
    }

    /// The rows that got their results since `from` rows had theirs, in that order, at
    /// most `count` of them.
    #[wasm_bindgen(js_name = finishedSince)]
    pub fn finished_since(&self, from: u32, count: u32) -> JsValue {
        let since = self.batch.finished_since(from as usize);
        let indexes = since.iter().take(count as usize).copied();
        views::rows(self.batch.rows(), indexes)
    }

    /// The input lines of row `index`: its board as the input wrote it.
    pub fn text(&self, index: u32) -> String {
        self.batch.text(index as usize).to_owned()
    }

    /// Reads and solves on for about `ms` milliseconds; returns its progress
    /// ([`views::batch_progress`]).
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, ms: f64) -> JsValue {
        let clock = &self.clock;
        let progress = self.batch.run_for(&mut || clock.now(), ms);
        views::batch_progress(&progress)
    }

    /// What `retrolab <game>` prints for the input, once every row is answered and none
    /// is a fault; `undefined` otherwise.
    pub fn output(&self) -> Option<String> {
        self.batch.output()
    }
}

/// The memory of an analysis, prepared ahead a slice at a time: records that are already
/// cleared ([`Workspace::prepare`]).
///
/// A fresh page of wasm memory is slow to touch the first time (the browser commits it),
/// and preparing a large analysis clears hundreds of megabytes (24×24 river: 380 MB): one
/// long task. The page fills a `Reserve` of [`Lab::bytes`] over several frames with
/// [`Reserve::fill_for`] and hands it to `new Lab(…)`, whose records then take that
/// memory as it is: nothing is cleared twice, and nothing is allocated twice (the allocator
/// reuses a freed block only for a request that fits in what is left of it, and the game's
/// own tables, built in between, take their share first). A win/lose analysis keeps its
/// records in it; a scored one (tableau) frees it first. While a board is on show, the page
/// fills one in idle time (engine.js).
#[wasm_bindgen]
pub struct Reserve {
    workspace: Workspace,
    clock: Clock,
}

#[wasm_bindgen]
impl Reserve {
    /// Reserves `bytes` of memory (growing wasm memory if needed) without touching it.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: f64) -> Reserve {
        let mut workspace = Workspace::default();
        // Memory the browser will not give leaves nothing prepared: the analysis then asks
        // for its memory itself, and says so when it cannot have it.
        let _ = workspace.reserve_records(bytes as usize / 2);
        Reserve {
            workspace,
            clock: Clock::new(),
        }
    }

    /// Clears the reserved memory for about `ms` milliseconds; true once all of it is.
    #[wasm_bindgen(js_name = fillFor)]
    pub fn fill_for(&mut self, ms: f64) -> bool {
        /// Records cleared between two looks at the clock (256 KB).
        const PIECE: usize = 1 << 17;
        let deadline = self.clock.now() + ms;
        loop {
            let done = self.workspace.prepare(PIECE);
            if done || self.clock.now() >= deadline {
                return done;
            }
        }
    }
}
