//! The independent checks of finished tables (`retrolab::verify`): they accept every table
//! the solvers produce, reject each kind of corruption at the corrupted position, run a
//! slice at a time, and word their failures; `--verify` through the real binary.

use crate::common;

use proptest::prelude::*;
use retrolab::game::layered::UNSCORED;
use retrolab::games::chase::{Chase, ChaseBoard};
use retrolab::games::river::{River, RiverBoard};
use retrolab::games::tableau::{Tableau, TableauBoard};
use retrolab::record::unpack;
use retrolab::verify::{outcomes, scores, Checker};
use retrolab::{Coord, Game, LayeredGame, LayeredSolver, Outcome, Position, Solver, Value};

use common::river_boards;

fn river_solver(board: RiverBoard) -> Solver<River> {
    let mut solver = Solver::new(River::new(board));
    solver.solve().expect("small boards solve");
    solver
}

fn chase_solver(n: u16) -> Solver<Chase> {
    let board = ChaseBoard::new(n, Coord::new(0, 0), Coord::new(n - 1, n - 1)).unwrap();
    let mut solver = Solver::new(Chase::new(board));
    solver.solve().expect("small boards solve");
    solver
}

/// The boards of the river samples (one of them a tie).
fn sample_boards() -> Vec<RiverBoard> {
    retrolab::games::river::contest::parse(include_str!("../cases/river/sample1.in")).unwrap()
}

/// Random tableau boards of up to 12 cells, weights up to `max`.
fn tableau_boards(max: i32) -> impl Strategy<Value = TableauBoard> {
    (1u16..=6, 1u16..=6)
        .prop_filter("at most 12 cells", |(r, c)| r * c <= 12)
        .prop_flat_map(move |(rows, cols)| {
            let cells = usize::from(rows * cols);
            (
                Just(rows),
                Just(cols),
                prop::collection::vec(0..=max, cells),
                prop::collection::vec(0..=max, cells),
            )
        })
        .prop_map(|(rows, cols, a, b)| TableauBoard::new(rows, cols, a, b).unwrap())
}

/// A record written from the documented layout (`crate::record`): 01 Win, 10 Lose,
/// 11 Tie in the top two bits, the remoteness below.
fn record(value: Value, remoteness: u16) -> u16 {
    let state = match value {
        Value::Win => 1,
        Value::Lose => 2,
        Value::Tie => 3,
    };
    state << 14 | remoteness
}

fn outcome(records: &[u16], pos: Position) -> Outcome {
    unpack(records[pos as usize]).expect("a solved table decides every position")
}

/// The children's outcomes.
fn children<G: Game>(game: &G, records: &[u16], pos: Position) -> Vec<Outcome> {
    let mut out = Vec::new();
    if game.primitive(pos).is_none() {
        game.for_each_child(pos, |c| out.push(outcome(records, c)));
    }
    out
}

/// Applies each corruption `corrupt` proposes (a new record for a position, given its
/// outcome and its children's) one at a time, and asserts the check rejects it: at that
/// position when only it is checked, and — for the first corruption of the table — at it
/// or one of its parents when the whole table is. Returns how many were tried.
fn assert_rejected<G: Game>(
    game: &G,
    table: &[u16],
    corrupt: impl Fn(Outcome, &[Outcome]) -> Vec<u16>,
) -> usize {
    let mut records = table.to_vec();
    let mut tried = 0;
    for pos in 0..records.len() as Position {
        let original = records[pos as usize];
        for bad in corrupt(outcome(table, pos), &children(game, table, pos)) {
            assert_ne!(bad, original, "a corruption changes the record");
            records[pos as usize] = bad;
            let failure = outcomes::check_range(game, &records, pos..pos + 1)
                .expect_err("a corrupted position is rejected");
            assert_eq!(failure.position, pos);
            assert_eq!(failure.claim, unpack(bad));
            if tried == 0 {
                let first = outcomes::check(game, &records).expect_err("the table is rejected");
                let mut is_parent = false;
                if game.primitive(first.position).is_none() {
                    game.for_each_child(first.position, |c| is_parent |= c == pos);
                }
                assert!(first.position == pos || is_parent, "{first:?} for {pos}");
            }
            tried += 1;
        }
        records[pos as usize] = original;
    }
    tried
}

