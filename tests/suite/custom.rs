//! Composed games (RULES §6): the presets against the built-in river and chase position
//! by position, the moves of random rules against the rules written out naively, the
//! game contract, the start's span against the whole table, every table verified, and the
//! tiers found from random rules against the game in one tier, and the game built in
//! slices against the game built in one call.

use crate::common;

use std::collections::BTreeSet;

use proptest::prelude::*;
use proptest::sample::Index;
use retrolab::games::chase::{Chase, ChaseBoard, ChasePosition};
use retrolab::games::custom::rules::{Capture, Direction, Goal, MoveKind, SideRules, Stuck};
use retrolab::games::custom::tiers::advance;
use retrolab::games::custom::view::OFF_BOARD;
use retrolab::games::custom::{
    preset, Building, Custom, CustomBoard, CustomKind, CustomPosition, Rules, Span,
};
use retrolab::games::river::{River, RiverPosition, Span as RiverSpan};
use retrolab::games::Kind;
use retrolab::verify::outcomes;
use retrolab::{
    check_children_parents, BoardView, Coord, Game, Grid, Order, Position, Solver, Status, Value,
};

fn solved<G: Game>(game: G) -> Solver<G> {
    let mut solver = Solver::new(game);
    solver.solve().expect("small games solve");
    solver
}

fn custom(rules: &Rules, text: &str, span: Span) -> Custom {
    let board = CustomBoard::parse(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    Custom::new(rules, board, span).expect("a small game")
}

#[test]
fn a_position_with_pieces_its_game_never_has_has_no_index() {
    // Fox and hounds: one fox, four hounds, nothing captured, so every position holds
    // exactly four hounds on four cells.
    let rules = preset("fox-and-hounds").unwrap().rules();
    let board = "
.H.H....
........
.....H..
........
........
........
...H....
....F...
";
    let game = custom(&rules, board.trim_start(), Span::Whole);
    let start = game.decode(game.start());
    assert_eq!(game.encode(&start), Some(game.start()));
    let hounds = |change: &dyn Fn(&mut Vec<Coord>)| {
        let mut p = start.clone();
        change(&mut p.pieces[1]);
        game.encode(&p)
    };
    assert_eq!(hounds(&|h| h.truncate(3)), None, "three hounds");
    assert_eq!(
        hounds(&|h| h.push(Coord { row: 4, col: 4 })),
        None,
        "five hounds"
    );
    assert_eq!(hounds(&|h| h[1] = h[0]), None, "two hounds on one cell");
}

// --- the rules written out again, as plainly as possible ------------------------------

/// A position as the naive model sees it: each side's cells, sorted, and the side (in
/// the file's order) to move.
type Naive = ([Vec<Coord>; 2], usize);

/// The legal moves of RULES §6, from the rules value alone.
fn naive_children(rules: &Rules, grid: &Grid, (pieces, mover): &Naive) -> BTreeSet<Naive> {
    let me = &rules.side[*mover];
    let mut vectors: Vec<(i32, i32, bool)> = Vec::new(); // (dr, dc, needs the way clear)
    for kind in &me.moves {
        let deltas: &[(i32, i32)] = match kind {
            MoveKind::Orthogonal => &[(-1, 0), (1, 0), (0, -1), (0, 1)],
            MoveKind::Diagonal => &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
            MoveKind::Knight => &[
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1),
            ],
        };
        for &(dr, dc) in deltas {
            if me.never.contains(&Direction::of(dr, dc)) {
                continue;
            }
            let steps = if *kind == MoveKind::Knight {
                1
            } else {
                me.distance as i32
            };
            for s in 1..=steps {
                vectors.push((dr * s, dc * s, !me.jump && s > 1));
            }
        }
    }
    let at = |c: Coord, dr: i32, dc: i32| {
        let (r, c) = (i32::from(c.row) + dr, i32::from(c.col) + dc);
        Some(Coord::new(r.try_into().ok()?, c.try_into().ok()?)).filter(|&to| grid.contains(to))
    };
    let occupied = |c: Coord| pieces[0].contains(&c) || pieces[1].contains(&c);
    let mut out = BTreeSet::new();
    for &from in &pieces[*mover] {
        for &(dr, dc, clear) in &vectors {
            let Some(to) = at(from, dr, dc).filter(|&to| grid.is_free(to)) else {
                continue;
            };
            let steps = dr.abs().max(dc.abs());
            let (ur, uc) = (dr / steps, dc / steps);
            let way_clear = (1..steps).all(|s| {
                let cell = at(from, ur * s, uc * s).expect("between two cells of the board");
                grid.is_free(cell) && !occupied(cell)
            });
            if (clear && !way_clear) || pieces[*mover].contains(&to) {
                continue;
            }
            let mut next = pieces.clone();
            if pieces[1 - mover].contains(&to) {
                match me.capture {
                    Capture::None => continue,
                    Capture::Wins => {}
                    Capture::Removes => next[1 - mover].retain(|&c| c != to),
                }
            }
            next[*mover].retain(|&c| c != from);
            next[*mover].push(to);
            next[*mover].sort();
            out.insert((next, 1 - mover));
        }
    }
    out
}

