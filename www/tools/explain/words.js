// A proof in words, as the Explain tool writes it: the one fact that decides each step of the
// line of best play, what an alternative brings and the answer to it, the title, the proof's
// size as it is counted, and a move by its one name (words/movenames.js) — tableau's stones
// with the points they score. Plain functions of the game and the engine's moves; no DOM.

import { moveName, movesLeft, outcomeWords } from '../../words/movenames.js';
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
 * The one fact that decides a step of the line of best play: why its move is the one best
 * play makes. A win moves to a position lost for the other side; a loss has no move that
 * does not lose, and the move holds out longest; a tie keeps the tie where every other move
 * loses or ties too; a placement scores the most difference there is.
 * @param {Game} game
 * @param {{toMove: number, move: any, moves: any[]}} step  who moves, the line's move (of
 *   `Lab.moves`: its outcome for the mover, counting the move), every move of the position
 *   (`Lab.moves`, best first)
 */
export function stepFact(game, { toMove, move, moves }) {
  const other = game.sides[1 - toMove];
  const o = move.outcome;
  if (game.kind === 'scored') {
    const next = moves.find((m) => m !== moves[0] && m.outcome);
    const fromMover = (/** @type {any} */ m) => (toMove === 0 ? m.outcome.score : -m.outcome.score);
    if (!next) return 'its only placement';
    const by = fromMover(moves[0]) - fromMover(next);
    return by === 0 ? 'as good as the next best placement' : `${plural(by, 'point')} better than the next best placement`;
  }
  const left = movesLeft(o) ?? 0;
  if (o.value === 'win') return left === 0 ? `ends the game: ${other} has lost` : `moves to a position lost for ${other} in ${plural(left, 'move')}`;
  if (o.value === 'lose') {
    const lasts = left === 0 ? `${other} wins at once` : `${other} wins in ${plural(left, 'more move')}`;
    if (moves.length === 1) return `its only move loses: ${lasts}`;
    const asLong = moves.filter((m) => m.outcome?.value === 'lose' && m.outcome.remoteness === o.remoteness).length;
    return `${moves.length === 2 ? 'both moves lose' : `all ${moves.length} moves lose`}: ${asLong > 1 ? 'none lasts longer' : 'this one lasts longest'}, ${lasts}`;
  }
  const losing = moves.filter((m) => m.outcome?.value === 'lose').length;
  if (losing === 0) return moves.length === 1 ? 'keeps the tie: its only move' : `keeps the tie: all ${moves.length} moves do`;
  return `keeps the tie: ${losing} of its ${plural(moves.length, 'move')} lose`;
}

/**
 * What an alternative of a step brings, and the answer to it: "Black wins in 4 more moves ·
 * answer: Red (9,2)→(9,1)"; tableau "ends at 3 · reply: Second (1,2)".
 * @param {Game} game
 * @param {number} cols
 * @param {{toMove: number, soFar: number}} step  who moves, tableau's points before the step
 * @param {any} move  one of `Lab.moves` of the step's position
 * @param {any} reply  the best move from where it leads (`Lab.moves` of its child, first), if any
 */
export function alternativeWords(game, cols, { toMove, soFar }, move, reply) {
  const mover = game.sides[toMove];
  const other = game.sides[1 - toMove];
  const answer = reply ? ` · ${game.kind === 'scored' ? 'reply' : reply.outcome?.value === 'win' ? 'answer' : 'best reply'}: ${moveWords(game, cols, reply, 1 - toMove)}` : '';
  if (game.kind === 'scored') return `ends at ${soFar + move.outcome.score}${answer}`;
  return `${outcomeWords(move.outcome, mover, other)}${answer}`;
}

/**
 * The proof's title, from its root: who moves and what the position is worth.
 * @param {Game} game
 * @param {{toMove: number, outcome: any}} root
 */
export function titleOf(game, { toMove, outcome: o }) {
  const mover = game.sides[toMove];
  if (game.kind === 'scored') return `${mover} to move: best play ends at ${o.score} (first − second from here) — why`;
  if (o.value === 'tie') return `${mover} to move: a tie — why neither side can force a win`;
  return `${mover} to move ${valueWords(o)} — why`;
}

/**
 * The sentence under the title: what the line below shows and what each of its facts says.
 * @param {Game} game
 * @param {{toMove: number, outcome: any}} root
 */
export function summaryOf(game, { toMove, outcome: o }) {
  const open = 'Open a move (▸) for the others there.';
  if (game.kind === 'scored') return `Each placement scores the most difference there is against the best replies. ${open}`;
  if (o.value === 'tie') return `Best play runs into a cycle: each move keeps the tie, and the moves that leave it lose. ${open}`;
  if (o.remoteness === 0) return 'The game is over here: no move is left to explain.';
  const winner = game.sides[o.value === 'win' ? toMove : 1 - toMove];
  const loser = game.sides[o.value === 'win' ? 1 - toMove : toMove];
  return `Each move of ${winner} goes to a position lost for ${loser}; every move ${loser} has loses, and the one shown holds out longest. ${open}`;
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
