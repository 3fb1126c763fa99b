//! Where each value came from: the step of the analysis that decided a position, and the
//! child that decided it — what the page says when a decided position is clicked.
//!
//! Steps are the page's timeline ([`Progress::step`](crate::analysis::Progress::step)):
//! step 1 is the scan; for win/lose games every unit taken (a popped queue entry, or in
//! [`Order::Tiers`](crate::Order::Tiers) a value arriving from the tier before) is a step
//! and marking the ties the last one — per tier, in tier order; for scored games every
//! layer scored is a step.
//!
//! - **Win/lose games.** A position of remoteness 0 is decided in the scan (the game is
//!   over there). A Win in r is decided when the first of its children lost in r − 1 is
//!   taken from the queue; a Lose in r when the last of its moves not yet known to lose is
//!   refuted, by taking a child won in r − 1 from the queue. Either way it happens while
//!   the queue works through remoteness r − 1, whose place in the queue the finished layers
//!   give (the queue is in order of remoteness). In tier order it happens while the
//!   position's tier propagates (values arriving from the tier before decide positions too,
//!   so the finished layers, counted over all tiers, do not say where). Which entry did it
//!   depends on the order of the whole queue, so [`Tracer`](crate::analysis::Tracer)
//!   re-runs the analysis on a second copy: at full speed to the start of that layer
//!   (tier), then through it with events recorded until the position is decided — the entry
//!   taken then is the child. The solver's own loop is not touched: recording is its
//!   existing slower path, used for one layer only. A tie was never decided: the last step
//!   marked it (unless the game was already over there, a draw found in the scan).
//! - **Scored games.** Every position of a layer is scored from its children, all scored
//!   in the step before; its step is its layer's, its child the best move's.

use crate::game::layered::LayeredGame;
use crate::game::{Game, Position, Value};
use crate::retro::Solver;
use crate::scored::LayeredSolver;

/// Where a decided position's worth came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// The timeline step after which the position is decided.
    pub step: u64,
    /// Why.
    pub how: How,
}

/// Why a position has its worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// The game is over there: decided in the scan.
    Scan,
    /// Won when `child`, lost for the side to move there, was taken from the queue.
    Won {
        /// The child the winning move leads to.
        child: Position,
    },
    /// Lost when `child`, won for the side to move there, was taken from the queue: it
    /// refuted the last move not yet known to lose.
    Lost {
        /// The child of that last move.
        child: Position,
    },
    /// Never decided: marked as a tie when the queue was empty.
    Tie,
    /// Scored games: scored with its layer, from its best move's child (`None`: no move,
    /// the game is over).
    Scored {
        /// The child of the best move.
        child: Option<Position>,
    },
}

/// What an analysis can tell about a decided position's provenance from its records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// All of it.
    Known(Provenance),
    /// A child taken from the queue decided it, in one of the steps `from + 1..=to` (a
    /// remoteness layer of the queue, or in tier order the tier's propagation); only a
    /// re-run can tell which ([`Tracer`](crate::analysis::Tracer)).
    Popped {
        /// Steps done before the layer's first entry was taken.
        from: u64,
        /// Steps done after its last (at most).
        to: u64,
    },
}

/// [`Analysis::origin`](crate::analysis::Analysis::origin) of a win/lose analysis.
pub fn valued_origin<G: Game>(solver: &Solver<G>, pos: Position) -> Option<Origin> {
    let outcome = solver.outcome(pos)?;
    let tier = solver.tier_steps()[solver.tier_of(pos)];
    let known = |step, how| Some(Origin::Known(Provenance { step, how }));
    // The step the tier's propagation ended with, or (still under way) the last one.
    let propagated = tier.propagated.unwrap_or(solver.progress().step);
    if outcome.value == Value::Tie {
        if solver.game().primitive(pos).is_some() {
            return known(tier.scanned, How::Scan);
        }
        // Ties are marked in the step after the tier's last unit.
        return known(propagated + 1, How::Tie);
    }
    let r = usize::from(outcome.remoteness);
    if r == 0 {
        return known(tier.scanned, How::Scan);
    }
    if solver.tier_steps().len() > 1 {
        return Some(Origin::Popped {
            from: tier.scanned,
            to: propagated,
        });
    }
    // One queue by remoteness: the layer of remoteness r − 1 decided it.
    let units = |layers: &[[u64; 2]]| layers.iter().map(|l| l[0] + l[1]).sum::<u64>();
    let layers = solver.layers();
    Some(Origin::Popped {
        from: tier.scanned + units(&layers[..r - 1]),
        to: tier.scanned + units(&layers[..r]),
    })
}

/// [`Analysis::origin`](crate::analysis::Analysis::origin) of a scored analysis.
pub fn scored_origin<G: LayeredGame>(solver: &LayeredSolver<G>, pos: Position) -> Option<Origin> {
    solver.score(pos)?;
    let layers = solver.layer_sizes().len();
    let layer = solver.game().layer(pos);
    let child = solver.moves(pos).first().map(|m| m.child);
    // Step 1 is the scan; step k + 1 scores layer `layers − k`, from the full board back.
    Some(Origin::Known(Provenance {
        step: (layers - layer + 1) as u64,
        how: How::Scored { child },
    }))
}
