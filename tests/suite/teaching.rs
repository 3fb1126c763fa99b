//! The events the page teaches the algorithm with — one per line of the algorithm, in the
//! order the engine runs them — and the queue it draws, checked one unit at a time from the
//! start to the end against facts computed here from the finished table and the moves
//! alone: every taken position is the head of the queue drawn just before, each parent
//! looked at is a position with a move to the child taken (as often as it has such moves),
//! a parent decided won follows a child lost for its mover, one decided lost follows its
//! counter reaching 0, a counter drops by one, and positions come out of one queue in
//! order of remoteness.

use std::collections::HashMap;

use retrolab::analysis::{Analysis, Built, Events, Records, Worth};
use retrolab::games::custom::{preset, Custom, CustomBoard, Span};
use retrolab::record::{self, Outcome};
use retrolab::{EventKind, Order, Phase, Position, ScoredEventKind, Value, Waits, Workspace};

/// The small boards the page's lessons use: river 3×3 and 5×5 with obstacles, chase n = 3.
const VALUED: [(&str, &str); 4] = [
    ("river", "#.#\nO.O\n.X.\n"),
    ("river", "O...O\n.#...\n..#..\n.....\n..X..\n"),
    ("chase", "W..\n...\n..B\n"),
    ("chase", "...\n.W.\n..B\n"),
];

/// Every position's outcome once the analysis is over, and the moves of each position
/// as child → number of moves leading there, for the facts checked against the events.
struct Facts {
    outcomes: Vec<Option<Outcome>>,
    moves: Vec<HashMap<Position, u32>>,
    /// The same moves from the child's side: child → parent → number of moves.
    parents: HashMap<Position, HashMap<Position, u32>>,
    tiers: Vec<usize>,
}

impl Facts {
    fn of(analysis: &mut dyn Analysis) -> Facts {
        while !analysis.step(usize::MAX).unwrap().done {}
        let n = analysis.num_positions() as Position;
        let outcome = |pos| match analysis.outcome(pos) {
            Some(Worth::Valued(o)) => Some(o),
            _ => None,
        };
        let moves: Vec<HashMap<Position, u32>> = (0..n)
            .map(|pos| {
                let mut children = HashMap::new();
                for m in analysis.moves(pos) {
                    *children.entry(m.child).or_insert(0) += 1;
                }
                children
            })
            .collect();
        let mut parents: HashMap<Position, HashMap<Position, u32>> = HashMap::new();
        for (parent, children) in moves.iter().enumerate() {
            for (&child, &count) in children {
                parents
                    .entry(child)
                    .or_default()
                    .insert(parent as Position, count);
            }
        }
        Facts {
            outcomes: (0..n).map(outcome).collect(),
            moves,
            parents,
            tiers: (0..n).map(|pos| analysis.tier_of(pos)).collect(),
        }
    }

    /// How many moves of `parent` lead to `child`.
    fn moves_to(&self, parent: Position, child: Position) -> u32 {
        self.moves[parent as usize]
            .get(&child)
            .copied()
            .unwrap_or(0)
    }
}

/// The record of `pos` now.
fn record_of(analysis: &dyn Analysis, pos: Position) -> u16 {
    match analysis.records() {
        Records::Valued(records) => records[pos as usize],
        Records::Scored(_) => unreachable!("a win/lose game"),
    }
}

/// Steps a win/lose analysis one unit at a time to the end and checks every event.
fn check_valued(game: &str, text: &str, order: Order) {
    let case = format!("{game} {order:?} {text:?}");
    let built = || Built::parse(game, text).unwrap();
    let facts = Facts::of(&mut *built().analysis_in(order, Workspace::default()).unwrap());
    check_valued_analysis(
        built().analysis_in(order, Workspace::default()).unwrap(),
        &facts,
        &case,
    );
}