/// Applies `corrupt` to every table the corruption tests use — the river samples (wins,
/// losses, a tie) and small chase boards — as [`assert_rejected`] does; returns how many
/// corruptions were tried.
fn assert_rejected_everywhere(corrupt: impl Fn(Outcome, &[Outcome]) -> Vec<u16> + Copy) -> usize {
    let mut tried = 0;
    for board in sample_boards() {
        let solver = river_solver(board);
        tried += assert_rejected(solver.game(), solver.records(), corrupt);
    }
    for n in 2..=6 {
        let solver = chase_solver(n);
        tried += assert_rejected(solver.game(), solver.records(), corrupt);
    }
    tried
}

// --- accepting what the solvers produce ------------------------------------------------

#[test]
fn every_river_sample_and_chase_table_is_accepted() {
    for board in sample_boards() {
        let solver = river_solver(board);
        assert_eq!(outcomes::check(solver.game(), solver.records()), Ok(()));
    }
    for n in 2..=12 {
        let solver = chase_solver(n);
        assert_eq!(
            outcomes::check(solver.game(), solver.records()),
            Ok(()),
            "n = {n}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn every_random_river_table_is_accepted(board in river_boards(16)) {
        let solver = river_solver(board);
        prop_assert_eq!(outcomes::check(solver.game(), solver.records()), Ok(()));
    }

    #[test]
    fn every_random_tableau_table_is_accepted(board in tableau_boards(100_000)) {
        let mut solver = LayeredSolver::new(Tableau::new(board));
        solver.solve();
        prop_assert_eq!(scores::check(solver.game(), solver.scores()), Ok(()));
    }

    #[test]
    fn a_check_in_slices_finds_what_the_whole_check_finds(
        board in river_boards(12),
        budget in 1usize..200,
        corrupt in any::<prop::sample::Index>(),
    ) {
        let solver = river_solver(board);
        let game = solver.game();
        let mut records = solver.records().to_vec();
        let sliced = |records: &[u16]| {
            let mut checker = Checker::new(records.len());
            let mut checked = 0;
            loop {
                let check = |range| outcomes::check_range(game, records, range);
                let progress = checker.step(budget, check);
                prop_assert!(progress.checked >= checked && progress.checked <= progress.total);
                checked = progress.checked;
                if progress.done {
                    return Ok(checker.failure().copied());
                }
                prop_assert_eq!(progress.checked % budget as u64, 0);
            }
        };
        prop_assert_eq!(sliced(&records)?, None);
        let pos = corrupt.index(records.len());
        records[pos] ^= 1 << 15 | 1 << 14; // Win <-> Tie, Lose <-> undecided
        let whole = outcomes::check(game, &records).unwrap_err();
        prop_assert_eq!(sliced(&records)?, Some(whole));
    }
}

// --- rejecting corrupted tables -----------------------------------------------------------

#[test]
fn a_flipped_value_is_rejected() {
    let tried = assert_rejected_everywhere(|o, _| match o.value {
        Value::Win => vec![record(Value::Lose, o.remoteness)],
        Value::Lose => vec![record(Value::Win, o.remoteness)],
        Value::Tie => vec![],
    });
    assert!(tried > 10_000, "{tried}");
}

#[test]
fn a_changed_remoteness_is_rejected() {
    let tried = assert_rejected_everywhere(|o, _| match o.value {
        Value::Tie => vec![],
        value => {
            let mut bad = vec![record(value, o.remoteness + 1)];
            if o.remoteness > 0 {
                bad.push(record(value, o.remoteness - 1));
            }
            bad
        }
    });
    assert!(tried > 10_000, "{tried}");
}

/// The corruptions only "no quicker win" and "the slowest loss" catch: a win claimed as
/// slow as another losing child allows, a loss claimed as quick as another winning child.
#[test]
fn a_win_slower_or_a_loss_quicker_than_the_best_move_is_rejected() {
    let tried = assert_rejected_everywhere(|o, children| {
        let mut bad: Vec<u16> = children
            .iter()
            .filter(|c| o.value != Value::Tie && c.value == -o.value)
            .filter(|c| c.remoteness + 1 != o.remoteness)
            .map(|c| record(o.value, c.remoteness + 1))
            .collect();
        bad.sort_unstable();
        bad.dedup();
        bad
    });
    assert!(tried > 1_000, "{tried}");
}

#[test]
fn a_tie_turned_into_a_win_is_rejected() {
    let tried = assert_rejected_everywhere(|o, _| match o.value {
        Value::Tie => (0..4).map(|r| record(Value::Win, r)).collect(),
        _ => vec![],
    });
    assert!(tried > 100, "{tried}");
}

#[test]
fn a_win_turned_into_a_tie_is_rejected() {
    let tried = assert_rejected_everywhere(|o, _| match o.value {
        Value::Win => vec![record(Value::Tie, 0)],
        _ => vec![],
    });
    assert!(tried > 1_000, "{tried}");
}

/// Sharper: wins that also have a tying move, so "a Tie has a Tie child" alone holds.
#[test]
fn a_win_with_a_tying_move_turned_into_a_tie_is_rejected() {
    let tried = assert_rejected_everywhere(|o, children| {
        let ties = children.iter().any(|c| c.value == Value::Tie);
        match o.value {
            Value::Win if ties => vec![record(Value::Tie, 0)],
            _ => vec![],
        }
    });
    assert!(tried >= 5, "{tried}");
}

#[test]
fn a_loss_turned_into_a_tie_is_rejected() {
    let tried = assert_rejected_everywhere(|o, _| match o.value {
        Value::Lose => vec![record(Value::Tie, 0)],
        _ => vec![],
    });
    assert!(tried > 1_000, "{tried}");
}

#[test]
fn an_undecided_position_is_rejected() {
    let tried = assert_rejected_everywhere(|_, _| vec![3]);
    assert!(tried > 10_000, "{tried}");
}

// --- tableau -------------------------------------------------------------------------------

/// Changes each score in turn as `corrupt` proposes (from the score and the scores its
/// moves lead to) and asserts the check rejects it there; returns how many were tried.
fn assert_scores_rejected(board: TableauBoard, corrupt: impl Fn(i32, &[i32]) -> Vec<i32>) -> usize {
    let mut solver = LayeredSolver::new(Tableau::new(board));
    solver.solve();
    let game = solver.game();
    let mut table = solver.scores().to_vec();
    assert_eq!(scores::check(game, &table), Ok(()));
    let mut tried = 0;
    for pos in 0..table.len() as Position {
        let original = table[pos as usize];
        let mut options = Vec::new();
        game.for_each_move(pos, |_, child, gain| {
            options.push(gain + table[child as usize])
        });
        for bad in corrupt(original, &options) {
            table[pos as usize] = bad;
            let failure = scores::check_range(game, &table, pos..pos + 1)
                .expect_err("a corrupted score is rejected");
            assert_eq!(failure.position, pos);
            assert!(scores::check(game, &table).is_err());
            tried += 1;
        }
        table[pos as usize] = original;
    }
    tried
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    #[test]
    fn a_changed_score_is_rejected(board in tableau_boards(9)) {
        let tried = assert_scores_rejected(board, |score, _| vec![score + 1, score - 1]);
        prop_assert!(tried >= 2);
    }

    /// Only "the best of its moves" catches these: the score another move would give.
    #[test]
    fn the_score_of_a_move_that_is_not_the_best_is_rejected(board in tableau_boards(9)) {
        assert_scores_rejected(board, |score, options| {
            options.iter().copied().filter(|&o| o != score).collect()
        });
    }

    #[test]
    fn an_unscored_position_is_rejected(board in tableau_boards(9)) {
        let tried = assert_scores_rejected(board, |_, _| vec![UNSCORED]);
        prop_assert!(tried >= 2);
    }

    /// A slice of the table is checked on its own (the page verifies in slices): a score
    /// resting on an unscored child is rejected there, not only where the child is.
    #[test]
    fn a_score_whose_move_leads_to_an_unscored_position_is_rejected(board in tableau_boards(9)) {
        let mut solver = LayeredSolver::new(Tableau::new(board));
        solver.solve();
        let game = solver.game();
        let mut table = solver.scores().to_vec();
        for pos in 0..table.len() as Position {
            let mut children = Vec::new();
            game.for_each_move(pos, |_, child, _| children.push(child));
            for child in children {
                let original = std::mem::replace(&mut table[child as usize], UNSCORED);
                let failure = scores::check_range(game, &table, pos..pos + 1)
                    .expect_err("a score resting on an unscored child is rejected");
                prop_assert_eq!(failure.position, pos);
                table[child as usize] = original;
            }
        }
    }
}

// --- the words of a failure ------------------------------------------------------------------

/// Sample board 2: red (row 2) to move loses in 2.
fn sample_two() -> Solver<River> {
    river_solver("#.#\nO.O\n.X.\n".parse().unwrap())
}

fn describe_river(game: &River, failure: outcomes::Inconsistency) -> String {
    failure.describe(|pos| game.decode(pos).to_string())
}

#[test]
fn a_river_failure_names_the_position_its_claim_and_the_best_move() {
    let solver = sample_two();
    let game = solver.game();
    let start = game.start();
    assert_eq!(
        outcome(solver.records(), start),
        Outcome {
            value: Value::Lose,
            remoteness: 2
        }
    );
    let mut records = solver.records().to_vec();
    records[start as usize] = record(Value::Win, 2);
    let failure = outcomes::check_range(game, &records, start..start + 1).unwrap_err();
    // Every red move lets black capture at once: a loss in 2, whichever move is named.
    assert!(matches!(failure.flaw, outcomes::Flaw::BestMove { .. }));
    assert_eq!(
        describe_river(game, failure),
        "position red (2, 1) and (2, 3), black (3, 2), red to move claims Win in 2 but its \
         best move leads to red (2, 1) and (2, 2), black (3, 2), black to move, which claims \
         Win in 1, so it is Lose in 2"
    );
}

#[test]
fn undecided_and_game_over_failures_say_so() {
    let solver = sample_two();
    let game = solver.game();
    let start = game.start();
    let mut records = solver.records().to_vec();
    records[start as usize] = 2;
    let failure = outcomes::check(game, &records).unwrap_err();
    assert_eq!(failure.position, start);
    assert_eq!(
        describe_river(game, failure),
        "position red (2, 1) and (2, 3), black (3, 2), red to move claims nothing but every \
         position must be decided"
    );
    // Black on the top row, red to move: over, lost for red.
    let over = (0..records.len() as Position)
        .find(|&p| {
            game.decode(p).black.row == 0 && game.decode(p).to_move == retrolab::Player::First
        })
        .unwrap();
    let mut records = solver.records().to_vec();
    records[over as usize] = record(Value::Tie, 0);
    let failure = outcomes::check_range(game, &records, over..over + 1).unwrap_err();
    assert_eq!(
        describe_river(game, failure),
        format!(
            "position {} claims Tie but the rules end the game there: Lose in 0",
            game.decode(over)
        )
    );
}

#[test]
fn a_tableau_failure_names_the_staircase_and_the_best_move() {
    // 1 × 2: the first player takes cell 1 (A = 5), the second cell 2 (B = 7): 5 − 7.
    let board = TableauBoard::new(1, 2, vec![5, 1], vec![3, 7]).unwrap();
    let mut solver = LayeredSolver::new(Tableau::new(board));
    solver.solve();
    let game = solver.game();
    let start = game.start();
    assert_eq!(solver.score(start), Some(-2));
    let mut table = solver.scores().to_vec();
    table[start as usize] = 4;
    let failure = scores::check(game, &table).unwrap_err();
    let rows = |pos| format!("{:?}", game.decode(pos));
    assert_eq!(
        failure.describe(rows),
        "position [0] claims 4 but its best move gains 5 and leads to [1], which claims -7, \
         so it scores -2"
    );
    let full = 0;
    table[full] = 1;
    let failure = scores::check_range(game, &table, 0..1).unwrap_err();
    assert_eq!(
        failure.describe(rows),
        "position [2] claims 1 but it has no move, so it scores 0"
    );
}

/// The child a failure at position 0 of a fan (position 0 moving to each of the others,
/// which have no move) names as its best move, the others' records given.
fn named_child(children: &[u16]) -> (Position, Option<Outcome>) {
    let n = children.len();
    let mut moves = vec![(1..=n as Position).collect::<Vec<_>>()];
    moves.extend(vec![Vec::new(); n]);
    let fan = Graph::new(moves, vec![None; n + 1]);
    // A win in 9 is wrong whatever the children hold: none of them is a loss in 8.
    let mut records = vec![record(Value::Win, 9)];
    records.extend_from_slice(children);
    match outcomes::check_range(&fan, &records, 0..1)
        .unwrap_err()
        .flaw
    {
        outcomes::Flaw::BestMove { child, child_claim } => (child, child_claim),
        flaw => panic!("a wrong claim with moves names a best move, not {flaw:?}"),
    }
}

#[test]
fn a_failure_names_the_best_move_for_the_side_to_move() {
    let (win, lose, tie) = (Value::Win, Value::Lose, Value::Tie);
    let claim = |value, remoteness| Some(Outcome { value, remoteness });
    // The quickest loss for the opponent first, before ties and wins.
    let quickest = [
        record(win, 3),
        record(lose, 2),
        record(tie, 0),
        record(lose, 1),
    ];
    assert_eq!(named_child(&quickest), (4, claim(lose, 1)));
    // A tie before any win.
    let tie_first = [record(win, 1), record(tie, 0), record(win, 3)];
    assert_eq!(named_child(&tie_first), (2, claim(tie, 0)));
    // Among wins alone, the slowest: the best loss.
    let slowest = [record(win, 1), record(win, 3)];
    assert_eq!(named_child(&slowest), (2, claim(win, 3)));
    // An undecided child before all: no best move can be named past it.
    let undecided = [record(lose, 0), 0];
    assert_eq!(named_child(&undecided), (2, None));
}

/// A scored game of one move: position 0 (layer 0, `mover` to play) moves to each of the
/// others (layer 1, no move), the move to `i + 1` gaining `gains[i]`.
struct Fan {
    mover: retrolab::Player,
    gains: Vec<i32>,
}

impl LayeredGame for Fan {
    fn num_positions(&self) -> usize {
        self.gains.len() + 1
    }

    fn num_layers(&self) -> usize {
        2
    }

    fn layer(&self, pos: Position) -> usize {
        usize::from(pos > 0)
    }

    fn start(&self) -> Position {
        0
    }

    fn to_move(&self, layer: usize) -> retrolab::Player {
        match layer {
            0 => self.mover,
            _ => self.mover.other(),
        }
    }

    fn for_each_move(&self, pos: Position, mut f: impl FnMut(retrolab::Move, Position, i32)) {
        if pos == 0 {
            for (i, &gain) in self.gains.iter().enumerate() {
                let to = i as u16 + 1;
                f(retrolab::Move { from: 0, to }, Position::from(to), gain);
            }
        }
    }
}

#[test]
fn a_scored_failure_names_the_first_best_move_for_the_side_to_move() {
    // Gain plus child score: -5, 3, 3, -5; gain minus it and gain times it would order
    // the moves otherwise.
    let gains = vec![-2, 1, 3, -4];
    let table = [100, -3, 2, 0, -1];
    let named = |mover| {
        let fan = Fan {
            mover,
            gains: gains.clone(),
        };
        scores::check(&fan, &table).unwrap_err().flaw
    };
    let best = |child: Position| scores::Flaw::BestMove {
        child,
        gain: gains[child as usize - 1],
        child_score: table[child as usize],
    };
    assert_eq!(named(retrolab::Player::First), best(2));
    assert_eq!(named(retrolab::Player::Second), best(1));
}

// --- the theorem on every table of tiny games -----------------------------------------------

/// A game given as a graph: each position's moves, or its value when the rules end it.
#[derive(Debug)]
struct Graph {
    moves: Vec<Vec<Position>>,
    ends: Vec<Option<Value>>,
    parents: Vec<Vec<Position>>,
}

impl Graph {
    fn new(moves: Vec<Vec<Position>>, ends: Vec<Option<Value>>) -> Graph {
        let mut parents = vec![Vec::new(); moves.len()];
        for (pos, children) in moves.iter().enumerate() {
            for &c in children {
                parents[c as usize].push(pos as Position);
            }
        }
        Graph {
            moves,
            ends,
            parents,
        }
    }

    /// The true values, level by level (as the module's documentation defines them).
    fn truth(&self) -> Vec<Option<Outcome>> {
        let n = self.moves.len();
        let mut known: Vec<Option<Outcome>> = (0..n)
            .map(|p| match (self.ends[p], self.moves[p].is_empty()) {
                (Some(value), _) => Some(Outcome {
                    value,
                    remoteness: 0,
                }),
                (None, true) => Some(Outcome {
                    value: Value::Lose,
                    remoteness: 0,
                }),
                (None, false) => None,
            })
            .collect();
        for level in 1.. {
            let mut found = Vec::new();
            for p in (0..n).filter(|&p| known[p].is_none()) {
                let kids: Vec<Option<Outcome>> =
                    self.moves[p].iter().map(|&c| known[c as usize]).collect();
                let lost = |o: &Option<Outcome>| o.is_some_and(|o| o.value == Value::Lose);
                let won = |o: &Option<Outcome>| o.is_some_and(|o| o.value == Value::Win);
                if kids
                    .iter()
                    .any(|o| lost(o) && o.unwrap().remoteness == level - 1)
                {
                    found.push((p, Value::Win));
                } else if kids.iter().all(won)
                    && kids.iter().any(|o| o.unwrap().remoteness == level - 1)
                {
                    found.push((p, Value::Lose));
                }
            }
            if found.is_empty() {
                break;
            }
            for (p, value) in found {
                known[p] = Some(Outcome {
                    value,
                    remoteness: level,
                });
            }
        }
        known
            .into_iter()
            .map(|o| {
                o.or(Some(Outcome {
                    value: Value::Tie,
                    remoteness: 0,
                }))
            })
            .collect()
    }
}

// SAFETY: every parent listed is a position of the graph (parents come from `moves`,
// whose entries the strategy keeps below the number of positions).
unsafe impl Game for Graph {
    fn num_positions(&self) -> usize {
        self.moves.len()
    }

    fn start(&self) -> Position {
        0
    }

    fn to_move(&self, _: Position) -> retrolab::Player {
        retrolab::Player::First
    }

    fn primitive(&self, pos: Position) -> Option<Value> {
        self.ends[pos as usize]
    }

    fn for_each_move(&self, pos: Position, mut f: impl FnMut(retrolab::Move, Position)) {
        for &c in &self.moves[pos as usize] {
            f(
                retrolab::Move {
                    from: pos as u16,
                    to: c as u16,
                },
                c,
            );
        }
    }

    fn for_each_parent(&self, pos: Position, f: impl FnMut(Position)) {
        self.parents[pos as usize].iter().copied().for_each(f);
    }
}

/// Positions in the exhaustive test's graphs.
const NODES: usize = 5;

/// Random graphs of [`NODES`] positions: each is over (Win, Lose or Tie by the rules) or
/// has moves to any set of positions, itself included (a set of none: it cannot move).
fn graphs() -> impl Strategy<Value = Graph> {
    let position = prop_oneof![
        1 => prop::sample::select(vec![Value::Win, Value::Lose, Value::Tie])
            .prop_map(|v| (Some(v), 0u8)),
        3 => any::<u8>().prop_map(|set| (None, set)),
    ];
    prop::collection::vec(position, NODES).prop_map(|ps| {
        let moves = ps
            .iter()
            .map(|&(end, set)| match end {
                Some(_) => Vec::new(),
                None => (0..NODES as Position)
                    .filter(|c| set >> c & 1 == 1)
                    .collect(),
            })
            .collect();
        Graph::new(moves, ps.iter().map(|&(end, _)| end).collect())
    })
}

/// Every record the exhaustive test tries per position: undecided, Tie, Win and Lose in
/// 0 to 4 (five positions have remoteness 4 at most).
fn every_record() -> Vec<u16> {
    let mut all = vec![0, record(Value::Tie, 0)];
    for r in 0..=4 {
        all.push(record(Value::Win, r));
        all.push(record(Value::Lose, r));
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The module's claim, checked on every one of the 12⁵ tables of each graph: the check
    /// accepts a table exactly when it is the true one — ties included.
    #[test]
    fn the_check_accepts_exactly_the_true_table(graph in graphs()) {
        let truth: Vec<u16> = graph
            .truth()
            .into_iter()
            .map(|o| o.map_or(0, |o| record(o.value, o.remoteness)))
            .collect();
        let mut solver = Solver::new(Graph::new(graph.moves.clone(), graph.ends.clone()));
        solver.solve().unwrap();
        prop_assert_eq!(solver.records(), &truth[..], "the solver agrees with the truth");
        let all = every_record();
        let mut table = vec![0u16; NODES];
        let mut accepted = 0;
        for index in 0..all.len().pow(NODES as u32) {
            for (p, slot) in table.iter_mut().enumerate() {
                *slot = all[index / all.len().pow(p as u32) % all.len()];
            }
            if outcomes::check(&graph, &table).is_ok() {
                prop_assert_eq!(&table, &truth);
                accepted += 1;
            }
        }
        prop_assert_eq!(accepted, 1);
    }
}

// --- the command line ------------------------------------------------------------------------

#[test]
fn verify_gives_the_same_answers_and_exit_0_on_every_contest_vector() {
    let mut files = 0;
    for game in ["river", "chase", "tableau"] {
        for input in common::case_inputs(game) {
            let bytes = std::fs::read(&input).unwrap();
            let plain = common::run(&[game], &bytes);
            let verified = common::run(&[game, "--verify"], &bytes);
            assert_eq!(
                verified.status.code(),
                Some(0),
                "{}: {}",
                input.display(),
                String::from_utf8_lossy(&verified.stderr)
            );
            assert!(verified.stderr.is_empty());
            assert_eq!(verified.stdout, plain.stdout, "{}", input.display());
            assert_eq!(
                verified.stdout,
                std::fs::read(input.with_extension("ans")).unwrap()
            );
            files += 1;
        }
    }
    assert!(files >= 50, "{files}");
}

#[test]
fn verify_passes_on_the_tie_benchmark_board() {
    let input = include_bytes!("../../benches/data/river-tie-16x16.in");
    let out = common::run(&["river", "--verify"], input);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        out.stdout,
        include_bytes!("../../benches/data/river-tie-16x16.ans")
    );
}

#[test]
fn verify_still_refuses_bad_input_with_exit_2() {
    common::assert_refused_with(
        &["river", "--verify"],
        b"0 1\n3 3\n#.#\nO.O\n",
        5,
        "expected row 3",
    );
    let out = common::run(&["--verify", "chase"], b"2 1 1 2 2\n");
    assert_eq!(out.status.code(), Some(0), "the flag may come first");
    assert_eq!(out.stdout, b"BLACK 2\n");
}

#[test]
fn help_describes_verify_and_its_exit_code() {
    let out = common::run(&["--help"], b"");
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("--verify"));
    assert!(help.contains("3 a table failed its check"));
}
