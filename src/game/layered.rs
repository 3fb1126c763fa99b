//! The contract of scored two-player games whose moves go from one layer to the next
//! (tableau), which [`crate::LayeredSolver`] solves.
//!
//! A [`LayeredGame`]'s positions fall into layers `0..num_layers()`, and every move goes
//! from a layer to the next one, so play always ends; the layer decides whose turn it is
//! (layers are plies, or at least alternate like them). Each move scores points for the
//! first player (a negative gain favours the second). The score of a position is the
//! first player's total minus the second's from that position on, under optimal play:
//! the first player maximises it, the second minimises it; a position without moves
//! scores 0.

use std::ops::Range;

use super::{Move, Player, Position};

/// A score: the first player's points minus the second's. Games bound their inputs so
/// that every total along a line of play fits.
pub type Score = i32;

/// What [`crate::LayeredSolver::scores`] holds for a position not scored yet.
pub const UNSCORED: Score = Score::MIN;

/// Rules of a scored two-player game whose moves go from one layer to the next.
///
/// Contract (checked by [`super::check::check_layers`]): every position's layer is below
/// `num_layers()`; every move of a position in layer `k` leads to a distinct position in
/// layer `k + 1`; [`LayeredGame::for_each_layer`] agrees with [`LayeredGame::layer`];
/// every total of gains along a line of play lies strictly between [`UNSCORED`] and
/// `Score::MAX`.
pub trait LayeredGame {
    /// Number of positions; indexes run over `0..num_positions()`.
    fn num_positions(&self) -> usize;

    /// Number of layers.
    fn num_layers(&self) -> usize;

    /// The layer of `pos`.
    fn layer(&self, pos: Position) -> usize;

    /// Calls `f(pos, layer(pos))` for every position of `range`, in order. Override when
    /// consecutive positions can be walked faster than decoded one by one.
    #[inline]
    fn for_each_layer(&self, range: Range<Position>, mut f: impl FnMut(Position, usize)) {
        for pos in range {
            f(pos, self.layer(pos));
        }
    }

    /// The position the game starts from.
    fn start(&self) -> Position;

    /// Whose turn it is in the positions of `layer`: the first player maximises the
    /// score, the second minimises it.
    fn to_move(&self, layer: usize) -> Player;

    /// Calls `f(move, child, gain)` for every legal move of `pos`; `gain` is what the
    /// move scores, counted for the first player.
    fn for_each_move(&self, pos: Position, f: impl FnMut(Move, Position, Score));
}
