//! The games, one folder each — its board, its rules, its board view, its contest format
//! and its [`Kind`] — and [`GameKind`], the list of them: the one place that names every
//! game. The layers above (the analysis, the batch, the command line, the page) reach a
//! game through the list and the trait, never by its name.
//!
//! # Adding a game
//!
//! `examples/take_away.rs` is a whole game in one file to start from: its rules as a
//! [`Game`](crate::Game), solved, queried and checked. A game of the list adds, in its
//! folder, the traits below; one line in the list below (`Variant => folder::Kind`); the
//! page's descriptor (`www/games/<game>.js`) and its section of docs/RULES.md. Nothing else
//! names a game. Each trait method is REQUIRED, or OPTIONAL with a default that does what
//! is said in brackets (GamesmanOne's solver API marks its functions the same way).
//!
//! **[`Game`](crate::Game)** (`rules.rs`, an `unsafe trait`: the solver trusts that parents
//! are positions). REQUIRED: `num_positions`, `start`, `to_move`, `primitive` (over before
//! the side to move moves, and its value), `for_each_move`, `for_each_parent` (the moves
//! backwards). OPTIONAL, quicker ways to what those give: `for_each_child` (the children of
//! `for_each_move`), `move_count` (counts them), `status` (`primitive`, else
//! `move_count`), `for_each_status` (`status` position by position); and tiers, for a game
//! whose moves only leave a tier towards the one solved before it: `tier_ends` (one tier),
//! `for_each_tier_parent` (every parent), `for_each_earlier_tier_move` (none). A scored
//! game implements [`LayeredGame`](crate::LayeredGame) instead: REQUIRED `num_positions`,
//! `num_layers`, `layer`, `start`, `to_move` (by layer), `for_each_move` (with each move's
//! gain); OPTIONAL `for_each_layer` (`layer` position by position).
//!
//! **[`BoardView`](crate::BoardView)** (`view.rs`: what the page and the answers show).
//! REQUIRED: `size`, `pieces` (a position's pieces as cells), `position` (the position of
//! pieces on cells), `side_to_move`, `answer` (the contest's answer line for the start's
//! value), `describe` (a position in words, for `--verify`'s messages). OPTIONAL:
//! `has_movable_pieces` (true), `slice` (the heatmap's positions: each piece moved over
//! every cell, through `pieces` and `position`).
//!
//! **[`Kind`]** (`mod.rs`: the game as the rest of the crate knows it). REQUIRED: `about`
//! (name, summary, help, limits), `contents` (sides, letters, pieces, weights: what the
//! page draws), `parse` (the page's board text), `draw` (a board as the page holds it),
//! `contest_text` (one board's contest input), `build` (the game of every position of a
//! board), `reader` (the contest reader). OPTIONAL: `read` (the drawing's grid text
//! through `parse`), `size` (the drawing's), `answering` (`build`: the game the command
//! line solves for a start), `table_tiers` and `answering_tiers` (none known ahead: the
//! game is built to size it), `shared` (a table of
//! its own), `table` (`board k`), `problems` (as `reader` reads them), `problem` (the
//! first problem of the text).
//!
//! **The contest format** (`contest.rs`). Its reader, REQUIRED: a
//! [`Reader`](crate::contest::Reader) that gives every problem of an input in order, with
//! its board or its fault naming its line, and resumes after a fault where the format
//! allows ([`contest::boards`] reads river's format given a
//! board's reader; [`Lines`](crate::contest::Lines), [`integers`](crate::contest::integers)
//! and the rest name lines and fields). Its writer: `BoardView::answer`, one line per
//! answer. The rest of answering an input — solving each table, the answers in input
//! order, `--verify`, memory refusals, the page's batch view — is the same for every game
//! ([`crate::batch`]).

use std::fmt;
use std::str::FromStr;

use crate::contest::{self, AnswerError, ContestError};
use crate::words::{self, Message, Worded};

pub mod chase;
pub mod custom;
pub mod kind;
pub mod river;
pub mod tableau;

pub use kind::{About, Build, Contents, Drawn, Kind, Limits, Needs, Shared, Side, SlicedBuild};

