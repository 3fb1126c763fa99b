//! The command line under a memory limit, and boards limited by the memory they need:
//! memory the system refuses is one stderr line, `… needs N MB, could not reserve it`, and
//! exit code 2 — never an abort — and a river board that would need more than the open
//! 24×24 board is refused before anything is allocated for it.

use crate::common;

use std::process::{Command, Output, Stdio};

use retrolab::games::custom::{self, preset, CustomBoard};
use retrolab::games::river::max_needs;
use retrolab::memory::megabytes;

/// Runs `retrolab <args>` with `input` on stdin, under `ulimit -v kilobytes`.
fn run_limited(kilobytes: u32, args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let script = format!("ulimit -v {kilobytes} && exec \"$0\" \"$@\"");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_retrolab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // Refused input may be dropped unread: a broken pipe is fine.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("the CLI finishes")
}

/// Asserts a refusal of memory: exit code 2, no answers, one stderr line that starts
/// `retrolab <game>: <what>: needs ` (`what`: one of `whats`, the parts of the work that
/// may be the first refused) and ends `MB, could not reserve it`.
fn assert_out_of_memory(output: &Output, game: &str, whats: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "stderr: {stderr}");
    assert!(output.stdout.is_empty(), "no answers");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    let line = stderr.trim_end();
    let named = |what: &&str| line.starts_with(&format!("retrolab {game}: {what}: needs "));
    assert!(
        whats.iter().any(named) && line.ends_with(" MB, could not reserve it"),
        "{line:?}"
    );
}

/// One river board of `rows` × `cols`: the reds on its first two cells, black on its
/// last, the rest free.
fn open_board(rows: usize, cols: usize) -> String {
    let mut text = format!("0 1\n{rows} {cols}\n");
    for row in 0..rows {
        for col in 0..cols {
            text.push(match row * cols + col {
                0 | 1 => 'O',
                cell if cell + 1 == rows * cols => 'X',
                _ => '.',
            });
        }
        text.push('\n');
    }
    text
}

#[test]
fn an_open_24x24_board_under_64_mb_is_refused_with_what_it_needs() {
    let output = run_limited(65_536, &["river"], open_board(24, 24).as_bytes());
    assert_out_of_memory(&output, "river", &["board 1"]);
    let expected = format!("needs {} MB", megabytes(max_needs().answer));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains(&expected),
        "the board's needs, as the limit counts them"
    );
}

#[test]
fn the_largest_boards_are_refused_in_one_line_under_every_limit_up_to_64_mb() {
    let starts = least_start();
    // Whatever part of the work the limit falls in (the records reserved first, then the
    // game's own tables, then the queues), the refusal is the same line: between 35 and
    // 43 MB the river game's tables once aborted the process.
    for megabytes in starts..=64 {
        let output = run_limited(megabytes * 1024, &["river"], open_board(24, 24).as_bytes());
        assert_out_of_memory(&output, "river", &["board 1"]);
    }
    // The composed river pawn's 24×24 game is solved tier by tier as river's is; its own
    // tables (the pieces' sets, 6 MB) once aborted the process just above its records.
    let rules = format!("{}/rules/river-pawn.toml", env!("CARGO_MANIFEST_DIR"));
    for megabytes in starts..=64 {
        let args = ["custom", "--rules", &rules];
        let output = run_limited(megabytes * 1024, &args, open_board(24, 24).as_bytes());
        assert_out_of_memory(&output, "custom", &["board 1"]);
    }
    // Chase's largest table fits from about 26 MB: up to the first limit it fits in, and
    // then the answer is the one given without a limit. (Its 4 MB of records are
    // reserved from nothing, just above where the program starts.)
    let chase = b"32 1 1 32 32\n";
    let answer = common::run(&["chase"], chase).stdout;
    let fits = (starts..=64).find(|megabytes| {
        let output = run_limited(megabytes * 1024, &["chase"], chase);
        output.status.success() || {
            assert_out_of_memory(&output, "chase", &["n = 32"]);
            false
        }
    });
    let fits = fits.expect("chase's largest table fits in 64 MB");
    assert_eq!(run_limited(fits * 1024, &["chase"], chase).stdout, answer);
}

#[test]
fn the_board_needing_most_is_reserved_for_before_any_is_solved() {
    // Under 24 MB no 23×23 or 24×24 board's records fit. The memory is reserved once, for
    // the board that needs most (the first of equals), before the first board is solved:
    // that board is the one named, wherever it stands.
    for (sizes, named) in [
        ([(23, 23), (24, 24)], "board 2"),
        ([(24, 24), (23, 23)], "board 1"),
        ([(24, 24), (24, 24)], "board 1"),
    ] {
        let mut input = format!("0 {}\n", sizes.len());
        for (rows, cols) in sizes {
            input.extend(
                open_board(rows, cols)
                    .lines()
                    .skip(1)
                    .map(|line| line.to_owned() + "\n"),
            );
        }
        let output = run_limited(24 * 1024, &["river"], input.as_bytes());
        assert_out_of_memory(&output, "river", &[named]);
    }
    // The composed game reserves for its largest board the same way.
    let rules = format!("{}/rules/river-pawn.toml", env!("CARGO_MANIFEST_DIR"));
    let input = format!("0 2\n3 3\n#.#\nO.O\n.X.\n{}", &open_board(24, 24)[4..]);
    let output = run_limited(24 * 1024, &["custom", "--rules", &rules], input.as_bytes());
    assert_out_of_memory(&output, "custom", &["board 2"]);
}

