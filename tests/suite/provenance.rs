//! The timeline and provenance ([`retrolab::provenance`]): rewinding by re-running reaches
//! the same records and counts as stepping forward once; every decided position's step and
//! deciding child agree with a naive breadth-first analysis written out here; tableau
//! positions are scored in their layer's step.

use std::collections::VecDeque;

use proptest::prelude::*;
use retrolab::analysis::{Analysis, Built, Progress, Records, Traced, Tracer, Worth};
use retrolab::games::chase::{Chase, ChaseBoard};
use retrolab::games::river::{River, RiverBoard};
use retrolab::provenance::{How, Provenance};
use retrolab::{Game, LayeredGame, Order, Phase, Position, Status, Value, Workspace};

use crate::common;

/// What the naive analysis knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Naive {
    /// Undecided, with the moves not yet known to lose.
    Open(u32),
    Decided(Value, u32, Provenance),
}

/// Retrograde analysis the plain way, keeping for every position the step that decided it
/// and why: decided losses and decided wins each queued in the order they were decided
/// (primitives in index order, then parents in the order the game lists them), taken
/// remoteness by remoteness, the losses of each before its wins (the solver's order).
/// Popping a loss wins every undecided parent, popping a win refutes one move of each, and
/// the last refuted move loses it. Steps: 1 the scan, `1 + k` the k-th pop, one more for
/// the ties. Returns the table and the number of steps.
fn naive<G: Game>(game: &G) -> (Vec<Naive>, u64) {
    let total = game.num_positions() as Position;
    let mut table = Vec::new();
    // Decided losses, decided wins.
    let mut queues = [VecDeque::new(), VecDeque::new()];
    let scanned = |value| {
        Naive::Decided(
            value,
            0,
            Provenance {
                step: 1,
                how: How::Scan,
            },
        )
    };
    for pos in 0..total {
        let state = match game.status(pos) {
            Status::Over(value) => scanned(value),
            Status::Moves(0) => scanned(Value::Lose),
            Status::Moves(moves) => Naive::Open(moves),
        };
        match state {
            Naive::Decided(Value::Lose, ..) => queues[0].push_back(pos),
            Naive::Decided(Value::Win, ..) => queues[1].push_back(pos),
            _ => {}
        }
        table.push(state);
    }
    let remoteness_of = |table: &[Naive], pos: Position| match table[pos as usize] {
        Naive::Decided(_, remoteness, _) => remoteness,
        Naive::Open(_) => unreachable!("only decided positions are queued"),
    };
    let mut pops = 0;
    for level in 0.. {
        if queues.iter().all(VecDeque::is_empty) {
            break;
        }
        for side in 0..2 {
            while let Some(&child) = queues[side].front() {
                let remoteness = remoteness_of(&table, child);
                if remoteness != level {
                    break;
                }
                queues[side].pop_front();
                pops += 1;
                let step = 1 + pops;
                let lost = side == 0;
                game.for_each_parent(child, |parent| {
                    let Naive::Open(moves) = table[parent as usize] else {
                        return;
                    };
                    let decided = match lost {
                        true => Some((Value::Win, How::Won { child }, 1)),
                        false if moves == 1 => Some((Value::Lose, How::Lost { child }, 0)),
                        false => None,
                    };
                    table[parent as usize] = match decided {
                        Some((value, how, queue)) => {
                            queues[queue].push_back(parent);
                            Naive::Decided(value, remoteness + 1, Provenance { step, how })
                        }
                        None => Naive::Open(moves - 1),
                    };
                });
            }
        }
    }
    let ties = Provenance {
        step: 2 + pops,
        how: How::Tie,
    };
    for state in &mut table {
        if let Naive::Open(_) = state {
            *state = Naive::Decided(Value::Tie, 0, ties);
        }
    }
    (table, ties.step)
}

/// Traces `pos` to the end, one chunk of work per call when `sliced`.
fn trace(tracer: &mut Tracer, done: &dyn Analysis, pos: Position, sliced: bool) -> Traced {
    loop {
        match tracer.trace(done, pos, || sliced).unwrap() {
            Traced::Working { step, to } => assert!(step < to, "working towards the layer's end"),
            answer => return answer,
        }
    }
}