/// Declares the list of games, one line each: `Variant => folder::Kind`, in the order the
/// page and the command line list them. It makes [`GameKind`] and its `ALL`, the list's
/// [`BoardError`] with a variant per game, [`Listed`] for each kind, and `with_kind!`.
macro_rules! list {
    ($($(#[$doc:meta])* $variant:ident => $folder:ident::$kind:ident,)+) => {
        /// The games retrolab knows, in the order the page and the command line list them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $($(#[$doc])* $variant,)+
        }

        impl GameKind {
            /// Every game, in order.
            pub const ALL: [GameKind; [$(GameKind::$variant),+].len()] =
                [$(GameKind::$variant),+];
        }

        /// Why a board text is not a legal start for a game of the list: that game's own
        /// error ([`Kind::BoardError`]).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum BoardError {
            $(
                #[doc = concat!("A board of [`GameKind::", stringify!($variant), "`].")]
                $variant(<$folder::$kind as Kind>::BoardError),
            )+
        }

        impl Worded for BoardError {
            fn words(&self) -> Message {
                match self {
                    $(BoardError::$variant(e) => e.words(),)+
                }
            }
        }

        $crate::words::english!(BoardError);

        impl std::error::Error for BoardError {
            fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
                match self {
                    $(BoardError::$variant(e) => Some(e),)+
                }
            }
        }

        $(
            impl Listed for $folder::$kind {
                fn board_error(&self, error: Self::BoardError) -> BoardError {
                    BoardError::$variant(error)
                }
            }
        )+

        list!(@dispatch ($) $($variant => $folder::$kind,)+);
    };
    // The dispatch macro, apart: `$d` is a `$` handed down, which the macro it makes needs
    // for variables of its own.
    (@dispatch ($d:tt) $($variant:ident => $folder:ident::$kind:ident,)+) => {
        /// `with_kind!(game, |kind| body)`: `body` with `kind` bound to the [`Kind`] of
        /// `game`, a [`GameKind`] — what is done with any game of the list, done with this
        /// one. The body is compiled once per game, with that game's types (its board, its
        /// reader, what it builds), as a generic function over [`Kind`] would be: a `match`
        /// with one arm per game, each arm the body. ([`Listed::board_error`] turns a
        /// game's board error into the list's.)
        macro_rules! with_kind {
            ($d game:expr, |$d kind:ident| $d body:expr) => {
                match $d game {
                    $(
                        $crate::games::GameKind::$variant => {
                            let $d kind = &$crate::games::$folder::$kind;
                            $d body
                        }
                    )+
                }
            };
        }
        pub(crate) use with_kind;
    };
}

list! {
    /// 过河卒, [`river`].
    River => river::RiverKind,
    /// 棋盘游戏, [`chase`].
    Chase => chase::ChaseKind,
    /// 一双木棋, [`tableau`].
    Tableau => tableau::TableauKind,
}

/// A game of the list: its board errors are the list's too ([`BoardError`]).
pub trait Listed: Kind {
    /// `error`, one of this game's, as one of the list's.
    fn board_error(&self, error: Self::BoardError) -> BoardError;
}

/// What is wrong with a text pasted into the page ([`pasted`]), `E` the game's board error
/// (for the games of the list, theirs: [`BoardError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PasteError<E = BoardError> {
    /// Contest text (an input or one problem) with a fault, naming its line.
    Contest(ContestError),
    /// A board text that is not a legal start.
    Board(E),
    /// The memory to hold the boards of a whole input could not be had.
    Memory(AnswerError),
}

impl<E: Worded> Worded for PasteError<E> {
    fn words(&self) -> Message {
        match self {
            PasteError::Contest(e) => e.words(),
            PasteError::Board(e) => e.words(),
            PasteError::Memory(e) => e.words(),
        }
    }
}

impl<E: Worded> fmt::Display for PasteError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.words().fmt(f)
    }
}

impl<E: fmt::Debug + Worded> std::error::Error for PasteError<E> {}

