//! The public types of the solver's API: the order and the records kept, chosen at
//! construction, and what it answers with.

use crate::game::{Move, Position};
use crate::memory::OutOfMemory;
use crate::record::{Outcome, MAX_REMOTENESS};
use crate::words::{self, Message, Worded};

/// The order in which an analysis decides positions; both end with the same records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// One queue for the whole game, by remoteness.
    #[default]
    Global,
    /// Tier by tier ([`Game::tier_ends`](crate::Game::tier_ends)), each tier with its own
    /// queue by remoteness. A game without tiers is one tier: the same as
    /// [`Order::Global`].
    Tiers,
}

/// Which records an analysis keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Keep {
    /// Every position's record, for as long as the solver lives.
    #[default]
    All,
    /// Only the records of the tier being solved and of the tier before it (which its scan
    /// reads): about two tiers' memory instead of the whole game's. Positions of other
    /// tiers read as undecided. Meant for [`Order::Tiers`] and
    /// [`Solver::solve_position`](super::Solver::solve_position); with [`Order::Global`]
    /// the one tier is the whole game.
    TwoTiers,
}

/// The steps ([`Progress::step`](crate::Progress::step)) at which a tier's phases ended,
/// for telling when its positions were decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TierSteps {
    /// The step that ended its scan: positions over in the game were decided by it.
    pub scanned: u64,
    /// The step after which its queue and arrivals were all taken (`None`: not yet); the
    /// next step marks its ties.
    pub propagated: Option<u64>,
}

/// The analysis failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// A line of optimal play is longer than a record can store.
    RemotenessOverflow,
    /// The system would not give the analysis its memory.
    Memory(OutOfMemory),
}

impl Worded for SolveError {
    fn words(&self) -> Message {
        match self {
            SolveError::RemotenessOverflow => {
                Message::new(words::SOLVE_REMOTENESS).with("max", MAX_REMOTENESS)
            }
            SolveError::Memory(refused) => refused.words(),
        }
    }
}

crate::words::english!(SolveError);

impl std::error::Error for SolveError {}

/// A legal move with the outcome it leads to, seen by the side making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    /// The move on the board.
    pub mv: Move,
    /// The position after the move.
    pub child: Position,
    /// Value for the mover and number of moves until the end counting this one;
    /// `None` while the child is undecided.
    pub outcome: Option<Outcome>,
}
