//! `./build.sh bench`: solves the benchmark boards in `benches/data/`, checks each answer
//! against the `.ans` file, and prints the median and fastest time per board, the time of
//! the file's first solve (for the first file: in a fresh process), the median time to
//! verify each solved table ([`retrolab::verify`], what `retrolab --verify` adds) and its
//! ratio to the median solve, and the peak memory.
//!
//! Usage: `cargo bench --bench solve [-- FILE...]` (default: every `.in` in benches/data).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use retrolab::contest;
use retrolab::games::chase::Chase;
use retrolab::games::river::River;
use retrolab::games::tableau::Tableau;
use retrolab::verify::{outcomes, scores};
use retrolab::{Game, LayeredGame, LayeredSolver, Solver};

/// Runs per board; the median is reported.
const RUNS: usize = 7;

fn main() {
    let mut files: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    if files.is_empty() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data");
        files = std::fs::read_dir(&dir)
            .expect("benches/data")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        files.sort();
    }
    println!(
        "{:<28} {:>7} {:>12} {:>12} {:>12} {:>12} {:>12} {:>8} {:>10}",
        "file",
        "boards",
        "positions",
        "median/board",
        "min/board",
        "first solve",
        "verify/board",
        "÷ solve",
        "peak RSS"
    );
    for file in files {
        bench_file(&file);
    }
}

fn bench_file(file: &Path) {
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    let input = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let expected = std::fs::read_to_string(file.with_extension("ans")).unwrap_or_default();
    reset_peak_memory();
    let (
        Timings {
            solve: times,
            verify,
        },
        positions,
        answers,
    ) = if name.starts_with("river") {
        bench_river(&input)
    } else if name.starts_with("chase") {
        bench_chase(&input)
    } else if name.starts_with("tableau") {
        bench_tableau(&input)
    } else {
        eprintln!("{name}: no benchmark for this game yet");
        return;
    };
    if !expected.is_empty() {
        assert_eq!(answers, expected, "{name}: wrong answers");
    }
    let mut sorted = times.clone();
    sorted.sort();
    let boards = times.len() / RUNS;
    let median = sorted[sorted.len() / 2];
    // The first solve of the first file runs in a fresh process, on memory never touched.
    let first = times[0];
    let mut verify = verify;
    verify.sort();
    let verify = verify[verify.len() / 2];
    println!(
        "{:<28} {:>7} {:>12} {:>12} {:>12} {:>12} {:>12} {:>8} {:>10}",
        name,
        boards,
        positions,
        format!("{:.2} ms", ms(median)),
        format!("{:.2} ms", ms(sorted[0])),
        format!("{:.2} ms", ms(first)),
        format!("{:.2} ms", ms(verify)),
        format!("{:.2}×", verify.as_secs_f64() / median.as_secs_f64()),
        peak_memory().map_or("n/a".into(), |kb| format!("{:.1} MB", kb as f64 / 1024.0)),
    );
}

/// The times of each solve, and of each verification of the table solved.
#[derive(Default)]
struct Timings {
    solve: Vec<Duration>,
    verify: Vec<Duration>,
}

impl Timings {
    /// Times `check` of a table just solved in `solve`, and keeps both times.
    fn verified<E: std::fmt::Debug>(
        &mut self,
        solve: Duration,
        check: impl FnOnce() -> Result<(), E>,
    ) {
        let begin = Instant::now();
        let checked = check();
        self.verify.push(begin.elapsed());
        self.solve.push(solve);
        checked.expect("benchmark tables verify");
    }
}

/// Solves (and verifies) every board `RUNS` times; returns the times, positions per
/// board, answers.
fn bench_river(input: &str) -> (Timings, usize, String) {
    let boards = contest::river::parse(input).expect("benchmark input parses");
    let mut times = Timings::default();
    let mut answers = String::new();
    let mut positions = 0;
    for board in boards {
        let mut answer = String::new();
        for _ in 0..RUNS {
            let begin = Instant::now();
            let mut solver = Solver::new(River::new(board.clone()));
            solver.solve().expect("benchmark boards solve");
            let outcome = solver.outcome(solver.game().start()).unwrap();
            times.verified(begin.elapsed(), || {
                outcomes::check(solver.game(), solver.records())
            });
            positions = solver.game().num_positions();
            answer = contest::river::answer(outcome);
        }
        answers.push_str(&answer);
        answers.push('\n');
    }
    (times, positions, answers)
}

/// Solves (and verifies) the whole chase table of the queries' board size `RUNS` times
/// (the queries share one size) and answers every query from it; returns the times,
/// positions, answers.
fn bench_chase(input: &str) -> (Timings, usize, String) {
    let boards = contest::chase::parse(input).expect("benchmark input parses");
    assert!(
        boards.iter().all(|b| b.n() == boards[0].n()),
        "one board size per chase benchmark file"
    );
    let mut times = Timings::default();
    let mut answers = String::new();
    let mut positions = 0;
    for _ in 0..RUNS {
        let begin = Instant::now();
        let mut solver = Solver::new(Chase::new(boards[0]));
        solver.solve().expect("benchmark boards solve");
        let starts: Vec<_> = boards
            .iter()
            .map(|b| solver.outcome(solver.game().start_of(b)).unwrap())
            .collect();
        times.verified(begin.elapsed(), || {
            outcomes::check(solver.game(), solver.records())
        });
        positions = solver.game().num_positions();
        answers = starts
            .into_iter()
            .map(|o| contest::chase::answer(o) + "\n")
            .collect();
    }
    (times, positions, answers)
}

/// Solves (and verifies) the tableau board `RUNS` times; returns the times, positions,
/// answer.
fn bench_tableau(input: &str) -> (Timings, usize, String) {
    let board = contest::tableau::parse(input).expect("benchmark input parses");
    let mut times = Timings::default();
    let mut answer = String::new();
    let mut positions = 0;
    for _ in 0..RUNS {
        let begin = Instant::now();
        let mut solver = LayeredSolver::new(Tableau::new(board.clone()));
        solver.solve();
        let score = solver.score(solver.game().start()).unwrap();
        times.verified(begin.elapsed(), || {
            scores::check(solver.game(), solver.scores())
        });
        positions = solver.game().num_positions();
        answer = contest::tableau::answer(score) + "\n";
    }
    (times, positions, answer)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Resets the kernel's peak-RSS mark for this process (Linux), so each file is measured alone.
fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// Peak resident set size in KiB since the last reset (Linux).
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
