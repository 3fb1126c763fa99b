//! Checks a scored table (tableau) from the game's forward rules alone.
//!
//! Reads the moves with their gains ([`LayeredGame::for_each_move`]), whose turn each
//! layer is ([`LayeredGame::to_move`] of [`LayeredGame::for_each_layer`]) and the table
//! (one score per position, as [`crate::LayeredSolver::scores`] gives it) — nothing of
//! the layered solver's order. Each position is checked against its children only: its
//! score is the best over its moves of the move's gain plus the child's score (the
//! highest when the first player moves, the lowest when the second does), and 0 when it
//! has no move (the full board).
//!
//! # Why this proves every score
//!
//! The true score is defined the same way, from the end: 0 without a move, else the best
//! of gain plus the child's true score. Every move goes one layer deeper (the game's
//! contract), so play ends within the layers, and induction from the last layer up
//! proves it: a position all of whose children hold their true scores, and whose own
//! score passes the check, holds its true score. The last layer has no moves, so it
//! starts the induction; every position is checked, so every score is proved — for the
//! rules as [`LayeredGame::for_each_move`] and the layers state them.

use std::ops::Range;

use crate::game::layered::{LayeredGame, Score, UNSCORED};
use crate::game::{Player, Position};

/// Why a position's score does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// The position is not scored.
    Unscored,
    /// The position has no move, so it scores 0.
    NoMove,
    /// The move to `child` is not scored yet (its child is unscored).
    UnscoredChild {
        /// The position the move leads to.
        child: Position,
    },
    /// The side to move's best move scores `gain` and leads to `child`, claimed
    /// `child_score`: the position scores their sum.
    BestMove {
        /// The position the best move leads to.
        child: Position,
        /// What the move itself scores, counted for the first player.
        gain: Score,
        /// What the table claims for `child`.
        child_score: Score,
    },
}

/// A position whose score its children contradict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inconsistency {
    /// The position.
    pub position: Position,
    /// What the table claims for it (`None`: unscored).
    pub claim: Option<Score>,
    /// What contradicts the claim.
    pub flaw: Flaw,
}

impl Inconsistency {
    /// "position … claims … but …", with positions written by `show`.
    pub fn describe(&self, show: impl Fn(Position) -> String) -> String {
        let but = match self.flaw {
            Flaw::Unscored => "every position must be scored".to_string(),
            Flaw::NoMove => "it has no move, so it scores 0".to_string(),
            Flaw::UnscoredChild { child } => {
                format!("its move to {} is not scored", show(child))
            }
            Flaw::BestMove {
                child,
                gain,
                child_score,
            } => format!(
                "its best move gains {gain} and leads to {}, which claims {child_score}, \
                 so it scores {}",
                show(child),
                i64::from(gain) + i64::from(child_score)
            ),
        };
        let claim = self
            .claim
            .map_or("nothing".to_string(), |score| score.to_string());
        format!("position {} claims {claim} but {but}", show(self.position))
    }
}

/// Checks every position of the table: `Ok` when all hold, else the first failure.
///
/// # Panics
/// If `scores` does not hold one score per position of `game`.
pub fn check<G: LayeredGame>(game: &G, scores: &[Score]) -> Result<(), Inconsistency> {
    check_range(game, scores, 0..scores.len() as Position)
}

/// Checks the positions of `range` against their children in the whole table `scores`;
/// returns the first failure.
///
/// # Panics
/// If `scores` does not hold one score per position of `game`, or `range` reaches past it.
pub fn check_range<G: LayeredGame>(
    game: &G,
    scores: &[Score],
    range: Range<Position>,
) -> Result<(), Inconsistency> {
    assert_eq!(scores.len(), game.num_positions(), "one score per position");
    let mut failure = None;
    game.for_each_layer(range, |pos, layer| {
        if failure.is_some() {
            return;
        }
        let maximise = game.to_move(layer) == Player::First;
        // The best for the side to move is the highest score seen by the first player
        // and the highest negated score seen by the second, so one `max` serves both.
        // Wide enough that no gain plus a corrupted score overflows.
        let sign: i64 = if maximise { 1 } else { -1 };
        let mut best = i64::MIN;
        let mut unscored = false;
        game.for_each_move(pos, |_, child, gain| {
            let child_score = scores[child as usize];
            unscored |= child_score == UNSCORED;
            best = best.max(sign * (i64::from(gain) + i64::from(child_score)));
        });
        let implied = if best == i64::MIN { 0 } else { best };
        let claim = scores[pos as usize];
        if claim == UNSCORED || unscored || implied != sign * i64::from(claim) {
            failure = Some(explain(game, scores, pos, maximise));
        }
    });
    failure.map_or(Ok(()), Err)
}

/// The failure at `pos`, with its witness, once [`check_range`] has found one there.
#[cold]
fn explain<G: LayeredGame>(
    game: &G,
    scores: &[Score],
    pos: Position,
    maximise: bool,
) -> Inconsistency {
    let claim = Some(scores[pos as usize]).filter(|&s| s != UNSCORED);
    let mut unscored = None;
    let mut best: Option<(i64, Position, Score)> = None;
    game.for_each_move(pos, |_, child, gain| {
        let child_score = scores[child as usize];
        if child_score == UNSCORED {
            unscored = unscored.or(Some(child));
        }
        let score = i64::from(gain) + i64::from(child_score);
        let better = best.map_or(true, |(b, ..)| if maximise { score > b } else { score < b });
        if better {
            best = Some((score, child, gain));
        }
    });
    let flaw = match (claim, unscored, best) {
        (None, ..) => Flaw::Unscored,
        (_, Some(child), _) => Flaw::UnscoredChild { child },
        (_, None, None) => Flaw::NoMove,
        (_, None, Some((_, child, gain))) => Flaw::BestMove {
            child,
            gain,
            child_score: scores[child as usize],
        },
    };
    Inconsistency {
        position: pos,
        claim,
        flaw,
    }
}
