//! Arbitrary text never makes the contest parsers panic, and every refusal names a line
//! that exists (or the one just after the last, for a truncated input).

use proptest::prelude::*;
use retrolab::contest::ContestError;

/// Text built from the characters the formats use, so inputs get past the first line often,
/// and from white space they refuse.
fn texts() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "0",
        "1",
        "2",
        "3",
        "5",
        "9",
        "10",
        "-1",
        " ",
        " ",
        "\n",
        "\n",
        "\r\n",
        ".",
        "#",
        "O",
        "X",
        "W",
        "B",
        "..",
        "O.",
        ".X",
        "99999999999999999999",
        "\t",
        "\r",
        "\u{a0}",
        "\u{c}",
    ]);
    prop::collection::vec(pieces, 0..60).prop_map(|parts| parts.concat())
}

/// The refusal points at a line of the input, or at the line after its end.
fn names_a_real_line(input: &str, error: &ContestError) -> bool {
    error.line >= 1 && error.line <= input.lines().count() + 1
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn river_input_parses_or_is_refused_with_a_line(input in texts()) {
        if let Err(e) = retrolab::games::river::contest::parse(&input) {
            prop_assert!(names_a_real_line(&input, &e), "{e} for {input:?}");
        }
    }

    #[test]
    fn chase_input_parses_or_is_refused_with_a_line(input in texts()) {
        if let Err(e) = retrolab::games::chase::contest::parse(&input) {
            prop_assert!(names_a_real_line(&input, &e), "{e} for {input:?}");
        }
    }

    #[test]
    fn tableau_input_parses_or_is_refused_with_a_line(input in texts()) {
        if let Err(e) = retrolab::games::tableau::contest::parse(&input) {
            prop_assert!(names_a_real_line(&input, &e), "{e} for {input:?}");
        }
    }

    #[test]
    fn river_boards_with_valid_headers_parse_or_are_refused(rows in prop::collection::vec("[.#OX]{1,5}", 1..6)) {
        let input = format!("0 1\n{} {}\n{}\n", rows.len(), rows[0].len(), rows.join("\n"));
        match retrolab::games::river::contest::parse(&input) {
            Ok(boards) => prop_assert_eq!(boards.len(), 1),
            Err(e) => prop_assert!(names_a_real_line(&input, &e), "{e} for {input:?}"),
        }
    }
}
