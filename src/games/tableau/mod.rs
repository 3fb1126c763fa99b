//! Tableau (一双木棋, P4363, RULES §3): two players take turns placing stones on an
//! `n × m` board; a cell takes a stone once every cell above it and left of it has one,
//! so the stones always form a staircase (a Young diagram) anchored at the top-left.
//! The first player scores `A[i][j]` per stone, the second `B[i][j]`.
//!
//! A staircase is its row lengths `m ≥ len[0] ≥ … ≥ len[n-1] ≥ 0`, or equally its
//! contour: the lattice path from the top-right corner to the bottom-left one, `m` steps
//! left and `n` steps down. Positions are the ranks of the contours in the combinatorial
//! number system — `Σ C(p_k, k)` over the step numbers `p_1 < … < p_n` of the down steps
//! — so the `C(n+m, n)` staircases get dense indexes: the full board is 0, the empty
//! board `C(n+m, n) − 1`, and every stone lowers the index. Layers are stone counts; the
//! side to move follows from the parity.
//!
//! Its parts: the board and its limits (`board.rs`), the rules over its staircases
//! (`rules.rs`), what the page shows of them (`view.rs`) and the contest format
//! ([`contest`]).

mod board;
pub mod contest;
mod rules;
mod view;

pub use board::{
    check_size, staircase_count, BoardError, TableauBoard, MAX_PERIMETER, MAX_POSITIONS, MAX_WEIGHT,
};
pub use rules::Tableau;
