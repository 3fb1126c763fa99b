//! What a table answers: a position's outcome, its moves, the line of optimal play.

use super::solver::Solver;
use super::types::{Keep, MoveOutcome};
use crate::game::{Game, Position};
use crate::progress::Phase;
use crate::record::{self, Outcome};

impl<G: Game> Solver<G> {
    /// Where the record of `pos` is in the table, if the table holds it.
    pub(super) fn slot(&self, pos: Position) -> Option<usize> {
        match self.table.keep {
            Keep::All => Some(pos as usize).filter(|&i| i < self.table.words.len()),
            Keep::TwoTiers => {
                let held = [Some(self.tier), self.tier.checked_sub(1)];
                held.into_iter().flatten().find_map(|tier| {
                    let range = self.tier_range(tier);
                    // The tier being scanned holds older records beyond the cursor. (The
                    // tier before lies wholly below it: tiers are ascending ranges.)
                    let written = self.phase != Phase::Scan || (pos as usize) < self.cursor;
                    (range.contains(&pos) && written).then(|| {
                        self.table.offset(tier, range.start) + (pos - range.start) as usize
                    })
                })
            }
        }
    }

    /// Value and remoteness of `pos` for the side to move; `None` while undecided (or,
    /// with [`Keep::TwoTiers`], not held).
    pub fn outcome(&self, pos: Position) -> Option<Outcome> {
        record::unpack(self.table.words[self.slot(pos)?])
    }

    /// Every legal move from `pos` with the outcome it leads to, best first for the side
    /// to move: quickest wins, then ties, then slowest losses, then undecided moves.
    /// Empty for primitive positions.
    pub fn moves(&self, pos: Position) -> Vec<MoveOutcome> {
        let mut moves = Vec::new();
        if (pos as usize) >= self.game.num_positions() || self.game.primitive(pos).is_some() {
            return moves;
        }
        self.game.for_each_move(pos, |mv, child| {
            moves.push(MoveOutcome {
                mv,
                child,
                outcome: self.outcome(child).map(Outcome::before_move),
            });
        });
        moves.sort_by_key(|m| m.outcome.map_or((3, 0), Outcome::preference));
        moves
    }

    /// The line of optimal play from `from` until the game ends, as the moves made.
    ///
    /// The winner takes a quickest win, the loser a slowest loss. In a tie the line
    /// follows tying moves until it would repeat a position. Empty before `from` is decided.
    pub fn optimal_line(&self, from: Position) -> Vec<MoveOutcome> {
        let mut line = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut pos = from;
        while seen.insert(pos) {
            let Some(best) = self.moves(pos).into_iter().next() else {
                break;
            };
            if best.outcome.is_none() || self.outcome(pos) != best.outcome {
                break;
            }
            pos = best.child;
            line.push(best);
        }
        line
    }
}
