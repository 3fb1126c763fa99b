//! The interface every retrograde-solvable game implements: the game contract.
//!
//! Positions are dense integer indexes `0..num_positions()`, so the solver keeps its
//! per-position state in flat arrays. A game supplies the rules only: which positions are
//! over before the side to move moves (primitive), the moves, and the un-moves (parents)
//! that retrograde analysis walks backwards.
//!
//! - this module: [`Game`] and the types it speaks in, with its limit [`MAX_PARENTS`];
//! - [`layered`]: the contract of scored games whose moves go from one layer to the next
//!   ([`layered::LayeredGame`], solved by [`crate::LayeredSolver`]);
//! - [`board_view`]: what the page and the contest answers show of a game beyond its rules
//!   ([`board_view::BoardView`]: pieces on cells, the answer line, a position in words);
//! - [`check`]: both contracts checked on every position of a game, for tests.

pub mod board_view;
pub mod check;
pub mod layered;

use std::ops::Neg;

/// A dense position index.
pub type Position = u32;

/// The outcome of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move can force a win.
    Win,
    /// The side to move loses against best play.
    Lose,
    /// Neither side can force a win: play goes on forever.
    Tie,
}

impl Neg for Value {
    type Output = Value;

    /// The same outcome seen by the other side.
    fn neg(self) -> Value {
        match self {
            Value::Win => Value::Lose,
            Value::Lose => Value::Win,
            Value::Tie => Value::Tie,
        }
    }
}

/// The two sides of a two-player game, in playing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The side that moves first (red in river, white in chase).
    First,
    /// The side that moves second.
    Second,
}

