//! Chase (RULES §2): the contest vectors through the CLI, every position of small boards
//! against an independent naive solver, and bad input.

use std::collections::HashMap;
use std::process::Output;

use retrolab::games::chase::{Chase, ChaseBoard, MAX_SIDE};
use retrolab::{Coord, Game, Order, Outcome, Player, Position, Solver, Value};

use crate::common;

/// Runs `retrolab chase` on `input`.
fn run(input: &[u8]) -> Output {
    common::run(&["chase"], input)
}

fn cases_path(name: &str) -> String {
    format!("{}/tests/cases/chase/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn contest_vectors_match_through_the_cli() {
    let input = std::fs::read(cases_path("cases.in")).unwrap();
    let expected = std::fs::read_to_string(cases_path("cases.ans")).unwrap();
    let output = run(&input);
    assert!(output.status.success(), "{output:?}");
    let answers = String::from_utf8(output.stdout).unwrap();
    assert_eq!(answers.lines().count(), expected.lines().count());
    for (number, (got, want)) in answers.lines().zip(expected.lines()).enumerate() {
        assert_eq!(got, want, "query on line {}", number + 1);
    }
    assert_eq!(answers, expected);
}

#[test]
fn the_sample_is_black_in_two() {
    let output = run(b"2 1 1 2 2\n");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "BLACK 2\n");
}

/// A position as the naive solver sees it: (white, black, white to move), 1-based cells.
type State = ((i32, i32), (i32, i32), bool);

/// The rules written out again, independently of the game module.
fn naive_moves(n: i32, (white, black, white_to_move): State) -> Vec<State> {
    if white == black {
        return Vec::new();
    }
    let on_board = |(r, c): (i32, i32)| (1..=n).contains(&r) && (1..=n).contains(&c);
    let mut next = Vec::new();
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        if white_to_move {
            let to = (white.0 + dr, white.1 + dc);
            if on_board(to) {
                next.push((to, black, false));
            }
        } else {
            for steps in 1..=2 {
                let to = (black.0 + dr * steps, black.1 + dc * steps);
                if on_board(to) {
                    next.push((white, to, true));
                }
            }
        }
    }
    next
}

/// Value and remoteness of every position, level by level: a position is a win in `k`
/// if it has a move to a loss in `k - 1`; a loss in `k` if all its moves go to wins and
/// the slowest of them is in `k - 1`. Whatever no level decides is a tie.
fn naive_solve(n: i32) -> HashMap<State, Outcome> {
    let cells: Vec<(i32, i32)> = (1..=n).flat_map(|r| (1..=n).map(move |c| (r, c))).collect();
    let mut states = Vec::new();
    for &white in &cells {
        for &black in &cells {
            states.push((white, black, true));
            states.push((white, black, false));
        }
    }
    let mut known: HashMap<State, Outcome> = HashMap::new();
    for &s in &states {
        if naive_moves(n, s).is_empty() {
            known.insert(
                s,
                Outcome {
                    value: Value::Lose,
                    remoteness: 0,
                },
            );
        }
    }
    for level in 1.. {
        let mut decided = Vec::new();
        for &s in states.iter().filter(|s| !known.contains_key(s)) {
            let children: Vec<Option<Outcome>> = naive_moves(n, s)
                .into_iter()
                .map(|c| known.get(&c).copied())
                .collect();
            let is =
                |o: &Option<Outcome>, value, remoteness| *o == Some(Outcome { value, remoteness });
            if children.iter().any(|o| is(o, Value::Lose, level - 1)) {
                decided.push((s, Value::Win));
            } else if children
                .iter()
                .all(|o| o.is_some_and(|o| o.value == Value::Win))
                && children.iter().any(|o| is(o, Value::Win, level - 1))
            {
                decided.push((s, Value::Lose));
            }
        }
        if decided.is_empty() {
            break;
        }
        for (s, value) in decided {
            known.insert(
                s,
                Outcome {
                    value,
                    remoteness: level,
                },
            );
        }
    }
    for s in states {
        known.entry(s).or_insert(Outcome {
            value: Value::Tie,
            remoteness: 0,
        });
    }
    known
}

fn board(n: u16, white: (u16, u16), black: (u16, u16)) -> ChaseBoard {
    ChaseBoard::new(
        n,
        Coord::new(white.0, white.1),
        Coord::new(black.0, black.1),
    )
    .unwrap()
}

