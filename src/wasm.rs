//! The page's window on the engine — the only file that knows about JavaScript.
//!
//! A [`Lab`] owns one game and its analysis. The page creates it from a game name and the
//! game's board text (errors become JavaScript `Error`s carrying the parser's message), runs
//! the analysis in time slices ([`Lab::run_for`]) or in exact steps ([`Lab::step`]), and
//! reads the results:
//!
//! - zero-copy typed-array views into wasm memory, rebuilt on every call (like the rustwasm
//!   book's Game of Life): [`Lab::records`] and [`Lab::events`]. A view dies when wasm
//!   memory grows, which any step may do: ask for a fresh one after stepping, never keep
//!   one across calls.
//! - small copied answers: progress, layers, outcomes, moves, the optimal line, the pieces
//!   of a position, and a "slice" of positions for the heatmap.
//!
//! Two kinds of game:
//! - **win/lose** (`river`, `chase`; [`crate::Solver`]): records are `u16`s (layout in
//!   [`crate::record`]: state in bits 15-14, remoteness in 13-0); events are `u32` triples
//!   *kind, position, detail* ([`crate::EventKind`]); an outcome is
//!   `{value: "win"|"lose"|"tie", remoteness}` for the side to move.
//! - **scored** (`tableau`; [`crate::LayeredSolver`]): records are `i32` scores (the first
//!   player's total minus the second's from that position on; `-2³¹` while unscored);
//!   events are `i32` triples *kind, position, score* ([`crate::layered::EventKind`]); an
//!   outcome is `{score}`.
//!
//! Cells are numbered row-major over the whole board (`row * cols + col`), obstacles
//! included, as in [`crate::Move`]. Positions are the game's dense indexes.
//!
//! Board text per game: `river` — the rows of `.#OX` joined by newlines; `chase` — the
//! rows of `.WB` (a square board); `tableau` — the contest input (`n m`, then table A's
//! rows, then table B's rows).

use js_sys::{Float64Array, Int32Array, Object, Uint16Array, Uint32Array};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::contest;
use crate::games::chase::{Chase, ChaseBoard, ChasePosition};
use crate::games::river::{River, RiverBoard, RiverPosition};
use crate::games::tableau::Tableau;
use crate::layered::{self, LayeredSolver, ScoredMove};
use crate::record::{self, MAX_REMOTENESS};
use crate::{Coord, Game, Grid, MoveOutcome, Outcome, Phase, Player, Position, Solver, Value};

/// Units of work between two looks at the clock in [`Lab::run_for`] (about 0.1 ms).
const CHUNK: usize = 2048;

/// Marks a cell without a position in [`Lab::slice`].
const NO_POSITION: u32 = u32::MAX;

/// What the page needs of a win/lose game beyond its rules: its pieces as board cells,
/// and the contest's answer line.
trait Pieces: Game {
    /// Rows and columns of the board.
    fn size(&self) -> (u16, u16);

    /// The cells of the pieces of `pos`, in the game's piece order.
    fn pieces(&self, pos: Position) -> Vec<u16>;

    /// The position with the pieces on `cells` (same order) and `to_move` to move, if
    /// that is a position of the game.
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position>;

    /// The contest's answer line for a start position's outcome.
    fn answer(&self, start: Outcome) -> String;
}

/// The coordinate of a cell number, if it is on `grid`.
fn coord_on(grid: &Grid, cell: u16) -> Option<Coord> {
    (usize::from(cell) < grid.len()).then(|| grid.coord(cell))
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
        let &[a, b, black] = cells else {
            return None;
        };
        self.encode(&RiverPosition {
            reds: [coord_on(grid, a)?, coord_on(grid, b)?],
            black: coord_on(grid, black)?,
            to_move,
        })
    }

    fn answer(&self, start: Outcome) -> String {
        contest::river::answer(start)
    }
}

impl Pieces for Chase {
    fn size(&self) -> (u16, u16) {
        (self.board().n(), self.board().n())
    }

