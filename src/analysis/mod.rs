//! One game under analysis, whatever its kind, as the page drives and reads it — in native
//! types, so that `cargo test` checks it; `src/wasm/` only converts between this module
//! and JavaScript.
//!
//! A game is built from its name ([`GameKind`](crate::GameKind)) and its board, read once
//! ([`Start`]) as the page holds it ([`Drawn`](crate::games::Drawn)) or from its board text
//! ([`Built::parse`]): `river` — the rows of `.#OX` joined by newlines; `chase` — the rows
//! of `.WB` (a square board); `tableau` — the contest input (`n m`, then table A's rows,
//! then table B's rows). Its [`Analysis`] then runs in steps or time slices and answers
//! queries.
//!
//! Two kinds of game:
//! - **win/lose** (`river`, `chase`; [`Solver`](crate::Solver)): records are `u16`s (layout
//!   in [`crate::record`]), events are [`Event`](crate::Event)s, an outcome is an
//!   [`Outcome`](crate::Outcome) for the side to move.
//! - **scored** (`tableau`; [`LayeredSolver`](crate::LayeredSolver)): records are
//!   [`Score`](crate::Score)s ([`UNSCORED`](crate::game::layered::UNSCORED) until scored),
//!   events are [`ScoredEvent`](crate::ScoredEvent)s, an outcome is a score.
//!
//! Its parts: the [`Analysis`] trait and what `dyn Analysis` adds (`interface.rs`), what it
//! answers with (`answers.rs`), its two implementations (`valued.rs` for a `Solver`,
//! `scored.rs` for a `LayeredSolver`), the board read and the game built from a name and a
//! board (`built.rs`), [`Tracer`], which finds where a value came from by re-running a copy
//! (`trace.rs`), and [`Error`].

mod answers;
mod built;
mod error;
mod interface;
mod scored;
mod trace;
mod valued;

pub use answers::{CheckFailure, Events, MoveView, Records, Worth};
pub use built::{Built, Start, FROM_START_SHARE};
pub use error::Error;
pub(crate) use interface::CHUNK;
pub use interface::{Analysis, Board};
pub use trace::{Traced, Tracer};

pub use crate::progress::{Counts, Progress};

#[cfg(test)]
mod tests;
