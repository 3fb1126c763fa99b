//! retrolab solves small two-player board games exactly, by retrograde analysis.
//!
//! The crate in layers, each using only those before it:
//!
//! 1. **Contracts.** [`game`]: the rules interface [`Game`] — dense position indexes,
//!    primitive positions, moves and un-moves (parents) — its limit and its checks, the
//!    layered contract [`LayeredGame`] of scored games whose moves go from one layer to the
//!    next, and [`BoardView`], what the page shows of a game's board; [`grid`] and
//!    [`fastdiv`], what games are made of; [`memory`], memory reserved so that a refusal is
//!    an error, never an abort.
//! 2. **Reports and records.** [`progress`]: what both solvers report as they go (one
//!    [`Progress`], [`Phase`], events); [`record`]: the packed record of a win/lose
//!    position.
//! 3. **Solvers and checks.** [`Solver`] ([`retro`]): the step-wise retrograde solver
//!    deciding every position's value (Win / Lose / Tie) and remoteness;
//!    [`LayeredSolver`] ([`scored`]): the same shape for scored games; [`verify`]: a
//!    finished table checked from the rules alone.
//! 4. **What formats share, and where values came from.** [`contest`]: reading contest
//!    inputs with line-numbered errors, and their answers; [`provenance`]: the step that
//!    decided a value, and the child.
//! 5. **The games.** [`games`]: one folder per game (its board, rules, board view and
//!    contest format), each implementing [`games::Kind`], and [`GameKind`], the one list
//!    of them.
//! 6. **One game under analysis.** [`analysis`]: whatever its kind, as the page drives it
//!    (`src/wasm/` only converts between it and JavaScript).
//! 7. **Built on an analysis.** [`batch`]: a whole contest input solved a slice at a time,
//!    with every fault a row of its own; [`drill`]: drill positions searched in a solved
//!    table; [`explain`]: why a finished analysis gives a position its value — the
//!    strategy proof, its size, a tie's cycle and ways out, the winner's replies as a map,
//!    the page's Check. The command line (`src/bin/`) and the page's window on the engine
//!    (`src/wasm/`) stand on top.
//!
//! ```
//! use retrolab::{games::river::{River, RiverBoard}, Game, Solver, Value};
//! let board: RiverBoard = "#.#\nO.O\n.X.\n".parse().unwrap();
//! let mut solver = Solver::new(River::new(board));
//! solver.solve().unwrap();
//! let start = solver.outcome(solver.game().start()).unwrap();
//! assert_eq!((start.value, start.remoteness), (Value::Lose, 2)); // "Black 2"
//! ```

pub mod analysis;
pub mod batch;
pub mod contest;
pub mod drill;
pub mod explain;
pub mod fastdiv;
pub mod game;
pub mod games;
pub mod grid;
pub mod memory;
pub mod progress;
pub mod provenance;
pub mod record;
pub mod retro;
pub mod scored;
pub mod verify;
#[cfg(target_arch = "wasm32")]
mod wasm;
pub mod words;

pub use game::board_view::{BoardView, SliceError};
pub use game::check::check_children_parents;
pub use game::layered::{LayeredGame, Score};
pub use game::{Game, Move, Player, Position, Status, Value};
pub use games::GameKind;
pub use grid::{Coord, Grid};
pub use progress::{
    Counts, Event, EventKind, Phase, Progress, ScoredCounts, ScoredEvent, ScoredEventKind,
    ValuedCounts, Waiting, Waits,
};
pub use record::Outcome;
pub use retro::{Keep, MoveOutcome, Order, SolveError, Solver, TierSteps, Workspace};
pub use scored::{LayeredSolver, ScoredMove};
