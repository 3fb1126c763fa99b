//! Checks a Win / Lose / Tie table from the game's forward rules alone.
//!
//! Reads the rules' end test ([`Game::primitive`]), where the moves lead
//! ([`Game::for_each_child`]: the children of [`Game::for_each_move`]) and the table (one
//! record per position, as [`crate::Solver::records`] gives it) — nothing of the
//! retrograde solver: no parents, no counters, no queue. Each position is checked against
//! its children only:
//!
//! - **(P)** a primitive position claims the rules' value at remoteness 0, and a position
//!   without moves (and no rule ending it) claims Lose in 0;
//! - **(W)** a Win in `r` has a child claimed Lose in `r − 1`, and none claimed Lose in less;
//! - **(L)** a Lose in `r` has only children claimed Win, the slowest a Win in `r − 1`;
//! - **(T)** a Tie has no child claimed Lose and at least one claimed Tie;
//! - **(D)** no position is undecided.
//!
//! Put together: every position claims exactly what its children's claims give the side
//! to move — the quickest win if a child is lost for the opponent, else a tie if a child
//! is a tie, else the slowest loss. That is how [`check_range`] tests it.
//!
//! # Why these checks prove every value
//!
//! The true values, defined level by level (as the tests' naive solvers compute them):
//! level 0 holds the primitive positions, valued as the rules say, and the positions
//! without moves, lost; a position in no earlier level is in level `r ≥ 1` as a Win in
//! `r` if a child is a Lose in `r − 1`, or as a Lose in `r` if every child is a Win of an
//! earlier level, the slowest in `r − 1`; a position in no level is a Tie (and so is a
//! primitive the rules call a draw, which none of retrolab's games has). So a
//! non-primitive position with moves is truly a Win in `r` exactly when it has a truly
//! lost child and the quickest of those is a Lose in `r − 1`, and truly a Lose in `r`
//! exactly when every child is truly a Win and the slowest is a Win in `r − 1`. (This is
//! the game's meaning: the side to move of a Win in `r` can force a win, in `r` moves
//! when the winner hurries and the loser delays; from a Tie neither side can force one.)
//!
//! **Claim.** If every position passes (P), (W), (L), (T) and (D), then for every `r` and
//! every position `p`: `p` claims Win in `r` ⇔ `p` is truly a Win in `r`, and `p` claims
//! Lose in `r` ⇔ `p` is truly a Lose in `r`.
//!
//! *Proof*, by strong induction on `r`; assume the claim for every remoteness below `r`.
//!
//! - `r = 0`. The true Wins and Losses in 0 are the primitive positions the rules call
//!   won or lost and the positions without moves (lost), and (P) makes every primitive
//!   and every position without moves claim its true value at 0. Any other position
//!   claims no Win or Lose in 0: a Win in 0 would need a child claimed Lose in −1 (W), a
//!   Lose in 0 a child claimed Win in −1 as its slowest (L; it has children).
//! - Claimed Win in `r` ⇒ true. By (W) a child `c` claims Lose in `r − 1`, so by induction
//!   `c` truly is one, and no child claims Lose in `s < r − 1`, so by induction no child
//!   is truly a Lose in `s`. The quickest truly lost child is a Lose in `r − 1`: `p` is
//!   truly a Win in `r`.
//! - True Win in `r` ⇒ claimed. Its quickest truly lost child `c` is a Lose in `r − 1`
//!   and, by induction, claims so. So `p` claims neither Tie (T forbids a child claimed
//!   Lose) nor Lose (L allows only children claimed Win), and by (D) it claims something:
//!   a Win in some `r'`. By (W) no child claims a Lose below `r' − 1`, and `c` claims Lose
//!   in `r − 1`, so `r' ≤ r`; and some child claims Lose in `r' − 1`, which for `r' < r`
//!   would by induction be a true Lose quicker than `c`. So `r' = r`.
//! - Claimed Lose in `r` ⇒ true. By (L) every child claims a Win in some `s ≤ r − 1`, so by
//!   induction each truly is that Win; the slowest is in `r − 1`: `p` is truly a Lose in `r`.
//! - True Lose in `r` ⇒ claimed. Every child is truly a Win in some `s ≤ r − 1` and by
//!   induction claims so. Then `p` cannot claim Tie (T wants a child claimed Tie) nor Win
//!   (W wants a child claimed Lose), and not undecided (D): it claims a Lose, and by (L)
//!   the slowest child's `s + 1`, which is `r`. ∎
//!
//! **The ties follow.** By (D) every position claims something, so `p` claims Tie ⇔ it
//! claims no Win or Lose ⇔ (by the claim) it is truly neither ⇔ it is truly a Tie. No
//! global check is needed for them, and (T) is what does the work: a Tie claimed for a
//! true Win is caught at that position because its quickest lost child claims its true
//! Lose (by induction), which (T) forbids; a Tie claimed for a true Lose is caught because
//! all its children claim their true Wins, so none is a Tie. A cycle of claims cannot hold
//! itself up: along the links (W) and (L) check the remoteness falls strictly, so every
//! chain of Win and Lose claims ends at level 0, and cycles can only run through Ties,
//! which hide no Win or Lose. In game terms: from a claimed Tie the side to move keeps the
//! game in claimed Ties by (T) (a primitive never claims Tie unless the rules say so), and
//! any move out of them goes to a claimed Win for the opponent, which is a true one.
//!
//! What is proved, exactly: the table is the true one *for the rules as [`Game::primitive`]
//! and [`Game::for_each_child`] state them*. The checks trust those two functions — they
//! are the rules, tested on their own against the statement (and
//! [`crate::game::check::check_children_parents`] checks the children are
//! [`Game::for_each_move`]'s) — and nothing else of the game or the solver. The tests also
//! check the claim itself: on small random games, of all 12⁵ tables the check accepts
//! exactly the true one.