    /// White, black.
    fn pieces(&self, pos: Position) -> Vec<u16> {
        let p = self.decode(pos);
        let n = self.board().n();
        vec![p.white.row * n + p.white.col, p.black.row * n + p.black.col]
    }

    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position> {
        let n = self.board().n();
        let grid = Grid::open(n, n);
        let &[white, black] = cells else {
            return None;
        };
        self.encode(&ChasePosition {
            white: coord_on(&grid, white)?,
            black: coord_on(&grid, black)?,
            to_move,
        })
    }

    fn answer(&self, start: Outcome) -> String {
        contest::chase::answer(start)
    }
}

/// [`crate::Progress`] or [`layered::Progress`] as the page sees it.
#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct ProgressJs {
    /// `"scan"`, `"propagate"`, `"markTies"` or `"done"`.
    phase: &'static str,
    total: f64,
    decided: f64,
    done: bool,
    /// Win/lose games: decided positions waiting in the queue.
    #[serde(skip_serializing_if = "Option::is_none")]
    queued: Option<f64>,
    /// Win/lose games: wins, losses and ties for the side to move so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    wins: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    losses: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ties: Option<f64>,
    /// Win/lose games: remoteness of the frontier.
    #[serde(skip_serializing_if = "Option::is_none")]
    remoteness: Option<u16>,
    /// Scored games: the layer being scored, and the number of layers.
    #[serde(skip_serializing_if = "Option::is_none")]
    layer: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    layers: Option<u32>,
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
            done: p.done,
            queued: Some(p.queued as f64),
            wins: Some(p.wins as f64),
            losses: Some(p.losses as f64),
            ties: Some(p.ties as f64),
            remoteness: Some(p.remoteness),
            ..ProgressJs::default()
        }
    }
}

impl From<layered::Progress> for ProgressJs {
    fn from(p: layered::Progress) -> Self {
        ProgressJs {
            phase: match p.phase {
                layered::Phase::Scan => "scan",
                layered::Phase::Propagate => "propagate",
                layered::Phase::Done => "done",
            },
            total: p.total as f64,
            decided: p.decided as f64,
            done: p.done,
            layer: Some(p.layer),
            layers: Some(p.layers),
            ..ProgressJs::default()
        }
    }
}

/// An [`Outcome`] or a score as the page sees it.
#[derive(Serialize)]
#[serde(untagged)]
enum OutcomeJs {
    /// Win/lose games: value for the side to move (or, in a move list, the mover).
    Valued {
        value: &'static str,
        remoteness: u16,
    },
    /// Scored games: the first player's total minus the second's.
    Scored { score: i32 },
}

impl From<Outcome> for OutcomeJs {
    fn from(o: Outcome) -> Self {
        OutcomeJs::Valued {
            value: match o.value {
                Value::Win => "win",
                Value::Lose => "lose",
                Value::Tie => "tie",
            },
            remoteness: o.remoteness,
        }
    }
}

/// A move as the page sees it.
#[derive(Serialize)]
struct MoveJs {
    from: u16,
    to: u16,
    child: u32,
    /// Scored games: what the move itself scores, for the first player.
    #[serde(skip_serializing_if = "Option::is_none")]
    gain: Option<i32>,
    /// `null` while the child is undecided.
    outcome: Option<OutcomeJs>,
}

impl From<MoveOutcome> for MoveJs {
    fn from(m: MoveOutcome) -> Self {
        MoveJs {
            from: m.mv.from,
            to: m.mv.to,
            child: m.child,
            gain: None,
            outcome: m.outcome.map(OutcomeJs::from),
        }
    }
}

impl From<ScoredMove> for MoveJs {
    fn from(m: ScoredMove) -> Self {
        MoveJs {
            from: m.mv.from,
            to: m.mv.to,
            child: m.child,
            gain: Some(m.gain),
            outcome: m.score.map(|score| OutcomeJs::Scored { score }),
        }
    }
}

