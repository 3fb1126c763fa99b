//! The strategy proof of a position, built lazily as a person browses it.
//!
//! A node is a position with its worth; expanding it adds the moves the proof shows
//! below it ([`shown`]): a won position's best move (to a position lost for the other
//! side, one move closer to the end), a lost position's every move (each to a position
//! won for the other side), a tie's every move (those that keep the tie, then the ways
//! out), a scored position's every placement, best first. Each child comes with the best
//! move from there — the winner's reply, the refutation of a placement — so a person sees
//! a move and its answer together.
//!
//! A position reached along two lines is one node (the proof is a DAG): the second edge
//! to it is marked as reached again, and the proof counts distinct positions. Nothing is
//! built before it is asked for, so a proof of a 16×16 board opens at once; its full size
//! is counted separately, a slice at a time ([`super::walk`]).

use std::collections::HashMap;

use super::{decided, solved, ExplainError, Follow};
use crate::analysis::{Analysis, MoveView, Worth};
use crate::game::layered::Score;
use crate::game::{Move, Player, Position, Value};

/// A position in the proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The position.
    pub position: Position,
    /// Who moves there.
    pub to_move: Player,
    /// Its worth for the side to move (scored games: the first player's points minus the
    /// second's from there on).
    pub worth: Worth,
    /// The moves shown below it once expanded, best first; `None` until then.
    pub children: Option<Vec<Child>>,
}

/// A move of the proof, from a node to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    /// The move.
    pub mv: Move,
    /// Scored games: what the move itself scores for the first player.
    pub gain: Option<Score>,
    /// The node it leads to (an index into [`Proof::nodes`]).
    pub node: usize,
    /// True when this move added the node; false when the position was already in the
    /// proof — reached again along another line (a transposition).
    pub first: bool,
    /// The best move from the position it leads to: the winner's reply to a loser's
    /// move, the refutation of a placement; `None` when the game is over there.
    pub reply: Option<MoveView>,
}

/// The moves a proof shows below a position worth `worth`: a win's best move, every move
/// of anything else (a tie's ways out too, so that they can be followed).
pub fn shown(worth: Worth) -> Follow {
    match worth {
        Worth::Valued(o) if o.value == Value::Win => Follow::Best,
        _ => Follow::All,
    }
}

/// A proof as far as it has been browsed.
#[derive(Clone, Debug, Default)]
pub struct Proof {
    nodes: Vec<Node>,
    ids: HashMap<Position, usize>,
}

impl Proof {
    /// The proof of `root`, nothing expanded yet: one node.
    ///
    /// # Errors
    /// If the analysis is not finished or `root` is no position of it.
    pub fn new(analysis: &dyn Analysis, root: Position) -> Result<Proof, ExplainError> {
        let mut proof = Proof::default();
        proof.add(solved(analysis)?, root)?;
        Ok(proof)
    }

    /// The nodes, in the order they were added (node 0 is the root).
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// Distinct positions in the proof so far.
    pub fn positions(&self) -> usize {
        self.nodes.len()
    }

    /// Expands node `id` (once; later calls return the same children) and returns its
    /// children.
    ///
    /// # Errors
    /// If there is no node `id`, or `analysis` is not the finished analysis the proof
    /// was made for.
    pub fn expand(&mut self, analysis: &dyn Analysis, id: usize) -> Result<&[Child], ExplainError> {
        let node = self.nodes.get(id).ok_or(ExplainError::NoNode(id))?;
        if node.children.is_none() {
            let (position, worth) = (node.position, node.worth);
            if solved(analysis)?.outcome(position) != Some(worth) {
                return Err(ExplainError::OtherAnalysis);
            }
            let moves = super::followed(analysis.moves(position), shown(worth));
            let mut children = Vec::with_capacity(moves.len());
            for m in moves {
                let known = self.ids.get(&m.child).copied();
                let node = match known {
                    Some(node) => node,
                    None => self.add(analysis, m.child)?,
                };
                children.push(Child {
                    mv: m.mv,
                    gain: m.gain,
                    node,
                    first: known.is_none(),
                    reply: analysis.moves(m.child).into_iter().next(),
                });
            }
            self.nodes[id].children = Some(children);
        }
        Ok(self.nodes[id].children.as_deref().unwrap_or_default())
    }

