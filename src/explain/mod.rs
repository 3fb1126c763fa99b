//! Why a position has its value, for a person to browse and to check — on a finished
//! analysis ([`crate::analysis::Analysis`]), whatever the game.
//!
//! - [`walk`]: the size of the strategy proof of a position, counted a slice at a time
//!   (a 16×16 river proof has millions of positions: never built up front), and the tie
//!   region of a tie. The page shows the proof itself as the line of best play, each
//!   step's moves asked of the analysis ([`Analysis::optimal_line`], [`Analysis::moves`]).
//! - [`tie`]: the cycle best play runs into from a tie, and every way out of it.
//! - [`maps`]: the winner's replies wherever one piece stands — a strategy as a map.
//! - [`check`]: the verifier ([`crate::verify`]) over a finished analysis, a slice at a time.
//!
//! Which moves a proof follows is one rule ([`follow`]): a proof that a side wins needs only the winner's best move where the
//! winner moves, but every move where the loser does.

pub mod check;
pub mod maps;
pub mod tie;
pub mod walk;

use crate::analysis::{self, Analysis, MoveView, Worth};
use crate::game::{Player, Position, Value};
use crate::memory::OutOfMemory;
use crate::words::{self, Message, Worded};

/// Why an explanation cannot be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExplainError {
    /// The analysis is not finished, so values may still change.
    Unsolved,
    /// The explanation was made for another analysis (its number of positions differs).
    OtherAnalysis,
    /// What the analysis said (a position out of range, no such piece).
    Analysis(analysis::Error),
    /// The memory of a walk over a proof could not be had (its bits grow with the
    /// positions, its queue with the proof).
    Memory(OutOfMemory),
}

impl Worded for ExplainError {
    fn words(&self) -> Message {
        match self {
            ExplainError::Unsolved => Message::new(words::EXPLAIN_UNSOLVED),
            ExplainError::OtherAnalysis => Message::new(words::EXPLAIN_OTHER),
            ExplainError::Analysis(e) => e.words(),
            ExplainError::Memory(e) => {
                Message::new(words::EXPLAIN_WALK_MEMORY).with("refusal", e.words())
            }
        }
    }
}

crate::words::english!(ExplainError);

impl std::error::Error for ExplainError {}

impl From<analysis::Error> for ExplainError {
    fn from(e: analysis::Error) -> Self {
        ExplainError::Analysis(e)
    }
}

/// `analysis`, if it is finished: explanations read final values only.
fn solved(analysis: &dyn Analysis) -> Result<&dyn Analysis, ExplainError> {
    if analysis.progress().done {
        Ok(analysis)
    } else {
        Err(ExplainError::Unsolved)
    }
}

/// The worth of `pos` in a finished analysis, and who moves there.
fn decided(analysis: &dyn Analysis, pos: Position) -> Result<(Worth, Player), ExplainError> {
    let to_move = analysis.side_to_move(pos)?;
    let worth = analysis.outcome(pos).ok_or(ExplainError::Unsolved)?;
    Ok((worth, to_move))
}

/// Which moves of a position a proof follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Follow {
    /// The side to move's best move only: the strategy being proved picks it.
    Best,
    /// Every move: the strategy must answer whatever the other side plays.
    All,
    /// Every move to a tie: best play from a tie never leaves the ties.
    Ties,
}

/// Whose strategy a proof is: the side to move of a won, lost or tied position proves its
/// value with one strategy; a scored position needs two — the first player's, which
/// makes at least the score, and the second's, which holds it to at most the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Win / Lose / Tie games: the winner's strategy (a tie: both sides keep the tie).
    Valued,
    /// Scored games: `player`'s strategy, which guarantees its side of the score.
    Scored(Player),
}

/// The moves of a position worth `worth`, `to_move` to move, that `strategy`'s proof
/// follows. A won position: the winner's best move; a lost one: every move (each leads to
/// a win for the other side); a tie: the moves that keep the tie. Scored: the strategy's
/// owner plays its best move, the other side may play anything.
pub fn follow(strategy: Strategy, worth: Worth, to_move: Player) -> Follow {
    match (strategy, worth) {
        (Strategy::Scored(owner), _) if owner == to_move => Follow::Best,
        (Strategy::Scored(_), _) => Follow::All,
        (Strategy::Valued, Worth::Valued(o)) => match o.value {
            Value::Win => Follow::Best,
            Value::Lose => Follow::All,
            Value::Tie => Follow::Ties,
        },
        // A scored worth in a win/lose game does not happen; follow everything.
        (Strategy::Valued, Worth::Scored(_)) => Follow::All,
    }
}

/// The moves of `moves` (best first, as [`Analysis::moves`] lists them) that `follow` keeps.
pub fn followed(moves: Vec<MoveView>, follow: Follow) -> Vec<MoveView> {
    match follow {
        Follow::Best => moves.into_iter().take(1).collect(),
        Follow::All => moves,
        Follow::Ties => moves.into_iter().filter(is_tie_move).collect(),
    }
}

/// Whether a move leads to a tie.
fn is_tie_move(m: &MoveView) -> bool {
    matches!(m.worth, Some(Worth::Valued(o)) if o.value == Value::Tie)
}

/// Works in chunks of `chunk` units with `step` until its report is `done`, it fails, or
/// `time_up()` says so (asked between chunks); at least one chunk. Returns the last report.
fn run_for<P>(
    chunk: usize,
    mut step: impl FnMut(usize) -> Result<P, ExplainError>,
    done: impl Fn(&P) -> bool,
    mut time_up: impl FnMut() -> bool,
) -> Result<P, ExplainError> {
    loop {
        let report = step(chunk)?;
        if done(&report) || time_up() {
            return Ok(report);
        }
    }
}

#[cfg(test)]
pub(crate) mod testing {
    //! Small solved games for the explanations' tests.

    use crate::analysis::{Analysis, Built};

    /// The river sample boards (tests/cases/river/sample1.in) as board text.
    pub const RIVER_SAMPLES: [&str; 5] = [
        "...#O\n.#..#\n#O#..\n.#..X\n",
        "#.#\nO.O\n.X.\n",
        "O..\n.#X\n.O.\n",
        ".....\n.....\n..O..\n#..#.\nO#.X.\n",
        "...######\n.#.......\n.#######.\n.#.#.....\n.#O#.####\n.#.#.....\n.#######.\n.#X......\n.O.......\n",
    ];

    /// `game` on `text`, solved.
    pub fn solved(game: &str, text: &str) -> Box<dyn Analysis> {
        let mut analysis = Built::parse(game, text).unwrap().analysis().unwrap();
        while !analysis.run_for(usize::MAX, || false).unwrap().done {}
        analysis
    }
}