/// The boards of a text of `kind` pasted into the page, as the page holds boards
/// ([`Kind::draw`]), by the numbers its first two lines start with: both, a whole contest
/// input (a header and a size line, or several problems); the first alone, one problem as
/// an input writes it (river: a size line and its rows; the batch view opens a row of an
/// input so); neither, the page's board text (river and chase: rows of characters; blank
/// lines and the spaces around rows left out).
///
/// # Errors
/// What is wrong with the text: contest text's fault naming its line, or the board's.
pub fn pasted<K: Kind>(kind: &K, text: &str) -> Result<Vec<Drawn>, PasteError<K::BoardError>> {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    let numbers = |row: Option<&&str>| {
        row.and_then(|r| r.chars().next())
            .is_some_and(|c| c.is_ascii_digit() || c == '-')
    };
    match (numbers(rows.first()), numbers(rows.get(1))) {
        (true, true) => {
            let boards = contest::first_fault(kind.problems(text)).map_err(|e| match e {
                AnswerError::Input(e) => PasteError::Contest(e),
                other => PasteError::Memory(other),
            })?;
            Ok(boards.iter().map(|board| kind.draw(board)).collect())
        }
        (true, false) => Ok(vec![
            kind.draw(&kind.problem(text).map_err(PasteError::Contest)?)
        ]),
        (false, _) => {
            let board = kind.parse(&rows.join("\n")).map_err(PasteError::Board)?;
            Ok(vec![kind.draw(&board)])
        }
    }
}

impl GameKind {
    /// What the game says about itself.
    pub fn about(self) -> About {
        with_kind!(self, |kind| kind.about())
    }

