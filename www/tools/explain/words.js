// A proof in words, as the Explain tool writes it: a node's lines (who moves and what it is
// worth, the move into it, the best reply from it), the proof's title, its size as it is
// counted, and a move by its one name (words/movenames.js) — tableau's stones with the points
// they score. Plain functions of the game and the engine's nodes; no DOM.

import { moveName } from '../../words/movenames.js';
import { count, plural } from '../../words/text.js';

/**
 * @typedef {import('../../games/define.js').Game} Game
 */

/**
 * A move of side `toMove` by its one name; a stone with the points it scores.
 * @param {Game} game
 * @param {number} cols  the board's columns
 * @param {{from: number, to: number, gain?: number}} move
 * @param {number} toMove
 */
export function moveWords(game, cols, move, toMove) {
  const name = moveName(game, cols, move, toMove);
  return game.kind === 'scored' && move.gain ? `${name} +${Math.abs(move.gain)}` : name;
}

/**
 * A valued outcome (a game with pieces: win, lose or tie) for the side to move, in words.
 * @param {{value: 'win' | 'lose' | 'tie', remoteness: number}} o
 */
export function valueWords(o) {
  if (o.value === 'tie') return 'tie: neither side can force a win';
  if (o.remoteness === 0) return o.value === 'win' ? 'has won: the game is over' : 'has lost: the game is over';
  return `${o.value === 'win' ? 'wins' : 'loses'} in ${plural(o.remoteness, 'move')}`;
}

/**
 * `[class, text]` lines of a node: who moves and what it is worth, the move into it, the best
 * reply from it. `soFar` is tableau's first − second up to the node; `leaf` says the game is over there.
 * @param {Game} game
 * @param {number} cols
 * @param {{node: any, edge: any, soFar: number}} model
 * @param {boolean} leaf
 * @returns {[string, string][]}
 */
export function nodeWords(game, cols, { node, edge, soFar }, leaf) {
  const mover = game.sides[node.toMove];
  /** @type {[string, string][]} */
  const lines = [];
  if (game.kind === 'scored') {
    const final = soFar + node.outcome.score;
    lines.push(['proof-value', leaf ? `Board full: ends at ${final}` : `${mover} to move · best play ends at ${final}`]);
    if (edge) lines.push(['proof-move', `after ${moveWords(game, cols, edge, 1 - node.toMove)}`]);
    if (edge?.reply && !leaf) lines.push(['proof-reply', `best reply: ${moveWords(game, cols, edge.reply, node.toMove)}`]);
    return lines;
  }
  lines.push(['proof-value', `${mover} to move · ${valueWords(node.outcome)}`]);
  if (edge) lines.push(['proof-move', `after ${moveWords(game, cols, edge, 1 - node.toMove)}`]);
  const reply = edge?.reply;
  if (reply && !leaf) {
    const what = reply.outcome.value === 'win' ? 'answer' : reply.outcome.value === 'tie' ? 'keeping the tie' : 'longest hold-out';
    lines.push(['proof-reply', `${what}: ${moveWords(game, cols, reply, node.toMove)}`]);
  }
  return lines;
}

/**
 * The proof's title, from its root node.
 * @param {Game} game
 * @param {any} node
 */
export function titleOf(game, node) {
  const mover = game.sides[node.toMove];
  if (game.kind === 'scored') return `${mover} to move: best play ends at ${node.outcome.score} (first − second from here) — the proof`;
  const o = node.outcome;
  if (o.value === 'tie') return `${mover} to move: a tie — why neither side can force a win`;
  return `${mover} to move ${valueWords(o)} — the proof`;
}

/**
 * The proof's size as counted so far (`ProofWalk.runFor`'s progress `p`), from its root node.
 * @param {Game} game
 * @param {any} root
 * @param {{positions: number, moves: number, done: boolean, longest?: number}} p
 */
export function sizeWords(game, root, p) {
  const size = `${plural(p.positions, 'position', count)} and ${plural(p.moves, 'move', count)}`;
  if (!p.done) return `Counting the whole proof: ${size} so far…`;
  if (game.kind === 'scored') {
    return `The proof — the first player’s strategy that makes at least ${root.outcome.score} and the second’s that holds it to at most that — has ${size}.`;
  }
  if (root.outcome.value === 'tie') return `The tie region reachable from here — the ties best play can reach, both sides keeping the tie — has ${size}.`;
  const line = p.longest === undefined ? '' : `; the loser’s longest line in it is ${plural(p.longest, 'move')}`;
  return `This proof has ${size}${line}.`;
}
