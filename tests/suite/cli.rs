//! The `retrolab` command line under faults: bad arguments, output that cannot be written,
//! separators other than the documented ones. Each fault exits 2 with exactly one line on
//! stderr, and nothing panics (exit 101), whatever the arguments.

#![cfg(unix)]

use crate::common;

use std::ffi::OsString;
use std::io::Write;
use std::os::unix::ffi::OsStringExt;
use std::process::{Command, Output, Stdio};

use proptest::prelude::*;

const SAMPLE: &[u8] = include_bytes!("../cases/river/sample1.in");

/// Asserts exit code 2, nothing on stdout and one stderr line containing `words`.
fn assert_one_line_failure(output: &Output, words: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "stderr: {stderr}");
    assert!(output.stdout.is_empty(), "stdout: {:?}", output.stdout);
    assert_eq!(stderr.lines().count(), 1, "one line on stderr: {stderr:?}");
    assert!(stderr.ends_with('\n'), "{stderr:?}");
    assert!(stderr.contains(words), "{words:?} in {stderr:?}");
}

/// `bytes` as one argument.
fn arg(bytes: &[u8]) -> OsString {
    OsString::from_vec(bytes.to_vec())
}

#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error() {
    for (args, words) in [
        (vec![arg(b"\xff")], "argument is invalid unicode: \"\\xFF\""),
        (
            vec![arg(b"river"), arg(b"--verif\xff")],
            "invalid option '--verif",
        ),
        (vec![arg(b"--\xff")], "invalid option '--"),
        (vec![arg(b"chase\xc3")], "invalid unicode"),
    ] {
        let output = common::run_os(&args, SAMPLE);
        assert_one_line_failure(&output, words);
        assert_one_line_failure(
            &output,
            "; usage: retrolab <river|chase|tableau> [--verify]",
        );
    }
}

#[test]
fn unknown_options_and_extra_words_are_usage_errors() {
    for (args, words) in [
        (
            &["river", "--verif"][..],
            "retrolab: invalid option '--verif'; usage: retrolab",
        ),
        (
            &["-x", "river"],
            "retrolab: invalid option '-x'; usage: retrolab",
        ),
        (
            &["river", "chase"],
            "retrolab: unexpected argument \"chase\"; usage: retrolab",
        ),
        (
            &["--help", "river"],
            "retrolab: unexpected argument \"river\"; usage",
        ),
        (
            &["river", "--verify=yes"],
            "unexpected argument for option '--verify': \"yes\"",
        ),
        (
            &["river", "--", "--verify"],
            "unexpected argument \"--verify\"",
        ),
        (&["--a\nb"], "retrolab: invalid option '--a\\nb'; usage"),
        (&[], "retrolab: missing the game; usage: retrolab"),
    ] {
        assert_one_line_failure(&common::run(args, SAMPLE), words);
    }
}

/// Runs `command` with `SAMPLE` on stdin, stdout sent to `stdout` and stderr captured.
fn with_sample(command: &mut Command, stdout: Stdio) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A CLI that fails early may leave the input unread: a broken pipe here is fine.
    let _ = child.stdin.take().unwrap().write_all(SAMPLE);
    child.wait_with_output().unwrap()
}

/// `retrolab <args>` with stdout on /dev/full, a device on which every write fails.
#[cfg(target_os = "linux")]
fn into_a_full_disk(args: &[&str]) -> Output {
    let full = std::fs::File::create("/dev/full").expect("/dev/full");
    with_sample(
        Command::new(env!("CARGO_BIN_EXE_retrolab")).args(args),
        full.into(),
    )
}

#[cfg(target_os = "linux")]
#[test]
fn help_into_a_full_disk_is_an_error() {
    let output = into_a_full_disk(&["--help"]);
    assert_one_line_failure(
        &output,
        "retrolab: cannot write the help: No space left on device",
    );
}

#[cfg(target_os = "linux")]
#[test]
fn answers_into_a_full_disk_are_an_error() {
    let output = into_a_full_disk(&["river"]);
    let words = "retrolab river: cannot write the answers: No space left on device";
    assert_one_line_failure(&output, words);
}

/// `retrolab <args>` with stdout closed (`>&-`) by a shell.
#[cfg(target_os = "linux")]
fn with_stdout_closed(args: &[&str]) -> Output {
    let script = r#"exec "$0" "$@" >&-"#;
    let mut shell = Command::new("sh");
    shell
        .args(["-c", script, env!("CARGO_BIN_EXE_retrolab")])
        .args(args);
    with_sample(&mut shell, Stdio::null())
}

#[cfg(target_os = "linux")]
#[test]
fn a_closed_stdout_is_an_error() {
    let words = "retrolab river: cannot write the answers: stdout is closed";
    assert_one_line_failure(&with_stdout_closed(&["river"]), words);
    let words = "retrolab: cannot write the help: stdout is closed";
    assert_one_line_failure(&with_stdout_closed(&["--help"]), words);
}

