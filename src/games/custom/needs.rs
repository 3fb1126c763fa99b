//! The memory a composed board needs, and the limit on it, as river's are
//! ([`crate::games::river::max_needs`]): worked out from the counts of positions before
//! anything is allocated, both ways — to answer its start as the command line does (the
//! positions its start can lead to) and for its whole table as the page keeps it (every
//! placement) — and a board is taken only when both are within the limit. The command
//! line, the page and a rules file's start board share the one rule ([`check`]).
//!
//! A game with a side that advances is solved tier by tier ([`super::tiers`]): to answer
//! its start, two tiers' records and one tier's queues; for the whole table, every record
//! and one tier's queues. A game without keeps every record and may queue every position
//! either way.
//!
//! The limit is what the open 24×24 river board needed as a composed game of one tier
//! (the `river-pawn` preset before tiers): a game of one tier is within it when it has at
//! most as many positions as that one (190 771 200). (River's own limit, what its tiers
//! need on that board, would refuse games of one tier that this one takes: fox and
//! hounds with hounds that may step back, on 8×8, needs 814 MB either way.)

use super::board::{CustomBoard, Span};
use super::rules::Rules;
use super::tiers::tier_ends;
use crate::games::kind::Needs;
use crate::games::river::LIMIT_SIDE;
use crate::grid::Grid;
use crate::retro::{bytes_needed, Keep};
use crate::words::{self, Message, Worded};

/// A board whose analysis needs more memory than the limit ([`max_needs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooBig {
    /// What it needs.
    pub needs: Needs,
}

impl Worded for TooBig {
    fn words(&self) -> Message {
        self.needs.refusal(&max_needs(), words::NEEDS_CUSTOM)
    }
}

crate::words::english!(TooBig);

impl std::error::Error for TooBig {}

/// The bytes the analysis of `rules`' game on `board` needs, both ways.
pub fn needs(rules: &Rules, board: &CustomBoard) -> Needs {
    let ends = |span| tier_ends(rules, &board.grid, &board.cells(rules, span));
    of_tiers(ends(Span::FromStart), ends(Span::Whole))
}

/// The most any board of `side` × `side` cells needs, both ways: the open one's (every
/// side may stand on every cell, and each tier holds at least the positions of that tier
/// on a board with obstacles).
pub fn open_needs(rules: &Rules, side: u16) -> Needs {
    let grid = Grid::open(side, side);
    let cells: Vec<u16> = (0..grid.len() as u16).collect();
    let ends = tier_ends(rules, &grid, &[cells.clone(), cells]);
    of_tiers(ends.clone(), ends)
}

/// Whether `board` is within the limit, both ways.
///
/// # Errors
/// A [`TooBig`] naming what it needs.
pub fn check(rules: &Rules, board: &CustomBoard) -> Result<(), TooBig> {
    let needs = needs(rules, board);
    if needs.within(&max_needs()) {
        Ok(())
    } else {
        Err(TooBig { needs })
    }
}

/// The most a composed board may need, each way: what the river-pawn preset's game on
/// the open 24×24 board needs (two red pieces and a black one, each on any of 576
/// cells, either side to move: 2 · C(576, 2) · 576 positions, every one reachable from
/// its start). Counted here rather than read from the preset, whose own start board is
/// checked against this limit when it is read.
pub fn max_needs() -> Needs {
    let cells = u64::from(LIMIT_SIDE) * u64::from(LIMIT_SIDE);
    let count = 2 * (cells * (cells - 1) / 2) * cells;
    of_tiers(Some(vec![count]), Some(vec![count]))
}