use std::ops::Range;

use crate::game::{Game, Position, Value};
use crate::record::{self, Outcome, REMOTENESS_MASK};

/// Why a position's claim does not hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// The record is undecided (D).
    Undecided,
    /// The rules end the game here with this outcome (P).
    Over(Outcome),
    /// The side to move has no move, so it has lost: Lose in 0 (P).
    NoMove,
    /// The side to move's best move leads to `child`, claimed `child_claim` (`None`:
    /// undecided); that makes this position [`Outcome::before_move`] of it (W, L, T).
    BestMove {
        /// The position the best move leads to.
        child: Position,
        /// What the table claims for `child`.
        child_claim: Option<Outcome>,
    },
}

/// A position whose claim its rules and children contradict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Inconsistency {
    /// The position.
    pub position: Position,
    /// What the table claims for it (`None`: undecided).
    pub claim: Option<Outcome>,
    /// What contradicts the claim.
    pub flaw: Flaw,
}

impl Inconsistency {
    /// "position … claims … but …", with positions written by `show`.
    pub fn describe(&self, show: impl Fn(Position) -> String) -> String {
        let but = match self.flaw {
            Flaw::Undecided => "every position must be decided".to_string(),
            Flaw::Over(outcome) => {
                format!(
                    "the rules end the game there: {}",
                    claim_text(Some(outcome))
                )
            }
            Flaw::NoMove => "the side to move has no move: Lose in 0".to_string(),
            Flaw::BestMove {
                child,
                child_claim: None,
            } => format!("its move to {} leads to an undecided position", show(child)),
            Flaw::BestMove {
                child,
                child_claim: Some(outcome),
            } => format!(
                "its best move leads to {}, which claims {}, so it is {}",
                show(child),
                claim_text(Some(outcome)),
                claim_text(Some(outcome.before_move()))
            ),
        };
        format!(
            "position {} claims {} but {but}",
            show(self.position),
            claim_text(self.claim)
        )
    }
}

/// A claim in words: `Win in 5`, `Lose in 0`, `Tie`, `nothing`.
fn claim_text(claim: Option<Outcome>) -> String {
    match claim {
        Some(Outcome {
            value: Value::Tie, ..
        }) => "Tie".to_string(),
        Some(Outcome { value, remoteness }) => format!("{value:?} in {remoteness}"),
        None => "nothing".to_string(),
    }
}

/// Checks every position of the table: `Ok` when all hold, else the first failure.
///
/// # Panics
/// If `records` does not hold one record per position of `game`.
pub fn check<G: Game>(game: &G, records: &[u16]) -> Result<(), Inconsistency> {
    check_range(game, records, 0..records.len() as Position)
}

/// Checks the positions of `range` (P, W, L, T, D in the module's documentation)
/// against their children in the whole table `records`; returns the first failure.
///
/// # Panics
/// If `records` does not hold one record per position of `game`, or `range` reaches
/// past it.
pub fn check_range<G: Game>(
    game: &G,
    records: &[u16],
    range: Range<Position>,
) -> Result<(), Inconsistency> {
    assert_eq!(
        records.len(),
        game.num_positions(),
        "one record per position"
    );
    for pos in range {
        let implied = match game.primitive(pos) {
            Some(value) => Claim::of_record(record::pack(value, 0)),
            None => {
                let mut children = Children::NONE;
                game.for_each_child(pos, |child| children.add(records[child as usize]));
                children.implied()
            }
        };
        if implied != Claim::of_record(records[pos as usize]) {
            return Err(explain(game, records, pos));
        }
    }
    Ok(())
}

