//! River pawn (过河卒, RULES §1): two red pieces try to stop the black pawn from reaching
//! the top row.
//!
//! Positions are indexed over the board's *free* cells only, with the two red pieces as
//! an unordered pair: `((black · pairs + pair) << 1) | side`, side 0 = red to move. The
//! black piece's free-cell number is the most significant part, and free cells are
//! numbered row by row, so positions come grouped by black's row: the game's tiers
//! ([`Game::tier_ends`](crate::Game::tier_ends)), solved from the top row down, since every
//! move stays in its row or takes black one row up.
//!
//! A game may index every placement of the pieces ([`Span::Whole`], what the page shows)
//! or only those its start can lead to ([`Span::FromStart`], what the command line solves:
//! see [`Reach`] for why that answers the start exactly).
//!
//! Its parts: the board as drawn and read (`board.rs`), the positions a game indexes
//! (`reach.rs`), the rules over those positions (`rules.rs`), what the page shows of them
//! (`view.rs`) and the contest format ([`contest`]).

mod board;
pub mod contest;
mod reach;
mod rules;
mod view;

pub use board::{BoardError, RiverBoard, MAX_CELLS};
pub use reach::{Reach, Span};
pub use rules::{River, RiverPosition};
