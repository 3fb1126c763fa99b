use super::*;
use crate::game::board_view::SliceError;
use crate::game::{Position, Value};
use crate::games::river::{self, RiverBoard};
use crate::games::{BoardError, Drawn};
use crate::progress::{Phase, ScoredEventKind};
use crate::record::{self, Outcome};
use crate::retro::{Order, Workspace};

fn sample(name: &str) -> String {
    let path = format!("{}/tests/cases/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The river sample's boards as board text, with the contest's answers.
fn river_samples() -> Vec<(String, String)> {
    let boards = crate::games::river::contest::parse(&sample("river/sample1.in")).unwrap();
    let answers = sample("river/sample1.ans");
    boards
        .iter()
        .map(RiverBoard::to_string)
        .zip(answers.lines().map(str::to_owned))
        .collect()
}

fn solved(game: &str, text: &str) -> Box<dyn Analysis> {
    let mut analysis = Built::parse(game, text).unwrap().analysis().unwrap();
    while !analysis.run_for(usize::MAX, || false).unwrap().done {}
    analysis
}

#[test]
fn solved_analyses_give_the_contest_answers() {
    for (text, answer) in river_samples() {
        let analysis = solved("river", &text);
        assert_eq!(analysis.answer(analysis.start()), Some(answer), "{text}");
    }
    // chase `2 1 1 2 2`, tableau's vector 001.
    let chase = solved("chase", "W.\n.B\n");
    assert_eq!(chase.answer(chase.start()).as_deref(), Some("BLACK 2"));
    let tableau = solved("tableau", &sample("tableau/001.in"));
    let expected = sample("tableau/001.ans");
    assert_eq!(
        tableau.answer(tableau.start()),
        Some(expected.trim().into())
    );
}

/// A layer of units: the tier, and the remoteness (or stones) within it.
type Layer = (u32, u64);

/// Steps `analysis` one unit at a time to the end. For every step that does a unit of
/// propagation: the progress before it, and the layer of that unit: its tier and the
/// remoteness read from the step's events (the popped entry's, or the arriving
/// value's), or the scored position's stones.
fn one_unit_at_a_time(analysis: &mut dyn Analysis) -> (Vec<(Progress, Layer)>, Progress) {
    analysis.set_recording(true);
    let mut units = Vec::new();
    loop {
        let before = analysis.progress();
        let after = analysis.step(1).unwrap();
        if after.units != before.units {
            let layer = match analysis.events() {
                Events::Valued(events) => {
                    let popped = events.iter().filter(|e| e.kind.takes());
                    let [popped] = popped.collect::<Vec<_>>()[..] else {
                        panic!("one entry popped per unit: {events:?}");
                    };
                    u64::from(popped.detail)
                }
                Events::Scored(events) => {
                    let scored = events.last().expect("a scored event");
                    assert_eq!(scored.kind, ScoredEventKind::Scored);
                    analysis.pieces(scored.position).unwrap().len() as u64
                }
            };
            let tier = match before.counts {
                Counts::Valued(counts) => counts.tier,
                Counts::Scored(_) => 0,
            };
            units.push((before, (tier, layer)));
        }
        if after.done {
            return (units, after);
        }
    }
}

#[test]
fn a_checksum_taken_in_parts_is_the_whole_tables() {
    let mut analysis = Built::parse("chase", "....\n.W..\n....\n...B\n")
        .unwrap()
        .analysis()
        .unwrap();
    while !analysis.step(usize::MAX).unwrap().done {}
    let records = analysis.records();
    let whole = records.checksum();
    for part in [1, 7, 100, records.len()] {
        let mut hash = Records::CHECKSUM_START;
        for from in (0..records.len()).step_by(part) {
            hash = records.checksum_on(hash, from..from + part);
        }
        assert_eq!(hash, whole, "parts of {part}");
    }
    assert_ne!(
        records.checksum_on(whole, 0..1),
        whole,
        "each record counts"
    );
}

/// Checks `units` and `layer_left` of every progress against what was done next.
fn check_units_and_layers(game: &str, text: &str, order: Order) {
    let built = Built::parse(game, text).unwrap();
    let mut analysis = built.analysis_in(order, Workspace::default()).unwrap();
    let (units, end) = one_unit_at_a_time(&mut *analysis);
    // Units of each layer not done yet, counted from the end.
    let mut rest = std::collections::HashMap::new();
    for (i, (before, layer)) in units.iter().enumerate().rev() {
        let left = rest.entry(*layer).or_insert(0);
        *left += 1;
        assert_eq!(before.units, i as u64, "{game}: units before unit {i}");
        assert_eq!(
            before.layer_left, *left,
            "{game}: layer left before unit {i}"
        );
    }
    let layers: u64 = analysis.layers().iter().sum();
    let ties = match end.counts {
        Counts::Valued(counts) => counts.ties,
        Counts::Scored(_) => 0,
    };
    assert_eq!(end.units, units.len() as u64, "{game}");
    if order == Order::Global {
        // In tier order, values arriving from the tier before are units too.
        assert_eq!(
            end.units, layers,
            "{game}: every decided position is a unit"
        );
        assert_eq!(end.units + ties, end.total, "{game}");
    }
    assert_eq!(end.layer_left, 1, "{game}: at least 1, at the end too");
}

#[test]
fn units_and_layer_left_count_what_the_steps_do() {
    let (tie, red_75) = (&river_samples()[3].0, &river_samples()[4].0);
    for order in [Order::Global, Order::Tiers] {
        check_units_and_layers("river", tie, order);
        check_units_and_layers("river", red_75, order);
        check_units_and_layers("chase", "....\n.W..\n....\n...B\n", order);
        check_units_and_layers("tableau", &sample("tableau/001.in"), order);
        check_units_and_layers(
            "tableau",
            "3 4\n1 2 3 4\n5 6 7 8\n9 8 7 6\n0 1 0 1\n1 0 1 0\n2 2 2 2",
            order,
        );
    }
}

#[test]
fn run_for_keeps_to_its_budget_its_clock_and_its_phase() {
    let mut analysis = Built::parse("river", &river_samples()[4].0)
        .unwrap()
        .analysis()
        .unwrap();
    let scanned = analysis.run_for(usize::MAX, || false).unwrap();
    assert_eq!((scanned.phase, scanned.units), (Phase::Propagate, 0));
    let five = analysis.run_for(5, || false).unwrap();
    assert_eq!(five.units, 5);
    let chunk = analysis.run_for(usize::MAX, || true).unwrap();
    assert_eq!(
        chunk.units,
        5 + CHUNK as u64,
        "one chunk when time is up at once"
    );
    let mut looks = 0;
    let three = analysis
        .run_for(usize::MAX, || {
            looks += 1;
            looks == 3
        })
        .unwrap();
    assert_eq!(three.units, chunk.units + 3 * CHUNK as u64);
    let rest = analysis.run_for(usize::MAX, || false).unwrap();
    assert_eq!(rest.phase, Phase::MarkTies, "never into the next phase");
    assert_eq!(rest.counts, analysis.progress().counts);
}

#[test]
fn bad_names_boards_positions_and_pieces_are_errors() {
    let unknown = Built::parse("checkers", "").err().unwrap();
    assert_eq!(
        unknown.to_string(),
        "unknown game \"checkers\" (river, chase or tableau)"
    );
    let check = |game, text| Start::parse(game, text).map(drop);
    assert_eq!(check("checkers", ""), Err(unknown));
    let one_red = Error::Board(BoardError::River(river::BoardError::RedCount(1)));
    assert_eq!(check("river", "O.\n.X\n"), Err(one_red.clone()));
    assert_eq!(
        one_red.to_string(),
        "the board has 1 red piece (O), it needs exactly 2"
    );
    assert_eq!(check("river", "O.\nOX\n"), Ok(()));
    assert_eq!(check("chase", "W.\n.B\n"), Ok(()));
    // A tableau board text is written whole by a program: its errors name no line.
    let short = check("tableau", "1 1\n5\n").unwrap_err();
    assert!(matches!(short, Error::Board(BoardError::Tableau(_))));
    assert_eq!(
        short.to_string(),
        "expected row 1 of table B, found the end of the input"
    );

    let river = Built::parse("river", "#.#\nO.O\n.X.\n")
        .unwrap()
        .analysis()
        .unwrap();
    let past = river.num_positions() as Position;
    assert_eq!(river.pieces(past), Err(Error::NoPosition(past)));
    assert_eq!(river.side_to_move(past), Err(Error::NoPosition(past)));
    assert_eq!(river.slice(past, 0), Err(Error::NoPosition(past)));
    assert_eq!(
        river.slice(river.start(), 3),
        Err(Error::Slice(SliceError::NoSuchPiece {
            piece: 3,
            pieces: 3
        }))
    );
    assert_eq!((river.outcome(past), river.answer(past)), (None, None));
    assert!(river.moves(past).is_empty() && river.optimal_line(past).is_empty());
    let tableau = Built::parse("tableau", "1 2\n1 2\n3 4\n")
        .unwrap()
        .analysis()
        .unwrap();
    assert_eq!(
        tableau.slice(tableau.start(), 0),
        Err(Error::Slice(SliceError::NoMovablePieces))
    );
}

#[test]
fn a_start_is_read_once_for_its_contest_text_and_its_game() {
    let contest_text =
        |game, text: &str| Start::parse(game, text).map(|s| s.contest_text().to_owned());
    assert_eq!(
        contest_text("river", "O..\n.#X\n.O.\n"),
        Ok("0 1\n3 3\nO..\n.#X\n.O.\n".into())
    );
    assert_eq!(contest_text("chase", "W.\n.B\n"), Ok("2 1 1 2 2\n".into()));
    let tableau = sample("tableau/001.in");
    assert_eq!(contest_text("tableau", &tableau), Ok(tableau.clone()));
    assert_eq!(
        contest_text("river", "O.\n.X\n"),
        Err(Error::Board(BoardError::River(
            river::BoardError::RedCount(1)
        )))
    );
    // Read as the page holds it, the same board; its game built once, when first asked.
    let drawn = Drawn::Cells {
        rows: 3,
        cols: 3,
        cells: "O...#X.O.".chars().collect(),
    };
    let mut start = Start::read("river", &drawn).unwrap();
    assert_eq!(start.contest_text(), "0 1\n3 3\nO..\n.#X\n.O.\n");
    let bytes = Built::parse("river", "O..\n.#X\n.O.\n").unwrap().bytes();
    assert_eq!((start.bytes(), start.bytes()), (Ok(bytes), Ok(bytes)));
    let analysis = start.built().unwrap().analysis().unwrap();
    assert_eq!(analysis.num_positions() * 2, bytes);
    let weights = Drawn::Weights {
        rows: 1,
        cols: 1,
        first: vec![5],
        second: vec![-1],
    };
    let negative = Start::read("tableau", &weights).err().unwrap();
    assert_eq!(negative.to_string(), "B[1][1] = -1 is outside 0..=100000");
}

#[test]
fn a_fresh_analysis_is_the_same_game_in_the_same_order_not_started() {
    let text = &river_samples()[3].0;
    for order in [Order::Global, Order::Tiers] {
        let mut analysis = Built::parse("river", text)
            .unwrap()
            .analysis_in(order, Workspace::default())
            .unwrap();
        while !analysis.run_for(usize::MAX, || false).unwrap().done {}
        let mut fresh = analysis.fresh().unwrap();
        assert_eq!(fresh.progress().decided, 0);
        assert_eq!(
            fresh.tier_of(analysis.start()),
            analysis.tier_of(analysis.start())
        );
        while !fresh.run_for(usize::MAX, || false).unwrap().done {}
        assert_eq!(
            fresh.records().checksum(),
            analysis.records().checksum(),
            "{order:?}"
        );
    }
    let tableau = solved("tableau", &sample("tableau/001.in"));
    let mut fresh = tableau.fresh().unwrap();
    while !fresh.run_for(usize::MAX, || false).unwrap().done {}
    assert_eq!(fresh.records().checksum(), tableau.records().checksum());
    // A composed game's copy (its per-set tables and un-move lists copied on their own).
    use crate::games::custom::{preset, CustomKind};
    use crate::games::Kind;
    let kind = CustomKind::new(preset("knights").unwrap().rules());
    let board = kind.parse("NN...\n.....\n.....\n.....\n...nn\n").unwrap();
    let knights = solved_start(Start::of(&kind, board));
    let mut fresh = knights.fresh().unwrap();
    while !fresh.run_for(usize::MAX, || false).unwrap().done {}
    assert_eq!(fresh.records().checksum(), knights.records().checksum());
}

#[test]
fn examples_are_the_first_decided_positions_of_their_bucket() {
    let river = solved("river", &river_samples()[4].0);
    let Records::Valued(records) = river.records() else {
        panic!("river records are packed");
    };
    for (bucket, value) in [
        (0, Value::Lose),
        (0, Value::Win),
        (7, Value::Win),
        (8, Value::Lose),
    ] {
        let want = |pos: usize| {
            record::unpack(records[pos])
                == Some(Outcome {
                    value,
                    remoteness: bucket as u16,
                })
        };
        let first = (0..records.len())
            .find(|&p| want(p))
            .expect("the board has one");
        assert_eq!(
            river.example(bucket, Some(value), 0),
            Some(first as Position)
        );
        let next = (first + 1..records.len()).find(|&p| want(p));
        assert_eq!(
            river.example(bucket, Some(value), first + 1),
            next.map(|p| p as Position)
        );
    }
    assert_eq!(river.example(0, None, 0), None, "no value, no example");
    assert_eq!(river.example(u32::MAX, Some(Value::Win), 0), None);

    let tableau = solved("tableau", &sample("tableau/001.in"));
    let full = tableau.example(6, None, 0).expect("the full board");
    assert_eq!(tableau.pieces(full).unwrap().len(), 6);
    let two = tableau.example(2, Some(Value::Win), 0).expect("two stones");
    assert_eq!(tableau.pieces(two).unwrap().len(), 2);
    let after = tableau.example(2, None, two as usize + 1).unwrap();
    assert!(after > two && tableau.pieces(after).unwrap().len() == 2);
}

/// Hands on the tiers of the game it is given ([`Game::tier_ends`]; a scored game has
/// none said ahead).
struct TierEnds;

impl crate::games::Build for TierEnds {
    type Output = Option<Vec<Position>>;

    fn valued<G: crate::Game>(self, game: G) -> Option<Vec<Position>> {
        Some(game.tier_ends())
    }

    fn scored<G>(self, _: G) -> Option<Vec<Position>> {
        None
    }
}

/// `kind`'s tiers of `board` said ahead are the built game's, and the bytes a `Start`
/// says before building are those of the game built.
fn tiers_said_ahead<K: crate::games::Kind>(kind: &K, text: &str) {
    let board = kind.parse(text).unwrap_or_else(|_| panic!("{text}"));
    let ahead = kind.table_tiers(&board);
    assert!(ahead.is_some(), "{text}");
    let built = kind.build(board.clone(), TierEnds).unwrap();
    assert_eq!(ahead, built, "{text}");
    let mut start = Start::of(kind, board);
    let said = start.bytes().unwrap();
    assert_eq!(said, start.built().unwrap().bytes(), "{text}");
}

#[test]
fn the_tiers_a_game_says_ahead_are_its_built_games() {
    use crate::games::custom::{preset, CustomKind};
    for (text, _) in river_samples() {
        tiers_said_ahead(&river::RiverKind, &text);
    }
    for text in ["W.\n.B\n", "B...\n....\n..W.\n....\n"] {
        tiers_said_ahead(&crate::games::chase::ChaseKind, text);
    }
    for (name, text) in [
        ("river-pawn", "#.#\nO.O\n.X.\n"),
        ("fox-and-hounds", ".H.H.H.H\n........\n...F....\n"),
        ("knights", "N..n\n....\n.N.n\n"),
        ("chase", "W...\n..#.\n...B\n"),
    ] {
        tiers_said_ahead(&CustomKind::new(preset(name).unwrap().rules()), text);
    }
}

/// `start` analysed to the end.
fn solved_start(start: Start) -> Box<dyn Analysis> {
    let mut analysis = start.built().unwrap().analysis().unwrap();
    while !analysis.run_for(usize::MAX, || false).unwrap().done {}
    analysis
}

#[test]
fn a_start_reaching_a_small_share_of_its_game_is_answered_from_what_it_reaches() {
    use crate::games::custom::{preset, CustomKind};
    use crate::games::Kind;
    // The fox keeps to its colour and the hounds only go down: the start reaches a sliver.
    let kind = CustomKind::new(preset("fox-and-hounds").unwrap().rules());
    let text = ".H.H.H.H\n........\n........\n........\n...F....\n";
    let board = kind.parse(text).unwrap();
    let mut start = Start::of(&kind, board.clone());
    let first = start
        .take_from_start()
        .expect("a game of what the start reaches");
    assert!(start.take_from_start().is_none(), "taken once");
    let (answer, whole) = (solved_start(first), solved_start(start));
    assert!(FROM_START_SHARE * answer.num_positions() <= whole.num_positions());
    let said = answer.answer(answer.start());
    assert_eq!(said, whole.answer(whole.start()));
    // …and as the command line answers it.
    let input = kind.contest_text(&board);
    let cli = crate::batch::answer_input_of(&kind, input, false).unwrap();
    assert_eq!(cli.text, format!("{}\n", said.unwrap()));
    // Every position of the smaller game the page can name (by its pieces and the side to
    // move) has its value in the whole one, found by the same name.
    let mut named = 0;
    for pos in 0..answer.num_positions() as Position {
        let (pieces, to_move) = (
            answer.pieces(pos).unwrap(),
            answer.side_to_move(pos).unwrap(),
        );
        if answer.board().position(&pieces, to_move) != Some(pos) {
            continue;
        }
        let at = whole
            .board()
            .position(&pieces, to_move)
            .expect("named in the whole game");
        assert_eq!(answer.outcome(pos), whole.outcome(at), "{pieces:?}");
        named += 1;
    }
    assert!(named > answer.num_positions() / 2, "{named}");
}

#[test]
fn a_river_start_shut_in_is_answered_from_what_it_reaches() {
    // Black shut in two cells of the bottom row: 17,860 of 903,264 positions.
    let path = format!(
        "{}/benches/data/river-tie-10x10.in",
        env!("CARGO_MANIFEST_DIR")
    );
    let input = std::fs::read_to_string(&path).unwrap();
    let board = &crate::games::river::contest::parse(&input).unwrap()[0];
    let mut start = Start::parse("river", &board.to_string()).unwrap();
    let first = start
        .take_from_start()
        .expect("a game of what the start reaches");
    let (answer, whole) = (solved_start(first), solved_start(start));
    assert!(FROM_START_SHARE * answer.num_positions() <= whole.num_positions());
    assert_eq!(answer.answer(answer.start()), whole.answer(whole.start()));
}

#[test]
fn a_start_reaching_most_of_its_game_or_not_saying_has_no_smaller_game() {
    use crate::games::custom::{preset, CustomKind};
    // Knights reach every cell of an open board: the whole game is what the start reaches.
    let kind = CustomKind::new(preset("knights").unwrap().rules());
    let mut knights = Start::of(
        &kind,
        crate::games::Kind::parse(&kind, "N..n\n....\n.N.n\n").unwrap(),
    );
    assert!(knights.take_from_start().is_none());
    // Chase says no smaller game ahead: its table is the one it answers from.
    let mut chase = Start::parse("chase", "W...\n....\n..B.\n....\n").unwrap();
    assert!(chase.take_from_start().is_none());
}
