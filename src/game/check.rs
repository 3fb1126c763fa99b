//! The contracts of [`Game`] and [`LayeredGame`] checked on every position of a game:
//! quadratic in the branching factor, meant for tests on small boards (every game's tests
//! run them).

use super::layered::LayeredGame;
use super::{Game, Position, Status, MAX_PARENTS};

/// True when `tier_ends` rise (not necessarily strictly) to `total`, as
/// [`Game::tier_ends`] promises.
pub(crate) fn tiers_cover(tier_ends: &[Position], total: Position) -> bool {
    tier_ends.last() == Some(&total) && tier_ends.windows(2).all(|w| w[0] <= w[1])
}

/// Checks the children/parents contract of [`Game`] on every position, tiers included.
///
/// Returns a description of the first violation. Quadratic in the branching factor;
/// meant for tests on small boards.
pub fn check_children_parents<G: Game>(game: &G) -> Result<(), String> {
    let total = u32::try_from(game.num_positions()).map_err(|_| "too many positions")?;
    let tier_ends = game.tier_ends();
    if !tiers_cover(&tier_ends, total) {
        return Err(format!(
            "tier ends {tier_ends:?} do not rise to {total} positions"
        ));
    }
    check_tier_ranges(game, &tier_ends)?;
    check_statuses(game, total)?;
    let mut children = Vec::new();
    let mut parents = Vec::new();
    for pos in 0..total {
        check_tiers(game, &tier_ends, pos)?;
        children.clear();
        if game.primitive(pos).is_none() {
            game.for_each_child(pos, |c| children.push(c));
        }
        let moves = children.len();
        let mut moved = Vec::new();
        if game.primitive(pos).is_none() {
            game.for_each_move(pos, |_, c| moved.push(c));
        }
        moved.sort_unstable();
        children.sort_unstable();
        if moved != children {
            return Err(format!(
                "position {pos}: children {children:?} but moves to {moved:?}"
            ));
        }
        if game.primitive(pos).is_none() && game.move_count(pos) as usize != moves {
            return Err(format!(
                "position {pos}: move_count {} but {moves} children",
                game.move_count(pos)
            ));
        }
        children.dedup();
        if children.len() != moves {
            return Err(format!("position {pos}: repeated child"));
        }
        for &child in &children {
            if child >= total {
                return Err(format!("position {pos}: child {child} out of range"));
            }
            parents.clear();
            game.for_each_parent(child, |p| parents.push(p));
            if parents.iter().filter(|&&p| p == pos).count() != 1 {
                return Err(format!(
                    "child {child} of {pos} lists it {} times among its parents",
                    parents.iter().filter(|&&p| p == pos).count()
                ));
            }
        }
        parents.clear();
        game.for_each_parent(pos, |p| parents.push(p));
        if parents.len() > MAX_PARENTS {
            return Err(format!(
                "position {pos}: {} parents, more than MAX_PARENTS",
                parents.len()
            ));
        }
        for &parent in &parents {
            if parent >= total {
                return Err(format!("position {pos}: parent {parent} out of range"));
            }
            if game.primitive(parent).is_some() {
                continue;
            }
            let mut found = false;
            game.for_each_child(parent, |c| found |= c == pos);
            if !found {
                return Err(format!(
                    "parent {parent} of {pos} does not list it among its children"
                ));
            }
        }
    }
    Ok(())
}

