//! Composed games (RULES §6): two sides on a rectangular board with obstacles, up to
//! four alike pieces each, moving and capturing by rules given as data — a TOML rules
//! file — and solved exactly by the same engine as the built-in games.
//!
//! - [`rules`]: the rules as a value, and its checks; [`text`]: the rules file, read with
//!   every fault named by line and field ([`faults`]: where and in which words), and
//!   written back; [`edit`]: the text changed to new rules in place, its comments kept;
//!   [`diagram`]: a picture of a side's moves for the composer;
//! - [`board`]: a start on a board, read with the rules' letters, and the cells each
//!   side may stand on ([`Span`]); [`needs`]: the memory a board needs, and the limit;
//! - [`index`]: dense numbers for a side's pieces as a set; [`moves`]: per-cell move and
//!   un-move tables; [`side`]: a side's tables on one board, per cell and per set;
//!   [`tiers`]: the tiers a side that only advances splits the game into; [`game`]: the
//!   [`crate::Game`] ([`Custom`]); [`view`]: its [`crate::BoardView`];
//! - [`contest`]: inputs in river's format and their answers; [`presets`]: the rules
//!   files built in; [`kind`]: the [`crate::games::Kind`] of a set of rules, for the page.
//!
//! ```
//! use retrolab::games::custom::{preset, CustomBoard, Custom, Span};
//! use retrolab::{BoardView, Game, Solver};
//! let rules = preset("river-pawn").unwrap().rules();
//! let board = CustomBoard::parse(&rules, "#.#\nO.O\n.X.\n").unwrap();
//! let mut solver = Solver::new(Custom::new(&rules, board, Span::Whole).unwrap());
//! solver.solve().unwrap();
//! let start = solver.outcome(solver.game().start()).unwrap();
//! assert_eq!(solver.game().answer(start), "Black 2");
//! ```

pub mod board;
pub mod contest;
pub mod diagram;
pub mod edit;
pub mod faults;
pub mod game;
pub mod index;
pub mod kind;
pub mod moves;
pub mod needs;
pub mod presets;
pub mod rules;
pub mod side;
pub mod text;
pub mod tiers;
pub mod view;

pub use board::{BoardError, CustomBoard, Span};
pub use game::{BuildError, Building, Custom, CustomPosition};
pub use kind::{CustomKind, StartError};
pub use needs::{max_needs, TooBig};
pub use presets::{preset, Preset, PRESETS};
pub use rules::Rules;
pub use text::RulesError;