fn check_valued_analysis(mut analysis: Box<dyn Analysis>, facts: &Facts, case: &str) {
    analysis.set_recording(true);
    let mut counters: HashMap<Position, u32> = HashMap::new();
    let mut popped_count: HashMap<Position, u32> = HashMap::new();
    let mut last_remoteness = 0;
    let mut units = 0;
    loop {
        let before = analysis.progress();
        let waiting = analysis.waiting(12, 3);
        let head = waiting.iter().find(|part| !part.first.is_empty());
        let after = analysis.step(1).unwrap();
        let Events::Valued(events) = analysis.events() else {
            panic!("{case}: win/lose events")
        };
        if before.phase != Phase::Propagate {
            assert!(
                events.is_empty(),
                "{case}: only units of propagation record events"
            );
            assert!(
                waiting.is_empty(),
                "{case}: nothing drawn as waiting outside the propagation"
            );
            if after.done {
                break;
            }
            continue;
        }
        let events = events.to_vec();
        let Some((taken, rest)) = events.split_first() else {
            panic!("{case}: a unit of propagation records its events")
        };
        units += 1;
        assert!(
            taken.kind.takes(),
            "{case}: a unit starts by taking: {taken:?}"
        );
        // The queue drawn before the unit has what the unit takes at its head.
        let head = head.unwrap_or_else(|| panic!("{case}: something waits before unit {units}"));
        assert_eq!(
            head.first[0], taken.position,
            "{case}: unit {units} takes the head"
        );
        let arriving = matches!(head.what, Waits::ArrivingLosses | Waits::ArrivingWins);
        assert_eq!(
            arriving,
            taken.kind == EventKind::Arrived,
            "{case}: unit {units}"
        );
        assert_eq!(head.level, taken.detail, "{case}: the head's remoteness");
        let child = facts.outcomes[taken.position as usize].expect("a taken position is decided");
        assert_eq!(
            u32::from(child.remoteness),
            taken.detail,
            "{case}: {taken:?}"
        );
        assert_ne!(child.value, Value::Tie, "{case}");
        if taken.kind == EventKind::Popped {
            *popped_count.entry(taken.position).or_default() += 1;
            assert_eq!(
                before.counts_valued().tier as usize,
                facts.tiers[taken.position as usize],
                "{case}"
            );
            if before.counts_valued().tiers == 1 {
                assert!(
                    taken.detail >= last_remoteness,
                    "{case}: one queue takes nearer ends first"
                );
                last_remoteness = taken.detail;
            }
        } else {
            assert!(
                facts.tiers[taken.position as usize] < before.counts_valued().tier as usize,
                "{case}"
            );
            let lost = head.what == Waits::ArrivingLosses;
            assert_eq!(
                lost,
                child.value == Value::Lose,
                "{case}: the part says what arrives"
            );
        }
        // Each parent looked at, then what happened to it.
        let mut looked: HashMap<Position, u32> = HashMap::new();
        let mut decided = 0;
        let mut i = 0;
        while i < rest.len() {
            let look = rest[i];
            assert_eq!(look.kind, EventKind::Looked, "{case}: {rest:?}");
            let parent = look.position;
            *looked.entry(parent).or_default() += 1;
            let before_record = look.detail as u16;
            let next = rest.get(i + 1).filter(|e| e.kind != EventKind::Looked);
            i += 1 + usize::from(next.is_some());
            if record::unpack(before_record).is_some() {
                assert!(next.is_none(), "{case}: a decided parent is skipped");
                continue;
            }
            // The counter of moves not yet refuted, as the events have left it.
            let counter = *counters
                .entry(parent)
                .or_insert_with(|| facts.moves[parent as usize].values().sum());
            assert_eq!(
                u32::from(before_record),
                counter,
                "{case}: counter of {parent}"
            );
            let next = next.unwrap_or_else(|| panic!("{case}: an undecided parent is updated"));
            assert_eq!(next.position, parent, "{case}");
            let outcome = facts.outcomes[parent as usize].expect("decided at the end");
            match next.kind {
                EventKind::Won => {
                    assert_eq!(
                        child.value,
                        Value::Lose,
                        "{case}: a win follows a lost child"
                    );
                    assert_eq!(
                        (outcome.value, u32::from(outcome.remoteness)),
                        (Value::Win, taken.detail + 1)
                    );
                    assert_eq!(next.detail, taken.detail + 1, "{case}");
                    decided += 1;
                }
                EventKind::Lost => {
                    assert_eq!(child.value, Value::Win, "{case}");
                    assert_eq!(counter, 1, "{case}: a loss follows its counter reaching 0");
                    assert_eq!(
                        (outcome.value, u32::from(outcome.remoteness)),
                        (Value::Lose, taken.detail + 1)
                    );
                    decided += 1;
                }
                EventKind::Decremented => {
                    assert_eq!(child.value, Value::Win, "{case}");
                    assert_eq!(next.detail, counter - 1, "{case}: a counter drops by one");
                    counters.insert(parent, counter - 1);
                }
                kind => panic!("{case}: {kind:?} after a look"),
            }
        }
        if taken.kind == EventKind::Popped {
            // Every parent in the tier, as often as it has moves to the child (an end of
            // the game may be listed too: it is decided, and skipped).
            let tier = facts.tiers[taken.position as usize];
            let tiers = before.counts_valued().tiers;
            for (&parent, &expected) in facts.parents.get(&taken.position).into_iter().flatten() {
                if tiers == 1 || facts.tiers[parent as usize] == tier {
                    assert_eq!(
                        looked.get(&parent).copied(),
                        Some(expected),
                        "{case}: parent {parent} of {}",
                        taken.position
                    );
                }
            }
            for (&parent, &times) in &looked {
                if facts.moves_to(parent, taken.position) == 0 {
                    let end = facts.outcomes[parent as usize].unwrap();
                    assert_eq!(
                        (end.remoteness, times),
                        (0, 1),
                        "{case}: only ends of the game are listed without a move"
                    );
                }
            }
        } else {
            assert_eq!(looked.len(), 1, "{case}: a value arrives at one parent");
        }
        // What a unit decides is queued at the tail of its part at the next remoteness:
        // wins with the wins, losses with the losses.
        let waiting_after = analysis.waiting(12, 3);
        for (kind, what) in [
            (EventKind::Won, Waits::Wins),
            (EventKind::Lost, Waits::Losses),
        ] {
            if let Some(last) = rest.iter().rev().find(|e| e.kind == kind) {
                let part = waiting_after
                    .iter()
                    .find(|p| p.what == what && p.level == taken.detail + 1)
                    .unwrap_or_else(|| {
                        panic!("{case}: a part for {what:?} at {}", taken.detail + 1)
                    });
                let tail = part.last.last().or(part.first.last());
                assert_eq!(tail, Some(&last.position), "{case}: queued at the tail");
            }
        }
        // What waits grows by the parents decided, and shrinks by the one taken.
        if after.phase == Phase::Propagate {
            assert_eq!(
                after.counts_valued().queued + 1,
                before.counts_valued().queued + decided,
                "{case}"
            );
        }
        assert_eq!(after.decided, before.decided + decided, "{case}");
        // The records hold what the events say.
        for (&pos, &counter) in &counters {
            if record::unpack(record_of(&*analysis, pos)).is_none() {
                assert_eq!(
                    u32::from(record_of(&*analysis, pos)),
                    counter,
                    "{case}: {pos}"
                );
            }
        }
        if after.done {
            break;
        }
    }
    assert!(
        popped_count.values().all(|&n| n == 1),
        "{case}: each position taken from the queue once"
    );
    let queued_in_all = facts
        .outcomes
        .iter()
        .filter(|o| o.is_some_and(|o| o.value != Value::Tie))
        .count();
    if analysis.progress().counts_valued().tiers == 1 {
        assert_eq!(
            popped_count.len(),
            queued_in_all,
            "{case}: every decided position taken once"
        );
    }
    assert!(units > 0, "{case}");
}

