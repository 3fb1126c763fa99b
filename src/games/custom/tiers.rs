//! Tiers of a composed game, found from its rules: a side that only ever advances, one
//! row at a time, and never loses a piece, splits the positions by how far it has come
//! (RULES §6's rules say so; a preset's name never does).
//!
//! Each piece of such a side has an *advance*: its row counted from the edge it moves
//! away from. The sum of its pieces' advances goes up by exactly 1 with each of its
//! moves that changes a row, stays with the others, and the other side's moves leave it
//! alone. So the positions with one sum are a tier, and the tiers are solved from the
//! highest sum down (river: black's row, from the top row down): every move stays in its
//! tier or leads into the tier just before it, as [`crate::Game::tier_ends`] asks.

use super::game::count;
use super::index::SetIndex;
use super::rules::{Rules, SideRules};
use super::side::sizes;
use crate::grid::Grid;

/// Which way a side's pieces advance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advance {
    /// Towards row 1.
    Up,
    /// Away from row 1.
    Down,
}

/// The side whose advance splits the game into tiers, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiering {
    /// The side (in the rules file's order).
    pub side: usize,
    /// The advance of each of its own cells (in the order of its cells).
    pub advances: Vec<u32>,
    /// How many of its sets of pieces have each sum of advances, the highest sum first
    /// (the tiers' order; a count may be 0).
    pub sets: Vec<u64>,
    /// The highest sum of any of its sets: tier `t` holds the sets of sum `highest − t`.
    pub highest: u32,
}

/// Which way `side` advances, if it qualifies: every one of its moves either goes one
/// row forward (one cell, or a knight's jump of one row and two columns) or stays in its
/// row (left or right, any distance), at least one goes forward, and the other side never
/// removes its pieces. Why each condition: a move two rows forward (a longer slide or
/// jump, a knight's two rows) would skip a tier; a move back would go into a later tier;
/// a piece taken off the board would lower the sum by its whole advance. Sideways moves
/// keep the sum, so they stay in their tier; a side with no forward move would have one
/// tier only.
pub fn advance(rules: &Rules, side: usize) -> Option<Advance> {
    if rules.removable(side) {
        return None;
    }
    let me: &SideRules = &rules.side[side];
    let rays = me.rays();
    let forward = rays.iter().find(|r| r.dr != 0)?.dr;
    let qualifies = rays
        .iter()
        .all(|r| r.dr == 0 || (r.dr == forward && forward.abs() == 1 && r.len == 1));
    match (qualifies, forward) {
        (true, -1) => Some(Advance::Up),
        (true, _) => Some(Advance::Down),
        _ => None,
    }
}

impl Tiering {
    /// The tiers of `rules`' game with the sides' pieces on the board cells `cells` of
    /// `grid`, if a side advances ([`advance`]); when both do, the one whose largest tier
    /// is smaller (the memory a tier takes), the first in the file on a tie. `None` also
    /// when a count overflows a `u64`.
    pub fn of(rules: &Rules, grid: &Grid, cells: &[Vec<u16>; 2]) -> Option<Tiering> {
        let candidates = (0..2).filter_map(|side| {
            let way = advance(rules, side)?;
            let advances: Vec<u32> = cells[side]
                .iter()
                .map(|&cell| {
                    let row = u32::from(grid.coord(cell).row);
                    match way {
                        Advance::Up => u32::from(grid.rows()) - 1 - row,
                        Advance::Down => row,
                    }
                })
                .collect();
            let pieces = *sizes(rules, side).end();
            let (highest, sets) = sets_by_sum(&advances, pieces)?;
            let other = SetIndex::count(cells[1 - side].len(), sizes(rules, 1 - side))?;
            let largest = sets.iter().max().copied().unwrap_or(0).checked_mul(other)?;
            Some((
                largest,
                Tiering {
                    side,
                    advances,
                    sets,
                    highest,
                },
            ))
        });
        candidates
            .min_by_key(|(largest, _)| *largest)
            .map(|(_, t)| t)
    }

    /// The tier of a set of own cells: what orders the side's sets.
    pub fn tier(&self, set: &[u16]) -> u32 {
        self.highest
            - set
                .iter()
                .map(|&c| self.advances[usize::from(c)])
                .sum::<u32>()
    }

    /// Where the tiers end, as counts of positions, when the other side has `other_sets`
    /// sets ([`crate::Game::tier_ends`]); `None` when a count overflows a `u64`.
    pub fn ends(&self, other_sets: u64) -> Option<Vec<u64>> {
        let block = other_sets.checked_mul(2)?;
        let mut end = 0u64;
        self.sets
            .iter()
            .map(|&count| {
                end = end.checked_add(count.checked_mul(block)?)?;
                Some(end)
            })
            .collect()
    }
}

