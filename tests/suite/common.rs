//! Helpers the integration tests share: running the real `retrolab` binary, checking how
//! it refuses bad input, and random river boards.

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::sample::Index;
use retrolab::games::river::RiverBoard;
use retrolab::{Coord, Grid};

/// Runs `retrolab <args>` with `input` on stdin.
pub fn run(args: &[&str], input: &[u8]) -> Output {
    run_os(args, input)
}

/// As [`run`], for arguments that need not be UTF-8.
pub fn run_os<S: AsRef<OsStr>>(args: &[S], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_retrolab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the retrolab binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A refused input may be dropped unread: a broken pipe is fine.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("the CLI finishes")
}

/// Asserts that `retrolab <game>` refuses `input` quickly: exit code 2, nothing on
/// stdout, and one stderr line naming `line` and containing `words`.
pub fn assert_refused(game: &str, input: &[u8], line: usize, words: &str) {
    assert_refused_with(&[game], input, line, words);
}

/// As [`assert_refused`], for `retrolab <args>`.
pub fn assert_refused_with(args: &[&str], input: &[u8], line: usize, words: &str) {
    let begin = Instant::now();
    let output = run(args, input);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let shown = String::from_utf8_lossy(input);
    assert_eq!(
        output.status.code(),
        Some(2),
        "exit code for {shown:?}; stderr: {stderr}"
    );
    assert!(
        output.stdout.is_empty(),
        "no answers for {shown:?}, got {:?}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert_eq!(stderr.lines().count(), 1, "one line on stderr: {stderr}");
    assert!(
        stderr.contains(&format!("line {line}: ")) && stderr.contains(words),
        "expected line {line} and {words:?} in {stderr:?}"
    );
    assert!(begin.elapsed() < Duration::from_secs(5), "refused quickly");
}

/// The contest vectors of `game` in `tests/cases/<game>/`: the `.in` files, sorted.
pub fn case_inputs(game: &str) -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(game);
    let mut inputs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    inputs.sort();
    inputs
}

/// Random boards of at most `max_cells` cells with random obstacles and pieces.
pub fn river_boards(max_cells: u16) -> impl Strategy<Value = RiverBoard> {
    (2u16..=max_cells)
        .prop_flat_map(move |rows| (Just(rows), 1u16..=(max_cells / rows).max(1)))
        .prop_filter("fits", move |(rows, cols)| rows * cols <= max_cells)
        .prop_flat_map(|(rows, cols)| {
            (
                Just(rows),
                Just(cols),
                prop::collection::vec(prop::bool::weighted(0.2), usize::from(rows * cols)),
                any::<[Index; 3]>(),
            )
        })
        .prop_filter_map(
            "three free cells, one below the top row",
            |(rows, cols, blocked, [b, r1, r2])| {
                let mut grid = Grid::open(rows, cols);
                for (at, &blocked) in grid.clone().coords().zip(&blocked) {
                    grid.set_blocked(at, blocked);
                }
                let free: Vec<Coord> = grid.coords().filter(|&c| grid.is_free(c)).collect();
                let lower: Vec<Coord> = free.iter().copied().filter(|c| c.row > 0).collect();
                if free.len() < 3 || lower.is_empty() {
                    return None;
                }
                let black = lower[b.index(lower.len())];
                let rest: Vec<Coord> = free.iter().copied().filter(|&c| c != black).collect();
                let first = r1.index(rest.len());
                let second = (first + 1 + r2.index(rest.len() - 1)) % rest.len();
                let text = grid.render(&[('O', rest[first]), ('O', rest[second]), ('X', black)]);
                Some(text.parse().expect("a board with its pieces"))
            },
        )
}