/// `Progress::counts` of a win/lose analysis.
trait ValuedProgress {
    fn counts_valued(&self) -> retrolab::ValuedCounts;
}

impl ValuedProgress for retrolab::Progress {
    fn counts_valued(&self) -> retrolab::ValuedCounts {
        match self.counts {
            retrolab::Counts::Valued(counts) => counts,
            retrolab::Counts::Scored(_) => panic!("a win/lose analysis"),
        }
    }
}

#[test]
fn every_unit_of_river_and_chase_in_both_orders_runs_the_algorithms_lines() {
    for (game, text) in VALUED {
        for order in [Order::Global, Order::Tiers] {
            check_valued(game, text, order);
        }
    }
}

#[test]
fn every_unit_of_a_composed_game_runs_the_algorithms_lines() {
    let rules = preset("knights").unwrap().rules();
    let board = CustomBoard::parse(&rules, "N..N\n.#..\n....\nn..n\n").unwrap();
    let game = Custom::new(&rules, board, Span::Whole).unwrap();
    let built = || Built::valued(game.clone());
    let facts = Facts::of(&mut *built().analysis().unwrap());
    check_valued_analysis(built().analysis().unwrap(), &facts, "knights 4×4");
}

/// Tableau 2×3: each position taken from its layer in the order drawn, its moves one by
/// one with the score each leads to, then the best of them for its mover.
#[test]
fn every_position_of_tableau_is_taken_moved_and_scored_in_order() {
    let text = "2 3\n1 4 2\n3 0 5\n2 2 1\n0 6 3\n";
    let mut analysis = Built::parse("tableau", text).unwrap().analysis().unwrap();
    let mut solved = Built::parse("tableau", text).unwrap().analysis().unwrap();
    while !solved.step(usize::MAX).unwrap().done {}
    analysis.set_recording(true);
    let mut taken_count: HashMap<Position, u32> = HashMap::new();
    loop {
        let before = analysis.progress();
        let waiting = analysis.waiting(12, 3);
        let after = analysis.step(1).unwrap();
        let Events::Scored(events) = analysis.events() else {
            panic!("scored events")
        };
        if before.phase != Phase::Propagate {
            assert!(events.is_empty() && waiting.is_empty());
            if after.done {
                break;
            }
            continue;
        }
        let [taken, moves @ .., scored] = events else {
            panic!("a position taken and scored: {events:?}")
        };
        assert_eq!(
            (taken.kind, scored.kind),
            (ScoredEventKind::Taken, ScoredEventKind::Scored)
        );
        assert_eq!(waiting[0].what, Waits::Layer);
        assert_eq!(
            waiting[0].first[0], taken.position,
            "the head of the layer is taken"
        );
        assert_eq!(scored.position, taken.position);
        *taken_count.entry(taken.position).or_default() += 1;
        let expected = solved.moves(taken.position);
        assert_eq!(
            taken.score as usize,
            expected.len(),
            "Taken counts the moves"
        );
        assert_eq!(moves.len(), expected.len());
        let mut scores: Vec<i32> = moves.iter().map(|m| m.score).collect();
        for m in moves {
            assert_eq!(m.kind, ScoredEventKind::Move);
            let view = expected
                .iter()
                .find(|v| v.child == m.position)
                .expect("a move's child");
            assert_eq!(
                view.worth,
                Some(Worth::Scored(m.score)),
                "a move's score is its gain and the child's"
            );
        }
        let first_moves = analysis.side_to_move(taken.position).unwrap() == retrolab::Player::First;
        scores.sort_unstable();
        let best = if scores.is_empty() {
            0
        } else if first_moves {
            *scores.last().unwrap()
        } else {
            scores[0]
        };
        assert_eq!(scored.score, best, "the mover's best");
        assert_eq!(solved.outcome(taken.position), Some(Worth::Scored(best)));
        if after.done {
            break;
        }
    }
    assert_eq!(taken_count.len(), analysis.num_positions());
    assert!(
        taken_count.values().all(|&n| n == 1),
        "each position scored once"
    );
}