impl Player {
    /// The opponent.
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// The player to move after `plies` moves from a position with the first player to
    /// move: the first player when `plies` is even (games whose positions keep the side to
    /// move in their lowest bit pass the position itself).
    #[inline]
    pub const fn from_parity(plies: u32) -> Player {
        if plies % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// The player numbered `index` in playing order (0 the first, 1 the second), if any.
    pub const fn from_index(index: u8) -> Option<Player> {
        match index {
            0 => Some(Player::First),
            1 => Some(Player::Second),
            _ => None,
        }
    }

    /// The player's number in playing order: 0 the first, 1 the second.
    pub const fn index(self) -> u8 {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

/// Most parents a position may have: the solver's queue keeps room for this many pushes per
/// pop (checked for every game by [`check::check_children_parents`]).
pub const MAX_PARENTS: usize = 64;

/// A move as a board shows it: a piece goes from cell `from` to cell `to`.
///
/// Cells are numbered row-major over the whole board (`row * cols + col`), obstacles
/// included. A placement (tableau) has `from == to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Cell the piece leaves.
    pub from: u16,
    /// Cell the piece arrives at.
    pub to: u16,
}

/// Rules of a two-player game over dense position indexes, for retrograde analysis.
///
/// Contract (checked for every game by [`check::check_children_parents`]):
/// - a primitive position has no moves;
/// - [`Game::for_each_child`] lists the children of [`Game::for_each_move`];
/// - for every non-primitive `p` and every child `c` of `p`, `p` is among the parents of `c`;
/// - every non-primitive parent `p` of `c` lists `c` among its children;
/// - children of one position are distinct, and a parent appears once per move leading to `c`;
/// - no position lists more than [`MAX_PARENTS`] parents.
///
/// Primitive positions may be listed as parents or left out (cheaper, when a game can
/// tell them cheaply): the solver never updates them.
///
/// **Tiers** (optional): a game whose positions fall into tiers that moves only leave in
/// one direction says so with [`Game::tier_ends`], numbering its positions tier by tier in
/// the order the tiers can be solved: every move of a position stays in its tier or leads
/// into the tier just before it (river: black's row, solved from the top row down).
/// [`Game::for_each_tier_parent`] and [`Game::for_each_earlier_tier_move`] then split
/// the parents and children along the tiers. A game without tiers is one tier and keeps
/// the defaults.
///
/// # Safety
/// The solver updates the parents of a position without checking that they are
/// positions (a bounds check per parent cost the wasm build 3 % of its solving time in
/// Chromium and 10 % in node, native code 2 – 4 %). An implementation must guarantee that
/// `num_positions()` and `tier_ends()` never change, that `tier_ends()` is as its
/// documentation says, and that, for every `pos` below `num_positions()`,
/// `for_each_parent(pos, f)` calls `f` only with positions below it and
/// `for_each_tier_parent(pos, f)` only with positions of `pos`'s own tier.
/// The rest of the contract decides whether answers are right, not memory safety.
pub unsafe trait Game {
    /// Number of positions; indexes run over `0..num_positions()`.
    fn num_positions(&self) -> usize;

    /// The position the game starts from.
    fn start(&self) -> Position;

    /// Whose turn it is in `pos`.
    fn to_move(&self, pos: Position) -> Player;

    /// `Some(value)` for the side to move when the game is already over in `pos`.
    fn primitive(&self, pos: Position) -> Option<Value>;

    /// Calls `f(move, child)` for every legal move of a non-primitive position.
    fn for_each_move(&self, pos: Position, f: impl FnMut(Move, Position));

    /// Calls `f(parent)` for every position with a move leading to `pos`.
    fn for_each_parent(&self, pos: Position, f: impl FnMut(Position));

    /// Where each tier ends, in the order the tiers are solved: tier `i` holds the
    /// positions from the end of tier `i − 1` (0 for the first) up to `tier_ends()[i]`.
    /// Non-decreasing (a tier may be empty), the last one `num_positions()`. Every move
    /// stays in its tier or leads into the tier just before it. Default: one tier.
    fn tier_ends(&self) -> Vec<Position> {
        let total = Position::try_from(self.num_positions()).unwrap_or(Position::MAX);
        vec![total]
    }

    /// Calls `f(parent)` for every parent of `pos` in `pos`'s own tier (the parents
    /// [`Game::for_each_parent`] lists, less those of later tiers). Default, for games
    /// of one tier: every parent.
    #[inline(always)]
    fn for_each_tier_parent(&self, pos: Position, f: impl FnMut(Position)) {
        self.for_each_parent(pos, f);
    }

    /// Calls `f(pos, child)` for every move of the positions of `range` (all in one
    /// tier) that leads into the tier before theirs, in order of `pos`. Moves of
    /// primitive positions may be listed or left out (the solver skips them). Default, for
    /// games of one tier: none.
    #[inline]
    fn for_each_earlier_tier_move(
        &self,
        range: std::ops::Range<Position>,
        f: impl FnMut(Position, Position),
    ) {
        let _ = (range, f);
    }

    /// A copy of the game, its own tables reserved fallibly: the page's tracer re-runs a
    /// second analysis of it, and a copy that cannot have its memory is then a message,
    /// not an abort (as `clone` would make it). Override for a game whose tables grow
    /// with the board's positions, pairs or sets of pieces. Default: `clone`, for tables
    /// that grow with the board's cells alone.
    ///
    /// # Errors
    /// When the memory of a table cannot be had.
    fn try_copy(&self) -> Result<Self, std::collections::TryReserveError>
    where
        Self: Clone,
    {
        Ok(self.clone())
    }

    /// Calls `f(child)` for every legal move of a non-primitive position: the children
    /// [`Game::for_each_move`] lists. Override when they can be listed faster than the
    /// moves.
    #[inline]
    fn for_each_child(&self, pos: Position, mut f: impl FnMut(Position)) {
        self.for_each_move(pos, |_, child| f(child));
    }

    /// Number of legal moves of a non-primitive position. Override when it is cheaper
    /// than generating the moves.
    fn move_count(&self, pos: Position) -> u32 {
        let mut count = 0;
        self.for_each_child(pos, |_| count += 1);
        count
    }

    /// What the solver's scan needs to know about `pos`: over, or how many moves it has.
    /// Override when both can be found with one decoding of `pos`.
    #[inline]
    fn status(&self, pos: Position) -> Status {
        match self.primitive(pos) {
            Some(value) => Status::Over(value),
            None => Status::Moves(self.move_count(pos)),
        }
    }

    /// Calls `f(pos, status(pos))` for every position of `range`, in order. Override when
    /// consecutive positions can be walked faster than decoded one by one.
    #[inline]
    fn for_each_status(
        &self,
        range: std::ops::Range<Position>,
        mut f: impl FnMut(Position, Status),
    ) {
        for pos in range {
            f(pos, self.status(pos));
        }
    }
}

/// A position as the solver's scan sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Primitive: the game is over, with this value for the side to move.
    Over(Value),
    /// The game goes on with this many legal moves.
    Moves(u32),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_come_from_parities_and_indexes_and_back() {
        assert_eq!(Player::from_parity(0), Player::First);
        assert_eq!(Player::from_parity(7), Player::Second);
        assert_eq!(Player::from_parity(u32::MAX - 1), Player::First);
        for player in [Player::First, Player::Second] {
            assert_eq!(Player::from_index(player.index()), Some(player));
            assert_eq!(Player::from_parity(player.index().into()), player);
        }
        assert_eq!(Player::from_index(2), None);
    }
}