/// RULES §6's end checks, from the rules value alone.
fn naive_over(rules: &Rules, grid: &Grid, p: &Naive) -> Option<Value> {
    let (pieces, mover) = p;
    let goal = |side: usize| {
        let row = match rules.side[side].goal {
            Goal::None => return false,
            Goal::Top => 0,
            Goal::Bottom => grid.rows() - 1,
        };
        pieces[side].iter().any(|c| c.row == row)
    };
    match (goal(*mover), goal(1 - mover)) {
        (true, false) => return Some(Value::Win),
        (_, true) => return Some(Value::Lose),
        _ => {}
    }
    if pieces[0].iter().any(|c| pieces[1].contains(c)) || pieces[*mover].is_empty() {
        return Some(Value::Lose);
    }
    if pieces[1 - mover].is_empty() {
        return Some(Value::Win);
    }
    if naive_children(rules, grid, p).is_empty() {
        return Some(match rules.stuck {
            Stuck::Loses => Value::Lose,
            Stuck::Wins => Value::Win,
            Stuck::Draws => Value::Tie,
        });
    }
    None
}

fn naive(game: &Custom, pos: Position) -> Naive {
    let p = game.decode(pos);
    (p.pieces, game.side_of(p.to_move))
}

/// Checks every position of `game` against the naive rules: the end checks and the
/// children.
fn assert_naive_rules(rules: &Rules, game: &Custom) -> Result<(), TestCaseError> {
    let grid = &game.board().grid;
    for pos in 0..game.num_positions() as Position {
        let p = naive(game, pos);
        let over = naive_over(rules, grid, &p);
        prop_assert_eq!(game.primitive(pos), over, "position {:?}", p);
        if over.is_none() {
            let mut children = BTreeSet::new();
            game.for_each_child(pos, |c| {
                children.insert(naive(game, c));
            });
            prop_assert_eq!(
                &children,
                &naive_children(rules, grid, &p),
                "position {:?}",
                p
            );
        }
    }
    Ok(())
}

// --- random rules and boards ----------------------------------------------------------

fn directions() -> impl Strategy<Value = Vec<Direction>> {
    let all = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
        Direction::UpLeft,
        Direction::UpRight,
        Direction::DownLeft,
        Direction::DownRight,
    ];
    prop::sample::subsequence(all.to_vec(), 0..=3)
}

/// One side's rules, drawn at random: (pieces, moves, distance, jump, never, capture,
/// goal).
type SideDraw = (i64, Vec<MoveKind>, i64, bool, Vec<Direction>, Capture, Goal);

fn side_draw() -> impl Strategy<Value = SideDraw> {
    let moves = prop::sample::subsequence(
        vec![MoveKind::Orthogonal, MoveKind::Diagonal, MoveKind::Knight],
        1..=2,
    );
    let capture = prop_oneof![
        Just(Capture::None),
        Just(Capture::Wins),
        Just(Capture::Removes)
    ];
    let goal = prop_oneof![Just(Goal::None), Just(Goal::Top), Just(Goal::Bottom)];
    (
        1i64..=3,
        moves,
        1i64..=3,
        any::<bool>(),
        directions(),
        capture,
        goal,
    )
}

/// Two sides `A` (`a`) and `B` (`b`) to draw rules on: the rules value is read, never
/// assembled, so random rules are this one with its fields changed.
const TWO_SIDES: &str =
    "[[side]]\nname = \"A\"\nletter = \"a\"\n[[side]]\nname = \"B\"\nletter = \"b\"\n";