    /// The game's name on the command line, in links and in the page.
    pub fn name(self) -> &'static str {
        self.about().name
    }

    /// The contest format in a paragraph, for the CLI's `--help`.
    pub fn help(self) -> &'static str {
        self.about().help.text()
    }

    /// Who plays the game and what its boards hold.
    pub fn contents(self) -> Contents {
        with_kind!(self, |kind| kind.contents())
    }

    /// The boards of a text of the game pasted into the page ([`pasted`]).
    ///
    /// # Errors
    /// What is wrong with the text: contest text's fault naming its line, or the board's.
    pub fn pasted(self, text: &str) -> Result<Vec<Drawn>, PasteError> {
        with_kind!(self, |kind| pasted(kind, text).map_err(|e| match e {
            PasteError::Contest(e) => PasteError::Contest(e),
            PasteError::Board(e) => PasteError::Board(kind.board_error(e)),
            PasteError::Memory(e) => PasteError::Memory(e),
        }))
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is none of [`GameKind::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl Worded for UnknownGame {
    /// `unknown game "checkers" (river, chase or tableau)`.
    fn words(&self) -> Message {
        let names: Vec<&str> = GameKind::ALL.iter().map(|g| g.name()).collect();
        let (last, rest) = names.split_last().expect("there are games");
        Message::new(words::UNKNOWN_GAME)
            .with("name", format!("{:?}", self.0))
            .with("names", rest.join(", "))
            .with("last", *last)
    }
}

crate::words::english!(UnknownGame);

impl std::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(name: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == name)
            .ok_or_else(|| UnknownGame(name.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl GameKind {
        /// Every board of a whole contest input, as the page holds boards.
        fn contest_boards(self, input: &str) -> Result<Vec<Drawn>, AnswerError> {
            with_kind!(self, |kind| {
                let boards = contest::first_fault(kind.problems(input))?;
                Ok(boards.iter().map(|board| kind.draw(board)).collect())
            })
        }

        /// The board of one problem as its input wrote it ([`Kind::problem`]).
        fn problem_board(self, text: &str) -> Result<Drawn, ContestError> {
            with_kind!(self, |kind| Ok(kind.draw(&kind.problem(text)?)))
        }
    }

    #[test]
    fn names_parse_back_and_unknown_names_list_the_games() {
        for game in GameKind::ALL {
            assert_eq!(game.name().parse(), Ok(game));
            assert_eq!(game.to_string(), game.name());
        }
        assert_eq!(
            "River".parse::<GameKind>().unwrap_err().to_string(),
            "unknown game \"River\" (river, chase or tableau)"
        );
    }

    /// `text` of `game` read as its board text ([`Kind::parse`]) and drawn as the page
    /// holds it, or the list's error.
    fn drawn(game: GameKind, text: &str) -> Result<(Drawn, String), BoardError> {
        with_kind!(game, |kind| {
            let board = kind.parse(text).map_err(|e| kind.board_error(e))?;
            Ok((kind.draw(&board), kind.contest_text(&board)))
        })
    }

    /// `drawn` read as a board of `game` ([`Kind::read`]) and drawn again.
    fn redrawn(game: GameKind, drawn: &Drawn) -> Result<Drawn, BoardError> {
        with_kind!(game, |kind| {
            let board = kind.read(drawn).map_err(|e| kind.board_error(e))?;
            Ok(kind.draw(&board))
        })
    }

    /// A `rows` × `cols` board as the page would draw it from `contents`: the first side's
    /// pieces on the first cells, the second's on the last, weights 0.
    fn plain(contents: &Contents, rows: u16, cols: u16) -> Drawn {
        let cells = usize::from(rows) * usize::from(cols);
        if contents.max_weight > 0 {
            let zeros = vec![0; cells];
            return Drawn::Weights {
                rows,
                cols,
                first: zeros.clone(),
                second: zeros,
            };
        }
        let mut grid = vec!['.'; cells];
        let [first, second] = &contents.sides;
        let pieces = |side: &Side| vec![side.letter.unwrap(); usize::from(side.pieces)];
        let (head, tail) = (pieces(first), pieces(second));
        grid[..head.len()].copy_from_slice(&head);
        grid[cells - tail.len()..].copy_from_slice(&tail);
        Drawn::Cells {
            rows,
            cols,
            cells: grid,
        }
    }

    #[test]
    fn every_game_takes_every_size_up_to_its_largest_square_and_its_sides_pieces() {
        for game in GameKind::ALL {
            let (limits, contents) = (game.about().limits, game.contents());
            let side = limits.max_side;
            let mut sizes = vec![(side, side)];
            if !limits.square {
                sizes.extend([(limits.min_rows, side), (side, limits.min_cols)]);
            }
            for (rows, cols) in sizes {
                let board = plain(&contents, rows, cols);
                assert_eq!(redrawn(game, &board), Ok(board), "{game} {rows}×{cols}");
            }
            for (rows, cols) in [(side + 1, side), (side + 1, side + 1)] {
                let larger = plain(&contents, rows, cols);
                assert!(redrawn(game, &larger).is_err(), "{game} {rows}×{cols}");
            }
            let pieces: Vec<u8> = contents.sides.iter().map(|s| s.pieces).collect();
            let letters = contents.sides.iter().filter_map(|s| s.letter).count();
            assert_eq!(letters, pieces.iter().filter(|&&n| n > 0).count(), "{game}");
            assert_eq!(
                contents.max_weight > 0,
                letters == 0,
                "{game}: pieces or weights"
            );
        }
    }

    #[test]
    fn a_board_drawn_reads_back_and_its_contest_text_is_its_one_board() {
        let boards = ["#.#\nO.O\n.X.\n", "W..\n...\n.B.\n", "1 2\n1 2\n3 4\n"];
        for (game, board) in GameKind::ALL.into_iter().zip(boards) {
            let (drawn, text) = drawn(game, board).unwrap();
            assert_eq!(redrawn(game, &drawn), Ok(drawn.clone()), "{game}");
            assert_eq!(game.contest_boards(&text), Ok(vec![drawn]), "{game}");
        }
        assert_eq!(
            drawn(GameKind::Tableau, "1 2\n1 2\n3 4\n").unwrap().0,
            Drawn::Weights {
                rows: 1,
                cols: 2,
                first: vec![1, 2],
                second: vec![3, 4]
            }
        );
    }

    #[test]
    fn the_board_of_a_problem_read_alone_is_the_board_its_input_has() {
        for game in GameKind::ALL {
            let dir = format!("{}/tests/cases/{game}", env!("CARGO_MANIFEST_DIR"));
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_none_or(|e| e != "in") {
                    continue;
                }
                let input = std::fs::read_to_string(&path).unwrap();
                let lines: Vec<&str> = input.lines().collect();
                let boards = game.contest_boards(&input).unwrap();
                let spans: Vec<(usize, usize)> = with_kind!(game, |kind| kind
                    .problems(&input)
                    .map(|p| p.lines)
                    .collect());
                assert_eq!(spans.len(), boards.len(), "{}", path.display());
                for ((first, last), board) in spans.into_iter().zip(boards) {
                    let text = lines[first - 1..last].join("\n");
                    assert_eq!(game.problem_board(&text), Ok(board), "{}", path.display());
                }
            }
        }
        assert_eq!(
            GameKind::River
                .problem_board("2 2\nO.\n.X\n")
                .unwrap_err()
                .to_string(),
            "line 1: board 1: the board has 1 red piece (O), it needs exactly 2"
        );
        assert_eq!(
            GameKind::River
                .problem_board("2 2\nOO\n.X\n.")
                .unwrap_err()
                .to_string(),
            "line 4: unexpected text after board 1"
        );
    }

    #[test]
    fn a_pasted_text_is_an_input_one_problem_or_a_board_text() {
        let rows = "#.#\nO.O\n.X.\n";
        let (board, _) = drawn(GameKind::River, rows).unwrap();
        let one = Ok(vec![board.clone()]);
        assert_eq!(GameKind::River.pasted(&format!("0 1\n3 3\n{rows}")), one);
        assert_eq!(GameKind::River.pasted(&format!("3 3\n{rows}")), one);
        assert_eq!(GameKind::River.pasted(&format!("\n{rows}")), one);
        let two = GameKind::River.pasted(&format!("0 2\n3 3\n{rows}3 3\n{rows}"));
        assert_eq!(two, Ok(vec![board.clone(), board]));
        let chase = GameKind::Chase.pasted("4 1 1 2 2\n\n5 1 1 5 5\n").unwrap();
        assert_eq!(chase.len(), 2);
        assert_eq!(GameKind::Chase.pasted("W.\n.B\n").unwrap().len(), 1);
        let short = GameKind::River
            .pasted("5 5\nO.O\n.X.")
            .unwrap_err()
            .to_string();
        assert_eq!(
            short,
            "line 2: row 1 of board 1 has 3 cells, expected m = 5"
        );
        let header = GameKind::River
            .pasted("0 2\n3 3\n#.#\nO.O\n.X.")
            .unwrap_err();
        assert!(
            matches!(&header, PasteError::Contest(e) if e.line >= 5),
            "{header}"
        );
        let red = GameKind::River.pasted("O.\n.X\n").unwrap_err();
        let one_red = BoardError::River(river::BoardError::RedCount(1));
        assert_eq!(red, PasteError::Board(one_red));
        assert!(GameKind::Chase.pasted("4 1 1 2 2\n4 1 1 9 9").is_err());
    }

    #[test]
    fn a_whole_inputs_boards_fail_as_the_command_line_does() {
        for (game, input) in [
            (GameKind::River, "0 2\n2 2\nOO\n.X\n"),
            (GameKind::Chase, "4 1 1 2 2\n4 1 1 9 9\n"),
            (GameKind::Tableau, "1 2\n1 2\n"),
        ] {
            let answered = crate::batch::answer_input(game, input.to_string(), false);
            let Err(AnswerError::Input(error)) = answered else {
                panic!("{game}: {input:?} is refused");
            };
            assert_eq!(
                game.contest_boards(input),
                Err(AnswerError::Input(error)),
                "{game}"
            );
        }
    }

    #[test]
    fn a_games_board_error_is_the_lists_and_reads_the_same() {
        let error = river::BoardError::RedCount(1);
        assert_eq!(
            drawn(GameKind::River, "O.\n.X\n").map(drop),
            Err(BoardError::River(error.clone()))
        );
        assert_eq!(
            BoardError::River(error.clone()).to_string(),
            error.to_string()
        );
        let grid = drawn(GameKind::Chase, "W?\n.B\n").unwrap_err();
        assert!(matches!(
            grid,
            BoardError::Chase(chase::BoardError::Grid(_))
        ));
        assert!(std::error::Error::source(&grid).is_some());
    }

    #[test]
    fn every_game_says_what_it_is_and_answers_its_contest_text() {
        let boards = ["#.#\nO.O\n.X.\n", "W.\n.B\n", "1 2\n1 2\n3 4\n"];
        for (game, board) in GameKind::ALL.into_iter().zip(boards) {
            let about = game.about();
            let summary = about.summary.to_string();
            assert!(!summary.is_empty() && !summary.contains('\n'));
            assert_eq!(about.help.text(), game.help());
            let (_, text) = drawn(game, board).unwrap();
            let answers = crate::batch::answer_input(game, text, true).unwrap();
            assert_eq!((answers.text.lines().count(), answers.failure), (1, None));
        }
        assert_eq!(
            crate::batch::answer_input(GameKind::River, "0 1\n".into(), false)
                .unwrap_err()
                .to_string(),
            "line 2: expected the size line `n m` of board 1, found the end of the input"
        );
    }
}
