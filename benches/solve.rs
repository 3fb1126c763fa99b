//! `./build.sh bench`: solves the benchmark boards in `benches/data/`, checks each answer
//! against the `.ans` file, and prints the median and fastest time per board, the time of
//! the file's first solve (for the first file: in a fresh process), the median time to
//! verify each solved table ([`retrolab::verify`], what `retrolab --verify` adds) and its
//! ratio to the median solve, and the peak memory. These solve in the global order
//! unless `--tiers` is given (the page's default order, for the page benchmark's paired
//! runs, which also pass `--runs=N` and `--no-verify` for large boards).
//!
//! A full run (no file arguments) then sets the two orders of the analysis side by side
//! in one run: the 16×16 worst case (`river-tie-16x16.in`), a 24×24 open board, the command
//! line's whole process against the contest's accepted C++ solution on
//! `river-tie-10x10.in` (compiled here with `g++ -O2` into `target/`) and on the 24×24 open
//! board alone, the River pawn preset's composed game against river's own (whole tables
//! and whole processes on `river-tie-10x10.in`), fox and hounds in one tier and in tiers
//! (its whole table and its start), and the cost growth of both orders from
//! 8×8 to 24×24. Runs of the two orders (the two games) alternate, so that both see the
//! same noise of a shared machine.
//!
//! Usage: `cargo bench --bench solve [-- [--tiers] [--runs=N] [--no-verify] FILE...]`
//! (default: every `.in` in benches/data, then the comparisons), or `cargo bench --bench
//! solve -- --composed` for the composed games' comparisons alone (River pawn against river,
//! fox and hounds in one tier and in tiers).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use retrolab::games::chase::Chase;
use retrolab::games::custom::{self, Custom, CustomBoard, Span};
use retrolab::games::river::{River, RiverBoard};
use retrolab::games::tableau::Tableau;
use retrolab::verify::{outcomes, scores};
use retrolab::{Game, Keep, LayeredGame, LayeredSolver, Order, Solver, Workspace};

/// Runs per board; the median is reported.
const RUNS: usize = 7;

/// How the files given are benchmarked.
struct Options {
    /// The order river and chase boards are solved in.
    order: Order,
    /// Runs per board.
    runs: usize,
    /// Whether each table solved is verified too.
    verify: bool,
}

impl Options {
    fn from_args(args: &[String]) -> Options {
        let runs = args.iter().find_map(|a| a.strip_prefix("--runs="));
        Options {
            order: if args.iter().any(|a| a == "--tiers") {
                Order::Tiers
            } else {
                Order::Global
            },
            runs: runs.map_or(RUNS, |n| n.parse().expect("--runs=N")),
            verify: !args.iter().any(|a| a == "--no-verify"),
        }
    }
}

/// The orders compared, the baseline (one global queue, the solver as it always was) first.
const ORDERS: [(Order, &str); 2] = [(Order::Global, "global"), (Order::Tiers, "tiers")];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--composed") {
        composed_against_river();
        fox_and_hounds();
        return;
    }
    let options = Options::from_args(&args);
    let mut files: Vec<PathBuf> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .collect();
    let full_run = files.is_empty();
    if full_run {
        files = std::fs::read_dir(data_dir())
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
        bench_file(&file, &options);
    }
    if full_run {
        orders_side_by_side();
        open_24();
        command_line_against_cpp();
        command_line_open_24();
        composed_against_river();
        fox_and_hounds();
        cost_growth();
    }
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/data")
}

fn bench_file(file: &Path, options: &Options) {
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    let input = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let expected = std::fs::read_to_string(file.with_extension("ans")).unwrap_or_default();
    reset_peak_memory();
    let (
        Timings {
            solve: times,
            verify,
            ..
        },
        positions,
        answers,
    ) = if name.starts_with("river") {
        bench_river(&input, options)
    } else if name.starts_with("chase") {
        bench_chase(&input, options)
    } else if name.starts_with("tableau") {
        bench_tableau(&input, options)
    } else {
        eprintln!("{name}: no benchmark for this game yet");
        return;
    };
    if !expected.is_empty() {
        assert_eq!(answers, expected, "{name}: wrong answers");
    }
    let mut sorted = times.clone();
    sorted.sort();
    let boards = times.len() / options.runs;
    let median = sorted[sorted.len() / 2];
    // The first solve of the first file runs in a fresh process, on memory never touched.
    let first = times[0];
    let verified = (!verify.is_empty()).then(|| self::median(&verify));
    let verify_column = verified.map_or("–".into(), |v| format!("{:.2} ms", ms(v)));
    let ratio = verified.map_or("–".into(), |v| {
        format!("{:.2}×", v.as_secs_f64() / median.as_secs_f64())
    });
    println!(
        "{:<28} {:>7} {:>12} {:>12} {:>12} {:>12} {:>12} {:>8} {:>10}",
        name,
        boards,
        positions,
        format!("{:.2} ms", ms(median)),
        format!("{:.2} ms", ms(sorted[0])),
        format!("{:.2} ms", ms(first)),
        verify_column,
        ratio,
        peak(),
    );
}