/// Random rules the engine accepts.
fn random_rules() -> impl Strategy<Value = Rules> {
    let stuck = prop_oneof![Just(Stuck::Loses), Just(Stuck::Wins), Just(Stuck::Draws)];
    (side_draw(), side_draw(), stuck, any::<bool>()).prop_filter_map(
        "rules the engine plays",
        |(a, b, stuck, b_first)| {
            let mut rules: Rules = TWO_SIDES.parse().expect("two sides");
            for (side, (pieces, moves, distance, jump, never, capture, goal)) in
                rules.side.iter_mut().zip([a, b])
            {
                side.pieces = pieces;
                side.moves = moves;
                side.distance = distance;
                side.jump = jump && distance > 1;
                side.never = never;
                side.capture = capture;
                side.goal = goal;
            }
            if !side_has_lines(&rules.side[0]) {
                rules.side[0].distance = 1;
                rules.side[0].jump = false;
            }
            if !side_has_lines(&rules.side[1]) {
                rules.side[1].distance = 1;
                rules.side[1].jump = false;
            }
            rules.stuck = stuck;
            rules.first = b_first.then(|| "B".to_string());
            rules.check().ok().map(|()| rules)
        },
    )
}

fn side_has_lines(side: &SideRules) -> bool {
    side.moves.iter().any(|&k| k != MoveKind::Knight)
}

/// A random board of at most `max_cells` cells for `rules`: obstacles, and each side's
/// pieces on distinct free cells, none on its own goal row.
fn board_for(rules: Rules, max_cells: u16) -> impl Strategy<Value = (Rules, String)> {
    (1u16..=max_cells)
        .prop_flat_map(move |rows| (Just(rows), 1u16..=(max_cells / rows).max(1)))
        .prop_flat_map(move |(rows, cols)| {
            (
                Just(rules.clone()),
                Just(Grid::open(rows, cols)),
                prop::collection::vec(prop::bool::weighted(0.2), usize::from(rows * cols)),
                any::<[Index; 8]>(),
            )
        })
        .prop_filter_map(
            "pieces on free cells",
            |(rules, mut grid, blocked, picks)| {
                for (at, &blocked) in grid.clone().coords().zip(&blocked) {
                    grid.set_blocked(at, blocked);
                }
                let mut free: Vec<Coord> = grid.coords().filter(|&c| grid.is_free(c)).collect();
                let mut drawn = Vec::new();
                let mut picks = picks.iter();
                for side in 0..2 {
                    let goal = match rules.side[side].goal {
                        Goal::None => None,
                        Goal::Top => Some(0),
                        Goal::Bottom => Some(grid.rows() - 1),
                    };
                    for _ in 0..rules.side[side].pieces {
                        let allowed: Vec<usize> = (0..free.len())
                            .filter(|&i| Some(free[i].row) != goal)
                            .collect();
                        if allowed.is_empty() {
                            return None;
                        }
                        let at = free.remove(allowed[picks.next()?.index(allowed.len())]);
                        drawn.push((rules.side[side].letter, at));
                    }
                }
                let text = grid.render(&drawn);
                Some((rules, text))
            },
        )
}

fn rules_and_board(max_cells: u16) -> impl Strategy<Value = (Rules, String)> {
    random_rules().prop_flat_map(move |rules| board_for(rules, max_cells))
}

/// Random rules in which one side advances (one row at a time, up or down, its pieces
/// never taken): random rules with that side's moves redrawn as steps, every backward
/// direction and some others forbidden.
fn advancing_rules() -> impl Strategy<Value = Rules> {
    use Direction::*;
    let moves = prop::sample::subsequence(vec![MoveKind::Orthogonal, MoveKind::Diagonal], 1..=2);
    let others = prop::sample::subsequence(vec![Left, Right, Up, UpLeft, UpRight], 0..=3);
    (random_rules(), any::<bool>(), any::<bool>(), moves, others).prop_filter_map(
        "a side that advances",
        |(mut rules, second, up, moves, others)| {
            let side = usize::from(second);
            let mirrored = |d: Direction| match (up, d) {
                (false, _) => d,
                (true, Up) => Down,
                (true, UpLeft) => DownLeft,
                (true, UpRight) => DownRight,
                (true, d) => d,
            };
            let mut never: Vec<Direction> = [Down, DownLeft, DownRight]
                .map(|d| match (up, d) {
                    (true, _) => d,
                    (false, Down) => Up,
                    (false, DownLeft) => UpLeft,
                    (false, _) => UpRight,
                })
                .to_vec();
            never.extend(others.into_iter().map(mirrored));
            let me = &mut rules.side[side];
            me.moves = moves;
            me.distance = 1;
            me.jump = false;
            me.never = never;
            if rules.side[1 - side].capture == Capture::Removes {
                rules.side[1 - side].capture = Capture::Wins;
            }
            rules.check().ok()?;
            advance(&rules, side).is_some().then_some(rules)
        },
    )
}