/// Steps `analysis` to the end one unit at a time, recording: the progress after each step
/// and the events of each unit (empty for steps of scanning or marking).
fn every_step(analysis: &mut dyn Analysis) -> Vec<(retrolab::Progress, Vec<u32>)> {
    analysis.set_recording(true);
    let mut steps = Vec::new();
    loop {
        let progress = analysis.step(1).unwrap();
        steps.push((progress, every_step_events(analysis)));
        if progress.done {
            return steps;
        }
    }
}

/// Going back a layer: `layer_began` is the step at which the layer of the last unit began
/// (the step before its first unit), or, before any unit of a new layer, the one before's.
#[test]
fn layer_began_is_where_the_layer_of_the_last_unit_began() {
    let cases = [
        ("river", VALUED[1].1, Order::Global),
        ("river", VALUED[1].1, Order::Tiers),
        ("chase", VALUED[2].1, Order::Global),
        (
            "tableau",
            "2 3\n1 4 2\n3 0 5\n2 2 1\n0 6 3\n",
            Order::Global,
        ),
    ];
    for (game, text, order) in cases {
        let mut analysis = Built::parse(game, text)
            .unwrap()
            .analysis_in(order, Workspace::default())
            .unwrap();
        let steps = every_step(&mut *analysis);
        // The layer of each unit: tier and remoteness (scored games: the step, one a layer).
        let mut began: Vec<(u64, (u64, u64))> = Vec::new();
        let mut before = (0u64, 0u64);
        for (progress, events) in &steps {
            if progress.units > before.1 {
                let layer = match progress.counts {
                    retrolab::Counts::Valued(c) => (u64::from(c.tier), u64::from(events[2])),
                    retrolab::Counts::Scored(_) => (before.0, 0),
                };
                if began.last().map(|b| b.1) != Some(layer) {
                    began.push((before.0, layer));
                }
                let expected = began.last().unwrap().0;
                assert_eq!(
                    progress.layer_began, expected,
                    "{game} {order:?} at step {}",
                    progress.step
                );
            } else if let Some(&(start, _)) = began.last() {
                // No unit of a new layer yet: back to where the last one began.
                assert!(
                    progress.layer_began <= start,
                    "{game} {order:?} at step {}",
                    progress.step
                );
            }
            before = (progress.step, progress.units);
        }
        assert!(began.len() > 2, "{game}: several layers");
    }
}

