//! The page's window on the engine — the only file that knows about JavaScript.
//!
//! A [`Lab`] owns one game and its analysis. The page creates it from a game name and the
//! game's board text (errors become JavaScript `Error`s carrying the parser's message), runs
//! the analysis in time slices ([`Lab::run_for`]) or in exact steps ([`Lab::step`]), and
//! reads the results:
//!
//! - zero-copy typed-array views into wasm memory, rebuilt on every call (like the rustwasm
//!   book's Game of Life): [`Lab::records`], one `u16` per position (layout in
//!   [`crate::record`]), and [`Lab::events`], `u32` triples *kind, position, detail* (see
//!   [`crate::EventKind`]). A view dies when wasm memory grows, which any step may do:
//!   ask for a fresh one after stepping, never keep one across calls.
//! - small copied answers: progress, layers, outcomes, moves, the optimal line, the pieces
//!   of a position, and a "slice" of positions for the heatmap.
//!
//! Cells are numbered row-major over the whole board (`row * cols + col`), obstacles
//! included, as in [`crate::Move`]. Positions are the game's dense indexes.
//!
//! Board text per game: `river` — the rows of `.#OX` joined by newlines.

use js_sys::{Float64Array, Uint16Array, Uint32Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::contest;
use crate::games::river::{River, RiverBoard, RiverPosition};
use crate::{Coord, Event, Game, MoveOutcome, Outcome, Phase, Player, Position, Solver, Value};

/// Units of work between two looks at the clock in [`Lab::run_for`] (about 0.1 ms).
const CHUNK: usize = 2048;

/// Marks a cell without a position in [`Lab::slice`].
const NO_POSITION: u32 = u32::MAX;

/// What the page needs of a game beyond its rules: its pieces as board cells, and the
/// contest's answer line.
trait Pieces: Game {
    /// Rows and columns of the board.
    fn size(&self) -> (u16, u16);

    /// The cells of the pieces of `pos`, in the game's piece order.
    fn pieces(&self, pos: Position) -> Vec<u16>;

    /// The position with the pieces on `cells` (same order) and `to_move` to move, if
    /// that is a position of the game.
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position>;

    /// The contest's answer line for the start position's outcome.
    fn answer(&self, start: Outcome) -> String;
}

impl Pieces for River {
    fn size(&self) -> (u16, u16) {
        (self.board().grid.rows(), self.board().grid.cols())
    }

    /// Red, red, black.
    fn pieces(&self, pos: Position) -> Vec<u16> {
        let p = self.decode(pos);
        let cell = |at: Coord| self.board().grid.cell(at);
        vec![cell(p.reds[0]), cell(p.reds[1]), cell(p.black)]
    }

    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position> {
        let grid = &self.board().grid;
        let coord = |cell: u16| (usize::from(cell) < grid.len()).then(|| grid.coord(cell));
        let &[a, b, black] = cells else {
            return None;
        };
        self.encode(&RiverPosition {
            reds: [coord(a)?, coord(b)?],
            black: coord(black)?,
            to_move,
        })
    }

    fn answer(&self, start: Outcome) -> String {
        contest::river::answer(start)
    }
}

/// One game under analysis, whatever the game: the object behind [`Lab`].
trait Analysis {
    fn step(&mut self, budget: usize) -> crate::Progress;
    fn progress(&self) -> crate::Progress;
    fn error(&self) -> Option<String>;
    fn set_recording(&mut self, on: bool);
    fn records(&self) -> &[u16];
    fn events(&self) -> &[Event];
    fn layers(&self) -> &[[u64; 2]];
    fn start(&self) -> Position;
    fn to_move(&self, pos: Position) -> Player;
    fn outcome(&self, pos: Position) -> Option<Outcome>;
    fn moves(&self, pos: Position) -> Vec<MoveOutcome>;
    fn optimal_line(&self, pos: Position) -> Vec<MoveOutcome>;
    fn pieces(&self, pos: Position) -> Vec<u16>;
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position>;
    fn size(&self) -> (u16, u16);
    fn answer(&self, start: Outcome) -> String;
}

impl<G: Pieces> Analysis for Solver<G> {
    fn step(&mut self, budget: usize) -> crate::Progress {
        Solver::step(self, budget)
    }
    fn progress(&self) -> crate::Progress {
        Solver::progress(self)
    }
    fn error(&self) -> Option<String> {
        Solver::error(self).map(|e| e.to_string())
    }
    fn set_recording(&mut self, on: bool) {
        Solver::set_recording(self, on);
    }
    fn records(&self) -> &[u16] {
        Solver::records(self)
    }
    fn events(&self) -> &[Event] {
        Solver::events(self)
    }
    fn layers(&self) -> &[[u64; 2]] {
        Solver::layers(self)
    }
    fn start(&self) -> Position {
        self.game().start()
    }
    fn to_move(&self, pos: Position) -> Player {
        self.game().to_move(pos)
    }
    fn outcome(&self, pos: Position) -> Option<Outcome> {
        Solver::outcome(self, pos)
    }
    fn moves(&self, pos: Position) -> Vec<MoveOutcome> {
        Solver::moves(self, pos)
    }
    fn optimal_line(&self, pos: Position) -> Vec<MoveOutcome> {
        Solver::optimal_line(self, pos)
    }
    fn pieces(&self, pos: Position) -> Vec<u16> {
        self.game().pieces(pos)
    }
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position> {
        self.game().position(cells, to_move)
    }
    fn size(&self) -> (u16, u16) {
        self.game().size()
    }
    fn answer(&self, start: Outcome) -> String {
        self.game().answer(start)
    }
}

/// Reads a game's board text; the message of the first problem on failure.
fn parse(game: &str, text: &str) -> Result<Box<dyn Analysis>, String> {
    match game {
        "river" => {
            let board: RiverBoard = text.parse().map_err(|e| format!("{e}"))?;
            Ok(Box::new(Solver::new(River::new(board))))
        }
        other => Err(format!("unknown game {other:?}")),
    }
}

/// Checks a game's board text without preparing its analysis.
fn check(game: &str, text: &str) -> Result<(), String> {
    match game {
        "river" => text
            .parse::<RiverBoard>()
            .map(drop)
            .map_err(|e| e.to_string()),
        other => Err(format!("unknown game {other:?}")),
    }
}

/// [`crate::Progress`] as the page sees it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProgressJs {
    /// `"scan"`, `"propagate"`, `"markTies"` or `"done"`.
    phase: &'static str,
    total: f64,
    decided: f64,
    queued: f64,
    wins: f64,
    losses: f64,
    ties: f64,
    remoteness: u16,
    done: bool,
}

