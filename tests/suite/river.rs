//! River pawn: contest vectors, one test per rule, and the solver against a deliberately
//! naive fixpoint computation on random small boards.

use crate::common;

use common::river_boards as boards;

use std::collections::HashMap;

use proptest::prelude::*;
use proptest::sample::Index;
use retrolab::games::river::{River, RiverBoard, RiverPosition, Span};
use retrolab::grid::Grid;
use retrolab::{
    check_children_parents, Coord, EventKind, Game, Keep, Order, Outcome, Phase, Player, Position,
    Solver, Value, Workspace,
};

/// Both orders of the analysis; they must end with the same records.
const ORDERS: [Order; 2] = [Order::Global, Order::Tiers];

fn board(text: &str) -> RiverBoard {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn solved(text: &str) -> Solver<River> {
    solved_in(text, Order::Global)
}

fn solved_in(text: &str, order: Order) -> Solver<River> {
    let mut solver = Solver::with_order(River::new(board(text)), order);
    solver.solve().expect("small boards solve");
    solver
}

fn position(reds: [(u16, u16); 2], black: (u16, u16), to_move: Player) -> RiverPosition {
    let c = |(r, col): (u16, u16)| Coord::new(r, col);
    RiverPosition {
        reds: [c(reds[0]), c(reds[1])],
        black: c(black),
        to_move,
    }
}

fn start_answer(text: &str) -> String {
    let solver = solved(text);
    retrolab::games::river::contest::answer(solver.outcome(solver.game().start()).unwrap())
}

#[test]
fn every_contest_vector_gives_the_contest_answer() {
    let mut checked = 0;
    for path in common::case_inputs("river") {
        let input = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("ans")).unwrap();
        for (order, keep) in [
            (Order::Global, Keep::All),
            (Order::Tiers, Keep::All),
            (Order::Tiers, Keep::TwoTiers),
        ] {
            let mut answers = String::new();
            // One workspace for the whole file, as the command line keeps it.
            let mut workspace = Workspace::default();
            for board in retrolab::games::river::contest::parse(&input).unwrap() {
                let mut solver =
                    Solver::in_workspace(River::new(board), order, keep, workspace).unwrap();
                let start = solver.game().start();
                answers +=
                    &retrolab::games::river::contest::answer(solver.solve_position(start).unwrap());
                answers.push('\n');
                workspace = solver.into_workspace();
            }
            assert_eq!(
                answers,
                expected,
                "{} ({order:?}, {keep:?})",
                path.display()
            );
        }
        checked += 1;
    }
    assert!(checked >= 13, "only {checked} vector files found");
}

#[test]
fn tiers_are_the_rows_of_black_from_the_top() {
    // Row 2 is all obstacles: an empty tier.
    let game = River::new(board("...\n###\nO.O\n.X."));
    let ends = game.tier_ends();
    assert_eq!(ends.len(), 4, "one tier per row");
    let mut first = 0;
    for (row, &end) in ends.iter().enumerate() {
        for pos in first..end {
            assert_eq!(
                usize::from(game.decode(pos).black.row),
                row,
                "position {pos}"
            );
        }
        first = end;
    }
    assert_eq!(ends[1], ends[0], "the blocked row's tier is empty");
    assert_eq!(first as usize, game.num_positions());
}

#[test]
fn the_start_s_reach_is_black_s_walk_and_the_reds_regions() {
    // The benchmark's worst case: black shut in two cells of the bottom row, the reds in
    // the one region of the other 95 free cells.
    let text = "O.........\n..........\n..........\n..........\n..........\n\
                .....O....\n..........\n..........\n........##\n.......#X.\n";
    let board = board(text);
    let reach = board.reach(Span::FromStart);
    assert_eq!(reach.black, [98, 99]);
    assert_eq!(reach.red.len(), 95);
    assert!(!reach.red.contains(&98) && !reach.red.contains(&99));
    let game = River::spanning(board.clone(), Span::FromStart);
    assert_eq!(game.num_positions(), 2 * 95 * 94);
    let mut ends = vec![0; 9];
    ends.push(2 * 95 * 94);
    assert_eq!(game.tier_ends(), ends, "only the bottom row has positions");
    assert_eq!(board.tier_ends(Span::FromStart), ends);
    assert_eq!(board.tier_ends(Span::Whole), River::new(board).tier_ends());
    // On a board without walls nothing is left out.
    let open = self::board("O...\n.O..\n....\n..X.\n");
    assert_eq!(open.reach(Span::FromStart), open.reach(Span::Whole));
}