/// One game under analysis, whatever its kind: the object behind [`Lab`].
trait Analysis {
    fn step(&mut self, budget: usize) -> ProgressJs;
    fn progress(&self) -> ProgressJs;
    fn error(&self) -> Option<String>;
    fn set_recording(&mut self, on: bool);
    fn num_positions(&self) -> usize;
    /// Zero-copy view of the records (see the module docs for their type).
    fn records_view(&self) -> Object;
    /// Zero-copy view of the events as 32-bit triples.
    fn events_view(&self) -> Object;
    fn layers(&self) -> Vec<f64>;
    fn start(&self) -> Position;
    fn to_move(&self, pos: Position) -> Player;
    fn outcome(&self, pos: Position) -> Option<OutcomeJs>;
    fn moves(&self, pos: Position) -> Vec<MoveJs>;
    fn optimal_line(&self, pos: Position) -> Vec<MoveJs>;
    fn size(&self) -> (u16, u16);
    fn pieces(&self, pos: Position) -> Vec<u16>;
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position>;
    /// Whether a single piece can be moved around for [`Lab::slice`].
    fn has_movable_pieces(&self) -> bool;
    fn answer(&self, pos: Position) -> Option<String>;
    /// The first position from `from` on in histogram bucket `bucket` (see [`Lab::example`]).
    fn example(&self, bucket: u32, value: u8, from: usize) -> Option<Position>;
}

/// Hands `events` to `view` as 32-bit words, three per event.
///
/// # Safety
/// `E` must be `repr(C)` of exactly three initialised 4-byte fields, and the view must be
/// dropped before the slice moves (see the module docs).
unsafe fn triples<E>(events: &[E], view: impl FnOnce(&[u32]) -> Object) -> Object {
    const { assert!(std::mem::size_of::<E>() == 12) };
    let words = std::slice::from_raw_parts(events.as_ptr().cast::<u32>(), events.len() * 3);
    view(words)
}

impl<G: Pieces> Analysis for Solver<G> {
    fn step(&mut self, budget: usize) -> ProgressJs {
        Solver::step(self, budget).into()
    }
    fn progress(&self) -> ProgressJs {
        Solver::progress(self).into()
    }
    fn error(&self) -> Option<String> {
        Solver::error(self).map(|e| e.to_string())
    }
    fn set_recording(&mut self, on: bool) {
        Solver::set_recording(self, on);
    }
    fn num_positions(&self) -> usize {
        self.records().len()
    }
    fn records_view(&self) -> Object {
        // SAFETY: a view into this solver's records, dropped by the page before any call
        // that may move them or grow memory (module docs).
        unsafe { Uint16Array::view(self.records()) }.into()
    }
    fn events_view(&self) -> Object {
        // SAFETY: `Event` is `repr(C)` of three 4-byte fields (`EventKind` is `repr(u32)`);
        // the view's lifetime is as for the records.
        unsafe { triples(self.events(), |w| Uint32Array::view(w).into()) }
    }
    fn layers(&self) -> Vec<f64> {
        Solver::layers(self)
            .iter()
            .flat_map(|&[w, l]| [w as f64, l as f64])
            .collect()
    }
    fn start(&self) -> Position {
        self.game().start()
    }
    fn to_move(&self, pos: Position) -> Player {
        self.game().to_move(pos)
    }
    fn outcome(&self, pos: Position) -> Option<OutcomeJs> {
        Solver::outcome(self, pos).map(OutcomeJs::from)
    }
    fn moves(&self, pos: Position) -> Vec<MoveJs> {
        Solver::moves(self, pos)
            .into_iter()
            .map(MoveJs::from)
            .collect()
    }
    fn optimal_line(&self, pos: Position) -> Vec<MoveJs> {
        Solver::optimal_line(self, pos)
            .into_iter()
            .map(MoveJs::from)
            .collect()
    }
    fn size(&self) -> (u16, u16) {
        self.game().size()
    }
    fn pieces(&self, pos: Position) -> Vec<u16> {
        self.game().pieces(pos)
    }
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position> {
        self.game().position(cells, to_move)
    }
    fn has_movable_pieces(&self) -> bool {
        true
    }
    fn answer(&self, pos: Position) -> Option<String> {
        Solver::outcome(self, pos).map(|o| self.game().answer(o))
    }
    /// Bucket = remoteness; value 1 win, 2 lose, 3 tie (remoteness ignored).
    fn example(&self, bucket: u32, value: u8, from: usize) -> Option<Position> {
        let want = match value {
            1 => {
                record::WIN
                    | u16::try_from(bucket)
                        .ok()
                        .filter(|&r| r <= MAX_REMOTENESS)?
            }
            2 => {
                record::LOSE
                    | u16::try_from(bucket)
                        .ok()
                        .filter(|&r| r <= MAX_REMOTENESS)?
            }
            3 => record::TIE,
            _ => return None,
        };
        let found = self
            .records()
            .get(from..)?
            .iter()
            .position(|&r| r == want)?;
        Some((from + found) as Position)
    }
}