#[test]
fn every_position_matches_a_naive_solver_on_small_boards() {
    // Chase has no tiers: in tier order it is one tier, solved as in the global order.
    for (n, order) in (2..=7u16).flat_map(|n| [(n, Order::Global), (n, Order::Tiers)]) {
        let mut solver = Solver::with_order(Chase::new(board(n, (0, 0), (n - 1, n - 1))), order);
        solver.solve().unwrap();
        assert_eq!(solver.progress().counts.tiers, 1);
        let naive = naive_solve(i32::from(n));
        let game = solver.game();
        assert_eq!(naive.len(), game.num_positions());
        for pos in 0..game.num_positions() as Position {
            let p = game.decode(pos);
            let state = (
                (i32::from(p.white.row) + 1, i32::from(p.white.col) + 1),
                (i32::from(p.black.row) + 1, i32::from(p.black.col) + 1),
                p.to_move == Player::First,
            );
            assert_eq!(solver.outcome(pos), Some(naive[&state]), "n = {n}, {p:?}");
        }
    }
}

#[test]
fn no_position_is_a_tie_on_any_accepted_board() {
    for n in 2..=MAX_SIDE {
        let mut solver = Solver::new(Chase::new(board(n, (0, 0), (0, 1))));
        solver.solve().unwrap();
        assert_eq!(solver.progress().counts.ties, 0, "n = {n}");
    }
}

#[test]
fn the_optimal_line_ends_in_a_capture_after_remoteness_moves() {
    let mut solver = Solver::new(Chase::new(board(20, (15, 10), (5, 6))));
    let start = solver.game().start();
    let outcome = solver.solve_position(start).unwrap();
    assert_eq!((outcome.value, outcome.remoteness), (Value::Lose, 46));
    solver.solve().unwrap();
    let line = solver.optimal_line(start);
    assert_eq!(line.len(), 46);
    let game = solver.game();
    let end = game.decode(line.last().unwrap().child);
    assert_eq!(end.white, end.black);
    assert_eq!(end.to_move, Player::First, "black made the capture");
    for (i, step) in line.iter().enumerate() {
        let before = if i == 0 { start } else { line[i - 1].child };
        let mover = game.decode(before);
        let moved = if i % 2 == 0 { mover.white } else { mover.black };
        assert_eq!(game.decode(before).to_move == Player::First, i % 2 == 0);
        assert_eq!(step.mv.from, moved.row * 20 + moved.col);
        // Seen by the mover, each move keeps the outcome: the loser (white) still loses.
        let value = if i % 2 == 0 { Value::Lose } else { Value::Win };
        assert_eq!(
            step.outcome,
            Some(Outcome {
                value,
                remoteness: 46 - i as u16
            })
        );
    }
}

fn assert_refused(input: &[u8], line: usize, words: &str) {
    common::assert_refused("chase", input, line, words);
}

#[test]
fn bad_input_is_refused_with_its_line() {
    assert_refused(b"", 1, "found the end of the input");
    assert_refused(b"\n\n", 3, "found the end of the input");
    assert_refused(b"3 2 2 2 2\n", 1, "both stand on cell (2, 2)");
    assert_refused(b"2 1 1 2 2\n4 5 1 1 1\n", 2, "r1 must be between 1 and 4");
    assert_refused(b"4 1 1 1 0\n", 1, "c2 must be between 1 and 4");
    assert_refused(b"1 1 1 1 1\n", 1, "n must be between 2 and 32");
    assert_refused(b"33 1 1 2 2\n", 1, "n must be between 2 and 32");
    assert_refused(b"4 1 1 2\n", 1, "found too few");
    assert_refused(b"4 1 1 2 2 1\n", 1, "found more");
    assert_refused(b"4 -1 1 2 2\n", 1, "r1 must be between 1 and 4, found -1");
    assert_refused(
        b"99999999999999999999 1 1 2 2\n",
        1,
        "n must be between 2 and 32",
    );
    assert_refused(b"4 1 1 2 2\n\n4 1 x 2 2\n", 3, "c1 must be an integer");
    assert_refused(b"4 1 1 2 2\n\xff\n", 2, "not valid UTF-8");
}

#[test]
fn many_queries_of_every_size_are_answered_from_one_table_each() {
    let mut input = String::new();
    let mut queries = 0;
    for n in 2..=MAX_SIDE {
        for (white, black) in [((1, 1), (n, n)), ((n, 1), (n, 2)), ((2, 2), (n - 1, 1))] {
            if white != black {
                input.push_str(&format!(
                    "{n} {} {} {} {}\n",
                    white.0, white.1, black.0, black.1
                ));
                queries += 1;
            }
        }
    }
    let output = run(input.repeat(20).as_bytes());
    assert!(output.status.success(), "{output:?}");
    let answers = String::from_utf8(output.stdout).unwrap();
    assert_eq!(answers.lines().count(), 20 * queries);
    assert!(answers
        .lines()
        .all(|a| a.starts_with("WHITE ") || a.starts_with("BLACK ")));
}