// --- the presets ----------------------------------------------------------------------

#[test]
fn every_preset_reads_back_from_its_own_text_and_builds_its_board() {
    for preset in retrolab::games::custom::PRESETS {
        let rules = preset.rules();
        assert_eq!(
            rules.to_text().parse::<Rules>(),
            Ok(rules.clone()),
            "{}",
            preset.name
        );
        let board = rules.board.as_deref().expect("every preset has a board");
        let game = custom(&rules, board, Span::FromStart);
        assert!(game.num_positions() > 0, "{}", preset.name);
    }
}

#[test]
fn the_presets_keep_the_game_contract() {
    let boards = [
        ("river-pawn", None),
        ("chase", None),
        ("fox-and-hounds", Some("HH.HH.\n......\n..F...\n")),
        ("knights", None),
    ];
    for (name, board) in boards {
        let rules = preset(name).unwrap().rules();
        let board = board.or(rules.board.as_deref()).unwrap();
        for span in [Span::Whole, Span::FromStart] {
            let game = custom(&rules, board, span);
            assert_eq!(check_children_parents(&game), Ok(()), "{name} {span:?}");
        }
    }
}

#[test]
fn the_hounds_and_river_pawn_s_black_make_the_tiers() {
    let tiers = |name: &str, board: &str| {
        let rules = preset(name).unwrap().rules();
        custom(&rules, board, Span::Whole).tier_ends().len()
    };
    // Four hounds anywhere on six rows of six cells: all four in row 0 (sum 0) to all
    // four in row 5 (sum 20).
    assert_eq!(
        tiers(
            "fox-and-hounds",
            "HH.HH.\n......\n..F...\n......\n......\n......\n"
        ),
        21
    );
    assert_eq!(tiers("river-pawn", "...\nO.O\n.X.\n"), 3);
    assert_eq!(tiers("chase", "W..\n...\n..B\n"), 1);
    assert_eq!(tiers("knights", "N.N\n...\nn.n\n"), 1);
}

/// The river position of a composed River pawn position.
fn as_river(p: &CustomPosition) -> RiverPosition {
    RiverPosition {
        reds: [p.pieces[0][0], p.pieces[0][1]],
        black: p.pieces[1][0],
        to_move: p.to_move,
    }
}

/// Every list of `pos` in `game`, sorted where the order is the game's own business: its
/// status, children, parents, parents within its tier, and its moves into the tier before.
type Lists = (
    Status,
    Vec<Position>,
    Vec<Position>,
    Vec<Position>,
    Vec<Position>,
);

fn lists(game: &Custom, pos: Position) -> Lists {
    (
        game.status(pos),
        sorted(|f| game.for_each_child(pos, f)),
        sorted(|f| game.for_each_parent(pos, f)),
        sorted(|f| game.for_each_tier_parent(pos, f)),
        sorted(|f| game.for_each_earlier_tier_move(pos..pos + 1, |_, p| f(p))),
    )
}

/// The positions `each` hands its argument, sorted.
fn sorted(each: impl FnOnce(&mut dyn FnMut(Position))) -> Vec<Position> {
    let mut list = Vec::new();
    each(&mut |p| list.push(p));
    list.sort_unstable();
    list
}