/// The times of each solve, and of each verification of the table solved.
struct Timings {
    solve: Vec<Duration>,
    verify: Vec<Duration>,
    /// Whether tables are verified.
    verifying: bool,
}

impl Timings {
    fn new(options: &Options) -> Timings {
        Timings {
            solve: Vec::new(),
            verify: Vec::new(),
            verifying: options.verify,
        }
    }

    /// Keeps the time of a solve, and times `check` of the table just solved (when
    /// verifying).
    fn verified<E: std::fmt::Debug>(
        &mut self,
        solve: Duration,
        check: impl FnOnce() -> Result<(), E>,
    ) {
        self.solve.push(solve);
        if self.verifying {
            let begin = Instant::now();
            let checked = check();
            self.verify.push(begin.elapsed());
            checked.expect("benchmark tables verify");
        }
    }
}

/// Solves (and verifies) every board `RUNS` times; returns the times, positions per
/// board, answers.
fn bench_river(input: &str, options: &Options) -> (Timings, usize, String) {
    let boards = retrolab::games::river::contest::parse(input).expect("benchmark input parses");
    let mut times = Timings::new(options);
    let mut answers = String::new();
    let mut positions = 0;
    for board in boards {
        let mut answer = String::new();
        for _ in 0..options.runs {
            let begin = Instant::now();
            let mut solver = Solver::with_order(River::new(board.clone()), options.order);
            solver.solve().expect("benchmark boards solve");
            let outcome = solver.outcome(solver.game().start()).unwrap();
            times.verified(begin.elapsed(), || {
                outcomes::check(solver.game(), solver.records())
            });
            positions = solver.game().num_positions();
            answer = retrolab::games::river::contest::answer(outcome);
        }
        answers.push_str(&answer);
        answers.push('\n');
    }
    (times, positions, answers)
}

/// Solves (and verifies) the whole chase table of the queries' board size `RUNS` times
/// (the queries share one size) and answers every query from it; returns the times,
/// positions, answers.
fn bench_chase(input: &str, options: &Options) -> (Timings, usize, String) {
    let boards = retrolab::games::chase::contest::parse(input).expect("benchmark input parses");
    assert!(
        boards.iter().all(|b| b.n() == boards[0].n()),
        "one board size per chase benchmark file"
    );
    let mut times = Timings::new(options);
    let mut answers = String::new();
    let mut positions = 0;
    for _ in 0..options.runs {
        let begin = Instant::now();
        let mut solver = Solver::with_order(Chase::new(boards[0]), options.order);
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
            .map(|o| retrolab::games::chase::contest::answer(o) + "\n")
            .collect();
    }
    (times, positions, answers)
}

/// Solves (and verifies) the tableau board `RUNS` times; returns the times, positions,
/// answer.
fn bench_tableau(input: &str, options: &Options) -> (Timings, usize, String) {
    let board = retrolab::games::tableau::contest::parse(input).expect("benchmark input parses");
    let mut times = Timings::new(options);
    let mut answer = String::new();
    let mut positions = 0;
    for _ in 0..options.runs {
        let begin = Instant::now();
        let mut solver = LayeredSolver::new(Tableau::new(board.clone()));
        solver.solve();
        let score = solver.score(solver.game().start()).unwrap();
        times.verified(begin.elapsed(), || {
            scores::check(solver.game(), solver.scores())
        });
        positions = solver.game().num_positions();
        answer = retrolab::games::tableau::contest::answer(score) + "\n";
    }
    (times, positions, answer)
}

/// Builds and solves the whole game of `board` in `order`, keeping every record; returns
/// the time it took and the solver.
fn solve_river(board: &RiverBoard, order: Order) -> (Duration, Solver<River>) {
    let begin = Instant::now();
    let mut solver = Solver::with_order(River::new(board.clone()), order);
    solver.solve().expect("benchmark boards solve");
    (begin.elapsed(), solver)
}