/// Tableau: a position is a staircase of stones; its "pieces" are the stones' cells.
impl Analysis for LayeredSolver<Tableau> {
    fn step(&mut self, budget: usize) -> ProgressJs {
        LayeredSolver::step(self, budget).into()
    }
    fn progress(&self) -> ProgressJs {
        LayeredSolver::progress(self).into()
    }
    fn error(&self) -> Option<String> {
        None
    }
    fn set_recording(&mut self, on: bool) {
        LayeredSolver::set_recording(self, on);
    }
    fn num_positions(&self) -> usize {
        self.scores().len()
    }
    fn records_view(&self) -> Object {
        // SAFETY: as for the win/lose records.
        unsafe { Int32Array::view(self.scores()) }.into()
    }
    fn events_view(&self) -> Object {
        // SAFETY: `layered::Event` is `repr(C)` of three 4-byte fields; lifetime as above.
        unsafe {
            triples(self.events(), |w| {
                Int32Array::view(std::slice::from_raw_parts(w.as_ptr().cast(), w.len())).into()
            })
        }
    }
    fn layers(&self) -> Vec<f64> {
        self.layer_sizes().iter().map(|&n| n as f64).collect()
    }
    fn start(&self) -> Position {
        layered::LayeredGame::start(self.game())
    }
    fn to_move(&self, pos: Position) -> Player {
        if self.game().stones(pos) % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn outcome(&self, pos: Position) -> Option<OutcomeJs> {
        self.score(pos).map(|score| OutcomeJs::Scored { score })
    }
    fn moves(&self, pos: Position) -> Vec<MoveJs> {
        LayeredSolver::moves(self, pos)
            .into_iter()
            .map(MoveJs::from)
            .collect()
    }
    fn optimal_line(&self, pos: Position) -> Vec<MoveJs> {
        LayeredSolver::optimal_line(self, pos)
            .into_iter()
            .map(MoveJs::from)
            .collect()
    }
    fn size(&self) -> (u16, u16) {
        (self.game().board().rows(), self.game().board().cols())
    }
    /// The cells holding a stone, row by row.
    fn pieces(&self, pos: Position) -> Vec<u16> {
        let cols = self.game().board().cols();
        let lengths = self.game().decode(pos);
        (0u16..)
            .zip(lengths)
            .flat_map(|(row, len)| (0..len).map(move |col| row * cols + col))
            .collect()
    }
    /// The staircase whose stones are exactly `cells`; the side to move follows from the
    /// number of stones, so `to_move` must match it.
    fn position(&self, cells: &[u16], to_move: Player) -> Option<Position> {
        let (rows, cols) = self.size();
        let mut lengths = vec![0u16; usize::from(rows)];
        for &cell in cells {
            let (row, col) = (cell / cols, cell % cols);
            let len = lengths.get_mut(usize::from(row))?;
            *len = (*len).max(col + 1);
        }
        let stones: usize = lengths.iter().map(|&l| usize::from(l)).sum();
        let pos = self.game().encode(&lengths)?;
        (stones == cells.len() && self.to_move(pos) == to_move).then_some(pos)
    }
    fn has_movable_pieces(&self) -> bool {
        false
    }
    fn answer(&self, pos: Position) -> Option<String> {
        self.score(pos).map(contest::tableau::answer)
    }
    /// Bucket = stones on the board; `value` is ignored. Only scored positions count.
    fn example(&self, bucket: u32, _value: u8, from: usize) -> Option<Position> {
        let total = self.scores().len() as Position;
        (Position::try_from(from).ok()?..total)
            .find(|&pos| self.game().stones(pos) == bucket && self.score(pos).is_some())
    }
}

/// A game built from its board text, before its analysis is prepared.
enum Built {
    River(River),
    Chase(Chase),
    Tableau(Tableau),
}

impl Built {
    /// Reads a game's board text; the message of the first problem on failure.
    fn parse(game: &str, text: &str) -> Result<Built, String> {
        match game {
            "river" => Ok(Built::River(River::new(
                text.parse::<RiverBoard>().map_err(|e| e.to_string())?,
            ))),
            "chase" => Ok(Built::Chase(Chase::new(
                text.parse::<ChaseBoard>().map_err(|e| e.to_string())?,
            ))),
            "tableau" => Ok(Built::Tableau(Tableau::new(
                contest::tableau::parse(text).map_err(|e| e.message)?,
            ))),
            other => Err(unknown(other)),
        }
    }