#[test]
fn the_start_s_reach_holds_black_only_where_the_start_can_lead_it() {
    // Black starts in the third row: it never walks down, so the fourth row is left out
    // even on a board without walls, and each cell above is one the start leads it to.
    let board = board("O...\n.O..\n.X..\n....\n");
    let reach = board.reach(Span::FromStart);
    let whole = River::new(board.clone());
    let mut led_to: Vec<u16> = reachable(&whole)
        .iter()
        .map(|p| whole.board().grid.cell(p.black))
        .collect();
    led_to.sort_unstable();
    led_to.dedup();
    assert_eq!(reach.black, led_to);
    assert_eq!(reach.black, (0..12).collect::<Vec<u16>>());
    assert_eq!(reach.red.len(), 16, "the reds' region is the whole board");
    let game = River::spanning(board, Span::FromStart);
    assert_eq!(game.num_positions(), 12 * 16 * 15);
}

/// The positions the start of `game` leads to, by a forward search.
fn reachable(game: &River) -> Vec<RiverPosition> {
    let mut seen = std::collections::HashSet::from([game.start()]);
    let mut todo = vec![game.start()];
    while let Some(pos) = todo.pop() {
        if game.primitive(pos).is_none() {
            game.for_each_child(pos, |child| {
                if seen.insert(child) {
                    todo.push(child);
                }
            });
        }
    }
    seen.into_iter().map(|pos| game.decode(pos)).collect()
}

#[test]
fn a_workspace_prepared_ahead_or_handed_on_starts_every_record_undecided() {
    let (big, small) = ("O....\n.....\n..O..\n.#...\n...X.", "O.O\n.#.\n.X.");
    let whole = |text: &str| solved(text).records().to_vec();
    let mut workspace = Workspace::default();
    workspace
        .reserve_records(River::new(board(big)).num_positions())
        .unwrap();
    let mut rounds = 0;
    while !workspace.prepare(1000) {
        rounds += 1;
    }
    assert!(rounds > 1, "prepared a slice at a time");
    for text in [big, small, big] {
        let game = River::new(board(text));
        let mut solver = Solver::in_workspace(game, Order::Tiers, Keep::All, workspace).unwrap();
        let total = solver.game().num_positions() as u32;
        assert!(
            (0..total).all(|pos| solver.outcome(pos).is_none()),
            "{text}"
        );
        solver.solve().unwrap();
        assert_eq!(solver.records(), whole(text), "{text}");
        workspace = solver.into_workspace();
    }
}

#[test]
fn tiers_are_solved_from_the_top_down_and_progress_says_which() {
    let text = "....\n.#..\nO..O\n..X.";
    let mut solver = Solver::with_order(River::new(board(text)), Order::Tiers);
    let mut seen = Vec::new();
    loop {
        let progress = solver.step(7);
        assert_eq!(progress.counts.tiers, 4);
        if seen.last() != Some(&progress.counts.tier) {
            seen.push(progress.counts.tier);
            // Every position of the tiers before is final, none of the tiers after is.
            let ends = solver.tier_ends().to_vec();
            let first = if progress.counts.tier == 0 {
                0
            } else {
                ends[progress.counts.tier as usize - 1]
            };
            assert!((0..first).all(|pos| solver.outcome(pos).is_some()));
            let last = ends[progress.counts.tier as usize];
            assert!((last..ends[3]).all(|pos| solver.outcome(pos).is_none()));
        }
        if progress.done {
            break;
        }
    }
    assert_eq!(seen, vec![0, 1, 2, 3]);
    assert_eq!(solver.records(), solved(text).records());
}

#[test]
fn full_solve_and_early_stop_agree_on_the_samples() {
    let input = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/cases/river/sample1.in"
    ))
    .unwrap();
    for board in retrolab::games::river::contest::parse(&input).unwrap() {
        let mut early = Solver::new(River::new(board.clone()));
        let start = early.game().start();
        let quick = early.solve_position(start).unwrap();
        let mut full = Solver::new(River::new(board));
        full.solve().unwrap();
        assert_eq!(Some(quick), full.outcome(start));
    }
}

