//! Board views (`src/game/board_view.rs`, implemented in each `src/games/<game>/view.rs`): every
//! heatmap slice position of random boards holds the pieces asked for, and at a start its
//! outcome in the big table is what solving that board from scratch gives; tableau's
//! staircases round-trip through their stones, with the side to move the rules say.

use proptest::prelude::*;
use proptest::sample::Index;
use retrolab::games::chase::{Chase, ChaseBoard};
use retrolab::games::river::{River, RiverBoard};
use retrolab::games::tableau::{Tableau, TableauBoard};
use retrolab::{
    BoardView, Coord, Game, Grid, LayeredGame, Outcome, Player, Position, SliceError, Solver, Value,
};

/// River boards up to 4 × 4: random obstacles, then the pieces on random free cells (the
/// parser refuses a black piece in the top row: those are left out).
fn river_boards() -> impl Strategy<Value = RiverBoard> {
    (2u16..=4, 1u16..=4)
        .prop_flat_map(|(rows, cols)| {
            let blocked =
                prop::collection::vec(prop::bool::weighted(0.2), usize::from(rows * cols));
            (Just((rows, cols)), blocked, any::<[Index; 3]>())
        })
        .prop_filter_map("a legal start", |((rows, cols), blocked, picks)| {
            let mut grid = Grid::open(rows, cols);
            let mut free = Vec::new();
            for (at, blocked) in grid.clone().coords().zip(blocked) {
                grid.set_blocked(at, blocked);
                if !blocked {
                    free.push(at);
                }
            }
            let mut pieces = Vec::new();
            for (piece, pick) in ['O', 'O', 'X'].into_iter().zip(picks) {
                if free.is_empty() {
                    return None;
                }
                pieces.push((piece, free.swap_remove(pick.index(free.len()))));
            }
            grid.render(&pieces).parse().ok()
        })
}

/// Chase starts on boards up to 5 × 5.
fn chase_boards() -> impl Strategy<Value = ChaseBoard> {
    (2u16..=5)
        .prop_flat_map(|n| (Just(n), 0..n * n, 0..n * n - 1))
        .prop_map(|(n, white, black)| {
            let black = black + u16::from(black >= white); // another cell
            let at = |cell: u16| Coord::new(cell / n, cell % n);
            ChaseBoard::new(n, at(white), at(black)).expect("distinct cells on the board")
        })
}

/// Checks every slice of `pos` in the solved table `big`, piece by piece. A cell has a
/// position exactly when it is `free` and no other piece stands there; that position holds
/// the pieces of `pos` with the moved one on the cell (`canonical` orders interchangeable
/// pieces) and the same side to move. Around a start, the board with the piece moved is
/// solved from scratch (`fresh`, `None` for a board the rules refuse as a start: river's
/// black already in the top row, a game already over) and its start must be that position,
/// with the same outcome.
fn check_slices<G: Game + BoardView>(
    big: &Solver<G>,
    pos: Position,
    free: impl Fn(u16) -> bool,
    canonical: impl Fn(&mut Vec<u16>),
    fresh: impl Fn(&[u16]) -> Option<Solver<G>>,
) -> Result<(), TestCaseError> {
    let game = big.game();
    let pieces = game.pieces(pos);
    let (rows, cols) = game.size();
    for piece in 0..pieces.len() {
        let slice = game.slice(pos, piece).unwrap();
        prop_assert_eq!(slice.len(), usize::from(rows * cols));
        for (cell, &found) in (0u16..).zip(&slice) {
            let taken = (0..pieces.len()).any(|i| i != piece && pieces[i] == cell);
            prop_assert_eq!(
                found.is_some(),
                free(cell) && !taken,
                "piece {} cell {}",
                piece,
                cell
            );
            let Some(moved) = found else { continue };
            let mut expected = pieces.clone();
            expected[piece] = cell;
            let mut decoded = game.pieces(moved);
            canonical(&mut expected);
            canonical(&mut decoded);
            prop_assert_eq!(&decoded, &expected, "piece {} cell {}", piece, cell);
            prop_assert_eq!(game.side_to_move(moved), game.side_to_move(pos));
            if pos != game.start() {
                continue;
            }
            match fresh(&expected) {
                Some(fresh) => {
                    let start = fresh.game().start();
                    prop_assert_eq!(start, moved);
                    prop_assert_eq!(fresh.outcome(start), big.outcome(moved));
                }
                None => {
                    let over = Outcome {
                        value: Value::Lose,
                        remoteness: 0,
                    };
                    prop_assert_eq!(big.outcome(moved), Some(over), "cell {}", cell);
                }
            }
        }
    }
    Ok(())
}

