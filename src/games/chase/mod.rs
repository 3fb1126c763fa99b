//! Chase (棋盘游戏, CQOI 2013, RULES §2): on an open `n × n` board, white steps one cell,
//! black one or two cells in a straight line; whoever moves onto the other piece wins.
//!
//! Positions are `((white · cells + black) << 1) | side` over all board cells (row-major),
//! side 0 = white to move. Positions with both pieces on one cell are the ends of the
//! game: the piece that just moved there captured, so the side to move has lost.
//!
//! Its parts: the board as drawn and read (`board.rs`), the rules over its positions
//! (`rules.rs`), what the page shows of them (`view.rs`) and the contest format
//! ([`contest`]).

mod board;
pub mod contest;
mod rules;
mod view;

pub use board::{BoardError, ChaseBoard, MAX_SIDE, MIN_SIDE};
pub use rules::{Chase, ChasePosition};