#[test]
fn a_reader_gone_is_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_retrolab"))
        .arg("river")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader goes before the input comes, so every write meets a broken pipe.
    drop(child.stdout.take());
    child.stdin.take().unwrap().write_all(SAMPLE).unwrap();
    let output = child.wait_with_output().unwrap();
    let words = "retrolab river: cannot write the answers: Broken pipe";
    assert_one_line_failure(&output, words);
}

#[test]
fn help_states_the_exit_codes() {
    let output = common::run(&["--help"], b"");
    assert_eq!(output.status.code(), Some(0));
    let help = String::from_utf8(output.stdout).unwrap();
    for words in [
        "EXIT CODES:",
        "0 every answer written",
        "2 bad arguments",
        "stdout could not take the answers or this help",
        "a closed stdout",
        "a broken pipe",
        "`needs N MB, could not reserve it`",
        "3 a table failed its check",
    ] {
        assert!(help.contains(words), "{words:?} in {help}");
    }
}

// --- separators ------------------------------------------------------------------------------

#[test]
fn numbers_are_separated_by_spaces_and_tabs_only() {
    let chase = |input: &str| common::run(&["chase"], input.as_bytes());
    assert_eq!(chase("2\t1 1  2\t 2\r\n \t\n").stdout, b"BLACK 2\n");
    for (input, line, shown) in [
        (
            "2\u{a0}1 1 2 2\n",
            1,
            "column 2: unexpected '\\u{a0}' (U+00A0)",
        ),
        (
            "2 1 1 2 2\n2\u{3000}1 1 2 2\n",
            2,
            "column 2: unexpected '\\u{3000}' (U+3000)",
        ),
        (
            "2 1 1 2 2\u{b}\n",
            1,
            "column 10: unexpected '\\u{b}' (U+000B)",
        ),
        (
            "2 1 1 2 2\n\u{c}\n2 1 1 2 2\n",
            2,
            "column 1: unexpected '\\u{c}' (U+000C)",
        ),
        ("2 1 1 2 2\r\r\n", 1, "column 10: unexpected '\\r' (U+000D)"),
    ] {
        common::assert_refused("chase", input.as_bytes(), line, shown);
    }
    let tableau = "1 2\n1 2\n3\u{a0}4\n";
    common::assert_refused("tableau", tableau.as_bytes(), 3, "unexpected '\\u{a0}'");
    common::assert_refused("river", b"0\xc2\xa01\n", 1, "unexpected '\\u{a0}'");
}

#[test]
fn a_line_ends_in_lf_or_crlf_only() {
    let river = |input: &str| common::run(&["river"], input.as_bytes());
    assert_eq!(
        river("0 1\r\n3 3\r\n#.#\r\nO.O\r\n.X.").stdout,
        b"Black 2\n"
    );
    common::assert_refused(
        "river",
        b"0 1\n3 3\n#.#\r\r\nO.O\n.X.\n",
        3,
        "column 4: unexpected '\\r' (U+000D); fields are separated by spaces or tabs, and a \
         line ends in \\n or \\r\\n",
    );
    common::assert_refused("river", b"0 1\n3 3\n#.#\nO.O\n.X.\n\x0c\n", 6, "'\\u{c}'");
    common::assert_refused("river", b"0 1\n3 3\n#.#\nO.O\n.X.\r", 5, "'\\r'");
}

// --- arguments, fuzzed -----------------------------------------------------------------------

/// One argument: a word the CLI knows, a near miss, or random bytes (not NUL, which no
/// argument can hold), often not UTF-8.
fn argument() -> impl Strategy<Value = OsString> {
    let words = prop::sample::select(vec![
        "river",
        "chase",
        "tableau",
        "help",
        "--help",
        "-h",
        "--verify",
        "--verif",
        "-v",
        "-hv",
        "--",
        "-",
        "",
        "--verify=1",
        "--help=x",
        "River",
        "rules",
        "custom",
        "--rules",
        "river-pawn",
        "rules/chase.toml",
    ])
    .prop_map(OsString::from);
    let bytes = prop::collection::vec(1u8..=255, 0..6).prop_map(OsString::from_vec);
    let dashed = prop::collection::vec(1u8..=255, 0..4).prop_map(|tail| {
        let mut bytes = b"--".to_vec();
        bytes.extend(tail);
        OsString::from_vec(bytes)
    });
    prop_oneof![4 => words, 1 => bytes, 1 => dashed]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Whatever the arguments: exit 0, or exit 2 with one line on stderr; never a panic.
    #[test]
    fn any_arguments_succeed_or_fail_with_one_line(args in prop::collection::vec(argument(), 0..4)) {
        let output = common::run_os(&args, b"2 1 1 2 2\n");
        let stderr = String::from_utf8_lossy(&output.stderr);
        match output.status.code() {
            Some(0) => prop_assert!(stderr.is_empty(), "{args:?}: {stderr}"),
            Some(2) => prop_assert_eq!(stderr.lines().count(), 1, "{:?}: {}", args, stderr),
            code => prop_assert!(false, "{args:?}: exit {code:?}, {stderr}"),
        }
    }
}
