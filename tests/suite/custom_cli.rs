//! `retrolab custom` and `retrolab rules` (RULES §6): the river and chase vectors through
//! the presets, every rules file of the repository verified on its board, and bad rules
//! files and boards refused with one line naming the line at fault and exit code 2.

use crate::common;

use std::path::{Path, PathBuf};

use common::run;
use retrolab::games::custom::{contest, CustomBoard, PRESETS};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The rules file of preset `name`.
fn rules_file(name: &str) -> String {
    root()
        .join("rules")
        .join(format!("{name}.toml"))
        .display()
        .to_string()
}

/// The answers of `retrolab <args>` to `input`, which it must accept.
fn answers(args: &[&str], input: &[u8]) -> String {
    let out = run(args, input);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn river_vectors_answer_byte_for_byte_as_retrolab_river() {
    let rules = rules_file("river-pawn");
    let inputs = common::case_inputs("river");
    assert!(inputs.len() >= 13, "only {} vector files", inputs.len());
    for path in inputs {
        let input = std::fs::read(&path).unwrap();
        let composed = answers(&["custom", "--rules", &rules], &input);
        assert_eq!(composed, answers(&["river"], &input), "{}", path.display());
        let expected = std::fs::read_to_string(path.with_extension("ans")).unwrap();
        assert_eq!(composed, expected, "{}", path.display());
    }
}

#[test]
fn chase_vectors_drawn_as_boards_answer_as_retrolab_chase() {
    let dir = root().join("tests/cases/chase");
    let queries = std::fs::read_to_string(dir.join("cases.in")).unwrap();
    let expected = std::fs::read_to_string(dir.join("cases.ans")).unwrap();
    let lines: Vec<&str> = queries.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut input = format!("0 {}\n", lines.len());
    for line in &lines {
        let f: Vec<usize> = line
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let n = f[0];
        let mut rows = vec![vec!['.'; n]; n];
        rows[f[1] - 1][f[2] - 1] = 'W';
        rows[f[3] - 1][f[4] - 1] = 'B';
        input += &format!("{n} {n}\n");
        for row in rows {
            input.extend(row);
            input.push('\n');
        }
    }
    let composed = answers(
        &["custom", "--rules", &rules_file("chase")],
        input.as_bytes(),
    );
    assert_eq!(composed.lines().count(), 301);
    assert_eq!(composed, expected);
}

#[test]
fn rules_prints_each_preset_and_every_rules_file_is_one() {
    for preset in PRESETS {
        let printed = answers(&["rules", preset.name], b"");
        assert_eq!(printed, preset.text, "{}", preset.name);
        let file = std::fs::read_to_string(rules_file(preset.name)).unwrap();
        assert_eq!(printed, file, "{}", preset.name);
    }
    let mut files: Vec<String> = std::fs::read_dir(root().join("rules"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut names: Vec<String> = PRESETS.iter().map(|p| format!("{}.toml", p.name)).collect();
    names.sort();
    assert_eq!(files, names, "every rules file is a preset");
    let out = run(&["rules", "go"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "retrolab rules: unknown preset \"go\" (river-pawn, chase, fox-and-hounds or knights)\n"
    );
}

#[test]
fn every_rules_file_passes_verify_on_its_board() {
    for preset in PRESETS {
        let rules = preset.rules();
        let board = CustomBoard::parse(&rules, rules.board.as_deref().unwrap()).unwrap();
        let input = contest::write(&rules, &board);
        let file = rules_file(preset.name);
        let checked = answers(&["custom", "--rules", &file, "--verify"], input.as_bytes());
        assert_eq!(
            checked,
            answers(&["custom", "--rules", &file], input.as_bytes()),
            "{}",
            preset.name
        );
        if preset.name == "fox-and-hounds" {
            // The fox moves first from the standard start; with best play the hounds win.
            assert!(checked.starts_with("Hounds "), "{checked}");
        }
    }
}

#[test]
fn a_chase_query_drawn_as_a_board_answers_as_retrolab_chase() {
    // The chase query `4 2 2 3 4`, drawn.
    let chase = answers(&["chase"], b"4 2 2 3 4\n");
    let input = "0 1\n4 4\n....\n.W..\n...B\n....\n";
    let file = rules_file("chase");
    assert_eq!(
        answers(&["custom", "--rules", &file], input.as_bytes()),
        chase
    );
}

// --- bad rules files ------------------------------------------------------------------

/// The smallest rules: lines 1 (name), 2–4 (side A), 5–7 (side B).
const BASE: &str = "name = \"G\"\n[[side]]\nname = \"A\"\nletter = \"a\"\n[[side]]\nname = \"B\"\nletter = \"b\"\n";

/// `BASE` with `lines` added after its line 4 (side A's letter): they are lines 5 on.
fn side_a(lines: &str) -> String {
    BASE.replacen("letter = \"a\"\n", &format!("letter = \"a\"\n{lines}\n"), 1)
}

/// `BASE` with `lines` added after its line 1: they are lines 2 on.
fn top(lines: &str) -> String {
    BASE.replacen("name = \"G\"\n", &format!("name = \"G\"\n{lines}\n"), 1)
}

/// Writes `text` to a rules file of its own (named after `case`) and returns its path.
fn write_rules(case: usize, text: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("retrolab-rules-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{case:02}.toml"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn every_bad_rules_file_gets_one_line_naming_its_line_and_exit_code_2() {
    // 32×32 with four pieces a side: C(1024, 4)² · 2 positions, more than a u64 holds.
    let board_32 = format!(
        "board = \"\"\"\naaaa{}bbbb\n{}\"\"\"",
        ".".repeat(24),
        format!("{}\n", ".".repeat(32)).repeat(31)
    );
    let four_each = side_a("pieces = 4").replace("letter = \"b\"", "letter = \"b\"\npieces = 4");
    let cases: Vec<(String, usize, &str)> = vec![
        ("name = \"G\n".into(), 1, "name: must be 1 to 60 characters in quotes, found \"G (the closing quote is missing)"),
        ("name = \"G\"\nname = \"H\"\n".into(), 2, "name: duplicate key"),
        ("".into(), 1, "side: the rules need exactly 2 [[side]] tables, found 0"),
        (top("speed = 3"), 2, "unknown field `speed`"),
        (side_a("bogus = 1"), 5, "side 1, bogus: unknown field `bogus`"),
        (side_a("pieces = \"two\""), 5, "side 1, pieces: invalid type: string \"two\", expected a whole number"),
        (side_a("pieces = 0"), 5, "side 1, pieces: must be between 1 and 4, found 0"),
        (side_a("pieces = 5"), 5, "side 1, pieces: must be between 1 and 4, found 5"),
        (BASE.replace("letter = \"a\"", "letter = \"aa\""), 4, "side 1, letter: invalid value: string \"aa\", expected one character"),
        (BASE.replace("letter = \"a\"", "letter = \".\""), 4, "side 1, letter: may not be '.'"),
        (BASE.replace("letter = \"a\"", "letter = \"#\""), 4, "side 1, letter: may not be '#'"),
        (BASE.replace("letter = \"a\"", "letter = \" \""), 4, "side 1, letter: may not be ' '"),
        (BASE.replace("letter = \"b\"", "letter = \"a\""), 7, "side 2, letter: both sides use the letter 'a'"),
        (BASE.replace("name = \"B\"", "name = \"a\""), 6, "side 2, name: both sides are named \"a\""),
        (BASE.replace("name = \"B\"", "name = \"tie\""), 6, "side 2, name: a side may not be named \"Tie\""),
        (BASE.replace("name = \"A\"", "name = \"\""), 3, "side 1, name: must be 1 to 24 characters"),
        (BASE.replace("name = \"A\"", &format!("name = \"{}\"", "A".repeat(25))), 3, "side 1, name: must be 1 to 24 characters"),
        (BASE.replace("name = \"A\"", "name = \" A\""), 3, "side 1, name: must be 1 to 24 characters"),
        (BASE.replace("name = \"G\"", "name = \"\""), 1, "name: must be 1 to 60 characters"),
        (top("first = \"C\""), 2, "first: must name a side (\"A\" or \"B\"), found \"C\""),
        (top("first = 1"), 2, "first: invalid type: integer `1`, expected a string"),
        (top("stuck = \"maybe\""), 2, "stuck: unknown variant `maybe`, expected one of `loses`, `wins`, `draws`"),
        (side_a("moves = \"orthogonal\""), 5, "side 1, moves: invalid type: string \"orthogonal\", expected a list"),
        (side_a("moves = [\"diag\"]"), 5, "side 1, moves: unknown variant `diag`"),
        (side_a("moves = []"), 5, "side 1, moves: must list at least one of"),
        (side_a("moves = [\"knight\", \"knight\"]"), 5, "side 1, moves: lists \"knight\" twice"),
        (side_a("distance = 0"), 5, "side 1, distance: must be between 1 and 64, found 0"),
        (side_a("distance = 65"), 5, "side 1, distance: must be between 1 and 64, found 65"),
        (side_a("distance = 1.5"), 5, "side 1, distance: invalid type: floating point `1.5`, expected a whole number"),
        (side_a("jump = true"), 5, "side 1, jump: true needs a distance of 2 or more"),
        (side_a("jump = \"yes\""), 5, "side 1, jump: invalid type: string \"yes\", expected true or false"),
        (side_a("moves = [\"knight\"]\ndistance = 2"), 6, "side 1, distance: applies to orthogonal and diagonal moves"),
        (side_a("never = [\"north\"]"), 5, "side 1, never: unknown variant `north`"),
        (side_a("never = [\"up\", \"up\"]"), 5, "side 1, never: lists \"up\" twice"),
        (side_a("never = [\"up\", \"down\", \"left\", \"right\"]"), 5, "side 1, never: this side could never move"),
        (side_a("pieces = 4\nmoves = [\"orthogonal\", \"diagonal\"]\ndistance = 3"), 5, "side 1, pieces: 4 pieces × 24 moves each = 96 ways back into a position, more than the 64 the engine allows"),
        (side_a("pieces = 4\nmoves = [\"knight\", \"orthogonal\"]\ncapture = \"removes\""), 5, "side 1, pieces: 4 pieces × 12 moves each × 2 (a capture may have removed a piece) = 96 ways back"),
        (side_a("capture = \"eats\""), 5, "side 1, capture: unknown variant `eats`, expected one of `none`, `wins`, `removes`"),
        (side_a("goal = \"left\""), 5, "side 1, goal: unknown variant `left`, expected one of `none`, `top`, `bottom`"),
        (side_a("colour = \"red\""), 5, "side 1, colour: must be written #rrggbb"),
        ("name = \"G\"\n[[side]]\nname = \"A\"\nletter = \"a\"\n".into(), 2, "side: the rules need exactly 2 [[side]] tables, found 1"),
        (format!("{BASE}[[side]]\nname = \"C\"\nletter = \"c\"\n"), 2, "side: the rules need exactly 2 [[side]] tables, found 3"),
        ("name = \"G\"\n[side]\nname = \"A\"\n".into(), 2, "side: invalid type: map, expected a list"),
        ("name = \"G\"\nside = [1, 2]\n".into(), 2, "side: invalid type: integer `1`, expected a table of a side's rules"),
        (BASE.replace("name = \"A\"\n", ""), 2, "side 1: missing field `name`"),
        (top("board = 5"), 2, "board: invalid type: integer `5`, expected a string"),
        (top("board = \"\"\"\nab\na.\n\"\"\""), 2, "board: the board has 2 pieces of A (a), it needs exactly 1"),
        (top("board = \"\"\"\nab\n.z\n\"\"\""), 4, "board: row 2, column 2: unknown character 'z'"),
        (top("board = \"\"\"\nab\n...\n\"\"\""), 4, "board: row 2 has 3 cells, expected 2"),
        (top("board = \"\"\"\n.b\na.\n\"\"\"").replace("letter = \"a\"", "letter = \"a\"\ngoal = \"bottom\""), 4, "board: row 2, column 1: A's piece (a) may not start on its goal row"),
        (four_each.replacen("name = \"G\"\n", &format!("name = \"G\"\n{board_32}\n"), 1), 2, "board: the board needs more than 18446744073709 MB to answer its start"),
    ];
    assert!(cases.len() >= 30, "{} cases", cases.len());
    for (case, (text, line, words)) in cases.iter().enumerate() {
        let path = write_rules(case, text.as_bytes());
        let file = path.display().to_string();
        common::assert_refused_with(
            &["custom", "--rules", &file],
            b"0 1\n1 2\nab\n",
            *line,
            words,
        );
        let out = run(&["custom", "--rules", &file], b"");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(&format!("retrolab custom: {file}: line {line}: ")),
            "case {case}: {stderr}"
        );
    }
    // Not text, too large, missing.
    let path = write_rules(90, b"name = \"G\"\n\xff\n");
    let file = path.display().to_string();
    common::assert_refused_with(&["custom", "--rules", &file], b"", 2, "not valid UTF-8");
    let path = write_rules(91, format!("# {}\n", "x".repeat(70_000)).as_bytes());
    let file = path.display().to_string();
    common::assert_refused_with(
        &["custom", "--rules", &file],
        b"",
        1,
        "larger than 65536 bytes",
    );
    let out = run(&["custom", "--rules", "no/such/file.toml"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .starts_with("retrolab custom: no/such/file.toml: cannot read the rules file"));
}

// --- bad boards -----------------------------------------------------------------------

#[test]
fn bad_boards_are_refused_naming_their_line() {
    let file = rules_file("river-pawn");
    let args = ["custom", "--rules", file.as_str()];
    for (input, line, words) in [
        ("0 1\n3 3\n#.#\nO.Z\n.X.\n", 4, "board 1: row 2, column 3: unknown character 'Z' (expected one of . # O X)"),
        ("0 1\n3 3\n#.#\nO..\n.X.\n", 2, "board 1: the board has 1 piece of Red (O), it needs exactly 2"),
        ("0 1\n3 3\n#X#\nO.O\n...\n", 3, "board 1: row 1, column 2: Black's piece (X) may not start on its goal row"),
        ("0 1\n3 3\n#.#\nO.O\n.X\n", 5, "row 3 of board 1 has 2 cells, expected m = 3"),
        ("0 1\n33 32\n", 2, "board 1 is 33×32 = 1056 cells; retrolab solves composed boards of at most 1024 cells (32×32)"),
        ("0 2\n3 3\n#.#\nO.O\n.X.\n", 6, "expected the size line `n m` of board 2"),
    ] {
        common::assert_refused_with(&args, input.as_bytes(), line, words);
    }
    // A 32×32 open board: river pawn has 1024² · 1023 positions from its start.
    let mut input = String::from("0 1\n32 32\n");
    for row in 0..32 {
        let mut cells = vec!['.'; 32];
        if row == 0 {
            cells[0] = 'O';
            cells[1] = 'O';
        }
        if row == 31 {
            cells[0] = 'X';
        }
        input.extend(cells);
        input.push('\n');
    }
    common::assert_refused_with(
        &args,
        input.as_bytes(),
        2,
        // Tiers by black's row of 32 · 1024 · 1023 positions: to answer, two rows' records
        // of 2 bytes, two queues of 4 bytes and arrivals of 4 bytes per position of a row;
        // the whole table, 2 bytes for each of its 1 072 693 248 positions instead.
        "board 1: the board needs 537 MB to answer its start and 2548 MB for its \
         whole table; retrolab solves composed boards needing at most 1908 MB and 1908 MB \
         (what the open 24×24 river board needs, composed)",
    );
}

// --- each fault named by its own line and field ---------------------------------------

/// The one stderr line of `retrolab <args>`, which must refuse `input` with exit code 2
/// and print nothing on stdout.
fn refusal(args: &[&str], input: &[u8]) -> String {
    let out = run(args, input);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}: no answers");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    stderr
}

/// Refuses each rules file of `cases` (written to files numbered from `first`, apart from
/// other tests' files) with its one line: every case found and expected, so that one run
/// shows each that differs.
fn assert_refusals(first: usize, cases: &[(String, String)]) {
    let mut differ = Vec::new();
    for (case, (text, line)) in cases.iter().enumerate() {
        let path = write_rules(first + case, text.as_bytes());
        let file = path.display().to_string();
        let found = refusal(&["custom", "--rules", &file], b"0 1\n1 2\nab\n");
        let expected = format!("retrolab custom: {file}: {line}\n");
        if found != expected {
            differ.push(format!(
                "case {case}\n  found:    {found}  expected: {expected}"
            ));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn each_rules_fault_names_its_own_line_and_field_in_plain_words() {
    let deep_key = vec!["a"; 100].join(".");
    let deep_list = format!("{}1{}", "[".repeat(100), "]".repeat(100));
    // A key is quoted as written, shortened to 40 characters.
    let too_deep =
        "too many dotted parts for one key; the rules file's keys are single words such as pieces";
    let letter = |c: char, code: &str| {
        format!(
            "line 4: side 1, letter: may not be {c:?} (U+{code}): a letter is one visible \
             character (not a space, a control, zero-width or format character, or a combining \
             mark), other than '.' (an empty cell) and '#' (an obstacle)"
        )
    };
    let cases: Vec<(String, String)> = vec![
        // No [[side]] at all: the sides are missing, not the key on line 1.
        ("name = \"G\"\n".into(), "line 1: side: the rules need exactly 2 [[side]] tables, found 0".into()),
        ("stuck = \"wins\"\n".into(), "line 1: side: the rules need exactly 2 [[side]] tables, found 0".into()),
        // The TOML parser's words, mapped to the field and what it allows.
        (side_a("pieces = 0_2"), "line 5: side 1, pieces: must be between 1 and 4, found 0_2 (a number may not start with 0)".into()),
        (side_a("pieces = 18446744073709551617"), "line 5: side 1, pieces: must be between 1 and 4, found 18446744073709551617".into()),
        (side_a("pieces = 1e308"), "line 5: side 1, pieces: invalid type: floating point `1e308`, expected a whole number".into()),
        (side_a(&format!("pieces = {deep_list}")), format!("line 5: side 1, pieces: must be between 1 and 4, found {}… (lists or tables nested too deep)", "[".repeat(40))),
        (side_a(&format!("{deep_key} = 1")), format!("line 5: {}…: {too_deep}", &deep_key[..40])),
        (top(&format!("[{deep_key}]")), format!("line 2: [{}…: {too_deep}", &deep_key[..39])),
        // Invisible letters.
        (BASE.replace("letter = \"a\"", "letter = \"\\u200b\""), letter('\u{200b}', "200B")),
        (BASE.replace("letter = \"a\"", "letter = \"\\u0301\""), letter('\u{301}', "0301")),
        // A range too large for one cell, on the line of the key that makes it so.
        (side_a("distance = 64"), "line 5: side 1, distance: 1 piece × 256 moves each = 256 ways back into a position, more than the 64 the engine allows: use fewer directions or a shorter distance".into()),
    ];
    assert_refusals(200, &cases);
}

/// BASE with side A's letter written `value`: line 4.
fn letter(value: &str) -> String {
    BASE.replacen("letter = \"a\"", &format!("letter = {value}"), 1)
}

#[test]
fn the_parser_s_and_serde_s_faults_read_as_they_always_did() {
    // Each line as the CLI printed it before these faults had codes of their own
    // (recorded from that binary): the page words them in its language now, and the
    // command line must keep its English byte for byte.
    let cases: Vec<(String, String)> = vec![
        // wrong types: what serde found
        (side_a("pieces = \"x\""), "line 5: side 1, pieces: invalid type: string \"x\", expected a whole number".to_string()),
        (side_a("pieces = true"), "line 5: side 1, pieces: invalid type: boolean `true`, expected a whole number".to_string()),
        (side_a("pieces = 1.5"), "line 5: side 1, pieces: invalid type: floating point `1.5`, expected a whole number".to_string()),
        (side_a("pieces = inf"), "line 5: side 1, pieces: invalid type: floating point `inf`, expected a whole number".to_string()),
        (side_a("pieces = [1]"), "line 5: side 1, pieces: invalid type: sequence, expected a whole number".to_string()),
        (side_a("pieces = {a = 1}"), "line 5: side 1, pieces: invalid type: map, expected a whole number".to_string()),
        (side_a("pieces = 1979-05-27"), "line 5: side 1, pieces: invalid type: map, expected a whole number".to_string()),
        (side_a(&format!("pieces = \"{}\"", "x".repeat(50))), format!("line 5: side 1, pieces: invalid type: string \"{}…\", expected a whole number", "x".repeat(40))),
        // wrong types: what the field expects
        (side_a("distance = \"2\""), "line 5: side 1, distance: invalid type: string \"2\", expected a whole number".to_string()),
        (side_a("jump = 1"), "line 5: side 1, jump: invalid type: integer `1`, expected true or false".to_string()),
        (side_a("jump = \"true\""), "line 5: side 1, jump: invalid type: string \"true\", expected true or false".to_string()),
        (letter("5"), "line 4: side 1, letter: invalid type: integer `5`, expected one character".to_string()),
        (letter("[\"a\"]"), "line 4: side 1, letter: invalid type: sequence, expected one character".to_string()),
        (top("first = true"), "line 2: first: invalid type: boolean `true`, expected a string".to_string()),
        (top("board = [\"..\"]"), "line 2: board: invalid type: sequence, expected a string".to_string()),
        (side_a("moves = 1"), "line 5: side 1, moves: invalid type: integer `1`, expected a list like [\"a\", \"b\"]".to_string()),
        (side_a("never = \"up\""), "line 5: side 1, never: invalid type: string \"up\", expected a list like [\"a\", \"b\"]".to_string()),
        ("name = \"G\"\nside = \"x\"\n".into(), "line 2: side: invalid type: string \"x\", expected a list like [\"a\", \"b\"]".to_string()),
        ("name = \"G\"\nside = [1, 2]\n".into(), "line 2: side: invalid type: integer `1`, expected a table of a side's rules".to_string()),
        ("name = \"G\"\n[side]\nname = \"A\"\n".into(), "line 2: side: invalid type: map, expected a list like [\"a\", \"b\"]".to_string()),
        (top("stuck = 1"), "line 2: stuck: wanted string or table".to_string()),
        (side_a("capture = true"), "line 5: side 1, capture: wanted string or table".to_string()),
        (side_a("moves = [1]"), "line 5: side 1, moves: wanted string or table".to_string()),
        (side_a("never = [[\"up\"]]"), "line 5: side 1, never: wanted string or table".to_string()),
        // wrong values and lengths
        (letter("\"aa\""), "line 4: side 1, letter: invalid value: string \"aa\", expected one character".to_string()),
        (letter("\"\""), "line 4: side 1, letter: invalid value: string \"\", expected one character".to_string()),
        ("name = \"G\"\nside = [[], []]\n".into(), "line 2: side: invalid length 0, expected a table of a side's rules with 11 elements".to_string()),
        ("name = \"G\"\nside = [[\"A\", \"a\"], [\"B\", \"b\"]]\n".into(), "line 2: side: invalid length 2, expected a table of a side's rules with 11 elements".to_string()),
        // syntax
        (top("first = \"A"), "line 2: first: must be a side's name in quotes, found \"A (the closing quote is missing)".to_string()),
        (side_a("name = \"A"), "line 5: side 1, name: the closing quote is missing".to_string()),
        (top("first = 'A"), "line 2: first: must be a side's name in quotes, found 'A (the closing quote is missing)".to_string()),
        (top("first = \"A\nB\""), "line 3: key with no value, expected `=`".to_string()),
        (side_a("win = \"A\n\""), "line 6: key with no value, expected `=`".to_string()),
        (top("first \"A\""), "line 2: key with no value, expected `=`".to_string()),
        (side_a("pieces 2"), "line 5: key with no value, expected `=`".to_string()),
        (top("first"), "line 2: first: key with no value, expected `=`".to_string()),
        (top("first ＝ \"A\""), "line 2: key with no value, expected `=`".to_string()),
        (top("first =\n\"A\""), "line 3: key with no value, expected `=`".to_string()),
        (top("[[side]"), "line 2: side 1: unclosed array table, expected `]`".to_string()),
        (top("[[side"), "line 2: side 1: unclosed array table, expected `]]`".to_string()),
        (top("[side"), "line 2: side: must be [[side]] tables, found [side (unclosed table, expected `]`)".to_string()),
        (top("[ side ]]"), "line 2: side: must be [[side]] tables, found [ side ] (unexpected key or value, expected newline, `#`)".to_string()),
        (top("first = A"), "line 2: first: must be a side's name in quotes, found A".to_string()),
        (side_a("capture = wins"), "line 5: side 1, capture: must be \"none\", \"wins\" or \"removes\", found wins".to_string()),
        (side_a("jump = yes"), "line 5: side 1, jump: must be true or false, found yes".to_string()),
        (side_a("moves = [orthogonal]"), "line 5: side 1, moves: must be a list of \"orthogonal\", \"diagonal\" and \"knight\", found [orthogonal]".to_string()),
        (top("bogus = A"), "line 2: bogus: found A (text is written in quotes)".to_string()),
        (format!("{BASE}[x]\n[x]\n"), "line 9: x: found [x] (duplicate key)".to_string()),
        (format!("stuck = \"loses\"\n[stuck]\n{BASE}"), "line 2: stuck: must be \"loses\", \"wins\" or \"draws\", found [stuck] (duplicate key)".to_string()),
        (top("first = \"A\" x"), "line 2: first: unexpected key or value, expected newline, `#`".to_string()),
        (top("first = \"A\"x"), "line 2: first: must be a side's name in quotes, found \"A\" (unexpected key or value, expected newline, `#`)".to_string()),
        (top("first = \"A\","), "line 2: first: must be a side's name in quotes, found \"A\" (unexpected key or value, expected newline, `#`)".to_string()),
        (top("@"), "line 2: key with no value, expected `=`".to_string()),
        (top("first == \"A\""), "line 2: first: extra `=`".to_string()),
        (top("= \"x\""), "line 2: : unquoted keys cannot be empty, expected letters, numbers, `-`, `_`".to_string()),
        (top("[]"), "line 2: : found [] (unquoted keys cannot be empty, expected letters, numbers, `-`, `_`)".to_string()),
        (side_a("pieces = 2;"), "line 5: side 1, pieces: must be between 1 and 4, found 2;".to_string()),
        (side_a("moves = [\"orthogonal\" \"diagonal\"]"), "line 5: side 1, moves: must be a list of \"orthogonal\", \"diagonal\" and \"knight\", found [\"orthogonal\" \"diagonal\"] (a list's items are separated by commas)".to_string()),
        (side_a("moves = [\"orthogonal\","), "line 7: side 1, moves: must be a list of \"orthogonal\", \"diagonal\" and \"knight\", found name = \"B\" (a list's items are separated by commas)".to_string()),
        (side_a("moves = [,]"), "line 5: side 1, moves: must be a list of \"orthogonal\", \"diagonal\" and \"knight\", found [,] (extra comma in array, expected value)".to_string()),
        (top("first = \"\\q\""), "line 2: first: must be a side's name in quotes, found \"\\q\" (missing escaped value, expected `b`, `e`, `f`, `n`, `r`, `\\`, `\"`, `x`, `u`, `U`)".to_string()),
        (top("first = \"\\u12\""), "line 2: first: must be a side's name in quotes, found \"\\u12\" (too few unicode value digits, expected unicode hexadecimal value)".to_string()),
        (side_a("pieces = 1__0"), "line 5: side 1, pieces: must be between 1 and 4, found 1__0 (`_` may only go between digits)".to_string()),
        (side_a("pieces = 2."), "line 5: side 1, pieces: must be between 1 and 4, found 2. (invalid fraction, expected digits)".to_string()),
        (side_a("pieces = 0_2"), "line 5: side 1, pieces: must be between 1 and 4, found 0_2 (a number may not start with 0)".to_string()),
        (top("name.x = 1"), "line 2: cannot extend value of type string with a dotted key".to_string()),
        (side_a("pieces = {a = 1"), "line 6: side 1, pieces: must be between 1 and 4, found [[side]] (missing key for inline table element, expected `,`)".to_string()),
        (top("bogus = True"), "line 2: bogus: found True (invalid boolean, expected `true`)".to_string()),
        (top("bogus = 1.2.3"), "line 2: bogus: found 1.2.3 (invalid float)".to_string()),
    ];
    assert_refusals(100, &cases);
}

#[test]
fn a_rules_file_that_cannot_be_read_is_named_in_one_wording() {
    let dir = std::env::temp_dir();
    let dir = dir.display().to_string();
    let why = std::fs::read(&dir).unwrap_err();
    assert_eq!(
        refusal(&["custom", "--rules", &dir], b""),
        format!("retrolab custom: {dir}: cannot read the rules file: {why}\n")
    );
    let why = std::fs::read("no/such/file.toml").unwrap_err();
    assert_eq!(
        refusal(&["custom", "--rules", "no/such/file.toml"], b""),
        format!("retrolab custom: no/such/file.toml: cannot read the rules file: {why}\n")
    );
}

#[test]
fn the_board_input_s_header_states_the_range_it_takes() {
    let file = write_rules(60, BASE.as_bytes()).display().to_string();
    for t in ["-1", "0", "4294967296"] {
        assert_eq!(
            refusal(&["custom", "--rules", &file], format!("0 {t}\n").as_bytes()),
            format!("retrolab custom: line 1: T must be between 1 and 4294967295, found {t}\n")
        );
    }
}

#[test]
fn a_byte_order_mark_may_start_the_rules_file_and_the_board_input_alike() {
    const BOM: &str = "\u{feff}";
    let plain = write_rules(61, BASE.as_bytes()).display().to_string();
    let marked = write_rules(62, format!("{BOM}{BASE}").as_bytes())
        .display()
        .to_string();
    let input = "0 1\n1 3\na.b\n";
    let expected = answers(&["custom", "--rules", &plain], input.as_bytes());
    for rules in [&plain, &marked] {
        for input in [input.to_string(), format!("{BOM}{input}")] {
            let args = ["custom", "--rules", rules.as_str()];
            assert_eq!(
                answers(&args, input.as_bytes()),
                expected,
                "{rules} {input:?}"
            );
        }
    }
    // Anywhere but at the very start it is a character like any other.
    assert_eq!(
        refusal(
            &["custom", "--rules", &plain],
            format!("0 1\n{BOM}1 3\na.b\n").as_bytes()
        ),
        "retrolab custom: line 2: n must be an integer, found \"\\u{feff}1\"\n"
    );
}