#[test]
fn fifteen_megabytes_of_chase_lines_under_20_mb_are_refused() {
    let input = "2 1 1 2 2\n".repeat(1_500_000);
    let output = run_limited(20_000, &["chase"], input.as_bytes());
    // The input itself fits: its problems' list or a size's table is the first refused.
    let whats = ["reading the input", "the problems", "the queries", "n = 2"];
    assert_out_of_memory(&output, "chase", &whats);
}

#[test]
fn long_river_boards_needing_more_than_24x24_are_refused_by_their_needs() {
    for (rows, cols) in [(2, 288), (3, 192)] {
        let limit = max_needs();
        let words = format!(
            "retrolab solves river boards needing at most {} MB and {} MB (what the open \
             24×24 board needs)",
            megabytes(limit.answer),
            megabytes(limit.table)
        );
        common::assert_refused("river", open_board(rows, cols).as_bytes(), 2, &words);
    }
}

/// The least memory, in megabytes, the program starts in (below it, the loader fails).
fn least_start() -> u32 {
    (1..=64)
        .find(|megabytes| {
            run_limited(megabytes * 1024, &["--help"], b"")
                .status
                .success()
        })
        .expect("the program starts in 64 MB")
}

#[test]
fn a_composed_game_under_every_limit_answers_or_names_the_bytes_its_rule_counts() {
    // Fox and hounds from its standard start: what the limit's rule says the answer
    // needs is what a refusal names, whatever the limit; from some limit on, the answer
    // is the one given without a limit, and that limit is within what the rule counts
    // (above what the program starts in), give or take the game's own tables, which the
    // rule leaves out (the hounds' sets and their moves: about 3 MB, more than the two
    // tiers the analysis keeps need).
    let rules = preset("fox-and-hounds").unwrap().rules();
    let text = rules.board.clone().unwrap();
    let board = CustomBoard::parse(&rules, &text).unwrap();
    let needs = megabytes(custom::needs::needs(&rules, &board).answer) as u32;
    let file = format!("{}/rules/fox-and-hounds.toml", env!("CARGO_MANIFEST_DIR"));
    let args = ["custom", "--rules", &file];
    let input = format!("0 1\n8 8\n{text}");
    let answer = common::run(&args, input.as_bytes()).stdout;
    assert_eq!(answer, b"Hounds 44\n");
    let starts = least_start();
    let words = format!("retrolab custom: board 1: needs {needs} MB, could not reserve it");
    const GAME_TABLES: u32 = 8;
    let fits = (starts..=starts + needs + GAME_TABLES).find(|megabytes| {
        let output = run_limited(megabytes * 1024, &args, input.as_bytes());
        output.status.success() || {
            assert_out_of_memory(&output, "custom", &["board 1"]);
            assert_eq!(String::from_utf8_lossy(&output.stderr).trim_end(), words);
            false
        }
    });
    let fits = fits.expect("the answer fits in what the rule counts");
    let output = run_limited(fits * 1024, &args, input.as_bytes());
    assert_eq!(output.stdout, answer);
}

#[test]
fn composed_boards_over_the_limit_are_refused_by_their_bytes_before_any_allocation() {
    // Under the least memory the program starts in, a board whose rule counts more
    // bytes than the limit is refused by its needs, not by a reservation the system
    // refuses: nothing was allocated for it.
    let rules_file = format!("{}/rules/river-pawn.toml", env!("CARGO_MANIFEST_DIR"));
    let rules = preset("river-pawn").unwrap().rules();
    let limit = custom::max_needs();
    // (Tiers by black's row: a board of long rows needs the most.)
    for (rows, cols) in [(2, 512), (32, 32)] {
        let input = open_board(rows, cols);
        let board = CustomBoard::parse(&rules, &input[format!("0 1\n{rows} {cols}\n").len()..]);
        let needs = custom::needs::needs(&rules, &board.unwrap());
        assert!(!needs.within(&limit), "{rows}×{cols}: {needs:?}");
        let output = run_limited(
            least_start() * 1024,
            &["custom", "--rules", &rules_file],
            input.as_bytes(),
        );
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        let words = format!(
            "retrolab custom: line 2: board 1: the board needs {} MB to answer its start and {} \
             MB for its whole table; retrolab solves composed boards needing at most {} MB and \
             {} MB (what the open 24×24 river board needs, composed)\n",
            megabytes(needs.answer),
            megabytes(needs.table),
            megabytes(limit.answer),
            megabytes(limit.table)
        );
        assert_eq!(stderr, words);
    }
}

#[test]
fn the_help_states_the_memory_limit() {
    let output = common::run(&["--help"], b"");
    // Its paragraphs are wrapped: words, not lines, are compared.
    let help = String::from_utf8(output.stdout).unwrap();
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let limit = max_needs();
    let words = format!(
        "at most {} MB to answer (what the open 24×24 board needs;",
        megabytes(limit.answer)
    );
    assert!(help.contains(&words), "{words:?} in\n{help}");
}