/// Median times of the two orders on `board`, `runs` runs each, alternating; checks that
/// both end with the same records.
fn both_orders(board: &RiverBoard, runs: usize) -> [Duration; 2] {
    let mut times = [Vec::new(), Vec::new()];
    for _ in 0..runs {
        let records: Vec<Vec<u16>> = ORDERS
            .iter()
            .enumerate()
            .map(|(i, &(order, _))| {
                let (time, solver) = solve_river(board, order);
                times[i].push(time);
                solver.records().to_vec()
            })
            .collect();
        assert!(records[0] == records[1], "the orders disagree on\n{board}");
    }
    times.map(|t| median(&t))
}

/// The 16×16 worst case, both orders in one run.
fn orders_side_by_side() {
    let input = std::fs::read_to_string(data_dir().join("river-tie-16x16.in")).unwrap();
    let board = retrolab::games::river::contest::parse(&input)
        .unwrap()
        .remove(0);
    let [global, tiers] = both_orders(&board, RUNS);
    println!();
    println!("river-tie-16x16.in, the whole table in both orders (median of {RUNS}, alternating):");
    println!(
        "  global {:.1} ms, tiers {:.1} ms: tiers = {:.2}x global",
        ms(global),
        ms(tiers),
        ms(tiers) / ms(global)
    );
}

/// A 24×24 board without obstacles solved whole, tier by tier (as the page keeps it).
fn open_24() {
    let board = open_board(24);
    reset_peak_memory();
    let times: Vec<Duration> = (0..3)
        .map(|_| solve_river(&board, Order::Tiers).0)
        .collect();
    println!();
    println!(
        "24×24 open board, the whole table tier by tier: {:.0} ms (median of 3), peak RSS {}",
        ms(median(&times)),
        peak()
    );
}

/// The `retrolab river` process on the 24×24 open board alone (two rows of records, up to
/// the start's row), checked against the whole table's answer.
fn command_line_open_24() {
    let board = open_board(24);
    let (_, solver) = solve_river(&board, Order::Global);
    let expected =
        retrolab::games::river::contest::answer(solver.outcome(solver.game().start()).unwrap())
            + "\n";
    drop(solver);
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    let input = target.join("river-open-24x24.in");
    std::fs::write(&input, format!("0 1\n24 24\n{board}")).expect("target/ is writable");
    let cli = PathBuf::from(env!("CARGO_BIN_EXE_retrolab"));
    let times: Vec<Duration> = (0..3)
        .map(|_| run_process(Command::new(&cli).arg("river"), &input, expected.as_bytes()))
        .collect();
    println!(
        "24×24 open board, whole process: retrolab river {:.0} ms (median of 3)",
        ms(median(&times))
    );
}

/// The `retrolab river` process against the contest's accepted C++ solution on
/// `river-tie-10x10.in`, runs alternating.
fn command_line_against_cpp() {
    println!();
    let input = data_dir().join("river-tie-10x10.in");
    let expected = std::fs::read(input.with_extension("ans")).unwrap();
    let cpp = match compile_seed_cpp() {
        Ok(cpp) => cpp,
        Err(why) => {
            println!("command line against the seed C++: skipped ({why})");
            return;
        }
    };
    let cli = PathBuf::from(env!("CARGO_BIN_EXE_retrolab"));
    let mut times = [Vec::new(), Vec::new()];
    for _ in 0..5 {
        times[0].push(run_process(
            Command::new(&cli).arg("river"),
            &input,
            &expected,
        ));
        times[1].push(run_process(&mut Command::new(&cpp), &input, &expected));
    }
    let [ours, seed] = times.map(|t| median(&t));
    println!(
        "river-tie-10x10.in, whole process (median of 5, alternating): retrolab river {:.1} ms, seed C++ (g++ -O2) {:.1} ms: {:.3}x",
        ms(ours),
        ms(seed),
        ms(ours) / ms(seed)
    );
}

