//! Tableau (RULES §3): the contest vectors through the CLI, every position of tiny boards
//! against an exhaustive minimax over move sequences, the step-wise solver, bad input.

use std::collections::HashMap;
use std::process::Output;

use retrolab::games::tableau::{Tableau, TableauBoard};
use retrolab::{LayeredGame, LayeredSolver, Phase, Player, Position, Score, ScoredEventKind};

use crate::common;

/// Runs `retrolab tableau` on `input`.
fn run(input: &[u8]) -> Output {
    common::run(&["tableau"], input)
}

#[test]
fn contest_vectors_match_through_the_cli() {
    let inputs = common::case_inputs("tableau");
    assert_eq!(inputs.len(), 40);
    for input in inputs {
        let output = run(&std::fs::read(&input).unwrap());
        let expected = std::fs::read_to_string(input.with_extension("ans")).unwrap();
        assert!(output.status.success(), "{}: {output:?}", input.display());
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            expected,
            "{}",
            input.display()
        );
    }
}

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: Score) -> Score {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % bound as u64) as Score
    }
}

fn random_board(rng: &mut Rng, rows: u16, cols: u16, max: Score) -> TableauBoard {
    let cells = usize::from(rows * cols);
    let first = (0..cells).map(|_| rng.below(max + 1)).collect();
    let second = (0..cells).map(|_| rng.below(max + 1)).collect();
    TableauBoard::new(rows, cols, first, second).unwrap()
}

/// The best difference from `filled` on, trying every sequence of moves: no memo, no
/// staircase indexes — the rules as the statement words them.
fn minimax(board: &TableauBoard, filled: &mut [bool], stones: usize) -> i64 {
    let (rows, cols) = (usize::from(board.rows()), usize::from(board.cols()));
    let first_moves = stones % 2 == 0;
    let mut best: Option<i64> = None;
    for cell in 0..rows * cols {
        let (row, col) = (cell / cols, cell % cols);
        let allowed =
            !filled[cell] && (row == 0 || filled[cell - cols]) && (col == 0 || filled[cell - 1]);
        if !allowed {
            continue;
        }
        filled[cell] = true;
        let gain = if first_moves {
            i64::from(board.weights(Player::First)[cell])
        } else {
            -i64::from(board.weights(Player::Second)[cell])
        };
        let score = gain + minimax(board, filled, stones + 1);
        filled[cell] = false;
        best = Some(match best {
            Some(b) if first_moves => b.max(score),
            Some(b) => b.min(score),
            None => score,
        });
    }
    best.unwrap_or(0)
}

fn solved(board: TableauBoard) -> LayeredSolver<Tableau> {
    let mut solver = LayeredSolver::new(Tableau::new(board));
    solver.solve();
    solver
}

#[test]
fn every_position_of_tiny_boards_matches_exhaustive_minimax() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for rows in 1..=8u16 {
        for cols in (1..=8u16).filter(|c| rows * c <= 8) {
            for max in [1, 9, 100_000] {
                let board = random_board(&mut rng, rows, cols, max);
                let solver = solved(board.clone());
                let game = solver.game();
                for pos in 0..game.num_positions() as Position {
                    let lengths = game.decode(pos);
                    let mut filled = vec![false; usize::from(rows * cols)];
                    for (row, &len) in lengths.iter().enumerate() {
                        for col in 0..usize::from(len) {
                            filled[row * usize::from(cols) + col] = true;
                        }
                    }
                    let stones = lengths.iter().map(|&l| usize::from(l)).sum();
                    let expected = minimax(&board, &mut filled, stones);
                    let score = solver.score(pos).map(i64::from);
                    assert_eq!(score, Some(expected), "{board:?} at {lengths:?}");
                }
            }
        }
    }
}

#[test]
fn moves_come_best_first_and_the_optimal_line_adds_up() {
    let mut rng = Rng(7);
    for (rows, cols) in [(2, 3), (3, 3), (4, 5), (1, 7), (6, 2)] {
        let solver = solved(random_board(&mut rng, rows, cols, 20));
        let game = solver.game();
        for pos in 0..game.num_positions() as Position {
            let moves = solver.moves(pos);
            let scores: Vec<Score> = moves.iter().map(|m| m.score.unwrap()).collect();
            let mut sorted = scores.clone();
            if game.to_move(game.layer(pos)) == Player::First {
                sorted.sort_by(|a, b| b.cmp(a));
            } else {
                sorted.sort();
            }
            assert_eq!(scores, sorted);
            assert_eq!(
                scores.first().copied().unwrap_or(0),
                solver.score(pos).unwrap()
            );
        }
        let start = game.start();
        let line = solver.optimal_line(start);
        assert_eq!(line.len(), usize::from(rows * cols));
        let total: Score = line.iter().map(|m| m.gain).sum();
        assert_eq!(Some(total), solver.score(start));
        assert_eq!(line.last().unwrap().child, 0, "the line fills the board");
    }
}