    /// Adds `pos` as a new node; returns its index.
    fn add(&mut self, analysis: &dyn Analysis, pos: Position) -> Result<usize, ExplainError> {
        let (worth, to_move) = decided(analysis, pos)?;
        let id = self.nodes.len();
        self.nodes.push(Node {
            position: pos,
            to_move,
            worth,
            children: None,
        });
        self.ids.insert(pos, id);
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Built;
    use crate::explain::testing::{solved, RIVER_SAMPLES};
    use crate::Outcome;

    fn valued(worth: Worth) -> Outcome {
        match worth {
            Worth::Valued(o) => o,
            Worth::Scored(_) => panic!("a win/lose game"),
        }
    }

    /// Expands every node reachable from the root, each once: the whole proof.
    fn expand_all(analysis: &dyn Analysis, proof: &mut Proof) {
        let mut next = 0;
        while next < proof.positions() {
            proof.expand(analysis, next).unwrap();
            next += 1;
        }
    }

    /// The naive proof: every position reachable from `root` by the rule "a win's first
    /// move in the engine's order, every move of anything else", by plain recursion over
    /// the game's moves.
    fn naive(analysis: &dyn Analysis, root: Position) -> std::collections::BTreeSet<Position> {
        let mut seen = std::collections::BTreeSet::new();
        let mut stack = vec![root];
        while let Some(pos) = stack.pop() {
            if !seen.insert(pos) {
                continue;
            }
            let moves = analysis.moves(pos);
            let win =
                matches!(analysis.outcome(pos), Some(Worth::Valued(o)) if o.value == Value::Win);
            let take = if win { 1 } else { moves.len() };
            stack.extend(moves.iter().take(take).map(|m| m.child));
        }
        seen
    }

    #[test]
    fn a_win_shows_its_best_move_and_a_loss_every_move_with_the_reply() {
        // Sample 2, "Black 2": red to move loses in 2; every red move lets black capture.
        let analysis = solved("river", RIVER_SAMPLES[1]);
        let start = analysis.start();
        let mut proof = Proof::new(&*analysis, start).unwrap();
        assert_eq!(proof.positions(), 1);
        let root = &proof.nodes()[0];
        assert_eq!(
            (root.to_move, valued(root.worth)),
            (
                Player::First,
                Outcome {
                    value: Value::Lose,
                    remoteness: 2
                }
            )
        );
        let children = proof.expand(&*analysis, 0).unwrap().to_vec();
        assert_eq!(children.len(), analysis.moves(start).len());
        assert_eq!(
            children.len(),
            4,
            "(2,1)→(3,1), (2,1)→(2,2), (2,3)→(3,3), (2,3)→(2,2)"
        );
        for child in &children {
            let node = &proof.nodes()[child.node];
            assert_eq!(node.to_move, Player::Second);
            assert_eq!(
                valued(node.worth),
                Outcome {
                    value: Value::Win,
                    remoteness: 1
                }
            );
            let reply = child.reply.expect("black captures");
            assert_eq!(
                reply.worth,
                Some(Worth::Valued(Outcome {
                    value: Value::Win,
                    remoteness: 1
                }))
            );
            // The win shows exactly that reply.
            let below = proof.expand(&*analysis, child.node).unwrap().to_vec();
            assert_eq!(below.len(), 1);
            assert_eq!(
                (below[0].mv, proof.nodes()[below[0].node].position),
                (reply.mv, reply.child)
            );
            let end = proof.nodes()[below[0].node].clone();
            assert_eq!(
                valued(end.worth),
                Outcome {
                    value: Value::Lose,
                    remoteness: 0
                }
            );
            assert!(
                proof.expand(&*analysis, below[0].node).unwrap().is_empty(),
                "the game is over"
            );
        }
        assert_eq!(
            proof.expand(&*analysis, 0).unwrap(),
            children,
            "expanding twice changes nothing"
        );
    }

    #[test]
    fn the_whole_proof_is_the_naive_closure_and_transpositions_merge() {
        for text in RIVER_SAMPLES {
            let analysis = solved("river", text);
            let mut proof = Proof::new(&*analysis, analysis.start()).unwrap();
            expand_all(&*analysis, &mut proof);
            let built: std::collections::BTreeSet<Position> =
                proof.nodes().iter().map(|n| n.position).collect();
            assert_eq!(
                built.len(),
                proof.positions(),
                "{text}: one node per position"
            );
            assert_eq!(built, naive(&*analysis, analysis.start()), "{text}");
            // Every edge to a node but the first is marked as reached again.
            let mut firsts = vec![0; proof.positions()];
            for node in proof.nodes() {
                for child in node.children.as_ref().unwrap() {
                    firsts[child.node] += usize::from(child.first);
                }
            }
            assert_eq!(firsts[0], 0, "{text}: nothing leads to the root");
            assert!(firsts[1..].iter().all(|&n| n == 1), "{text}");
        }
        // Sample 5 (Red 75) has transpositions: more edges than nodes below the root.
        let analysis = solved("river", RIVER_SAMPLES[4]);
        let mut proof = Proof::new(&*analysis, analysis.start()).unwrap();
        expand_all(&*analysis, &mut proof);
        let again = proof
            .nodes()
            .iter()
            .flat_map(|n| n.children.as_ref().unwrap())
            .filter(|c| !c.first)
            .count();
        assert!(again > 0, "a 75-move proof reaches positions twice");
    }

    #[test]
    fn each_edge_goes_one_step_closer_to_the_end() {
        let analysis = solved("river", RIVER_SAMPLES[4]);
        let mut proof = Proof::new(&*analysis, analysis.start()).unwrap();
        expand_all(&*analysis, &mut proof);
        for node in proof.nodes() {
            let o = valued(node.worth);
            let children = node.children.as_ref().unwrap();
            for child in children {
                let c = valued(proof.nodes()[child.node].worth);
                assert_eq!(c.value, -o.value, "a win leads to a loss and back");
                assert!(c.remoteness < o.remoteness);
            }
            if o.value == Value::Win {
                assert_eq!(children.len(), 1);
                assert_eq!(
                    valued(proof.nodes()[children[0].node].worth).remoteness + 1,
                    o.remoteness
                );
            } else if o.remoteness > 0 {
                let slowest = children
                    .iter()
                    .map(|c| valued(proof.nodes()[c.node].worth).remoteness)
                    .max();
                assert_eq!(slowest, Some(o.remoteness - 1));
            }
        }
    }

    #[test]
    fn a_tie_shows_every_move_and_a_placement_its_refutation() {
        let analysis = solved("river", RIVER_SAMPLES[3]);
        let mut proof = Proof::new(&*analysis, analysis.start()).unwrap();
        let children = proof.expand(&*analysis, 0).unwrap().to_vec();
        assert_eq!(children.len(), analysis.moves(analysis.start()).len());
        let values: Vec<Value> = children
            .iter()
            .map(|c| valued(proof.nodes()[c.node].worth).value)
            .collect();
        assert!(values.contains(&Value::Tie));
        assert!(!values.contains(&Value::Lose), "a tie has no winning move");

        let text = "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n";
        let tableau = solved("tableau", text);
        let mut proof = Proof::new(&*tableau, tableau.start()).unwrap();
        assert_eq!(proof.nodes()[0].worth, Worth::Scored(2));
        let first = proof.expand(&*tableau, 0).unwrap().to_vec();
        assert_eq!(first.len(), 1, "the empty board has one legal cell");
        // After (1,1), the second player's two placements: (1,2) ends at 2, (2,1) at 5.
        let second = proof.expand(&*tableau, first[0].node).unwrap().to_vec();
        let ends: Vec<Score> = second
            .iter()
            .map(|c| match proof.nodes()[c.node].worth {
                Worth::Scored(s) => c.gain.unwrap() + s,
                Worth::Valued(_) => panic!("scored"),
            })
            .collect();
        assert_eq!(
            ends.iter().map(|e| e + 2).collect::<Vec<_>>(),
            [2, 5],
            "best first for the second player"
        );
        for c in &second {
            let reply = c.reply.expect("the board is not full");
            assert_eq!(
                Some(reply),
                tableau
                    .moves(proof.nodes()[c.node].position)
                    .first()
                    .copied()
            );
        }
    }

    #[test]
    fn unsolved_analyses_and_foreign_nodes_are_errors() {
        let unsolved = Built::parse("river", RIVER_SAMPLES[1]).unwrap().analysis();
        assert_eq!(
            Proof::new(&*unsolved, unsolved.start()).err(),
            Some(ExplainError::Unsolved)
        );
        let analysis = solved("river", RIVER_SAMPLES[1]);
        let past = analysis.num_positions() as Position;
        assert!(matches!(
            Proof::new(&*analysis, past),
            Err(ExplainError::Analysis(_))
        ));
        let mut proof = Proof::new(&*analysis, analysis.start()).unwrap();
        assert_eq!(
            proof.expand(&*analysis, 1).err(),
            Some(ExplainError::NoNode(1))
        );
        let other = solved("river", RIVER_SAMPLES[4]);
        assert_eq!(
            proof.expand(&*other, 0).err(),
            Some(ExplainError::OtherAnalysis)
        );
    }
}