fn solved<G: Game>(game: G) -> Solver<G> {
    let mut solver = Solver::new(game);
    solver.solve().expect("small boards solve");
    solver
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn river_slices_move_one_piece_and_agree_with_solving_from_scratch(
        board in river_boards(),
        pick in any::<Index>(),
    ) {
        let big = solved(River::new(board.clone()));
        let grid = &board.grid;
        prop_assert_eq!(big.game().size(), (grid.rows(), grid.cols()));
        let free = |cell| grid.is_free(grid.coord(cell));
        // The red pieces are interchangeable: decoded in free-cell order.
        let reds_sorted = |cells: &mut Vec<u16>| cells[..2].sort_unstable();
        let fresh = |cells: &[u16]| {
            let at = |i: usize| grid.coord(cells[i]);
            let text = grid.render(&[('O', at(0)), ('O', at(1)), ('X', at(2))]);
            text.parse().ok().map(|board| solved(River::new(board)))
        };
        let any = pick.index(big.game().num_positions()) as Position;
        for pos in [big.game().start(), any] {
            check_slices(&big, pos, free, reds_sorted, fresh)?;
        }
    }

    #[test]
    fn chase_slices_move_one_piece_and_agree_with_solving_from_scratch(
        board in chase_boards(),
        pick in any::<Index>(),
    ) {
        let big = solved(Chase::new(board));
        let n = board.n();
        prop_assert_eq!(big.game().size(), (n, n));
        let fresh = |cells: &[u16]| {
            let at = |i: usize| Coord::new(cells[i] / n, cells[i] % n);
            Some(solved(Chase::new(ChaseBoard::new(n, at(0), at(1)).ok()?)))
        };
        let any = pick.index(big.game().num_positions()) as Position;
        for pos in [big.game().start(), any] {
            check_slices(&big, pos, |_| true, |_| {}, fresh)?;
        }
    }
}

#[test]
fn tableau_staircases_round_trip_through_their_stones() {
    for (rows, cols) in (1..=5).flat_map(|r| (1..=5).map(move |c| (r, c))) {
        let cells = usize::from(rows * cols);
        let board = TableauBoard::new(rows, cols, vec![1; cells], vec![2; cells]).unwrap();
        let game = Tableau::new(board);
        assert_eq!(BoardView::size(&game), (rows, cols));
        assert!(!game.has_movable_pieces());
        let start = LayeredGame::start(&game);
        assert_eq!(game.slice(start, 0), Err(SliceError::NoMovablePieces));
        for pos in 0..game.num_positions() as Position {
            let stones = game.pieces(pos);
            // Every stone has its neighbours above and to the left: a staircase.
            for &stone in &stones {
                let (row, col) = (stone / cols, stone % cols);
                assert!(row == 0 || stones.contains(&(stone - cols)), "{stones:?}");
                assert!(col == 0 || stones.contains(&(stone - 1)), "{stones:?}");
            }
            // The first player places the 1st, 3rd, 5th, … stone (RULES §3).
            let to_move = game.side_to_move(pos);
            let parity = if stones.len() % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            assert_eq!(to_move, parity);
            // Read as its row lengths, from the stones: `rows 2,1,0 (second player to move)`.
            let lengths: Vec<String> = (0..rows)
                .map(|row| {
                    stones
                        .iter()
                        .filter(|&&s| s / cols == row)
                        .count()
                        .to_string()
                })
                .collect();
            let side = if to_move == Player::First {
                "first"
            } else {
                "second"
            };
            let text = format!("rows {} ({side} player to move)", lengths.join(","));
            assert_eq!(game.describe(pos), text);
            assert_eq!(to_move, LayeredGame::to_move(&game, game.layer(pos)));
            assert_eq!(game.position(&stones, to_move), Some(pos));
            assert_eq!(game.position(&stones, to_move.other()), None);
            let reversed: Vec<u16> = stones.iter().rev().copied().collect();
            assert_eq!(game.position(&reversed, to_move), Some(pos));
        }
    }
}

#[test]
fn tableau_cells_that_are_not_a_staircase_are_no_position() {
    let game = Tableau::new(TableauBoard::new(2, 2, vec![0; 4], vec![0; 4]).unwrap());
    let first = Player::First;
    assert_eq!(
        game.position(&[1], Player::Second),
        None,
        "a stone without its left"
    );
    assert_eq!(
        game.position(&[2], Player::Second),
        None,
        "a stone without the one above"
    );
    assert_eq!(game.position(&[1, 1], first), None, "the same stone twice");
    assert_eq!(game.position(&[0, 0, 3, 3], first), None);
    assert_eq!(game.position(&[4], Player::Second), None, "off the board");
    assert!(game.position(&[0, 1], first).is_some());
}

#[test]
fn a_start_shows_the_boards_pieces_and_reads_as_them() {
    let chase = Chase::new("W..\n...\n.B.\n".parse::<ChaseBoard>().unwrap());
    let start = Game::start(&chase);
    // Cells row by row: white on the first, black on the third row's second.
    assert_eq!(chase.pieces(start), [0, 7]);
    assert_eq!(
        chase.describe(start),
        "white (1, 1), black (3, 2), white to move"
    );
    let river = River::new("O.O\n...\n.X.\n".parse::<RiverBoard>().unwrap());
    let start = Game::start(&river);
    assert_eq!(river.pieces(start), [0, 2, 7]);
    assert_eq!(
        river.describe(start),
        "red (1, 1) and (1, 3), black (3, 2), red to move"
    );
}