impl From<crate::Progress> for ProgressJs {
    fn from(p: crate::Progress) -> Self {
        ProgressJs {
            phase: match p.phase {
                Phase::Scan => "scan",
                Phase::Propagate => "propagate",
                Phase::MarkTies => "markTies",
                Phase::Done => "done",
            },
            total: p.total as f64,
            decided: p.decided as f64,
            queued: p.queued as f64,
            wins: p.wins as f64,
            losses: p.losses as f64,
            ties: p.ties as f64,
            remoteness: p.remoteness,
            done: p.done,
        }
    }
}

/// An [`Outcome`] as the page sees it.
#[derive(Serialize)]
struct OutcomeJs {
    /// `"win"`, `"lose"` or `"tie"`, for the side to move (or, in a move list, the mover).
    value: &'static str,
    remoteness: u16,
}

impl From<Outcome> for OutcomeJs {
    fn from(o: Outcome) -> Self {
        OutcomeJs {
            value: match o.value {
                Value::Win => "win",
                Value::Lose => "lose",
                Value::Tie => "tie",
            },
            remoteness: o.remoteness,
        }
    }
}

/// A [`MoveOutcome`] as the page sees it.
#[derive(Serialize)]
struct MoveJs {
    from: u16,
    to: u16,
    child: u32,
    /// `null` while the child is undecided.
    outcome: Option<OutcomeJs>,
}

impl From<MoveOutcome> for MoveJs {
    fn from(m: MoveOutcome) -> Self {
        MoveJs {
            from: m.mv.from,
            to: m.mv.to,
            child: m.child,
            outcome: m.outcome.map(OutcomeJs::from),
        }
    }
}

fn to_js<T: Serialize>(value: &T) -> JsValue {
    serde_wasm_bindgen::to_value(value).expect("plain data serialises")
}

fn player(to_move: u8) -> Player {
    if to_move == 0 {
        Player::First
    } else {
        Player::Second
    }
}

/// The clock of the page (or worker), in milliseconds.
fn clock() -> Option<web_sys::Performance> {
    let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok()?;
    performance.dyn_into().ok()
}