    /// Bytes the analysis allocates when it is prepared: per position, a `u16` record for
    /// win/lose games ([`Solver::new`]; the queue grows later, as the analysis goes), an
    /// `i32` score and a `u32` place in the layer order for tableau ([`LayeredSolver::new`]).
    fn bytes(&self) -> usize {
        match self {
            Built::River(g) => 2 * g.num_positions(),
            Built::Chase(g) => 2 * g.num_positions(),
            Built::Tableau(g) => 8 * layered::LayeredGame::num_positions(g),
        }
    }

    fn analysis(self) -> Box<dyn Analysis> {
        match self {
            Built::River(g) => Box::new(Solver::new(g)),
            Built::Chase(g) => Box::new(Solver::new(g)),
            Built::Tableau(g) => Box::new(LayeredSolver::new(g)),
        }
    }
}

/// Checks a game's board text without building the game.
fn check(game: &str, text: &str) -> Result<(), String> {
    match game {
        "river" => text
            .parse::<RiverBoard>()
            .map(drop)
            .map_err(|e| e.to_string()),
        "chase" => text
            .parse::<ChaseBoard>()
            .map(drop)
            .map_err(|e| e.to_string()),
        "tableau" => contest::tableau::parse(text)
            .map(drop)
            .map_err(|e| e.message),
        other => Err(unknown(other)),
    }
}

fn unknown(game: &str) -> String {
    format!("unknown game {game:?} (river, chase or tableau)")
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

/// One game and its analysis, for the page.
#[wasm_bindgen]
pub struct Lab {
    analysis: Box<dyn Analysis>,
    clock: Option<web_sys::Performance>,
}

#[wasm_bindgen]
impl Lab {
    /// Prepares the analysis of `game` (`"river"`, `"chase"` or `"tableau"`) on `board`
    /// (the game's board text, see the module docs). Nothing is analysed yet; memory for
    /// the records is reserved.
    ///
    /// # Errors
    /// An `Error` whose message says what is wrong with the board (the parser's message).
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str, board: &str) -> Result<Lab, JsError> {
        let built = Built::parse(game, board).map_err(|e| JsError::new(&e))?;
        Ok(Lab {
            analysis: built.analysis(),
            clock: clock(),
        })
    }

    /// Bytes that `new Lab(game, board)` allocates at once (a [`Reserve`] of this size
    /// faults them in ahead of time).
    ///
    /// # Errors
    /// As [`Lab::new`].
    pub fn bytes(game: &str, board: &str) -> Result<f64, JsError> {
        let built = Built::parse(game, board).map_err(|e| JsError::new(&e))?;
        Ok(built.bytes() as f64)
    }

    /// Why `board` is not a legal start for `game`, or `undefined` if it is. Cheap: no
    /// analysis is prepared.
    pub fn check(game: &str, board: &str) -> Option<String> {
        check(game, board).err()
    }

    /// Does at most `budget` units of work (one queue entry or scored position, or 16
    /// positions scanned or marked) and returns the progress object: `{phase, total,
    /// decided, done}` plus, for win/lose games, `{queued, wins, losses, ties, remoteness}`
    /// and for scored games `{layer, layers}`.
    ///
    /// # Errors
    /// An `Error` if the analysis cannot go on (a line of play too long to record).
    pub fn step(&mut self, budget: u32) -> Result<JsValue, JsError> {
        let progress = self.analysis.step(budget as usize);
        self.check_error()?;
        Ok(to_js(&progress))
    }

    /// Works on the current phase for about `ms` milliseconds: at most `budget` units of
    /// work as [`Lab::step`] counts them (`Infinity`: no limit), never past the end of the
    /// phase, at least one chunk of them. Returns the progress, as [`Lab::step`]. The clock
    /// is read here between chunks, so a time slice is one call from JavaScript. With
    /// recording on, [`Lab::events`] then holds only the last chunk's events: animations
    /// step with [`Lab::step`].
    ///
    /// # Errors
    /// As [`Lab::step`].
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, ms: f64, budget: f64) -> Result<JsValue, JsError> {
        let now = |clock: &Option<web_sys::Performance>| clock.as_ref().map_or(0.0, |c| c.now());
        let deadline = now(&self.clock) + ms;
        let phase = self.analysis.progress().phase;
        // Saturating: `Infinity` is no limit, NaN or a negative budget none.
        let mut left = budget as usize;
        loop {
            let chunk = CHUNK.min(left);
            let progress = self.analysis.step(chunk);
            self.check_error()?;
            left -= chunk;
            if progress.done
                || progress.phase != phase
                || left == 0
                || self.clock.is_none()
                || now(&self.clock) >= deadline
            {
                return Ok(to_js(&progress));
            }
        }
    }

