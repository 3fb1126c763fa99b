//! A composed game as the layers above the games know one ([`Kind`]): the value carries
//! its rules, so that the page's analysis and batch view build it as they build a game of
//! the list ([`crate::analysis::Built::of`], [`crate::batch::Batch::of`]).

use std::fmt;

use crate::contest::{AnswerError, Answers, Problem};
use crate::games::kind::{About, Build, Kind, Limits};

use super::board::{BoardError, CustomBoard, Span, MAX_CELLS};
use super::contest;
use super::game::{positions, Custom, TooLarge};
use super::rules::Rules;
use super::MAX_POSITIONS;

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
}

/// Why board text is not a start the page can analyse: not a board of the rules, or one
/// whose whole game is larger than the engine solves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// Not a board of the rules.
    Board(BoardError),
    /// Too many positions.
    TooLarge(TooLarge),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Board(e) => e.fmt(f),
            StartError::TooLarge(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StartError {}

/// A board of `rules` whose game over `span` is within the engine's limits.
fn board_within(rules: &Rules, text: &str, span: Span) -> Result<CustomBoard, StartError> {
    let board = CustomBoard::parse(rules, text).map_err(StartError::Board)?;
    match positions(rules, &board, span) {
        Some(n) if n <= MAX_POSITIONS as u64 => Ok(board),
        positions => Err(StartError::TooLarge(TooLarge { positions })),
    }
}

impl Kind for CustomKind {
    type Board = CustomBoard;
    type BoardError = StartError;

    fn about(&self) -> About {
        About {
            name: NAME,
            summary: "A game of rules you compose: two sides of up to four alike pieces each, \
                their moves, captures and ends given as a rules file.",
            help: contest::HELP,
            limits: Limits {
                min_rows: 1,
                max_rows: MAX_CELLS as u16,
                min_cols: 1,
                max_cols: MAX_CELLS as u16,
                max_cells: MAX_CELLS as u32,
                square: false,
            },
        }
    }

    /// The board and its whole game, which the page analyses ([`Span::Whole`]).
    fn parse(&self, text: &str) -> Result<CustomBoard, StartError> {
        board_within(&self.rules, text, Span::Whole)
    }

    fn contest_text(&self, board: &CustomBoard) -> String {
        contest::write(&self.rules, board)
    }

    fn build<B: Build>(&self, board: CustomBoard, to: B) -> B::Output {
        to.valued(Custom::new(&self.rules, board, Span::Whole).expect("parse counted it"))
    }

    /// The positions the start can lead to ([`Span::FromStart`]), as the command line
    /// solves them: never more than the whole game's.
    fn answering<B: Build>(&self, board: CustomBoard, to: B) -> B::Output {
        let game = Custom::new(&self.rules, board, Span::FromStart);
        to.valued(game.expect("the contest reader counted it"))
    }

    fn size(&self, board: &CustomBoard) -> (u16, u16) {
        (board.grid.rows(), board.grid.cols())
    }

    fn problems<'a>(&'a self, input: &'a str) -> impl Iterator<Item = Problem<CustomBoard>> + 'a {
        contest::problems(&self.rules, input)
    }

    fn answer_input(&self, input: &str, verify: bool) -> Result<Answers, AnswerError> {
        contest::answer_input(&self.rules, input, verify)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Built;
    use crate::games::custom::preset;

    #[test]
    fn a_board_of_the_rules_builds_and_answers_as_the_command_line() {
        let kind = CustomKind::new(preset("river-pawn").unwrap().rules());
        let text = "#.#\nO.O\n.X.\n";
        let mut analysis = Built::of(&kind, text).unwrap().analysis();
        while !analysis.step(1 << 20).unwrap().done {}
        let start = analysis.start();
        assert_eq!(analysis.answer(start).as_deref(), Some("Black 2"));
        let input = kind.contest_text(&kind.parse(text).unwrap());
        let answers = kind.answer_input(&input, false).unwrap();
        assert_eq!(answers.text, "Black 2\n");
    }

    #[test]
    fn a_board_off_the_rules_or_too_large_is_refused_with_its_reason() {
        let kind = CustomKind::new(preset("river-pawn").unwrap().rules());
        let wrong = Built::of(&kind, "O.O\n...\n").err().unwrap();
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
        let too_large = Built::of(&CustomKind::new(rules), &big).err().unwrap();
        assert!(matches!(too_large, StartError::TooLarge(_)), "{too_large}");
        assert!(too_large.to_string().contains("positions"), "{too_large}");
    }
}