// --- the rules, one at a time -------------------------------------------------------

#[test]
fn red_unable_to_move_at_the_start_loses_at_once() {
    // Sample 1, board 1: both red pieces are walled in.
    assert_eq!(start_answer("...#O\n.#..#\n#O#..\n.#..X"), "Black 0");
}

#[test]
fn black_in_the_top_row_wins_whoever_is_to_move() {
    let game = River::new(board("...\nO.O\n.X."));
    let red = game
        .encode(&position([(1, 0), (1, 2)], (0, 1), Player::First))
        .unwrap();
    let black = game
        .encode(&position([(1, 0), (1, 2)], (0, 1), Player::Second))
        .unwrap();
    assert_eq!(
        game.primitive(red),
        Some(Value::Lose),
        "red to move has lost"
    );
    assert_eq!(
        game.primitive(black),
        Some(Value::Win),
        "black to move has won"
    );
}

#[test]
fn the_top_row_rule_comes_before_the_capture_rule() {
    // Black in the top row on a red piece: rule 1 (black wins) is checked first.
    let game = River::new(board("...\nO.O\n.X."));
    let black_to_move = game
        .encode(&position([(0, 1), (1, 2)], (0, 1), Player::Second))
        .unwrap();
    assert_eq!(game.primitive(black_to_move), Some(Value::Win));
}

#[test]
fn sharing_a_cell_means_the_last_mover_won() {
    let game = River::new(board("...\nO.O\n.X."));
    // Black just moved onto a red piece: red (to move) has lost.
    let red = game
        .encode(&position([(1, 0), (2, 1)], (2, 1), Player::First))
        .unwrap();
    assert_eq!(game.primitive(red), Some(Value::Lose));
    // Red just moved onto the black piece: black (to move) has lost.
    let black = game
        .encode(&position([(1, 0), (2, 1)], (2, 1), Player::Second))
        .unwrap();
    assert_eq!(game.primitive(black), Some(Value::Lose));
}

#[test]
fn the_capture_rule_comes_before_the_no_move_rule() {
    // Black walled in on a red piece; red to move; black just captured => red lost by capture.
    let game = River::new(board("###\n#X#\nO.O"));
    let pos = game
        .encode(&position([(1, 1), (2, 0)], (1, 1), Player::First))
        .unwrap();
    assert_eq!(game.primitive(pos), Some(Value::Lose));
}

#[test]
fn a_side_without_moves_loses() {
    // Black has obstacles above, left and right, and may not move down.
    let game = River::new(board("###\n#X#\nO.O"));
    let black = game
        .encode(&position([(2, 0), (2, 2)], (1, 1), Player::Second))
        .unwrap();
    assert_eq!(game.primitive(black), Some(Value::Lose));
    assert_eq!(
        start_answer("###\n#X#\nO.O"),
        "Red 1",
        "red passes the move to a stuck black"
    );
}

#[test]
fn red_pieces_block_each_other_but_not_the_black_piece() {
    let game = River::new(board("...\nX..\nOO."));
    let start = game.start();
    let mut targets = Vec::new();
    game.for_each_move(start, |mv, _| targets.push((mv.from, mv.to)));
    let cell = |r: u16, c: u16| r * 3 + c;
    targets.sort();
    // Left red: up onto black is allowed; right onto the other red is not.
    // Right red: up, right; left onto the other red is not.
    let mut expected = vec![
        (cell(2, 0), cell(1, 0)),
        (cell(2, 1), cell(1, 1)),
        (cell(2, 1), cell(2, 2)),
    ];
    expected.sort();
    assert_eq!(targets, expected);
}

#[test]
fn black_moves_up_left_or_right_but_never_down() {
    let game = River::new(board("...\n.X.\n...\nO.O"));
    let pos = game
        .encode(&position([(3, 0), (3, 2)], (1, 1), Player::Second))
        .unwrap();
    let mut targets = Vec::new();
    game.for_each_move(pos, |_, child| {
        assert_eq!(game.decode(child).to_move, Player::First);
        targets.push(game.decode(child).black);
    });
    targets.sort();
    assert_eq!(
        targets,
        vec![Coord::new(0, 1), Coord::new(1, 0), Coord::new(1, 2)]
    );
}