/// The game of `rules` on `text` built a run of sets at a time (the time up after every
/// run, the most slices there can be) is the game built in one call: the same positions
/// and tiers, every position's lists alike, and the same value everywhere once solved.
fn assert_sliced_as_at_once(rules: &Rules, text: &str) -> Result<(), TestCaseError> {
    let board = CustomBoard::parse(rules, text).unwrap();
    for span in [Span::Whole, Span::FromStart] {
        let at_once = Custom::new(rules, board.clone(), span).unwrap();
        let mut building = Building::new(rules, board.clone(), span).unwrap();
        let mut slices = 1;
        while !building.work(&mut || true).unwrap() {
            slices += 1;
        }
        let sliced = building.finish().unwrap();
        // At least one slice per side (listing its sets), and one per stage it goes on to.
        prop_assert!(slices >= 2, "{} slices", slices);
        prop_assert_eq!(sliced.num_positions(), at_once.num_positions());
        prop_assert_eq!(sliced.tier_ends(), at_once.tier_ends());
        prop_assert_eq!(sliced.start(), at_once.start());
        for pos in 0..at_once.num_positions() as Position {
            prop_assert_eq!(
                lists(&sliced, pos),
                lists(&at_once, pos),
                "{:?}",
                at_once.decode(pos)
            );
        }
        let (sliced, at_once) = (solved(sliced), solved(at_once));
        prop_assert_eq!(sliced.records(), at_once.records());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn the_river_pawn_preset_is_river_position_by_position(board in common::river_boards(20)) {
        let rules = preset("river-pawn").unwrap().rules();
        let river = solved(River::new(board.clone()));
        let composed = solved(custom(&rules, &board.to_string(), Span::Whole));
        prop_assert_eq!(composed.game().num_positions(), river.game().num_positions());
        prop_assert_eq!(composed.game().size(), river.game().size());
        for pos in 0..composed.game().num_positions() as Position {
            let p = composed.game().decode(pos);
            let at = river.game().encode(&as_river(&p)).expect("a river position");
            prop_assert_eq!(composed.outcome(pos), river.outcome(at), "{:?}", p);
            // What the page shows of it: the same pieces, read as river's (the sides'
            // names are capitalised in the rules file).
            prop_assert_eq!(composed.game().pieces(pos), river.game().pieces(at));
            prop_assert_eq!(composed.game().describe(pos).to_lowercase(), river.game().describe(at));
        }
    }

    #[test]
    fn the_river_pawn_preset_s_tiers_are_river_s_without_its_empty_rows(
        board in common::river_boards(30),
    ) {
        // River has a tier for every row, empty when black never stands in it (rows
        // of obstacles, rows below its start): the composed game only from the highest
        // row black stands in to the lowest.
        let nonempty = |ends: Vec<Position>| {
            let mut sizes = Vec::new();
            let mut start = 0;
            for end in ends {
                if end > start {
                    sizes.push(end - start);
                }
                start = end;
            }
            sizes
        };
        let rules = preset("river-pawn").unwrap().rules();
        for (span, river_span) in [(Span::Whole, RiverSpan::Whole), (Span::FromStart, RiverSpan::FromStart)] {
            let composed = custom(&rules, &board.to_string(), span);
            let river = River::spanning(board.clone(), river_span);
            prop_assert_eq!(nonempty(composed.tier_ends()), nonempty(river.tier_ends()), "{:?}", span);
        }
    }

    #[test]
    fn the_chase_preset_is_chase_position_by_position(
        n in 2u16..=6,
        cells in any::<[Index; 2]>(),
    ) {
        let area = usize::from(n * n);
        let white = cells[0].index(area);
        let black = (white + 1 + cells[1].index(area - 1)) % area;
        let coord = |c: usize| Coord::new((c / usize::from(n)) as u16, (c % usize::from(n)) as u16);
        let board = ChaseBoard::new(n, coord(white), coord(black)).unwrap();
        let chase = solved(Chase::new(board));
        let rules = preset("chase").unwrap().rules();
        let composed = solved(custom(&rules, &board.to_string(), Span::Whole));
        prop_assert_eq!(composed.game().num_positions(), chase.game().num_positions());
        for pos in 0..composed.game().num_positions() as Position {
            let p = composed.game().decode(pos);
            let at = chase.game().encode(&ChasePosition {
                white: p.pieces[0][0],
                black: p.pieces[1][0],
                to_move: p.to_move,
            });
            prop_assert_eq!(composed.outcome(pos), chase.outcome(at.unwrap()), "{:?}", p);
            prop_assert_eq!(composed.game().pieces(pos), chase.game().pieces(at.unwrap()));
            prop_assert_eq!(
                composed.game().describe(pos).to_lowercase(),
                chase.game().describe(at.unwrap())
            );
        }
    }

    #[test]
    fn moves_and_ends_match_the_rules_written_out((rules, text) in rules_and_board(9)) {
        assert_naive_rules(&rules, &custom(&rules, &text, Span::Whole))?;
    }

    #[test]
    fn the_board_view_shows_each_position_and_reads_it_back((rules, text) in rules_and_board(9)) {
        let game = custom(&rules, &text, Span::Whole);
        let cols = text.lines().next().unwrap().len() as u16;
        prop_assert_eq!(BoardView::size(&game), (text.lines().count() as u16, cols));
        for pos in 0..game.num_positions() as Position {
            let p = game.decode(pos);
            // Each side's pieces in board order, then one OFF_BOARD for each it lost.
            let cells: Vec<u16> = (0..2)
                .flat_map(|side| {
                    let mut cells: Vec<u16> = p.pieces[side].iter().map(|at| at.row * cols + at.col).collect();
                    cells.resize(rules.side[side].pieces as usize, OFF_BOARD);
                    cells
                })
                .collect();
            prop_assert_eq!(&game.pieces(pos), &cells, "{:?}", p);
            // Read back, unless pieces of both sides share a cell and the side that just
            // moved does not win by capturing (no game of the rules gets there).
            let shared = p.pieces[0].iter().any(|at| p.pieces[1].contains(at));
            let moved = game.side_of(p.to_move.other());
            let reached = !shared || rules.side[moved].capture == Capture::Wins;
            prop_assert_eq!(game.position(&cells, p.to_move), reached.then_some(pos), "{:?}", p);
        }
    }

    #[test]
    fn children_and_parents_agree_on_random_rules((rules, text) in rules_and_board(12)) {
        for span in [Span::Whole, Span::FromStart] {
            prop_assert_eq!(check_children_parents(&custom(&rules, &text, span)), Ok(()));
        }
    }

    #[test]
    fn every_table_verifies_and_the_start_s_span_decides_as_the_whole_table(
        (rules, text) in rules_and_board(12),
    ) {
        let whole = solved(custom(&rules, &text, Span::Whole));
        prop_assert!(outcomes::check(whole.game(), whole.records()).is_ok());
        let span = solved(custom(&rules, &text, Span::FromStart));
        prop_assert!(outcomes::check(span.game(), span.records()).is_ok());
        for pos in 0..span.game().num_positions() as Position {
            let p = span.game().decode(pos);
            let at = whole.game().encode(&p).expect("the span's positions are the whole game's");
            prop_assert_eq!(span.outcome(pos), whole.outcome(at), "{:?}", p);
        }
    }

    #[test]
    fn tiers_from_random_rules_keep_the_contract_and_the_one_tier_table(
        (rules, text) in advancing_rules().prop_flat_map(|rules| board_for(rules, 12)),
    ) {
        let board = CustomBoard::parse(&rules, &text).unwrap();
        let kind = CustomKind::new(rules.clone());
        for span in [Span::Whole, Span::FromStart] {
            let tiered = Custom::new(&rules, board.clone(), span).unwrap();
            prop_assert_eq!(check_children_parents(&tiered), Ok(()), "{:?}", span);
            let sized = match span {
                Span::Whole => kind.table_tiers(&board),
                Span::FromStart => kind.answering_tiers(&board),
            };
            prop_assert_eq!(sized, Some(tiered.tier_ends()));
            let one_tier = Custom::one_tier(&rules, board.clone(), span).unwrap();
            prop_assert_eq!(one_tier.tier_ends().len(), 1);
            let mut tiers = Solver::with_order(tiered, Order::Tiers);
            tiers.solve().unwrap();
            let queue = solved(one_tier);
            for pos in 0..tiers.game().num_positions() as Position {
                let p = tiers.game().decode(pos);
                let at = queue.game().encode(&p).expect("the same positions");
                prop_assert_eq!(tiers.outcome(pos), queue.outcome(at), "{:?}", p);
            }
        }
    }

    #[test]
    fn a_game_built_in_slices_is_the_game_built_in_one_call(
        (rules, text) in rules_and_board(16),
    ) {
        assert_sliced_as_at_once(&rules, &text)?;
    }

    #[test]
    fn a_game_in_tiers_built_in_slices_is_the_game_built_in_one_call(
        (rules, text) in advancing_rules().prop_flat_map(|rules| board_for(rules, 16)),
    ) {
        assert_sliced_as_at_once(&rules, &text)?;
    }
}