fn solved(game: &str, text: &str) -> Box<dyn Analysis> {
    solved_in(game, text, Order::Global)
}

/// A fresh analysis of `text` in `order`.
fn fresh_in(game: &str, text: &str, order: Order) -> Box<dyn Analysis> {
    Built::parse(game, text)
        .unwrap()
        .analysis_in(order, Workspace::default())
        .unwrap()
}

fn solved_in(game: &str, text: &str, order: Order) -> Box<dyn Analysis> {
    let mut analysis = fresh_in(game, text, order);
    while !analysis.run_for(usize::MAX, || false).unwrap().done {}
    analysis
}

/// Checks every position's provenance against the naive analysis: in index order (the
/// tracer goes on or starts again as needed), then in order of the step that decided them
/// (it only goes on), sliced or not.
fn check_provenance(game: &str, text: &str, (naive, steps): (Vec<Naive>, u64)) {
    let done = solved(game, text);
    let fresh = || Tracer::new(Built::parse(game, text).unwrap().analysis().unwrap());
    let expected: Vec<Provenance> = naive
        .iter()
        .map(|n| match *n {
            Naive::Decided(_, _, provenance) => provenance,
            Naive::Open(_) => unreachable!("the naive analysis decides everything"),
        })
        .collect();
    assert_eq!(done.progress().step, steps, "{game} {text:?}: steps in all");
    let mut tracer = fresh();
    // Every position of small boards; a sample of larger ones (each may re-run it all).
    let stride = expected.len().div_ceil(2000);
    for (pos, want) in expected.iter().enumerate().step_by(stride) {
        let pos = pos as Position;
        let got = trace(&mut tracer, &*done, pos, pos % 2 == 0);
        assert_eq!(got, Traced::Found(*want), "{game} {text:?}: position {pos}");
        if let Naive::Decided(value, remoteness, _) = naive[pos as usize] {
            let outcome = done.outcome(pos).map(|w| format!("{w:?}"));
            assert!(outcome
                .unwrap()
                .contains(&format!("{value:?}, remoteness: {remoteness}")));
        }
    }
    let mut by_step: Vec<Position> = (0..expected.len() as Position).collect();
    by_step.sort_by_key(|&p| expected[p as usize].step);
    let mut tracer = fresh();
    for pos in by_step {
        assert_eq!(
            trace(&mut tracer, &*done, pos, true),
            Traced::Found(expected[pos as usize])
        );
    }
}