#[test]
fn positions_round_trip_through_their_index() {
    let game = River::new(board("#..\nO.O\n.X."));
    for pos in 0..game.num_positions() as u32 {
        assert_eq!(game.encode(&game.decode(pos)), Some(pos));
    }
    let reds_swapped = position([(1, 2), (1, 0)], (2, 1), Player::First);
    assert_eq!(
        game.encode(&reds_swapped),
        Some(game.start()),
        "the red pieces are an unordered pair"
    );
    assert_eq!(
        game.encode(&position([(0, 0), (1, 0)], (2, 1), Player::First)),
        None,
        "(1,1) is an obstacle"
    );
}

#[test]
fn the_optimal_line_of_sample_5_takes_75_moves_and_ends_in_a_red_win() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/cases/river/sample1.in"
    ))
    .unwrap();
    let board = retrolab::games::river::contest::parse(&text)
        .unwrap()
        .pop()
        .unwrap();
    let mut solver = Solver::new(River::new(board));
    solver.solve().unwrap();
    let start = solver.game().start();
    let line = solver.optimal_line(start);
    assert_eq!(line.len(), 75);
    for (i, step) in line.iter().enumerate() {
        let mover_wins = i % 2 == 0;
        let expected = Outcome {
            value: if mover_wins { Value::Win } else { Value::Lose },
            remoteness: 75 - i as u16,
        };
        assert_eq!(step.outcome, Some(expected), "move {}", i + 1);
    }
    let end = line.last().unwrap().child;
    assert_eq!(
        solver.game().primitive(end),
        Some(Value::Lose),
        "black to move has been captured"
    );
    let moves = solver.moves(start);
    assert_eq!(
        moves[0].outcome,
        Some(Outcome {
            value: Value::Win,
            remoteness: 75
        }),
        "best first"
    );
}

// --- against a naive fixpoint on random boards ----------------------------------------

/// A position as the naive model sees it: coordinates, reds sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Naive {
    reds: [Coord; 2],
    black: Coord,
    red_to_move: bool,
}

/// RULES §1 written out again, as plainly as possible.
fn naive_children(grid: &Grid, p: Naive) -> Vec<Naive> {
    let step = |at: Coord, dr: i32, dc: i32| {
        let (r, c) = (at.row as i32 + dr, at.col as i32 + dc);
        let to = Coord::new(r.try_into().ok()?, c.try_into().ok()?);
        grid.is_free(to).then_some(to)
    };
    let mut out = Vec::new();
    if p.red_to_move {
        for i in 0..2 {
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                if let Some(to) = step(p.reds[i], dr, dc).filter(|&to| to != p.reds[1 - i]) {
                    let mut reds = [to, p.reds[1 - i]];
                    reds.sort();
                    out.push(Naive {
                        reds,
                        black: p.black,
                        red_to_move: false,
                    });
                }
            }
        }
    } else {
        for (dr, dc) in [(-1, 0), (0, -1), (0, 1)] {
            if let Some(to) = step(p.black, dr, dc) {
                out.push(Naive {
                    reds: p.reds,
                    black: to,
                    red_to_move: true,
                });
            }
        }
    }
    out
}

fn naive_over(grid: &Grid, p: Naive) -> Option<Value> {
    if p.black.row == 0 {
        Some(if p.red_to_move {
            Value::Lose
        } else {
            Value::Win
        })
    } else if p.reds.contains(&p.black) || naive_children(grid, p).is_empty() {
        Some(Value::Lose)
    } else {
        None
    }
}

