//! A composed game as the layers above the games know one ([`Kind`]): the value carries
//! its rules, so that the page's analysis and batch view build it as they build a game of
//! the list ([`crate::analysis::Start::of`], [`crate::batch::Batch::of`]).

use std::borrow::Cow;
use std::collections::TryReserveError;

use crate::contest::boards::Boards;
use crate::contest::{ContestError, Reader};
use crate::game::Position;
use crate::games::kind::{About, Build, Contents, Drawn, Kind, Limits, Side, SlicedBuild};
use crate::words::{self, Message, Worded};

use super::board::{BoardError, CustomBoard, Span, MAX_CELLS};
use super::contest;
use super::game::{Building, Custom};
use super::needs::{self, max_needs, open_needs, TooBig};
use super::rules::{Capture, Goal, Rules, Stuck};
use super::tiers::tier_ends;

/// The name of composed games on the command line (`retrolab custom`) and in links.
pub const NAME: &str = "custom";

/// The game of one set of rules, checked ([`Rules::check`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomKind {
    rules: Rules,
}

impl CustomKind {
    /// The game of `rules`, which must have passed [`Rules::check`] (rules read from a
    /// rules file have).
    pub fn new(rules: Rules) -> CustomKind {
        CustomKind { rules }
    }

    /// Its rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Its rules in a line: `Cat and mouse: Mouse (1 piece, moves first) against Cat
    /// (1 piece). A side that cannot move loses.`
    fn summary(&self) -> Message {
        let rules = &self.rules;
        let first = rules.first_side();
        let pieces =
            |side: usize| Message::new(words::RULES_PIECES).with("count", rules.side[side].pieces);
        let stuck = match rules.stuck {
            Stuck::Loses => words::CUSTOM_STUCK_LOSES,
            Stuck::Wins => words::CUSTOM_STUCK_WINS,
            Stuck::Draws => words::CUSTOM_STUCK_DRAWS,
        };
        let removes = rules
            .side
            .iter()
            .any(|side| side.capture == Capture::Removes);
        let end = if removes {
            Message::new(words::CUSTOM_REMOVES).with("stuck", stuck)
        } else {
            Message::new(stuck)
        };
        Message::new(words::CUSTOM_SUMMARY)
            .with("name", rules.name.as_str())
            .with("first", rules.side[first].name.as_str())
            .with("firstPieces", pieces(first))
            .with("second", rules.side[1 - first].name.as_str())
            .with("secondPieces", pieces(1 - first))
            .with("end", end)
    }

    /// Fewest rows: 2 when a side has a goal row, where its pieces may not start.
    fn min_rows(&self) -> u16 {
        let goals = self.rules.side.iter().any(|side| side.goal != Goal::None);
        1 + u16::from(goals)
    }

    /// The side of the largest square board every board within is solvable on: its open
    /// board (which needs the most of any board of that size) is within the limit
    /// ([`needs::check`]).
    fn max_side(&self) -> u16 {
        let side_max = (MAX_CELLS as f64).sqrt() as u16;
        (1..=side_max)
            .take_while(|&n| open_needs(&self.rules, n).within(&max_needs()))
            .last()
            .unwrap_or(1)
            .max(self.min_rows())
    }
}

/// Why board text is not a start the page can analyse: not a board of the rules, or one
/// that needs more memory than the limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// Not a board of the rules.
    Board(BoardError),
    /// Needs more memory than the limit.
    TooBig(TooBig),
}

impl Worded for StartError {
    fn words(&self) -> Message {
        match self {
            StartError::Board(e) => e.words(),
            StartError::TooBig(e) => e.words(),
        }
    }
}

crate::words::english!(StartError);

impl std::error::Error for StartError {}

impl Kind for CustomKind {
    type Board = CustomBoard;
    type BoardError = StartError;

    fn about(&self) -> About {
        About {
            name: NAME,
            summary: self.summary(),
            help: contest::HELP,
            limits: Limits {
                min_rows: self.min_rows(),
                max_rows: MAX_CELLS as u16,
                min_cols: 1,
                max_cols: MAX_CELLS as u16,
                max_cells: MAX_CELLS as u32,
                square: false,
                max_side: self.max_side(),
                max_bytes: max_needs(),
            },
        }
    }

