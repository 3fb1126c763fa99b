//! The `retrolab river` command on good and bad input: answers byte for byte, and for
//! every class of bad input one stderr line naming the line at fault, exit code 2,
//! nothing on stdout.

use crate::common;

use common::run;
use retrolab::games::river::{River, RiverBoard};
use retrolab::{Game, Solver};

/// The answers of `retrolab river` to `input`, which it must accept.
fn answers(input: &str) -> String {
    let out = run(&["river"], input.as_bytes());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn assert_refused(input: &str, expected: &str) {
    assert_refused_bytes(input.as_bytes(), expected);
}

/// `expected` is the whole message after `retrolab river: `, starting `line N: `.
fn assert_refused_bytes(input: &[u8], expected: &str) {
    let (line, words) = expected
        .strip_prefix("line ")
        .and_then(|rest| rest.split_once(": "))
        .expect("line N: words");
    common::assert_refused("river", input, line.parse().unwrap(), words);
}

#[test]
fn answers_the_sample_byte_for_byte() {
    let input = include_bytes!("../cases/river/sample1.in");
    let out = run(&["river"], input);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        include_str!("../cases/river/sample1.ans")
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn accepts_crlf_and_blank_lines_between_boards() {
    let out = run(
        &["river"],
        b"0 2\r\n3 3\r\n#.#\r\nO.O\r\n.X.\r\n\r\n3 3\r\nO..\r\n.#X\r\n.O.\r\n\r\n",
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Black 2\nBlack 2\n");
}

#[test]
fn solves_a_16_by_16_board() {
    let mut input = String::from("0 1\n16 16\n");
    for row in 0..16 {
        let mut line = vec!['.'; 16];
        match row {
            0 => line[0] = 'O',
            8 => line[8] = 'O',
            15 => line[3] = 'X',
            _ => {}
        }
        input.extend(line);
        input.push('\n');
    }
    let answer = answers(&input);
    assert!(
        answer == "Tie\n" || answer.starts_with("Red ") || answer.starts_with("Black "),
        "{answer}"
    );
}

#[test]
fn answers_24_by_24_boards_as_the_whole_table_does() {
    // An open 24×24 board would take seconds; walls leave corridors, a room and a pocket
    // on the right (black there, in row 11, is a tie: the rows below are never solved).
    let mut input = String::from("0 3\n");
    let mut expected = String::new();
    for black in [(22, 3), (18, 1), (10, 22)] {
        let mut rows = vec![vec!['.'; 24]; 24];
        for (row, cells) in rows.iter_mut().enumerate() {
            for (col, cell) in cells.iter_mut().enumerate() {
                if (row % 4 == 1 && col > 1) || (row < 16 && col > 5 && col < 22) {
                    *cell = '#';
                }
            }
        }
        rows[0][0] = 'O';
        rows[23][23] = 'O';
        rows[black.0][black.1] = 'X';
        let text: String = rows
            .iter()
            .map(|r| r.iter().collect::<String>() + "\n")
            .collect();
        let board: RiverBoard = text.parse().unwrap();
        let mut whole = Solver::new(River::new(board));
        whole.solve().unwrap();
        expected +=
            &retrolab::games::river::contest::answer(whole.outcome(whole.game().start()).unwrap());
        expected.push('\n');
        input += &format!("24 24\n{text}");
    }
    let distinct: std::collections::HashSet<&str> = expected.lines().collect();
    assert_eq!(
        distinct.len(),
        3,
        "three boards, three different answers: {expected}"
    );
    assert_eq!(answers(&input), expected);
}

#[test]
fn malformed_headers() {
    assert_refused(
        "",
        "line 1: expected the header line `id T`, found the end of the input",
    );
    assert_refused("x 1\n", "line 1: id must be an integer");
    assert_refused("0\n", "line 1: expected 2 numbers (id T), found too few");
    assert_refused("0 1 2\n", "line 1: expected 2 numbers (id T), found more");
    assert_refused(
        "0 0\n",
        "line 1: T must be between 1 and 4294967295, found 0",
    );
    assert_refused("0 -3\n", "line 1: T must be between 1 and");
    assert_refused(
        "-1 1\n",
        "line 1: id must be between 0 and 4294967295, found -1",
    );
    assert_refused("0 99999999999999999999999\n", "line 1: T must be between");
}

#[test]
fn malformed_sizes() {
    assert_refused(
        "0 1\n3\n",
        "line 2: expected 2 numbers (n m), found too few",
    );
    assert_refused("0 1\n3 x\n", "line 2: m must be an integer, found \"x\"");
    assert_refused("0 1\n0 5\n", "line 2: n must be between 1 and 576, found 0");
    assert_refused("0 1\n3 3.5\n", "line 2: m must be an integer");
    assert_refused(
        "0 1\n18446744073709551617 2\n",
        "line 2: n must be between 1 and 576",
    );
    assert_refused(
        "0 1\n1 3\nOXO\n",
        "line 2: board 1: the board needs at least 2 rows",
    );
}

#[test]
fn boards_over_the_limit_are_refused_before_their_rows_are_read() {
    assert_refused("0 1\n25 24\n", "line 2: board 1 is 25×24 = 600 cells; retrolab solves river boards of at most 576 cells (24×24)");
    assert_refused("0 1\n256 256\n", "line 2: board 1 is 256×256 = 65536 cells");
    assert_refused("0 1\n300 2\n", "line 2: board 1 is 300×2 = 600 cells");
    assert_refused(
        "0 1\n600 2\n",
        "line 2: n must be between 1 and 576, found 600",
    );
}

#[test]
fn short_long_and_missing_rows() {
    assert_refused(
        "0 1\n3 3\n#.#\nO.\n.X.\n",
        "line 4: row 2 of board 1 has 2 cells, expected m = 3",
    );
    assert_refused(
        "0 1\n3 3\n#.#\nO.OO\n.X.\n",
        "line 4: row 2 of board 1 has 4 cells, expected m = 3",
    );
    assert_refused(
        "0 1\n3 3\n#.#\nO.O\n",
        "line 5: expected row 3 of board 1, found the end of the input",
    );
    assert_refused(
        "0 2\n3 3\n#.#\nO.O\n.X.\n",
        "line 6: expected the size line `n m` of board 2, found the end of the input",
    );
    assert_refused(
        "0 1\n3 3\n#.#\nO.O\n.X.\n....\n",
        "line 6: unexpected text after the last board (T = 1)",
    );
}

#[test]
fn unknown_characters() {
    assert_refused(
        "0 1\n3 3\n#.#\nO.O\n.Y.\n",
        "line 5: board 1: row 3, column 2: unknown character 'Y' (expected one of . # O X)",
    );
    assert_refused(
        "0 1\n3 3\n#.#\nO\tO\n.X.\n",
        "line 4: board 1: row 2, column 2: unknown character '\\t'",
    );
    assert_refused(
        "0 1\n3 3\n#.#\nOéO\n.X.\n",
        "line 4: board 1: row 2, column 2: unknown character 'é'",
    );
}

#[test]
fn wrong_piece_counts() {
    assert_refused(
        "0 1\n3 3\n#.#\nO..\n.X.\n",
        "line 2: board 1: the board has 1 red piece (O), it needs exactly 2",
    );
    assert_refused(
        "0 1\n3 3\n#O#\nO.O\n.X.\n",
        "line 2: board 1: the board has 3 red pieces (O), it needs exactly 2",
    );
    assert_refused(
        "0 1\n3 3\n#.#\nO.O\n...\n",
        "line 2: board 1: the board has 0 black pieces (X), it needs exactly 1",
    );
    assert_refused(
        "0 1\n3 3\n#.#\nOXO\n.X.\n",
        "line 2: board 1: the board has 2 black pieces (X), it needs exactly 1",
    );
}

#[test]
fn black_on_the_first_row() {
    assert_refused(
        "0 1\n3 3\n#X#\nO.O\n...\n",
        "line 3: board 1: row 1, column 2: the black piece (X) may not start in the top row",
    );
}

#[test]
fn truncated_and_non_utf8_input() {
    assert_refused(
        "0 1\n3 3\n#.#",
        "line 4: expected row 2 of board 1, found the end of the input",
    );
    assert_refused_bytes(
        b"0 1\n3 3\n#.#\nO\xffO\n.X.\n",
        "line 4: input is not valid UTF-8 text",
    );
}

#[test]
fn a_huge_board_count_is_not_preallocated() {
    assert_refused(
        "0 4294967295\n3 3\n#.#\nO.O\n.X.\n",
        "line 6: expected the size line `n m` of board 2",
    );
}

#[test]
fn usage_errors() {
    let out = run(&["nosuchgame"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game \"nosuchgame\""));
    let out = run(&[], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "retrolab: missing the game; usage: retrolab <river|chase|tableau> [--verify] < input, \
         retrolab custom --rules FILE [--verify] < input, or retrolab rules <PRESET>   \
         (retrolab --help for the formats)\n"
    );
    let out = run(&["--help"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("river") && help.contains("Red N"), "{help}");
}

#[test]
fn an_unknown_game_is_refused_without_waiting_for_input() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_retrolab"))
        .arg("checkers")
        .stdin(Stdio::piped()) // kept open: the CLI must not wait for it
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let begin = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if begin.elapsed() > Duration::from_secs(5) {
            child.kill().unwrap();
            panic!("retrolab waited for input before refusing an unknown game");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game \"checkers\""));
}