/// Value iteration: round k decides what the outcomes known after round k-1 force.
fn naive_solve(grid: &Grid) -> HashMap<Naive, Outcome> {
    let free: Vec<Coord> = grid.coords().filter(|&c| grid.is_free(c)).collect();
    let mut all = Vec::new();
    for (i, &a) in free.iter().enumerate() {
        for &b in &free[i + 1..] {
            for &black in &free {
                for red_to_move in [true, false] {
                    all.push(Naive {
                        reds: [a, b],
                        black,
                        red_to_move,
                    });
                }
            }
        }
    }
    let mut known: HashMap<Naive, Outcome> = HashMap::new();
    for &p in &all {
        if let Some(value) = naive_over(grid, p) {
            known.insert(
                p,
                Outcome {
                    value,
                    remoteness: 0,
                },
            );
        }
    }
    loop {
        let mut found = Vec::new();
        for &p in all.iter().filter(|p| !known.contains_key(p)) {
            let children: Vec<Option<&Outcome>> = naive_children(grid, p)
                .iter()
                .map(|c| known.get(c))
                .collect();
            let quickest_win = children
                .iter()
                .flatten()
                .filter(|o| o.value == Value::Lose)
                .map(|o| o.remoteness)
                .min();
            if let Some(r) = quickest_win {
                found.push((
                    p,
                    Outcome {
                        value: Value::Win,
                        remoteness: r + 1,
                    },
                ));
            } else if children
                .iter()
                .all(|c| c.is_some_and(|o| o.value == Value::Win))
            {
                let r = children
                    .iter()
                    .flatten()
                    .map(|o| o.remoteness)
                    .max()
                    .unwrap();
                found.push((
                    p,
                    Outcome {
                        value: Value::Lose,
                        remoteness: r + 1,
                    },
                ));
            }
        }
        if found.is_empty() {
            break;
        }
        known.extend(found);
    }
    for p in all {
        known.entry(p).or_insert(Outcome {
            value: Value::Tie,
            remoteness: 0,
        });
    }
    known
}