    /// The sides in the rules file's order, the order of their pieces.
    fn contents(&self) -> Contents {
        let sides = std::array::from_fn(|i| {
            let side = &self.rules.side[i];
            Side {
                name: Cow::Owned(side.name.clone()),
                letter: Some(side.letter),
                pieces: side.pieces as u8,
            }
        });
        Contents {
            sides,
            first: self.rules.first_side() as u8,
            obstacles: true,
            max_weight: 0,
        }
    }

    /// A board of the rules within the limit ([`needs::check`], as the command line's).
    fn parse(&self, text: &str) -> Result<CustomBoard, StartError> {
        let board = CustomBoard::parse(&self.rules, text).map_err(StartError::Board)?;
        needs::check(&self.rules, &board).map_err(StartError::TooBig)?;
        Ok(board)
    }

    fn draw(&self, board: &CustomBoard) -> Drawn {
        let (rows, cols) = self.size(board);
        let text = board.text(&self.rules);
        Drawn::Cells {
            rows,
            cols,
            cells: text.chars().filter(|&c| c != '\n').collect(),
        }
    }

    fn contest_text(&self, board: &CustomBoard) -> String {
        contest::write(&self.rules, board)
    }

    /// Every placement of the pieces ([`Span::Whole`]), within the limit ([`Kind::parse`]
    /// checked it).
    fn build<B: Build>(&self, board: CustomBoard, to: B) -> Result<B::Output, TryReserveError> {
        Custom::within_memory(&self.rules, board, Span::Whole).map(|game| to.valued(game))
    }

    /// [`Kind::build`] with its per-set tables built a thousand sets at a time.
    fn build_in_slices<B: Build + 'static>(
        &self,
        board: CustomBoard,
        to: B,
    ) -> SlicedBuild<B::Output> {
        in_slices(self.rules.clone(), board, Span::Whole, to)
    }

    /// The tiers of every placement of the pieces ([`super::tiers`]; one when no side
    /// advances).
    fn table_tiers(&self, board: &CustomBoard) -> Option<Vec<Position>> {
        positions_in_tiers(&self.rules, board, Span::Whole)
    }

    /// The positions the start can lead to ([`Span::FromStart`]), as the command line
    /// solves them: within the limit (the readers checked it).
    fn answering<B: Build>(&self, board: CustomBoard, to: B) -> Result<B::Output, TryReserveError> {
        Custom::within_memory(&self.rules, board, Span::FromStart).map(|game| to.valued(game))
    }

    /// [`Kind::answering`] with its per-set tables built a thousand sets at a time.
    fn answering_in_slices<B: Build + 'static>(
        &self,
        board: CustomBoard,
        to: B,
    ) -> SlicedBuild<B::Output> {
        in_slices(self.rules.clone(), board, Span::FromStart, to)
    }

    /// The tiers of the positions the start can lead to.
    fn answering_tiers(&self, board: &CustomBoard) -> Option<Vec<Position>> {
        positions_in_tiers(&self.rules, board, Span::FromStart)
    }

    fn size(&self, board: &CustomBoard) -> (u16, u16) {
        (board.grid.rows(), board.grid.cols())
    }

    fn reader(&self) -> impl Reader<Board = CustomBoard> + 'static {
        Boards::new(contest::reads(self.rules.clone()))
    }

    /// A size line and its rows: a board of an input comes after its header.
    fn problem(&self, text: &str) -> Result<CustomBoard, ContestError> {
        contest::problem(&self.rules, text)
    }
}