/// The needs of a game whose tiers end at `answer` to answer its start (two tiers'
/// records kept, as the command line keeps them) and at `table` for its whole table;
/// counts past a `u64` (`None`) need more than anything.
fn of_tiers(answer: Option<Vec<u64>>, table: Option<Vec<u64>>) -> Needs {
    let bytes = |ends: Option<Vec<u64>>, keep| ends.map_or(u64::MAX, |e| bytes_needed(&e, keep));
    Needs {
        answer: bytes(answer, Keep::TwoTiers),
        table: bytes(table, Keep::All),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::custom::preset;
    use crate::memory::megabytes;

    /// An open `rows` × `cols` board of the river-pawn preset: the reds on its first two
    /// cells, black on its last.
    fn river(rows: usize, cols: usize) -> (Rules, CustomBoard) {
        let rules = preset("river-pawn").unwrap().rules();
        let mut text = String::new();
        for cell in 0..rows * cols {
            text.push(match cell {
                0 | 1 => 'O',
                _ if cell + 1 == rows * cols => 'X',
                _ => '.',
            });
            if (cell + 1) % cols == 0 {
                text.push('\n');
            }
        }
        let board = CustomBoard::parse(&rules, &text).unwrap();
        (rules, board)
    }

    #[test]
    fn the_open_24x24_river_board_needs_composed_what_river_needs_within_the_limit() {
        let (rules, board) = river(24, 24);
        // Black's rows are the tiers, as river's.
        assert_eq!(needs(&rules, &board), crate::games::river::max_needs());
        assert_eq!(check(&rules, &board), Ok(()));
        // The limit, what it needed in one tier: 190 771 200 records of 2 bytes, two
        // queues of 4 bytes a position.
        let positions = 190_771_200u64;
        let queues = 2 * 4 * (positions + crate::game::MAX_PARENTS as u64);
        assert_eq!(max_needs().table, 2 * positions + queues);
        assert_eq!(max_needs().answer, max_needs().table);
    }

    #[test]
    fn a_board_over_the_limit_is_refused_naming_what_it_needs() {
        // 25 × 24 has more cells than any river board: with a black piece that may also
        // step down (one tier), its game needs more than the limit.
        let (_, board) = river(25, 24);
        let text = preset("river-pawn").unwrap().text;
        let rules: Rules = text
            .replace("never = [\"down\"]", "never = []")
            .parse()
            .unwrap();
        assert_ne!(rules, preset("river-pawn").unwrap().rules());
        let refused = check(&rules, &board).unwrap_err();
        assert_eq!(refused.needs, needs(&rules, &board));
        let limit = megabytes(max_needs().table);
        assert_eq!(
            refused.to_string(),
            format!(
                "the board needs {need} MB to answer its start and {need} MB for its whole \
                 table; retrolab solves composed boards needing at most {limit} MB and \
                 {limit} MB (what the open 24×24 river board needs, composed)",
                need = megabytes(refused.needs.table)
            )
        );
    }

    #[test]
    fn fox_and_hounds_on_10x10_with_five_hounds_would_fit_in_the_hounds_tiers() {
        // The rules take at most four pieces a side (a set of pieces is four cells).
        let text = preset("fox-and-hounds").unwrap().text;
        let five = text.replace("pieces = 4", "pieces = 5").parse::<Rules>();
        assert!(five
            .unwrap_err()
            .message
            .to_string()
            .contains("between 1 and 4"));
        // With five, on a draughts board's 50 dark squares (the light ones obstacles),
        // every placement reachable from the start: 2 · 50 · C(50, 5) positions.
        let hounds = crate::games::custom::index::SetIndex::count(50, 5..=5).unwrap();
        let positions = 2 * 50 * hounds;
        assert_eq!(positions, 211_876_000);
        let one_tier = of_tiers(Some(vec![positions]), Some(vec![positions]));
        assert_eq!(
            (megabytes(one_tier.answer), megabytes(one_tier.table)),
            (2119, 2119)
        );
        assert!(!one_tier.within(&max_needs()));
        // In the hounds' tiers (five dark squares a row, the hounds moving down): 46
        // sums of their rows, the largest 132 600 sets of hounds.
        let rows: Vec<u32> = (0..10).flat_map(|row| [row; 5]).collect();
        let (_, sets) = super::super::tiers::sets_by_sum(&rows, 5).unwrap();
        assert_eq!((sets.len(), sets.iter().max()), (46, Some(&132_600)));
        let mut end = 0;
        let ends: Vec<u64> = sets
            .iter()
            .map(|&n| {
                end += n * 2 * 50;
                end
            })
            .collect();
        assert_eq!(end, positions);
        let tiers = of_tiers(Some(ends.clone()), Some(ends));
        assert_eq!(
            (megabytes(tiers.answer), megabytes(tiers.table)),
            (213, 583)
        );
        assert!(tiers.within(&max_needs()));
    }

    #[test]
    fn the_help_states_the_limit() {
        let figure = format!("needing at most {} MB", megabytes(max_needs().answer));
        let help = super::super::contest::HELP
            .text()
            .split_whitespace()
            .collect::<Vec<_>>();
        assert!(help.join(" ").contains(&figure), "{figure}");
    }

    #[test]
    fn counts_past_a_u64_need_more_than_anything() {
        let needs = of_tiers(None, Some(vec![10]));
        assert_eq!(needs.answer, u64::MAX);
        assert!(!needs.within(&max_needs()));
        assert!(of_tiers(Some(vec![10]), Some(vec![10])).within(&max_needs()));
    }
}