/// Checks that [`Game::status`] is [`Game::primitive`]'s value or [`Game::move_count`]'s
/// moves, and that [`Game::for_each_status`] lists exactly those statuses, in order,
/// wherever its range ends: the solver's scan walks slices whose ends fall anywhere. The
/// game is cut into ranges of 1, 2 and 3 positions as well as walked whole.
fn check_statuses<G: Game>(game: &G, total: Position) -> Result<(), String> {
    let expected: Vec<(Position, Status)> = (0..total)
        .map(|pos| match game.primitive(pos) {
            Some(value) => (pos, Status::Over(value)),
            None => (pos, Status::Moves(game.move_count(pos))),
        })
        .collect();
    if let Some(&(pos, status)) = expected.iter().find(|&&(pos, s)| game.status(pos) != s) {
        return Err(format!(
            "position {pos}: status {:?} but primitive and move_count say {status:?}",
            game.status(pos)
        ));
    }
    for len in [total.max(1), 1, 2, 3] {
        let mut walked = Vec::new();
        for from in (0..total).step_by(len as usize) {
            let range = from..(from + len).min(total);
            let before = walked.len();
            game.for_each_status(range.clone(), |pos, status| walked.push((pos, status)));
            if let Some(&(pos, _)) = walked[before..]
                .iter()
                .find(|(pos, _)| !range.contains(pos))
            {
                return Err(format!(
                    "for_each_status over {range:?} lists position {pos}"
                ));
            }
        }
        if walked != expected {
            return Err(format!(
                "for_each_status differs from status when walked {len} positions at a time"
            ));
        }
    }
    Ok(())
}

/// Checks that [`Game::for_each_earlier_tier_move`] over a range lists the moves of the
/// range's positions, no others, in order of position, wherever the range ends: the solver
/// scans a tier in slices whose ends fall anywhere. Each tier is cut into ranges of 1, 2
/// and 3 positions, and what they list together is compared with what the whole tier
/// lists (less primitive positions' moves, which a game may list or leave out).
fn check_tier_ranges<G: Game>(game: &G, tier_ends: &[Position]) -> Result<(), String> {
    let listed = |range: std::ops::Range<Position>| {
        let mut moves = Vec::new();
        game.for_each_earlier_tier_move(range, |pos, child| {
            if game.primitive(pos).is_none() {
                moves.push((pos, child));
            }
        });
        moves
    };
    let mut start = 0;
    for &end in tier_ends {
        let whole = listed(start..end);
        if let Some(w) = whole.windows(2).find(|w| w[0].0 > w[1].0) {
            return Err(format!(
                "moves into the tier before listed out of order: {:?} then {:?}",
                w[0], w[1]
            ));
        }
        for len in 1..=3 {
            let mut cut = Vec::new();
            for from in (start..end).step_by(len as usize) {
                let range = from..(from + len).min(end);
                let moves = listed(range.clone());
                if let Some(&(pos, _)) = moves.iter().find(|(pos, _)| !range.contains(pos)) {
                    return Err(format!(
                        "moves into the tier before listed over {range:?} include position {pos}'s"
                    ));
                }
                cut.extend(moves);
            }
            if cut != whole {
                return Err(format!(
                    "moves into the tier before of {start}..{end} differ when listed {len} positions at a time"
                ));
            }
        }
        start = end;
    }
    Ok(())
}

/// Checks the tier contract of [`Game`] for `pos`: its children lie in its tier or the
/// one before, [`Game::for_each_earlier_tier_move`] lists exactly the moves into the tier
/// before (of a non-primitive `pos`), and [`Game::for_each_tier_parent`] lists only
/// parents of its tier, and every one of them that [`Game::for_each_parent`] lists and
/// that is not primitive.
fn check_tiers<G: Game>(game: &G, tier_ends: &[Position], pos: Position) -> Result<(), String> {
    let tier_of = |p: Position| tier_ends.partition_point(|&end| end <= p);
    let tier = tier_of(pos);
    let mut earlier = Vec::new();
    if game.primitive(pos).is_none() {
        let mut children = Vec::new();
        game.for_each_child(pos, |c| children.push(c));
        for &child in &children {
            if tier_of(child) != tier && tier_of(child) + 1 != tier {
                return Err(format!(
                    "child {child} of {pos} (tier {tier}) is in tier {}",
                    tier_of(child)
                ));
            }
        }
        children.retain(|&c| tier_of(c) != tier);
        let mut from = Vec::new();
        game.for_each_earlier_tier_move(pos..pos + 1, |p, c| {
            from.push(p);
            earlier.push(c);
        });
        if from.iter().any(|&p| p != pos) {
            return Err(format!("moves listed for {pos} come from {from:?}"));
        }
        children.sort_unstable();
        earlier.sort_unstable();
        if earlier != children {
            return Err(format!(
                "position {pos}: children in the tier before {children:?}, listed {earlier:?}"
            ));
        }
    }
    let mut listed = Vec::new();
    game.for_each_tier_parent(pos, |p| listed.push(p));
    if let Some(&outside) = listed.iter().find(|&&p| tier_of(p) != tier) {
        return Err(format!(
            "tier parent {outside} of {pos} is outside tier {tier}"
        ));
    }
    let mut expected = Vec::new();
    game.for_each_parent(pos, |p| expected.push(p));
    expected.retain(|&p| tier_of(p) == tier && game.primitive(p).is_none());
    listed.retain(|&p| game.primitive(p).is_none());
    expected.sort_unstable();
    listed.sort_unstable();
    if listed != expected {
        return Err(format!(
            "position {pos}: parents in its tier {expected:?}, listed {listed:?}"
        ));
    }
    Ok(())
}