/// The game of `rules` on `board` over `span`, handed to `to` once built, its per-set
/// tables a run of sets at a time ([`Building::work`]).
fn in_slices<B: Build + 'static>(
    rules: Rules,
    board: CustomBoard,
    span: Span,
    to: B,
) -> SlicedBuild<B::Output> {
    let (mut board, mut to) = (Some(board), Some(to));
    let mut building: Option<Building> = None;
    Box::new(move |time_up| {
        let under_way = match &mut building {
            Some(building) => building,
            none => {
                let board = board.take().expect("a game is built once");
                none.insert(Building::new(&rules, board, span)?)
            }
        };
        if !under_way.work(time_up)? {
            return Ok(None);
        }
        let game = building.take().expect("built just now").finish()?;
        Ok(Some(to.take().expect("built once").valued(game)))
    })
}

/// Where the tiers of `rules`' game on `board` over `span` end, if they fit positions.
fn positions_in_tiers(rules: &Rules, board: &CustomBoard, span: Span) -> Option<Vec<Position>> {
    let cells = board.cells(rules, span);
    let ends = tier_ends(rules, &board.grid, &cells)?;
    ends.into_iter()
        .map(|end| Position::try_from(end).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Start;
    use crate::games::custom::{preset, BuildError, PRESETS};

    /// The analysis of `text` on `kind`'s rules, or why the board is refused.
    fn start(kind: &CustomKind, text: &str) -> Result<Start, StartError> {
        Ok(Start::of(kind, kind.parse(text)?))
    }

    #[test]
    fn a_board_of_the_rules_builds_and_answers_as_the_command_line() {
        let kind = CustomKind::new(preset("river-pawn").unwrap().rules());
        let text = "#.#\nO.O\n.X.\n";
        let mut analysis = start(&kind, text)
            .unwrap()
            .built()
            .unwrap()
            .analysis()
            .unwrap();
        while !analysis.step(1 << 20).unwrap().done {}
        let start = analysis.start();
        assert_eq!(analysis.answer(start).as_deref(), Some("Black 2"));
        let input = kind.contest_text(&kind.parse(text).unwrap());
        let answers = crate::batch::answer_input_of(&kind, input, false).unwrap();
        assert_eq!(answers.text, "Black 2\n");
    }

    #[test]
    fn a_board_built_in_slices_is_analysed_as_one_built_at_once() {
        let kind = CustomKind::new(preset("river-pawn").unwrap().rules());
        let mut start = start(&kind, "#.#\nO.O\n.X.\n").unwrap();
        let mut slices = 1;
        while !start.build_for(&mut || true).unwrap() {
            slices += 1;
        }
        // Each side's sets listed, described, counted and un-moved in slices of their own.
        assert!(slices > 4, "{slices}");
        let mut analysis = start.built().unwrap().analysis().unwrap();
        while !analysis.step(1 << 20).unwrap().done {}
        assert_eq!(
            analysis.answer(analysis.start()).as_deref(),
            Some("Black 2")
        );
    }

    #[test]
    fn a_board_off_the_rules_or_too_large_is_refused_with_its_reason() {
        let kind = CustomKind::new(preset("river-pawn").unwrap().rules());
        let wrong = start(&kind, "O.O\n...\n").err().unwrap();
        assert!(matches!(wrong, StartError::Board(_)), "{wrong}");
        let rules: Rules = preset("knights").unwrap().text.parse().unwrap();
        let mut big = String::new();
        for row in 0..32 {
            let line: String = (0..32)
                .map(|col| match (row, col) {
                    (0, 0) | (0, 1) => 'N',
                    (31, 30) | (31, 31) => 'n',
                    _ => '.',
                })
                .collect();
            big.push_str(&line);
            big.push('\n');
        }
        // The game itself refuses it too, whoever asks, before anything is allocated.
        let board = CustomBoard::parse(&rules, &big).unwrap();
        let refused = Custom::new(&rules, board.clone(), Span::Whole).err();
        let needs = needs::needs(&rules, &board);
        assert!(!needs.within(&max_needs()), "{needs:?}");
        assert_eq!(refused, Some(BuildError::TooBig(TooBig { needs })));
        let too_big = start(&CustomKind::new(rules), &big).err().unwrap();
        assert_eq!(too_big, StartError::TooBig(TooBig { needs }));
        assert!(
            too_big.to_string().starts_with("the board needs "),
            "{too_big}"
        );
    }

    /// An open `rows` × `cols` board of `kind`: the first side's pieces on the first cells
    /// off its goal row, the second's on the last cells off its own.
    fn plain(kind: &CustomKind, rows: u16, cols: u16) -> Drawn {
        let cells = usize::from(rows) * usize::from(cols);
        let mut grid = vec!['.'; cells];
        let sides = &kind.rules().side;
        let first_free = |side: usize, from_end: bool| {
            let goal = sides[side].goal;
            let order: Box<dyn Iterator<Item = usize>> = if from_end {
                Box::new((0..cells).rev())
            } else {
                Box::new(0..cells)
            };
            let row_ok = move |cell: usize| {
                let row = cell / usize::from(cols);
                !(goal == Goal::Top && row == 0
                    || goal == Goal::Bottom && row + 1 == usize::from(rows))
            };
            order
                .filter(move |&c| row_ok(c))
                .take(sides[side].pieces as usize)
                .collect::<Vec<_>>()
        };
        for (side, from_end) in [(0, false), (1, true)] {
            for cell in first_free(side, from_end) {
                grid[cell] = sides[side].letter;
            }
        }
        Drawn::Cells {
            rows,
            cols,
            cells: grid,
        }
    }

    #[test]
    fn every_preset_takes_every_size_up_to_its_largest_square_and_draws_back() {
        for preset in PRESETS {
            let kind = CustomKind::new(preset.rules());
            let (limits, contents) = (kind.about().limits, kind.contents());
            let side = limits.max_side;
            assert!(side >= 2, "{}: {side}", preset.name);
            for (rows, cols) in [(side, side), (limits.min_rows, side), (side, 2)] {
                let board = plain(&kind, rows, cols);
                let read = kind
                    .read(&board)
                    .unwrap_or_else(|e| panic!("{} {rows}×{cols}: {e}", preset.name));
                assert_eq!(kind.draw(&read), board, "{}", preset.name);
            }
            if side < 32 {
                let larger = plain(&kind, side + 1, side + 1);
                assert!(
                    matches!(kind.read(&larger), Err(StartError::TooBig(_))),
                    "{}",
                    preset.name
                );
            }
            let letters: Vec<char> = contents.sides.iter().filter_map(|s| s.letter).collect();
            let rules = preset.rules();
            assert_eq!(letters, [rules.side[0].letter, rules.side[1].letter]);
            assert_eq!(usize::from(contents.first), rules.first_side());
            let summary = kind.about().summary.to_string();
            let mover = &rules.side[rules.first_side()].name;
            let line = format!("{}: {mover} (", rules.name);
            assert!(summary.starts_with(&line), "{summary}");
        }
    }

    #[test]
    fn the_fewest_rows_and_the_summary_follow_goals_and_captures() {
        // A goal row needs a second row to start on; captures that remove pieces add the
        // rule that a side left without any loses.
        for (name, min_rows, removes) in [
            ("chase", 1, false),
            ("fox-and-hounds", 2, false),
            ("knights", 1, true),
            ("river-pawn", 2, false),
        ] {
            let about = CustomKind::new(preset(name).unwrap().rules()).about();
            assert_eq!(about.limits.min_rows, min_rows, "{name}");
            let last = " A side with no pieces left loses.";
            let summary = about.summary.to_string();
            assert_eq!(summary.ends_with(last), removes, "{name}: {summary}");
        }
    }

    #[test]
    fn a_pasted_text_is_read_with_the_rules_letters() {
        let kind = CustomKind::new(preset("river-pawn").unwrap().rules());
        let rows = "#.#\nO.O\n.X.\n";
        let one = crate::games::pasted(&kind, &format!("3 3\n{rows}")).unwrap();
        assert_eq!(crate::games::pasted(&kind, rows).unwrap(), one);
        let wrong = crate::games::pasted(&kind, "O.\n.X\n").unwrap_err();
        assert!(wrong.to_string().contains("piece"), "{wrong}");
    }
}
