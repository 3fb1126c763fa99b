//! The batch against the command line's answers, slice by slice.

use super::*;
use crate::contest::Problem;
use crate::game::{Player, Position};

fn case(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/cases/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A clock that moves on by `tick` milliseconds at every look.
fn clock(tick: f64) -> impl FnMut() -> f64 {
    let mut t = 0.0;
    move || {
        t += tick;
        t
    }
}

/// Runs `batch` to the end in slices of `ms` on a clock of `tick`; returns the slices.
fn run(batch: &mut Batch, tick: f64, ms: f64) -> usize {
    let mut now = clock(tick);
    let mut slices = 0;
    while !batch.progress().done {
        batch.run_for(&mut now, ms);
        slices += 1;
    }
    slices
}

fn results(batch: &Batch) -> Vec<Result<String, String>> {
    batch
        .rows()
        .iter()
        .map(|r| r.result.clone().unwrap().map_err(|e| e.to_string()))
        .collect()
}

#[test]
fn every_contest_vector_gives_the_answer_file() {
    let dir = format!("{}/tests/cases", env!("CARGO_MANIFEST_DIR"));
    for game in GameKind::ALL {
        let mut files: Vec<_> = std::fs::read_dir(format!("{dir}/{game}"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        files.sort();
        // Tableau's 40 files are alike: every fourth keeps the test quick.
        let step = if game == GameKind::Tableau { 4 } else { 1 };
        for input in files.iter().step_by(step) {
            let mut batch = Batch::new(game, &std::fs::read(input).unwrap());
            run(&mut batch, 0.01, 5.0);
            let expected = std::fs::read_to_string(input.with_extension("ans")).unwrap();
            assert_eq!(batch.output(), Some(expected), "{}", input.display());
        }
    }
}

#[test]
fn a_bad_board_in_the_middle_is_a_row_and_the_rest_still_solve() {
    let sample = String::from_utf8(case("river/sample1.in")).unwrap();
    let bad = sample.replace(".#X\n", ".#Z\n");
    let mut batch = Batch::new(GameKind::River, bad.as_bytes());
    run(&mut batch, 0.01, 5.0);
    let cli = crate::games::river::contest::parse(&bad)
        .unwrap_err()
        .to_string();
    let answers = String::from_utf8(case("river/sample1.ans")).unwrap();
    let mut expected: Vec<Result<String, String>> = answers.lines().map(|a| Ok(a.into())).collect();
    expected[2] = Err(cli);
    assert_eq!(results(&batch), expected);
    assert_eq!(
        batch.output(),
        None,
        "the CLI answers nothing for an input with a fault"
    );
    assert_eq!(
        batch.finished_since(1),
        [1, 2, 3, 4],
        "a board with a table of its own is solved as it is read"
    );
    assert_eq!(batch.text(2), "3 3\nO..\n.#Z\n.O.");
    assert_eq!(batch.text(1), "3 3\n#.#\nO.O\n.X.");
    assert_eq!(batch.rows()[4].size, Some((9, 9)));
    assert_eq!(batch.rows()[2].size, None);
}

/// The size and table name of each board of `input` of `kind`, as the batch reads them
/// (to its end).
fn boards_of<K: Kind>(kind: K, input: &str) -> Vec<((u16, u16), String)> {
    let reader = kind.reader();
    let mut boards = Boards {
        kind,
        reader,
        verify: false,
        keys: Vec::new(),
    };
    let read = std::iter::from_fn(|| boards.next(input))
        .map(|problem| match problem.board.unwrap() {
            Read::Solved { size, board, .. } => (size, board.table.to_string()),
            Read::Shares { .. } => panic!("a table of its own, or the first of its key"),
        })
        .collect();
    assert_eq!(boards.offset(), input.len(), "the whole input read");
    read
}

#[test]
fn a_board_has_its_size_and_the_command_line_name_of_its_table() {
    use crate::games::{chase::ChaseKind, river::RiverKind};
    assert_eq!(
        boards_of(ChaseKind, "5 1 1 5 5\n2 1 1 2 2\n3 1 2 3 1\n"),
        [((5, 5), "n = 5"), ((2, 2), "n = 2"), ((3, 3), "n = 3")]
            .map(|(size, table)| (size, table.to_string()))
    );
    assert_eq!(
        boards_of(RiverKind, "0 2\n2 3\nOO.\n..X\n3 2\nOO\n..\n.X\n"),
        [((2, 3), "board 1"), ((3, 2), "board 2")].map(|(size, table)| (size, table.to_string()))
    );
    let tableau = String::from_utf8(case("tableau/001.in")).unwrap();
    assert_eq!(
        boards_of(crate::games::tableau::TableauKind, &tableau),
        [((2, 3), "board 1".to_string())]
    );
}

/// The answer line of one chase query, from its whole table solved alone.
fn chase_answer(query: &str) -> String {
    let board = crate::games::chase::contest::parse(query).unwrap()[0];
    let mut solver = crate::Solver::new(crate::games::chase::Chase::new(board));
    solver.solve().unwrap();
    let start = crate::Game::start(solver.game());
    crate::games::chase::contest::answer(solver.outcome(start).unwrap())
}

#[test]
fn chase_solves_each_size_once_in_order_of_size() {
    let input = "5 1 1 5 5\n2 1 1 2 2\r\n\n5 3 3 3 4\nbad\n2 2 2 1 1\n";
    let mut batch = Batch::new(GameKind::Chase, input.as_bytes());
    run(&mut batch, 0.01, 5.0);
    let cli = chase_answer;
    let rows = batch.rows();
    assert_eq!(rows.len(), 5);
    for (i, text) in [
        (0, "5 1 1 5 5"),
        (1, "2 1 1 2 2"),
        (2, "5 3 3 3 4"),
        (4, "2 2 2 1 1"),
    ] {
        assert_eq!(rows[i].result, Some(Ok(cli(text))), "{text}");
        assert_eq!(batch.text(i), text);
    }
    assert_eq!(
        rows[3].result.clone().map(|r| r.map_err(|e| e.to_string())),
        Some(Err(
            "line 5: expected 5 numbers (n r1 c1 r2 c2), found too few".into()
        ))
    );
    // Faults first, then n = 2, then n = 5.
    assert_eq!(batch.finished_since(0), [3, 1, 4, 0, 2]);
    assert_eq!((rows[1].shares, rows[4].shares), (None, Some(1)));
    assert_eq!((rows[0].shares, rows[2].shares), (None, Some(0)));
    assert_eq!(rows[2].positions, 2 * 25 * 25);
    assert_eq!(rows[2].ms, 0.0);
    assert!(rows[0].ms > 0.0);
}

#[test]
fn slices_keep_to_their_clock() {
    let input = case("river/sample1.in");
    // Time is up at the first look: one chunk per slice.
    let mut batch = Batch::new(GameKind::River, &input);
    let one_chunk = run(&mut batch, 1.0, 0.5);
    let mut whole = Batch::new(GameKind::River, &input);
    assert_eq!(
        run(&mut whole, 0.0, 1.0),
        1,
        "a clock that stands still: one slice"
    );
    assert!(one_chunk > 5, "{one_chunk} slices");
    assert_eq!(batch.output(), whole.output());
    // Each board's time is the clock's ticks while it was solved.
    let ms: f64 = batch.rows().iter().map(|r| r.ms).sum();
    // Reading and answering take ticks too, not counted on any board.
    assert!(ms > 0.0 && ms < one_chunk as f64, "{ms} of {one_chunk}");
    assert_eq!(ms.fract(), 0.0, "whole ticks");
}

#[test]
fn faults_of_the_input_itself_are_rows() {
    let batch = Batch::new(GameKind::River, b"0 1\n2 2\n.\xff\n");
    assert_eq!(
        results(&batch),
        [Err("line 3: input is not valid UTF-8 text".into())]
    );
    assert!(batch.progress().done);
    let mut batch = Batch::new(GameKind::Tableau, b"");
    run(&mut batch, 0.01, 5.0);
    assert_eq!(
        results(&batch),
        [Err(
            "line 1: expected the size line `n m`, found the end of the input".into()
        )]
    );
}

#[test]
fn every_problem_is_answered_and_the_first_max_rows_kept() {
    let input = "2 1 1 2 2\n3 1 1 1 2\n".repeat(MAX_ROWS / 2 + 3);
    let mut batch = Batch::new(GameKind::Chase, input.as_bytes());
    run(&mut batch, 0.01, 5.0);
    assert_eq!(batch.rows().len(), MAX_ROWS);
    assert_eq!(batch.progress().rows, MAX_ROWS + 6);
    let pair = format!(
        "{}\n{}\n",
        chase_answer("2 1 1 2 2"),
        chase_answer("3 1 1 1 2")
    );
    assert_eq!(batch.output(), Some(pair.repeat(MAX_ROWS / 2 + 3)));
    assert_eq!(batch.finished_since(0).len(), MAX_ROWS);
    assert_eq!(batch.rows()[3].shares, Some(1));
}

#[test]
fn the_input_is_read_a_piece_per_look_at_the_clock() {
    let input = "2 1 1 2 2\n".repeat(10 * READ_PIECE);
    let mut batch = Batch::new(GameKind::Chase, input.as_bytes());
    let progress = batch.run_for(&mut clock(1.0), 0.5);
    assert_eq!(progress.rows, READ_PIECE);
    assert_eq!(progress.read, 0.1);
    assert!(!progress.done);
}

/// A game whose parents can leave some out, as a game with a bug would: a pile of `stones`,
/// taking 1 or 2 a turn, whoever takes the last stone wins; `lies` leaves out the parents
/// two stones up, so that its solved table fails the check.
#[derive(Clone)]
struct Pile {
    stones: u32,
    lies: bool,
}

// SAFETY: parents are piles up to `stones`.
unsafe impl crate::Game for Pile {
    fn num_positions(&self) -> usize {
        2 * (self.stones as usize + 1)
    }
    fn start(&self) -> Position {
        2 * self.stones
    }
    fn to_move(&self, pos: Position) -> Player {
        Player::from_parity(pos)
    }
    fn primitive(&self, pos: Position) -> Option<crate::Value> {
        (pos / 2 == 0).then_some(crate::Value::Lose)
    }
    fn for_each_move(&self, pos: Position, mut f: impl FnMut(crate::Move, Position)) {
        for take in 1..=2.min(pos / 2) {
            let mv = crate::Move { from: 0, to: 0 };
            f(mv, (pos - 2 * take) ^ 1);
        }
    }
    fn for_each_parent(&self, pos: Position, mut f: impl FnMut(Position)) {
        let took = if self.lies { 1 } else { 2 };
        for took in 1..=took {
            if pos / 2 + took <= self.stones {
                f((pos + 2 * took) ^ 1);
            }
        }
    }
}

impl crate::BoardView for Pile {
    type Verdict = crate::Outcome;
    fn size(&self) -> (u16, u16) {
        (1, 1)
    }
    fn pieces(&self, _: Position) -> Vec<u16> {
        Vec::new()
    }
    fn position(&self, _: &[u16], _: Player) -> Option<Position> {
        None
    }
    fn side_to_move(&self, pos: Position) -> Player {
        Player::from_parity(pos)
    }
    fn answer(&self, start: crate::Outcome) -> String {
        format!("{:?} {}", start.value, start.remoteness)
    }
    fn describe(&self, pos: Position) -> String {
        format!("pile {}", pos / 2)
    }
}

/// [`Pile`] as a game of its own: an input is a pile per line.
#[derive(Clone)]
struct PileKind {
    lies: bool,
}

/// The reader of an input of piles, one per line.
#[derive(Default)]
struct Piles {
    place: contest::Place,
    count: usize,
}

impl Reader for Piles {
    type Board = u32;
    fn next(&mut self, input: &str) -> Option<Problem<u32>> {
        let mut lines = contest::Lines::at(input, self.place);
        let (line, text) = lines.next_nonblank("a pile").ok()?;
        self.place = lines.place();
        self.count += 1;
        let board = contest::integer(line, text, "the pile", 0..=100).map(|n| n as u32);
        Some(Problem {
            number: Some(self.count),
            lines: (line, line),
            board,
        })
    }
    fn offset(&self) -> usize {
        self.place.offset
    }
}

impl Kind for PileKind {
    type Board = u32;
    type BoardError = contest::ContestError;
    fn about(&self) -> crate::games::About {
        unreachable!("not asked by the batch")
    }
    fn contents(&self) -> crate::games::Contents {
        unreachable!("not asked by the batch")
    }
    fn parse(&self, text: &str) -> Result<u32, contest::ContestError> {
        contest::integer(1, text, "the pile", 0..=100).map(|n| n as u32)
    }
    fn draw(&self, &stones: &u32) -> crate::games::Drawn {
        let cells = vec!['.'; stones as usize + 1];
        crate::games::Drawn::Cells {
            rows: 1,
            cols: cells.len() as u16,
            cells,
        }
    }
    fn contest_text(&self, stones: &u32) -> String {
        format!("{stones}\n")
    }
    fn build<B: crate::games::Build>(
        &self,
        stones: u32,
        to: B,
    ) -> Result<B::Output, std::collections::TryReserveError> {
        let lies = self.lies;
        Ok(to.valued(Pile { stones, lies }))
    }
    fn reader(&self) -> impl Reader<Board = u32> + 'static {
        Piles::default()
    }
}

#[test]
fn a_table_that_fails_its_check_is_named_after_the_answers() {
    let answer = |lies, verify| answer_input_of(&PileKind { lies }, "4\n2\n3\n".into(), verify);
    let honest = answer(false, true).unwrap();
    // The side to move loses exactly on multiples of 3.
    assert_eq!(honest.text, "Win 3\nWin 1\nLose 2\n");
    assert_eq!(honest.failure, None);
    // Pile 2 never hears of its move to the empty pile: a tie, which its moves refute.
    let lying = answer(true, true).unwrap();
    assert_eq!(lying.text.lines().count(), 3);
    let failure = lying.failure.unwrap();
    assert!(failure.starts_with("board 1: position pile "), "{failure}");
    assert!(failure.contains("claims Tie"), "{failure}");
    assert_eq!(
        answer(true, false).unwrap().failure,
        None,
        "checked only when asked"
    );
    // A fault anywhere in the input is the answer, before any table is solved.
    let fault = answer_input_of(&PileKind { lies: false }, "4\n200\n".into(), false);
    assert_eq!(
        fault.unwrap_err().to_string(),
        "line 2: the pile must be between 0 and 100, found 200"
    );
}