/// Checks the layering contract of [`LayeredGame`] on every position (not the score
/// bound). Returns a description of the first violation; meant for tests.
pub fn check_layers<G: LayeredGame>(game: &G) -> Result<(), String> {
    let total = u32::try_from(game.num_positions()).map_err(|_| "too many positions")?;
    if game.start() >= total {
        return Err(format!("start {} out of range", game.start()));
    }
    let mut walked = Vec::new();
    game.for_each_layer(0..total, |pos, layer| walked.push((pos, layer)));
    if walked.len() != total as usize {
        return Err(format!("for_each_layer walked {} positions", walked.len()));
    }
    let mut children = Vec::new();
    for (pos, walked_layer) in (0..total).zip(walked) {
        let layer = game.layer(pos);
        if walked_layer != (pos, layer) {
            return Err(format!(
                "position {pos}: layer {layer}, but for_each_layer says {walked_layer:?}"
            ));
        }
        if layer >= game.num_layers() {
            return Err(format!("position {pos}: layer {layer} out of range"));
        }
        children.clear();
        game.for_each_move(pos, |_, child, _| children.push(child));
        let moves = children.len();
        children.sort_unstable();
        children.dedup();
        if children.len() != moves {
            return Err(format!("position {pos}: repeated child"));
        }
        for &child in &children {
            if child >= total {
                return Err(format!("position {pos}: child {child} out of range"));
            }
            if game.layer(child) != layer + 1 {
                return Err(format!(
                    "position {pos} in layer {layer}: child {child} in layer {}",
                    game.layer(child)
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::layered::Score;
    use crate::game::{Move, Player, Value};

    /// A promise of [`Game`] that a [`Star`] breaks.
    #[derive(Clone, Copy, PartialEq)]
    enum Fault {
        None,
        /// Position 0 does not list its last parent.
        ForgottenParent,
        /// The tier ends stop one short of the positions.
        ShortTiers,
        /// Two tiers, and the moves into the first are not listed.
        UnlistedEarlierMoves,
        /// Position 1's status counts a move it does not have.
        WrongStatus,
        /// `for_each_status` over a range with an odd end also lists the position at
        /// its end.
        StatusPastRange,
    }

    /// Positions `1..=parents` each move to position 0, which has lost: position 0 has
    /// `parents` parents.
    struct Star {
        parents: u32,
        fault: Fault,
    }

    // SAFETY: never handed to a solver; the faulty stars exist to be caught by the checker.
    unsafe impl Game for Star {
        fn num_positions(&self) -> usize {
            self.parents as usize + 1
        }
        fn start(&self) -> Position {
            self.parents
        }
        fn to_move(&self, _: Position) -> Player {
            Player::First
        }
        fn primitive(&self, pos: Position) -> Option<Value> {
            (pos == 0).then_some(Value::Lose)
        }
        fn for_each_move(&self, _: Position, mut f: impl FnMut(Move, Position)) {
            f(Move { from: 0, to: 0 }, 0);
        }
        fn for_each_parent(&self, pos: Position, f: impl FnMut(Position)) {
            let last = self.parents - u32::from(self.fault == Fault::ForgottenParent);
            if pos == 0 {
                (1..=last).for_each(f);
            }
        }
        fn tier_ends(&self) -> Vec<Position> {
            let total = self.parents + 1;
            match self.fault {
                Fault::ShortTiers => vec![total - 1],
                Fault::UnlistedEarlierMoves => vec![1, total],
                _ => vec![total],
            }
        }
        fn for_each_tier_parent(&self, pos: Position, f: impl FnMut(Position)) {
            if self.fault != Fault::UnlistedEarlierMoves {
                self.for_each_parent(pos, f);
            }
        }
        fn status(&self, pos: Position) -> Status {
            match self.primitive(pos) {
                Some(value) => Status::Over(value),
                None if self.fault == Fault::WrongStatus && pos == 1 => Status::Moves(2),
                None => Status::Moves(self.move_count(pos)),
            }
        }
        fn for_each_status(
            &self,
            range: std::ops::Range<Position>,
            mut f: impl FnMut(Position, Status),
        ) {
            let mut end = range.end;
            if self.fault == Fault::StatusPastRange {
                end = (end + (end & 1)).min(self.parents + 1);
            }
            for pos in range.start..end {
                f(pos, self.status(pos));
            }
        }
    }

    /// What the checker says of a star of `parents` parents with `fault`.
    fn check(parents: usize, fault: Fault) -> Result<(), String> {
        let parents = parents as u32;
        check_children_parents(&Star { parents, fault })
    }

    /// Position `i` of `rungs` in layer `i` moves to `i + 1`, or, with `skip`, position 0
    /// to position 2, past a layer.
    struct Ladder {
        rungs: u32,
        skip: bool,
    }

    impl LayeredGame for Ladder {
        fn num_positions(&self) -> usize {
            self.rungs as usize
        }
        fn num_layers(&self) -> usize {
            self.rungs as usize
        }
        fn layer(&self, pos: Position) -> usize {
            pos as usize
        }
        fn start(&self) -> Position {
            0
        }
        fn to_move(&self, layer: usize) -> Player {
            Player::from_parity(layer as u32)
        }
        fn for_each_move(&self, pos: Position, mut f: impl FnMut(Move, Position, Score)) {
            let child = pos + 1 + u32::from(self.skip && pos == 0);
            if child < self.rungs {
                f(Move { from: 0, to: 0 }, child, 1);
            }
        }
    }

    #[test]
    fn a_move_past_a_layer_is_named() {
        assert_eq!(
            check_layers(&Ladder {
                rungs: 4,
                skip: false
            }),
            Ok(())
        );
        let error = check_layers(&Ladder {
            rungs: 4,
            skip: true,
        })
        .unwrap_err();
        assert_eq!(error, "position 0 in layer 0: child 2 in layer 2");
    }

    #[test]
    fn a_position_may_have_max_parents_parents_and_no_more() {
        assert_eq!(check(MAX_PARENTS, Fault::None), Ok(()));
        let error = check(MAX_PARENTS + 1, Fault::None).unwrap_err();
        assert!(error.contains("more than MAX_PARENTS"), "{error}");
    }

    #[test]
    fn each_broken_promise_is_named() {
        for (fault, words) in [
            (Fault::ForgottenParent, "among its parents"),
            (Fault::ShortTiers, "do not rise to"),
            (
                Fault::UnlistedEarlierMoves,
                "children in the tier before [0], listed []",
            ),
            (
                Fault::WrongStatus,
                "position 1: status Moves(2) but primitive and move_count say Moves(1)",
            ),
            (Fault::StatusPastRange, "over 0..1 lists position 1"),
        ] {
            let error = check(3, fault).unwrap_err();
            assert!(error.contains(words), "{error}");
        }
    }
}