/// A record as one comparable number, `state << 16 | remoteness` (states as in
/// [`crate::record`]), Tie's remoteness bits ignored as [`record::unpack`] ignores them.
/// The extra bits hold a win in `MAX_REMOTENESS + 1`, which no record can claim, and
/// `u32::MAX` what an undecided child implies, which none claims either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Claim(u32);

impl Claim {
    const WIN: u32 = 1 << 16;
    const LOSE: u32 = 2 << 16;
    const TIE: u32 = 3 << 16;

    /// Branch-free, as [`Children::implied`].
    #[inline(always)]
    fn of_record(record: u16) -> Claim {
        let state = record >> 14;
        let remoteness = if state == 3 {
            0
        } else {
            record & REMOTENESS_MASK
        };
        Claim(u32::from(state) << 16 | u32::from(remoteness))
    }
}

/// The children's records, gathered without a branch (a child's value is as
/// unpredictable as it gets): the least of them with the top bit flipped, and the
/// largest. Flipping orders the records by what the move gives the side to move:
///
/// | child record | flipped | the move gives the side to move |
/// | --- | --- | --- |
/// | Lose in `s` | `s` | a win in `s + 1`, the quicker the better |
/// | Tie | `0x4000` (to `0x7FFF` with stray remoteness bits) | a tie |
/// | undecided | `0x8000` to `0xBFFF` | nothing known |
/// | Win in `s` | `0xC000 + s` | a loss in `s + 1` |
///
/// so the least says which it is; when every child is won, the largest record is the
/// slowest win, the best loss.
#[derive(Clone, Copy, Debug)]
struct Children {
    least_flipped: u32,
    largest: u16,
}

impl Children {
    /// No child yet: the least is above every record.
    const NONE: Children = Children {
        least_flipped: 1 << 16,
        largest: 0,
    };

    #[inline(always)]
    fn add(&mut self, record: u16) {
        self.least_flipped = self.least_flipped.min(u32::from(record ^ 0x8000));
        self.largest = self.largest.max(record);
    }

    /// What the children make the parent. Branch-free: which of the five it is varies
    /// from one position to the next as unpredictably as the children's values.
    #[inline(always)]
    fn implied(self) -> Claim {
        /// The state for each class of the least flipped record; an undecided best child
        /// (class 2) implies what no record claims.
        const STATES: [u32; 5] = [Claim::WIN, Claim::TIE, u32::MAX, Claim::LOSE, Claim::LOSE];
        let least = self.least_flipped;
        let class = (least >> 14) as usize;
        let quickest_win = if class == 0 { least + 1 } else { 0 };
        let slowest_loss = if class == 3 {
            u32::from(self.largest & REMOTENESS_MASK) + 1
        } else {
            0
        };
        // Class 4: no move, a loss in 0.
        Claim(STATES[class] | quickest_win | slowest_loss)
    }
}

/// The failure at `pos`, with its witness, once [`check_range`] has found one there.
#[cold]
fn explain<G: Game>(game: &G, records: &[u16], pos: Position) -> Inconsistency {
    let claim = record::unpack(records[pos as usize]);
    let flaw = if claim.is_none() {
        Flaw::Undecided
    } else if let Some(value) = game.primitive(pos) {
        Flaw::Over(Outcome {
            value,
            remoteness: 0,
        })
    } else {
        // An undecided child first: no best move can be named past it. Then the best
        // move: the least flipped record, and among wins (flipped from 0xC000 up) the
        // largest.
        let mut best: Option<(bool, u32, Position)> = None;
        game.for_each_child(pos, |child| {
            let record = records[child as usize];
            let flipped = u32::from(record ^ 0x8000);
            let order = if flipped >= 0xC000 {
                0x1_BFFF - flipped
            } else {
                flipped
            };
            let rank = (record::unpack(record).is_some(), order, child);
            best = Some(best.map_or(rank, |b| b.min(rank)));
        });
        match best {
            None => Flaw::NoMove,
            Some((_, _, child)) => Flaw::BestMove {
                child,
                child_claim: record::unpack(records[child as usize]),
            },
        }
    };
    Inconsistency {
        position: pos,
        claim,
        flaw,
    }
}