#[test]
fn a_24_by_24_board_matches_the_naive_fixpoint_in_both_orders() {
    // Free cells only in a corridor along the bottom and up the right edge, so that cell
    // numbers run past 255 (the board has 576) while the naive solver stays quick.
    let mut rows = vec![vec!['#'; 24]; 24];
    for (row, cells) in rows.iter_mut().enumerate() {
        for (col, cell) in cells.iter_mut().enumerate() {
            if (row >= 22 && col >= 10) || col == 23 {
                *cell = '.';
            }
        }
    }
    rows[23][10] = 'O';
    rows[15][23] = 'O';
    rows[22][12] = 'X';
    let text: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    let naive = naive_solve(&board(&text).grid);
    for order in ORDERS {
        let solver = solved_in(&text, order);
        assert_eq!(naive.len(), solver.game().num_positions());
        for (p, expected) in &naive {
            let to_move = if p.red_to_move {
                Player::First
            } else {
                Player::Second
            };
            let pos = solver
                .game()
                .encode(&RiverPosition {
                    reds: p.reds,
                    black: p.black,
                    to_move,
                })
                .unwrap();
            assert_eq!(solver.outcome(pos), Some(*expected), "{order:?} {p:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_position_matches_the_naive_fixpoint(board in boards(9)) {
        let naive = naive_solve(&board.grid);
        for order in ORDERS {
            let solver = solved_in(&board.to_string(), order);
            prop_assert_eq!(naive.len(), solver.game().num_positions());
            for (p, expected) in &naive {
                let to_move = if p.red_to_move { Player::First } else { Player::Second };
                let pos = solver.game().encode(&RiverPosition { reds: p.reds, black: p.black, to_move }).unwrap();
                prop_assert_eq!(solver.outcome(pos), Some(*expected), "{:?} {:?} on\n{}", order, p, board);
            }
        }
    }

    #[test]
    fn both_orders_decide_every_position_alike(board in boards(40)) {
        let global = solved_in(&board.to_string(), Order::Global);
        let tiers = solved_in(&board.to_string(), Order::Tiers);
        prop_assert_eq!(global.records(), tiers.records(), "on\n{}", board);
        prop_assert_eq!(global.layers(), tiers.layers());
        prop_assert_eq!(global.progress().counts.ties, tiers.progress().counts.ties);
    }

    #[test]
    fn two_tiers_in_one_workspace_answer_as_the_whole_table(
        boards in prop::collection::vec(boards(40), 1..6),
        order in prop::sample::select(ORDERS.to_vec()),
    ) {
        let mut workspace = Workspace::default();
        for board in boards {
            let whole = solved(&board.to_string());
            let start = whole.game().start();
            let mut solver = Solver::in_workspace(River::new(board.clone()), order, Keep::TwoTiers, workspace).unwrap();
            prop_assert_eq!(Some(solver.solve_position(start).unwrap()), whole.outcome(start), "on\n{}", board);
            // What it still holds, it holds right; the rest reads as undecided.
            for pos in 0..whole.game().num_positions() as u32 {
                if let Some(outcome) = solver.outcome(pos) {
                    prop_assert_eq!(Some(outcome), whole.outcome(pos));
                }
            }
            workspace = solver.into_workspace();
        }
    }

    #[test]
    fn the_start_s_reach_decides_its_positions_as_the_whole_table(board in boards(40)) {
        let whole = solved(&board.to_string());
        let game = River::spanning(board.clone(), Span::FromStart);
        prop_assert_eq!(check_children_parents(&game), Ok(()));
        // It holds every position the start leads to ...
        for p in reachable(whole.game()) {
            prop_assert!(game.encode(&p).is_some(), "{:?} left out on\n{}", p, board);
        }
        // ... and gives each of its positions the whole table's outcome, in both orders.
        for order in ORDERS {
            let mut solver = Solver::with_order(game.clone(), order);
            solver.solve().unwrap();
            for pos in 0..game.num_positions() as u32 {
                let in_whole = whole.game().encode(&game.decode(pos)).unwrap();
                prop_assert_eq!(solver.outcome(pos), whole.outcome(in_whole), "{:?} on\n{}", game.decode(pos), board);
            }
        }
        // The command line's way: two rows at a time, stopping once the start is decided.
        let mut answer = Solver::in_workspace(game, Order::Tiers, Keep::TwoTiers, Workspace::default()).unwrap();
        let start = answer.game().start();
        prop_assert_eq!(Some(answer.solve_position(start).unwrap()), whole.outcome(whole.game().start()));
    }

    #[test]
    fn moves_match_the_naive_rules(board in boards(12)) {
        let game = River::new(board.clone());
        for pos in 0..game.num_positions() as u32 {
            let p = game.decode(pos);
            let naive = Naive { reds: p.reds, black: p.black, red_to_move: p.to_move == Player::First };
            prop_assert_eq!(game.primitive(pos), naive_over(&board.grid, naive));
            if game.primitive(pos).is_none() {
                let mut children: Vec<Naive> = Vec::new();
                game.for_each_child(pos, |c| {
                    let d = game.decode(c);
                    children.push(Naive { reds: d.reds, black: d.black, red_to_move: d.to_move == Player::First });
                });
                let mut expected = naive_children(&board.grid, naive);
                children.sort_by_key(|n| (n.reds, n.black));
                expected.sort_by_key(|n| (n.reds, n.black));
                prop_assert_eq!(children, expected);
            }
        }
    }

    #[test]
    fn the_scan_walk_matches_each_position_status(board in boards(16), cuts in any::<[Index; 2]>()) {
        let game = River::new(board);
        let total = game.num_positions();
        let (a, b) = (cuts[0].index(total + 1) as u32, cuts[1].index(total + 1) as u32);
        let range = a.min(b)..a.max(b);
        let mut walked = Vec::new();
        game.for_each_status(range.clone(), |pos, status| walked.push((pos, status)));
        let expected: Vec<_> = range.map(|pos| (pos, game.status(pos))).collect();
        prop_assert_eq!(walked, expected);
    }

    #[test]
    fn children_and_parents_agree(board in boards(16)) {
        prop_assert_eq!(check_children_parents(&River::new(board)), Ok(()));
    }

    /// The command line answers a start keeping two tiers' records (`Keep::TwoTiers`) and
    /// asks for the start's value after every step: the two tiers held read as the whole
    /// table reads at the same step (the half of the memory the tier being scanned reuses
    /// holds a tier two back, which must not be read), and no other record reads at all.
    #[test]
    fn two_tiers_read_as_the_whole_table_at_every_step(board in boards(12), budget in 1usize..50) {
        let game = River::new(board);
        let total = game.num_positions() as Position;
        let mut whole = Solver::with_order(game.clone(), Order::Tiers);
        let mut two = Solver::in_workspace(game, Order::Tiers, Keep::TwoTiers, Workspace::default()).unwrap();
        loop {
            let progress = two.step(budget);
            prop_assert_eq!(whole.step(budget), progress);
            let tier = progress.counts.tier as usize;
            for pos in 0..total {
                let held = two.tier_of(pos) == tier || two.tier_of(pos) + 1 == tier;
                let expected = if held { whole.outcome(pos) } else { None };
                prop_assert_eq!(two.outcome(pos), expected, "position {} at tier {}", pos, tier);
            }
            if progress.done {
                break;
            }
        }
    }

    #[test]
    fn step_wise_solving_matches_solving_at_once(
        board in boards(12),
        budget in 1usize..50,
        order in prop::sample::select(ORDERS.to_vec()),
    ) {
        let batch = solved(&board.to_string());
        let mut stepped = Solver::with_order(River::new(board), order);
        stepped.set_recording(true);
        let mut decided_by_events = 0u64;
        let mut all_events = Vec::new();
        loop {
            let before = stepped.progress();
            // A step of no work changes nothing, wherever the analysis stands.
            prop_assert_eq!(stepped.step(0), before);
            let progress = stepped.step(budget);
            all_events.extend_from_slice(stepped.events());
            // In tier order an end of the game with no parent in its own tier is not queued:
            // its value reaches its parents as it arrives with the next tier. (A step stays in
            // one tier; a popped position of that tier was queued, not arriving.)
            if order == Order::Tiers {
                let game = stepped.game();
                for e in stepped.events().iter().filter(|e| e.kind == EventKind::Popped) {
                    if stepped.tier_of(e.position) == before.counts.tier as usize && game.primitive(e.position).is_some() {
                        let mut parents = 0;
                        game.for_each_tier_parent(e.position, |_| parents += 1);
                        prop_assert!(parents > 0, "position {} was queued with no parent in its tier", e.position);
                    }
                }
            }
            let decided = stepped.events().iter().filter(|e| matches!(e.kind, EventKind::Won | EventKind::Lost)).count() as u64;
            if before.phase == Phase::Propagate {
                prop_assert_eq!(progress.decided - before.decided, decided, "events account for every decision");
                let popped = stepped.events().iter().filter(|e| e.kind.takes()).count();
                prop_assert!(popped >= 1 && popped <= budget);
                // What waits (queued, or arriving from the tier before) grows by what the
                // step decides and shrinks by what it pops, while the step stays in one phase.
                if progress.phase == Phase::Propagate {
                    prop_assert_eq!(
                        progress.counts.queued as i64 - before.counts.queued as i64,
                        decided as i64 - popped as i64,
                        "queued {} before, {} after", before.counts.queued, progress.counts.queued
                    );
                }
                decided_by_events += decided;
                // A decrement's detail is the parent's new counter: what its record holds
                // after the step, unless the step went on to decide it.
                let mut counters = std::collections::BTreeMap::new();
                for e in stepped.events() {
                    match e.kind {
                        EventKind::Decremented => counters.insert(e.position, e.detail),
                        EventKind::Won | EventKind::Lost => counters.remove(&e.position),
                        EventKind::Popped | EventKind::Arrived | EventKind::Looked => None,
                    };
                }
                for (pos, counter) in counters {
                    prop_assert_eq!(u32::from(stepped.records()[pos as usize]), counter, "position {}", pos);
                }
            } else {
                prop_assert!(stepped.events().is_empty(), "only popping records events");
            }
            if progress.done {
                break;
            }
        }
        prop_assert_eq!(stepped.records(), batch.records());
        // A popped entry (a queued position, or in tier order a child of the tier before
        // whose value arrives) is decided at the remoteness the event says: a loss when the
        // parent it changes next is won, a win when that parent is lost or counts down.
        let changes: Vec<_> = all_events.iter().filter(|e| e.kind != EventKind::Looked).collect();
        for pair in changes.windows(2) {
            let (popped, next) = (*pair[0], *pair[1]);
            if !popped.kind.takes() || next.kind.takes() {
                continue;
            }
            let record = stepped.records()[popped.position as usize];
            let state = if next.kind == EventKind::Won { 2 } else { 1 };
            prop_assert_eq!(
                (record >> 14, u32::from(record & 0x3fff)),
                (state, popped.detail),
                "popped {:?} before {:?}", popped, next
            );
        }
        let p = stepped.progress();
        prop_assert_eq!(p.decided, p.total);
        prop_assert_eq!(p.counts.wins + p.counts.losses + p.counts.ties, p.total);
        let layered: u64 = stepped.layers().iter().skip(1).map(|l| l[0] + l[1]).sum();
        prop_assert_eq!(layered, decided_by_events);
    }
}
