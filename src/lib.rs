//! retrolab solves small two-player board games exactly, by retrograde analysis.
//!
//! - [`Game`]: the rules interface — dense position indexes, primitive positions, moves
//!   and un-moves (parents).
//! - [`Solver`]: the step-wise retrograde solver deciding every position's value
//!   (Win / Lose / Tie) and remoteness.
//! - [`LayeredSolver`]: the step-wise backward solver for scored games whose moves go from
//!   one layer to the next ([`LayeredGame`], e.g. tableau), with the same shape.
//! - [`games`]: the games themselves and [`GameKind`], the list of them; [`contest`]: the
//!   contest input and output formats; [`BoardView`]: what the page shows of each game's
//!   board.
//! - [`provenance`]: where each value came from (the step that decided it, and the child).
//! - [`analysis`]: one game under analysis, whatever its kind, as the page drives it
//!   (`src/wasm.rs` only converts between it and JavaScript); [`batch`]: a whole contest
//!   input solved a slice at a time, with every fault a row of its own; [`drill`]: drill
//!   positions searched in a solved table.
//! - [`explain`]: why a finished analysis gives a position its value — the strategy proof,
//!   its size, a tie's cycle and ways out, the winner's replies as a map, the page's Check.
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
pub mod board_view;
pub mod contest;
pub mod drill;
pub mod explain;
pub mod fastdiv;
pub mod game;
pub mod games;
pub mod grid;
pub mod layered;
pub mod progress;
pub mod provenance;
pub mod record;
pub mod retro;
pub mod verify;
#[cfg(target_arch = "wasm32")]
mod wasm;

pub use board_view::{BoardView, SliceError};
pub use game::check::check_children_parents;
pub use game::layered::{LayeredGame, Score};
pub use game::{Game, Move, Player, Position, Status, Value};
pub use games::GameKind;
pub use grid::{Coord, Grid};
pub use layered::{LayeredSolver, ScoredMove};
pub use progress::{
    Counts, Event, EventKind, Phase, Progress, ScoredCounts, ScoredEvent, ScoredEventKind,
    ValuedCounts,
};
pub use record::Outcome;
pub use retro::{Keep, MoveOutcome, Order, SolveError, Solver, TierSteps, Workspace};
