//! A whole game in one file, to copy when starting a game: the subtraction game. Two
//! players take turns taking 1, 2 or 3 stones from a pile; whoever takes the last stone
//! wins. The rules are the [`Game`] below; retrolab's retrograde solver does the rest.
//!
//! `cargo run --example take_away` solves a pile of 21 stones and prints every pile's
//! value, the start's moves and the line of optimal play. `cargo test` runs the tests at
//! the bottom: the rules keep the engine's contract on every position, and every value is
//! the one the closed form gives (the side to move loses exactly when the pile is a
//! multiple of 4: whatever it takes, the other side takes the rest of 4).
//!
//! To show a game in the page and answer its contest format, it also needs a
//! `BoardView` and a `Kind`: docs/ARCHITECTURE.md, "Adding a game".

use retrolab::verify::outcomes;
use retrolab::{Game, Move, Player, Position, SolveError, Solver, Value};

/// The subtraction game on piles of up to `stones` stones, taking 1 to `most` a turn.
struct TakeAway {
    stones: u32,
    most: u32,
}

impl TakeAway {
    /// Positions are dense numbers, as the solver keeps its records in arrays: the pile
    /// and whose turn it is, `2 · pile + side`. (Whose turn it is does not change a pile's
    /// value, but a position says who is to move.)
    fn position(pile: u32, to_move: Player) -> Position {
        2 * pile + u32::from(to_move.index())
    }

    fn pile(pos: Position) -> u32 {
        pos / 2
    }
}

// SAFETY: the one promise the solver relies on without checking it: `for_each_parent`
// lists only positions below `num_positions()` (piles up to `stones`).
unsafe impl Game for TakeAway {
    fn num_positions(&self) -> usize {
        2 * (self.stones as usize + 1)
    }

    fn start(&self) -> Position {
        TakeAway::position(self.stones, Player::First)
    }

    /// The side to move is the lowest bit.
    fn to_move(&self, pos: Position) -> Player {
        Player::from_parity(pos)
    }

    /// An empty pile: the other side took the last stone, so the side to move has lost.
    fn primitive(&self, pos: Position) -> Option<Value> {
        (TakeAway::pile(pos) == 0).then_some(Value::Lose)
    }

    /// Take 1 to `most` stones (no more than the pile holds); the other side moves next.
    /// A move is shown as the pile before and after it.
    fn for_each_move(&self, pos: Position, mut f: impl FnMut(Move, Position)) {
        let (pile, next) = (TakeAway::pile(pos), self.to_move(pos).other());
        for take in 1..=self.most.min(pile) {
            let mv = Move {
                from: pile as u16,
                to: (pile - take) as u16,
            };
            f(mv, TakeAway::position(pile - take, next));
        }
    }

    /// The moves backwards: the other side took 1 to `most` stones from a larger pile.
    fn for_each_parent(&self, pos: Position, mut f: impl FnMut(Position)) {
        let (pile, before) = (TakeAway::pile(pos), self.to_move(pos).other());
        for took in 1..=self.most {
            if pile + took <= self.stones {
                f(TakeAway::position(pile + took, before));
            }
        }
    }
}

fn main() -> Result<(), SolveError> {
    let game = TakeAway {
        stones: 21,
        most: 3,
    };
    println!("Take 1 to 3 stones; whoever takes the last stone wins.");
    let mut solver = Solver::new(game);
    solver.solve()?;

    // Every pile's value for the side to move, and the moves until the end.
    for pile in 0..=21 {
        let outcome = solver
            .outcome(TakeAway::position(pile, Player::First))
            .expect("a solved table decides every position");
        println!(
            "pile {pile:2}: {:?} in {}",
            outcome.value, outcome.remoteness
        );
    }

    // The start's moves, best first, each with its value for the player making it.
    let start = solver.game().start();
    for choice in solver.moves(start) {
        let outcome = choice.outcome.expect("decided");
        let take = choice.mv.from - choice.mv.to;
        println!("take {take}: {:?} in {}", outcome.value, outcome.remoteness);
    }

    // Optimal play from the start: the winner hurries, the loser delays.
    let piles: Vec<String> = solver
        .optimal_line(start)
        .iter()
        .map(|step| step.mv.to.to_string())
        .collect();
    println!("optimal play from 21: {}", piles.join(" → "));

    // The table checked from the rules alone, without the solver.
    match outcomes::check(solver.game(), solver.records()) {
        Ok(()) => println!("every value checked from the rules alone"),
        Err(e) => println!("check failed at position {}", e.position),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use retrolab::check_children_parents;

    /// The closed form: with `most` the largest take, the side to move loses when the pile
    /// is a multiple of `most + 1`, in two moves per `most + 1` stones (whatever the loser
    /// takes, the winner takes the rest of them); otherwise it takes the remainder first
    /// and wins one move sooner than that.
    fn closed_form(pile: u32, most: u32) -> (Value, u16) {
        let (rounds, rest) = (pile / (most + 1), pile % (most + 1));
        let remoteness = (2 * rounds + u32::from(rest > 0)) as u16;
        let value = if rest == 0 { Value::Lose } else { Value::Win };
        (value, remoteness)
    }

    #[test]
    fn the_rules_keep_the_engines_contract_on_every_position() {
        for stones in 0..30 {
            for most in 1..6 {
                let game = TakeAway { stones, most };
                assert_eq!(check_children_parents(&game), Ok(()), "{stones}, {most}");
            }
        }
    }

    #[test]
    fn every_position_has_the_value_of_the_closed_form() {
        for most in 1..6 {
            let mut solver = Solver::new(TakeAway { stones: 60, most });
            solver.solve().unwrap();
            for pos in 0..solver.game().num_positions() as Position {
                let outcome = solver.outcome(pos).unwrap();
                let pile = TakeAway::pile(pos);
                let expected = closed_form(pile, most);
                assert_eq!(
                    (outcome.value, outcome.remoteness),
                    expected,
                    "pile {pile}, most {most}"
                );
            }
            assert_eq!(outcomes::check(solver.game(), solver.records()), Ok(()));
        }
    }

    #[test]
    fn optimal_play_leaves_multiples_of_four_until_the_pile_is_empty() {
        let mut solver = Solver::new(TakeAway {
            stones: 21,
            most: 3,
        });
        solver.solve().unwrap();
        let line = solver.optimal_line(solver.game().start());
        let piles: Vec<u16> = line.iter().map(|step| step.mv.to).collect();
        // The winner moves first and then every other move: its moves leave 20, 16, ….
        let winners: Vec<u16> = piles.iter().step_by(2).copied().collect();
        assert_eq!(winners, [20, 16, 12, 8, 4, 0]);
        assert_eq!(piles.len(), 11);
        assert!(piles.windows(2).all(|w| w[0] > w[1] && w[0] - w[1] <= 3));
    }
}