    /// The current progress object, as [`Lab::step`] returns it.
    pub fn progress(&self) -> JsValue {
        to_js(&self.analysis.progress())
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
        let (rows, cols) = self.analysis.size();
        vec![rows, cols]
    }

    /// Zero-copy view of the records, one per position: a `Uint16Array` for win/lose
    /// games (bits 15-14 the state — 0 undecided, 1 win, 2 lose, 3 tie for the side to
    /// move — bits 13-0 the remoteness, or while undecided the moves not yet refuted), an
    /// `Int32Array` of scores for scored games. Valid until the next step.
    pub fn records(&self) -> Object {
        self.analysis.records_view()
    }

    /// Turns the event log on or off (off by default; solving is faster without it).
    #[wasm_bindgen(js_name = setRecording)]
    pub fn set_recording(&mut self, on: bool) {
        self.analysis.set_recording(on);
    }

    /// Zero-copy view of the last step's events as triples. Win/lose games: a
    /// `Uint32Array` of *kind* (0 popped, 1 won, 2 lost, 3 counter decremented),
    /// *position*, *detail* (remoteness, or the new counter). Scored games: an
    /// `Int32Array` of *kind* (0 a move looked at, `position` its child; 1 scored),
    /// *position*, *score*. Empty unless recording. Valid until the next step.
    pub fn events(&self) -> Object {
        self.analysis.events_view()
    }

    /// A copy of the layer counts. Win/lose games: decided positions per remoteness,
    /// flattened `[wins₀, losses₀, wins₁, losses₁, …]`. Scored games: positions per layer
    /// (stones on the board).
    pub fn layers(&self) -> Float64Array {
        Float64Array::from(self.analysis.layers().as_slice())
    }

    /// The outcome of `pos` (see the module docs), or `null` while undecided or out of
    /// range.
    pub fn outcome(&self, pos: u32) -> JsValue {
        to_js(&self.analysis.outcome(pos))
    }