fn river_samples() -> Vec<RiverBoard> {
    let path = format!(
        "{}/tests/cases/river/sample1.in",
        env!("CARGO_MANIFEST_DIR")
    );
    retrolab::games::river::contest::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn river_samples_provenance_matches_the_naive_analysis() {
    for board in river_samples().into_iter().take(4) {
        let text = board.to_string();
        check_provenance("river", &text, naive(&River::new(board)));
    }
}

#[test]
fn chase_provenance_matches_the_naive_analysis() {
    for text in [
        "W.\n.B\n",
        "....\n.W..\n....\n...B\n",
        "W....\n.....\n.....\n.....\n....B\n",
    ] {
        let board: ChaseBoard = text.parse().unwrap();
        check_provenance("chase", text, naive(&Chase::new(board)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_river_provenance_matches_the_naive_analysis(board in common::river_boards(12)) {
        let text = board.to_string();
        check_provenance("river", &text, naive(&River::new(board)));
    }
}

#[test]
fn undecided_positions_have_no_provenance_yet() {
    let text = river_samples()[4].to_string();
    let mut live = Built::parse("river", &text).unwrap().analysis().unwrap();
    let mut tracer = Tracer::new(Built::parse("river", &text).unwrap().analysis().unwrap());
    let start = live.start();
    assert_eq!(trace(&mut tracer, &*live, start, false), Traced::Undecided);
    assert_eq!(
        trace(&mut tracer, &*live, u32::MAX, false),
        Traced::Undecided
    );
    // Half way: what is decided already has its provenance, from the layers so far.
    live.run_to(5000, || false).unwrap();
    let done = solved("river", &text);
    let mut full = Tracer::new(Built::parse("river", &text).unwrap().analysis().unwrap());
    for pos in 0..live.num_positions() as Position {
        let now = trace(&mut tracer, &*live, pos, false);
        match live.outcome(pos) {
            None => assert_eq!(now, Traced::Undecided),
            Some(_) => assert_eq!(now, trace(&mut full, &*done, pos, false), "position {pos}"),
        }
    }
}

#[test]
fn tableau_positions_are_scored_in_their_layers_step() {
    let path = format!("{}/tests/cases/tableau/001.in", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let done = solved("tableau", &text);
    let board = retrolab::games::tableau::contest::parse(&text).unwrap();
    let game = retrolab::games::tableau::Tableau::new(board);
    let layers = game.num_layers() as u64;
    assert_eq!(done.progress().step, 1 + layers);
    let mut tracer = Tracer::new(Built::parse("tableau", &text).unwrap().analysis().unwrap());
    // The analysis after each step, to see when each position is scored.
    let at: Vec<_> = (0..=1 + layers)
        .map(|step| {
            let mut analysis = Built::parse("tableau", &text).unwrap().analysis().unwrap();
            analysis.run_to(step, || false).unwrap();
            analysis
        })
        .collect();
    for pos in 0..done.num_positions() as Position {
        let Traced::Found(found) = trace(&mut tracer, &*done, pos, false) else {
            panic!("position {pos} is scored");
        };
        let step = found.step as usize;
        assert!(
            at[step].outcome(pos).is_some(),
            "position {pos} scored at step {step}"
        );
        assert_eq!(at[step - 1].outcome(pos), None, "position {pos} not before");
        let best = done.moves(pos).first().map(|m| m.child);
        assert_eq!(found.how, How::Scored { child: best });
        if let Some(child) = best {
            assert_eq!(game.layer(child), game.layer(pos) + 1);
        }
    }
}

/// The records and progress after every step, stepping forward once: the scan whole, then
/// one unit at a time (win/lose games; scored ones: until the step changes), the ties whole
/// (tier by tier in [`Order::Tiers`]).
fn every_step(game: &str, text: &str, order: Order) -> Vec<(u64, Progress)> {
    every_step_with(game, text, order, records)
}

/// [`every_step`], summing the records with `sum`.
fn every_step_with<S>(
    game: &str,
    text: &str,
    order: Order,
    sum: impl Fn(&dyn Analysis) -> S,
) -> Vec<(S, Progress)> {
    let mut analysis = fresh_in(game, text, order);
    let mut steps = vec![(sum(&*analysis), analysis.progress())];
    loop {
        let before = analysis.progress();
        let after = match before.phase {
            Phase::Propagate => analysis.step(1).unwrap(),
            _ => analysis.run_for(usize::MAX, || false).unwrap(),
        };
        if after.step != before.step {
            assert_eq!(after.step, before.step + 1, "{game}: one step at a time");
            steps.push((sum(&*analysis), after));
        }
        if after.done {
            return steps;
        }
    }
}

/// A checksum of the records (FNV-1a over their values).
fn records(analysis: &dyn Analysis) -> u64 {
    let values: Box<dyn Iterator<Item = i64>> = match analysis.records() {
        Records::Valued(r) => Box::new(r.iter().map(|&x| i64::from(x))),
        Records::Scored(s) => Box::new(s.iter().map(|&x| i64::from(x))),
    };
    values.fold(0xcbf2_9ce4_8422_2325, |hash, v| {
        (hash ^ v as u64).wrapping_mul(0x100_0000_01b3)
    })
}

/// Rewinds to steps in a scrambled order (resetting whenever the step is behind), in one go
/// or a chunk at a time, and compares with stepping forward once.
fn check_rewinding(game: &str, text: &str, order: Order) {
    let steps = every_step(game, text, order);
    let last = steps.len() as u64 - 1;
    let mut analysis = fresh_in(game, text, order);
    let order = (0..64).map(|i| (i * 7919 + 13) % (last + 1));
    for (i, target) in order.chain([last, 0, last]).enumerate() {
        if analysis.progress().step > target {
            analysis.reset();
        }
        let sliced = i % 3 == 0;
        let progress = loop {
            let p = analysis.run_to(target, || sliced).unwrap();
            if p.step == target {
                break p;
            }
            assert!(p.step < target && sliced, "{game}: never past the step");
        };
        let (want_records, want) = &steps[target as usize];
        assert_eq!(&progress, want, "{game}: progress at step {target}");
        assert_eq!(
            records(&*analysis),
            *want_records,
            "{game}: records at step {target}"
        );
        // A step taken while propagating was one unit (others: a whole scan or marking).
        let unit = target >= 1 && steps[target as usize - 1].1.phase == Phase::Propagate;
        if unit {
            assert!(
                !analysis_events_empty(&*analysis),
                "{game}: step {target}'s last unit is recorded"
            );
        }
    }
}

fn analysis_events_empty(analysis: &dyn Analysis) -> bool {
    match analysis.events() {
        retrolab::analysis::Events::Valued(e) => e.is_empty(),
        retrolab::analysis::Events::Scored(e) => e.is_empty(),
    }
}

#[test]
fn rewinding_re_runs_to_the_same_records_and_counts() {
    let samples = river_samples();
    for board in &samples[..4] {
        check_rewinding("river", &board.to_string(), Order::Global);
        check_rewinding("river", &board.to_string(), Order::Tiers);
    }
    check_rewinding("chase", "....\n.W..\n....\n...B\n", Order::Global);
    let path = format!("{}/tests/cases/tableau/001.in", env!("CARGO_MANIFEST_DIR"));
    check_rewinding(
        "tableau",
        &std::fs::read_to_string(path).unwrap(),
        Order::Global,
    );
    check_rewinding(
        "tableau",
        "3 4\n1 2 3 4\n5 6 7 8\n9 8 7 6\n0 1 0 1\n1 0 1 0\n2 2 2 2",
        Order::Global,
    );
}

/// Tier by tier, the order of the units is not the naive global queue's, so every traced
/// provenance is checked against what it claims: a re-run to the step before leaves the
/// position undecided and one more step decides it with its final worth (an independent
/// re-run through [`Analysis::run_to`]); a won position's child is one of its moves, lost
/// for the side to move there one move sooner; a lost position's, won one move sooner; the
/// scan decides only remoteness 0; the last step of its tier marks the ties.
/// Returns how many of the positions checked were decided by a value arriving from the tier before.
fn check_tier_provenance(game: &str, text: &str) -> usize {
    let done = solved_in(game, text, Order::Tiers);
    let mut tracer = Tracer::new(fresh_in(game, text, Order::Tiers));
    let mut rerun = fresh_in(game, text, Order::Tiers);
    let total = done.num_positions() as Position;
    let stride = (total as usize).div_ceil(400);
    let mut arrivals = 0;
    for pos in (0..total).step_by(stride) {
        let Traced::Found(found) = trace(&mut tracer, &*done, pos, pos % 2 == 1) else {
            panic!("{text:?}: position {pos} is decided");
        };
        let worth = done.outcome(pos).unwrap();
        if rerun.progress().step > found.step - 1 {
            rerun.reset();
        }
        rerun.run_to(found.step - 1, || false).unwrap();
        assert_eq!(
            rerun.outcome(pos),
            None,
            "{text:?}: {pos} undecided before step {}",
            found.step
        );
        rerun.run_to(found.step, || false).unwrap();
        assert_eq!(
            rerun.outcome(pos),
            Some(worth),
            "{text:?}: {pos} decided by step {}",
            found.step
        );
        let moves = done.moves(pos);
        let leads_to = |child: Position| moves.iter().any(|m| m.child == child);
        let (value, remoteness) = valued(&*done, pos);
        match found.how {
            How::Scan => assert_eq!(remoteness, 0, "{text:?}: {pos}"),
            How::Tie => assert_eq!(value, Value::Tie, "{text:?}: {pos}"),
            How::Won { child } | How::Lost { child } => {
                let want = if matches!(found.how, How::Won { .. }) {
                    (Value::Win, Value::Lose)
                } else {
                    (Value::Lose, Value::Win)
                };
                assert_eq!(value, want.0, "{text:?}: {pos}");
                assert!(leads_to(child), "{text:?}: {pos} moves to {child}");
                // A child in another tier lies in the one solved just before (its value
                // arrived; the page says so).
                let (here, there) = (done.tier_of(pos), done.tier_of(child));
                assert!(
                    there == here || there + 1 == here,
                    "{text:?}: tiers {here}, {there}"
                );
                arrivals += usize::from(there != here);
                assert_eq!(
                    valued(&*done, child),
                    (want.1, remoteness - 1),
                    "{text:?}: {pos}'s child {child}"
                );
            }
            How::Scored { .. } => panic!("a win/lose game"),
        }
    }
    arrivals
}

/// The value and remoteness of a decided position of a win/lose game.
fn valued(analysis: &dyn Analysis, pos: Position) -> (Value, u16) {
    match analysis.outcome(pos) {
        Some(Worth::Valued(o)) => (o.value, o.remoteness),
        other => panic!("position {pos}: {other:?}"),
    }
}

#[test]
fn tier_by_tier_provenance_is_when_a_re_run_decides_it() {
    let arrivals: usize = river_samples()
        .into_iter()
        .take(4)
        .map(|board| check_tier_provenance("river", &board.to_string()))
        .sum();
    assert!(arrivals > 0, "some values arrive from the row above");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn random_river_tier_provenance_is_when_a_re_run_decides_it(board in common::river_boards(12)) {
        check_tier_provenance("river", &board.to_string());
    }

    #[test]
    fn random_river_rewinds_tier_by_tier(board in common::river_boards(9)) {
        check_rewinding("river", &board.to_string(), Order::Tiers);
    }
}

#[test]
fn tableau_steps_are_layers_scored_from_the_full_board() {
    let text = "3 4\n1 2 3 4\n5 6 7 8\n9 8 7 6\n0 1 0 1\n1 0 1 0\n2 2 2 2";
    let board = retrolab::games::tableau::contest::parse(text).unwrap();
    let game = retrolab::games::tableau::Tableau::new(board);
    let layers = game.num_layers() as u64;
    let mut analysis = Built::parse("tableau", text).unwrap().analysis().unwrap();
    for step in 0..=1 + layers {
        assert_eq!(analysis.run_to(step, || false).unwrap().step, step);
        let Records::Scored(scores) = analysis.records() else {
            panic!("tableau records are scores");
        };
        for (pos, &score) in scores.iter().enumerate() {
            // Step s ≥ 1 has scored the s − 1 last layers (the full board's first).
            let scored = step >= 1 && game.layer(pos as Position) as u64 + step > layers;
            assert_eq!(score != i32::MIN, scored, "step {step}, position {pos}");
        }
    }
}

#[test]
fn the_engines_checksum_tells_the_tables_of_the_steps_apart() {
    for (game, text) in [
        ("chase", "....\n.W..\n....\n...B\n"),
        ("tableau", "2 3\n1 2 3\n4 5 6\n6 5 4\n3 2 1"),
    ] {
        let ours = every_step(game, text, Order::Global);
        let engines = every_step_with(game, text, Order::Global, |a| a.records().checksum());
        for (a, b) in ours.windows(2).zip(engines.windows(2)) {
            assert_eq!(
                a[0].0 == a[1].0,
                b[0].0 == b[1].0,
                "{game}: step {}",
                a[1].1.step
            );
        }
        let distinct: std::collections::HashSet<u32> =
            engines.iter().map(|(sum, _)| *sum).collect();
        assert!(
            distinct.len() > engines.len() / 2,
            "{game}: most steps change the table"
        );
    }
}