/// One game and its retrograde analysis, for the page.
#[wasm_bindgen]
pub struct Lab {
    analysis: Box<dyn Analysis>,
    clock: Option<web_sys::Performance>,
}

#[wasm_bindgen]
impl Lab {
    /// Prepares the analysis of `game` (`"river"`) on `board` (the game's board text).
    /// Nothing is analysed yet; memory for the records is reserved.
    ///
    /// # Errors
    /// An `Error` whose message says what is wrong with the board (the parser's message).
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str, board: &str) -> Result<Lab, JsError> {
        let analysis = parse(game, board).map_err(|e| JsError::new(&e))?;
        Ok(Lab {
            analysis,
            clock: clock(),
        })
    }

    /// Why `board` is not a legal start for `game`, or `undefined` if it is. Cheap: no
    /// analysis is prepared.
    pub fn check(game: &str, board: &str) -> Option<String> {
        check(game, board).err()
    }

    /// Does at most `budget` units of work (one unit: one queue entry, or 16 positions
    /// scanned or marked) and returns the progress object
    /// `{phase, total, decided, queued, wins, losses, ties, remoteness, done}`.
    ///
    /// # Errors
    /// An `Error` if the analysis cannot go on (a line of play too long to record).
    pub fn step(&mut self, budget: u32) -> Result<JsValue, JsError> {
        let progress = self.analysis.step(budget as usize);
        self.check_error()?;
        Ok(to_js(&ProgressJs::from(progress)))
    }

    /// Works for about `ms` milliseconds (or until done) and returns the progress, as
    /// [`Lab::step`]. With recording on, [`Lab::events`] then holds only the last chunk's
    /// events: animations step with [`Lab::step`].
    ///
    /// # Errors
    /// As [`Lab::step`].
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, ms: f64) -> Result<JsValue, JsError> {
        let now = |clock: &Option<web_sys::Performance>| clock.as_ref().map_or(0.0, |c| c.now());
        let deadline = now(&self.clock) + ms;
        loop {
            let progress = self.analysis.step(CHUNK);
            self.check_error()?;
            if progress.done || self.clock.is_none() || now(&self.clock) >= deadline {
                return Ok(to_js(&ProgressJs::from(progress)));
            }
        }
    }

    /// The current progress object, as [`Lab::step`] returns it.
    pub fn progress(&self) -> JsValue {
        to_js(&ProgressJs::from(self.analysis.progress()))
    }

    /// Number of positions of the game.
    #[wasm_bindgen(js_name = numPositions)]
    pub fn num_positions(&self) -> u32 {
        self.analysis.records().len() as u32
    }

    /// The start position (the board as drawn, first player to move).
    pub fn start(&self) -> u32 {
        self.analysis.start()
    }

    /// Zero-copy view of the records, one `u16` per position: bits 15-14 the state
    /// (0 undecided, 1 win, 2 lose, 3 tie for the side to move), bits 13-0 the remoteness
    /// (while undecided: the moves not yet refuted). Valid until the next step.
    pub fn records(&self) -> Uint16Array {
        // SAFETY: the view is into this Lab's records; the page drops it before any call
        // that may move them or grow memory (documented above).
        unsafe { Uint16Array::view(self.analysis.records()) }
    }

    /// Turns the event log on or off (off by default; solving is faster without it).
    #[wasm_bindgen(js_name = setRecording)]
    pub fn set_recording(&mut self, on: bool) {
        self.analysis.set_recording(on);
    }

    /// Zero-copy view of the last step's events: `u32` triples *kind* (0 popped, 1 won,
    /// 2 lost, 3 counter decremented), *position*, *detail* (remoteness, or the new
    /// counter). Empty unless recording. Valid until the next step.
    pub fn events(&self) -> Uint32Array {
        let events = self.analysis.events();
        // SAFETY: `Event` is `repr(C)` of three 4-byte fields (`EventKind` is `repr(u32)`),
        // so the slice is `3 * len` initialised, aligned `u32`s; the view's lifetime is as
        // for `records`.
        unsafe {
            let words = std::slice::from_raw_parts(events.as_ptr().cast::<u32>(), events.len() * 3);
            Uint32Array::view(words)
        }
    }

    /// Decided positions per remoteness, flattened: `[wins₀, losses₀, wins₁, losses₁, …]`
    /// (a copy; short).
    pub fn layers(&self) -> Float64Array {
        let flat: Vec<f64> = self
            .analysis
            .layers()
            .iter()
            .flat_map(|&[w, l]| [w as f64, l as f64])
            .collect();
        Float64Array::from(flat.as_slice())
    }

    /// The outcome of `pos` for the side to move, `{value: "win"|"lose"|"tie", remoteness}`,
    /// or `null` while undecided (or out of range).
    pub fn outcome(&self, pos: u32) -> JsValue {
        to_js(&self.analysis.outcome(pos).map(OutcomeJs::from))
    }

    /// Who moves in `pos`: 0 the first player (red, white), 1 the second.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self, pos: u32) -> u8 {
        u8::from(self.analysis.to_move(pos) == Player::Second)
    }

    /// The cells of the pieces of `pos`, in the game's piece order (river: red, red, black).
    ///
    /// # Errors
    /// An `Error` if `pos` is out of range.
    pub fn pieces(&self, pos: u32) -> Result<Vec<u16>, JsError> {
        self.check_position(pos)?;
        Ok(self.analysis.pieces(pos))
    }

    /// The position with the pieces on `cells` (the game's piece order) and `to_move`
    /// (0 or 1) to move, or `undefined` if there is none (obstacle, pieces on one cell, …).
    pub fn position(&self, cells: &[u16], to_move: u8) -> Option<u32> {
        self.analysis.position(cells, player(to_move))
    }

    /// For every cell of the board, the position where piece number `piece` of `pos`
    /// stands on that cell and the other pieces and the side to move stay as in `pos`;
    /// `0xFFFFFFFF` where there is none (obstacles, cells of the other pieces). The
    /// heatmap reads the records of these positions.
    ///
    /// # Errors
    /// An `Error` if `pos` is out of range or the piece number too large.
    pub fn slice(&self, pos: u32, piece: usize) -> Result<Vec<u32>, JsError> {
        self.check_position(pos)?;
        let mut cells = self.analysis.pieces(pos);
        if piece >= cells.len() {
            return Err(JsError::new(&format!(
                "piece {piece} does not exist ({} pieces)",
                cells.len()
            )));
        }
        let others: Vec<u16> = (0..cells.len())
            .filter(|&i| i != piece)
            .map(|i| cells[i])
            .collect();
        let to_move = self.analysis.to_move(pos);
        let (rows, cols) = self.analysis.size();
        Ok((0..rows * cols)
            .map(|cell| {
                if others.contains(&cell) {
                    return NO_POSITION;
                }
                cells[piece] = cell;
                self.analysis
                    .position(&cells, to_move)
                    .unwrap_or(NO_POSITION)
            })
            .collect())
    }

    /// Every legal move of `pos`, best first for the side to move:
    /// `[{from, to, child, outcome: {value, remoteness} | null}]`, the outcome seen by
    /// the mover and counting the move. Empty when the game is over in `pos`.
    pub fn moves(&self, pos: u32) -> JsValue {
        let moves: Vec<MoveJs> = self
            .analysis
            .moves(pos)
            .into_iter()
            .map(MoveJs::from)
            .collect();
        to_js(&moves)
    }

    /// The line of optimal play from `pos` to the end of the game, as [`Lab::moves`]
    /// entries (in a tie, until a position would repeat).
    #[wasm_bindgen(js_name = optimalLine)]
    pub fn optimal_line(&self, pos: u32) -> JsValue {
        let line: Vec<MoveJs> = self
            .analysis
            .optimal_line(pos)
            .into_iter()
            .map(MoveJs::from)
            .collect();
        to_js(&line)
    }

    /// The contest's answer line for `pos` as a start (river: `Red 75`, `Black 2`,
    /// `Tie`), or `undefined` while it is undecided.
    pub fn answer(&self, pos: u32) -> Option<String> {
        let outcome = self.analysis.outcome(pos)?;
        Some(self.analysis.answer(outcome))
    }
}

impl Lab {
    fn check_error(&self) -> Result<(), JsError> {
        match self.analysis.error() {
            Some(e) => Err(JsError::new(&e)),
            None => Ok(()),
        }
    }

    fn check_position(&self, pos: u32) -> Result<(), JsError> {
        if (pos as usize) < self.analysis.records().len() {
            Ok(())
        } else {
            Err(JsError::new(&format!("no position {pos}")))
        }
    }
}