/// The score of the empty board by a memoized search over row-length vectors, without
/// the staircase ranking.
fn memo_score(board: &TableauBoard) -> i64 {
    fn go(board: &TableauBoard, lengths: &mut Vec<u16>, memo: &mut HashMap<Vec<u16>, i64>) -> i64 {
        if let Some(&score) = memo.get(lengths) {
            return score;
        }
        let cols = board.cols();
        let stones: usize = lengths.iter().map(|&l| usize::from(l)).sum();
        let first = stones % 2 == 0;
        let mut best: Option<i64> = None;
        for row in 0..lengths.len() {
            let above = if row == 0 { cols } else { lengths[row - 1] };
            if lengths[row] < above {
                let cell = row * usize::from(cols) + usize::from(lengths[row]);
                let gain = if first {
                    i64::from(board.weights(Player::First)[cell])
                } else {
                    -i64::from(board.weights(Player::Second)[cell])
                };
                lengths[row] += 1;
                let score = gain + go(board, lengths, memo);
                lengths[row] -= 1;
                best = Some(match best {
                    Some(b) if first => b.max(score),
                    Some(b) => b.min(score),
                    None => score,
                });
            }
        }
        let score = best.unwrap_or(0);
        memo.insert(lengths.clone(), score);
        score
    }
    go(
        board,
        &mut vec![0; usize::from(board.rows())],
        &mut HashMap::new(),
    )
}

#[test]
fn larger_boards_match_a_memoized_search() {
    let mut rng = Rng(99);
    for (rows, cols) in [(5, 5), (4, 7), (7, 3), (1, 12), (12, 1), (6, 6)] {
        let board = random_board(&mut rng, rows, cols, 100_000);
        let solver = solved(board.clone());
        let start = solver.game().start();
        assert_eq!(solver.score(start).map(i64::from), Some(memo_score(&board)));
    }
}

#[test]
fn small_steps_reach_the_same_scores_and_report_the_frontier() {
    let mut rng = Rng(3);
    let board = random_board(&mut rng, 4, 4, 50);
    let whole = solved(board.clone());
    let mut solver = LayeredSolver::new(Tableau::new(board));
    solver.set_recording(true);
    let total = solver.game().num_positions() as u64;
    let mut last_layer = u32::MAX;
    let mut last_decided = 0;
    let mut scored = 0;
    loop {
        let progress = solver.step(3);
        let (layer, layers) = (progress.counts.layer, progress.counts.layers);
        assert_eq!((progress.total, layers), (total, 17));
        assert!(progress.decided >= last_decided && layer <= last_layer);
        (last_decided, last_layer) = (progress.decided, layer);
        for event in solver.events() {
            if event.kind == ScoredEventKind::Scored {
                assert_eq!(solver.score(event.position), Some(event.score));
                scored += 1;
            }
        }
        if progress.done {
            assert_eq!((progress.phase, progress.decided), (Phase::Done, total));
            break;
        }
    }
    assert_eq!(scored, total);
    assert_eq!(solver.scores(), whole.scores());
    let order = solver.decided_order();
    assert_eq!(order.first(), Some(&0), "the full board is scored first");
    assert_eq!(order.last(), Some(&solver.game().start()));
    assert_eq!(solver.layer_sizes().iter().sum::<u64>(), total);
}

#[test]
fn batch_solving_records_nothing() {
    let mut rng = Rng(5);
    let mut solver = LayeredSolver::new(Tableau::new(random_board(&mut rng, 3, 3, 9)));
    assert_eq!(solver.progress().phase, Phase::Scan);
    assert_eq!(solver.score(solver.game().start()), None);
    solver.solve();
    assert!(solver.events().is_empty());
}

fn assert_refused(input: &[u8], line: usize, words: &str) {
    common::assert_refused("tableau", input, line, words);
}

#[test]
fn bad_input_is_refused_with_its_line() {
    assert_refused(b"", 1, "expected the size line");
    assert_refused(b"2\n", 1, "found too few");
    assert_refused(b"2 3 4\n", 1, "found more");
    assert_refused(b"0 3\n", 1, "n must be between 1 and 63");
    assert_refused(b"2 -3\n", 1, "m must be between 1 and 63, found -3");
    assert_refused(b"99999999999999999999 2\n", 1, "n must be between 1 and 63");
    assert_refused(b"\n13 13\n", 2, "C(26, 13) = 10400600 staircase positions");
    assert_refused(b"32 32\n", 1, "C(64, 32) = 1832624140942590534 staircase");
    assert_refused(b"40 40\n", 1, "too large");
    assert_refused(b"2 3\n2 7 3\n", 3, "expected row 2 of table A");
    assert_refused(
        b"2 3\n2 7 3\n9 1 2\n3 7 2\n",
        5,
        "expected row 2 of table B",
    );
    assert_refused(
        b"2 3\n2 7\n",
        2,
        "row 1 of table A has 2 numbers, expected m = 3",
    );
    assert_refused(b"2 3\n2 7 3\n9 1 2\n3 7 2 1\n", 4, "has 4 numbers");
    assert_refused(
        b"1 1\n-1\n2\n",
        2,
        "A[1][1] must be between 0 and 100000, found -1",
    );
    assert_refused(
        b"1 1\n1\n100001\n",
        3,
        "B[1][1] must be between 0 and 100000",
    );
    assert_refused(b"1 1\n1\n2x\n", 3, "B[1][1] must be an integer");
    assert_refused(b"1 1\n1\n2\n\n5\n", 5, "unexpected text after table B");
    assert_refused(b"1 1\n\xfe\n2\n", 2, "not valid UTF-8");
}

#[test]
fn the_largest_square_board_accepted_is_solved() {
    let mut input = String::from("12 12\n");
    for table in 0..2 {
        for row in 0..12 {
            let line: Vec<String> = (0..12)
                .map(|col| ((row * 31 + col * 17 + table * 7) % 100_001).to_string())
                .collect();
            input.push_str(&line.join(" "));
            input.push('\n');
        }
    }
    let output = run(input.as_bytes());
    assert!(output.status.success(), "{output:?}");
    let answer = String::from_utf8(output.stdout).unwrap();
    assert!(answer.trim().parse::<i64>().is_ok(), "{answer}");
}