/// Going back a position: re-running to the end of any unit records that unit, as stepping
/// to it did.
#[test]
fn running_to_a_unit_records_that_unit() {
    for (game, text) in [
        ("river", VALUED[1].1),
        ("tableau", "2 3\n1 4 2\n3 0 5\n2 2 1\n0 6 3\n"),
    ] {
        let mut analysis = Built::parse(game, text).unwrap().analysis().unwrap();
        let steps = every_step(&mut *analysis);
        let units: Vec<&(retrolab::Progress, Vec<u32>)> =
            steps.iter().filter(|(_, e)| !e.is_empty()).collect();
        for (i, (progress, events)) in units.iter().enumerate().step_by(7) {
            analysis.reset();
            let reached = analysis.run_to_unit(progress.units, || false).unwrap();
            assert_eq!(reached.units, (i + 1) as u64, "{game}");
            let again = every_step_events(&*analysis);
            assert_eq!(&again, events, "{game}: unit {}", i + 1);
        }
    }
}

/// The last step's events as words, whatever the kind of game.
fn every_step_events(analysis: &dyn Analysis) -> Vec<u32> {
    match analysis.events() {
        Events::Valued(events) => events
            .iter()
            .flat_map(|e| [e.kind as u32, e.position, e.detail])
            .collect(),
        Events::Scored(events) => events
            .iter()
            .flat_map(|e| [e.kind as u32, e.position, e.score as u32])
            .collect(),
    }
}