    /// Who moves in `pos`: 0 the first player (red, white, A), 1 the second.
    ///
    /// # Errors
    /// An `Error` if `pos` is out of range.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self, pos: u32) -> Result<u8, JsError> {
        self.check_position(pos)?;
        Ok(u8::from(self.analysis.to_move(pos) == Player::Second))
    }

    /// The cells of the pieces of `pos`, in the game's piece order (river: red, red,
    /// black; chase: white, black; tableau: every stone, row by row).
    ///
    /// # Errors
    /// An `Error` if `pos` is out of range.
    pub fn pieces(&self, pos: u32) -> Result<Vec<u16>, JsError> {
        self.check_position(pos)?;
        Ok(self.analysis.pieces(pos))
    }

    /// The position with the pieces on `cells` (as [`Lab::pieces`] orders them) and
    /// `to_move` (0 or 1) to move, or `undefined` if there is none (an obstacle, two red
    /// pieces on one cell, not a staircase, …).
    pub fn position(&self, cells: &[u16], to_move: u8) -> Option<u32> {
        self.analysis.position(cells, player(to_move))
    }

    /// For every cell of the board, the position where piece number `piece` of `pos`
    /// stands on that cell and the other pieces and the side to move stay as in `pos`;
    /// `0xFFFFFFFF` where there is none (obstacles, cells of the other pieces). The
    /// heatmap reads the records of these positions.
    ///
    /// # Errors
    /// An `Error` if `pos` is out of range, the piece number too large, or the game has no
    /// pieces that move (tableau).
    pub fn slice(&self, pos: u32, piece: usize) -> Result<Vec<u32>, JsError> {
        self.check_position(pos)?;
        if !self.analysis.has_movable_pieces() {
            return Err(JsError::new("this game has no pieces that move"));
        }
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
    /// `[{from, to, child, gain?, outcome}]`. `outcome` is seen by the mover and counts
    /// the move (win/lose games), or is the score after the move including its `gain`
    /// (scored games); `null` while the child is undecided. Empty when the game is over.
    pub fn moves(&self, pos: u32) -> JsValue {
        to_js(&self.analysis.moves(pos))
    }

    /// The line of optimal play from `pos` to the end of the game, as [`Lab::moves`]
    /// entries (in a tie, until a position would repeat).
    #[wasm_bindgen(js_name = optimalLine)]
    pub fn optimal_line(&self, pos: u32) -> JsValue {
        to_js(&self.analysis.optimal_line(pos))
    }

    /// The contest's answer line for `pos` as a start (`Red 75`, `Black 2`, `Tie`,
    /// `WHITE 3`, `BLACK 2`, `2`), or `undefined` while it is undecided.
    pub fn answer(&self, pos: u32) -> Option<String> {
        self.analysis.answer(pos)
    }

    /// One decided position of a histogram bucket, for "show me one": the first at or
    /// after `from`, or `undefined` if there is none. Win/lose games: `bucket` is the
    /// remoteness and `value` the record state for the side to move (1 win, 2 lose, 3 tie;
    /// ties ignore the bucket). Scored games: `bucket` is the number of stones on the board
    /// (the layer) and `value` is ignored; only scored positions count.
    pub fn example(&self, bucket: u32, value: u8, from: u32) -> Option<u32> {
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
    clock: Option<web_sys::Performance>,
}

#[wasm_bindgen]
impl Reserve {
    /// Reserves `bytes` of memory (growing wasm memory if needed) without touching it.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: f64) -> Reserve {
        Reserve {
            block: Vec::with_capacity(bytes as usize),
            clock: clock(),
        }
    }

    /// Touches the reserved memory for about `ms` milliseconds; true once all of it is.
    #[wasm_bindgen(js_name = fillFor)]
    pub fn fill_for(&mut self, ms: f64) -> bool {
        /// Bytes touched between two looks at the clock.
        const PIECE: usize = 1 << 18;
        let now = |clock: &Option<web_sys::Performance>| clock.as_ref().map_or(0.0, |c| c.now());
        let deadline = now(&self.clock) + ms;
        while self.block.len() < self.block.capacity() {
            let piece = PIECE.min(self.block.capacity() - self.block.len());
            self.block.resize(self.block.len() + piece, 0);
            if now(&self.clock) >= deadline {
                break;
            }
        }
        self.block.len() == self.block.capacity()
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
        if (pos as usize) < self.analysis.num_positions() {
            Ok(())
        } else {
            Err(JsError::new(&format!("no position {pos}")))
        }
    }
}