/// Where the tiers of `rules`' game with its sides on `cells` end, as counts of
/// positions ([`crate::Game::tier_ends`]): one tier when no side advances. `None` when a
/// count overflows a `u64`. Cheap: for sizing a game before anything is allocated.
pub fn tier_ends(rules: &Rules, grid: &Grid, cells: &[Vec<u16>; 2]) -> Option<Vec<u64>> {
    match Tiering::of(rules, grid, cells) {
        None => Some(vec![count(rules, [cells[0].len(), cells[1].len()])?]),
        Some(tiering) => {
            let other = 1 - tiering.side;
            tiering.ends(SetIndex::count(cells[other].len(), sizes(rules, other))?)
        }
    }
}

/// The highest sum of advances of a set of `pieces` cells of `advances`, and how many
/// sets have each sum, from the highest down to the lowest of any set; `None` if a count
/// overflows. Counted row by row (cells of one advance at a time), not set by set.
pub(super) fn sets_by_sum(advances: &[u32], pieces: usize) -> Option<(u32, Vec<u64>)> {
    let top = advances.iter().max().copied().unwrap_or(0) as usize;
    let mut per_advance = vec![0u64; top + 1];
    for &a in advances {
        per_advance[a as usize] += 1;
    }
    // counts[j][s]: sets of j cells among the advances seen so far, summing to s.
    let most = top * pieces;
    let mut counts = vec![vec![0u64; most + 1]; pieces + 1];
    counts[0][0] = 1;
    for (advance, &cells) in per_advance.iter().enumerate() {
        if cells == 0 {
            continue;
        }
        let mut next = counts.clone();
        for taken in 1..=pieces.min(cells as usize) {
            let ways = SetIndex::count(cells as usize, taken..=taken)?;
            for j in taken..=pieces {
                for s in advance * taken..=most {
                    let more = counts[j - taken][s - advance * taken].checked_mul(ways)?;
                    next[j][s] = next[j][s].checked_add(more)?;
                }
            }
        }
        counts = next;
    }
    let by_sum = &counts[pieces];
    let highest = by_sum.iter().rposition(|&n| n > 0)?;
    let lowest = by_sum.iter().position(|&n| n > 0)?;
    let counts = by_sum[lowest..=highest].iter().rev().copied().collect();
    Some((highest as u32, counts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::custom::preset;

    #[test]
    fn sets_are_counted_by_their_sum_as_one_by_one() {
        let advances = [0, 0, 1, 1, 1, 2, 3, 3, 5];
        for pieces in 1..=4 {
            let index = SetIndex::new(advances.len(), pieces..=pieces).unwrap();
            let sum = |rank| {
                index
                    .cells(rank)
                    .iter()
                    .map(|&c| advances[usize::from(c)])
                    .sum::<u32>()
            };
            let highest = (0..index.len()).map(sum).max().unwrap();
            let lowest = (0..index.len()).map(sum).min().unwrap();
            let one_by_one: Vec<u64> = (lowest..=highest)
                .rev()
                .map(|s| (0..index.len()).filter(|&r| sum(r) == s).count() as u64)
                .collect();
            assert_eq!(
                sets_by_sum(&advances, pieces),
                Some((highest, one_by_one)),
                "{pieces}"
            );
        }
    }

    #[test]
    fn the_river_pawn_s_black_and_the_hounds_advance_and_nothing_else_does() {
        let rules = |name: &str| preset(name).unwrap().rules();
        let advances = |rules: &Rules| [advance(rules, 0), advance(rules, 1)];
        assert_eq!(advances(&rules("river-pawn")), [None, Some(Advance::Up)]);
        assert_eq!(
            advances(&rules("fox-and-hounds")),
            [None, Some(Advance::Down)]
        );
        assert_eq!(advances(&rules("chase")), [None, None]);
        assert_eq!(advances(&rules("knights")), [None, None]);
        // Not when a move goes two rows, or back, or the pieces can be taken.
        let text = preset("fox-and-hounds").unwrap().text;
        for (change, why) in [
            (
                "never = [\"up-left\", \"up-right\"]",
                "never = [\"up-left\"]",
            ),
            (
                "moves = [\"diagonal\"]\nnever",
                "moves = [\"diagonal\"]\ndistance = 2\nnever",
            ),
            (
                "capture = \"none\"\ngoal = \"top\"",
                "capture = \"removes\"\ngoal = \"top\"",
            ),
        ] {
            let changed: Rules = text.replacen(change, why, 1).parse().unwrap();
            assert_ne!(changed, rules("fox-and-hounds"), "{why}");
            assert_eq!(advances(&changed), [None, None], "{why}");
        }
        // Sideways moves stay in the row.
        let sideways: Rules = text
            .replace(
                "never = [\"up-left\", \"up-right\"]",
                "never = [\"up-left\", \"up-right\", \"up\"]",
            )
            .replace(
                "moves = [\"diagonal\"]\nnever",
                "moves = [\"diagonal\", \"orthogonal\"]\nnever",
            )
            .parse()
            .unwrap();
        assert_eq!(advances(&sideways), [None, Some(Advance::Down)]);
    }
}