/// Compiles the accepted C++ river solution of `../shared/seeds/002_*.txt` into
/// `target/seed-river` (once); its path, or why not.
fn compile_seed_cpp() -> Result<PathBuf, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or(root.join("target"), PathBuf::from);
    let binary = target.join("seed-river");
    if binary.exists() {
        return Ok(binary);
    }
    let seeds = root.join("../shared/seeds");
    let seed = std::fs::read_dir(&seeds)
        .map_err(|e| format!("{}: {e}", seeds.display()))?
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("002_"))
        })
        .ok_or("no seeds/002_*.txt")?;
    let text = std::fs::read_to_string(&seed).map_err(|e| e.to_string())?;
    let code = text
        .split_once("```cpp\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .ok_or("no ```cpp block in the seed")?
        .0;
    let source = target.join("seed-river.cpp");
    std::fs::write(&source, code).map_err(|e| e.to_string())?;
    let status = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(&source)
        .status()
        .map_err(|e| format!("g++: {e}"))?;
    if !status.success() {
        return Err(format!("g++ failed: {status}"));
    }
    Ok(binary)
}

/// Runs `command` with `input` on stdin; checks its output and returns its wall time.
fn run_process(command: &mut Command, input: &Path, expected: &[u8]) -> Duration {
    let stdin = std::fs::File::open(input).unwrap();
    let begin = Instant::now();
    let output = command
        .stdin(stdin)
        .stderr(Stdio::inherit())
        .output()
        .expect("the program runs");
    let time = begin.elapsed();
    assert_eq!(output.stdout, expected, "{command:?}: wrong answers");
    time
}

/// The River pawn preset's composed game against river's own on `river-tie-10x10.in`'s
/// boards: the whole table of each board (both games alternating), then the whole
/// processes `retrolab custom --rules rules/river-pawn.toml` and `retrolab river`, which
/// solve what each start can lead to (alternating).
fn composed_against_river() {
    let path = data_dir().join("river-tie-10x10.in");
    let input = std::fs::read_to_string(&path).unwrap();
    let boards = retrolab::games::river::contest::parse(&input).unwrap();
    let rules = custom::preset("river-pawn").unwrap().rules();
    // Each game in both orders: the composed one in one tier (as it was before tiers,
    // `Custom::one_tier`) and in its tiers (black's rows, as river's).
    let mut times: [Vec<Duration>; 5] = Default::default();
    for _ in 0..RUNS {
        for board in &boards {
            let mut answers = Vec::new();
            for (i, order) in [Order::Global, Order::Tiers].into_iter().enumerate() {
                let (time, river) = solve_river(board, order);
                times[i].push(time);
                answers.push(river.outcome(river.game().start()));
            }
            for (i, tiered, order) in [
                (2, false, Order::Global),
                (3, true, Order::Global),
                (4, true, Order::Tiers),
            ] {
                let begin = Instant::now();
                let drawn = CustomBoard::parse(&rules, &board.to_string()).unwrap();
                let game = if tiered {
                    Custom::new(&rules, drawn, Span::Whole).unwrap()
                } else {
                    Custom::one_tier(&rules, drawn, Span::Whole).unwrap()
                };
                let mut composed = Solver::with_order(game, order);
                composed.solve().expect("benchmark boards solve");
                times[i].push(begin.elapsed());
                answers.push(composed.outcome(composed.game().start()));
            }
            assert!(
                answers.windows(2).all(|w| w[0] == w[1]),
                "the composed game answers as river"
            );
        }
    }
    let [global, tiers, one_tier, composed_global, composed_tiers] = times.map(|t| median(&t));
    println!();
    println!(
        "river-tie-10x10.in, the whole table per board (median of {}, alternating): river {:.1} ms (tiers {:.1} ms), composed River pawn in one tier {:.1} ms: {:.2}x, in tiers: global order {:.1} ms: {:.2}x, tier order {:.1} ms: {:.2}x river's tier order",
        RUNS * boards.len(),
        ms(global),
        ms(tiers),
        ms(one_tier),
        ms(one_tier) / ms(global),
        ms(composed_global),
        ms(composed_global) / ms(global),
        ms(composed_tiers),
        ms(composed_tiers) / ms(tiers)
    );
    let expected = std::fs::read(path.with_extension("ans")).unwrap();
    let cli = PathBuf::from(env!("CARGO_BIN_EXE_retrolab"));
    let rules_file = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/river-pawn.toml");
    let mut times = [Vec::new(), Vec::new()];
    const PROCESSES: usize = 21;
    for _ in 0..PROCESSES {
        times[0].push(run_process(
            Command::new(&cli).arg("river"),
            &path,
            &expected,
        ));
        let mut composed = Command::new(&cli);
        composed.args(["custom", "--rules"]).arg(&rules_file);
        times[1].push(run_process(&mut composed, &path, &expected));
    }
    let [river, composed] = times.map(|t| median(&t));
    println!(
        "river-tie-10x10.in, whole process (median of {PROCESSES}, alternating): retrolab river {:.2} ms, retrolab custom --rules rules/river-pawn.toml {:.2} ms: {:.2}x",
        ms(river),
        ms(composed),
        ms(composed) / ms(river)
    );
}

/// Fox and hounds on its 8×8 board from the standard start, in one tier (as before tiers,
/// [`Custom::one_tier`], one queue) and in the hounds' tiers (tier order): the whole
/// table, and what the command line solves to answer the start (the positions it can
/// lead to; in tiers keeping two tiers' records), runs alternating.
fn fox_and_hounds() {
    let rules = custom::preset("fox-and-hounds").unwrap().rules();
    let text = rules.board.clone().unwrap();
    println!();
    for (span, runs, keep) in [
        (Span::FromStart, RUNS, Keep::TwoTiers),
        (Span::Whole, 3, Keep::All),
    ] {
        let mut times: [Vec<Duration>; 2] = Default::default();
        let mut answers = Vec::new();
        for _ in 0..runs {
            for tiered in [false, true] {
                let begin = Instant::now();
                let board = CustomBoard::parse(&rules, &text).unwrap();
                let (game, order, keep) = if tiered {
                    (
                        Custom::new(&rules, board, span).unwrap(),
                        Order::Tiers,
                        keep,
                    )
                } else {
                    let game = Custom::one_tier(&rules, board, span).unwrap();
                    (game, Order::Global, Keep::All)
                };
                let start = game.start();
                let mut solver =
                    Solver::in_workspace(game, order, keep, Workspace::default()).unwrap();
                solver.solve().expect("fox and hounds solves");
                times[usize::from(tiered)].push(begin.elapsed());
                answers.push(solver.outcome(start).unwrap());
            }
        }
        assert!(answers.windows(2).all(|w| w[0] == w[1]), "one answer");
        let [one_tier, tiers] = times.map(|t| median(&t));
        println!(
            "fox and hounds 8×8, {} (median of {runs}, alternating): one tier {:.0} ms, tiers {:.0} ms: {:.2}x",
            if span == Span::Whole { "the whole table" } else { "the start's positions" },
            ms(one_tier),
            ms(tiers),
            ms(tiers) / ms(one_tier)
        );
    }
}

/// Positions, time and time per position of both orders on open and worst-case boards.
fn cost_growth() {
    println!();
    println!("cost growth, the whole table (median of 7 below 16×16, of 3 from 16×16 on; orders alternating):");
    println!(
        "{:<7} {:<6} {:>12} {:>11} {:>9} {:>11} {:>9} {:>7}",
        "board", "kind", "positions", "global ms", "ns/pos", "tiers ms", "ns/pos", "tiers/global"
    );
    for n in [8, 10, 12, 16, 20, 24] {
        for (kind, board) in [("open", open_board(n)), ("worst", worst_board(n))] {
            let positions = River::new(board.clone()).num_positions();
            let [global, tiers] = both_orders(&board, if n < 16 { 7 } else { 3 });
            let per = |d: Duration| d.as_secs_f64() * 1e9 / positions as f64;
            println!(
                "{:<7} {:<6} {:>12} {:>11.1} {:>9.1} {:>11.1} {:>9.1} {:>7.2}",
                format!("{n}×{n}"),
                kind,
                positions,
                ms(global),
                per(global),
                ms(tiers),
                per(tiers),
                ms(tiers) / ms(global)
            );
        }
    }
}

/// An `n`×`n` board without obstacles: red on the top-left cell and in the middle, black
/// in the middle of the bottom row.
fn open_board(n: u16) -> RiverBoard {
    board(n, &[], n / 2 - 1)
}

/// The worst case of `benches/data`'s tie boards at `n`×`n`: black shut in at the
/// bottom right, so nothing ever decides the start and every tier is solved.
fn worst_board(n: u16) -> RiverBoard {
    board(n, &[(n - 2, n - 2), (n - 2, n - 1), (n - 1, n - 3)], n - 2)
}

/// An `n`×`n` board with `obstacles`, red on the top-left cell and in the middle, and
/// black in column `black` of the bottom row.
fn board(n: u16, obstacles: &[(u16, u16)], black: u16) -> RiverBoard {
    let n = usize::from(n);
    let mut rows = vec![vec!['.'; n]; n];
    for &(r, c) in obstacles {
        rows[usize::from(r)][usize::from(c)] = '#';
    }
    rows[0][0] = 'O';
    rows[n / 2][n / 2] = 'O';
    rows[n - 1][usize::from(black)] = 'X';
    let text: String = rows
        .iter()
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    text.parse().expect("a valid benchmark board")
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted[sorted.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Peak memory since the last reset, for printing.
fn peak() -> String {
    peak_memory().map_or("n/a".into(), |kb| format!("{:.1} MB", kb as f64 / 1024.0))
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
